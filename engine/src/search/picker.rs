//! The move picker: serves a node's moves one at a time, best first, in stages.
//!
//! A node generates all its moves at once (captures are compulsory, so the list holds either
//! captures only or quiet moves only, and the node needs its length before the first move: the
//! depth a move costs and late-move pruning depend on it). The picker then asks `ordering.rs` for
//! one ordering key per move (hash move, captures by size, killers, history) and serves them:
//!
//! 1. [`Stage::OnlyMove`]: a single legal move (frequent: a forced capture) is served unscored.
//! 2. [`Stage::HashMove`] or [`Stage::BestScored`]: the first move needs no selection, since the
//!    scoring already put the table's best move, or else the best key it saw, in front.
//! 3. [`Stage::Select`]: every later move is picked from the rest (selection sort, one step per
//!    move), since a cut-off usually comes early and most keys are never sorted.
//!
//! The moves stay in the node's list, in generation order; the picker hands out indices into it
//! (the transposition table stores a move as its index, the children's prefetched keys are kept
//! by index).

use super::ordering::{
    Best, History, Killers, OrderKeys, capture_keys, hash_move_key, key_index, quiet_keys,
};
use crate::rules::{Color, MoveList};

/// Where a [`MovePicker`] is in serving its moves (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// One legal move, served without keys.
    OnlyMove,
    /// The hash move comes first (its key is in front).
    HashMove,
    /// No hash move: the best-scored move comes first (its key is in front).
    BestScored,
    /// The rest, by selection from the keys not yet served.
    Select,
}

/// Serves the moves of one node, best first (see the module docs): [`MovePicker::next`] gives
/// the index in the node's move list of the next move to try.
pub struct MovePicker {
    keys: OrderKeys,
    stage: Stage,
    /// How many moves have been served.
    served: usize,
}

impl MovePicker {
    /// A picker with nothing ordered yet: as it is, it serves an only move; otherwise
    /// [`MovePicker::order`] or [`MovePicker::order_captures`] orders the node's moves first.
    // Made empty, then ordered in place: the picker is 2 KB, and one returned already ordered (by
    // a constructor that wrote its keys) was copied at every node (10 % more instructions in
    // the bench).
    #[inline(always)]
    pub fn new() -> MovePicker {
        MovePicker {
            keys: OrderKeys::new(),
            stage: Stage::OnlyMove,
            served: 0,
        }
    }

    /// Orders the two or more moves of a search node: `hash_move` (an index into `moves`) first,
    /// then by their keys, the quiet moves with the ply's `killers` and `side`'s `history`.
    #[inline]
    pub fn order(
        &mut self,
        moves: &MoveList,
        hash_move: Option<usize>,
        killers: Killers,
        history: &History,
        side: Color,
    ) {
        let keys = &mut self.keys;
        // Known empty, the scoring loop keeps the length in a register (a picker made by
        // `new` is empty already, but the compiler does not know it here).
        keys.clear();
        let best = if moves.first().is_some_and(|mv| mv.is_capture()) {
            // Capturing is compulsory, so either every move captures or none does.
            capture_keys(moves, keys)
        } else {
            quiet_keys(moves, killers, history, side, keys)
        };
        self.stage = match hash_move {
            Some(index) => {
                keys[index] = hash_move_key(index);
                keys.swap(0, index);
                Stage::HashMove
            }
            None => {
                keys.swap(0, best);
                Stage::BestScored
            }
        };
    }

    /// Orders two or more captures by size only (quiescence: no hash move, no heuristics).
    #[inline]
    pub fn order_captures(&mut self, moves: &MoveList) {
        self.keys.clear();
        let best = capture_keys(moves, &mut self.keys);
        self.keys.swap(0, best);
        self.stage = Stage::BestScored;
    }

