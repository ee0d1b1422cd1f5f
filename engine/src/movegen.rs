//! Legal move generation (RULES.md §1).
//!
//! Captures come first: pieces that can capture are found for the whole board with shifts, then a
//! depth-first search follows each capturing piece. The search keeps two sets apart, which is the
//! Turkish strike (§1.6): `capturable` (enemy pieces not yet jumped) and `empty` (squares that are
//! really empty; jumped pieces stay on the board until the move ends, and the moving piece's origin
//! counts as empty). A sequence is emitted only when it cannot continue (§1.5), a man that reaches
//! its last rank continues as a king (§1.7), and after a king's capture only the landing squares
//! from which it can capture again are kept, if there are any (§1.8). Two routes with the same
//! origin, destination and captured set are merged into one move (convention C, §4).

use crate::{Bitboard, Color, Move, MoveList, Position, Square};

const ALL: u64 = Bitboard::ALL.0;
const NE: usize = 0;
const NW: usize = 1;
const SE: usize = 2;
const SW: usize = 3;

/// The direction pointing back along `direction`.
#[inline(always)]
const fn reverse(direction: usize) -> usize {
    3 - direction
}

/// Per direction (NE, NW, SE, SW): the left rotation that moves every bit one step that way.
/// Rotating right by 4 or 5 is a left rotation by 60 or 59; bits that wrap around land on bits
/// 59–63, outside the board, and the mask removes them.
const ROTATION: [u32; 4] = [5, 4, 60, 59];

/// Per bit: the diagonal neighbours of that square (on the board).
const NEIGHBOURS: [u64; 36] = {
    let mut table = [0u64; 36];
    let mut bit = 0;
    while bit < 36 {
        let mut d = 0;
        while d < 4 {
            table[bit] |= shift(1 << bit, d);
            d += 1;
        }
        bit += 1;
    }
    table
};

/// Per bit: the squares on the two diagonals through that square (itself excluded): where a
/// king's victims can be.
const DIAGONALS: [u64; 36] = {
    let mut table = [0u64; 36];
    let mut bit = 0;
    while bit < 36 {
        if ALL & 1 << bit != 0 {
            let mut d = 0;
            while d < 4 {
                let mut square = shift(1 << bit, d);
                while square != 0 {
                    table[bit] |= square;
                    square = shift(square, d);
                }
                d += 1;
            }
        }
        bit += 1;
    }
    table
};

/// Per direction (NE, NW, SE, SW): how far one step moves a bit.
const STEP: [i32; 4] = [5, 4, -4, -5];

/// One step of every square in `direction` (NE, NW, SE, SW), off-board squares removed.
///
/// A rotation by a table entry rather than a `match` on the direction: the capture search loops
/// over directions at run time, and the branchy version took 4 % of the search's instructions.
#[inline(always)]
const fn shift(bits: u64, direction: usize) -> u64 {
    bits.rotate_left(ROTATION[direction]) & ALL
}

/// What counts as one move when several capture routes lead to the same result (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveIdentity {
    /// Convention C, the project's: same origin, destination and captured set is one move.
    #[default]
    Outcome,
    /// Convention B: distinct trajectories are distinct moves (same-ray landings merged).
    Trajectory,
}

/// Generates every legal move of `position` into `moves`, identified by outcome (convention C).
pub(crate) fn generate(position: &Position, moves: &mut MoveList) {
    generate_with(position, MoveIdentity::Outcome, moves);
}

/// Generates every legal move of `position` into `moves` under the given move identity.
pub fn generate_with(position: &Position, identity: MoveIdentity, moves: &mut MoveList) {
    let sides = Sides::of(position);
    if sides.any_capture() {
        sides.captures(moves);
        if identity == MoveIdentity::Outcome {
            merge_duplicates(moves);
        }
    } else {
        sides.quiet_moves(moves);
    }
}

/// Generates the captures of `position` into `moves` (none when nothing can capture), identified
/// by outcome: the quiescence search needs them and nothing else, without asking twice.
pub(crate) fn generate_captures(position: &Position, moves: &mut MoveList) {
    Sides::of(position).captures(moves);
    merge_duplicates(moves);
}

/// Generates the quiet moves of `position` into `moves`: its legal moves when the side to move
/// has no capture (the caller knows, see [`any_capture`]).
pub(crate) fn generate_quiet(position: &Position, moves: &mut MoveList) {
    Sides::of(position).quiet_moves(moves);
}

/// The number of legal moves under convention C; counts quiet moves without generating them.
pub(crate) fn count(position: &Position) -> usize {
    count_with(position, MoveIdentity::Outcome)
}

/// The number of legal moves under `identity`.
pub fn count_with(position: &Position, identity: MoveIdentity) -> usize {
    let sides = Sides::of(position);
    if sides.any_capture() {
        let mut moves = MoveList::new();
        sides.captures(&mut moves);
        if identity == MoveIdentity::Outcome {
            merge_duplicates(&mut moves);
        }
        moves.len()
    } else {
        sides.count_quiet_moves()
    }
}

