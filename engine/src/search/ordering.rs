//! Move ordering: which move to try first, so that alpha-beta cuts early.
//!
//! Order: the hash move (best move stored in the transposition table), then captures (more
//! captured pieces first, a promotion breaking ties), then the two killer moves of the ply (quiet
//! moves that caused a cut-off in a sibling), then the other quiet moves by their history score
//! (how often a move from/to these squares caused cut-offs, per colour), promotions first. Moves
//! are scored once and picked one at a time (selection), since a cut-off usually comes early;
//! the first pick is made while the keys are written ([`next`] serves the moves in order).

use arrayvec::ArrayVec;

use crate::rules::{Color, MAX_MOVES, Move, MoveList};

use super::score::MAX_PLY;

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 26, (1 << 26) - 1];
const PROMOTION: i32 = 1 << 24;

/// The ordering keys of a node's moves, one per move: the move's score in the high bits and its
/// index in the move list in the low 8 bits. One array to select from and swap, instead of a
/// score array and an index array moved in step.
///
/// [`pick`] compares scores only: among equal scores it takes the first in the array's current
/// order, which the swaps of earlier picks have shuffled. Breaking ties by generation order
/// instead searched 16–33 % more nodes to depth 17 from the start (11.2 M against 14.9 M and
/// 17.5 M for the two directions), so the shuffle stays.
pub type OrderKeys = ArrayVec<i64, MAX_MOVES>;

#[inline(always)]
fn order_key(score: i32, index: usize) -> i64 {
    i64::from(score) << 8 | index as i64
}

/// The move list index an ordering key carries (its low 8 bits, see [`order_key`]).
#[inline(always)]
fn key_index(key: i64) -> usize {
    (key & 0xFF) as usize
}

/// A quiet move as its origin and destination bits (6 bits each): all a killer needs to be
/// recognised, and with the colour the move's history index.
#[inline(always)]
fn quiet_key(mv: &Move) -> u16 {
    mv.from().bit() as u16 | (mv.to().bit() as u16) << 6
}

/// No killer move.
const NO_KILLER: u16 = u16::MAX;

/// History is indexed by colour and the squares' bit positions (0–35), each in a 6-bit field:
/// the colour above the move's [`quiet_key`], which the ordering computes anyway for the
/// killers (one OR more), and an index the compiler can see is in bounds (masked to the table's
/// power-of-two size), so the ordering loop has no bounds check.
const HISTORY_LEN: usize = 2 << 12;

#[inline(always)]
fn history_index(side: Color, mv: &Move) -> usize {
    history_index_of_key(side, quiet_key(mv))
}

/// [`history_index`] from the move's [`quiet_key`].
#[inline(always)]
fn history_index_of_key(side: Color, key: u16) -> usize {
    (side.index() << 12 | usize::from(key)) & (HISTORY_LEN - 1)
}

/// A quiet move's history entry (its colour, origin and destination): what a node keeps of each
/// quiet move that failed, for [`Heuristics::record_cutoff`] (2 bytes instead of the 16 of a
/// [`Move`], and no index to compute again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistorySlot(u16);

impl HistorySlot {
    /// The history entry of quiet move `mv` played by `side`.
    #[must_use]
    #[inline(always)]
    pub fn of(side: Color, mv: &Move) -> HistorySlot {
        HistorySlot(history_index(side, mv) as u16)
    }

    /// The index into the history table (masked, so that the compiler sees it in bounds).
    #[inline(always)]
    fn index(self) -> usize {
        usize::from(self.0) & (HISTORY_LEN - 1)
    }
}