    /// The index in the move list of the next move to try. Called at most as many times as the
    /// list has moves.
    #[inline(always)]
    pub fn next(&mut self) -> usize {
        match self.stage {
            Stage::OnlyMove => 0,
            Stage::HashMove | Stage::BestScored => {
                self.stage = Stage::Select;
                self.served = 1;
                key_index(self.keys[0])
            }
            Stage::Select => {
                let start = self.served;
                self.served += 1;
                pick(&mut self.keys, start)
            }
        }
    }
}

/// Moves the best remaining key of `keys[start..]` to `start` and returns its move's index in the
/// (unchanged, generation-ordered) move list.
// Out of line: inlined into the search it compiled to a branchy, unrolled loop among the search's
// spilled registers (6 M more instructions in the bench); alone it is a tight loop of conditional
// moves.
#[inline(never)]
fn pick(keys: &mut [i64], start: usize) -> usize {
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
    use crate::rules::{Move, Position};
    use crate::search::ordering::{HistorySlot, reference_keys};

    /// Every move of `moves` as `picker` serves them.
    fn served(mut picker: MovePicker, moves: &MoveList) -> Vec<usize> {
        (0..moves.len()).map(|_| picker.next()).collect()
    }

    /// The order of the plain selection sort over the reference keys: the first pick, then
    /// each later pick from the keys left, as the picker must serve them.
    fn reference_order(mut keys: OrderKeys) -> Vec<usize> {
        (0..keys.len()).map(|i| pick(&mut keys, i)).collect()
    }

    #[test]
    fn the_picker_serves_the_moves_as_selection_over_the_reference_keys() {
        let mut history = History::default();
        let mut killers = Killers::NONE;
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
                    killers.record(&moves[cut]);
                    history.record_cutoff(&moves[cut], &tried, side, 2, 16_384);
                }
                for hash_move in [None, Some((game * 3 + ply) % moves.len())] {
                    let mut picker = MovePicker::new();
                    if moves.len() > 1 {
                        picker.order(&moves, hash_move, killers, &history, side);
                    }
                    let order = served(picker, &moves);
                    if moves.len() == 1 {
                        assert_eq!(order, [0]);
                        continue;
                    }
                    let reference = reference_keys(killers, &history, &moves, hash_move, side);
                    assert_eq!(
                        order,
                        reference_order(reference),
                        "{position:?} {hash_move:?}"
                    );
                }
                if moves.len() > 1 && moves[0].is_capture() {
                    let mut picker = MovePicker::new();
                    picker.order_captures(&moves);
                    let order = served(picker, &moves);
                    let reference = reference_keys(Killers::NONE, &history, &moves, None, side);
                    assert_eq!(order, reference_order(reference), "{position:?}");
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
        let history = History::default();
        let mut picker = MovePicker::new();
        picker.order(&moves, Some(5), Killers::NONE, &history, Color::White);
        assert_eq!(picker.next(), 5);
        let second = moves[picker.next()];
        let max_captured = moves
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 5)
            .map(|(_, m)| m.captured().count())
            .max();
        assert_eq!(Some(second.captured().count()), max_captured);

        let start = Position::start();
        let moves = start.legal_moves();
        let mut history = History::default();
        let mut killers = Killers::NONE;
        let tried: Vec<HistorySlot> = moves[..2]
            .iter()
            .map(|mv| HistorySlot::of(Color::White, mv))
            .collect();
        killers.record(&moves[4]);
        history.record_cutoff(&moves[4], &tried, Color::White, 4, 16_384);
        let mut picker = MovePicker::new();
        picker.order(&moves, None, killers, &history, Color::White);
        let order = served(picker, &moves);
        assert_eq!(order[0], 4);
        // Every index comes out exactly once.
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..moves.len()).collect::<Vec<_>>());
        // The moves that failed before the cut-off come last.
        let failed: Vec<&Move> = order[moves.len() - 2..]
            .iter()
            .map(|&i| &moves[i])
            .collect();
        assert!(failed.iter().all(|mv| moves[..2].contains(mv)), "{order:?}");
    }
}