/// Whether the side to move can capture (cheaper than [`capturers`]: all kings slide at once and
/// the first capture found answers).
#[inline]
pub(crate) fn any_capture(position: &Position) -> bool {
    Sides::of(position).any_capture()
}

/// The pieces of the side to move that can capture.
pub(crate) fn capturers(position: &Position) -> Bitboard {
    let sides = Sides::of(position);
    let mut result = sides.men_that_capture();
    for king in Bitboard(sides.kings) {
        let bit = 1u64 << king.bit();
        if (0..4).any(|d| sides.king_victim(bit, d).is_some()) {
            result |= Bitboard(bit);
        }
    }
    Bitboard(result.0)
}

/// Removes moves equal to an earlier one. Different routes to the same outcome need at least four
/// captures (a closed loop); shorter captures are unique by construction.
fn merge_duplicates(moves: &mut MoveList) {
    let mut i = 0;
    while i < moves.len() {
        if moves[i].captured().count() >= 4 && moves[..i].contains(&moves[i]) {
            moves.remove(i);
        } else {
            i += 1;
        }
    }
}

/// The board split into what the move generator needs, from the side to move's point of view.
struct Sides {
    men: u64,
    kings: u64,
    enemies: u64,
    empty: u64,
    white: bool,
}

impl Sides {
    #[inline(always)]
    fn of(position: &Position) -> Sides {
        let us = position.side_to_move();
        Sides {
            men: position.men(us).0,
            kings: position.kings(us).0,
            enemies: position.pieces(us.opposite()).0,
            empty: position.empty_squares().0,
            white: us == Color::White,
        }
    }

    #[inline(always)]
    fn promotion_rank(&self) -> u64 {
        if self.white {
            Bitboard::RANK_8.0
        } else {
            Bitboard::RANK_1.0
        }
    }

    /// Men that have an enemy piece next to them with an empty square behind it.
    #[inline(always)]
    fn men_that_capture(&self) -> Bitboard {
        let mut result = 0;
        for d in 0..4 {
            let jumpable = shift(self.empty, reverse(d)) & self.enemies;
            result |= shift(jumpable, reverse(d));
        }
        Bitboard(result & self.men)
    }

    /// The first enemy piece a king on `king` meets in `direction` with an empty square behind.
    #[inline(always)]
    fn king_victim(&self, king: u64, direction: usize) -> Option<u64> {
        let mut square = shift(king, direction);
        while square & self.empty != 0 {
            square = shift(square, direction);
        }
        (square & self.enemies != 0 && shift(square, direction) & self.empty != 0).then_some(square)
    }

    /// Whether any piece of the side to move can capture.
    #[inline(always)]
    fn any_capture(&self) -> bool {
        if self.men_that_capture().any() {
            return true;
        }
        if self.kings == 0 {
            return false;
        }
        for d in 0..4 {
            // Slide all kings at once; stop each ray at its first occupied square.
            let mut front = shift(self.kings, d);
            let mut hits = 0;
            while front != 0 {
                hits |= front & !self.empty;
                front = shift(front & self.empty, d);
            }
            if shift(hits & self.enemies, d) & self.empty != 0 {
                return true;
            }
        }
        false
    }

    #[inline(always)]
    fn captures(&self, moves: &mut MoveList) {
        let promotion_rank = self.promotion_rank();
        for man in self.men_that_capture() {
            let mut search = CaptureSearch {
                origin: man,
                empty: self.empty | 1 << man.bit(),
                promotion_rank,
                moves,
            };
            search.man_steps(1 << man.bit(), 0, self.enemies);
        }
        for king in Bitboard(self.kings) {
            if DIAGONALS[king.bit() as usize] & self.enemies == 0 {
                continue;
            }
            let mut search = CaptureSearch {
                origin: king,
                empty: self.empty | 1 << king.bit(),
                promotion_rank,
                moves,
            };
            search.king_steps(1 << king.bit(), None, false, 0, self.enemies, false);
        }
    }

    fn quiet_moves(&self, moves: &mut MoveList) {
        let promotion_rank = self.promotion_rank();
        let forward = if self.white { [NE, NW] } else { [SE, SW] };
        for d in forward {
            for to in Bitboard(shift(self.men, d) & self.empty) {
                // One step back: the bit `STEP[d]` below (no shift and bit scan).
                let from = Square::from_bit_unchecked(to.bit().wrapping_add_signed(-STEP[d]));
                let promotes = promotion_rank & 1 << to.bit() != 0;
                moves.push(Move::new(from, to, Bitboard::EMPTY, promotes));
            }
        }
        for king in Bitboard(self.kings) {
            for d in 0..4 {
                let mut square = shift(1 << king.bit(), d) & self.empty;
                while square != 0 {
                    let to = Square::from_bit_unchecked(square.trailing_zeros());
                    moves.push(Move::new(king, to, Bitboard::EMPTY, false));
                    square = shift(square, d) & self.empty;
                }
            }
        }
    }

