//! Move ordering: which move to try first, so that alpha-beta cuts early.
//!
//! Order: the hash move (best move stored in the transposition table), then captures (more
//! captured pieces first, a promotion breaking ties), then the two killer moves of the ply (quiet
//! moves that caused a cut-off in a sibling), then the other quiet moves by their history score
//! (how often a move from/to these squares caused cut-offs, per colour), promotions first. Moves
//! are scored once and picked one at a time (selection), since a cut-off usually comes early.

use arrayvec::ArrayVec;

use crate::{Color, MAX_MOVES, Move, MoveList};

use super::score::MAX_PLY;

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 26, (1 << 26) - 1];
const PROMOTION: i32 = 1 << 24;

/// Per-thread heuristics learnt during the search: killers per ply and history per move.
#[derive(Clone)]
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SQUARES * HISTORY_SQUARES],
        }
    }
}

/// History is indexed by the squares' bit positions (36 with the padding), which cost no lookup.
const HISTORY_SQUARES: usize = 36;

#[inline]
fn history_index(side: Color, mv: &Move) -> usize {
    (side.index() * HISTORY_SQUARES + mv.from().bit() as usize) * HISTORY_SQUARES
        + mv.to().bit() as usize
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Scores `moves` for ordering into `scores`.
    #[inline]
    pub fn score_moves(
        &self,
        moves: &MoveList,
        hash_move: Option<usize>,
        side: Color,
        ply: usize,
        scores: &mut ArrayVec<i32, MAX_MOVES>,
    ) {
        let killers = &self.killers[ply.min(MAX_PLY)];
        scores.clear();
        for mv in moves {
            let promotion = if mv.promotes() { PROMOTION } else { 0 };
            scores.push(if mv.is_capture() {
                CAPTURE + (mv.captured().count() as i32) * 2 * PROMOTION + promotion
            } else if killers[0] == Some(*mv) {
                KILLER[0]
            } else if killers[1] == Some(*mv) {
                KILLER[1]
            } else {
                self.history[history_index(side, mv)] + promotion
            });
        }
        if let Some(index) = hash_move {
            scores[index] = HASH_MOVE;
        }
    }

    /// Records that quiet move `mv` caused a cut-off at `ply` after the quiet moves `tried` failed,
    /// at remaining depth `depth_plies`.
    pub fn record_cutoff(
        &mut self,
        mv: &Move,
        tried: &[Move],
        side: Color,
        ply: usize,
        depth_plies: i32,
        history_max: i32,
    ) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(*mv) {
            killers[1] = killers[0];
            killers[0] = Some(*mv);
        }
        let bonus = (depth_plies * depth_plies).min(history_max);
        let mut update = |index: usize, delta: i32| {
            let h = &mut self.history[index];
            // Gravity: values saturate at ±history_max instead of growing without bound.
            *h += delta - *h * delta.abs() / history_max.max(1);
        };
        update(history_index(side, mv), bonus);
        for other in tried {
            update(history_index(side, other), -bonus);
        }
    }
}

/// Moves the best-scored remaining entry of `order[start..]` to `start` and returns it: the index
/// of the move in the (unchanged, generation-ordered) move list.
#[inline]
pub fn pick(scores: &mut [i32], order: &mut [u8], start: usize) -> usize {
    let mut best = start;
    for i in start + 1..order.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    order.swap(start, best);
    scores.swap(start, best);
    usize::from(order[start])
}

/// Fills `order` with the identity order `0..len` for [`pick`]. (Filled in place: collecting into
/// a returned `ArrayVec` copied the whole array, 4 % of the search's time.)
#[inline]
pub fn fill_identity(order: &mut ArrayVec<u8, MAX_MOVES>, len: usize) {
    order.clear();
    order.extend((0..len).map(|i| i as u8));
}

/// Scores captures for quiescence ordering into `scores`: more captured pieces first, a
/// promotion breaking ties.
#[inline]
pub fn score_captures(moves: &MoveList, scores: &mut ArrayVec<i32, MAX_MOVES>) {
    scores.clear();
    scores.extend(
        moves
            .iter()
            .map(|mv| mv.captured().count() as i32 * 2 + i32::from(mv.promotes())),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn hash_move_then_captures_by_size_then_killers() {
        let position: Position = "W:WKe1:Bc3,b6,e7,e5,c5".parse().unwrap();
        let moves = position.legal_moves();
        let mut scores = ArrayVec::new();
        let heuristics = Heuristics::default();
        heuristics.score_moves(&moves, Some(5), Color::White, 0, &mut scores);
        let mut order = ArrayVec::new();
        fill_identity(&mut order, moves.len());
        assert_eq!(pick(&mut scores, &mut order, 0), 5);
        let second = moves[pick(&mut scores, &mut order, 1)];
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
        heuristics.record_cutoff(&moves[4], &moves[..2], Color::White, 3, 4, 16_384);
        let mut scores = ArrayVec::new();
        heuristics.score_moves(&moves, None, Color::White, 3, &mut scores);
        let mut order = ArrayVec::new();
        fill_identity(&mut order, moves.len());
        assert_eq!(pick(&mut scores, &mut order, 0), 4);
    }
}
