//! Perft: counting the leaf nodes of the move tree, the standard test of a move generator.
//!
//! Counts use bulk counting (the last ply is counted, not played). Moves are identified by outcome
//! (convention C of [docs/RULES.md §4](crate::docs::rules)) unless [`MoveIdentity::Trajectory`] asks for convention B.
//! [`perft_parallel`] splits the tree over rayon's thread pool. [`PerftTable`] adds a hash table
//! of subtree counts keyed by Zobrist key and depth: move orders that transpose are counted once.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::parallel::*;

use crate::rules::movegen::{self, MoveIdentity};
use crate::rules::{Move, MoveList, Position};

/// Leaf nodes at `depth` plies under convention C.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_with(position, depth, MoveIdentity::Outcome)
}

/// Leaf nodes at `depth` plies under the given move identity.
#[must_use]
pub fn perft_with(position: &Position, depth: u32, identity: MoveIdentity) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_with(position, identity) as u64,
        _ => {
            let mut moves = MoveList::new();
            movegen::generate_with(position, identity, &mut moves);
            moves
                .iter()
                .map(|mv| perft_with(&position.play_unchecked(mv), depth - 1, identity))
                .sum()
        }
    }
}

/// Leaf counts below each legal move ("divide"), in generation order; their sum is
/// `perft(depth)`. At depth 0 no move is played (the position itself is the one leaf), so the
/// list is empty.
#[must_use]
pub fn divide(position: &Position, depth: u32, identity: MoveIdentity) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    movegen::generate_with(position, identity, &mut moves);
    moves
        .par_iter()
        .map(|mv| {
            (
                *mv,
                perft_with(&position.play_unchecked(mv), depth - 1, identity),
            )
        })
        .collect()
}

/// [`perft_with`] spread over the current rayon thread pool: the first two plies are split into
/// tasks, each counted single-threaded.
#[must_use]
pub fn perft_parallel(position: &Position, depth: u32, identity: MoveIdentity) -> u64 {
    if depth < 4 {
        return perft_with(position, depth, identity);
    }
    over_grandchildren(position, 0, identity, &|grandchild, _| {
        perft_with(grandchild, depth - 2, identity)
    })
}

/// Sums `count(grandchild, grandchild_key)` over every grandchild of `position` (the first two
/// plies split into rayon tasks); `key` is `position`'s key, updated incrementally.
fn over_grandchildren(
    position: &Position,
    key: u64,
    identity: MoveIdentity,
    count: &(dyn Fn(&Position, u64) -> u64 + Sync),
) -> u64 {
    let mut moves = MoveList::new();
    movegen::generate_with(position, identity, &mut moves);
    moves
        .par_iter()
        .map(|mv| {
            let child = position.play_unchecked(mv);
            let child_key = position.zobrist_key_after(key, mv);
            let mut replies = MoveList::new();
            movegen::generate_with(&child, identity, &mut replies);
            replies
                .par_iter()
                .map(|reply| {
                    count(
                        &child.play_unchecked(reply),
                        child.zobrist_key_after(child_key, reply),
                    )
                })
                .sum::<u64>()
        })
        .sum()
}

/// A lock-free table of subtree counts shared by perft threads.
///
/// Each slot holds two words: `key ^ data` and `data`, where `data` packs the depth (6 bits) and the
/// count (58 bits). A reader accepts a slot only if the two words agree with the key it looks for,
/// so a slot torn by a concurrent writer is a miss, never a wrong count.
pub struct PerftTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl std::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftTable")
            .field("slots", &self.slots.len())
            .finish_non_exhaustive()
    }
}

impl PerftTable {
    /// A table of about `megabytes` MB (rounded down to a power of two of 16-byte slots, at least one).
    ///
    /// # Panics
    /// Like `Vec::with_capacity`, if the memory cannot be allocated; use [`PerftTable::try_new`]
    /// for sizes that come from a user.
    #[must_use]
    pub fn new(megabytes: usize) -> PerftTable {
        PerftTable::try_new(megabytes).unwrap_or_else(|error| panic!("perft table: {error}"))
    }

