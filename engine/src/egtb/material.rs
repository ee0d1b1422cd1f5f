//! Material signatures and the perfect index of the positions of one signature.
//!
//! Every table holds positions with **White to move** (a Black-to-move position is probed through
//! [`Position::flipped`], which has the same value for the side to move). A table is identified by
//! its [`Material`]: how many men and kings each colour has. Inside a table a position is numbered
//! by a mixed-radix index built from four combinatorial ranks ("combinatorial number system",
//! colex order):
//!
//! 1. White's men among the 28 squares a White man may stand on (not rank 8);
//! 2. Black's men among the 28 squares a Black man may stand on (not rank 1) — an index where a
//!    Black man shares a square with a White man is *invalid* and stored as such;
//! 3. White's kings among the squares left free by the men (rank of each square among the free ones);
//! 4. Black's kings among the squares still free.
//!
//! Parts 3 and 4 are perfect; part 2 wastes only the overlapping men placements, so the index is
//! dense. Squares are numbered here by *cell*: the bit index of the padded layout with the ghost
//! bits squeezed out (a1 = 0 … h8 = 31), so that conversion is a few shifts and a flip of the board
//! is `31 − cell`.

use std::fmt;

use crate::rules::{Bitboard, Color, Position};

/// The file-name extension of table files.
pub const EXTENSION: &str = "shtb";

/// The largest number of pieces a table may hold: indices stay within `u64`, and the builder's
/// move counters within `u8`.
pub const MAX_TABLE_PIECES: u32 = 8;

/// `BINOMIAL[n][k]` = n choose k, for n ≤ 32 and k ≤ 8.
const BINOMIAL: [[u64; 9]; 33] = {
    let mut table = [[0u64; 9]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 8 {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// n choose k (0 when k > n).
#[inline]
fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The squares a White man may occupy, as cells (everything but rank 8).
const WHITE_MAN_CELLS: u32 = 0x0FFF_FFFF;
/// The squares a Black man may occupy, as cells shifted down by four (everything but rank 1).
const BLACK_MAN_SHIFT: u32 = 4;

/// A padded 36-bit bitboard squeezed to 32 cells (a1 = bit 0 … h8 = bit 31).
#[inline]
#[must_use]
pub(crate) fn to_cells(board: Bitboard) -> u32 {
    let b = board.0;
    ((b & 0xF) | ((b >> 1) & (0xFF << 4)) | ((b >> 2) & (0xFF << 12)) | ((b >> 3) & (0xFF << 20)))
        as u32
        | (((b >> 4) & (0xF << 28)) as u32)
}

/// The inverse of [`to_cells`].
#[inline]
#[must_use]
pub(crate) fn from_cells(cells: u32) -> Bitboard {
    let c = u64::from(cells);
    Bitboard(
        (c & 0xF)
            | ((c & (0xFF << 4)) << 1)
            | ((c & (0xFF << 12)) << 2)
            | ((c & (0xFF << 20)) << 3)
            | ((c & (0xF << 28)) << 4),
    )
}

/// Colex rank of the set bits of `set` (positions taken as the sorted combination).
#[inline]
fn rank_set(mut set: u32) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while set != 0 {
        rank += binomial(set.trailing_zeros(), i);
        set &= set - 1;
        i += 1;
    }
    rank
}

/// The set of `k` positions with colex rank `rank` (inverse of [`rank_set`]); `n` bounds the positions.
#[inline]
fn unrank_set(mut rank: u64, k: u32, n: u32) -> u32 {
    let mut set = 0;
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest c < top with C(c, i) <= rank.
        let mut c = top - 1;
        while binomial(c, i) > rank {
            c -= 1;
        }
        rank -= binomial(c, i);
        set |= 1 << c;
        top = c;
    }
    set
}

/// Bit `rank` of `free`, counted from the lowest set bit (a "select" on a 32-bit mask).
#[inline]
fn select(mut free: u32, rank: u32) -> u32 {
    for _ in 0..rank {
        free &= free - 1;
    }
    free.trailing_zeros()
}

/// Replaces each set bit of `set` (all inside `free`) by its rank among the bits of `free`.
#[inline]
fn compress(set: u32, free: u32) -> u32 {
    let mut out = 0;
    for bit in Bits(set) {
        out |= 1 << (free & ((1u32 << bit) - 1)).count_ones();
    }
    out
}

/// The inverse of [`compress`]: each set bit `r` becomes the `r`-th set bit of `free`.
#[inline]
fn expand(ranks: u32, free: u32) -> u32 {
    let mut out = 0;
    for r in Bits(ranks) {
        out |= 1 << select(free, r);
    }
    out
}

/// Iterates the set bits of a `u32`, lowest first.
struct Bits(u32);

impl Iterator for Bits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// How many men and kings each colour has; the name of one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of White, then Black.
    pub men: [u8; 2],
    /// Kings of White, then Black.
    pub kings: [u8; 2],
}

