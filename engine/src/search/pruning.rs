//! Selective search: where the search looks at less than the full tree, or further.
//!
//! A node asks these in the order of the algorithm (`thread.rs`, [`Searcher::search`]): before
//! its moves, reverse futility ([`Searcher::futility_eval`], evaluated before the table probe so
//! that the probe's load overlaps it) and ProbCut ([`Searcher::prune`]), then the singular test of
//! its hash move ([`Searcher::singular_test`]); in its move loop, how many quiet moves late-move
//! pruning searches ([`late_move_count`]) and how much shallower a late move is searched
//! ([`reduction`]). Each rule's parameters are [`SearchParams`] fields, and how each was settled
//! is told in [engine/SEARCH.md](crate::docs::search).

use super::draw_hook::DrawHook;
use super::params::{ONE_PLY, SearchParams};
use super::score::{DRAW, WIN_THRESHOLD, from_table};
use super::searcher::{NodeAt, Searcher};
use super::tt::{Bound, Table, TtEntry};
use crate::rules::{Move, MoveList, Position};

/// What the singular-extension test ([`Searcher::singular_test`]) found for a node's hash move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashMove {
    /// Every other move falls short: the hash move is searched a ply deeper.
    Singular,
    /// Another move also reaches the margin below the hash move's score, which beats beta: the
    /// node fails high with this score without a search (multi-cut).
    OthersCut(i32),
    /// No test, or neither of the above.
    Ordinary,
}

/// Late-move reduction: how many depth units less than its siblings the `i`-th move searched at a
/// node with `depth` units left is searched with a null window (re-searched in full when it beats
/// alpha). Only quiet moves (`mv` neither captures nor promotes) from
/// [`SearchParams::lmr_min_index`] on, at [`SearchParams::lmr_min_depth`] plies or more, by
/// [`SearchParams::lmr_reduction`], twice that from [`SearchParams::lmr_double_index`] on outside
/// the principal variation.
#[inline(always)]
pub fn reduction(params: &SearchParams, depth: i32, i: usize, mv: &Move, pv_node: bool) -> i32 {
    let quiet = !mv.is_capture() && !mv.promotes();
    if quiet && depth >= params.lmr_min_depth * ONE_PLY && i >= params.lmr_min_index {
        if i >= params.lmr_double_index && !pv_node {
            2 * params.lmr_reduction
        } else {
            params.lmr_reduction
        }
    } else {
        0
    }
}

/// Late-move pruning: how many quiet moves a node with `depth` units left searches (`capture`:
/// whether its moves capture), [`SearchParams::lmp_moves`] per ply left at a non-PV node with at
/// most [`SearchParams::lmp_max_depth`] plies left, every move otherwise (`usize::MAX`).
#[inline(always)]
pub fn late_move_count(params: &SearchParams, depth: i32, capture: bool, pv_node: bool) -> usize {
    if !pv_node && depth <= params.lmp_max_depth * ONE_PLY && !capture {
        params.lmp_moves.max(1) * (depth / ONE_PLY).max(1) as usize
    } else {
        usize::MAX
    }
}

