//! The board's geometry in the padded 36-bit layout of [`Bitboard`](crate::rules::Bitboard): the
//! one home of the playable squares' mask and of the one-step shift, and the masks of the board's regions (ranks, files, the cone in front of a man) that
//! the layers above compose.
//!
//! a1 is bit 0 and h8 bit 35; bits 4, 13, 22 and 31 are ghost squares. One step towards
//! north-east is +5, north-west +4, south-east −4, south-west −5. [`shift`] moves every square of
//! a set one step and drops what falls off the board; [`rotate`] does the same without the mask,
//! for callers that intersect the result with pieces anyway. Both are a rotation by a table entry
//! rather than a `match` on the direction: the capture search loops over directions at run time,
//! and the branchy version took 4 % of its instructions. Everything here is a `const fn` or a
//! `const` over raw `u64`s, so that the move generator, the evaluation and their `const` tables
//! use the same definitions; [`Bitboard::step`](crate::rules::Bitboard::step) is the typed face of
//! [`shift`] and [`Bitboard::ALL`](crate::rules::Bitboard::ALL) of [`ALL`]. It builds on the
//! squares' coordinates alone (`square.rs`), so the bitboard type stands above it.

use crate::rules::square::bit_coords;

/// The playable squares: bits 0..=35 minus the ghosts 4, 13, 22, 31.
pub(crate) const ALL: u64 = 0xF_7FBF_DFEF;

/// The directions as indices (the order of [`Direction::ALL`](crate::rules::Direction::ALL)).
pub(crate) const NE: usize = 0;
/// North-west.
pub(crate) const NW: usize = 1;
/// South-east.
pub(crate) const SE: usize = 2;
/// South-west.
pub(crate) const SW: usize = 3;

/// The direction pointing back along `direction`.
#[inline(always)]
pub(crate) const fn reverse(direction: usize) -> usize {
    3 - direction
}

/// Per direction (NE, NW, SE, SW): the left rotation that moves every bit one step that way.
/// Rotating right by 4 or 5 is a left rotation by 60 or 59; bits that wrap around land on bits
/// 59–63, outside the board, and the mask removes them.
const ROTATION: [u32; 4] = [5, 4, 60, 59];

/// One step of every square in `direction` without removing what falls off the board: those bits
/// land on ghost bits or bits 36–63, so the step is exact as soon as its result is intersected
/// with a set of squares (pieces, empty squares). Saves the mask where that follows anyway.
#[inline(always)]
pub(crate) const fn rotate(bits: u64, direction: usize) -> u64 {
    bits.rotate_left(ROTATION[direction])
}

/// One step of every square in `direction` (NE, NW, SE, SW), off-board squares removed.
#[inline(always)]
pub(crate) const fn shift(bits: u64, direction: usize) -> u64 {
    rotate(bits, direction) & ALL
}

/// Rank (0–7) and file (0–7) of a padded bit index ([`bit_coords`], as `usize`s).
const fn coords(bit: usize) -> (usize, usize) {
    let (rank, file) = bit_coords(bit as u32);
    (rank as usize, file as usize)
}

/// The playable squares of each rank (`[0]`) and of each file (`[1]`).
const LINES: [[u64; 8]; 2] = {
    let mut lines = [[0u64; 8]; 2];
    let mut bit = 0;
    while bit < 36 {
        if ALL & (1 << bit) != 0 {
            let (rank, file) = coords(bit);
            lines[0][rank] |= 1 << bit;
            lines[1][file] |= 1 << bit;
        }
        bit += 1;
    }
    lines
};

/// The playable squares of each rank, rank 0 = rank 1.
pub(crate) const RANKS: [u64; 8] = LINES[0];

/// The playable squares of each file, file 0 = file a.
pub(crate) const FILES: [u64; 8] = LINES[1];

/// Per colour: the squares whose rank, counted from the colour's own back rank, has bit `k` set
/// (`k` = 0, 1, 2), so the sum of the ranks of a set of men is
/// `Σ popcount(men & RELATIVE_RANK_BITS[colour][k]) << k`: three popcounts instead of a loop.
pub(crate) const RELATIVE_RANK_BITS: [[u64; 3]; 2] = {
    let mut table = [[0u64; 3]; 2];
    let mut color = 0;
    while color < 2 {
        let mut k = 0;
        while k < 3 {
            let mut rank = 0;
            while rank < 8 {
                let relative = if color == 0 { rank } else { 7 - rank };
                if relative & (1 << k) != 0 {
                    table[color][k] |= RANKS[rank];
                }
                rank += 1;
            }
            k += 1;
        }
        color += 1;
    }
    table
};

/// For each bit: the squares in front of a White man there that an enemy could use to stop it,
/// the widening cone up to the last rank.
const WHITE_CONES: [u64; 36] = {
    let mut cones = [0u64; 36];
    let mut from = 0;
    while from < 36 {
        if ALL & (1 << from) != 0 {
            let (r0, f0) = coords(from);
            let mut bit = 0;
            while bit < 36 {
                let (r, f) = coords(bit);
                let dr = r as i32 - r0 as i32;
                let df = f as i32 - f0 as i32;
                if ALL & (1 << bit) != 0 && dr > 0 && df.abs() <= dr {
                    cones[from] |= 1 << bit;
                }
                bit += 1;
            }
        }
        from += 1;
    }
    cones
};

/// Per colour and bit: the cone in front of a man there (towards its promotion rank), the squares
/// an enemy could use to stop it.
pub(crate) const FORWARD_CONES: [[u64; 36]; 2] = {
    let mut cones = [[0u64; 36]; 2];
    let mut bit = 0;
    while bit < 36 {
        cones[0][bit] = WHITE_CONES[bit];
        if ALL & (1 << bit) != 0 {
            // Black's cone is White's cone of the mirrored square, mirrored back.
            cones[1][bit] = WHITE_CONES[35 - bit].reverse_bits() >> 28;
        }
        bit += 1;
    }
    cones
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Bitboard, Direction, Square};

    #[test]
    fn shift_steps_one_square_each_way() {
        for square in Bitboard::ALL {
            let (rank, file) = (square.rank() as i32, square.file() as i32);
            for direction in Direction::ALL {
                let (dr, df) = match direction {
                    Direction::NorthEast => (1, 1),
                    Direction::NorthWest => (1, -1),
                    Direction::SouthEast => (-1, 1),
                    Direction::SouthWest => (-1, -1),
                };
                let (r, f) = (rank + dr, file + df);
                let expected = if (0..8).contains(&r) && (0..8).contains(&f) {
                    let to = Square::from_coords(f as u8, r as u8).expect("a dark square");
                    1u64 << to.bit()
                } else {
                    0
                };
                let stepped = shift(1 << square.bit(), direction as usize);
                assert_eq!(stepped, expected, "{square} {direction:?}");
                assert_eq!(rotate(1 << square.bit(), direction as usize) & ALL, stepped);
                if stepped != 0 {
                    assert_eq!(
                        shift(stepped, reverse(direction as usize)),
                        1 << square.bit()
                    );
                }
            }
        }
    }

    #[test]
    fn ranks_and_files_tile_the_board() {
        assert_eq!(RANKS.iter().fold(0, |a, r| a | r), ALL);
        assert_eq!(FILES.iter().fold(0, |a, f| a | f), ALL);
        assert!(RANKS.iter().all(|r| r.count_ones() == 4));
        assert!(FILES.iter().all(|f| f.count_ones() == 4));
        assert_eq!(RANKS[0], Bitboard::RANK_1.0);
        assert_eq!(RANKS[7], Bitboard::RANK_8.0);
    }
}
