//! Zobrist keys: one random 64-bit number per (piece, square) and one for Black to move, made at
//! compile time by a fixed-seed generator, so keys are the same in every build and on every machine.

use crate::rules::{Color, Piece, Role, Square};
use crate::splitmix::SplitMix64;

/// Keys indexed by piece kind (white man, white king, black man, black king) and bit index
/// (0–35; the rows have 64 entries, the rest 0, so that an index masked to six bits needs no
/// bounds check).
const PIECE_KEYS: [[u64; 64]; 4] = {
    let mut keys = [[0u64; 64]; 4];
    let mut rng = SplitMix64::new(0x5348_4153_484B_4931); // "SHASHKI1"
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 36 {
            keys[kind][bit] = rng.next_u64();
            bit += 1;
        }
        kind += 1;
    }
    keys
};

/// [`PIECE_KEYS`] for the search's lookups: a `static`, since a `const` table indexed at run time
/// may be copied to the stack at each use (measured in [engine/SEARCH.md](crate::docs::search)).
static PIECE_KEY_TABLE: [[u64; 64]; 4] = PIECE_KEYS;

/// The key toggled when Black is to move.
pub const SIDE: u64 = SplitMix64::new(0x5349_4445_544F_4D56).next_u64();

/// The key of the piece of kind `kind` (`2 × colour + 1 if a king`: white man 0, white king 1,
/// black man 2, black king 3) on bit `bit`: [`piece`] without the `Piece`, for the incremental
/// update of [`Position::zobrist_key_after`](crate::rules::Position::zobrist_key_after).
#[must_use]
#[inline(always)]
pub(crate) fn by_kind(kind: usize, bit: u32) -> u64 {
    PIECE_KEY_TABLE[kind & 3][bit as usize & 63]
}

/// The key of `piece` standing on `square`.
#[must_use]
#[inline]
pub const fn piece(piece: Piece, square: Square) -> u64 {
    let kind = match (piece.color, piece.role) {
        (Color::White, Role::Man) => 0,
        (Color::White, Role::King) => 1,
        (Color::Black, Role::Man) => 2,
        (Color::Black, Role::King) => 3,
    };
    PIECE_KEYS[kind][square.bit() as usize]
}
