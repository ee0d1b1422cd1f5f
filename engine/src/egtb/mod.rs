//! Endgame tablebases: the exact value of every position with few pieces, by retrograde analysis.
//!
//! [`build`](build::build) computes, for every material with up to N pieces, whether the side to
//! move wins, draws or loses and in how many plies the game ends with best play (the winner the
//! fastest way, the loser the slowest) — a depth-to-mate metric that spans captures and promotions,
//! so following it always makes progress. [`Tablebases`] holds the tables (read from a directory
//! with [`Tablebases::open`] or built in memory) and answers [`Tablebases::probe`] and
//! [`Tablebases::best_move`].
//!
//! ## The draw rules
//! The values are those of the game **without the counting rules** of docs/RULES.md §2 (7.2.4–7.2.8 and
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
//! and their checks are described in the repository's `docs/TABLEBASES.md`.

mod background;
mod build;
mod location;
mod material;
mod slices;
mod table;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ahash::AHashMap;

pub use background::{BackgroundBuild, BuildProgress, open_or_build};
pub use build::{BuildEvent, BuildOptions, TableStats, build, build_dir, build_slice};
pub use location::{ENV_VAR, default_dir};
pub use material::{MAX_TABLE_PIECES, Material, ParseMaterialError};
pub use slices::{
    SliceState, StatusReport, TableStatus, largest_pieces, slice_inputs, slices_up_to, status,
};
/// The entries of a compressed block, for the benchmarks (feature `tuning`).
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub use table::BLOCK_ENTRIES;
pub(crate) use table::{BlockCache, Table};

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

use crate::rules::{Color, Move, Position};

/// Win, draw or loss, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses with best play.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins with best play.
    Win,
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        })
    }
}

/// The value of a position from a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TbEntry {
    /// The result for the side to move.
    pub wdl: Wdl,
    /// Plies to the end of the game with best play (the winner fastest, the loser slowest); 0 for
    /// a draw and for a position whose side to move has already lost.
    pub distance: u16,
}

impl TbEntry {
    /// A decided position `distance` plies from the end: odd distances are wins (the side to move
    /// makes the last move), even ones losses.
    #[must_use]
    pub const fn decided(distance: u16) -> TbEntry {
        TbEntry {
            wdl: if distance % 2 == 1 {
                Wdl::Win
            } else {
                Wdl::Loss
            },
            distance,
        }
    }

    /// Whether this is a win that ends the game within `plies` plies.
    #[must_use]
    pub const fn wins_within(self, plies: u32) -> bool {
        matches!(self.wdl, Wdl::Win) && self.distance as u32 <= plies
    }
}

impl fmt::Display for TbEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.wdl {
            Wdl::Draw => f.write_str("draw"),
            wdl => write!(f, "{wdl} in {} plies", self.distance),
        }
    }
}

/// What can go wrong with tablebase files and builds. Every error about a file names it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TbError {
    /// A file or directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// A file failed a check (header, length, checksum) and is not used: damaged or partial.
    #[error("{path}: damaged tablebase file, not used: {what}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Which check failed.
        what: String,
    },
    /// A file that is not a slice of this format for its name: another program's file, another
    /// format version, or another material than its name says. Not used.
    #[error("{path}: not a tablebase file of this format, not used: {what}")]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What gives it away.
        what: String,
    },
    /// A file built from other inputs than the files now beside it (one of them was rebuilt or
    /// replaced): it cannot be trusted to agree with them and is rebuilt.
    #[error("{path}: built from another {dependency} than the one present, not used")]
    Stale {
        /// The file.
        path: PathBuf,
        /// The input that changed or is missing.
        dependency: Material,
    },
    /// More pieces than the index supports.
    #[error("tablebases with {0} pieces are not supported (at most {max})", max = material::MAX_TABLE_PIECES)]
    TooManyPieces(u32),
    /// A build needed a smaller table that is not there.
    #[error("table {0} is needed but missing")]
    MissingTable(Material),
    /// A slice was asked for whose inputs are not finished.
    #[error(
        "slice {slice} needs {dependency}, which is not finished in {dir} ({cause}): build it first (`shashki egtb plan` gives the order)"
    )]
    MissingDependency {
        /// The slice asked for.
        slice: Material,
        /// The input that is missing or damaged.
        dependency: Material,
        /// The directory.
        dir: PathBuf,
        /// Why the input cannot be used.
        cause: Box<TbError>,
    },
    /// A table mapped from a file was asked to be written (only built tables are written).
    #[error("table {0} is mapped from a file, not built in memory: nothing to write")]
    NotLoaded(Material),
}

/// A set of tables, by material.
#[derive(Debug, Default)]
pub struct Tablebases {
    tables: AHashMap<Material, Table>,
    problems: Vec<TbError>,
    max_pieces: u32,
    /// Decoded blocks of the tables opened from files.
    cache: Arc<BlockCache>,
}

impl Tablebases {
    /// No tables at all.
    #[must_use]
    pub fn empty() -> Tablebases {
        Tablebases::default()
    }

