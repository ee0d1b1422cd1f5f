//! Retrograde analysis: computing the tables, smallest material first.
//!
//! Materials are built in the order of [`Material::all_up_to`], so every capture or promotion leads
//! into a table that is already finished ("exits"). Quiet moves keep the material but hand the move
//! to the other side, so a material `m` and its colour swap are built together as one *pair*.
//!
//! For each pair:
//! 1. **Init** (parallel over index chunks): every position's legal moves are generated with
//!    [`Position::legal_moves`]; exits are looked up in the finished tables, quiet moves are counted.
//!    A position without moves is lost now (distance 0); the best exit win and the longest exit
//!    loss are remembered.
//! 2. **Layers**: distance `d` = 0, 1, 2, … Predecessors (positions one quiet move earlier, found by
//!    un-moving the side that just moved and checking the move was legal: no capture available) of
//!    the positions lost in `d` plies are won in `d + 1`; predecessors of positions won in `d` plies
//!    lose one quiet move, and when none is left (and no exit draws or wins) they are lost in
//!    `max(d + 1, longest exit loss)`. Exit wins enter at their own layer. Predecessors are found in
//!    parallel; the (cheap) updates are applied in order, so the result is deterministic.
//! 3. What is still unknown is a draw.
//!
//! Distances are plies to the end of the game (the loser has no move), the winner taking the
//! shortest and the loser the longest way: a depth-to-mate metric across conversions. The draw rules
//! of [docs/RULES.md §2](crate::docs::rules) (repetition aside, which never changes a value) are not part of the values; see
//! the module documentation of [`egtb`](super).

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use ahash::{AHashMap, AHashSet};

use crate::parallel::*;

use super::entry::{TbEntry, Wdl};
use super::error::TbError;
use super::material::{Indexer, Material};
use super::slices::{self, SliceState, slices_up_to};
use super::table::{Slot, Table};
use super::tablebases::Tablebases;
use crate::rules::{Bitboard, Color, Direction, MoveList, Position};

/// Parameters of a build.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// Build every material with up to this many pieces (default 4; at most
    /// [`MAX_TABLE_PIECES`](super::material::MAX_TABLE_PIECES)).
    pub max_pieces: u32,
    /// Index slots handled per parallel task and per progress report (default 16 384).
    pub chunk: usize,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            max_pieces: 4,
            chunk: 1 << 14,
        }
    }
}

/// What the builder reports while it works (for progress bars; the library prints nothing).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum BuildEvent {
    /// The plan: how many tables and index slots will be built (not counting loaded ones).
    Planned {
        /// Tables to build.
        tables: usize,
        /// Their index slots in total.
        slots: u64,
    },
    /// A table was read from disk and will not be rebuilt.
    Loaded(Material),
    /// A pair of tables (a material and its colour swap) started.
    PairStarted {
        /// The material (its swap, if different, is built with it).
        material: Material,
        /// Index slots in the pair.
        slots: u64,
    },
    /// More slots of the current pair were initialised (called from worker threads).
    Progress {
        /// Slots just finished.
        slots: u64,
    },
    /// A table is finished.
    TableFinished {
        /// Its material.
        material: Material,
        /// Its statistics.
        stats: TableStats,
    },
}

/// Counts of one finished table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TableStats {
    /// Positions won by the side to move.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Index slots that are not positions.
    pub invalid: u64,
    /// The longest distance in the table, in plies.
    pub max_distance: u16,
}

/// Builder state value: not yet known.
const UNKNOWN: u16 = 0;
/// Builder state value: drawn (only written at the end).
const DRAW: u16 = 1;
/// Builder state value: not a position.
const INVALID: u16 = 2;
/// Builder state values from here on are decided: `DECIDED + distance`.
const DECIDED: u16 = 3;
/// In the exit array: an exit draws (or wins), so the position is never lost.
const NEVER_LOST: u16 = u16::MAX;
/// Frontier positions whose predecessors are found in one parallel batch: bounds the list of
/// predecessors in memory (a few MB) whatever the size of the slice.
const PREDECESSOR_BATCH: usize = 1 << 16;