impl Material {
    /// The name of this material's table file (`kk_k.shtb`-like: the material and the
    /// extension), in the directory [`Tablebases::open`](super::Tablebases::open) reads.
    #[must_use]
    pub fn file_name(self) -> String {
        format!("{self}.{EXTENSION}")
    }

    /// The material of `position`, by colour.
    #[must_use]
    pub fn of(position: &Position) -> Material {
        let count = |b: Bitboard| b.count() as u8;
        Material {
            men: [
                count(position.men(Color::White)),
                count(position.men(Color::Black)),
            ],
            kings: [
                count(position.kings(Color::White)),
                count(position.kings(Color::Black)),
            ],
        }
    }

    /// Pieces of `color`.
    #[must_use]
    pub fn pieces_of(self, color: Color) -> u32 {
        u32::from(self.men[color.index()]) + u32::from(self.kings[color.index()])
    }

    /// Pieces of both colours.
    #[must_use]
    pub fn pieces(self) -> u32 {
        self.pieces_of(Color::White) + self.pieces_of(Color::Black)
    }

    /// Men of both colours.
    #[must_use]
    pub fn total_men(self) -> u32 {
        u32::from(self.men[0]) + u32::from(self.men[1])
    }

    /// The same material with the colours exchanged (the table of the flipped positions).
    #[must_use]
    pub fn swapped(self) -> Material {
        Material {
            men: [self.men[1], self.men[0]],
            kings: [self.kings[1], self.kings[0]],
        }
    }