    #[inline(always)]
    fn count_quiet_moves(&self) -> usize {
        let forward = if self.white { [NE, NW] } else { [SE, SW] };
        let mut count = 0;
        for d in forward {
            count += (shift(self.men, d) & self.empty).count_ones();
        }
        if self.kings != 0 {
            for d in 0..4 {
                let mut front = shift(self.kings, d) & self.empty;
                while front != 0 {
                    count += front.count_ones();
                    front = shift(front, d) & self.empty;
                }
            }
        }
        count as usize
    }
}

/// The depth-first search that follows one piece's captures.
struct CaptureSearch<'a> {
    origin: Square,
    /// Really empty squares, the origin included; jumped pieces are not empty (§1.6).
    empty: u64,
    promotion_rank: u64,
    moves: &'a mut MoveList,
}

impl CaptureSearch<'_> {
    #[inline(always)]
    fn emit(&mut self, to: u64, captured: u64, promotes: bool) {
        let to = Square::from_bit_unchecked(to.trailing_zeros());
        self.moves
            .push(Move::new(self.origin, to, Bitboard(captured), promotes));
    }

    /// A man on `at` with `captured` jumped so far and `capturable` enemies left; returns whether
    /// it could capture at all. Emits every completed sequence. (The recursive call of
    /// [`Self::man_steps`].)
    fn man(&mut self, at: u64, captured: u64, capturable: u64) -> bool {
        self.man_steps(at, captured, capturable)
    }

    /// The body of [`Self::man`], inlined into the first level of every man's capture: most
    /// captures are a single jump, and the call of a recursive function (not inlinable) cost
    /// about a fifth of the capture generator's instructions in saving and restoring registers.
    #[inline(always)]
    fn man_steps(&mut self, at: u64, captured: u64, capturable: u64) -> bool {
        let mut found = false;
        for d in 0..4 {
            let victim = shift(at, d) & capturable;
            if victim == 0 {
                continue;
            }
            let landing = shift(victim, d) & self.empty;
            if landing == 0 {
                continue;
            }
            found = true;
            let captured = captured | victim;
            let capturable = capturable & !victim;
            if landing & self.promotion_rank != 0 {
                // Crowned mid-capture: continue as a king if it can (§1.7).
                if !self.king(landing, Some(d), false, captured, capturable, true) {
                    self.emit(landing, captured, true);
                }
            } else if NEIGHBOURS[landing.trailing_zeros() as usize] & capturable == 0
                || !self.man(landing, captured, capturable)
            {
                // No enemy left next to the landing square (the usual end of a capture, tested
                // without the recursive call), or none the man can jump.
                self.emit(landing, captured, false);
            }
        }
        found
    }

    /// A king on `at`, having arrived moving in `arrived` (None at the start). With
    /// `skip_forward`, the direction it arrived in is not searched: a nearer landing square on the
    /// same ray already searched it. Returns whether it could capture at all.
    fn king(
        &mut self,
        at: u64,
        arrived: Option<usize>,
        skip_forward: bool,
        captured: u64,
        capturable: u64,
        promoted: bool,
    ) -> bool {
        self.king_steps(at, arrived, skip_forward, captured, capturable, promoted)
    }

    /// The body of [`Self::king`], inlined into the first level of every king's capture (as
    /// [`Self::man_steps`] for men).
    #[inline(always)]
    fn king_steps(
        &mut self,
        at: u64,
        arrived: Option<usize>,
        skip_forward: bool,
        captured: u64,
        capturable: u64,
        promoted: bool,
    ) -> bool {
        let mut found = false;
        for d in 0..4 {
            if let Some(arrived) = arrived
                && (d == reverse(arrived) || (skip_forward && d == arrived))
            {
                continue;
            }
            let mut victim = shift(at, d);
            while victim & self.empty != 0 {
                victim = shift(victim, d);
            }
            if victim & capturable == 0 {
                continue;
            }
            let mut landing = shift(victim, d) & self.empty;
            if landing == 0 {
                continue;
            }
            found = true;
            let captured = captured | victim;
            let capturable = capturable & !victim;
            // Landing squares beyond the victim, nearest first; keep only those that continue (§1.8).
            let mut landings = [0u64; 7];
            let mut count = 0;
            while landing != 0 {
                landings[count] = landing;
                count += 1;
                landing = shift(landing, d) & self.empty;
            }
            let mut continued = false;
            for (i, &square) in landings[..count].iter().enumerate() {
                // No enemy left on the landing square's diagonals: no need to look along them.
                continued |= DIAGONALS[square.trailing_zeros() as usize] & capturable != 0
                    && self.king(square, Some(d), i > 0, captured, capturable, promoted);
            }
            if !continued {
                for &square in &landings[..count] {
                    self.emit(square, captured, promoted);
                }
            }
        }
        found
    }
}
