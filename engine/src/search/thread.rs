//! One search thread: iterative deepening over a principal-variation negamax search with
//! quiescence through captures.
//!
//! Data flow: [`Searcher::iterate`] runs depth 1, 2, … (aspiration windows from
//! [`SearchParams::aspiration_min_depth`] on), each iteration calling [`Searcher::search`] at the
//! root. A node checks the stop conditions, draws (repetition against the game and the tree path,
//! the draw-rule counters through a [`DrawHook`]), probes the shared [`Table`],
//! prunes (`pruning.rs`), generates the moves and has a [`MovePicker`] serve them in order
//! (`picker.rs`), and searches the first move with a full window and the rest with a null window
//! (re-searched when they beat alpha), late quiet moves reduced ([`reduction`]). The depth a
//! move costs depends on how many legal moves the position has (an only move is free). At depth
//! 0 the [`Searcher::quiesce`] search takes over: in draughts captures are forced, so while the
//! side to move must capture it keeps expanding captures, and only a position with no capture
//! pending is evaluated (`evaluate.rs`).
//!
//! What the search keeps per ply lives in the thread's stack of
//! [`StackFrame`](super::stack::StackFrame)s (`stack.rs`); the keys of the line and the
//! principal variations beside it, in the [`Searcher`] (`searcher.rs`, the state these methods
//! work on, below this file and the pruning and evaluation files that add methods to it).
//!
//! Every thread of a Lazy SMP search runs this same code on its own
//! [`ThreadData`](super::stack::ThreadData) (history and stack), sharing the table and a
//! [`Shared`](super::searcher::Shared) block (stop flag, node count, the
//! [`TimeManager`](super::limits::TimeManager)). Only the main thread watches the clock and
//! reports progress.

use std::hint::cold_path;
use std::sync::atomic::Ordering;
use std::time::Duration;

use arrayvec::ArrayVec;

use super::draw_hook::DrawHook;
use super::limits::Stability;
use super::ordering::HistorySlot;
use super::params::ONE_PLY;
#[cfg(doc)]
use super::params::SearchParams;
use super::picker::MovePicker;
use super::pruning::{HashMove, late_move_count, reduction};
use super::score::{DRAW, MAX_PLY, WIN, WIN_THRESHOLD, from_table, to_table};
use super::searcher::{NODE_CHECK_INTERVAL, NodeAt, Searcher};
use super::tt::{Bound, PackedMove, Table, TtEntry};
use crate::rules::{Color, MAX_MOVES, Move, MoveList, Position, movegen};

/// Depth of the short search that scores an only move under a time limit.
const ONLY_MOVE_DEPTH: u32 = 6;

/// Larger than any score.
const INFINITY: i32 = WIN + 1;

/// The outcome of one thread's iterative deepening.
#[derive(Clone, Debug)]
pub struct ThreadResult {
    /// Best move (None only without legal moves).
    pub best_move: Option<Move>,
    /// Its score, without the contempt: a line that ends in a draw scores [`DRAW`].
    pub score: i32,
    /// Whether the score is a draw's (the contempt's draw score, read as [`DRAW`]).
    pub drawn: bool,
    /// Last completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Progress of the main thread after each iteration.
pub struct Progress<'p> {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score.
    pub score: i32,
    /// Principal variation.
    pub pv: &'p [Move],
}

impl<'a, T: Table> Searcher<'a, T> {
    /// Makes the search choose among `moves` at the root only (the other legal moves are not
    /// searched there); `moves` must be legal moves of the root and not empty.
    pub fn restrict_root(&mut self, moves: &'a [Move]) {
        self.root_moves = Some(moves);
    }

    /// Drops the moves the root may not play from `moves` (a no-op unless restricted).
    #[cold]
    fn keep_root_moves(&self, moves: &mut MoveList) {
        if let Some(allowed) = self.root_moves {
            moves.retain(|mv| allowed.contains(mv));
        }
    }

