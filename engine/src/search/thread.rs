//! One search thread: iterative deepening over a principal-variation negamax search with
//! quiescence through captures.
//!
//! Data flow: [`Searcher::iterate`] runs depth 1, 2, … (aspiration windows from
//! [`SearchParams::aspiration_min_depth`] on), each iteration calling [`Searcher::search`] at the
//! root. A node checks the stop conditions, draws (repetition against the game and the tree path,
//! the draw-rule counters through a [`DrawHook`](super::DrawHook)), probes the shared [`Table`], generates and
//! orders the moves ([`Heuristics`]), and searches the first move with a full window and the rest
//! with a null window (re-searched when they beat alpha), late quiet moves reduced. The depth a
//! move costs depends on how many legal moves the position has (an only move is free). At depth
//! 0 the [`Searcher::quiesce`] search takes over: in draughts captures are forced, so while the
//! side to move must capture it keeps expanding captures, and only a position with no capture
//! pending is evaluated.
//!
//! Every thread of a Lazy SMP search runs this same code on its own [`Heuristics`], sharing the
//! table and a [`Shared`] block (stop flag, node count, clock). Only the main thread watches the
//! clock and reports progress.

use std::hint::cold_path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use super::draw_hook::DrawHook;
use super::limits::{Budget, Stability};
use super::ordering::{Heuristics, HistorySlot, OrderKeys, next, score_captures};
use super::params::{ONE_PLY, SearchParams};
use super::score::{DRAW, MAX_PLY, WIN, WIN_THRESHOLD, from_table, to_table};
use super::tt::{Bound, PackedMove, Table, TtEntry};
use crate::eval::{EvalParams, Evaluator, Feature, NetworkSums};
use crate::rules::{Color, MAX_MOVES, Move, MoveList, Position, movegen};

/// Depth of the short search that scores an only move under a time limit.
const ONLY_MOVE_DEPTH: u32 = 6;

/// Nodes between two checks of the clock and the stop flag.
pub const NODE_CHECK_INTERVAL: u64 = 1024;

/// What the singular-extension test ([`Searcher::singular_test`]) found for a node's hash move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HashMove {
    /// Every other move falls short: the hash move is searched a ply deeper.
    Singular,
    /// Another move also reaches the margin below the hash move's score, which beats beta: the
    /// node fails high with this score without a search (multi-cut).
    OthersCut(i32),
    /// No test, or neither of the above.
    Ordinary,
}

/// Where a node stands, as the searches that revisit it before its moves (ProbCut, the
/// singular test) need it: its position, key and draw counters, its depth left and its ply.
#[derive(Clone, Copy)]
struct NodeAt<'a, D> {
    position: &'a Position,
    key: u64,
    draw: D,
    depth: i32,
    ply: usize,
}

/// Larger than any score.
const INFINITY: i32 = WIN + 1;

/// State shared by all threads of one search.
pub struct Shared<'a> {
    /// Set to stop every thread (by the user, the clock, or the main thread when done).
    pub stop: &'a AtomicBool,
    /// The caller's own stop signal for this search ([`super::StopHandle::new`]): read, never
    /// cleared, so a stop raised before the search started is kept.
    pub caller_stop: Option<&'a AtomicBool>,
    /// Nodes searched by all threads (flushed every [`NODE_CHECK_INTERVAL`]).
    pub nodes: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// The limits.
    pub budget: Budget,
    /// Endgame tablebases for exact scores inside the tree (see [`super::probe`]).
    pub tablebases: Option<&'a super::probe::Tables>,
}

