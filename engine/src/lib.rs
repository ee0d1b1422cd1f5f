//! # shashki — Russian draughts for Rust
//!
//! A bitboard implementation of the exact Russian rules (mandatory capture with free choice, men
//! capturing backwards, flying kings, the Turkish strike, promotion during a capture), with FEN
//! and move notation, perft, and the building blocks of a strong engine.
//!
//! ```
//! use shashki::{Position, Notation};
//!
//! let position = Position::start();
//! assert_eq!(position.legal_moves().len(), 7);
//!
//! // A flying king must take both pieces; only e5 lets it continue after the first.
//! let position: Position = "W:WKa1:Bb2,f4".parse()?;
//! let moves: Vec<String> = position
//!     .legal_moves()
//!     .iter()
//!     .map(|mv| position.write_move(mv, Notation::Algebraic))
//!     .collect();
//! assert_eq!(moves.len(), 2);
//! assert!(moves.contains(&"a1:e5:g3".to_string()));
//!
//! let mv = position.parse_move("a1:e5:h2")?;
//! let after = position.play(&mv)?;
//! assert_eq!(after.to_fen(), "B:WK28:B");
//! assert_eq!(shashki::perft(&Position::start(), 6), 37_986);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Games, files and protocols
//! - [`Game`] is the record of a game: positions, Zobrist keys, the draw-rule counters
//!   ([`DrawState`], [docs/RULES.md §2](crate::docs::rules) as lidraughts counts them) and [`Game::status`] (a side without a
//!   legal move loses; threefold repetition; the counter rules).
//! - [`pdn`] reads and writes PDN game files (lidraughts and pydraughts exports included);
//!   [`Game::to_pdn`] / [`Game::from_pdn`] are the short way.
//! - [`hub`] is Scan's Hub protocol (version 2), used by `shashki hub`; [`annotate`] turns engine
//!   evaluations into PDN annotations, used by `shashki analyse-game`.
//!
//! ## Embedding the engine
//! Keep an [`Engine`] (it is `Send + Sync`) and a [`Game`]; ask for a move with
//! [`Engine::search`], which always returns a legal `best_move` when one exists, and stop a
//! search from any thread with [`Engine::stop`] or a [`StopHandle`]. The runnable
//! `examples/embed.rs` (`cargo run --release --example embed`) plays a game, prints live search
//! output, stops an analysis from another thread and saves the game as PDN; `play` plays you
//! on the terminal, `analyse` analyses a FEN, `pdn_replay` replays the games of a PDN file and
//! `probe` probes the tablebases (feature `tablebases`).
//!
//! ```no_run
//! use shashki::{Engine, EngineConfig, Game, SearchLimit};
//!
//! let engine = Engine::new(EngineConfig::default());
//! let mut game = Game::default();
//! let result = engine.search(&game, SearchLimit::Depth(8), |info| {
//!     println!("depth {} score {}", info.depth, info.score);
//! });
//! if let Some(mv) = result.best_move {
//!     game.play(mv)?;
//! }
//! # Ok::<(), shashki::GameError>(())
//! ```
//!
//! ## Modules
//! The vocabulary (rules, notation, the engine) is at the root; the modules hold what belongs to
//! one subject: [`pdn`] (game files), [`annotate`], [`hub`] (the protocol),
//! [`perft`](mod@perft), [`eval`] (the evaluation's settings), and with their features `book`,
//! `egtb` (tablebases), `puzzles` and `svg` (board diagrams); [`docs`] holds the rules, the
//! search notes and the tablebase format. Inside, the library is built in layers, each only on those below
//! it: `rules`, `formats`, `eval`, `search`, `book` and `egtb`, and on top `protocol`.
//!
//! ## Features
//! The smallest build (`default-features = false`) has the rules, FEN, move notation, PDN in
//! UTF-8 and UTF-16, perft, the evaluation, the whole engine (its threads are `std` threads), the
//! annotations and the Hub protocol, and depends on `thiserror` and `arrayvec` alone (and `libc`
//! on Linux): no C compiler, no rayon, no serde. Each feature adds one part and only its own
//! dependencies; every combination builds and passes its tests (the repository's CI checks them
//! all). Costs measured on this project's 2-core machine (`benches/features.sh`): the CPU time of
//! a clean `cargo build -p shashki` with the feature alone, and the size of a release build of
//! the `analyse` example (of `probe` for `tablebases`).
#![doc = include_str!("../FEATURES.md")]
#![warn(missing_debug_implementations)]
// docs.rs (`--cfg docsrs`, a nightly rustdoc): items behind a feature say which one.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod atomic_file;
#[cfg(feature = "book")]
pub mod book;
mod clock;
pub mod docs;
#[cfg(feature = "tablebases")]
pub mod egtb;
pub mod eval;
mod formats;
#[cfg(any(feature = "book", feature = "puzzles"))]
mod json_file;
mod parallel;
mod protocol;
#[cfg(feature = "puzzles")]
pub mod puzzles;
mod rules;
mod search;
mod splitmix;

/// The package README's example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use atomic_file::write_atomically;
#[cfg(feature = "svg")]
pub use formats::svg;
pub use formats::{annotate, pdn};
pub use protocol::hub;
// `rules::perft` names both the module and its `perft` function: this brings both.
pub use rules::perft;

pub use formats::{
    FenError, FenExtras, FenField, FenReason, MoveError, MoveText, Notation, ParseMoveError,
    ParseMoveReason, PlayTextError,
};
#[cfg(feature = "serde")]
pub use formats::{HubMove, MoveSeed};
pub use rules::{
    Bitboard, Color, Direction, DrawRule, DrawRules, DrawState, Game, GameError, GameStatus,
    IllegalMove, MAX_MOVES, Move, MoveIdentity, MoveList, ParseDrawRulesError, ParseSquareError,
    Piece, Position, PositionError, Role, Square, Squares, WinReason,
};
pub use search::{
    BookChoice, Contempt, ContemptError, Engine, EngineConfig, EngineSetup, LEVELS, Level,
    LoadedSetup, MAX_CONTEMPT, MAX_HASH_MB, MAX_THREADS, MoveSource, ONE_PLY, Score, SearchInfo,
    SearchLimit, SearchParams, SearchResult, SetupProblem, StopHandle, TableAllocError,
    accepts_draw, clock_share,
};

/// The transposition tables, for the benchmarks (feature `tuning`): not an API to build on.
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub use search::{AtomicTable, MapTable, Table, TtEntry};
