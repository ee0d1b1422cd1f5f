//! The set of tables a program probes ([`Tablebases`]): opened from a directory or from the files'
//! bytes in memory (through the scan of `slices.rs`, files checked as `table.rs` says) or filled
//! by a build, and asked for the value of a position ([`Tablebases::probe`]) or its best move
//! ([`Tablebases::best_move`]). Positions with Black to move are probed flipped; the value comes
//! from the table of the position's [`Material`], slot by its index (`material.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ahash::AHashMap;

use super::entry::{TbEntry, Wdl};
use super::error::TbError;
use super::material::{self, Material};
use super::slices::{self, Scan};
use super::source::TableBytes;
use super::table::{BlockCache, Table};
use super::wdl::WdlTables;
use crate::rules::{Color, Move, Position};

/// A set of tables, by material.
#[derive(Debug, Default)]
pub struct Tablebases {
    tables: AHashMap<Material, Table>,
    problems: Vec<TbError>,
    max_pieces: u32,
    /// Decoded blocks of the tables opened from files.
    cache: Arc<BlockCache>,
    /// Win/draw/loss tables for the materials without a full table ([`Tablebases::with_wdl`]).
    wdl: Option<WdlTables>,
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

    /// The tables of slice files given as bytes (downloaded by a web page, embedded, read
    /// whole), each with its file name (`KKM-K.shtb`): the same checks and the same trust as
    /// [`Tablebases::open`] — a file with a bad name, damaged, partial, foreign or built from
    /// other inputs than the files given beside it is reported in [`Tablebases::problems`] and
    /// never used. Where there is no memory map (the web) this is how tables are given.
    ///
    /// # Examples
    /// ```
    /// use shashki::egtb::{TableBytes, Tablebases};
    ///
    /// let junk = TableBytes::from(b"not a table".to_vec());
    /// let tables = Tablebases::from_bytes([("KK-K.shtb".to_string(), junk)]);
    /// assert_eq!(tables.materials(), vec![]);
    /// assert!(tables.problems()[0].to_string().starts_with("KK-K.shtb: damaged"));
    /// ```
    #[must_use]
    pub fn from_bytes(files: impl IntoIterator<Item = (String, TableBytes)>) -> Tablebases {
        let mut tablebases = Tablebases::empty();
        let files = files
            .into_iter()
            .map(|(name, bytes)| (PathBuf::from(name), bytes));
        let scan = slices::scan_bytes(files, false, &tablebases.cache);
        tablebases.fill(scan);
        tablebases
    }

    fn open_with(dir: &Path, verify: bool) -> Tablebases {
        let mut tablebases = Tablebases::empty();
        let scan = slices::scan(dir, verify, &tablebases.cache);
        tablebases.fill(scan);
        tablebases
    }

    /// This set with the win/draw/loss tables `wdl` beside its full tables (opened from a
    /// directory with [`WdlTables::open`] or given as bytes with [`WdlTables::from_bytes`]):
    /// [`Tablebases::probe_wdl`] answers from them where no full table is there.
    #[must_use]
    pub fn with_wdl(mut self, wdl: WdlTables) -> Tablebases {
        self.wdl = Some(wdl);
        self
    }

    /// The win/draw/loss tables held beside the full ones, if any.
    #[must_use]
    pub fn wdl(&self) -> Option<&WdlTables> {
        self.wdl.as_ref()
    }

    /// The result of `position` for its side to move: the full table's if there is one, else
    /// the WDL tables' (see [`WdlTables::probe`]).
    #[must_use]
    pub fn probe_wdl(&self, position: &Position) -> Option<Wdl> {
        self.probe(position)
            .map(|entry| entry.wdl)
            .or_else(|| self.wdl.as_ref()?.probe(position))
    }

    /// Takes the tables and the problems of a scan.
    fn fill(&mut self, scan: Scan) {
        self.problems = scan.problems;
        for table in scan.tables {
            self.insert(table);
        }
        self.set_max_pieces();
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
    pub(super) fn probe_white(&self, position: &Position) -> Option<TbEntry> {
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