/// The outcome of one thread's iterative deepening.
#[derive(Clone, Debug)]
pub struct ThreadResult {
    /// Best move (None only without legal moves).
    pub best_move: Option<Move>,
    /// Its score.
    pub score: i32,
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

type Pv = ArrayVec<Move, MAX_PLY>;

/// One thread's search state.
pub struct Searcher<'a, T: Table> {
    table: &'a T,
    params: &'a SearchParams,
    /// The evaluation weights prepared for evaluating.
    evaluator: Evaluator,
    /// The evaluator's network sums along the tree, per ply.
    network_sums: NetworkSums,
    /// The evaluation's man and king weights: the material of
    /// [`SearchParams::lazy_eval_margin`] and [`SearchParams::table_draw_divisor`].
    material_weights: (i32, i32),
    shared: &'a Shared<'a>,
    heuristics: &'a mut Heuristics,
    is_main: bool,
    nodes: u64,
    /// `nodes` when they were last added to [`Shared::nodes`].
    flushed: u64,
    node_limit: u64,
    /// The node count at which [`Searcher::visit`] next leaves its fast path: the next check of
    /// the clock and the stop flag, or the node limit, whichever comes first.
    next_check: u64,
    seldepth: usize,
    stopped: bool,
    /// Keys of the game's positions, the root's at `root_index`, then of the tree path: the key
    /// of the node at ply `p` is at `root_index + p` (written by its parent; the entries past
    /// the current node are stale). Sized once for [`MAX_PLY`] plies, so the search writes it
    /// by index, with no pushes and pops.
    keys: Vec<u64>,
    /// The index of the root's key in `keys`.
    root_index: usize,
    /// Per ply: the first index of `keys` a repetition can reach (after the last irreversible move).
    reversible_from: [usize; MAX_PLY + 2],
    pv: Vec<Pv>,
    root_best: Option<(Move, i32)>,
    /// The side to move at the root (set by [`Searcher::iterate`]): the engine's side for
    /// [`SearchParams::keep_pieces`].
    root_side: Color,
    /// What a draw costs the root's side in this iteration: [`SearchParams::contempt`] plus the
    /// score-dependent part ([`SearchParams::winning_contempt_divisor`]).
    contempt: i32,
    /// Per ply: the move a singular-extension test leaves out of the node at that ply (the
    /// hash move whose alternatives it searches; see [`SearchParams::singular_min_depth`]).
    excluded: [Option<Move>; MAX_PLY + 1],
    /// The root moves this search chooses among, when not all of them (see
    /// [`Searcher::restrict_root`]).
    root_moves: Option<&'a [Move]>,
}

