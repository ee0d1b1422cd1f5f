//! One search thread's state ([`Searcher`]): the shared table and parameters, the prepared
//! evaluation, the thread's history and stack, its node count and limits, the keys of the line
//! and the principal variations; and what every thread of one search shares ([`Shared`]: the
//! stop flags, the node count, the time manager, the tablebases). The search is written as
//! methods of [`Searcher`] in the files above this one: the evaluation at the leaves
//! (`evaluate.rs`), the pruning rules (`pruning.rs`), and the algorithm that calls them
//! (`thread.rs`: iterative deepening, the node, quiescence, the stop checks); [`NodeAt`] is how
//! the algorithm hands a node to the pruning rules. The engine (`engine.rs`) makes one searcher
//! per thread.

use std::sync::atomic::{AtomicBool, AtomicU64};

use arrayvec::ArrayVec;

use super::contempt::Contempt;
use super::limits::TimeManager;
use super::ordering::History;
use super::params::SearchParams;
use super::probe::Tables;
use super::score::MAX_PLY;
use super::stack::{Stack, ThreadData};
use super::tt::Table;
use crate::eval::{EvalParams, Evaluator, Feature, NetworkSums};
use crate::rules::{Color, Move, Position};

/// Nodes between two checks of the clock and the stop flag.
pub const NODE_CHECK_INTERVAL: u64 = 1024;

/// Where a node stands, as the searches that revisit it before its moves (ProbCut, the
/// singular test) need it: its position, key and draw counters, its depth left and its ply.
#[derive(Clone, Copy)]
pub(super) struct NodeAt<'a, D> {
    pub position: &'a Position,
    pub key: u64,
    pub draw: D,
    pub depth: i32,
    pub ply: usize,
}

/// State shared by all threads of one search.
pub struct Shared<'a> {
    /// Set to stop every thread (by the user, the clock, or the main thread when done).
    pub stop: &'a AtomicBool,
    /// The caller's own stop signal for this search ([`super::StopHandle::new`]): read, never
    /// cleared, so a stop raised before the search started is kept.
    pub caller_stop: Option<&'a AtomicBool>,
    /// Nodes searched by all threads (flushed every [`NODE_CHECK_INTERVAL`]).
    pub nodes: AtomicU64,
    /// When the search started, and its limits.
    pub time: TimeManager,
    /// Endgame tablebases for exact scores inside the tree (see [`super::probe`]).
    pub tablebases: Option<&'a Tables>,
    /// The root's [`super::probe::progress`]: WDL wins and losses score in the tree only below it.
    pub root_progress: u32,
    /// What a draw is worth to the root's side in this search ([`Contempt::OFF`] for objective
    /// scores).
    pub contempt: Contempt,
}

type Pv = ArrayVec<Move, MAX_PLY>;

/// One thread's search state.
pub struct Searcher<'a, T: Table> {
    pub(super) table: &'a T,
    pub(super) params: &'a SearchParams,
    /// The evaluation weights prepared for evaluating.
    pub(super) evaluator: Evaluator,
    /// The evaluator's network sums along the tree, per ply.
    pub(super) network_sums: NetworkSums,
    /// The evaluation's man and king weights: the material of
    /// [`SearchParams::lazy_eval_margin`] and [`SearchParams::table_draw_divisor`].
    pub(super) material_weights: (i32, i32),
    pub(super) shared: &'a Shared<'a>,
    /// The thread's history of cut-offs (part of its [`ThreadData`]).
    pub(super) history: &'a mut History,
    /// The thread's search stack, one frame per ply (part of its [`ThreadData`]).
    pub(super) stack: &'a mut Stack,
    pub(super) is_main: bool,
    pub(super) nodes: u64,
    /// `nodes` when they were last added to [`Shared::nodes`].
    pub(super) flushed: u64,
    pub(super) node_limit: u64,
    /// The node count at which [`Searcher::visit`] next leaves its fast path: the next check of
    /// the clock and the stop flag, or the node limit, whichever comes first.
    pub(super) next_check: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    /// Keys of the game's positions, the root's at `root_index`, then of the tree path: the key
    /// of the node at ply `p` is at `root_index + p` (written by its parent; the entries past
    /// the current node are stale). Sized once for [`MAX_PLY`] plies, so the search writes it
    /// by index, with no pushes and pops.
    pub(super) keys: Vec<u64>,
    /// The index of the root's key in `keys`.
    pub(super) root_index: usize,
    /// Per ply, the principal variation from the node at that ply (written by PV nodes only).
    pub(super) pv: Vec<Pv>,
    pub(super) root_best: Option<(Move, i32)>,
    /// The side to move at the root (set by [`Searcher::iterate`]): the engine's side for
    /// [`SearchParams::keep_pieces`].
    pub(super) root_side: Color,
    /// What a draw costs the root's side in this iteration: [`Shared::contempt`]'s cost after
    /// the previous iteration's score.
    pub(super) contempt: i32,
    /// The root moves this search chooses among, when not all of them (see
    /// [`Searcher::restrict_root`]).
    pub(super) root_moves: Option<&'a [Move]>,
}

impl<'a, T: Table> Searcher<'a, T> {
    /// A searcher for the position whose game history (earlier positions' keys, oldest first,
    /// the root's own key last) is `history`; repetitions are looked for from
    /// `history[reversible_from]` on.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        table: &'a T,
        params: &'a SearchParams,
        eval: &'a EvalParams,
        shared: &'a Shared<'a>,
        thread: &'a mut ThreadData,
        is_main: bool,
        history: &[u64],
        reversible_from: usize,
    ) -> Searcher<'a, T> {
        let root_index = history.len().saturating_sub(1);
        let mut keys = Vec::with_capacity(root_index + MAX_PLY + 2);
        keys.extend_from_slice(history);
        keys.resize(root_index + MAX_PLY + 2, 0);
        thread.start(reversible_from.min(root_index));
        let node_limit = if is_main {
            shared.time.budget().max_nodes.unwrap_or(u64::MAX)
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
            history: &mut thread.history,
            stack: &mut thread.stack,
            is_main,
            nodes: 0,
            flushed: 0,
            node_limit,
            next_check: NODE_CHECK_INTERVAL.min(node_limit),
            seldepth: 0,
            stopped: false,
            keys,
            root_index,
            pv: vec![Pv::new(); MAX_PLY + 1],
            root_best: None,
            root_side: Color::White,
            contempt: shared.contempt.draw(),
            root_moves: None,
        }
    }
}
