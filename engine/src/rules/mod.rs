//! The rules layer: the board (squares, bitboards, pieces), moves and their generation under the
//! Russian rules, positions and their legal moves, the draw-rule counters, the record of a game
//! and perft. Everything above (formats, evaluation, search, books, tablebases, protocols) builds
//! on this layer; it imports from none of them. The rules followed are written down in the repository's
//! [docs/RULES.md](crate::docs::rules).

pub(crate) mod bitboard;
pub(crate) mod color;
pub(crate) mod draw;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod legal;
pub(crate) mod movegen;
pub(crate) mod moves;
pub mod perft;
pub(crate) mod piece;
pub(crate) mod position;
pub(crate) mod square;
pub(crate) mod zobrist;

pub use bitboard::{Bitboard, Direction, Squares};
pub use color::Color;
pub use draw::{DrawRule, DrawRules, DrawState, ParseDrawRulesError};
pub use game::{Game, GameError, GameStatus, WinReason};
pub use legal::IllegalMove;
pub use movegen::MoveIdentity;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use perft::perft;
pub use piece::{Piece, Role};
pub use position::{Position, PositionError};
pub use square::{ParseSquareError, Square};
