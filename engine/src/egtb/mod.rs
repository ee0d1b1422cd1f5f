//! Endgame tablebases (feature `tablebases`): the exact value of every position with few pieces,
//! by retrograde analysis.
//!
//! [`build`](build::build) computes, for every material with up to N pieces, whether the side to
//! move wins, draws or loses and in how many plies the game ends with best play (the winner the
//! fastest way, the loser the slowest) — a depth-to-mate metric that spans captures and promotions,
//! so following it always makes progress. [`Tablebases`] holds the tables (read from a directory
//! with [`Tablebases::open`] or built in memory) and answers [`Tablebases::probe`] and
//! [`Tablebases::best_move`].
//!
//! ## The draw rules
//! The values are those of the game **without the counting rules** of [docs/RULES.md §2](crate::docs::rules) (7.2.4–7.2.8 and
//! lidraughts' ply counters): those depend on the history of the game (when a balance arose), which
//! a table indexed by position cannot know. Repetition (7.2.3) never changes a game-theoretic value.
//! A win is therefore a win given enough moves; its `distance` says how many plies it needs, and
//! [`TbEntry::wins_within`] tells whether it fits in the plies a draw counter still allows. The
//! engine treats a tablebase win as a win only when it fits (see the search's use of it). For the
//! classic case the counting rules were written for, three kings against a lone king off the main
//! road, every win takes fewer plies than the 15-move (30-ply) limit of 7.2.4 (checked by the
//! tests), so that rule never turns one of those wins into a draw.
//!
//! A [`Material`] names a table (`kk_k`-like: the pieces of each side); the files, their blocks
//! and their checks are described in the repository's [docs/TABLEBASES.md](crate::docs::tablebases).
//!
//! The files, each using only those before it: `location.rs` (where the tables are),
//! `material.rs` (materials, their file names and the index of their positions), `entry.rs`
//! (the values), `error.rs`, `source.rs` (a file's bytes: mapped, or in memory), `table.rs`
//! (one table and its file), `slices.rs` (the slice files of a directory or of bytes in memory),
//! `tablebases.rs` (the set that is probed), `build.rs` (the retrograde analysis), `wdl.rs`
//! (win/draw/loss tables derived from the full ones) and `background.rs` (a build on its own
//! thread). This module only declares and re-exports
//! them.

mod background;
mod build;
mod entry;
mod error;
mod location;
mod material;
mod slices;
mod source;
mod table;
mod tablebases;
mod wdl;

pub use background::{BackgroundBuild, BuildProgress, open_or_build};
pub use build::{BuildEvent, BuildOptions, TableStats, build, build_dir, build_slice};
pub use entry::{TbEntry, Wdl};
pub use error::TbError;
pub use location::{ENV_VAR, default_dir};
pub use material::{MAX_TABLE_PIECES, Material, ParseMaterialError};
pub use slices::{
    SliceState, StatusReport, TableStatus, largest_pieces, slice_inputs, slices_up_to, status,
};
pub use source::TableBytes;
/// The entries of a compressed block, for the benchmarks (feature `tuning`).
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub use table::BLOCK_ENTRIES;
pub use tablebases::Tablebases;
#[cfg(test)]
pub(crate) use wdl::derive_wdl;
pub use wdl::{WDL_EXTENSION, WdlTables, derive_wdl_dir, wdl_file_name};

#[cfg(feature = "tuning")]
use crate::rules::Position;

/// The number of slots of `material`'s table, for the benchmarks (feature `tuning`).
#[cfg(feature = "tuning")]
#[doc(hidden)]
#[must_use]
pub fn slot_count(material: Material) -> u64 {
    material::Indexer::new(material).size()
}

/// The position of slot `index` of `material`'s table, if the slot holds one, for the
/// benchmarks (feature `tuning`).
#[cfg(feature = "tuning")]
#[doc(hidden)]
#[must_use]
pub fn slot_position(material: Material, index: u64) -> Option<Position> {
    material::Indexer::new(material).position(index)
}

#[cfg(test)]
pub(crate) mod tests;
