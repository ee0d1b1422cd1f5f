//! Every tunable number of the search in one struct, with a documented `const` default.
//!
//! Naming vocabulary: `*_COST` / `*_cost` is depth spent per move (in [`ONE_PLY`] units),
//! `*_min_*` is a threshold below which a technique is off, `*_window` / `*_margin` are score
//! widths in centi-men, `*_factor` multiplies, `*_divisor` divides. The search reads these and
//! nothing else; `shashki match` can override any of them by name (see [`SearchParams::set`]) so
//! every change can be settled by games.

use super::contempt::Contempt;

/// Depth units per ply: depths are fractional so that forcing positions can cost less than a ply.
pub const ONE_PLY: i32 = 8;

/// Tunable search parameters. See each field for its meaning; defaults in [`SearchParams::DEFAULT`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Depth (in [`ONE_PLY`] units) a move costs when it is the only legal move (0: a free
    /// extension, the baseline engine's rule).
    pub only_move_cost: i32,
    /// Depth a move costs when the position has exactly two legal moves (a discount; off by
    /// default: [engine/SEARCH.md](crate::docs::search) has the games that decided it).
    pub two_moves_cost: i32,
    /// Depth a move costs when the position has exactly three legal moves (discount off by
    /// default, like [`Self::two_moves_cost`]).
    pub three_moves_cost: i32,
    /// Transposition table: nodes with less remaining depth (units) neither probe nor store (the
    /// table lives in memory far slower than the search at the frontier). Two plies: the nodes
    /// with one ply left skip it; as strong as one ply in games and faster ([engine/SEARCH.md](crate::docs::search)).
    pub tt_min_depth: i32,
    /// Quiescence: quiet plies searched (every move) at a position with no capture pending where
    /// the opponent threatens one, instead of evaluating it (0 = off).
    pub qs_threat_plies: u32,
    /// Reverse futility pruning: at non-PV nodes with at most this many plies left (0 = off), a
    /// quiet position whose static evaluation minus [`Self::rfp_margin`] per ply left beats beta
    /// returns without a search.
    pub rfp_max_depth: i32,
    /// Reverse futility pruning: the margin in centi-men per ply left.
    pub rfp_margin: i32,
    /// Lazy evaluation: a quiescence leaf whose material alone (the evaluation's man and king
    /// weights) is beyond the alpha-beta window by this many centi-men returns that bound
    /// without the full evaluation (0 = off). With the pattern evaluation the rest lies within
    /// ±150 of the material in nine leaves of ten, so 150 rarely changes a result
    /// ([engine/SEARCH.md](crate::docs::search)).
    pub lazy_eval_margin: i32,
    /// Lazy reverse futility: at a node where reverse futility pruning applies, no pruning and
    /// no evaluation when the material alone is below the pruning bound by more than this many
    /// centi-men (0 = off: the full evaluation every time). 100 saves evaluations without
    /// changing the strength ([engine/SEARCH.md](crate::docs::search)).
    pub rfp_lazy_margin: i32,
    /// ProbCut: at non-PV nodes with at least this many plies left (0 = off), a search
    /// [`Self::probcut_reduction`] shallower that beats beta + [`Self::probcut_margin`] cuts.
    /// 5 ([engine/SEARCH.md](crate::docs::search) has the games that chose it).
    pub probcut_min_depth: i32,
    /// ProbCut: depth units taken off the verification search.
    pub probcut_reduction: i32,
    /// ProbCut: how far above beta (centi-men) the shallow search must score.
    pub probcut_margin: i32,
    /// Centi-men per piece on the board added to the evaluation for the engine's own side (the
    /// root's side to move): it then avoids exchanges into equal, drawish endings against a
    /// weaker opponent (0 = off: a symmetric evaluation).
    pub keep_pieces: i32,
    /// Drawn tablebase positions inside the tree score their material balance (man 100, king
    /// 250) divided by this, not 0, so the search prefers draws where it keeps more material
    /// (0 = off: every table draw scores 0).
    pub table_draw_divisor: i32,
    /// What a draw inside the tree (repetition, draw-rule counter, drawn tablebase position)
    /// costs the engine's own side (the root's side to move): a flat cost and, while the root's
    /// score is positive for the engine, a part that grows with it ([`Contempt`]), so that a side
    /// ahead avoids repetitions and the counters' draws and looks for progress. Its parts are set
    /// by the names `contempt`, `winning_contempt_divisor` and `winning_contempt_max`. Default
    /// [`Contempt::DEFAULT`]; the searches that report objective scores use [`Contempt::OFF`].
    pub contempt: Contempt,
    /// Internal iterative reduction: a node with at least this many plies left (0 = off) and no
    /// hash move is searched one ply shallower (its move ordering is a guess anyway). 4
    /// ([engine/SEARCH.md](crate::docs::search) has the games that chose it).
    pub iir_min_depth: i32,
    /// Singular extension: a node with at least this many plies left (0 = off) whose hash move
    /// has a lower or exact table score checks whether every other move falls short of that
    /// score minus [`Self::singular_margin`] per ply in a search of half the depth; if so the
    /// hash move is singular (the one move that holds the position) and is searched a ply deeper.
    /// Off by default: its gain in games stayed within the noise (the matches are in
    /// [engine/SEARCH.md](crate::docs::search)).
    pub singular_min_depth: i32,
    /// Singular extension: centi-men per ply left that the other moves must fall below the
    /// hash move's table score.
    pub singular_margin: i32,
    /// Singular extension's multi-cut: when the test finds another move as good as the hash
    /// move's score minus the margin and that beats beta, a non-PV node fails high at once
    /// (0 = off).
    pub singular_multi_cut: i32,
    /// Late-move pruning: at non-PV nodes with at most this many plies left (0 = off), only
    /// the first [`Self::lmp_moves`] × plies-left quiet moves are searched (2; see
    /// [`Self::iir_min_depth`]).
    pub lmp_max_depth: i32,
    /// Late-move pruning: quiet moves searched per ply left before the rest are skipped.
    pub lmp_moves: usize,
    /// Late-move reductions: remaining depth (plies) below which no move is reduced.
    pub lmr_min_depth: i32,
    /// Late-move reductions: moves searched before reductions start (0 = hash move only).
    pub lmr_min_index: usize,
    /// Late-move reductions: depth units taken off a late quiet move.
    pub lmr_reduction: i32,
    /// Late-move reductions: from this move index on, reduce by twice [`Self::lmr_reduction`].
    pub lmr_double_index: usize,
    /// Aspiration windows: first iteration that uses a window around the previous score.
    pub aspiration_min_depth: u32,
    /// Aspiration windows: the initial half-width in centi-men.
    pub aspiration_window: i32,
    /// Aspiration windows: how much the half-width grows after each fail.
    pub aspiration_growth_factor: i32,
    /// History heuristic: values are kept in ±`history_max` (gravity update).
    pub history_max: i32,
    /// Lazy SMP: helper threads with an odd index start one ply deeper than the main thread.
    pub smp_depth_skew: u32,
    /// Time: moves assumed left in the game when the clock gives no moves-to-go.
    pub default_moves_to_go: u32,
    /// Time: with a fixed time per move ([`SearchLimit::MoveTime`](crate::SearchLimit)), the
    /// search runs until this per mille of it and is then stopped, in the middle of an iteration
    /// if need be (the moves that iteration completed count). 950: 95 % of the time, the rest a
    /// margin for stopping and answering, so that a move never takes longer than asked.
    pub move_time_per_mille: u32,
    /// Time: the hard limit is this many times the allotted time (clock games only) …
    pub hard_limit_factor: u32,
    /// … but never more than this per mille of the remaining clock.
    pub max_clock_per_mille: u32,
    /// Time: milliseconds kept in reserve for overhead (clock games only).
    pub move_overhead_ms: u64,
    /// Time on a clock: while the best move stays and the score does not fall, no iteration
    /// starts after this per mille of the allotted time (the rest is saved for harder moves).
    pub time_steady_per_mille: u32,
    /// Time on a clock: each recent change of the best move (a change counts half after one
    /// more iteration, a quarter after two, …) adds this per mille of the allotted time.
    pub time_change_per_mille: u32,
    /// Time on a clock: each centi-man the score fell in the last iteration adds this per mille
    /// of the allotted time (never beyond the hard limit).
    pub time_drop_per_mille: u32,
}