/// Per-thread heuristics learnt during the search: killers per ply and history per move.
#[derive(Clone)]
pub struct Heuristics {
    killers: Vec<[u16; 2]>,
    history: Box<[i32; HISTORY_LEN]>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[NO_KILLER; 2]; MAX_PLY + 1],
            history: Box::new([0; HISTORY_LEN]),
        }
    }
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Fills `keys` with the ordering keys of `moves` (see [`OrderKeys`]), the first pick made:
    /// `keys[0]` is the key [`pick`]`(keys, 0)` would have moved there ([`first`] reads its move).
    #[inline]
    pub fn score_moves(
        &self,
        moves: &MoveList,
        hash_move: Option<usize>,
        side: Color,
        ply: usize,
        keys: &mut OrderKeys,
    ) {
        keys.clear();
        let best = if moves.first().is_some_and(|mv| mv.is_capture()) {
            // Capturing is compulsory, so either every move captures or none does.
            capture_keys(moves, keys)
        } else {
            let [first, second] = self.killers[ply.min(MAX_PLY)];
            let history = &*self.history;
            let mut best = Best::new();
            for (index, mv) in moves.iter().enumerate() {
                let key = quiet_key(mv);
                let score = if key == first {
                    KILLER[0]
                } else if key == second {
                    KILLER[1]
                } else {
                    history[history_index_of_key(side, key)]
                        + if mv.promotes() { PROMOTION } else { 0 }
                };
                let key = order_key(score, index);
                best.offer(key, index);
                keys.push(key);
            }
            best.index
        };
        match hash_move {
            // The highest score of all: the first pick.
            Some(index) => {
                keys[index] = order_key(HASH_MOVE, index);
                keys.swap(0, index);
            }
            None => keys.swap(0, best),
        }
    }

    /// Records that quiet move `mv` caused a cut-off at `ply` after the quiet moves `tried` (their
    /// history entries) failed, at remaining depth `depth_plies`.
    pub fn record_cutoff(
        &mut self,
        mv: &Move,
        tried: &[HistorySlot],
        side: Color,
        ply: usize,
        depth_plies: i32,
        history_max: i32,
    ) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        let key = quiet_key(mv);
        if killers[0] != key {
            killers[1] = killers[0];
            killers[0] = key;
        }
        let bonus = (depth_plies * depth_plies).min(history_max);
        let mut update = |index: usize, delta: i32| {
            let h = &mut self.history[index];
            // Gravity: values saturate at ±history_max instead of growing without bound.
            *h += delta - *h * delta.abs() / history_max.max(1);
        };
        update(history_index(side, mv), bonus);
        for other in tried {
            update(other.index(), -bonus);
        }
    }
}

/// Fills `keys` for a list of captures: more captured pieces first, a promotion breaking ties.
/// The first pick is made, as by [`Heuristics::score_moves`].
#[inline]
pub fn score_captures(moves: &MoveList, keys: &mut OrderKeys) {
    keys.clear();
    let best = capture_keys(moves, keys);
    keys.swap(0, best);
}

/// Appends the keys of a list of captures in generation order; returns the index of the first
/// pick.
#[inline(always)]
fn capture_keys(moves: &MoveList, keys: &mut OrderKeys) -> usize {
    let mut best = Best::new();
    keys.extend(moves.iter().enumerate().map(|(index, mv)| {
        let score = CAPTURE
            + (mv.captured().count() as i32) * 2 * PROMOTION
            + if mv.promotes() { PROMOTION } else { 0 };
        let key = order_key(score, index);
        best.offer(key, index);
        key
    }));
    best.index
}

/// The move list index of the key the scoring put first (see [`Heuristics::score_moves`]).
#[inline(always)]
pub fn first(keys: &[i64]) -> usize {
    key_index(keys[0])
}

/// The move list index of the `i`-th move to try, from keys written by
/// [`Heuristics::score_moves`] or [`score_captures`] and the picks of moves `0..i`: the first
/// needs no selection ([`first`]), the others are picked ([`pick`]).
#[inline(always)]
pub fn next(keys: &mut [i64], i: usize) -> usize {
    if i == 0 { first(keys) } else { pick(keys, i) }
}

/// The best of the keys offered so far, in the order offered: the first of the highest scores
/// (the order among equal scores is the search's tie-break). Used by [`pick`] and by the
/// scoring's first pick.
struct Best {
    index: usize,
    bound: i64,
}

impl Best {
    /// Nothing offered yet.
    #[inline(always)]
    fn new() -> Best {
        Best {
            index: 0,
            bound: i64::MIN,
        }
    }

    /// `key`, at `index`, offered first.
    #[inline(always)]
    fn first(key: i64, index: usize) -> Best {
        Best {
            index,
            bound: key | 0xFF,
        }
    }

    /// `key >> 8 > best >> 8` (a higher score; the first of equal scores stays) is
    /// `key > best | 0xFF`: one comparison against a bound kept in a register, no shifts and no
    /// reload of the best key (half the instructions of the plain loop).
    #[inline(always)]
    fn offer(&mut self, key: i64, index: usize) {
        if key > self.bound {
            self.index = index;
            self.bound = key | 0xFF;
        }
    }
}

