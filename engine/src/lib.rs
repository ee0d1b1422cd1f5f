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
//! let after = position.play(&mv);
//! assert_eq!(after.to_fen(), "B:WK28:B");
//! assert_eq!(shashki::perft(&Position::start(), 6), 37_986);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Games, files and protocols
//! - [`Game`] is the record of a game: positions, Zobrist keys, the draw-rule counters
//!   ([`DrawState`], RULES.md §2 as lidraughts counts them) and [`Game::status`] (a side without a
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
//! output, stops an analysis from another thread and saves the game as PDN;
//! `examples/pdn_replay.rs` replays the games of a PDN file.
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
//! ## Features
//! - `cli` (default): the `shashki` command-line program; its dependencies (clap, indicatif,
//!   serde_json) are not needed by the library, so depend with `default-features = false`.
//! - `serde`: (de)serialise [`Position`] as FEN, [`Square`] as its number, [`Color`] as `"W"`/`"B"`,
//!   and moves as Hub text through `HubMove` and `MoveSeed`; costs the `serde` dependency.

pub mod annotate;
pub mod arena;
mod bitboard;
pub mod book;
mod color;
pub mod draw;
pub mod egtb;
pub mod eval;
pub mod fen;
mod game;
pub mod hub;
mod movegen;
mod moves;
mod notation;
pub mod pdn;
pub mod perft;
mod piece;
mod position;
pub mod search;
pub mod seed;
#[cfg(feature = "serde")]
mod serde_support;
mod splitmix;
mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction, Squares};
pub use book::{Book, BookError, BookMove, BookPolicy};
pub use color::Color;
pub use draw::{DrawRule, DrawState};
pub use egtb::{Tablebases, TbEntry, Wdl};
pub use fen::{FenError, FenField};
pub use game::{Game, GameError, GameStatus, WinReason};
pub use movegen::MoveIdentity;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{MoveError, MoveText, Notation, ParseMoveError};
pub use pdn::{PdnError, PdnGame};
pub use perft::{perft, perft_parallel};
pub use piece::{Piece, Role};
pub use position::{Position, PositionError};
pub use search::MoveSource;
pub use search::{
    Engine, EngineConfig, Score, SearchInfo, SearchLimit, SearchParams, SearchResult, StopHandle,
    TableAllocError,
};
#[cfg(feature = "serde")]
pub use serde_support::{HubMove, MoveSeed};
pub use square::{ParseSquareError, Square};
