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
//!   ([`DrawState`], docs/RULES.md §2 as lidraughts counts them) and [`Game::status`] (a side without a
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
//! ## Layers
//! The modules are layers, each built only on those below it: `rules` (squares, bitboards,
//! moves, move generation, positions, draw rules, games, perft), `formats` (FEN, move text,
//! PDN, annotations, serde), `eval`, `search`, `book` and `egtb`, and on top `protocol` (the Hub
//! protocol). Users need none of these paths: the vocabulary is re-exported here.
//!
//! ## Features
//! - `serde`: (de)serialise [`Position`] as FEN, [`Square`] as its number, [`Color`] as `"W"`/`"B"`,
//!   a [`Game`] as its start FEN (with lidraughts' counters) and its moves, [`GameStatus`],
//!   [`WinReason`], [`DrawRule`], [`MoveSource`] and [`Score`]; write a [`Move`] as its Hub text
//!   and a [`SearchResult`]; read moves back through `HubMove` and `MoveSeed` (a move needs its
//!   position). serde and serde_json are always dependencies (the opening book is JSON), so the
//!   feature costs only the derived code.

#![warn(missing_debug_implementations)]

mod atomic_file;
pub mod book;
pub mod egtb;
pub mod eval;
mod formats;
mod protocol;
pub mod puzzles;
mod rules;
pub mod search;
mod splitmix;

/// The package README's example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use atomic_file::write_atomically;
pub use formats::{annotate, fen, pdn};
pub use protocol::hub;
// `rules::perft` names both the module and its `perft` function: this brings both.
pub use rules::{draw, perft, zobrist};

pub use book::{Book, BookEntry, BookError, BookMove, BookPolicy};
pub use egtb::{Tablebases, TbEntry, TbError, Wdl};
pub use eval::EvalParams;
pub use formats::{
    FenError, FenField, FenReason, MoveError, MoveText, Notation, ParseMoveError, ParseMoveReason,
    PdnError, PdnGame, PlayTextError,
};
#[cfg(feature = "serde")]
pub use formats::{HubMove, MoveSeed};
pub use rules::{
    Bitboard, Color, Direction, DrawRule, DrawRules, DrawState, Game, GameError, GameStatus,
    IllegalMove, MAX_MOVES, Move, MoveIdentity, MoveList, ParseDrawRulesError, ParseSquareError,
    Piece, Position, PositionError, Role, Square, Squares, WinReason, perft_parallel,
};
pub use search::{
    BookChoice, Engine, EngineConfig, EngineSetup, LEVELS, Level, LoadedSetup, MAX_HASH_MB,
    MAX_THREADS, MoveSource, Score, SearchInfo, SearchLimit, SearchParams, SearchResult,
    SetupProblem, StopHandle, TableAllocError,
};
