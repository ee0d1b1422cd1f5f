//! Sets of squares as bits of a `u64` in the padded 36-bit layout.
//!
//! a1 is bit 0 and h8 bit 35; bits 4, 13, 22 and 31 are "ghost" squares that never hold a piece.
//! With them every diagonal step is a single shift: north-east +5, north-west +4, south-east −4,
//! south-west −5. A step off the board lands on a ghost bit or beyond bit 35, and masking with
//! [`Bitboard::ALL`] removes it; [`Bitboard::step`] is that shift, written once in
//! `rules/geometry.rs` for this type, the move generator and the evaluation alike.
//! (`benches/benches/layout.rs` compares this layout with the 32-bit one.)

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::rules::{Square, geometry};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

/// One of the four diagonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards h8 (+5).
    NorthEast,
    /// Towards a8 (+4).
    NorthWest,
    /// Towards h1 (−4).
    SouthEast,
    /// Towards a1 (−5).
    SouthWest,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The shift of one step in this direction, as a signed bit offset.
    #[must_use]
    pub const fn offset(self) -> i32 {
        match self {
            Direction::NorthEast => 5,
            Direction::NorthWest => 4,
            Direction::SouthEast => -4,
            Direction::SouthWest => -5,
        }
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }
}

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 playable squares (bits 0..=35 minus the ghosts 4, 13, 22, 31).
    pub const ALL: Bitboard = Bitboard(geometry::ALL);
    /// Rank 1, White's back rank and Black's promotion rank.
    pub const RANK_1: Bitboard = Bitboard(0xF);
    /// Rank 8, Black's back rank and White's promotion rank.
    pub const RANK_8: Bitboard = Bitboard(0xF << 32);
    /// The main road a1–h8 ([docs/RULES.md §1.1](crate::docs::rules)).
    pub const MAIN_ROAD: Bitboard =
        Bitboard(1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20 | 1 << 25 | 1 << 30 | 1 << 35);

    /// The set holding only `square`.
    #[must_use]
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.bit())
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[must_use]
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[must_use]
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `square` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.bit()) != 0
    }

    /// Whether the two sets share a square.
    #[must_use]
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The set with `square` added.
    #[must_use]
    #[inline]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.bit())
    }

    /// The set with `square` removed.
    #[must_use]
    #[inline]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.bit()))
    }

    /// The lowest square of the set, if any.
    #[must_use]
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_bit_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The squares strictly between `from` and `to` when they stand on one diagonal (the squares
    /// a king's step or a capture leg crosses), else none. The game animates a capture's legs
    /// with it.
    ///
    /// ```
    /// use shashki::{Bitboard, Square};
    ///
    /// let sq = |name: &str| name.parse::<Square>().unwrap();
    /// let crossed = Bitboard::between(sq("a1"), sq("d4"));
    /// assert_eq!(crossed, Bitboard::EMPTY.with(sq("b2")).with(sq("c3")));
    /// assert_eq!(Bitboard::between(sq("a1"), sq("c5")), Bitboard::EMPTY);
    /// ```
    #[must_use]
    pub fn between(from: Square, to: Square) -> Bitboard {
        let target = Bitboard::from_square(to);
        for direction in Direction::ALL {
            let mut crossed = Bitboard::EMPTY;
            let mut at = Bitboard::from_square(from).step(direction);
            while at.any() && !at.intersects(target) {
                crossed |= at;
                at = at.step(direction);
            }
            if at.intersects(target) {
                return crossed;
            }
        }
        Bitboard::EMPTY
    }

    /// Every square moved one step in `direction`; squares that fall off the board vanish.
    #[must_use]
    #[inline(always)]
    pub const fn step(self, direction: Direction) -> Bitboard {
        Bitboard(geometry::shift(self.0, direction as usize))
    }

    /// The promotion rank of `color`'s men.
    #[must_use]
    #[inline]
    pub const fn promotion_rank(color: crate::rules::Color) -> Bitboard {
        match color {
            crate::rules::Color::White => Bitboard::RANK_8,
            crate::rules::Color::Black => Bitboard::RANK_1,
        }
    }

    /// The set seen from the other side of the board (a1 ↔ h8).
    #[must_use]
    pub const fn flip(self) -> Bitboard {
        Bitboard(self.0.reverse_bits() >> 28)
    }
}

/// Iterates over the squares of a set, lowest bit first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_bit_unchecked(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 32 playable squares.
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL.0)
    }
}

impl fmt::Debug for Bitboard {
    /// A diagram, rank 8 at the top: `x` in the set, `.` a dark square outside it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let mark = match Square::from_coords(file, rank) {
                    Some(square) if self.contains(square) => 'x',
                    Some(_) => '.',
                    None => ' ',
                };
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_holds_the_32_squares() {
        let from_squares: Bitboard = Square::ALL.into_iter().collect();
        assert_eq!(from_squares, Bitboard::ALL);
        assert_eq!(Bitboard::ALL.count(), 32);
    }

    #[test]
    fn between_holds_the_squares_of_the_diagonal_strictly_inside() {
        let sq = |name: &str| name.parse::<Square>().unwrap();
        let names = |set: Bitboard| set.into_iter().map(Square::name).collect::<Vec<_>>();
        assert_eq!(names(Bitboard::between(sq("a1"), sq("d4"))), ["b2", "c3"]);
        assert_eq!(names(Bitboard::between(sq("h2"), sq("e5"))), ["g3", "f4"]);
        assert_eq!(
            Bitboard::between(sq("e5"), sq("h2")),
            Bitboard::between(sq("h2"), sq("e5"))
        );
        assert!(
            Bitboard::between(sq("c3"), sq("d4")).is_empty(),
            "neighbours"
        );
        assert!(
            Bitboard::between(sq("a1"), sq("c5")).is_empty(),
            "not on one diagonal"
        );
        assert!(
            Bitboard::between(sq("c3"), sq("c3")).is_empty(),
            "the same square"
        );
    }

    #[test]
    fn steps_match_coordinates() {
        for square in Square::ALL {
            for (direction, df, dr) in [
                (Direction::NorthEast, 1, 1),
                (Direction::NorthWest, -1, 1),
                (Direction::SouthEast, 1, -1),
                (Direction::SouthWest, -1, -1),
            ] {
                let file = square.file() as i32 + df;
                let rank = square.rank() as i32 + dr;
                let expected = if (0..8).contains(&file) && (0..8).contains(&rank) {
                    Bitboard::from_square(Square::from_coords(file as u8, rank as u8).unwrap())
                } else {
                    Bitboard::EMPTY
                };
                assert_eq!(Bitboard::from_square(square).step(direction), expected);
            }
        }
    }

    #[test]
    fn flip_is_rotation() {
        for square in Square::ALL {
            let flipped = Bitboard::from_square(square).flip();
            assert_eq!(flipped, Bitboard::from_square(square.flip()));
            assert_eq!(square.flip().file(), 7 - square.file());
            assert_eq!(square.flip().rank(), 7 - square.rank());
        }
    }

    #[test]
    fn main_road_is_a1_h8() {
        let names: Vec<String> = Bitboard::MAIN_ROAD.into_iter().map(|s| s.name()).collect();
        assert_eq!(names, ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    }
}
