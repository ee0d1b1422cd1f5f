//! What bounds a search ([`SearchLimit`]), how a limit becomes budgets ([`Budget`]), and the
//! clock that holds a search to them ([`TimeManager`]).
//!
//! A budget has two time limits: the *soft* one is checked between iterations of the iterative
//! deepening (an iteration started after it would rarely finish, so the search stops there with a
//! complete result; [`TimeManager::is_past_soft_limit`]), the *hard* one is checked inside the
//! search every [`NODE_CHECK_INTERVAL`](crate::search::searcher::NODE_CHECK_INTERVAL) nodes and aborts it
//! ([`TimeManager::is_past_hard_limit`]). Depth and node limits are exact; `Infinite` runs until
//! [`Engine::stop`](crate::search::Engine::stop).

use std::time::Duration;

use crate::clock::Instant;

use super::SearchParams;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchLimit {
    /// Complete this many iterations (plies of nominal depth).
    Depth(u32),
    /// Stop after about this many nodes (exact with one thread).
    Nodes(u64),
    /// Think for this long.
    MoveTime(Duration),
    /// Game clock: time left, increment per move and optionally moves until the next time control.
    Clock {
        /// Time left on the clock of the side to move.
        remaining: Duration,
        /// Time added after each move.
        increment: Duration,
        /// Moves to play before the next time control, if the control has one.
        moves_to_go: Option<u32>,
    },
    /// Until [`Engine::stop`](crate::search::Engine::stop).
    Infinite,
}

impl SearchLimit {
    /// The limit cut in two for two searches run one after the other within it: a depth stays
    /// whole (each search reaches it), nodes, a move time and a clock are halved; `Infinite`
    /// stays infinite (both searches run until stopped).
    #[must_use]
    pub fn halves(self) -> (SearchLimit, SearchLimit) {
        match self {
            SearchLimit::Depth(_) | SearchLimit::Infinite => (self, self),
            SearchLimit::Nodes(nodes) => {
                let first = nodes / 2;
                (SearchLimit::Nodes(first), SearchLimit::Nodes(nodes - first))
            }
            SearchLimit::MoveTime(time) => {
                let half = SearchLimit::MoveTime(time / 2);
                (half, half)
            }
            SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            } => {
                let half = SearchLimit::Clock {
                    remaining: remaining / 2,
                    increment: increment / 2,
                    moves_to_go,
                };
                (half, half)
            }
        }
    }
}

/// A clock's time share: what one move may spend of `remaining` on the clock when `increment`
/// comes back after it and `moves_to_go` moves are due before the next control
/// ([`SearchParams::default_moves_to_go`] when the control names none). The time left less the
/// move overhead ([`SearchParams::move_overhead_ms`]), spread over the moves to go, plus three
/// quarters of the increment; never more than [`SearchParams::max_clock_per_mille`] of that
/// usable time, nor more than all of it.
///
/// The one formula of the workspace: the search's allotted (soft) time on a clock (before the
/// search stretches or shrinks it with how settled it is), the Hub's time after `ponder-hit`
/// and the `shashki match` baseline player's move time all come from it.
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use shashki::{SearchParams, clock_share};
///
/// // 60 s and 1 s back per move: (60 s − 10 ms) / 30 + 0.75 s.
/// let params = SearchParams::DEFAULT;
/// let share = clock_share(Duration::from_secs(60), Duration::from_secs(1), None, &params);
/// assert_eq!(share, Duration::from_nanos(2_749_666_666));
/// ```
#[must_use]
pub fn clock_share(
    remaining: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    params: &SearchParams,
) -> Duration {
    let usable = remaining.saturating_sub(Duration::from_millis(params.move_overhead_ms));
    let moves = moves_to_go.unwrap_or(params.default_moves_to_go).max(1);
    let base = usable / moves + increment * 3 / 4;
    let cap = usable * params.max_clock_per_mille.min(1000) / 1000;
    base.min(cap)
}

/// The budget a [`SearchLimit`] turns into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deepest iteration to run.
    pub max_depth: u32,
    /// Node limit, if any.
    pub max_nodes: Option<u64>,
    /// No iteration starts after this much time.
    pub soft: Option<Duration>,
    /// The search aborts at this time.
    pub hard: Option<Duration>,
    /// Whether `soft` is the time allotted from a clock, which the search stretches or shrinks
    /// with how settled it is ([`Budget::soft_limit`]); a fixed move time is used whole.
    pub flexible: bool,
}

/// How settled the search at the root is, after an iteration: what the time on a clock depends
/// on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stability {
    /// Recent changes of the best move, each halved per iteration since.
    pub changes: f64,
    /// Centi-men the score fell in the last iteration (0 when it rose).
    pub drop: i32,
}

