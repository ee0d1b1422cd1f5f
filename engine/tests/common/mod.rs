//! Shared helpers of the integration tests: a tiny seeded random generator, random "legal-looking"
//! positions, random games, and the slow reference move generator in [`reference`].
//!
//! Every test binary includes this module with `mod common;` and uses a different subset of it,
//! hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod reference;

use shashki::{Bitboard, Color, Position, Square};

/// splitmix64: deterministic, seedable, good enough to spread test positions.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`; the same seed gives the same sequence everywhere.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator) < numerator
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The rank (0 = rank 1) on which `color`'s men are crowned.
pub fn promotion_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// A random placement obeying the placement rules (at most 12 pieces a side, no man on its own
/// promotion rank), with either side to move. Four styles alternate so that dense middle games,
/// mixed positions, king endings and capture-rich positions (kings among scattered enemies) are
/// all frequent.
pub fn random_position(rng: &mut Rng) -> Position {
    // (white count range, black count range, king probability in 1/12ths)
    let (white_count, black_count, king_twelfths) = match rng.below(5) {
        0 => (rng.range(6, 12), rng.range(6, 12), 1),
        1 => (rng.range(1, 12), rng.range(1, 12), 4),
        2 => (rng.range(1, 5), rng.range(1, 5), 8),
        3 => (rng.range(1, 4), rng.range(4, 12), 6),
        _ => (rng.range(3, 9), rng.range(3, 9), 3),
    };
    let (white_count, black_count) = if rng.chance(1, 2) {
        (white_count, black_count)
    } else {
        (black_count, white_count)
    };
    let mut free: Vec<Square> = Square::ALL.to_vec();
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    for (color, count) in [(Color::White, white_count), (Color::Black, black_count)] {
        for _ in 0..count {
            let king = rng.chance(king_twelfths, 12);
            let allowed: Vec<usize> = (0..free.len())
                .filter(|&i| king || free[i].rank() != promotion_rank(color))
                .collect();
            if allowed.is_empty() {
                continue;
            }
            let square = free.swap_remove(rng.pick(&allowed));
            pieces[color.index()] = pieces[color.index()].with(square);
            if king {
                kings = kings.with(square);
            }
        }
    }
    let side = if rng.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    Position::new(pieces[0], pieces[1], kings, side).expect("random placement is valid")
}

/// The positions of one random game from `start` (start included), at most `max_plies` moves,
/// ending early when the side to move has lost.
pub fn random_game(rng: &mut Rng, start: Position, max_plies: usize) -> Vec<Position> {
    let mut positions = vec![start];
    let mut position = start;
    for _ in 0..max_plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(&moves[rng.below(moves.len())]);
        positions.push(position);
    }
    positions
}

/// Parses a FEN that a test knows to be valid.
pub fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|error| panic!("test FEN {text}: {error}"))
}

/// The square with algebraic `name`, for tests.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|error| panic!("test square {name}: {error}"))
}