impl SearchParams {
    /// The defaults, each settled by games (see the match table in [engine/SEARCH.md](crate::docs::search)).
    pub const DEFAULT: SearchParams = SearchParams {
        only_move_cost: 0,
        tt_min_depth: 2 * ONE_PLY,
        two_moves_cost: ONE_PLY,
        three_moves_cost: ONE_PLY,
        qs_threat_plies: 0,
        rfp_max_depth: 2,
        rfp_margin: 60,
        lazy_eval_margin: 150,
        rfp_lazy_margin: 100,
        probcut_min_depth: 5,
        probcut_reduction: 4 * ONE_PLY,
        probcut_margin: 80,
        keep_pieces: 0,
        table_draw_divisor: 0,
        contempt: Contempt::DEFAULT,
        iir_min_depth: 4,
        singular_min_depth: 0,
        singular_margin: 4,
        singular_multi_cut: 0,
        lmp_max_depth: 2,
        lmp_moves: 4,
        lmr_min_depth: 3,
        lmr_min_index: 3,
        lmr_reduction: ONE_PLY,
        lmr_double_index: 10,
        aspiration_min_depth: 5,
        aspiration_window: 25,
        aspiration_growth_factor: 4,
        history_max: 16_384,
        smp_depth_skew: 1,
        default_moves_to_go: 30,
        move_time_per_mille: 950,
        hard_limit_factor: 4,
        max_clock_per_mille: 250,
        move_overhead_ms: 10,
        time_steady_per_mille: 700,
        time_change_per_mille: 400,
        time_drop_per_mille: 20,
    };

