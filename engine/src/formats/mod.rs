//! The formats layer: text in and out of the rules. FEN for positions, move text in numeric and
//! algebraic notation, PDN for whole games, engine evaluations as PDN annotations, and (with the
//! `serde` feature) serde forms of the vocabulary types, (with `svg`) board diagrams. Built on
//! the rules layer only.

pub mod annotate;
pub(crate) mod fen;
pub(crate) mod notation;
pub mod pdn;
#[cfg(feature = "serde")]
pub(crate) mod serde_support;
#[cfg(feature = "svg")]
pub mod svg;

pub use fen::{FenError, FenExtras, FenField, FenReason};
pub use notation::{MoveError, MoveText, Notation, ParseMoveError, ParseMoveReason, PlayTextError};
#[cfg(feature = "serde")]
pub use serde_support::{HubMove, MoveSeed};
