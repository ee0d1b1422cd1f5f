//! The transposition table: what earlier searches learnt about a position, keyed by its Zobrist key.
//!
//! An entry ([`TtEntry`]) holds a score with its [`Bound`] (exact, lower, upper), the depth it was
//! searched to, the best move and the search generation ("age") that wrote it, packed into one
//! `u64`. Win scores are stored node-relative (see [`crate::search::score`]).
//!
//! [`AtomicTable`], the default, is shared by all search threads without locks: each slot is two
//! `AtomicU64`s, the key XORed with the data and the data. A reader accepts a slot only if
//! `key_word ^ data == key`, so a slot torn by two concurrent writers is simply a miss. Slots are
//! grouped in buckets of [`BUCKET_SLOTS`] (one 64-byte cache line); a store replaces the same key,
//! else the slot that is oldest and shallowest. `MapTable` is the `ahash::AHashMap`-backed
//! alternative (sharded mutexes) kept for the benchmark in `benches/benches/tt.rs`; see the README
//! for why the atomic table is the default.
//!
//! The best move is stored compactly as its index in the legal move list plus its origin and
//! destination; [`PackedMove::find`] validates it against the legal moves on probe, so a key
//! collision can never make the search play an illegal move.

use std::fmt;
#[cfg(any(test, feature = "tuning"))]
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

#[cfg(any(test, feature = "tuning"))]
use ahash::AHashMap;

use crate::rules::{Move, MoveList};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at least the score (the search failed high).
    Lower = 1,
    /// The true value is at most the score (the search failed low).
    Upper = 2,
    /// The score is the true value (to the stored depth).
    Exact = 3,
}

/// A best move packed into 18 bits: index in the legal move list, origin and destination bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedMove(u32);

impl PackedMove {
    /// Packs the move at `index` of a legal move list.
    #[must_use]
    #[inline]
    pub fn new(index: usize, mv: &Move) -> PackedMove {
        PackedMove(
            (index.min(255) as u32)
                | (mv.from().index() as u32) << 8
                | (mv.to().index() as u32) << 13,
        )
    }

    /// The legal move this stands for, if `moves` (the legal moves of the position) has it.
    #[must_use]
    #[inline]
    pub fn find(self, moves: &MoveList) -> Option<usize> {
        let index = (self.0 & 0xFF) as usize;
        let mv = moves.get(index)?;
        let from = ((self.0 >> 8) & 31) as usize;
        let to = ((self.0 >> 13) & 31) as usize;
        (mv.from().index() == from && mv.to().index() == to).then_some(index)
    }
}

/// One table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best move found, if any.
    pub best_move: Option<PackedMove>,
    /// Score, node-relative for wins and losses.
    pub score: i16,
    /// Depth searched, in [`ONE_PLY`](crate::ONE_PLY) units (12 bits).
    pub depth: u16,
    /// What the score means.
    pub bound: Bound,
    /// Search generation that wrote it (6 bits).
    pub age: u8,
}

const MOVE_BITS: u64 = 18;
const NO_MOVE: u64 = (1 << MOVE_BITS) - 1;

impl TtEntry {
    /// The entry as one word (never 0: the bound bits are non-zero).
    #[must_use]
    #[inline]
    pub fn pack(self) -> u64 {
        let mv = self.best_move.map_or(NO_MOVE, |m| u64::from(m.0));
        mv | u64::from(self.score as u16) << 18
            | u64::from(self.depth & 0xFFF) << 34
            | (self.bound as u64) << 46
            | u64::from(self.age & 63) << 48
    }

    /// The entry from its word; `None` for an empty word.
    #[must_use]
    #[inline]
    pub fn unpack(data: u64) -> Option<TtEntry> {
        let bound = match (data >> 46) & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => return None,
        };
        let mv = data & NO_MOVE;
        Some(TtEntry {
            best_move: (mv != NO_MOVE).then_some(PackedMove(mv as u32)),
            score: ((data >> 18) & 0xFFFF) as u16 as i16,
            depth: ((data >> 34) & 0xFFF) as u16,
            bound,
            age: ((data >> 48) & 63) as u8,
        })
    }
}

/// A transposition table of the requested size could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {megabytes} MB transposition table")]
pub struct TableAllocError {
    /// The size asked for, in MB.
    pub megabytes: usize,
}

/// A transposition table usable by the search: shared by reference between threads.
pub trait Table: Send + Sync {
    /// A table of about `megabytes` MB.
    ///
    /// # Errors
    /// [`TableAllocError`] if the memory cannot be had.
    fn try_with_size_mb(megabytes: usize) -> Result<Self, TableAllocError>
    where
        Self: Sized;