    /// The names accepted by [`SearchParams::set`].
    pub const NAMES: [&'static str; 40] = [
        "singular_multi_cut",
        "lazy_eval_margin",
        "singular_min_depth",
        "singular_margin",
        "rfp_lazy_margin",
        "iir_min_depth",
        "lmp_max_depth",
        "lmp_moves",
        "contempt",
        "winning_contempt_divisor",
        "winning_contempt_max",
        "table_draw_divisor",
        "keep_pieces",
        "rfp_max_depth",
        "rfp_margin",
        "probcut_min_depth",
        "probcut_reduction",
        "probcut_margin",
        "qs_threat_plies",
        "only_move_cost",
        "tt_min_depth",
        "two_moves_cost",
        "three_moves_cost",
        "lmr_min_depth",
        "lmr_min_index",
        "lmr_reduction",
        "lmr_double_index",
        "aspiration_min_depth",
        "aspiration_window",
        "aspiration_growth_factor",
        "history_max",
        "smp_depth_skew",
        "default_moves_to_go",
        "move_time_per_mille",
        "hard_limit_factor",
        "max_clock_per_mille",
        "move_overhead_ms",
        "time_steady_per_mille",
        "time_change_per_mille",
        "time_drop_per_mille",
    ];

    /// Sets the parameter called `name` (a field name) to `value`; `false` if there is no such
    /// parameter or the value does not fit it.
    pub fn set(&mut self, name: &str, value: i64) -> bool {
        fn fit<T: TryFrom<i64>>(slot: &mut T, value: i64) -> bool {
            match T::try_from(value) {
                Ok(v) => {
                    *slot = v;
                    true
                }
                Err(_) => false,
            }
        }
        match name {
            "only_move_cost" => fit(&mut self.only_move_cost, value),
            "tt_min_depth" => fit(&mut self.tt_min_depth, value),
            "two_moves_cost" => fit(&mut self.two_moves_cost, value),
            "three_moves_cost" => fit(&mut self.three_moves_cost, value),
            "qs_threat_plies" => fit(&mut self.qs_threat_plies, value),
            "rfp_max_depth" => fit(&mut self.rfp_max_depth, value),
            "rfp_margin" => fit(&mut self.rfp_margin, value),
            "lazy_eval_margin" => fit(&mut self.lazy_eval_margin, value),
            "rfp_lazy_margin" => fit(&mut self.rfp_lazy_margin, value),
            "probcut_min_depth" => fit(&mut self.probcut_min_depth, value),
            "probcut_reduction" => fit(&mut self.probcut_reduction, value),
            "probcut_margin" => fit(&mut self.probcut_margin, value),
            "keep_pieces" => fit(&mut self.keep_pieces, value),
            "table_draw_divisor" => fit(&mut self.table_draw_divisor, value),
            "contempt" | "winning_contempt_divisor" | "winning_contempt_max" => {
                match self.contempt.with_part(name, value) {
                    Some(contempt) => {
                        self.contempt = contempt;
                        true
                    }
                    None => false,
                }
            }
            "iir_min_depth" => fit(&mut self.iir_min_depth, value),
            "singular_min_depth" => fit(&mut self.singular_min_depth, value),
            "singular_margin" => fit(&mut self.singular_margin, value),
            "singular_multi_cut" => fit(&mut self.singular_multi_cut, value),
            "lmp_max_depth" => fit(&mut self.lmp_max_depth, value),
            "lmp_moves" => fit(&mut self.lmp_moves, value),
            "lmr_min_depth" => fit(&mut self.lmr_min_depth, value),
            "lmr_min_index" => fit(&mut self.lmr_min_index, value),
            "lmr_reduction" => fit(&mut self.lmr_reduction, value),
            "lmr_double_index" => fit(&mut self.lmr_double_index, value),
            "aspiration_min_depth" => fit(&mut self.aspiration_min_depth, value),
            "aspiration_window" => fit(&mut self.aspiration_window, value),
            "aspiration_growth_factor" => fit(&mut self.aspiration_growth_factor, value),
            "history_max" => fit(&mut self.history_max, value),
            "smp_depth_skew" => fit(&mut self.smp_depth_skew, value),
            "default_moves_to_go" => fit(&mut self.default_moves_to_go, value),
            "move_time_per_mille" => fit(&mut self.move_time_per_mille, value),
            "hard_limit_factor" => fit(&mut self.hard_limit_factor, value),
            "max_clock_per_mille" => fit(&mut self.max_clock_per_mille, value),
            "move_overhead_ms" => fit(&mut self.move_overhead_ms, value),
            "time_steady_per_mille" => fit(&mut self.time_steady_per_mille, value),
            "time_change_per_mille" => fit(&mut self.time_change_per_mille, value),
            "time_drop_per_mille" => fit(&mut self.time_drop_per_mille, value),
            _ => false,
        }
    }
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_can_be_set() {
        for name in SearchParams::NAMES {
            let mut params = SearchParams::DEFAULT;
            assert!(params.set(name, 77), "{name}");
            assert_ne!(params, SearchParams::DEFAULT, "{name}");
        }
        assert!(!SearchParams::DEFAULT.clone().set("no_such_param", 1));
        assert!(!SearchParams::DEFAULT.clone().set("lmr_min_index", -1));
    }
}