    /// Opens every table file (`*.shtb`) of `dir` for probing. Instant: each file's header,
    /// length and block index are checked, its blocks only when first read. Missing directories,
    /// damaged, partial, foreign and stale files are reported in [`Tablebases::problems`] and
    /// never used.
    #[must_use]
    pub fn open(dir: &Path) -> Tablebases {
        Tablebases::open_with(dir, false)
    }

    /// [`Tablebases::open`], also checking every block of every file first (what a build does
    /// before it trusts a file; reads the whole set).
    #[must_use]
    pub fn open_verified(dir: &Path) -> Tablebases {
        Tablebases::open_with(dir, true)
    }

    fn open_with(dir: &Path, verify: bool) -> Tablebases {
        let mut tablebases = Tablebases::empty();
        let scan = slices::scan(dir, verify, &tablebases.cache);
        tablebases.problems = scan.problems;
        for table in scan.tables {
            tablebases.insert(table);
        }
        tablebases.set_max_pieces();
        tablebases
    }

    /// The files that could not be used when the tables were opened.
    #[must_use]
    pub fn problems(&self) -> &[TbError] {
        &self.problems
    }

    /// Takes the problems out (to report them as values; [`Tablebases::problems`] is then empty).
    pub fn take_problems(&mut self) -> Vec<TbError> {
        std::mem::take(&mut self.problems)
    }

    /// The largest N such that every material with up to N pieces is present (0 if none).
    #[must_use]
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The materials present, sorted.
    #[must_use]
    pub fn materials(&self) -> Vec<Material> {
        let mut all: Vec<Material> = self.tables.keys().copied().collect();
        all.sort();
        all
    }

    /// The table of `material`, if present.
    #[must_use]
    pub(crate) fn table(&self, material: Material) -> Option<&Table> {
        self.tables.get(&material)
    }

    /// The size of the loaded tables as stored (compressed), in bytes.
    #[must_use]
    pub fn stored_bytes(&self) -> u64 {
        self.tables.values().map(Table::stored_size).sum()
    }

    /// Whether the table of `material` is loaded.
    #[must_use]
    pub fn has(&self, material: Material) -> bool {
        self.tables.contains_key(&material)
    }

    /// Adds (or replaces) a table.
    pub(crate) fn insert(&mut self, table: Table) {
        self.tables.insert(table.material(), table);
    }

    /// Takes a table out of the set.
    pub(crate) fn remove(&mut self, material: Material) -> Option<Table> {
        self.tables.remove(&material)
    }

    /// The cache of decoded blocks shared by the tables opened from files.
    #[must_use]
    pub(crate) fn cache(&self) -> &Arc<BlockCache> {
        &self.cache
    }

    /// Recomputes [`Tablebases::max_pieces`] after tables were added.
    pub fn set_max_pieces(&mut self) {
        self.max_pieces = (2..=material::MAX_TABLE_PIECES)
            .take_while(|&n| {
                Material::all_up_to(n)
                    .iter()
                    .filter(|m| m.pieces() == n)
                    .all(|m| self.has(*m))
            })
            .last()
            .unwrap_or(0);
    }

    /// The value of `position` for its side to move, if its material is present. A side to move
    /// without pieces has lost (distance 0); a position whose opponent has no pieces is not a
    /// position of a game in progress and gives `None`.
    #[must_use]
    #[inline]
    pub fn probe(&self, position: &Position) -> Option<TbEntry> {
        if position.side_to_move() == Color::White {
            self.probe_white(position)
        } else {
            self.probe_white(&position.flipped())
        }
    }

    /// [`Tablebases::probe`] for a position with White to move.
    #[inline]
    fn probe_white(&self, position: &Position) -> Option<TbEntry> {
        if position.pieces(Color::White).is_empty() {
            return Some(TbEntry::decided(0));
        }
        let table = self.tables.get(&Material::of(position))?;
        table.get(table.indexer().index(position))
    }

    /// The best move by the tables and the value of the position: the fastest win, the longest
    /// defence, or a move that keeps the draw. `None` if the position or a successor is not in
    /// the tables, or there is no legal move.
    #[must_use]
    pub fn best_move(&self, position: &Position) -> Option<(Move, TbEntry)> {
        let mut best: Option<(Move, TbEntry)> = None;
        for mv in &position.legal_moves() {
            let child = position.play_unchecked(mv);
            let reply = if child.pieces(child.side_to_move()).is_empty() {
                TbEntry::decided(0)
            } else {
                self.probe(&child)?
            };
            let ours = match reply.wdl {
                Wdl::Draw => reply,
                _ => TbEntry::decided(reply.distance + 1),
            };
            if best.is_none_or(|(_, b)| better(ours, b)) {
                best = Some((*mv, ours));
            }
        }
        best
    }
}

/// Whether `a` is better than `b` for the side to move: wins beat draws beat losses; among wins
/// the shorter, among losses the longer.
fn better(a: TbEntry, b: TbEntry) -> bool {
    match (a.wdl, b.wdl) {
        (x, y) if x != y => x > y,
        (Wdl::Win, _) => a.distance < b.distance,
        (Wdl::Loss, _) => a.distance > b.distance,
        _ => false,
    }
}

#[cfg(test)]
pub(crate) mod tests;