    /// A table of about `megabytes` MB.
    ///
    /// # Panics
    /// If the memory cannot be had (see [`Table::try_with_size_mb`]).
    fn with_size_mb(megabytes: usize) -> Self
    where
        Self: Sized,
    {
        Self::try_with_size_mb(megabytes).unwrap_or_else(|error| panic!("{error}"))
    }
    /// The entry stored for `key`, if any.
    fn probe(&self, key: u64) -> Option<TtEntry>;
    /// Stores `entry` for `key` (the table decides what to replace).
    fn store(&self, key: u64, entry: TtEntry);
    /// Starts loading the bucket of `key` into the cache (a hint; the default does nothing).
    #[inline]
    fn prefetch(&self, key: u64) {
        let _ = key;
    }
    /// Starts a new search generation (older entries become preferred victims).
    fn new_search(&self);
    /// The current generation, for new entries.
    fn age(&self) -> u8;
    /// Empties the table.
    fn clear(&self);
}

/// The search generation entries are stamped with (6 bits, wrapping), shared by the threads.
#[derive(Default)]
struct Generation(AtomicU32);

impl Generation {
    fn advance(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn current(&self) -> u8 {
        (self.0.load(Ordering::Relaxed) & 63) as u8
    }

    fn reset(&self) {
        self.0.store(0, Ordering::Relaxed);
    }
}

/// Slots per bucket: 4 × 16 bytes = one cache line.
pub const BUCKET_SLOTS: usize = 4;

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// The slots one key can use, aligned to a cache line: a probe reads one line, and the prefetch
/// of that line brings the whole bucket. (Unaligned, as a plain `Vec<Slot>` was, most buckets
/// straddled two lines and the probe stalled on the second: 13 % of the search's samples in
/// `perf` sat on the load of the fourth slot.)
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; BUCKET_SLOTS]);

/// The default table: lock-free buckets of atomic slots with XOR key verification.
pub struct AtomicTable {
    buckets: Vec<Bucket>,
    age: Generation,
}

impl fmt::Debug for AtomicTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AtomicTable")
            .field("buckets", &self.buckets.len())
            .finish_non_exhaustive()
    }
}

impl AtomicTable {
    /// The bucket number of `key`: multiply-shift maps the key onto `0..buckets` without a
    /// division.
    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[self.bucket_index(key)]
    }
}