    /// Every material with 2..=`max_pieces` pieces and at least one piece per colour, in an order
    /// where every table comes after the tables its captures and promotions lead to: by piece
    /// count, then by number of men (a promotion turns a man into a king).
    #[must_use]
    pub fn all_up_to(max_pieces: u32) -> Vec<Material> {
        let max = max_pieces.min(MAX_TABLE_PIECES) as u8;
        let mut all = Vec::new();
        for wm in 0..=max {
            for wk in 0..=max - wm {
                for bm in 0..=max - wm - wk {
                    for bk in 0..=max - wm - wk - bm {
                        let material = Material {
                            men: [wm, bm],
                            kings: [wk, bk],
                        };
                        if wm + wk > 0 && bm + bk > 0 {
                            all.push(material);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.total_men(), *m));
        all
    }

    /// The file-name stem of this table, e.g. `KKM-K` (White's kings and men, then Black's).
    #[must_use]
    pub fn name(self) -> String {
        self.to_string()
    }

    /// The number of index slots of this material's table (valid positions and invalid slots).
    #[must_use]
    pub fn index_size(self) -> u64 {
        Indexer::new(self).size()
    }
}

impl Material {
    /// The slice this material is built in: a material and its colour swap are solved together
    /// (a quiet move hands the turn over, so each table needs the other), and the slice is named
    /// by the smaller of the two.
    #[must_use]
    pub fn slice(self) -> Material {
        self.min(self.swapped())
    }

    /// The materials of a slice: `self` and, if different, its colour swap.
    #[must_use]
    pub fn slice_members(self) -> Vec<Material> {
        let first = self.slice();
        let second = first.swapped();
        if first == second {
            vec![first]
        } else {
            vec![first, second]
        }
    }

    /// The tables a move of White (to move in this material) can lead into without staying in
    /// the slice: every capture (of any number of Black's men and kings, the capturing man possibly
    /// promoted) and every promotion, as materials with White to move again (colours swapped).
    /// Captures that take Black's last piece end the game and need no table. Sorted, no
    /// duplicates; a superset of what the moves can reach, never a subset.
    #[must_use]
    pub fn exits(self) -> Vec<Material> {
        let [wm, bm] = self.men;
        let [wk, bk] = self.kings;
        let mut out = Vec::new();
        // (men, kings) of White after its move: unchanged, or a man promoted.
        let mut white = vec![(wm, wk, false)];
        if wm > 0 {
            white.push((wm - 1, wk + 1, true));
        }
        for (m, k, promoted) in white {
            for men_taken in 0..=bm {
                for kings_taken in 0..=bk {
                    let taken = men_taken + kings_taken;
                    if (taken == 0 && !promoted) || taken == bm + bk {
                        continue;
                    }
                    out.push(Material {
                        men: [bm - men_taken, m],
                        kings: [bk - kings_taken, k],
                    });
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The slices a slice needs finished before it can be built: the slices of the exits of its
    /// members. Sorted, no duplicates.
    #[must_use]
    pub fn slice_dependencies(self) -> Vec<Material> {
        let mut out: Vec<Material> = self
            .slice_members()
            .iter()
            .flat_map(|m| m.exits())
            .map(Material::slice)
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// A material name that could not be read (see [`Material`]'s `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a material: {why} (expected White's then Black's pieces, K for a king and M for a man, e.g. KKM-K)"
)]
pub struct ParseMaterialError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl std::str::FromStr for Material {
    type Err = ParseMaterialError;

    /// Reads a name as written by `Display`: `KKM-K` is two White kings and a White man against
    /// a Black king. Kings and men may come in any order within a side.
    fn from_str(text: &str) -> Result<Material, ParseMaterialError> {
        let fail = |why| ParseMaterialError {
            text: text.to_string(),
            why,
        };
        let (white, black) = text
            .split_once('-')
            .ok_or_else(|| fail("no `-` between White's and Black's pieces"))?;
        let mut material = Material {
            men: [0, 0],
            kings: [0, 0],
        };
        for (side, pieces) in [white, black].into_iter().enumerate() {
            if pieces.is_empty() {
                return Err(fail("a side has no pieces"));
            }
            for c in pieces.chars() {
                match c.to_ascii_uppercase() {
                    'K' => material.kings[side] += 1,
                    'M' => material.men[side] += 1,
                    _ => return Err(fail("only K and M may name pieces")),
                }
                if material.pieces() > MAX_TABLE_PIECES {
                    return Err(fail("more pieces than a table holds"));
                }
            }
        }
        Ok(material)
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            if color == Color::Black {
                f.write_str("-")?;
            }
            for _ in 0..self.kings[color.index()] {
                f.write_str("K")?;
            }
            for _ in 0..self.men[color.index()] {
                f.write_str("M")?;
            }
        }
        Ok(())
    }
}

/// Turns positions of one material (White to move) into indices and back.
#[derive(Clone, Copy, Debug)]
pub struct Indexer {
    material: Material,
    /// Radix of each of the four parts: White men, Black men, White kings, Black kings.
    radix: [u64; 4],
}

impl Indexer {
    /// The indexer of `material`'s table.
    #[must_use]
    pub fn new(material: Material) -> Indexer {
        let [wm, bm] = material.men.map(u32::from);
        let [wk, bk] = material.kings.map(u32::from);
        let free = 32 - wm - bm;
        Indexer {
            material,
            radix: [
                binomial(28, wm),
                binomial(28, bm),
                binomial(free, wk),
                binomial(free - wk, bk),
            ],
        }
    }

    /// The material this indexer serves.
    #[must_use]
    pub fn material(&self) -> Material {
        self.material
    }

    /// Number of index slots.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.radix.iter().product()
    }

    /// The index of `position`, which must have White to move and this indexer's material.
    #[must_use]
    #[inline]
    pub fn index(&self, position: &Position) -> u64 {
        debug_assert_eq!(position.side_to_move(), Color::White);
        debug_assert_eq!(Material::of(position), self.material);
        let white_men = to_cells(position.men(Color::White));
        let black_men = to_cells(position.men(Color::Black));
        let white_kings = to_cells(position.kings(Color::White));
        let black_kings = to_cells(position.kings(Color::Black));
        let free = !(white_men | black_men);
        let free_for_black_kings = free & !white_kings;
        let parts = [
            rank_set(white_men),
            rank_set(black_men >> BLACK_MAN_SHIFT),
            rank_set(compress(white_kings, free)),
            rank_set(compress(black_kings, free_for_black_kings)),
        ];
        ((parts[0] * self.radix[1] + parts[1]) * self.radix[2] + parts[2]) * self.radix[3]
            + parts[3]
    }

    /// The position with White to move at `index`, or `None` for an invalid slot (men overlap).
    #[must_use]
    pub fn position(&self, index: u64) -> Option<Position> {
        let [wm, bm] = self.material.men.map(u32::from);
        let [wk, bk] = self.material.kings.map(u32::from);
        let mut rest = index;
        let black_kings_rank = rest % self.radix[3];
        rest /= self.radix[3];
        let white_kings_rank = rest % self.radix[2];
        rest /= self.radix[2];
        let black_men_rank = rest % self.radix[1];
        let white_men_rank = rest / self.radix[1];
        let white_men = unrank_set(white_men_rank, wm, 28);
        debug_assert_eq!(white_men & !WHITE_MAN_CELLS, 0);
        let black_men = unrank_set(black_men_rank, bm, 28) << BLACK_MAN_SHIFT;
        if white_men & black_men != 0 {
            return None;
        }
        let free = !(white_men | black_men);
        let white_kings = expand(unrank_set(white_kings_rank, wk, 32 - wm - bm), free);
        let free_for_black_kings = free & !white_kings;
        let black_kings = expand(
            unrank_set(black_kings_rank, bk, 32 - wm - bm - wk),
            free_for_black_kings,
        );
        let white = from_cells(white_men | white_kings);
        let black = from_cells(black_men | black_kings);
        let kings = from_cells(white_kings | black_kings);
        Position::new(white, black, kings, Color::White).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_and_flip() {
        for square in crate::rules::Square::ALL {
            let board = Bitboard::from_square(square);
            let cells = to_cells(board);
            assert_eq!(cells.count_ones(), 1);
            assert_eq!(from_cells(cells), board);
            assert_eq!(
                to_cells(Bitboard::from_square(square.flip())),
                1 << (31 - cells.trailing_zeros())
            );
        }
        assert_eq!(to_cells(Bitboard::ALL), u32::MAX);
    }

    #[test]
    fn every_index_round_trips() {
        for material in Material::all_up_to(3) {
            let indexer = Indexer::new(material);
            let mut valid = 0;
            for index in 0..indexer.size() {
                if let Some(position) = indexer.position(index) {
                    assert_eq!(Material::of(&position), material, "{material} #{index}");
                    assert_eq!(indexer.index(&position), index, "{material} {position:?}");
                    valid += 1;
                }
            }
            // Only overlapping men are invalid.
            let [wm, bm] = material.men;
            if wm == 0 || bm == 0 {
                assert_eq!(valid, indexer.size(), "{material}");
            } else {
                assert!(valid < indexer.size(), "{material}");
            }
        }
    }

    #[test]
    fn materials_come_after_their_successors() {
        let all = Material::all_up_to(4);
        let place = |m: Material| all.iter().position(|x| *x == m).unwrap();
        for (i, m) in all.iter().enumerate() {
            let swapped = all[place(m.swapped())];
            assert_eq!(
                (swapped.pieces(), swapped.total_men()),
                (m.pieces(), m.total_men())
            );
            if m.men[0] > 0 {
                let promoted = Material {
                    men: [m.men[0] - 1, m.men[1]],
                    kings: [m.kings[0] + 1, m.kings[1]],
                };
                assert!(place(promoted) < i, "{promoted} before {m}");
            }
        }
        assert_eq!(
            all.len(),
            all.iter().collect::<std::collections::HashSet<_>>().len()
        );
    }

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for material in Material::all_up_to(5) {
            assert_eq!(material.to_string().parse::<Material>(), Ok(material));
        }
        for bad in ["", "KK", "-K", "K-", "KX-K", "KKKKKKKK-K", "K-K-K"] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
    }

    #[test]
    fn exits_cover_every_capture_and_promotion() {
        // Every position's captures and promotions lead into a listed exit.
        for material in Material::all_up_to(4) {
            let exits = material.exits();
            let indexer = Indexer::new(material);
            for index in 0..indexer.size() {
                let Some(position) = indexer.position(index) else {
                    continue;
                };
                for mv in &position.legal_moves() {
                    if !mv.is_capture() && !mv.promotes() {
                        continue;
                    }
                    let child = position.play_unchecked(mv);
                    if child.pieces(Color::Black).is_empty() {
                        continue;
                    }
                    let exit = Material::of(&child.flipped());
                    assert!(exits.contains(&exit), "{material}: {exit} not in {exits:?}");
                }
            }
            let slice = material.slice();
            assert!(material.slice_members().contains(&material));
            for dependency in slice.slice_dependencies() {
                assert!(
                    (dependency.pieces(), dependency.total_men())
                        < (slice.pieces(), slice.total_men()),
                    "{dependency} of {slice}"
                );
            }
        }
    }
}
