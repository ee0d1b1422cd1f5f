//! Move ordering: which move to try first, so that alpha-beta cuts early.
//!
//! Order: the hash move (best move stored in the transposition table), then captures (more
//! captured pieces first, a promotion breaking ties), then the two killer moves of the ply (quiet
//! moves that caused a cut-off in a sibling), then the other quiet moves by their history score
//! (how often a move from/to these squares caused cut-offs, per colour), promotions first.
//!
//! This file scores the moves (one ordering key per move, [`OrderKeys`]) and keeps what the
//! scores learn from: [`Killers`] (one pair per ply, in the search stack, `stack.rs`) and the
//! [`History`] table, both updated by [`Killers::record`] and [`History::record_cutoff`] when a
//! quiet move cuts off. The [`MovePicker`](super::picker::MovePicker) (`picker.rs`) asks for the
//! keys once per node and serves the moves in their order.

use arrayvec::ArrayVec;

use crate::rules::{Color, MAX_MOVES, Move, MoveList};

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 26, (1 << 26) - 1];
const PROMOTION: i32 = 1 << 24;

/// The ordering keys of a node's moves, one per move: the move's score in the high bits and its
/// index in the move list in the low 8 bits. One array to select from and swap, instead of a
/// score array and an index array moved in step.
///
/// [`pick`](super::picker) compares scores only: among equal scores it takes the first in the
/// array's current order, which the swaps of earlier picks have shuffled. Breaking ties by
/// generation order instead searched 16–33 % more nodes to depth 17 from the start (11.2 M
/// against 14.9 M and 17.5 M for the two directions), so the shuffle stays.
pub type OrderKeys = ArrayVec<i64, MAX_MOVES>;

#[inline(always)]
fn order_key(score: i32, index: usize) -> i64 {
    i64::from(score) << 8 | index as i64
}

/// The move list index an ordering key carries (its low 8 bits, see [`order_key`]).
#[inline(always)]
pub fn key_index(key: i64) -> usize {
    (key & 0xFF) as usize
}

/// The key of the hash move, at `index` in the move list: the highest score of all.
#[inline(always)]
pub fn hash_move_key(index: usize) -> i64 {
    order_key(HASH_MOVE, index)
}

/// A quiet move as its origin and destination bits (6 bits each): all a killer needs to be
/// recognised, and with the colour the move's history index.
#[inline(always)]
fn quiet_key(mv: &Move) -> u16 {
    mv.from().bit() as u16 | (mv.to().bit() as u16) << 6
}

/// No killer move.
const NO_KILLER: u16 = u16::MAX;

/// The two quiet moves that last caused a cut-off at one ply, the latest first (as
/// [`quiet_key`]s: origin and destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Killers([u16; 2]);

impl Killers {
    /// No killer moves yet.
    pub const NONE: Killers = Killers([NO_KILLER; 2]);

    /// Quiet move `mv` caused a cut-off: it becomes the first killer, the former first the second
    /// (unless `mv` was already the first).
    #[inline]
    pub fn record(&mut self, mv: &Move) {
        let key = quiet_key(mv);
        if self.0[0] != key {
            self.0[1] = self.0[0];
            self.0[0] = key;
        }
    }
}

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
/// quiet move that failed, for [`History::record_cutoff`] (2 bytes instead of the 16 of a
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

/// How often each quiet move (per colour, origin and destination) caused a cut-off: one thread's,
/// learnt during its searches and kept until a new game.
#[derive(Clone)]
pub struct History(Box<[i32; HISTORY_LEN]>);

impl Default for History {
    fn default() -> History {
        History(Box::new([0; HISTORY_LEN]))
    }
}

impl History {
    /// Records that quiet move `mv` of `side` caused a cut-off after the quiet moves `tried`
    /// (their history entries) failed, at remaining depth `depth_plies`.
    pub fn record_cutoff(
        &mut self,
        mv: &Move,
        tried: &[HistorySlot],
        side: Color,
        depth_plies: i32,
        history_max: i32,
    ) {
        let bonus = (depth_plies * depth_plies).min(history_max);
        let mut update = |index: usize, delta: i32| {
            let h = &mut self.0[index];
            // Gravity: values saturate at ±history_max instead of growing without bound.
            *h += delta - *h * delta.abs() / history_max.max(1);
        };
        update(history_index(side, mv), bonus);
        for other in tried {
            update(other.index(), -bonus);
        }
    }
}

/// Appends the keys of a list of quiet moves in generation order (the killers, then the history
/// with promotions first); returns the index of the first pick.
#[inline(always)]
pub fn quiet_keys(
    moves: &MoveList,
    killers: Killers,
    history: &History,
    side: Color,
    keys: &mut OrderKeys,
) -> usize {
    let Killers([first, second]) = killers;
    let history = &*history.0;
    let mut best = Best::new();
    for (index, mv) in moves.iter().enumerate() {
        let key = quiet_key(mv);
        let score = if key == first {
            KILLER[0]
        } else if key == second {
            KILLER[1]
        } else {
            history[history_index_of_key(side, key)] + if mv.promotes() { PROMOTION } else { 0 }
        };
        let key = order_key(score, index);
        best.offer(key, index);
        keys.push(key);
    }
    best.index
}

/// Appends the keys of a list of captures in generation order (more captured pieces first, a
/// promotion breaking ties); returns the index of the first pick.
#[inline(always)]
pub fn capture_keys(moves: &MoveList, keys: &mut OrderKeys) -> usize {
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

/// The best of the keys offered so far, in the order offered: the first of the highest scores
/// (the order among equal scores is the search's tie-break). Used by the picker's selection and
/// by the scoring's first pick.
pub struct Best {
    /// Where the best key offered so far is.
    pub index: usize,
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
    pub fn first(key: i64, index: usize) -> Best {
        Best {
            index,
            bound: key | 0xFF,
        }
    }

    /// `key >> 8 > best >> 8` (a higher score; the first of equal scores stays) is
    /// `key > best | 0xFF`: one comparison against a bound kept in a register, no shifts and no
    /// reload of the best key (half the instructions of the plain loop).
    #[inline(always)]
    pub fn offer(&mut self, key: i64, index: usize) {
        if key > self.bound {
            self.index = index;
            self.bound = key | 0xFF;
        }
    }
}

#[cfg(test)]
/// The keys of `moves` in generation order, computed the obvious way: what the picker's
/// scoring must equal before its first pick.
pub fn reference_keys(
    killers: Killers,
    history: &History,
    moves: &MoveList,
    hash_move: Option<usize>,
    side: Color,
) -> OrderKeys {
    let Killers([first, second]) = killers;
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
                history.0[history_index(side, mv)] + if mv.promotes() { PROMOTION } else { 0 }
            };
            order_key(score, index)
        })
        .collect();
    if let Some(index) = hash_move {
        keys[index] = order_key(HASH_MOVE, index);
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn a_killer_is_recorded_once_and_pushes_the_other_down() {
        let moves = Position::start().legal_moves();
        let mut killers = Killers::NONE;
        killers.record(&moves[0]);
        killers.record(&moves[0]);
        assert_eq!(killers, Killers([quiet_key(&moves[0]), NO_KILLER]));
        killers.record(&moves[1]);
        assert_eq!(
            killers,
            Killers([quiet_key(&moves[1]), quiet_key(&moves[0])])
        );
    }
}
