//! Squares: the 32 dark squares, named by number (1 = b8 … 32 = g1, [docs/RULES.md §3](crate::docs::rules)) or algebraically.
//!
//! Internally a square is its bit index in the padded 36-bit layout of [`Bitboard`](crate::rules::Bitboard):
//! bit = (9 × rank + file) / 2 with a1 = 0 and h8 = 35, which leaves the "ghost" bits 4, 13, 22
//! and 31 unused so that every diagonal step is one shift (+5 north-east, +4 north-west).

use std::fmt;
use std::str::FromStr;

/// One of the 32 playable (dark) squares. `a1` is dark ([docs/RULES.md §1.1](crate::docs::rules)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Bit index of each square number 1..=32 (index 0 unused).
const BIT_OF_NUMBER: [u8; 33] = {
    let mut table = [0u8; 33];
    let mut n = 1;
    while n <= 32 {
        let row_from_top = (n - 1) / 4;
        let rank = 7 - row_from_top;
        let file = 2 * ((n - 1) % 4) + if row_from_top % 2 == 0 { 1 } else { 0 };
        table[n] = ((9 * rank + file) / 2) as u8;
        n += 1;
    }
    table
};

/// Square number of each bit index (0 for ghost bits).
const NUMBER_OF_BIT: [u8; 36] = {
    let mut table = [0u8; 36];
    let mut n = 1;
    while n <= 32 {
        table[BIT_OF_NUMBER[n] as usize] = n as u8;
        n += 1;
    }
    table
};

impl Square {
    /// Every square in numeric order 1..=32.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut n = 1;
        while n <= 32 {
            all[n - 1] = Square(BIT_OF_NUMBER[n]);
            n += 1;
        }
        all
    };

    /// The square with standard number `number` (1 = b8 … 32 = g1), if in range.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square(BIT_OF_NUMBER[number as usize]))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8), if it is dark.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 && (file + rank).is_multiple_of(2) {
            Some(Square((9 * rank + file) / 2))
        } else {
            None
        }
    }

    /// The square whose bit index is `bit`, if that bit is a real square (not a ghost).
    #[must_use]
    pub const fn from_bit(bit: u32) -> Option<Square> {
        if bit < 36 && NUMBER_OF_BIT[bit as usize] != 0 {
            Some(Square(bit as u8))
        } else {
            None
        }
    }

    /// Bit index in the padded layout; callers guarantee `bit` is a real square.
    pub(crate) const fn from_bit_unchecked(bit: u32) -> Square {
        Square(bit as u8)
    }

    /// The bit index of this square in the padded 36-bit layout.
    #[must_use]
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The standard square number, 1 = b8 … 32 = g1.
    #[must_use]
    pub const fn number(self) -> u8 {
        NUMBER_OF_BIT[self.0 as usize]
    }

    /// 0-based index in numeric order (`number() - 1`), for per-square arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self.number() as usize - 1
    }

    /// File, 0 = a … 7 = h.
    #[must_use]
    pub const fn file(self) -> u8 {
        bit_coords(self.0 as u32).1
    }

    /// Rank, 0 = rank 1 … 7 = rank 8.
    #[must_use]
    pub const fn rank(self) -> u8 {
        bit_coords(self.0 as u32).0
    }

    /// The same square seen from the other side of the board (a1 ↔ h8).
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(35 - self.0)
    }

    /// The algebraic name, for example `c3`.
    #[must_use]
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self, self.number())
    }
}

/// Why a square could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// Neither a number nor a file letter followed by a rank digit.
    #[error("`{0}` is not a square (expected 1..32 or a name like c3)")]
    Syntax(String),
    /// A number outside 1..=32.
    #[error("square number {0} is out of range 1..32")]
    OutOfRange(u32),
    /// An algebraic name of a light square, which is never played on.
    #[error("`{0}` is a light square; pieces stand only on dark squares")]
    LightSquare(String),
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `1`..`32` or an algebraic name such as `c3` (case-insensitive).
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let bytes = text.as_bytes();
        if !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) {
            let number: u32 = if bytes.len() > 3 {
                u32::MAX
            } else {
                text.parse().unwrap_or(u32::MAX)
            };
            return u8::try_from(number)
                .ok()
                .and_then(Square::from_number)
                .ok_or(ParseSquareError::OutOfRange(number));
        }
        match bytes {
            [file @ (b'a'..=b'h' | b'A'..=b'H'), rank @ b'1'..=b'8'] => {
                let file = file.to_ascii_lowercase() - b'a';
                Square::from_coords(file, rank - b'1')
                    .ok_or_else(|| ParseSquareError::LightSquare(text.to_string()))
            }
            _ => Err(ParseSquareError::Syntax(text.to_string())),
        }
    }
}

/// Rank and file (0–7 each) of a bit of the padded layout: the one formula of the board's
/// geometry, shared by [`Square`] and the tables built at compile time (evaluation masks). Ghost
/// bits (4, 13, 22, 31) give coordinates off the dark squares, which such tables filter out.
#[must_use]
pub(crate) const fn bit_coords(bit: u32) -> (u8, u8) {
    (((2 * bit) / 9) as u8, ((2 * bit) % 9) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_rules_table() {
        let names = [
            "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6", "a5", "c5",
            "e5", "g5", "b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2",
            "a1", "c1", "e1", "g1",
        ];
        for (i, name) in names.iter().enumerate() {
            let square = Square::from_number(i as u8 + 1).unwrap();
            assert_eq!(square.to_string(), *name);
            assert_eq!(name.parse::<Square>().unwrap(), square);
            assert_eq!(square.number() as usize, i + 1);
        }
        assert_eq!(Square::from_number(29).unwrap().bit(), 0);
        assert_eq!(Square::from_number(4).unwrap().bit(), 35);
    }

    #[test]
    fn bad_squares_are_errors() {
        assert_eq!("0".parse::<Square>(), Err(ParseSquareError::OutOfRange(0)));
        assert_eq!(
            "33".parse::<Square>(),
            Err(ParseSquareError::OutOfRange(33))
        );
        assert!(matches!(
            "a2".parse::<Square>(),
            Err(ParseSquareError::LightSquare(_))
        ));
        assert!(matches!(
            "i1".parse::<Square>(),
            Err(ParseSquareError::Syntax(_))
        ));
        assert!(matches!(
            "".parse::<Square>(),
            Err(ParseSquareError::Syntax(_))
        ));
        assert!(matches!(
            "99999999999".parse::<Square>(),
            Err(ParseSquareError::OutOfRange(_))
        ));
    }
}
