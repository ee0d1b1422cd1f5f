//! How the search sees the draw-rule counters ([docs/RULES.md §2](crate::docs::rules)): a [`DrawHook`] is carried by
//! value along each line, updated by every move and asked at every node. The search is generic
//! over it, one hook per set of [`DrawRules`]: [`DrawState`] for [`DrawRules::Full`],
//! [`BasicCounters`] for [`DrawRules::Basic`], and [`NoCounters`] for
//! [`DrawRules::Repetition`] (and for positions without a game), which pays nothing for them.

use crate::rules::{DrawRules, DrawState, Move, Position};

/// The draw-rule counters as the search sees them: updated along each move, asked at each node.
pub trait DrawHook: Copy {
    /// The counters after `mv` took `before` to `after`.
    fn after(self, before: &Position, mv: &Move, after: &Position) -> Self;
    /// Whether a counter rule declares `position` (reached with these counters) drawn.
    fn is_draw(self, position: &Position) -> bool;
    /// Plies left before a counter rule draws `position` unless something resets the counter
    /// (`None`: no counter runs).
    #[cfg_attr(not(feature = "tablebases"), allow(dead_code))]
    fn plies_left(self, position: &Position) -> Option<u16>;
}

/// No counter rules: only repetitions are draws.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoCounters;

impl DrawHook for NoCounters {
    #[inline]
    fn after(self, _: &Position, _: &Move, _: &Position) -> NoCounters {
        NoCounters
    }

    #[inline]
    fn is_draw(self, _: &Position) -> bool {
        false
    }

    #[inline]
    fn plies_left(self, _: &Position) -> Option<u16> {
        None
    }
}

/// The real counters of [docs/RULES.md §2](crate::docs::rules) (lidraughts' interpretation, see [`crate::rules::draw`]).
impl DrawHook for DrawState {
    #[inline]
    fn after(self, before: &Position, mv: &Move, after: &Position) -> DrawState {
        DrawState::after(self, before, mv, after)
    }

    #[inline]
    fn is_draw(self, position: &Position) -> bool {
        self.draw_rule(position).is_some()
    }

    #[inline]
    fn plies_left(self, position: &Position) -> Option<u16> {
        DrawState::plies_left(self, position)
    }
}

/// The counters of [`DrawRules::Basic`]: 7.2.4 and 7.2.5 as one count of quiet king moves
/// ([`DrawState::king_plies`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicCounters(pub DrawState);

impl DrawHook for BasicCounters {
    #[inline]
    fn after(self, before: &Position, mv: &Move, after: &Position) -> BasicCounters {
        BasicCounters(self.0.after(before, mv, after))
    }

    #[inline]
    fn is_draw(self, position: &Position) -> bool {
        self.0.draw_rule_under(DrawRules::Basic, position).is_some()
    }

    #[inline]
    fn plies_left(self, position: &Position) -> Option<u16> {
        self.0.plies_left_under(DrawRules::Basic, position)
    }
}
