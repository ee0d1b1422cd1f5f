//! Puzzles (задачи) from real play: positions where the side to move has exactly one winning
//! combination, found and re-verified by the search, and the puzzle-set file that carries them.
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
mod set;
#[cfg(test)]
mod tests;

pub use find::{FindSettings, Finder, Verdict, material};
pub use set::{FORMAT_NAME, FORMAT_VERSION, PuzzleSet, PuzzleSetError};

use crate::formats::Notation;
use crate::rules::{Color, Move, Position};

/// What kind of combination a puzzle is, as Russian draughts literature names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Theme {
    /// Удар (a shot): the player gives material away and then takes more with a multiple capture.
    Shot,
    /// Прорыв в дамки (a breakthrough): the line makes a king.
    Breakthrough,
    /// Ловушка (a trap): a quiet first move after which the opponent cannot avoid losing material.
    Trap,
    /// Комбинация: any other forced win of material.
    Combination,
}

impl Theme {
    /// Every theme, in the order above.
    pub const ALL: [Theme; 4] = [
        Theme::Shot,
        Theme::Breakthrough,
        Theme::Trap,
        Theme::Combination,
    ];

    /// The theme's name in the file (`"shot"`, `"breakthrough"`, `"trap"`, `"combination"`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::Breakthrough => "breakthrough",
            Theme::Trap => "trap",
            Theme::Combination => "combination",
        }
    }

    /// Its Russian name (`"удар"`, `"прорыв в дамки"`, `"ловушка"`, `"комбинация"`).
    #[must_use]
    pub const fn russian(self) -> &'static str {
        match self {
            Theme::Shot => "удар",
            Theme::Breakthrough => "прорыв в дамки",
            Theme::Trap => "ловушка",
            Theme::Combination => "комбинация",
        }
    }

    /// The theme named `id` in a file ([`Theme::id`]).
    #[must_use]
    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// One puzzle: a position, the side to move wins by the solution line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The position; the side to move is the player's.
    pub position: Position,
    /// The solution: the player's moves at even indices, the opponent's forced replies at odd
    /// ones; it ends with a move of the player's.
    pub solution: Vec<Move>,
    /// What kind of combination it is.
    pub theme: Theme,
    /// The shallowest search depth (plies, nominal) at which the engine chose the first move
    /// and saw the win, with an empty transposition table.
    pub depth: u32,
    /// How hard it is, 1 (easy) to 5, from [`Puzzle::depth`].
    pub difficulty: u8,
    /// The material the line wins, in centi-men (a man 100, a king 300; a won game counts as
    /// the material left).
    pub gain: i32,
    /// Where it comes from (a game and move), if known.
    pub source: Option<String>,
}

impl Puzzle {
    /// The player's colour (the side to move in [`Puzzle::position`]).
    #[must_use]
    pub const fn player(&self) -> Color {
        self.position.side_to_move()
    }

    /// The position after the first `plies` moves of the solution (clamped to its length).
    #[must_use]
    pub fn position_after(&self, plies: usize) -> Position {
        let mut position = self.position;
        for mv in self.solution.iter().take(plies) {
            position = position.play_unchecked(mv);
        }
        position
    }

    /// Whether the move at index `ply` of the solution is the player's (even indices).
    #[must_use]
    pub const fn is_player_ply(ply: usize) -> bool {
        ply.is_multiple_of(2)
    }

    /// The number of moves the player makes in the solution.
    #[must_use]
    pub fn player_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The solution written out with move numbers from the puzzle's position
    /// (`1. c3-d4 e5:c3 2. b2:d4:f6`, Black's first move as `1... f6-g5`).
    #[must_use]
    pub fn solution_text(&self, notation: Notation) -> String {
        let mut position = self.position;
        let mut parts = Vec::with_capacity(self.solution.len() + self.player_moves());
        for (ply, mv) in self.solution.iter().enumerate() {
            let number = 1 + (ply + usize::from(self.player() == Color::Black)) / 2;
            if position.side_to_move() == Color::White {
                parts.push(format!("{number}."));
            } else if ply == 0 {
                parts.push(format!("{number}..."));
            }
            parts.push(position.write_move(mv, notation));
            position = position.play_unchecked(mv);
        }
        parts.join(" ")
    }

    /// The difficulty (1..=5) of a puzzle the engine solved at `depth`.
    #[must_use]
    pub const fn difficulty_of_depth(depth: u32) -> u8 {
        match depth {
            0..=2 => 1,
            3..=4 => 2,
            5..=6 => 3,
            7..=8 => 4,
            _ => 5,
        }
    }
}
