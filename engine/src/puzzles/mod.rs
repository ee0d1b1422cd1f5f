//! Puzzles (задачи) from real play (feature `puzzles`): positions where the side to move has
//! exactly one winning combination, found and re-verified by the search, and the puzzle-set
//! file that carries them.
//!
//! Data flows one way: a [`Finder`] (an [`Engine`](crate::Engine) and [`FindSettings`]) looks
//! at one position ([`Finder::find`]) and, when it holds a unique combination, returns a
//! [`Puzzle`]: its position, the solution line (the player's moves and the forced replies), its
//! [`Theme`] and how deep the engine had to look. [`Finder::verify`] checks a puzzle again,
//! usually with a deeper search. A [`PuzzleSet`] is a list of puzzles written to and read from
//! JSON (format `shashki-puzzles`, version [`FORMAT_VERSION`]); reading checks every FEN and
//! replays every move, and a bad file is a [`PuzzleSetError`] that says where (file, line,
//! column, puzzle). The command-line program builds and verifies sets (`shashki puzzles`); the
//! game only reads them and compares the player's moves with [`Puzzle::solution`].
//!
//! What counts as a puzzle (all decided by search, with the engine's tablebases when it has
//! them):
//! - the position has at least two legal moves;
//! - the best root move *wins*: a forced win, or a score at least [`FindSettings::min_gain`]
//!   above the position's material balance; and its line, played out until the gain is on the
//!   board and the opponent has no capture left, wins at least that much material (a man; a
//!   king counts three men, so making one counts) or ends the game;
//! - no other root move wins, and the best one is at least [`FindSettings::gap`] better than
//!   the second best; every later move of the player's in the line is unique the same way (so
//!   the game can hold the player to the line);
//! - it is not trivially forced: the line has at least three plies and the material is not
//!   already won by the first move (a plain capture of a loose piece).
//!
//! ```
//! use shashki::puzzles::{FindSettings, Finder, Theme};
//! use shashki::{Engine, EngineConfig, Notation, Position};
//!
//! let mut config = EngineConfig::default();
//! config.hash_mb = 4;
//! let finder = Finder::new(Engine::new(config), FindSettings::with_depth(8));
//! // Black gives the g5 man; whichever man takes it, h4 takes three.
//! let position: Position = "B:Wc5,e5,e3,h2:Ba7,a5,g5,h4".parse()?;
//! let puzzle = finder.find(&position).expect("a shot");
//! assert_eq!(puzzle.theme, Theme::Shot);
//! assert!(puzzle.solution_text(Notation::Algebraic).starts_with("1... g5-f4"));
//! assert!(finder.find(&Position::start()).is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod find;
mod puzzle;
mod set;
#[cfg(test)]
mod tests;

pub use find::{FindSettings, Finder, Verdict, material};
pub use puzzle::{Puzzle, Theme};
pub use set::{FORMAT_NAME, FORMAT_VERSION, PuzzleSet, PuzzleSetError};