impl Stability {
    /// After one more iteration: `changed` if its best move differs from the previous one's,
    /// `drop` by how much its score fell.
    pub fn update(&mut self, changed: bool, drop: i32) {
        self.changes = self.changes / 2.0 + f64::from(u8::from(changed));
        self.drop = drop.max(0);
    }
}

impl Budget {
    /// The budget for `limit` under the time parameters of `params`.
    #[must_use]
    pub fn new(limit: SearchLimit, params: &SearchParams, max_depth: u32) -> Budget {
        let per_mille = |d: Duration, pm: u32| d * pm / 1000;
        match limit {
            SearchLimit::Depth(depth) => Budget {
                max_depth: depth.clamp(1, max_depth),
                max_nodes: None,
                soft: None,
                hard: None,
                flexible: false,
            },
            SearchLimit::Nodes(nodes) => Budget {
                max_depth,
                max_nodes: Some(nodes.max(1)),
                soft: None,
                hard: None,
                flexible: false,
            },
            // A fixed time is all for this move: search until the margin, whole iterations or
            // not (see `SearchParams::move_time_per_mille`).
            SearchLimit::MoveTime(time) => {
                let stop = per_mille(time, params.move_time_per_mille.min(1000));
                Budget {
                    max_depth,
                    max_nodes: None,
                    soft: Some(stop),
                    hard: Some(stop),
                    flexible: false,
                }
            }
            SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            } => {
                let overhead = Duration::from_millis(params.move_overhead_ms);
                let usable = remaining.saturating_sub(overhead);
                let share = clock_share(remaining, increment, moves_to_go, params);
                let cap = per_mille(usable, params.max_clock_per_mille);
                let hard = (share * params.hard_limit_factor).min(cap).min(usable);
                let soft = share.min(hard);
                Budget {
                    max_depth,
                    max_nodes: None,
                    soft: Some(soft),
                    hard: Some(hard),
                    flexible: true,
                }
            }
            SearchLimit::Infinite => Budget {
                max_depth,
                max_nodes: None,
                soft: None,
                hard: None,
                flexible: false,
            },
        }
    }

    /// The time after which no iteration starts, given how settled the search is: a clock's
    /// allotted time times (steady share + recent best-move changes + the score's fall), never
    /// beyond the hard limit; a fixed move time or no time as it is.
    #[must_use]
    pub fn soft_limit(&self, params: &SearchParams, stability: Stability) -> Option<Duration> {
        let soft = self.soft?;
        if !self.flexible {
            return Some(soft);
        }
        let drop = u32::try_from(stability.drop.clamp(0, 1000)).unwrap_or(0);
        let per_mille = f64::from(params.time_steady_per_mille)
            + f64::from(params.time_change_per_mille) * stability.changes
            + f64::from(params.time_drop_per_mille.saturating_mul(drop));
        let scaled = soft.mul_f64(per_mille / 1000.0);
        Some(self.hard.map_or(scaled, |hard| scaled.min(hard)))
    }

    /// Whether the budget is bounded by time (then a lone legal move is played at once).
    #[must_use]
    pub const fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

/// The clock of one search: when it started and the [`Budget`] it runs under. Shared by all the
/// search's threads; the main thread asks it whether to start another iteration (the soft limit)
/// and, every [`NODE_CHECK_INTERVAL`](crate::search::searcher::NODE_CHECK_INTERVAL) nodes, whether to abort
/// (the hard limit).
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    budget: Budget,
}

impl TimeManager {
    /// The clock of a search started at `start` under `budget`.
    #[must_use]
    pub const fn new(start: Instant, budget: Budget) -> TimeManager {
        TimeManager { start, budget }
    }