/// The working arrays of one table of a pair: 5 bytes and 3 bits per slot, nothing that grows
/// with the number of positions decided (see [`build_pair`]).
struct Work {
    indexer: Indexer,
    value: Vec<u16>,
    /// Quiet moves whose result is not yet known to be a win for the opponent.
    remaining: Vec<u8>,
    /// What the exits (captures and promotions) give, by parity like a distance: an odd number
    /// is the fastest win through an exit (the position is never lost), an even one the longest
    /// loss through an exit (0 also when there is no exit), [`NEVER_LOST`] when an exit draws.
    exit: Vec<u16>,
    /// Slots waiting for a later layer: decided by the init pass (only exits), won through an
    /// exit, or out of quiet moves and lost once the longest exit loss is reached.
    pending: SlotBits,
    /// Slots decided at the current layer.
    frontier: SlotBits,
    /// Slots decided at the next layer.
    next: SlotBits,
}

/// One bit per index slot.
struct SlotBits {
    words: Vec<u64>,
}

impl SlotBits {
    fn new(slots: usize) -> SlotBits {
        SlotBits {
            words: vec![0; slots.div_ceil(64)],
        }
    }

    fn set(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    fn clear_all(&mut self) {
        self.words.fill(0);
    }

    fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The set slots from word `from` on, pushed onto `out` until it holds `limit`; returns the
    /// word to continue from.
    fn take_into(&self, from: usize, limit: usize, out: &mut Vec<u32>) -> usize {
        let mut word = from;
        while word < self.words.len() && out.len() < limit {
            let mut bits = self.words[word];
            while bits != 0 {
                out.push((word * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
            word += 1;
        }
        word
    }
}

/// Positions waiting in [`Work::pending`] by the layer they wait for (an upper bound: a
/// position won earlier by a quiet move leaves at the next scan), so that layers nobody waits
/// for skip the scan.
#[derive(Default)]
struct Waiting {
    by_layer: Vec<u64>,
}

impl Waiting {
    fn add(&mut self, layer: u16, count: u64) {
        let layer = usize::from(layer);
        if self.by_layer.len() <= layer {
            self.by_layer.resize(layer + 1, 0);
        }
        self.by_layer[layer] += count;
    }

    fn merge(&mut self, other: &Waiting) {
        for (layer, &count) in other.by_layer.iter().enumerate() {
            if count > 0 {
                self.add(layer as u16, count);
            }
        }
    }

    fn at(&self, layer: u16) -> u64 {
        self.by_layer.get(usize::from(layer)).copied().unwrap_or(0)
    }

    /// Whether anything waits for a layer after `layer`.
    fn after(&self, layer: u16) -> bool {
        self.by_layer
            .iter()
            .skip(usize::from(layer) + 1)
            .any(|&n| n > 0)
    }
}

/// The largest layer (distance in plies) the builder's values hold.
const MAX_LAYER: u16 = u16::MAX - DECIDED - 1;

/// A reference to a slot of a pair: table (0 or 1) in bit 32, index below.
type SlotRef = u64;

fn slot_ref(table: usize, index: u64) -> SlotRef {
    ((table as u64) << 32) | index
}

/// Builds every table up to `options.max_pieces` pieces in memory.
///
/// # Errors
/// [`TbError::TooManyPieces`] if more pieces are asked than the index supports.
pub fn build(
    options: BuildOptions,
    progress: &(dyn Fn(BuildEvent) + Sync),
) -> Result<Tablebases, TbError> {
    check_pieces(options.max_pieces)?;
    let todo = slices_up_to(options.max_pieces);
    announce(&todo, progress);
    let mut tables = Tablebases::empty();
    for slice in todo {
        for (material, table, stats) in
            build_pair(&tables, &slice.slice_members(), options, progress)?
        {
            tables.insert(table);
            progress(BuildEvent::TableFinished { material, stats });
        }
    }
    tables.set_max_pieces();
    Ok(tables)
}

/// Builds every table up to `options.max_pieces` pieces that `dir` does not already hold
/// trusted (see [`status`](super::status): missing, damaged, partial, foreign and stale files
/// are rebuilt), writing each slice into `dir` as soon as it is done, so an interrupted build
/// resumes where it stopped (the partial temporary files of builds killed mid-write are removed).
/// Only the tables that slices still to build need are kept in memory. Returns the set opened
/// from `dir`.
///
/// # Errors
/// [`TbError::Io`] if `dir` cannot be created or written; [`TbError::TooManyPieces`]; a
/// [`TbError`] if a trusted file turns unreadable meanwhile.
pub fn build_dir(
    dir: &Path,
    options: BuildOptions,
    progress: &(dyn Fn(BuildEvent) + Sync),
) -> Result<Tablebases, TbError> {
    check_pieces(options.max_pieces)?;
    std::fs::create_dir_all(dir).map_err(|source| TbError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    // Partial files of builds killed mid-write: never read, but they hold the space.
    crate::atomic_file::remove_stale_temporaries(dir);
    let report = slices::status(dir, options.max_pieces);
    let mut ready = AHashSet::new();
    for table in &report.tables {
        if matches!(table.state, SliceState::Ready) {
            ready.insert(table.material);
            progress(BuildEvent::Loaded(table.material));
        }
    }
    let todo: Vec<Material> = slices_up_to(options.max_pieces)
        .into_iter()
        .filter(|s| s.slice_members().iter().any(|m| !ready.contains(m)))
        .collect();
    announce(&todo, progress);
    // The last slice to build that needs each table: after it, the table leaves memory.
    let mut last_use: AHashMap<Material, usize> = AHashMap::new();
    for (i, slice) in todo.iter().enumerate() {
        for input in slices::slice_inputs(*slice) {
            last_use.insert(input, i);
        }
    }
    let mut work = Tablebases::empty();
    for (i, &slice) in todo.iter().enumerate() {
        for input in slices::slice_inputs(slice) {
            if !work.has(input) {
                work.insert(load_input(dir, slice, input, &work)?);
            }
        }
        build_slice_into(&mut work, slice, dir, options, progress)?;
        for material in work.materials() {
            if last_use.get(&material).is_none_or(|&j| j <= i) {
                work.remove(material);
            }
        }
    }
    Ok(Tablebases::open(dir))
}

/// Builds exactly one slice (the one `material` belongs to) into `dir` from its finished
/// inputs there, unless it is already there, trusted and built from those very inputs.
/// Returns whether it was built. Several processes may build different slices into one
/// directory at once (each file is written under a temporary name and renamed).
///
/// # Errors
/// [`TbError::MissingDependency`] if an input is missing or damaged; [`TbError::Io`] if `dir`
/// cannot be written; [`TbError::TooManyPieces`].
pub fn build_slice(
    dir: &Path,
    material: Material,
    options: BuildOptions,
    progress: &(dyn Fn(BuildEvent) + Sync),
) -> Result<bool, TbError> {
    check_pieces(material.pieces())?;
    let slice = material.slice();
    let mut work = Tablebases::empty();
    for input in slices::slice_inputs(slice) {
        work.insert(load_input(dir, slice, input, &work)?);
    }
    let inputs = recorded_inputs(&work, slice)?;
    let done = slice.slice_members().iter().all(|&m| {
        let path = dir.join(m.file_name());
        Table::open(&path, Arc::clone(work.cache()), 0)
            .is_ok_and(|(table, header)| header.dependencies == inputs && table.verify().is_ok())
    });
    if done {
        for member in slice.slice_members() {
            progress(BuildEvent::Loaded(member));
        }
        return Ok(false);
    }
    announce(&[slice], progress);
    build_slice_into(&mut work, slice, dir, options, progress)?;
    Ok(true)
}

/// Reads input `input` of `slice` from `dir`, whole, checking every block.
fn load_input(
    dir: &Path,
    slice: Material,
    input: Material,
    work: &Tablebases,
) -> Result<Table, TbError> {
    let path = dir.join(input.file_name());
    Table::open(&path, Arc::clone(work.cache()), 0)
        .and_then(|(table, _)| table.loaded())
        .map_err(|cause| TbError::MissingDependency {
            slice,
            dependency: input,
            dir: dir.to_path_buf(),
            cause: Box::new(cause),
        })
}

/// The inputs of `slice` with the checksums of their files, as a slice file records them.
fn recorded_inputs(work: &Tablebases, slice: Material) -> Result<Vec<(Material, u64)>, TbError> {
    slices::slice_inputs(slice)
        .into_iter()
        .map(|m| {
            work.table(m)
                .and_then(Table::checksum)
                .map(|sum| (m, sum))
                .ok_or(TbError::MissingTable(m))
        })
        .collect()
}

/// Builds `slice` from the inputs in `work`, writes its files into `dir` and adds its tables to
/// `work`.
fn build_slice_into(
    work: &mut Tablebases,
    slice: Material,
    dir: &Path,
    options: BuildOptions,
    progress: &(dyn Fn(BuildEvent) + Sync),
) -> Result<(), TbError> {
    let inputs = recorded_inputs(work, slice)?;
    for (material, mut table, stats) in build_pair(work, &slice.slice_members(), options, progress)?
    {
        table.write(dir, &inputs)?;
        work.insert(table);
        progress(BuildEvent::TableFinished { material, stats });
    }
    Ok(())
}

fn check_pieces(pieces: u32) -> Result<(), TbError> {
    if pieces > super::material::MAX_TABLE_PIECES {
        return Err(TbError::TooManyPieces(pieces));
    }
    Ok(())
}

/// Reports the plan: the tables of `slices` and their index slots.
fn announce(slices: &[Material], progress: &(dyn Fn(BuildEvent) + Sync)) {
    let members: Vec<Material> = slices.iter().flat_map(|s| s.slice_members()).collect();
    progress(BuildEvent::Planned {
        tables: members.len(),
        slots: members.iter().map(|m| m.index_size()).sum(),
    });
}

/// Builds the tables of `pair` (one material, or a material and its colour swap).
///
/// Memory: the [`Work`] arrays, 5 bytes and 3 bits per slot, plus one batch of predecessors.
/// Nothing is listed per decided position: the positions of a layer are a bitmap, those that
/// wait for a later layer another one (found again by a scan of that bitmap at the layers they
/// wait for), so the peak does not grow with the number of captures or with the frontiers.
fn build_pair(
    done: &Tablebases,
    pair: &[Material],
    options: BuildOptions,
    progress: &(dyn Fn(BuildEvent) + Sync),
) -> Result<Vec<(Material, Table, TableStats)>, TbError> {
    let slots: u64 = pair.iter().map(|m| m.index_size()).sum();
    progress(BuildEvent::PairStarted {
        material: pair[0],
        slots,
    });
    let too_long = || TbError::TooManyPieces(pair[0].pieces());
    // Whole words of the bitmaps per parallel task.
    let chunk = options.chunk.max(1).next_multiple_of(64);
    let mut work = Vec::with_capacity(pair.len());
    let waiting = Mutex::new(Waiting::default());
    let missing = AtomicU64::new(u64::MAX);
    let overflow = AtomicBool::new(false);
    for &material in pair {
        let indexer = Indexer::new(material);
        // A slot is named by 32 bits in a `SlotRef`; on a 32-bit target `usize` may be smaller.
        let size = Some(indexer.size())
            .filter(|&s| s < (1 << 32))
            .and_then(|s| usize::try_from(s).ok())
            .ok_or(TbError::TooManyPieces(material.pieces()))?;
        let mut value = vec![UNKNOWN; size];
        let mut remaining = vec![0u8; size];
        let mut exit = vec![NEVER_LOST; size];
        let mut pending = SlotBits::new(size);
        value
            .par_chunks_mut(chunk)
            .zip(remaining.par_chunks_mut(chunk))
            .zip(exit.par_chunks_mut(chunk))
            .zip(pending.words.par_chunks_mut(chunk / 64))
            .enumerate()
            .for_each(|(c, (((value, remaining), exit), pending))| {
                let base = c * chunk;
                let mut local = Waiting::default();
                let mut moves = MoveList::new();
                for i in 0..value.len() {
                    let Some(position) = indexer.position((base + i) as u64) else {
                        value[i] = INVALID;
                        continue;
                    };
                    let init = init_position(done, pair, &position, &mut moves, &missing);
                    remaining[i] = init.quiet;
                    // Positions with only exits (every capture, most blocked men) are decided
                    // now: no quiet move leads to them from a position without a capture, so
                    // no layer can decide them earlier. They wait to join the frontier of the
                    // layer of their distance.
                    let wait = if let Some(win) = init.exit_win {
                        exit[i] = win;
                        Some(win)
                    } else {
                        exit[i] = init.exit_loss;
                        (init.quiet == 0 && init.exit_loss != NEVER_LOST).then_some(init.exit_loss)
                    };
                    match wait {
                        Some(layer) if layer > MAX_LAYER => overflow.store(true, Ordering::Relaxed),
                        Some(layer) => {
                            if init.quiet == 0 {
                                value[i] = DECIDED + layer;
                            }
                            pending[i / 64] |= 1 << (i % 64);
                            local.add(layer, 1);
                        }
                        None if init.quiet == 0 => value[i] = DRAW,
                        None => {}
                    }
                }
                progress(BuildEvent::Progress {
                    slots: value.len() as u64,
                });
                waiting
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .merge(&local);
            });
        if let Some(m) = decode_missing(missing.load(Ordering::Relaxed)) {
            return Err(TbError::MissingTable(m));
        }
        work.push(Work {
            indexer,
            value,
            remaining,
            exit,
            pending,
            frontier: SlotBits::new(size),
            next: SlotBits::new(size),
        });
    }
    if overflow.load(Ordering::Relaxed) {
        return Err(too_long());
    }
    let mut waiting = waiting.into_inner().unwrap_or_else(PoisonError::into_inner);

    // Layers: the frontier holds everything decided at distance d when layer d starts.
    let mut d: u16 = 0;
    let mut batch: Vec<u32> = Vec::with_capacity(PREDECESSOR_BATCH + 64);
    loop {
        if waiting.at(d) > 0 {
            for w in &mut work {
                w.release(d, chunk);
            }
        }
        let decided: u64 = work.iter().map(|w| w.frontier.count()).sum();
        if decided == 0 && !waiting.after(d) {
            break;
        }
        let is_win = d % 2 == 1;
        let next = d
            .checked_add(1)
            .filter(|&n| n <= MAX_LAYER)
            .ok_or_else(too_long)?;
        for t in 0..work.len() {
            let mut word = 0;
            while word < work[t].frontier.words.len() {
                batch.clear();
                word = work[t]
                    .frontier
                    .take_into(word, PREDECESSOR_BATCH, &mut batch);
                // Predecessors of this batch, found in parallel; the (cheap) updates are
                // applied in order, so the result is deterministic (and the values do not
                // depend on the order anyway: a layer's set is the same whatever its order).
                let preds: Vec<SlotRef> = batch
                    .par_iter()
                    .flat_map_iter(|&i| {
                        let mut out = Vec::new();
                        if let Some(position) = work[t].indexer.position(u64::from(i)) {
                            for pred in predecessors(&position) {
                                let material = Material::of(&pred);
                                let pt = pair.iter().position(|m| *m == material).unwrap_or(0);
                                out.push(slot_ref(pt, work[pt].indexer.index(&pred)));
                            }
                        }
                        out
                    })
                    .collect();
                for slot in preds {
                    let (t, i) = split(slot);
                    let w = &mut work[t];
                    if w.value[i] != UNKNOWN {
                        continue;
                    }
                    if is_win {
                        // A quiet move of `slot` leads to an opponent win.
                        w.remaining[i] = w.remaining[i].saturating_sub(1);
                        let exit = w.exit[i];
                        // An odd exit (a win through an exit, or one that draws) is never lost.
                        if w.remaining[i] == 0 && exit % 2 == 0 {
                            if exit <= next {
                                w.value[i] = DECIDED + next;
                                w.next.set(i);
                            } else {
                                w.pending.set(i);
                                waiting.add(exit, 1);
                            }
                        }
                    } else {
                        w.value[i] = DECIDED + next;
                        w.next.set(i);
                    }
                }
            }
        }
        for w in &mut work {
            std::mem::swap(&mut w.frontier, &mut w.next);
            w.next.clear_all();
        }
        d = next;
    }

    // Only the values are needed now: the other arrays go before the tables are encoded.
    let values: Vec<Vec<u16>> = work.into_iter().map(|w| w.value).collect();
    Ok(pair
        .iter()
        .zip(values)
        .map(|(&material, value)| {
            let mut stats = TableStats::default();
            for &v in &value {
                match slot_of(v) {
                    None => stats.invalid += 1,
                    Some(entry) => {
                        match entry.wdl {
                            Wdl::Win => stats.wins += 1,
                            Wdl::Draw => stats.draws += 1,
                            Wdl::Loss => stats.losses += 1,
                        }
                        stats.max_distance = stats.max_distance.max(entry.distance);
                    }
                }
            }
            let table = Table::from_slots(material, value.iter().map(|&v| slot_of(v)));
            (material, table, stats)
        })
        .collect())
}

/// The slot a builder value stands for (what is still unknown at the end is a draw).
fn slot_of(value: u16) -> Slot {
    match value {
        INVALID => None,
        UNKNOWN | DRAW => Some(TbEntry {
            wdl: Wdl::Draw,
            distance: 0,
        }),
        v => Some(TbEntry::decided(v - DECIDED)),
    }
}

impl Work {
    /// Moves the pending positions that layer `d` decides into the frontier: those decided by
    /// the init pass at distance `d`, those won through an exit in `d` plies, and those out of
    /// quiet moves whose longest exit loss is `d` (if nothing decided them earlier). Pending
    /// positions a quiet move decided earlier are dropped.
    fn release(&mut self, d: u16, chunk: usize) {
        let target = DECIDED + d;
        let win_layer = d % 2 == 1;
        self.value
            .par_chunks_mut(chunk)
            .zip(self.remaining.par_chunks(chunk))
            .zip(self.exit.par_chunks(chunk))
            .zip(self.pending.words.par_chunks_mut(chunk / 64))
            .zip(self.frontier.words.par_chunks_mut(chunk / 64))
            .for_each(|((((value, remaining), exit), pending), frontier)| {
                for (w, word) in pending.iter_mut().enumerate() {
                    let mut bits = *word;
                    while bits != 0 {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let i = w * 64 + b;
                        let v = value[i];
                        let now = if v == UNKNOWN {
                            exit[i] == d && (win_layer || remaining[i] == 0)
                        } else {
                            v == target
                        };
                        if now {
                            value[i] = target;
                            frontier[w] |= 1 << b;
                        }
                        if now || v != UNKNOWN && v < target {
                            *word &= !(1 << b);
                        }
                    }
                }
            });
    }
}

fn split(slot: SlotRef) -> (usize, usize) {
    ((slot >> 32) as usize, (slot & 0xFFFF_FFFF) as usize)
}

/// What the init pass learns about one position.
struct Init {
    /// Quiet moves (they stay inside the pair).
    quiet: u8,
    /// The fastest win through an exit, in plies.
    exit_win: Option<u16>,
    /// The longest loss through an exit (0 with no move at all), or [`NEVER_LOST`] if an exit
    /// draws or wins.
    exit_loss: u16,
}

fn encode_missing(m: Material) -> u64 {
    u64::from_le_bytes([m.men[0], m.kings[0], m.men[1], m.kings[1], 0, 0, 0, 0])
}

fn decode_missing(code: u64) -> Option<Material> {
    (code != u64::MAX).then(|| {
        let b = code.to_le_bytes();
        Material {
            men: [b[0], b[2]],
            kings: [b[1], b[3]],
        }
    })
}

fn init_position(
    done: &Tablebases,
    pair: &[Material],
    position: &Position,
    moves: &mut MoveList,
    missing: &AtomicU64,
) -> Init {
    let mut init = Init {
        quiet: 0,
        exit_win: None,
        exit_loss: 0,
    };
    // A reused list: `legal_moves` would return (and copy) a fresh 4 KB list per position.
    moves.clear();
    crate::rules::movegen::generate(position, moves);
    for mv in moves.iter() {
        if !mv.is_capture() && !mv.promotes() {
            init.quiet = init.quiet.saturating_add(1);
            continue;
        }
        let child = position.play_unchecked(mv);
        let entry = if child.pieces(Color::Black).is_empty() {
            Some(TbEntry::decided(0))
        } else {
            let flipped = child.flipped();
            debug_assert!(!pair.contains(&Material::of(&flipped)));
            let entry = done.probe_white(&flipped);
            if entry.is_none() {
                missing.store(encode_missing(Material::of(&flipped)), Ordering::Relaxed);
            }
            entry
        };
        match entry.map(|e| (e.wdl, e.distance)) {
            Some((Wdl::Loss, d)) => {
                let win = d + 1;
                init.exit_win = Some(init.exit_win.map_or(win, |w| w.min(win)));
                init.exit_loss = NEVER_LOST;
            }
            Some((Wdl::Win, d)) => {
                if init.exit_loss != NEVER_LOST {
                    init.exit_loss = init.exit_loss.max(d + 1);
                }
            }
            Some((Wdl::Draw, _)) | None => init.exit_loss = NEVER_LOST,
        }
    }
    init
}

/// The positions (White to move, normalised) from which the side that just moved in `position`
/// (White to move) could have reached it by a legal quiet, non-promoting move.
#[must_use]
pub fn predecessors(position: &Position) -> Vec<Position> {
    let white = position.pieces(Color::White);
    let black = position.pieces(Color::Black);
    let kings = position.all_kings();
    let empty = position.empty_squares();
    let mut out = Vec::new();
    let mut consider = |black: Bitboard, kings: Bitboard| {
        if let Ok(before) = Position::new(white, black, kings, Color::Black)
            && !before.has_capture()
        {
            out.push(before.flipped());
        }
    };
    for king in position.kings(Color::Black) {
        let at = Bitboard::from_square(king);
        for direction in Direction::ALL {
            let mut from = at.step(direction) & empty;
            while from.any() {
                consider(black ^ at ^ from, kings ^ at ^ from);
                from = from.step(direction) & empty;
            }
        }
    }
    // Black men move south, so they came from the north.
    for man in position.men(Color::Black) {
        let at = Bitboard::from_square(man);
        for direction in [Direction::NorthEast, Direction::NorthWest] {
            let from = at.step(direction) & empty;
            if from.any() {
                consider(black ^ at ^ from, kings);
            }
        }
    }
    out
}