impl<'a, T: Table> Searcher<'a, T> {
    /// A searcher for the position whose game history (earlier positions' keys, oldest first,
    /// the root's own key last) is `history`; repetitions are looked for from
    /// `history[reversible_from]` on.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        table: &'a T,
        params: &'a SearchParams,
        eval: &'a EvalParams,
        shared: &'a Shared<'a>,
        heuristics: &'a mut Heuristics,
        is_main: bool,
        history: &[u64],
        reversible_from: usize,
    ) -> Searcher<'a, T> {
        let root_index = history.len().saturating_sub(1);
        let mut keys = Vec::with_capacity(root_index + MAX_PLY + 2);
        keys.extend_from_slice(history);
        keys.resize(root_index + MAX_PLY + 2, 0);
        let mut reversible = [0; MAX_PLY + 2];
        reversible[0] = reversible_from.min(root_index);
        let node_limit = if is_main {
            shared.budget.max_nodes.unwrap_or(u64::MAX)
        } else {
            u64::MAX
        };
        Searcher {
            table,
            params,
            evaluator: Evaluator::new(eval),
            network_sums: NetworkSums::new(MAX_PLY + 1),
            material_weights: (eval.weight(Feature::Man), eval.weight(Feature::King)),
            shared,
            heuristics,
            is_main,
            nodes: 0,
            flushed: 0,
            node_limit,
            next_check: NODE_CHECK_INTERVAL.min(node_limit),
            seldepth: 0,
            stopped: false,
            keys,
            root_index,
            reversible_from: reversible,
            pv: vec![Pv::new(); MAX_PLY + 1],
            root_best: None,
            root_side: Color::White,
            contempt: params.contempt,
            excluded: [None; MAX_PLY + 1],
            root_moves: None,
        }
    }

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
                let budget = &self.shared.budget;
                if budget
                    .hard
                    .is_some_and(|hard| self.shared.start.elapsed() >= hard)
                    || budget
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
        let max_depth = if self.shared.budget.is_timed() && moves.len() == 1 {
            self.shared.budget.max_depth.min(ONLY_MOVE_DEPTH)
        } else {
            self.shared.budget.max_depth
        };
        let mut depth = first_depth.max(1);
        let mut previous = 0;
        let mut stability = Stability::default();
        let mut last_best = None;
        while depth <= max_depth {
            self.root_best = None;
            self.contempt = self.params.contempt + self.winning_contempt(previous);
            let score = self.aspiration(root, key, draw, depth, previous);
            if let Some((mv, s)) = self.root_best {
                // A move that completed its search is safe to play even from an aborted iteration.
                result.best_move = Some(mv);
                result.score = s;
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
            result.score = score;
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
                    score,
                    pv: &result.pv,
                };
                report(
                    &progress,
                    self.shared.nodes.load(Ordering::Relaxed),
                    self.shared.start.elapsed(),
                );
                if self
                    .shared
                    .budget
                    .soft_limit(self.params, stability)
                    .is_some_and(|soft| self.shared.start.elapsed() >= soft)
                {
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

    #[inline]
    fn is_repetition(&self, key: u64, ply: usize) -> bool {
        let from = self.reversible_from[ply];
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
            if self.is_repetition(key, ply) || draw.is_draw(position) {
                cold_path();
                return self.draw_score(ply);
            }
            if let Some(score) =
                super::probe::tree_score(self.shared.tablebases, position, ply, draw)
            {
                return if score == DRAW {
                    self.table_draw_score(position, ply)
                } else {
                    score
                };
            }
            // Mate-distance pruning: no result here can beat a win found closer to the root.
            alpha = alpha.max(-WIN + ply as i32);
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                cold_path();
                return alpha;
            }
        }
        // Work that needs no table entry comes before the probe's first load, so that the
        // bucket the parent prefetched has more time to arrive: whether a capture is pending
        // (asked once, for reverse futility and the move generation) and reverse futility's
        // static evaluation. The decisions keep their order: a table cut-off first, then pruning.
        let capture = position.has_capture();
        let prunable = !pv_node && ply > 0 && beta.abs() < WIN_THRESHOLD;
        let futility_eval = if prunable && self.futility_applies(depth, capture) {
            self.futility_eval(position, ply, depth, beta)
        } else {
            None
        };
        let at = NodeAt {
            position,
            key,
            draw,
            depth,
            ply,
        };
        // A singular-extension test of this node: its hash move left out, nothing stored, no
        // cut-off from the table entry the test is about.
        let excluded = self.excluded[ply];
        let use_table = depth >= self.params.tt_min_depth;
        let entry = if use_table {
            self.table.probe(key)
        } else {
            None
        };
        if let Some(entry) = entry
            && !pv_node
            && excluded.is_none()
            && i32::from(entry.depth) >= depth
        {
            let score = from_table(i32::from(entry.score), ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        if prunable
            && excluded.is_none()
            && let Some(score) = self.prune(at, beta, futility_eval)
        {
            return score;
        }
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
        let iir = self.params.iir_min_depth;
        let depth = if iir > 0 && hash_move.is_none() && depth >= iir * ONE_PLY {
            depth - ONE_PLY
        } else {
            depth
        };
        // The extension's test only where it may apply (it is off by default).
        let test = if self.params.singular_min_depth > 0 {
            self.singular_test(NodeAt { depth, ..at }, beta, entry, hash_move, &moves)
        } else {
            HashMove::Ordinary
        };
        let singular = match test {
            HashMove::Singular => hash_move,
            HashMove::OthersCut(score) if !pv_node => return score,
            _ => None,
        };
        // Late-move pruning: how many quiet moves a frontier node searches (all without it).
        let searched_quiets =
            if !pv_node && depth <= self.params.lmp_max_depth * ONE_PLY && !capture {
                self.params.lmp_moves.max(1) * (depth / ONE_PLY).max(1) as usize
            } else {
                usize::MAX
            };

        let side = position.side_to_move();
        let cost = match moves.len() {
            1 => self.params.only_move_cost,
            2 => self.params.two_moves_cost,
            3 => self.params.three_moves_cost,
            _ => ONE_PLY,
        };
        // Children that will probe the table: start loading all their buckets now, so the loads
        // overlap the ordering and the earlier siblings' searches instead of stalling each child
        // (one prefetch just before each child left the probe waiting for most of the latency).
        let children_probe = depth - cost >= self.params.tt_min_depth;
        let mut child_keys: ArrayVec<u64, MAX_MOVES> = ArrayVec::new();
        if children_probe {
            for mv in &moves {
                let child_key = position.zobrist_key_after(key, mv);
                self.table.prefetch(child_key);
                child_keys.push(child_key);
            }
        }
        // An only move (frequent: a forced capture costs no depth) needs no ordering.
        let only_move = moves.len() == 1;
        let mut keys = OrderKeys::new();
        if !only_move {
            self.heuristics
                .score_moves(&moves, hash_move, side, ply, &mut keys);
        }

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut quiets_tried: ArrayVec<HistorySlot, MAX_MOVES> = ArrayVec::new();
        // Where the children's keys go in `keys`; also where a repetition search starts from a
        // child reached by an irreversible move.
        let child_index = self.root_index + ply + 1;
        // Late-move pruning skips every move after the first `searched_quiets` but promotions:
        // without a promotion among the moves, the loop ends there. (Late-move pruning applies
        // only without a capture, so a promotion is a man's step onto the last rank.)
        let searched = if moves.len() > searched_quiets && !position.has_crowning_step() {
            searched_quiets
        } else {
            moves.len()
        };
        for i in 0..searched {
            let index = if only_move { 0 } else { next(&mut keys, i) };
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
            let score = if new_depth <= 0 {
                // A quiescence child needs no key, counters or repetition bookkeeping.
                let child = position.play_unchecked(&mv);
                let mut score = -self.quiesce(
                    &child,
                    ply + 1,
                    if i == 0 { -beta } else { -alpha - 1 },
                    -alpha,
                    self.params.qs_threat_plies,
                );
                if i > 0 && pv_node && score > alpha && score < beta {
                    score =
                        -self.quiesce(&child, ply + 1, -beta, -alpha, self.params.qs_threat_plies);
                }
                score
            } else {
                let reversible = position.is_reversible(&mv);
                // A child that does not use the table (nor do its descendants: depth never
                // grows down the tree) needs its key only for repetitions. After an
                // irreversible move it repeats nothing, and its descendants compare keys only
                // with each other (from its own key on): any key that differs from the true one
                // by the same constant does, such as the parent's.
                let child_key = if children_probe {
                    child_keys[index]
                } else if reversible {
                    position.zobrist_key_after(key, &mv)
                } else {
                    key
                };
                let child = position.play_unchecked(&mv);
                let child_draw = draw.after(position, &mv, &child);
                let from = if reversible {
                    self.reversible_from[ply]
                } else {
                    child_index
                };
                self.keys[child_index] = child_key;
                self.reversible_from[ply + 1] = from;
                // The child's search with a given depth, window and node type.
                let search_child =
                    |this: &mut Self, depth: i32, alpha: i32, beta: i32, pv: bool| {
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
                    search_child(self, new_depth, -beta, -alpha, pv_node)
                } else {
                    let quiet = !mv.is_capture() && !mv.promotes();
                    let reduction = if quiet
                        && depth >= self.params.lmr_min_depth * ONE_PLY
                        && i >= self.params.lmr_min_index
                    {
                        if i >= self.params.lmr_double_index && !pv_node {
                            2 * self.params.lmr_reduction
                        } else {
                            self.params.lmr_reduction
                        }
                    } else {
                        0
                    };
                    let mut score =
                        search_child(self, new_depth - reduction, -alpha - 1, -alpha, false);
                    if score > alpha && reduction > 0 {
                        score = search_child(self, new_depth, -alpha - 1, -alpha, false);
                    }
                    if score > alpha && score < beta && pv_node {
                        score = search_child(self, new_depth, -beta, -alpha, true);
                    }
                    score
                }
            };
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

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !use_table || excluded.is_some() {
            return best;
        }
        self.table.store(
            key,
            TtEntry {
                best_move: best_index.map(|i| PackedMove::new(i, &moves[i])),
                score: to_table(best, ply) as i16,
                depth: depth.clamp(0, 0xFFF) as u16,
                bound,
                age: self.table.age(),
            },
        );
        best
    }

    /// Singular extension ([`SearchParams::singular_min_depth`]): a search of half the depth
    /// without the hash move tells whether every other move of `moves` falls below the hash
    /// move's table score minus the margin (then it is singular, searched a ply deeper), or
    /// whether, with [`SearchParams::singular_multi_cut`], the others alone beat `beta` too.
    /// Called only with the extension on (`singular_min_depth > 0`).
    fn singular_test<D: DrawHook>(
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
            || self.excluded[ply].is_some()
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
        self.excluded[ply] = Some(moves[index]);
        let others = self.null_window(
            NodeAt {
                depth: depth / 2,
                ..at
            },
            singular_beta,
        );
        self.excluded[ply] = None;
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

    /// The evaluation of a quiet `position` at `ply` for the side to move, plus the
    /// [`SearchParams::keep_pieces`] bonus per piece on the board for the engine's (root) side.
    #[inline]
    fn static_eval(&mut self, position: &Position, ply: usize) -> i32 {
        self.evaluator
            .evaluate_at_ply(position, &mut self.network_sums, ply)
            + self.keep_bonus(position)
    }

    /// The [`SearchParams::keep_pieces`] bonus of `position` for its side to move.
    #[inline]
    fn keep_bonus(&self, position: &Position) -> i32 {
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
    fn leaf_eval(&mut self, position: &Position, ply: usize, alpha: i32, beta: i32) -> i32 {
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
    /// may be scaled down ([`crate::eval::ending_scale`]).
    #[inline(always)]
    fn lazy_material(&self, position: &Position) -> Option<i32> {
        if position.all_kings().is_empty() {
            Some(self.material_balance(position) + self.keep_bonus(position))
        } else {
            None
        }
    }

    /// The score of a draw at `ply` for the side to move there: 0, or with a contempt
    /// ([`SearchParams::contempt`], [`SearchParams::winning_contempt_divisor`]) minus it for the
    /// engine's own side (the root's side, to move at even plies) and plus it for the opponent.
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            DRAW - self.contempt
        } else {
            DRAW + self.contempt
        }
    }

    /// The score-dependent part of the contempt for a root scored `root_score` (for the root's
    /// side): [`SearchParams::winning_contempt_divisor`], up to
    /// [`SearchParams::winning_contempt_max`]; nothing when the root is not ahead or is a known
    /// win (a forced win needs no push).
    fn winning_contempt(&self, root_score: i32) -> i32 {
        let divisor = self.params.winning_contempt_divisor;
        if divisor <= 0 || root_score <= 0 || root_score > WIN_THRESHOLD {
            return 0;
        }
        (root_score / divisor).min(self.params.winning_contempt_max.max(0))
    }

    /// The score of a drawn tablebase position at `ply`: the [`Self::draw_score`], plus with
    /// [`SearchParams::table_draw_divisor`] the material balance (the evaluation's man and king
    /// weights) divided by it, so that among drawn endings the search prefers those where it
    /// keeps more material (an opponent without tables may still go wrong in them).
    #[inline]
    fn table_draw_score(&self, position: &Position, ply: usize) -> i32 {
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
    fn material_balance(&self, position: &Position) -> i32 {
        let us = position.side_to_move();
        let them = us.opposite();
        let (man, king) = self.material_weights;
        let men = position.men(us).count() as i32 - position.men(them).count() as i32;
        let kings = position.kings(us).count() as i32 - position.kings(them).count() as i32;
        man * men + king * kings
    }

    /// The static evaluation reverse futility pruning needs at a non-PV node with `depth` units
    /// left and bound `beta`, where it applies ([`Self::futility_applies`], which the caller
    /// tests: close to the frontier, the side to move without a capture): if the opponent has
    /// no capture pending either and the side to move has a move to play. With
    /// [`SearchParams::rfp_lazy_margin`], `None` without the evaluation when even the material
    /// plus that margin cannot reach the pruning bound.
    #[inline]
    fn futility_eval(
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
    fn futility_applies(&self, depth: i32, capture: bool) -> bool {
        let max = self.params.rfp_max_depth;
        max > 0 && depth <= max * ONE_PLY && !capture
    }

    /// Reverse futility's margin at `depth` units left.
    #[inline]
    fn futility_margin(&self, depth: i32) -> i32 {
        self.params.rfp_margin * (depth / ONE_PLY).max(1)
    }

    /// A null-window search of the node `at` around `beta` (does it reach `beta`?), as a non-PV
    /// node.
    #[inline]
    fn null_window<D: DrawHook>(&mut self, at: NodeAt<'_, D>, beta: i32) -> i32 {
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

    /// Selective pruning at a non-PV node before its moves are searched: a score that fails high
    /// at `beta` without a full search, or `None`. Reverse futility: a position whose static
    /// evaluation `futility_eval` (see [`Self::futility_eval`]) beats `beta` by a margin per ply
    /// left. ProbCut: a search shallower by [`SearchParams::probcut_reduction`] that beats
    /// `beta` + a margin.
    fn prune<D: DrawHook>(
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
        self.heuristics.record_cutoff(
            mv,
            tried,
            side,
            ply,
            depth / ONE_PLY,
            self.params.history_max,
        );
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
        let mut keys = OrderKeys::new();
        score_captures(&moves, &mut keys);
        let mut best = -INFINITY;
        for i in 0..moves.len() {
            let mv = moves[next(&mut keys, i)];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{AtomicTable, NoCounters, SearchLimit};

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
            start: Instant::now(),
            budget: Budget::new(SearchLimit::Depth(1), params, MAX_PLY as u32 - 1),
            tablebases: None,
        };
        let mut heuristics = Heuristics::default();
        let mut searcher = Searcher::new(
            &table,
            params,
            &eval,
            &shared,
            &mut heuristics,
            true,
            &[0],
            0,
        );
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
                    searcher.excluded[1] = Some(moves[hash]);
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
