//! Moves and move lists.
//!
//! A [`Move`] is what changes on the board: origin, destination, the set of captured squares and
//! whether the piece is crowned. Two capture routes with the same origin, destination and captured
//! set are one move (convention C of [docs/RULES.md §4](crate::docs::rules)). The landing squares of a capture, needed only for
//! display, are derived on demand by [`Position::move_path`](crate::rules::Position::move_path).

use std::fmt;

use arrayvec::ArrayVec;

use crate::rules::{Bitboard, Square};

/// A legal move of some position: `from` → `to`, removing `captured`, maybe crowning the piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    captured: Bitboard,
    from: Square,
    to: Square,
    promotes: bool,
}

impl Move {
    /// Builds a move. Only the move generator makes moves that are known to be legal; a move built
    /// by hand is checked by [`Position::is_legal`](crate::rules::Position::is_legal).
    #[must_use]
    #[inline]
    pub const fn new(from: Square, to: Square, captured: Bitboard, promotes: bool) -> Move {
        Move {
            captured,
            from,
            to,
            promotes,
        }
    }

    /// The square the piece leaves.
    #[must_use]
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    #[must_use]
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The squares of the captured pieces (empty for a quiet move).
    #[must_use]
    #[inline]
    pub const fn captured(self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures.
    #[must_use]
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captured.any()
    }

    /// Whether a man is crowned by this move (on its last square, [docs/RULES.md §1.7](crate::docs::rules)).
    #[must_use]
    #[inline]
    pub const fn promotes(self) -> bool {
        self.promotes
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { ':' } else { '-' };
        write!(f, "{}{separator}{}", self.from, self.to)?;
        for square in self.captured {
            write!(f, "x{square}")?;
        }
        if self.promotes {
            f.write_str("=K")?;
        }
        Ok(())
    }
}

/// Capacity of a [`MoveList`].
///
/// Quiet moves: a side has at most 12 pieces and a king reaches at most 13 squares (from d4 or e5 on
/// an empty board), so at most 12 × 13 = 156. Captures: every legal capture starts with a distinct
/// first jump (≤ 12 pieces × 4 directions) followed by a tree of continuations; there is no simple
/// proof of a bound, so the hill-climbing search in `tests/move_list_capacity.rs` looks for the
/// worst case. The capture generator fills the list with every trajectory (convention B) before
/// merging equal outcomes, so that count is what must fit. Worst cases found:
/// - 68 quiet moves: `W:WK2,K4,K5,K10,K12,K13,K20,K21,K29,K30,K31,K32:B` (twelve kings);
/// - 88 capture trajectories, 61 moves under convention C:
///   `W:WK1,K3,K4,K5,K21,K30,K32:B7,16,22,K6,K8,K14,K15,K23,K24`.
///
/// 256 leaves a margin of almost three over the worst capture position found.
pub const MAX_MOVES: usize = 256;

/// The legal moves of a position, without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small() {
        assert_eq!(std::mem::size_of::<Move>(), 16);
    }
}