impl<T: Table> Searcher<'_, T> {
    /// The static evaluation reverse futility pruning needs at a non-PV node with `depth` units
    /// left and bound `beta`, where it applies ([`Self::futility_applies`], which the caller
    /// tests: close to the frontier, the side to move without a capture): if the opponent has
    /// no capture pending either and the side to move has a move to play. With
    /// [`SearchParams::rfp_lazy_margin`], `None` without the evaluation when even the material
    /// plus that margin cannot reach the pruning bound.
    #[inline]
    pub(super) fn futility_eval(
        &mut self,
        position: &Position,
        ply: usize,
        depth: i32,
        beta: i32,
    ) -> Option<i32> {
        debug_assert!(self.futility_applies(depth, position.has_capture()));
        // The lazy test before the move tests: it is cheaper, and either failing gives `None`.
        let lazy = self.params.rfp_lazy_margin;
        if lazy > 0
            && let Some(material) = self.lazy_material(position)
            && material + lazy < beta + self.futility_margin(depth)
        {
            return None;
        }
        (position.has_quiet_move() && !position.opponent_can_capture())
            .then(|| self.static_eval(position, ply))
    }

    /// Whether reverse futility applies at `depth` units left (`capture`: whether the side to
    /// move must capture): close to the frontier, without a capture pending.
    #[inline(always)]
    pub(super) fn futility_applies(&self, depth: i32, capture: bool) -> bool {
        let max = self.params.rfp_max_depth;
        max > 0 && depth <= max * ONE_PLY && !capture
    }

    /// Reverse futility's margin at `depth` units left.
    #[inline]
    pub(super) fn futility_margin(&self, depth: i32) -> i32 {
        self.params.rfp_margin * (depth / ONE_PLY).max(1)
    }

    /// Selective pruning at a non-PV node before its moves are searched: a score that fails high
    /// at `beta` without a full search, or `None`. Reverse futility: a position whose static
    /// evaluation `futility_eval` (see [`Self::futility_eval`]) beats `beta` by a margin per ply
    /// left. ProbCut: a search shallower by [`SearchParams::probcut_reduction`] that beats
    /// `beta` + a margin.
    pub(super) fn prune<D: DrawHook>(
        &mut self,
        at: NodeAt<'_, D>,
        beta: i32,
        futility_eval: Option<i32>,
    ) -> Option<i32> {
        let params = self.params;
        let depth = at.depth;
        if let Some(eval) = futility_eval {
            let margin = self.futility_margin(depth);
            if eval - margin >= beta {
                return Some(eval - margin);
            }
        }
        if params.probcut_min_depth > 0 && depth >= params.probcut_min_depth * ONE_PLY {
            let raised = beta + params.probcut_margin;
            if raised < WIN_THRESHOLD {
                let reduced = NodeAt {
                    depth: depth - params.probcut_reduction,
                    ..at
                };
                let score = self.null_window(reduced, raised);
                if self.stopped {
                    return Some(DRAW);
                }
                if score >= raised {
                    return Some(beta);
                }
            }
        }
        None
    }

    /// Singular extension ([`SearchParams::singular_min_depth`]): a search of half the depth
    /// without the hash move tells whether every other move of `moves` falls below the hash
    /// move's table score minus the margin (then it is singular, searched a ply deeper), or
    /// whether, with [`SearchParams::singular_multi_cut`], the others alone beat `beta` too.
    /// Called only with the extension on (`singular_min_depth > 0`).
    pub(super) fn singular_test<D: DrawHook>(
        &mut self,
        at: NodeAt<'_, D>,
        beta: i32,
        entry: Option<TtEntry>,
        hash_move: Option<usize>,
        moves: &MoveList,
    ) -> HashMove {
        let NodeAt { depth, ply, .. } = at;
        let min_depth = self.params.singular_min_depth;
        let (Some(index), Some(entry)) = (hash_move, entry) else {
            return HashMove::Ordinary;
        };
        if ply == 0
            || depth < min_depth * ONE_PLY
            || moves.len() < 2
            || self.stack[ply].excluded.is_some()
            || entry.bound == Bound::Upper
            || i32::from(entry.depth) < depth - 3 * ONE_PLY
        {
            return HashMove::Ordinary;
        }
        let score = from_table(i32::from(entry.score), ply);
        if score.abs() >= WIN_THRESHOLD {
            return HashMove::Ordinary;
        }
        let singular_beta = score - self.params.singular_margin * depth / ONE_PLY;
        self.stack[ply].excluded = Some(moves[index]);
        let others = self.null_window(
            NodeAt {
                depth: depth / 2,
                ..at
            },
            singular_beta,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            HashMove::Ordinary
        } else if others < singular_beta {
            HashMove::Singular
        } else if self.params.singular_multi_cut != 0 && singular_beta >= beta {
            HashMove::OthersCut(singular_beta)
        } else {
            HashMove::Ordinary
        }
    }
}
