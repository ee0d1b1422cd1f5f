//! One side's pieces as the evaluation sees them: its men and kings as raw sets with their
//! counts ([`Side`]), and the questions the features and the ending scale ask about a side — how
//! far its men have come, which of them run free to the last rank, where its kings reach along
//! their rays. Built on the rules' geometry (`rules/geometry.rs`) alone; the features
//! (`mod.rs`) and the ending scale (`ending.rs`) both read it.

use crate::rules::geometry::{FORWARD_CONES, NE, NW, RANKS, RELATIVE_RANK_BITS, SE, SW, rotate};
use crate::rules::{Color, Position};

/// Per colour: the ranks (relative 4–6) where an unopposed man counts as a runaway.
const RUNAWAY_RANKS: [u64; 2] = [
    RANKS[4] | RANKS[5] | RANKS[6],
    RANKS[3] | RANKS[2] | RANKS[1],
];

/// One side's pieces as the features see them.
#[derive(Clone, Copy)]
pub(super) struct Side {
    pub(super) color: Color,
    pub(super) men: u64,
    pub(super) kings: u64,
    /// Number of men.
    pub(super) man_count: i32,
    /// Number of kings.
    pub(super) king_count: i32,
}

impl Side {
    #[inline(always)]
    pub(super) fn of(position: &Position, color: Color) -> Side {
        let men = position.men(color).0;
        let kings = position.kings(color).0;
        Side {
            color,
            men,
            kings,
            man_count: men.count_ones() as i32,
            king_count: kings.count_ones() as i32,
        }
    }

    /// The sum of the men's ranks counted from the side's own back rank.
    #[inline(always)]
    pub(super) fn advancement(&self) -> i32 {
        let c = self.color.index();
        let men = self.men;
        count(men & RELATIVE_RANK_BITS[c][0])
            + 2 * count(men & RELATIVE_RANK_BITS[c][1])
            + 4 * count(men & RELATIVE_RANK_BITS[c][2])
    }

    /// Men on the runaway ranks with no square of `enemies` (their pieces, or more) in the cone
    /// in front of them.
    #[inline(always)]
    pub(super) fn runaways(&self, enemies: u64) -> i32 {
        let c = self.color.index();
        let mut runaway = 0;
        let mut candidates = self.men & RUNAWAY_RANKS[c];
        while candidates != 0 {
            if FORWARD_CONES[c][candidates.trailing_zeros() as usize] & enemies == 0 {
                runaway += 1;
            }
            candidates &= candidates - 1;
        }
        runaway
    }

    /// Walks the kings' rays over `empty` squares, all kings together: `visit` gets, for each
    /// direction, the squares one step further along every ray at a time. Rays of different
    /// kings in one direction never overlap (a ray stops at the next piece), so stepping all
    /// kings together gives the same squares as stepping each king alone.
    #[inline(always)]
    fn walk_king_rays(&self, empty: u64, mut visit: impl FnMut(u64)) {
        for direction in [NE, NW, SE, SW] {
            let mut reached = rotate(self.kings, direction) & empty;
            while reached != 0 {
                visit(reached);
                reached = rotate(reached, direction) & empty;
            }
        }
    }

    /// The squares the kings reach along their rays over `empty` squares: where a king can
    /// stand after one move, and so every square it can block or strike at next.
    pub(super) fn king_reach(&self, empty: u64) -> u64 {
        let mut reach = 0;
        self.walk_king_rays(empty, |reached| reach |= reached);
        reach
    }

    /// How many squares the kings reach along their rays over `empty` squares, counted per
    /// direction (a square two directions reach counts twice; [`Self::king_reach`] is the set).
    #[inline(always)]
    pub(super) fn king_mobility(&self, empty: u64) -> i32 {
        let mut mobility = 0;
        self.walk_king_rays(empty, |reached| mobility += count(reached));
        mobility
    }
}

/// The number of squares of `bits`, as the features add it.
#[inline(always)]
pub(super) fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}