/// Moves the best remaining key of `keys[start..]` to `start` and returns its move's index in the
/// (unchanged, generation-ordered) move list.
// Out of line: inlined into the search it compiled to a branchy, unrolled loop among the search's
// spilled registers (6 M more instructions in the bench); alone it is a tight loop of conditional
// moves.
#[inline(never)]
pub fn pick(keys: &mut [i64], start: usize) -> usize {
    let mut best = Best::first(keys[start], start);
    for (i, &key) in keys.iter().enumerate().skip(start + 1) {
        best.offer(key, i);
    }
    keys.swap(start, best.index);
    key_index(keys[start])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    /// The keys as first written: generation order, the hash move's key replaced, then the
    /// first [`pick`].
    fn picked_reference(
        heuristics: &Heuristics,
        moves: &MoveList,
        hash_move: Option<usize>,
        side: Color,
        ply: usize,
    ) -> OrderKeys {
        let [first, second] = heuristics.killers[ply];
        let mut keys: OrderKeys = moves
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let score = if mv.is_capture() {
                    CAPTURE
                        + (mv.captured().count() as i32) * 2 * PROMOTION
                        + if mv.promotes() { PROMOTION } else { 0 }
                } else if quiet_key(mv) == first {
                    KILLER[0]
                } else if quiet_key(mv) == second {
                    KILLER[1]
                } else {
                    heuristics.history[history_index(side, mv)]
                        + if mv.promotes() { PROMOTION } else { 0 }
                };
                order_key(score, index)
            })
            .collect();
        if let Some(index) = hash_move {
            keys[index] = order_key(HASH_MOVE, index);
        }
        pick(&mut keys, 0);
        keys
    }

    #[test]
    fn scoring_makes_the_first_pick_as_pick_makes_it() {
        let mut heuristics = Heuristics::default();
        let (mut positions, mut captures) = (0, 0);
        for game in 0..20usize {
            let mut position = Position::start();
            for ply in 0..80 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let side = position.side_to_move();
                // Some history (ties included) and killers, as a search would leave them.
                let cut = (game + ply) % moves.len();
                let tried: Vec<HistorySlot> = moves[..cut]
                    .iter()
                    .map(|mv| HistorySlot::of(side, mv))
                    .collect();
                if !moves[cut].is_capture() {
                    heuristics.record_cutoff(&moves[cut], &tried, side, ply % 4, 2, 16_384);
                }
                for hash_move in [None, Some((game * 3 + ply) % moves.len())] {
                    let mut keys = OrderKeys::new();
                    heuristics.score_moves(&moves, hash_move, side, ply % 4, &mut keys);
                    let reference = picked_reference(&heuristics, &moves, hash_move, side, ply % 4);
                    assert_eq!(keys, reference, "{position:?} hash move {hash_move:?}");
                    assert_eq!(first(&keys), key_index(reference[0]));
                }
                if moves[0].is_capture() {
                    let mut keys = OrderKeys::new();
                    score_captures(&moves, &mut keys);
                    let reference = picked_reference(&heuristics, &moves, None, side, 0);
                    assert_eq!(keys, reference, "{position:?}");
                    captures += 1;
                }
                positions += 1;
                position = position.play_unchecked(&moves[(game * 7 + ply * 3) % moves.len()]);
            }
        }
        assert!(
            positions > 500 && captures > 50,
            "{positions} positions, {captures} captures"
        );
    }

    #[test]
    fn hash_move_then_captures_by_size_then_killers() {
        let position: Position = "W:WKe1:Bc3,b6,e7,e5,c5".parse().unwrap();
        let moves = position.legal_moves();
        let mut keys = OrderKeys::new();
        let heuristics = Heuristics::default();
        heuristics.score_moves(&moves, Some(5), Color::White, 0, &mut keys);
        assert_eq!(pick(&mut keys, 0), 5);
        let second = moves[pick(&mut keys, 1)];
        let max_captured = moves
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 5)
            .map(|(_, m)| m.captured().count())
            .max();
        assert_eq!(Some(second.captured().count()), max_captured);

        let start = Position::start();
        let moves = start.legal_moves();
        let mut heuristics = Heuristics::default();
        let tried: Vec<HistorySlot> = moves[..2]
            .iter()
            .map(|mv| HistorySlot::of(Color::White, mv))
            .collect();
        heuristics.record_cutoff(&moves[4], &tried, Color::White, 3, 4, 16_384);
        let mut keys = OrderKeys::new();
        heuristics.score_moves(&moves, None, Color::White, 3, &mut keys);
        assert_eq!(pick(&mut keys, 0), 4);
        // Every index comes out exactly once.
        let mut picked: Vec<usize> = (1..moves.len()).map(|i| pick(&mut keys, i)).collect();
        picked.push(4);
        picked.sort_unstable();
        assert_eq!(picked, (0..moves.len()).collect::<Vec<_>>());
    }
}