/// Asks the CPU to start loading the cache line of `bucket` without waiting for it, so the probe at
/// the child node (after its move generation) finds the line in cache.
///
/// An `unsafe` block (one of the workspace's three): Rust has no safe prefetch. A plain load in its place
/// (`black_box` of the value, the first version) stalled the search until the line arrived — 24 %
/// of the search's time in `perf` — while a prefetch instruction retires at once;
/// `benches/benches/tt.rs` measures the table with and without the hint.
#[inline(always)]
fn prefetch_line(bucket: &Bucket) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` only hints the cache and never faults; the pointer comes from a
    // live reference, and SSE is part of the x86_64 baseline.
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bucket;
}

/// Asks Linux to back the table's memory with 2 MB pages before it is first touched.
///
/// Every probe lands on a random bucket, so with 4 KB pages nearly every probe also misses the
/// TLB and walks the page tables; with 2 MB pages the 64 MB table needs 32 TLB entries instead of
/// 16 384. Transparent huge pages are often enabled only for regions that ask (`madvise` mode).
/// `shashki analyse --depth 17` from the start: 3.41–3.68 s → 2.88–3.24 s CPU ([engine/SEARCH.md](crate::docs::search)).
/// An `unsafe` block (one of the workspace's three): `madvise` is a system call.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *const Bucket, bytes: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    let begin = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize).saturating_add(bytes) / HUGE_PAGE * HUGE_PAGE;
    if end > begin {
        // SAFETY: `MADV_HUGEPAGE` is only advice: it changes how the kernel backs the pages, never
        // their contents or validity. The range lies inside the caller's live allocation, and a
        // refusal (old kernel, huge pages disabled) leaves ordinary pages, so the result is ignored.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

/// Other systems: ordinary pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: *const Bucket, _: usize) {}

/// How much an entry is worth keeping: deeper and younger is better.
#[inline]
fn worth(entry: &TtEntry, age: u8) -> i32 {
    let staleness = i32::from(age.wrapping_sub(entry.age) & 63);
    i32::from(entry.depth) - 64 * staleness
}

/// The policy of both tables for a store over an entry of the same position: the new entry
/// inherits the old one's move when it has none, and does not replace a deeper exact result of
/// this search (a later, shallower bound must not erase it). Returns whether `entry` is stored.
#[inline]
fn replaces_same_position(old: &TtEntry, entry: &mut TtEntry) -> bool {
    if entry.best_move.is_none() {
        entry.best_move = old.best_move;
    }
    !(old.age == entry.age
        && old.bound == Bound::Exact
        && entry.bound != Bound::Exact
        && old.depth > entry.depth)
}

impl Table for AtomicTable {
    fn try_with_size_mb(megabytes: usize) -> Result<AtomicTable, TableAllocError> {
        let error = TableAllocError { megabytes };
        let bytes = megabytes.max(1).checked_mul(1 << 20).ok_or(error)?;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| error)?;
        // Advised before `resize_with` touches the pages, so they are faulted in as huge pages.
        advise_huge_pages(
            buckets.as_ptr(),
            buckets.capacity() * std::mem::size_of::<Bucket>(),
        );
        buckets.resize_with(count, Bucket::default);
        Ok(AtomicTable {
            buckets,
            age: Generation::default(),
        })
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        prefetch_line(self.bucket(key));
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<TtEntry> {
        for slot in &self.bucket(key).0 {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.key.load(Ordering::Relaxed) ^ data == key {
                return TtEntry::unpack(data);
            }
        }
        None
    }

    #[inline]
    fn store(&self, key: u64, mut entry: TtEntry) {
        let age = self.age();
        let bucket = &self.bucket(key).0;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let Some(old) = TtEntry::unpack(data) else {
                victim = i;
                break;
            };
            if slot.key.load(Ordering::Relaxed) ^ data == key {
                if !replaces_same_position(&old, &mut entry) {
                    return;
                }
                victim = i;
                break;
            }
            let w = worth(&old, age);
            if w < victim_worth {
                victim_worth = w;
                victim = i;
            }
        }
        let data = entry.pack();
        bucket[victim].key.store(key ^ data, Ordering::Relaxed);
        bucket[victim].data.store(data, Ordering::Relaxed);
    }

    fn new_search(&self) {
        self.age.advance();
    }

    #[inline]
    fn age(&self) -> u8 {
        self.age.current()
    }

    fn clear(&self) {
        // Bucket by bucket, the slots in a fixed-size loop the compiler unrolls: the flattened
        // iterator over all slots (`flat_map`) cost 70 instructions per slot, a third of them in
        // `Option` checks, and 5 % of `shashki bench`'s instructions (engine/SEARCH.md).
        for bucket in &self.buckets {
            for slot in &bucket.0 {
                slot.key.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
        self.age.reset();
    }
}

#[cfg(any(test, feature = "tuning"))]
/// Mutex shards of the [`MapTable`]: threads rarely wait on the same one.
const MAP_SHARDS: usize = 16;

#[cfg(any(test, feature = "tuning"))]
/// The `ahash::AHashMap`-backed table: `MAP_SHARDS` maps behind mutexes, each holding at most
/// its share of the size; when a shard is full a new key replaces nothing (the store is dropped)
/// unless it is deeper than some entry of an older search, which is then evicted.
pub struct MapTable {
    shards: Vec<Mutex<AHashMap<u64, u64>>>,
    capacity_per_shard: usize,
    age: Generation,
}

#[cfg(any(test, feature = "tuning"))]
impl fmt::Debug for MapTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MapTable")
            .field("shards", &self.shards.len())
            .finish_non_exhaustive()
    }
}

#[cfg(any(test, feature = "tuning"))]
impl Table for MapTable {
    fn try_with_size_mb(megabytes: usize) -> Result<MapTable, TableAllocError> {
        // A hashbrown entry of (u64, u64) costs 16 bytes plus a control byte, at 7/8 load.
        let bytes = megabytes
            .max(1)
            .checked_mul(1 << 20)
            .ok_or(TableAllocError { megabytes })?;
        let entries = bytes / 20;
        let capacity_per_shard = (entries / MAP_SHARDS).max(1);
        let mut shards = Vec::with_capacity(MAP_SHARDS);
        for _ in 0..MAP_SHARDS {
            let mut map = AHashMap::with_hasher(ahash::RandomState::with_seeds(1, 2, 3, 4));
            map.try_reserve(capacity_per_shard)
                .map_err(|_| TableAllocError { megabytes })?;
            shards.push(Mutex::new(map));
        }
        Ok(MapTable {
            shards,
            capacity_per_shard,
            age: Generation::default(),
        })
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        let shard = self.shards[(key >> 60) as usize % MAP_SHARDS]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        shard.get(&key).and_then(|&data| TtEntry::unpack(data))
    }

    fn store(&self, key: u64, mut entry: TtEntry) {
        let mut shard = self.shards[(key >> 60) as usize % MAP_SHARDS]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(old) = shard.get(&key).and_then(|&d| TtEntry::unpack(d)) {
            if !replaces_same_position(&old, &mut entry) {
                return;
            }
        } else if shard.len() >= self.capacity_per_shard {
            let age = self.age();
            let stale = shard.iter().find_map(|(&k, &d)| {
                let old = TtEntry::unpack(d)?;
                (old.age != age && old.depth <= entry.depth).then_some(k)
            });
            match stale {
                Some(k) => {
                    shard.remove(&k);
                }
                None => return,
            }
        }
        shard.insert(key, entry.pack());
    }

    fn new_search(&self) {
        self.age.advance();
    }

    fn age(&self) -> u8 {
        self.age.current()
    }

    fn clear(&self) {
        for shard in &self.shards {
            shard
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clear();
        }
        self.age.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    fn entry(score: i16, depth: u16, bound: Bound, age: u8) -> TtEntry {
        TtEntry {
            best_move: None,
            score,
            depth,
            bound,
            age,
        }
    }

    #[test]
    fn pack_round_trips() {
        let moves = Position::start().legal_moves();
        for bound in [Bound::Lower, Bound::Upper, Bound::Exact] {
            for score in [i16::MIN, -29_990, -1, 0, 35, 29_999, i16::MAX] {
                let e = TtEntry {
                    best_move: Some(PackedMove::new(6, &moves[6])),
                    score,
                    depth: 4000,
                    bound,
                    age: 63,
                };
                assert_eq!(TtEntry::unpack(e.pack()), Some(e));
            }
        }
        assert_eq!(TtEntry::unpack(0), None);
    }

    #[test]
    fn packed_move_is_validated_against_the_legal_moves() {
        let start = Position::start();
        let moves = start.legal_moves();
        let packed = PackedMove::new(3, &moves[3]);
        assert_eq!(packed.find(&moves), Some(3));
        // The same packed move in another position with other moves is rejected.
        let other = start.play_unchecked(&moves[0]).legal_moves();
        assert_eq!(packed.find(&other), None);
    }

    fn bounds_and_replacement<T: Table>() {
        let table = T::with_size_mb(1);
        assert_eq!(table.probe(42), None);
        table.store(42, entry(-7, 5, Bound::Upper, table.age()));
        assert_eq!(table.probe(42).unwrap().bound, Bound::Upper);
        assert_eq!(table.probe(42).unwrap().score, -7);
        // A shallower non-exact result of the same search does not replace an exact one.
        table.store(42, entry(90, 9, Bound::Exact, table.age()));
        table.store(42, entry(10, 3, Bound::Lower, table.age()));
        assert_eq!(table.probe(42).unwrap(), entry(90, 9, Bound::Exact, 0));
        // A new search may replace it.
        table.new_search();
        table.store(42, entry(10, 3, Bound::Lower, table.age()));
        assert_eq!(table.probe(42).unwrap().bound, Bound::Lower);
        table.clear();
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn atomic_table_bounds_and_replacement() {
        bounds_and_replacement::<AtomicTable>();
    }

    #[test]
    fn map_table_bounds_and_replacement() {
        bounds_and_replacement::<MapTable>();
    }

    #[test]
    fn atomic_table_buckets_are_whole_cache_lines() {
        let table = AtomicTable::with_size_mb(1);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(table.buckets.as_ptr() as usize % 64, 0);
        assert_eq!(table.buckets.len(), (1 << 20) / 64);
    }

    #[test]
    fn atomic_table_keeps_deep_entries_when_a_bucket_overflows() {
        let table = AtomicTable::with_size_mb(1);
        // Keys that land in bucket 0: the multiply-shift maps small keys there.
        let keys: Vec<u64> = (1..=5u64).collect();
        assert!(keys.iter().all(|&k| table.bucket_index(k) == 0));
        for (i, &key) in keys.iter().enumerate() {
            let depth = if i == 0 { 30 } else { i as u16 };
            table.store(key, entry(0, depth, Bound::Exact, 0));
        }
        // Five entries in a four-slot bucket: the shallowest (depth 1) was replaced.
        assert!(table.probe(1).is_some());
        assert!(table.probe(2).is_none());
        assert!(table.probe(5).is_some());
    }
}