    /// The budget.
    #[must_use]
    pub const fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The time since the search started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must abort now: its hard limit has passed.
    #[must_use]
    pub fn is_past_hard_limit(&self) -> bool {
        self.budget.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// Whether the search, as settled as `stability` says, must start no further iteration: its
    /// soft limit ([`Budget::soft_limit`]) has passed.
    #[must_use]
    pub fn is_past_soft_limit(&self, params: &SearchParams, stability: Stability) -> bool {
        self.budget
            .soft_limit(params, stability)
            .is_some_and(|soft| self.elapsed() >= soft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_within_the_clock() {
        let params = SearchParams::DEFAULT;
        let budget = Budget::new(
            SearchLimit::Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::from_secs(1),
                moves_to_go: None,
            },
            &params,
            100,
        );
        let (soft, hard) = (budget.soft.unwrap(), budget.hard.unwrap());
        assert!(soft <= hard);
        assert!(hard <= Duration::from_secs(15));
        assert!(soft >= Duration::from_secs(2));
        // Almost no time left: never more than what is on the clock.
        let budget = Budget::new(
            SearchLimit::Clock {
                remaining: Duration::from_millis(5),
                increment: Duration::ZERO,
                moves_to_go: Some(1),
            },
            &params,
            100,
        );
        assert!(budget.hard.unwrap() <= Duration::from_millis(5));
    }

    #[test]
    fn a_fixed_move_time_is_used_up_to_its_margin() {
        let params = SearchParams::DEFAULT;
        let budget = Budget::new(
            SearchLimit::MoveTime(Duration::from_millis(100)),
            &params,
            100,
        );
        // No iteration boundary before the stop: the whole budget is searched, but never past
        // the time asked for.
        assert_eq!(budget.soft, budget.hard);
        assert_eq!(budget.hard, Some(Duration::from_millis(95)));
        let mut greedy = params;
        assert!(greedy.set("move_time_per_mille", 5000));
        let budget = Budget::new(
            SearchLimit::MoveTime(Duration::from_millis(100)),
            &greedy,
            100,
        );
        assert_eq!(budget.hard, Some(Duration::from_millis(100)));
    }

    #[test]
    fn a_clock_gives_more_time_to_an_unsettled_search() {
        let params = SearchParams::DEFAULT;
        let clock = Budget::new(
            SearchLimit::Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves_to_go: None,
            },
            &params,
            100,
        );
        let steady = clock.soft_limit(&params, Stability::default()).unwrap();
        let mut changed = Stability::default();
        changed.update(true, 0);
        let changed = clock.soft_limit(&params, changed).unwrap();
        let mut falling = Stability::default();
        falling.update(false, 30);
        let falling = clock.soft_limit(&params, falling).unwrap();
        let mut lost = Stability::default();
        lost.update(true, 900);
        let lost = clock.soft_limit(&params, lost).unwrap();
        assert!(steady < clock.soft.unwrap(), "{steady:?}");
        assert!(
            steady < changed && steady < falling,
            "{changed:?} {falling:?}"
        );
        // Never past the hard limit, however unsettled.
        assert_eq!(Some(lost), clock.hard);
        // A change counts less with every quiet iteration after it.
        let mut fading = Stability::default();
        fading.update(true, 0);
        fading.update(false, 0);
        assert!((fading.changes - 0.5).abs() < 1e-9);
        // A fixed move time is used whole, settled or not.
        let fixed = Budget::new(SearchLimit::MoveTime(Duration::from_secs(1)), &params, 100);
        let mut unsettled = Stability::default();
        unsettled.update(true, 500);
        assert_eq!(fixed.soft_limit(&params, unsettled), fixed.soft);
        assert_eq!(fixed.soft_limit(&params, Stability::default()), fixed.soft);
    }

    #[test]
    fn a_clock_budget_allots_the_clock_share() {
        let params = SearchParams::DEFAULT;
        for (remaining_ms, increment_ms, moves_to_go) in [
            (60_000, 1_000, None),
            (300_000, 0, Some(40)),
            (100, 2_000, None),
            (5, 0, Some(1)),
        ] {
            let (remaining, increment) = (
                Duration::from_millis(remaining_ms),
                Duration::from_millis(increment_ms),
            );
            let limit = SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            };
            let share = clock_share(remaining, increment, moves_to_go, &params);
            assert_eq!(Budget::new(limit, &params, 100).soft, Some(share));
            assert!(share <= remaining / 4, "{share:?}");
        }
    }

    #[test]
    fn the_clock_answers_by_the_budgets_limits() {
        let params = SearchParams::DEFAULT;
        let long_ago = Instant::now() - Duration::from_secs(2);
        let timed = |time| Budget::new(SearchLimit::MoveTime(time), &params, 100);
        let past = TimeManager::new(long_ago, timed(Duration::from_secs(1)));
        assert!(past.is_past_hard_limit());
        assert!(past.is_past_soft_limit(&params, Stability::default()));
        let within = TimeManager::new(Instant::now(), timed(Duration::from_secs(3600)));
        assert!(!within.is_past_hard_limit());
        assert!(!within.is_past_soft_limit(&params, Stability::default()));
        let untimed = Budget::new(SearchLimit::Depth(5), &params, 100);
        let untimed = TimeManager::new(long_ago, untimed);
        assert!(!untimed.is_past_hard_limit());
        assert!(!untimed.is_past_soft_limit(&params, Stability::default()));
        assert_eq!(untimed.budget().max_depth, 5);
    }

    #[test]
    fn depth_is_clamped() {
        let budget = Budget::new(SearchLimit::Depth(0), &SearchParams::DEFAULT, 100);
        assert_eq!(budget.max_depth, 1);
        assert!(!budget.is_timed());
    }
}
