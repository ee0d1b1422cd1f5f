//! How the search scores a node without searching it: the static evaluation (with the
//! [`SearchParams::keep_pieces`] bonus), the lazy evaluation of quiescence leaves, draws (with
//! the search's contempt, [`SearchParams::contempt`] unless the caller gave another)
//! and drawn tablebase positions ([`SearchParams::table_draw_divisor`]).
//!
//! Data flow: the evaluation weights come prepared in the searcher's [`crate::eval::Evaluator`],
//! its network sums kept per ply along the line; the material weights are read once, when the
//! searcher is made; the contempt is set by the iterative deepening before each iteration, from
//! the previous iteration's score.

#[cfg(doc)]
use super::params::SearchParams;
use super::score::DRAW;
use super::searcher::Searcher;
use super::tt::Table;
use crate::rules::Position;

impl<T: Table> Searcher<'_, T> {
    /// The evaluation of a quiet `position` at `ply` for the side to move, plus the
    /// [`SearchParams::keep_pieces`] bonus per piece on the board for the engine's (root) side.
    #[inline]
    pub(super) fn static_eval(&mut self, position: &Position, ply: usize) -> i32 {
        self.evaluator
            .evaluate_at_ply(position, &mut self.network_sums, ply)
            + self.keep_bonus(position)
    }

    /// The [`SearchParams::keep_pieces`] bonus of `position` for its side to move.
    #[inline]
    pub(super) fn keep_bonus(&self, position: &Position) -> i32 {
        let keep = self.params.keep_pieces;
        if keep == 0 {
            return 0;
        }
        let bonus = keep * position.piece_count() as i32;
        if position.side_to_move() == self.root_side {
            bonus
        } else {
            -bonus
        }
    }

    /// The evaluation of a quiescence leaf searched with the window (`alpha`, `beta`): the
    /// [`Self::static_eval`], or with [`SearchParams::lazy_eval_margin`] only a bound when the
    /// material alone is beyond the window by the margin (fail-soft: the bound is the material
    /// minus or plus the margin, where the full evaluation would almost always lie).
    #[inline]
    pub(super) fn leaf_eval(
        &mut self,
        position: &Position,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let margin = self.params.lazy_eval_margin;
        if margin > 0
            && let Some(material) = self.lazy_material(position)
        {
            if material - margin >= beta {
                return material - margin;
            }
            if material + margin <= alpha {
                return material + margin;
            }
        }
        self.static_eval(position, ply)
    }

    /// What a lazy evaluation compares with its bounds: the material balance with the
    /// [`SearchParams::keep_pieces`] bonus, but not with kings on the board, whose evaluation
    /// may be scaled down (`crate::eval::ending_scale`).
    #[inline(always)]
    pub(super) fn lazy_material(&self, position: &Position) -> Option<i32> {
        if position.all_kings().is_empty() {
            Some(self.material_balance(position) + self.keep_bonus(position))
        } else {
            None
        }
    }

    /// The score of a draw at `ply` for the side to move there: 0, or with a contempt (the
    /// search's [`Contempt`](super::contempt::Contempt), its cost in this iteration) minus it for
    /// the engine's own side (the root's side, to move at even plies) and plus it for the
    /// opponent.
    #[inline]
    pub(super) fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            DRAW - self.contempt
        } else {
            DRAW + self.contempt
        }
    }

    /// The score of a drawn tablebase position at `ply`: the [`Self::draw_score`], plus with
    /// [`SearchParams::table_draw_divisor`] the material balance (the evaluation's man and king
    /// weights) divided by it, so that among drawn endings the search prefers those where it
    /// keeps more material (an opponent without tables may still go wrong in them).
    #[inline]
    pub(super) fn table_draw_score(&self, position: &Position, ply: usize) -> i32 {
        let draw = self.draw_score(ply);
        let divisor = self.params.table_draw_divisor;
        if divisor <= 0 {
            return draw;
        }
        draw + self.material_balance(position) / divisor
    }

    /// The material of the side to move minus the opponent's, by the evaluation's man and king
    /// weights.
    #[inline]
    pub(super) fn material_balance(&self, position: &Position) -> i32 {
        let us = position.side_to_move();
        let them = us.opposite();
        let (man, king) = self.material_weights;
        let men = position.men(us).count() as i32 - position.men(them).count() as i32;
        let kings = position.kings(us).count() as i32 - position.kings(them).count() as i32;
        man * men + king * kings
    }
}