    /// A table of about `megabytes` MB, or an error if that much memory cannot be reserved.
    ///
    /// # Errors
    /// [`std::collections::TryReserveError`] when the allocation fails.
    pub fn try_new(megabytes: usize) -> Result<PerftTable, std::collections::TryReserveError> {
        let wanted = (megabytes.clamp(1, 1 << 30) << 20) / 16;
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut slots = Vec::new();
        slots.try_reserve_exact(len)?;
        slots.extend((0..len).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Ok(PerftTable {
            slots,
            mask: len - 1,
        })
    }

    fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let slot = &self.slots[key as usize & self.mask];
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (check ^ data == key && data & 63 == u64::from(depth) && data != 0).then_some(data >> 6)
    }

    fn store(&self, key: u64, depth: u32, count: u64) {
        let data = (count << 6) | u64::from(depth);
        let slot = &self.slots[key as usize & self.mask];
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

/// Leaf nodes at `depth` under `identity`, with subtree counts cached in `table`. Counts are exact
/// unless two positions share a 64-bit Zobrist key, which is vanishingly rare.
#[must_use]
pub fn perft_hashed(
    position: &Position,
    depth: u32,
    identity: MoveIdentity,
    table: &PerftTable,
) -> u64 {
    hashed(
        position,
        table_key(position, identity),
        depth,
        identity,
        table,
    )
}

/// The Zobrist key, salted per move identity so that one table can serve both conventions. The
/// salt survives incremental updates, which only XOR piece and side keys.
fn table_key(position: &Position, identity: MoveIdentity) -> u64 {
    match identity {
        MoveIdentity::Outcome => position.zobrist_key(),
        MoveIdentity::Trajectory => position.zobrist_key() ^ 0x7472_616A_6563_746F,
    }
}

fn hashed(
    position: &Position,
    key: u64,
    depth: u32,
    identity: MoveIdentity,
    table: &PerftTable,
) -> u64 {
    if depth <= 2 {
        return perft_with(position, depth, identity);
    }
    if let Some(count) = table.probe(key, depth) {
        return count;
    }
    let mut moves = MoveList::new();
    movegen::generate_with(position, identity, &mut moves);
    let count = moves
        .iter()
        .map(|mv| {
            let child_key = position.zobrist_key_after(key, mv);
            hashed(
                &position.play_unchecked(mv),
                child_key,
                depth - 1,
                identity,
                table,
            )
        })
        .sum();
    table.store(key, depth, count);
    count
}

/// [`perft_hashed`] spread over the current rayon thread pool, all threads sharing `table`.
#[must_use]
pub fn perft_hashed_parallel(
    position: &Position,
    depth: u32,
    identity: MoveIdentity,
    table: &PerftTable,
) -> u64 {
    if depth < 4 {
        return perft_hashed(position, depth, identity, table);
    }
    let key = table_key(position, identity);
    over_grandchildren(position, key, identity, &|grandchild, grandchild_key| {
        hashed(grandchild, grandchild_key, depth - 2, identity, table)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_sums_to_perft_even_at_depth_zero() {
        let start = Position::start();
        assert!(divide(&start, 0, MoveIdentity::Outcome).is_empty());
        for depth in 1..=3 {
            let total: u64 = divide(&start, depth, MoveIdentity::Outcome)
                .iter()
                .map(|(_, n)| n)
                .sum();
            assert_eq!(total, perft_with(&start, depth, MoveIdentity::Outcome));
        }
    }

    #[test]
    fn start_position_shallow() {
        let start = Position::start();
        let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [7, 49, 302, 1469, 7482, 37986, 190146]);
        assert_eq!(perft_parallel(&start, 7, MoveIdentity::Outcome), 190146);
    }

    #[test]
    fn hashed_counts_equal_plain_counts() {
        let table = PerftTable::new(4);
        let start = Position::start();
        assert_eq!(
            perft_hashed(&start, 8, MoveIdentity::Outcome, &table),
            929_899
        );
        assert_eq!(
            perft_hashed(&start, 8, MoveIdentity::Trajectory, &table),
            929_905
        );
        assert_eq!(
            perft_hashed_parallel(&start, 8, MoveIdentity::Outcome, &table),
            929_899
        );
    }
}