    /// Adds unflushed nodes to the shared count.
    pub fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
        self.next_check = (self.flushed + NODE_CHECK_INTERVAL).min(self.node_limit);
    }

    /// Counts a node; every [`NODE_CHECK_INTERVAL`] nodes, and at the node limit, checks the
    /// limits ([`Searcher::check_limits`]). One comparison on the way of every node.
    #[inline]
    fn visit(&mut self, ply: usize) {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes >= self.next_check {
            self.check_limits();
        }
    }

    /// The slow part of [`Searcher::visit`]: stops at the node limit; flushes the node count,
    /// and checks the clock (main thread) and the stop flag every [`NODE_CHECK_INTERVAL`] nodes.
    #[cold]
    #[inline(never)]
    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit {
            self.stop_all();
        }
        if self.nodes - self.flushed >= NODE_CHECK_INTERVAL {
            self.flush();
            if self.is_main {
                let time = &self.shared.time;
                if time.is_past_hard_limit()
                    || time
                        .budget()
                        .max_nodes
                        .is_some_and(|max| self.shared.nodes.load(Ordering::Relaxed) >= max)
                {
                    self.stop_all();
                }
            }
            if self.shared.stop.load(Ordering::Relaxed)
                || self
                    .shared
                    .caller_stop
                    .is_some_and(|stop| stop.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
        // Past the node limit the search is stopping: check at every node from here on.
        self.next_check = (self.flushed + NODE_CHECK_INTERVAL)
            .min(self.node_limit)
            .max(self.nodes + 1);
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Iterative deepening from `root` (key `key`, counters `draw`). `first_depth` lets helper
    /// threads start deeper; `report` is called by the main thread after each iteration.
    pub fn iterate<D: DrawHook>(
        &mut self,
        root: &Position,
        key: u64,
        draw: D,
        first_depth: u32,
        report: &mut dyn FnMut(&Progress<'_>, u64, Duration),
    ) -> ThreadResult {
        self.root_side = root.side_to_move();
        let mut moves = root.legal_moves();
        self.keep_root_moves(&mut moves);
        let mut result = ThreadResult {
            best_move: None,
            score: -WIN,
            drawn: false,
            depth: 0,
            seldepth: 0,
            pv: Vec::new(),
        };
        if moves.is_empty() {
            return result;
        }
        // A legal move before any iteration completes: the hash move, else the first capture.
        let fallback = self
            .table
            .probe(key)
            .and_then(|e| e.best_move)
            .and_then(|m| m.find(&moves))
            .unwrap_or(0);
        result.best_move = Some(moves[fallback]);
        result.pv = vec![moves[fallback]];
        // An only move needs no time, but its score still matters (analysis, the game's display):
        // a short search gives it one instead of answering with no score at all.
        let budget = self.shared.time.budget();
        let max_depth = if budget.is_timed() && moves.len() == 1 {
            budget.max_depth.min(ONLY_MOVE_DEPTH)
        } else {
            budget.max_depth
        };
        let mut depth = first_depth.max(1);
        let mut previous = 0;
        let mut stability = Stability::default();
        let mut last_best = None;
        // The draw costs of this search's iterations: a root score equal to one of them (negated)
        // is a draw's, reported as [`DRAW`].
        let mut draw_costs: ArrayVec<i32, { MAX_PLY + 1 }> = ArrayVec::new();
        while depth <= max_depth {
            self.root_best = None;
            self.contempt = self.shared.contempt.cost(previous, WIN_THRESHOLD);
            if !draw_costs.contains(&self.contempt) {
                draw_costs.push(self.contempt);
            }
            let objective = |score: i32| {
                let drawn = draw_costs.contains(&-score);
                (if drawn { DRAW } else { score }, drawn)
            };
            let score = self.aspiration(root, key, draw, depth, previous);
            if let Some((mv, s)) = self.root_best {
                // A move that completed its search is safe to play even from an aborted iteration.
                result.best_move = Some(mv);
                (result.score, result.drawn) = objective(s);
                if self.pv[0].first() == Some(&mv) {
                    result.pv = self.pv[0].to_vec();
                } else {
                    result.pv = vec![mv];
                }
            }
            if self.stopped {
                break;
            }
            result.depth = depth;
            result.seldepth = self.seldepth as u32;
            (result.score, result.drawn) = objective(score);
            let decided = score.abs() > WIN_THRESHOLD || previous.abs() > WIN_THRESHOLD;
            stability.update(
                last_best.is_some() && last_best != result.best_move,
                if decided || last_best.is_none() {
                    0
                } else {
                    previous - score
                },
            );
            last_best = result.best_move;
            previous = score;
            if self.is_main {
                self.flush();
                let progress = Progress {
                    depth,
                    seldepth: self.seldepth as u32,
                    score: result.score,
                    pv: &result.pv,
                };
                report(
                    &progress,
                    self.shared.nodes.load(Ordering::Relaxed),
                    self.shared.time.elapsed(),
                );
                if self.shared.time.is_past_soft_limit(self.params, stability) {
                    break;
                }
                // A forced win or loss found within the depth cannot change any more.
                if score.abs() > WIN_THRESHOLD && WIN - score.abs() < depth as i32 {
                    break;
                }
            }
            depth += 1;
        }
        self.flush();
        result
    }

    /// One iteration at the root with aspiration windows around `previous`.
    fn aspiration<D: DrawHook>(
        &mut self,
        root: &Position,
        key: u64,
        draw: D,
        depth: u32,
        previous: i32,
    ) -> i32 {
        let units = depth as i32 * ONE_PLY;
        if depth < self.params.aspiration_min_depth || previous.abs() > WIN_THRESHOLD {
            return self.search(root, key, draw, units, 0, -INFINITY, INFINITY, true);
        }
        let mut window = self.params.aspiration_window.max(1);
        let mut alpha = (previous - window).max(-INFINITY);
        let mut beta = (previous + window).min(INFINITY);
        loop {
            let score = self.search(root, key, draw, units, 0, alpha, beta, true);
            if self.stopped {
                return score;
            }
            window = window.saturating_mul(self.params.aspiration_growth_factor.max(2));
            if score <= alpha {
                alpha = (score - window).max(-INFINITY);
            } else if score >= beta {
                beta = (score + window).min(INFINITY);
            } else {
                return score;
            }
        }
    }

    /// Whether the node at `ply` (key `key`) repeats a position of the game or of the line since
    /// the last irreversible move, with the same side to move.
    #[inline]
    fn is_repetition(&self, key: u64, ply: usize) -> bool {
        let from = self.stack[ply].reversible_from;
        let mut index = self.root_index + ply;
        while index >= from + 2 {
            index -= 2;
            if self.keys[index] == key {
                return true;
            }
        }
        false
    }

    /// The principal-variation search of a node at `ply` with `depth` units left; `pv_node`:
    /// whether it lies on the principal variation (searched with an open window).
    // Always inlined: the children's searches call it, and as a call of its own it cost 1.8 %
    // more instructions than the dispatch in place.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn search<D: DrawHook>(
        &mut self,
        position: &Position,
        key: u64,
        draw: D,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> i32 {
        if pv_node {
            self.node::<D, true>(position, key, draw, depth, ply, alpha, beta)
        } else {
            self.node::<D, false>(position, key, draw, depth, ply, alpha, beta)
        }
    }

    /// [`Searcher::search`] compiled once for PV nodes (`PV`) and once for the others, so that
    /// the null-window nodes, nearly all of the tree, carry none of the PV nodes' work and tests.
    ///
    /// The algorithm, step by step: quiescence at the frontier; the end of the line (a draw, a
    /// tablebase score, a mate already closer to the root); the table's cut-off, then selective
    /// pruning ([`Searcher::prune`]); the moves, with a reduced depth without a hash move
    /// (internal iterative reduction) and the singular test of the hash move; the move loop
    /// ([`Searcher::search_move`] for each move, [`MovePicker`] for their order); the result
    /// stored in the table.
    #[allow(clippy::too_many_arguments)]
    fn node<D: DrawHook, const PV: bool>(
        &mut self,
        position: &Position,
        key: u64,
        draw: D,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let pv_node = PV;
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, ply, alpha, beta, self.params.qs_threat_plies);
        }
        // Only PV nodes write their line; a PV parent clears its children's (below), so that a
        // child which writes nothing leaves an empty line behind.
        if pv_node {
            self.pv[ply].clear();
        }
        self.visit(ply);
        if self.stopped {
            cold_path();
            return DRAW;
        }
        if ply > 0 {
            if let Some(score) = self.end_of_line(position, key, draw, ply) {
                return score;
            }
            // Mate-distance pruning: no result here can beat a win found closer to the root.
            alpha = alpha.max(-WIN + ply as i32);
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                cold_path();
                return alpha;
            }
        }
        let at = NodeAt {
            position,
            key,
            draw,
            depth,
            ply,
        };

        // Probing and pruning. Work that needs no table entry comes before the probe's first
        // load, so that the bucket the parent prefetched has more time to arrive: whether a
        // capture is pending (asked once, for reverse futility and the move generation) and
        // reverse futility's static evaluation. The decisions keep their order: a table cut-off
        // first, then pruning.
        let capture = position.has_capture();
        let prunable = !pv_node && ply > 0 && beta.abs() < WIN_THRESHOLD;
        let futility_eval = if prunable && self.futility_applies(depth, capture) {
            self.futility_eval(position, ply, depth, beta)
        } else {
            None
        };
        // A singular-extension test of this node: its hash move left out, nothing stored, no
        // cut-off from the table entry the test is about.
        let excluded = self.stack[ply].excluded;
        let use_table = depth >= self.params.tt_min_depth;
        let entry = if use_table {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(entry) = entry
            && !pv_node
            && excluded.is_none()
            && let Some(score) = table_cutoff(entry, depth, ply, alpha, beta)
        {
            return score;
        }
        if prunable
            && excluded.is_none()
            && let Some(score) = self.prune(at, beta, futility_eval)
        {
            return score;
        }

        // The moves.
        let mut moves = MoveList::new();
        if capture {
            movegen::generate_captures(position, &mut moves);
        } else {
            movegen::generate_quiet(position, &mut moves);
        }
        if ply == 0 {
            self.keep_root_moves(&mut moves);
        }
        if moves.is_empty() {
            cold_path();
            return -WIN + ply as i32;
        }
        let hash_move = entry
            .and_then(|entry| entry.best_move)
            .and_then(|m| m.find(&moves));
        // Internal iterative reduction: without a hash move, a ply shallower.
        let iir = self.params.iir_min_depth;
        let depth = if iir > 0 && hash_move.is_none() && depth >= iir * ONE_PLY {
            depth - ONE_PLY
        } else {
            depth
        };
        let at = NodeAt { depth, ..at };
        // The extension's test only where it may apply (it is off by default).
        let test = if self.params.singular_min_depth > 0 {
            self.singular_test(at, beta, entry, hash_move, &moves)
        } else {
            HashMove::Ordinary
        };
        let singular = match test {
            HashMove::Singular => hash_move,
            HashMove::OthersCut(score) if !pv_node => return score,
            _ => None,
        };

        // The move loop.
        let searched_quiets = late_move_count(self.params, depth, capture, pv_node);
        let side = position.side_to_move();
        let cost = self.move_cost(moves.len());
        let children_probe = depth - cost >= self.params.tt_min_depth;
        let mut child_keys: ArrayVec<u64, MAX_MOVES> = ArrayVec::new();
        if children_probe {
            self.prefetch_children(position, key, &moves, &mut child_keys);
        }
        // An only move (frequent: a forced capture costs no depth) needs no ordering.
        let mut picker = MovePicker::new();
        if moves.len() > 1 {
            let killers = self.stack[ply].killers;
            picker.order(&moves, hash_move, killers, self.history, side);
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut quiets_tried: ArrayVec<HistorySlot, MAX_MOVES> = ArrayVec::new();
        // Late-move pruning skips every move after the first `searched_quiets` but promotions:
        // without a promotion among the moves, the loop ends there. (Late-move pruning applies
        // only without a capture, so a promotion is a man's step onto the last rank.)
        let searched = if moves.len() > searched_quiets && !position.has_crowning_step() {
            searched_quiets
        } else {
            moves.len()
        };
        for i in 0..searched {
            let index = picker.next();
            let mv = moves[index];
            if (i >= searched_quiets && !mv.promotes()) || excluded == Some(mv) {
                continue;
            }
            if pv_node {
                self.pv[ply + 1].clear();
            }
            let new_depth = if singular == Some(index) {
                depth - cost + ONE_PLY
            } else {
                depth - cost
            };
            let child_key = children_probe.then(|| child_keys[index]);
            let score = self.search_move::<D, PV>(at, &mv, i, child_key, new_depth, alpha, beta);
            if self.stopped {
                cold_path();
                return DRAW;
            }
            if score > best {
                best = score;
                best_index = Some(index);
                if score > alpha {
                    alpha = score;
                    self.record_improvement(ply, pv_node, mv, score);
                    if score >= beta {
                        if !mv.is_capture() {
                            self.record_cutoff(&mv, &quiets_tried, side, ply, depth);
                        }
                        break;
                    }
                }
            }
            if !mv.is_capture() {
                quiets_tried.push(HistorySlot::of(side, &mv));
            }
        }

        if use_table && excluded.is_none() {
            let best_move = best_index.map(|i| PackedMove::new(i, &moves[i]));
            self.store(at, best, best_move, original_alpha, beta);
        }
        best
    }

    /// The depth units a move costs at a node with `moves` legal moves: none or less than a ply
    /// for an only move and for two or three ([`SearchParams::only_move_cost`] and the next).
    #[inline(always)]
    fn move_cost(&self, moves: usize) -> i32 {
        match moves {
            1 => self.params.only_move_cost,
            2 => self.params.two_moves_cost,
            3 => self.params.three_moves_cost,
            _ => ONE_PLY,
        }
    }

    /// Starts loading the table buckets of all the children of `position` (key `key`) that will
    /// probe the table, and keeps their keys in `child_keys`: the loads overlap the ordering and
    /// the earlier siblings' searches instead of stalling each child (one prefetch just before
    /// each child left the probe waiting for most of the latency).
    #[inline(always)]
    fn prefetch_children(
        &self,
        position: &Position,
        key: u64,
        moves: &MoveList,
        child_keys: &mut ArrayVec<u64, MAX_MOVES>,
    ) {
        for mv in moves {
            let child_key = position.zobrist_key_after(key, mv);
            self.table.prefetch(child_key);
            child_keys.push(child_key);
        }
    }

    /// Stores the result `best` of the node `at`, searched with the window (`alpha`, `beta`), in
    /// the table, with its best move: an exact score, or the bound it is.
    #[inline(always)]
    fn store<D>(
        &self,
        at: NodeAt<'_, D>,
        best: i32,
        best_move: Option<PackedMove>,
        alpha: i32,
        beta: i32,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            at.key,
            TtEntry {
                best_move,
                score: to_table(best, at.ply) as i16,
                depth: at.depth.clamp(0, 0xFFF) as u16,
                bound,
                age: self.table.age(),
            },
        );
    }

    /// A node's end before any search (at ply > 0): a draw (a repetition of the game or the line,
    /// or a counter rule) or the tablebases' exact score.
    #[inline(always)]
    fn end_of_line<D: DrawHook>(
        &self,
        position: &Position,
        key: u64,
        draw: D,
        ply: usize,
    ) -> Option<i32> {
        if self.is_repetition(key, ply) || draw.is_draw(position) {
            cold_path();
            return Some(self.draw_score(ply));
        }
        let score = super::probe::tree_score(
            self.shared.tablebases,
            position,
            ply,
            draw,
            self.shared.root_progress,
        )?;
        Some(if score == DRAW {
            self.table_draw_score(position, ply)
        } else {
            score
        })
    }

    /// The search of move `mv` of the node `at` (window `alpha`, `beta`), the `i`-th tried, with
    /// `new_depth` units left after it: the first move with the node's window, the others with
    /// a null window (late quiet ones reduced, see [`reduction`]), re-searched when they beat
    /// alpha. `child_key`: the child's key, when computed for the prefetch. The score is from
    /// the node's side.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move<D: DrawHook, const PV: bool>(
        &mut self,
        at: NodeAt<'_, D>,
        mv: &Move,
        i: usize,
        child_key: Option<u64>,
        new_depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let NodeAt {
            position,
            key,
            draw,
            depth,
            ply,
        } = at;
        if new_depth <= 0 {
            // A quiescence child needs no key, counters or repetition bookkeeping.
            let child = position.play_unchecked(mv);
            let qs_threat_plies = self.params.qs_threat_plies;
            let first_beta = if i == 0 { -beta } else { -alpha - 1 };
            let mut score = -self.quiesce(&child, ply + 1, first_beta, -alpha, qs_threat_plies);
            if i > 0 && PV && score > alpha && score < beta {
                score = -self.quiesce(&child, ply + 1, -beta, -alpha, qs_threat_plies);
            }
            return score;
        }
        let reversible = position.is_reversible(mv);
        // Where the children's keys go in `keys`; also where a repetition search starts from a
        // child reached by an irreversible move.
        let child_index = self.root_index + ply + 1;
        let window =
            position.repetition_window_after(mv, self.stack[ply].reversible_from, child_index);
        // A child that does not use the table (nor do its descendants: depth never grows down
        // the tree) needs its key only for repetitions. After an irreversible move it repeats
        // nothing, and its descendants compare keys only with each other (from its own key on):
        // any key that differs from the true one by the same constant does, such as the parent's.
        let child_key = match child_key {
            Some(child_key) => child_key,
            None if reversible => position.zobrist_key_after(key, mv),
            None => key,
        };
        let child = position.play_unchecked(mv);
        let child_draw = draw.after(position, mv, &child);
        self.keys[child_index] = child_key;
        self.stack[ply + 1].reversible_from = window;
        // The child's search with a given depth, window and node type.
        let search_child = |this: &mut Self, depth: i32, alpha: i32, beta: i32, pv: bool| {
            -this.search(
                &child,
                child_key,
                child_draw,
                depth,
                ply + 1,
                alpha,
                beta,
                pv,
            )
        };
        if i == 0 {
            return search_child(self, new_depth, -beta, -alpha, PV);
        }
        let reduction = reduction(self.params, depth, i, mv, PV);
        let mut score = search_child(self, new_depth - reduction, -alpha - 1, -alpha, false);
        if score > alpha && reduction > 0 {
            score = search_child(self, new_depth, -alpha - 1, -alpha, false);
        }
        if score > alpha && score < beta && PV {
            score = search_child(self, new_depth, -beta, -alpha, true);
        }
        score
    }

    /// A null-window search of the node `at` around `beta` (does it reach `beta`?), as a non-PV
    /// node.
    #[inline]
    pub(super) fn null_window<D: DrawHook>(&mut self, at: NodeAt<'_, D>, beta: i32) -> i32 {
        self.node::<D, false>(
            at.position,
            at.key,
            at.draw,
            at.depth,
            at.ply,
            beta - 1,
            beta,
        )
    }

    /// A move raised alpha at `ply`: extends the principal variation (at PV nodes) and remembers
    /// the root's best move.
    #[inline]
    fn record_improvement(&mut self, ply: usize, pv_node: bool, mv: Move, score: i32) {
        if pv_node {
            let (head, tail) = self.pv.split_at_mut(ply + 1);
            let line = &mut head[ply];
            line.clear();
            line.push(mv);
            line.extend(tail[0].iter().copied().take(MAX_PLY - 1));
        }
        if ply == 0 {
            self.root_best = Some((mv, score));
        }
    }

    /// Quiet move `mv` caused a cut-off at `ply` (`depth` units left) after `tried` failed.
    #[inline]
    fn record_cutoff(
        &mut self,
        mv: &Move,
        tried: &[HistorySlot],
        side: Color,
        ply: usize,
        depth: i32,
    ) {
        self.stack[ply].killers.record(mv);
        self.history
            .record_cutoff(mv, tried, side, depth / ONE_PLY, self.params.history_max);
    }

    /// Quiescence: expands captures while the side to move must capture, then evaluates. A quiet
    /// position where the opponent threatens a capture is not evaluated while `threats_left` > 0:
    /// every move is searched instead (one quiet ply, see [`SearchParams::qs_threat_plies`]).
    #[inline(always)]
    pub fn quiesce(
        &mut self,
        position: &Position,
        ply: usize,
        alpha: i32,
        beta: i32,
        threats_left: u32,
    ) -> i32 {
        self.visit(ply);
        if self.stopped {
            cold_path();
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            cold_path();
            return self.static_eval(position, ply);
        }
        let mut threats_left = threats_left;
        let capture = position.has_capture();
        if !capture {
            if !position.has_quiet_move() {
                cold_path();
                return -WIN + ply as i32;
            }
            let threatened = threats_left > 0 && position.opponent_can_capture();
            if !threatened {
                return self.leaf_eval(position, ply, alpha, beta);
            }
            threats_left -= 1;
        }
        self.quiesce_moves(position, ply, alpha, beta, threats_left, capture)
    }

    /// The moves of a quiescence node that is not evaluated: its captures (`capture`), else (a
    /// threatened position) its quiet moves. Apart from [`Searcher::quiesce`] so that the
    /// evaluated leaves, most quiescence nodes, run without this part's move list on the stack.
    #[inline(never)]
    fn quiesce_moves(
        &mut self,
        position: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        threats_left: u32,
        capture: bool,
    ) -> i32 {
        let mut moves = MoveList::new();
        if capture {
            movegen::generate_captures(position, &mut moves);
        } else {
            // Threatened: every quiet move.
            movegen::generate_quiet(position, &mut moves);
        }
        if let [mv] = moves.as_slice() {
            // One move (the usual capture): nothing to order.
            let score = -self.quiesce(
                &position.play_unchecked(mv),
                ply + 1,
                -beta,
                -alpha,
                threats_left,
            );
            return if self.stopped { DRAW } else { score };
        }
        let mut picker = MovePicker::new();
        picker.order_captures(&moves);
        let mut best = -INFINITY;
        for _ in 0..moves.len() {
            let mv = moves[picker.next()];
            let score = -self.quiesce(
                &position.play_unchecked(&mv),
                ply + 1,
                -beta,
                -alpha,
                threats_left,
            );
            if self.stopped {
                cold_path();
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The score of a node with `depth` units left at `ply` (window `alpha`, `beta`) that its table
/// `entry` settles without a search: one searched at least as deep whose bound cuts the window.
#[inline(always)]
fn table_cutoff(entry: TtEntry, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    if i32::from(entry.depth) < depth {
        return None;
    }
    let score = from_table(i32::from(entry.score), ply);
    let cut = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

#[cfg(test)]
mod tests {
    use crate::clock::Instant;
    use std::sync::atomic::{AtomicBool, AtomicU64};

    use super::*;
    use crate::eval::EvalParams;
    use crate::search::draw_hook::NoCounters;
    use crate::search::limits::{Budget, SearchLimit, TimeManager};
    use crate::search::params::SearchParams;
    use crate::search::searcher::Shared;
    use crate::search::stack::ThreadData;
    use crate::search::tt::AtomicTable;

    /// Quiet positions with more than 4 pieces from a few deterministic games (the i-th legal
    /// move at each ply), where the lazy evaluation may apply.
    fn quiet_positions() -> Vec<Position> {
        let mut positions = Vec::new();
        for game in 0..8 {
            let mut position = Position::start();
            for ply in 0..60 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !position.has_capture() && position.piece_count() > 4 {
                    positions.push(position);
                }
                position = position.play_unchecked(&moves[(game * 7 + ply * 3) % moves.len()]);
            }
        }
        positions
    }

    #[test]
    fn a_crowning_step_is_found_exactly_where_a_quiet_move_promotes() {
        let (mut crowning, mut quiet) = (0, 0);
        for game in 0..40usize {
            let mut position = Position::start();
            for ply in 0..200usize {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !position.has_capture() {
                    let promotes = moves.iter().any(|mv| mv.promotes());
                    assert_eq!(position.has_crowning_step(), promotes, "{position:?}");
                    crowning += usize::from(promotes);
                    quiet += 1;
                }
                position = position.play_unchecked(&moves[(game * 11 + ply * 7) % moves.len()]);
            }
        }
        assert!(crowning > 50 && quiet > 1000, "{crowning} of {quiet}");
    }

    /// Runs `check` with a main-thread searcher (depth-1 budget, 1 MB table) using `params`.
    fn with_searcher(params: &SearchParams, check: impl FnOnce(&mut Searcher<'_, AtomicTable>)) {
        let eval = EvalParams::default();
        let table = AtomicTable::with_size_mb(1);
        let stop = AtomicBool::new(false);
        let shared = Shared {
            stop: &stop,
            caller_stop: None,
            nodes: AtomicU64::new(0),
            time: TimeManager::new(
                Instant::now(),
                Budget::new(SearchLimit::Depth(1), params, MAX_PLY as u32 - 1),
            ),
            tablebases: None,
            root_progress: u32::MAX,
            contempt: params.contempt,
        };
        let mut thread = ThreadData::default();
        let mut searcher =
            Searcher::new(&table, params, &eval, &shared, &mut thread, true, &[0], 0);
        check(&mut searcher);
    }

    #[test]
    fn a_lazy_leaf_is_exact_inside_its_window_and_a_true_bound_outside() {
        let mut params = SearchParams::DEFAULT;
        params.lazy_eval_margin = 150;
        with_searcher(&params, |searcher| {
            let positions = quiet_positions();
            assert!(positions.len() > 100, "{}", positions.len());
            let mut lazy = 0;
            for position in &positions {
                let exact = searcher.static_eval(position, 0);
                let material = searcher.material_balance(position);
                for (alpha, beta) in [
                    (-1000, -400),
                    (-300, -100),
                    (-60, 60),
                    (100, 300),
                    (400, 1000),
                ] {
                    let score = searcher.leaf_eval(position, 0, alpha, beta);
                    if material - 150 < beta && material + 150 > alpha {
                        // The window reaches within the margin of the material: evaluated in full.
                        assert_eq!(score, exact, "{position:?} ({alpha}, {beta})");
                    } else if score != exact {
                        lazy += 1;
                        // Beyond the window by the margin: a fail-soft bound on the same side as
                        // the full evaluation whenever it lies within the margin of the material.
                        if (exact - material).abs() <= 150 {
                            assert!(
                                (score >= beta && exact >= score)
                                    || (score <= alpha && exact <= score),
                                "{position:?} ({alpha}, {beta}): {score} for {exact}"
                            );
                        }
                    }
                }
            }
            assert!(lazy > 0);
        });
    }

    #[test]
    fn lazy_futility_skips_the_evaluation_only_where_it_could_not_prune() {
        let mut lazy_params = SearchParams::DEFAULT;
        lazy_params.rfp_lazy_margin = 150;
        let mut full_params = lazy_params.clone();
        full_params.rfp_lazy_margin = 0;
        let positions = quiet_positions();
        // The full evaluations of reverse futility (without the lazy test) at each position,
        // depth and beta.
        let cases: Vec<(Position, i32, i32)> = positions
            .iter()
            .flat_map(|&position| {
                [ONE_PLY, 2 * ONE_PLY].into_iter().flat_map(move |depth| {
                    [-500, -120, 0, 90, 400].map(|beta| (position, depth, beta))
                })
            })
            .collect();
        let mut full = Vec::new();
        with_searcher(&full_params, |searcher| {
            full = cases
                .iter()
                .map(|&(position, depth, beta)| searcher.futility_eval(&position, 0, depth, beta))
                .collect();
        });
        with_searcher(&lazy_params, |searcher| {
            let (mut skipped, mut evaluated) = (0, 0);
            for (&(position, depth, beta), &full) in cases.iter().zip(&full) {
                let lazy = searcher.futility_eval(&position, 0, depth, beta);
                let bound = beta + searcher.futility_margin(depth);
                // Lazy only where the material bounds the evaluation (no kings: no scaling).
                let lazy_bound = searcher.lazy_material(&position);
                if full.is_some() && lazy_bound.is_some_and(|material| material + 150 < bound) {
                    assert_eq!(lazy, None, "{position:?} depth {depth} beta {beta}");
                    skipped += 1;
                } else {
                    assert_eq!(lazy, full, "{position:?} depth {depth} beta {beta}");
                    evaluated += usize::from(full.is_some());
                }
            }
            assert!(
                skipped > 0 && evaluated > 0,
                "{skipped} skipped, {evaluated} evaluated"
            );
        });
    }

    #[test]
    fn the_hash_move_is_singular_when_the_node_without_it_falls_below_the_margin() {
        let mut params = SearchParams::DEFAULT;
        params.singular_min_depth = 4;
        params.singular_margin = 3;
        let depth = 6 * ONE_PLY;
        // The node's own search fills its table entry (score and hash move) and leaves the
        // searcher's tables and histories in a state the second searcher below repeats exactly.
        let search_node = |searcher: &mut Searcher<'_, AtomicTable>,
                           at: &NodeAt<'_, NoCounters>,
                           moves: &MoveList| {
            searcher.search(
                at.position,
                at.key,
                NoCounters,
                depth,
                1,
                -INFINITY,
                INFINITY,
                true,
            );
            let entry = searcher.table.probe(at.key)?;
            let hash = entry.best_move.and_then(|m| m.find(moves))?;
            let score = from_table(i32::from(entry.score), 1);
            (score.abs() < WIN_THRESHOLD).then_some((entry, hash, score))
        };
        let (mut singular, mut ordinary) = (0, 0);
        for position in quiet_positions() {
            let moves = position.legal_moves();
            if moves.len() < 2 {
                continue;
            }
            let at = NodeAt {
                position: &position,
                key: position.zobrist_key(),
                draw: NoCounters,
                depth,
                ply: 1,
            };
            let mut verdict = None;
            with_searcher(&params, |searcher| {
                if let Some((entry, hash, _)) = search_node(searcher, &at, &moves) {
                    verdict =
                        Some(searcher.singular_test(at, INFINITY, Some(entry), Some(hash), &moves));
                }
            });
            // The same question asked by hand of a twin searcher: the node searched again
            // without its hash move, to half its depth, against the table score less 3
            // centi-men a ply.
            let mut expected = None;
            let mut gap = 0;
            with_searcher(&params, |searcher| {
                if let Some((_, hash, score)) = search_node(searcher, &at, &moves) {
                    let singular_beta = score - 3 * 6;
                    searcher.stack[1].excluded = Some(moves[hash]);
                    let others = searcher.null_window(
                        NodeAt {
                            depth: depth / 2,
                            ..at
                        },
                        singular_beta,
                    );
                    gap = score - others;
                    expected = Some(if others < singular_beta {
                        HashMove::Singular
                    } else {
                        HashMove::Ordinary
                    });
                }
            });
            assert_eq!(
                verdict, expected,
                "{position:?}: the others {gap} below the hash move"
            );
            match verdict {
                Some(HashMove::Singular) => singular += 1,
                Some(_) => ordinary += 1,
                None => {}
            }
        }
        assert!(
            singular > 0 && ordinary > 0,
            "{singular} singular, {ordinary} not"
        );
    }
}
