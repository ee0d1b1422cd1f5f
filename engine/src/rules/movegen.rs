//! Legal move generation ([docs/RULES.md §1](crate::docs::rules)).
//!
//! Captures come first: pieces that can capture are found for the whole board with shifts, then a
//! depth-first search follows each capturing piece. The search keeps two sets apart, which is the
//! Turkish strike (§1.6): `capturable` (enemy pieces not yet jumped) and `empty` (squares that are
//! really empty; jumped pieces stay on the board until the move ends, and the moving piece's origin
//! counts as empty). A sequence is emitted only when it cannot continue (§1.5), a man that reaches
//! its last rank continues as a king (§1.7), and after a king's capture only the landing squares
//! from which it can capture again are kept, if there are any (§1.8). Two routes with the same
//! origin, destination and captured set are merged into one move (convention C, §4).
//!
//! Kings look along diagonals with ray tables: the ray from a square in one direction, cut at its
//! nearest occupied square found by one bit scan (`tzcnt` going north, `lzcnt` going south),
//! instead of a step-by-step slide; men find their first jump for the whole board by shifts, per
//! direction. Moves are emitted in the order a slide would find them (each piece in bit order,
//! each direction NE, NW, SE, SW, nearest square first): the search's tie-breaks depend on it,
//! and `movegen/order_reference.rs` (tests only) pins it.
//!
//! The usual capture needs no search: when the side to move has no king and no man's first jump
//! lands where it could jump again or be crowned (one whole-board test on the same jump sets),
//! every capture is a single jump, written directly ([`Sides::single_jumps`]); the capture search
//! runs in a function of its own otherwise, so that the fast path keeps few registers.

use crate::rules::geometry::{ALL, NE, NW, SE, SW, reverse, rotate, shift};
use crate::rules::{Bitboard, Color, Move, MoveList, Position, Square};

#[cfg(test)]
mod order_reference;

/// Per bit: the diagonal neighbours of that square (on the board). 64 entries, none for bits 36
/// and up, so that an index masked to six bits needs no bounds check (the same for [`DIAGONALS`]).
const NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
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
const DIAGONALS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut bit = 0;
    while bit < 36 {
        let mut d = 0;
        while d < 4 {
            table[bit] |= RAY_TABLE[d][bit];
            d += 1;
        }
        bit += 1;
    }
    table
};

/// Per direction (NE, NW, SE, SW) and bit: the squares beyond that bit in that direction, to the
/// edge of the board (none for ghost and off-board bits). A king's view along a diagonal is this
/// ray cut at its nearest occupied square, found with one bit scan instead of a step-by-step
/// slide (see [`nearest`]).
///
/// A `static`, not a `const`: indexing a large `const` array at run time may copy the whole
/// array to the stack first, and in the release build it did (a 2 KB `memcpy` per use, 8 % of
/// the bench's instructions), while the profiling build happened to fold it.
/// 65 entries per direction: a bit scan gives 0 to 64, so an index taken from one needs no bounds
/// check (index 64, the scan of an empty set, holds no squares).
static RAYS: [[u64; 65]; 4] = RAY_TABLE;

/// [`RAYS`] as a constant, for building [`BLOCKED`].
const RAY_TABLE: [[u64; 65]; 4] = {
    let mut table = [[0u64; 65]; 4];
    let mut d = 0;
    while d < 4 {
        let mut bit = 0;
        while bit < 36 {
            if ALL & 1 << bit != 0 {
                let mut square = shift(1 << bit, d);
                while square != 0 {
                    table[d][bit] |= square;
                    square = shift(square, d);
                }
            }
            bit += 1;
        }
        d += 1;
    }
    table
};

/// Per direction and [`nearest`] index: the nearest occupied square of a ray and everything beyond
/// it; empty for index 64 (no occupied square). `ray & !BLOCKED[d][nearest(ray & occupied, d)]` is
/// the free part of the ray. (A `static` for the reason given at [`RAYS`].)
static BLOCKED: [[u64; 65]; 4] = {
    let mut table = [[0u64; 65]; 4];
    let mut d = 0;
    while d < 4 {
        let mut index = 0;
        while index < 64 {
            let bit = if d < 2 { index } else { 63 - index };
            table[d][index] = (1 << bit | RAY_TABLE[d][bit]) & ALL;
            index += 1;
        }
        d += 1;
    }
    table
};

/// Where the nearest square of `blockers` (a subset of one ray in `direction`) is, as an index
/// into [`BLOCKED`]: rays in the north directions go to higher bits, so the nearest is the lowest
/// bit (`tzcnt`); in the south directions the highest (`lzcnt`). 64 when `blockers` is empty.
#[inline(always)]
const fn nearest(blockers: u64, direction: usize) -> usize {
    if direction < 2 {
        blockers.trailing_zeros() as usize
    } else {
        blockers.leading_zeros() as usize
    }
}

/// The nearest square of `blockers` (a subset of one ray in `direction`) as a bit; when
/// `blockers` is empty, nothing or bit 63 (off the board), which no piece set contains.
#[inline(always)]
const fn nearest_bit(blockers: u64, direction: usize) -> u64 {
    if direction < 2 {
        blockers & blockers.wrapping_neg()
    } else {
        (1u64 << 63).wrapping_shr(blockers.leading_zeros())
    }
}

/// Per direction (NE, NW, SE, SW): how far one step moves a bit.
const STEP: [i32; 4] = [5, 4, -4, -5];

/// What counts as one move when several capture routes lead to the same result ([docs/RULES.md §4](crate::docs::rules)).
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
        if !sides.single_jumps(moves) {
            sides.captures(moves);
            if identity == MoveIdentity::Outcome {
                merge_duplicates(moves);
            }
        }
    } else {
        sides.quiet_moves(moves);
    }
}

/// Generates the captures of `position` into `moves` (none when nothing can capture), identified
/// by outcome: the quiescence search needs them and nothing else, without asking twice.
pub(crate) fn generate_captures(position: &Position, moves: &mut MoveList) {
    if !Sides::of(position).single_jumps(moves) {
        merged_captures(position, moves);
    }
}

/// The captures of `position` found by the capture search, equal moves merged (convention C):
/// the general case, apart so that [`Sides::single_jumps`] runs without its registers and stack.
#[inline(never)]
fn merged_captures(position: &Position, moves: &mut MoveList) {
    let sides = Sides::of(position);
    sides.captures(moves);
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
        if let Some(jumpers) = sides.single_jumpers() {
            // One move per jump, all different.
            return jumpers.iter().map(|set| set.count_ones() as usize).sum();
        }
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
        if sides.king_can_capture(king.bit() as usize) {
            result |= Bitboard::from_square(king);
        }
    }
    result
}

/// Removes moves equal to an earlier one. Different routes to the same outcome need at least four
/// captures (a closed loop); shorter captures are unique by construction.
fn merge_duplicates(moves: &mut MoveList) {
    if moves.len() < 2 {
        // The usual capture: one move, nothing to compare.
        return;
    }
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
        let [ne, nw, se, sw] = self.jumpers();
        Bitboard(ne | nw | se | sw)
    }

    /// Per direction (NE, NW, SE, SW): the men that can jump that way, an enemy piece next to
    /// them with an empty square behind it.
    #[inline(always)]
    fn jumpers(&self) -> [u64; 4] {
        self.jump_squares().map(|squares| squares & self.men)
    }

    /// Per direction (NE, NW, SE, SW): the squares from which a man could jump that way, an enemy
    /// piece next to them with an empty square behind it, whatever stands on them. (Unmasked
    /// steps: the result holds bits off the board, which only meet sets of squares.)
    #[inline(always)]
    fn jump_squares(&self) -> [u64; 4] {
        std::array::from_fn(|d| rotate(rotate(self.empty, reverse(d)) & self.enemies, reverse(d)))
    }

    /// Whether the king on bit `king` can capture: in some direction the nearest occupied square
    /// holds an enemy piece with an empty square right behind it. Four bit scans on ray tables.
    #[inline(always)]
    fn king_can_capture(&self, king: usize) -> bool {
        let occupied = ALL & !self.empty;
        let mut targets = 0;
        for (d, rays) in RAYS.iter().enumerate() {
            let victim = nearest_bit(rays[king] & occupied, d) & self.enemies;
            targets |= rotate(victim, d) & self.empty;
        }
        targets != 0
    }

    /// Whether any piece of the side to move can capture.
    #[inline(always)]
    fn any_capture(&self) -> bool {
        if self.men_that_capture().any() {
            return true;
        }
        let mut kings = self.kings;
        while kings != 0 {
            if self.king_can_capture(kings.trailing_zeros() as usize) {
                return true;
            }
            kings &= kings - 1;
        }
        false
    }

    /// When every capture is a single jump of a man (the usual case: no king of the side to
    /// move, and no man that, after its first jump, can jump again or is crowned), the men that
    /// jump, per direction (NE, NW, SE, SW); `None` when that is not the case.
    #[inline(always)]
    fn single_jumpers(&self) -> Option<[u64; 4]> {
        if self.kings != 0 {
            return None;
        }
        let jump_squares = self.jump_squares();
        let jumpers = jump_squares.map(|squares| squares & self.men);
        // Where first jumps land, and where a man can jump again after its first jump (exact,
        // see `captures`).
        let mut landings = 0;
        for (d, &set) in jumpers.iter().enumerate() {
            landings |= rotate(rotate(set, d), d);
        }
        let onward = jump_squares[0] | jump_squares[1] | jump_squares[2] | jump_squares[3];
        if landings & (onward | self.promotion_rank()) != 0 {
            return None;
        }
        Some(jumpers)
    }

    /// The captures when every one is a single jump of a man (see [`Self::single_jumpers`]):
    /// emits them and returns true, or emits nothing and returns false when that is not the
    /// case. Needs no capture search (nor its state on the stack) and no merging of equal moves.
    #[inline(always)]
    fn single_jumps(&self, moves: &mut MoveList) -> bool {
        let Some(jumpers) = self.single_jumpers() else {
            return false;
        };
        for man in Bitboard(jumpers[0] | jumpers[1] | jumpers[2] | jumpers[3]) {
            let at = 1 << man.bit();
            for (d, &set) in jumpers.iter().enumerate() {
                if set & at != 0 {
                    let victim = rotate(at, d);
                    let landing = rotate(victim, d);
                    moves.push(Move::new(
                        man,
                        Square::from_bit_unchecked(landing.trailing_zeros()),
                        Bitboard(victim),
                        false,
                    ));
                }
            }
        }
        true
    }

    #[inline(always)]
    fn captures(&self, moves: &mut MoveList) {
        let promotion_rank = self.promotion_rank();
        // Per direction, the men that can jump that way: the first jump of every man's capture
        // without testing each direction for a victim and a landing square.
        let jump_squares = self.jump_squares();
        let jumpers = jump_squares.map(|squares| squares & self.men);
        // Where a man that has made its first jump can jump again: exactly the squares from which
        // a jump exists on the board as it stands. The jump just made changes nothing on the other
        // three diagonals of its landing square, and back along its own the landing square sees
        // its victim (no longer capturable) and its origin (occupied on this board): no jump
        // either way.
        let onward = jump_squares[0] | jump_squares[1] | jump_squares[2] | jump_squares[3];
        for man in Bitboard(jumpers[0] | jumpers[1] | jumpers[2] | jumpers[3]) {
            let at = 1 << man.bit();
            let mut search = CaptureSearch {
                origin: man,
                empty: self.empty | at,
                promotion_rank,
                moves,
            };
            for (d, &set) in jumpers.iter().enumerate() {
                if set & at != 0 {
                    // On the board: the jump exists.
                    let victim = rotate(at, d);
                    search.first_man_jump(rotate(victim, d), d, victim, self.enemies, onward);
                }
            }
        }
        for king in Bitboard(self.kings) {
            if DIAGONALS[king.bit() as usize & 63] & self.enemies == 0 {
                continue;
            }
            let mut search = CaptureSearch {
                origin: king,
                empty: self.empty | 1 << king.bit(),
                promotion_rank,
                moves,
            };
            search.king_steps(1 << king.bit(), 0, 0, self.enemies, false);
        }
    }

    #[inline(always)]
    fn quiet_moves(&self, moves: &mut MoveList) {
        // Written out per colour, so that directions, steps and the promotion rank are constants.
        if self.white {
            self.men_steps(NE, moves);
            self.men_steps(NW, moves);
        } else {
            self.men_steps(SE, moves);
            self.men_steps(SW, moves);
        }
        for king in Bitboard(self.kings) {
            for d in 0..4 {
                // Nearest square first, as a slide would find them.
                for_each_nearest_first(self.free_run(king.bit() as usize, d), d, |to| {
                    moves.push(Move::new(king, to, Bitboard::EMPTY, false));
                });
            }
        }
    }

    /// The quiet moves of the men that step in `direction` (a forward direction of the side to
    /// move), by destination bit. The crowning steps are pushed apart from the others: they end
    /// on the highest bits going north and on the lowest going south, so the order stays the
    /// same, and no move tests its destination. `extend` keeps the list's length in a register
    /// until the end (`push` stores it back per move).
    #[inline(always)]
    fn men_steps(&self, direction: usize, moves: &mut MoveList) {
        let targets = shift(self.men, direction) & self.empty;
        let promotion_rank = self.promotion_rank();
        let step = |promotes: bool| {
            move |to: usize| {
                // One step back: the bit `STEP[d]` below (no shift and bit scan).
                let from = Square::from_bit_unchecked((to as i32 - STEP[direction]) as u32);
                Move::new(
                    from,
                    Square::from_bit_unchecked(to as u32),
                    Bitboard::EMPTY,
                    promotes,
                )
            }
        };
        // Crowning steps are rare: pushed one by one (no loop set-up when there are none).
        let crowning = |moves: &mut MoveList| {
            for to in Bits(targets & promotion_rank) {
                moves.push(step(true)(to));
            }
        };
        if direction < 2 {
            moves.extend(Bits(targets & !promotion_rank).map(step(false)));
            crowning(moves);
        } else {
            crowning(moves);
            moves.extend(Bits(targets & !promotion_rank).map(step(false)));
        }
    }

    /// The empty squares a king on bit `king` reaches in `direction` before the first occupied
    /// square.
    #[inline(always)]
    fn free_run(&self, king: usize, direction: usize) -> u64 {
        let ray = RAYS[direction][king];
        ray & !BLOCKED[direction][nearest(ray & !self.empty, direction)]
    }

    #[inline(always)]
    fn count_quiet_moves(&self) -> usize {
        let forward = if self.white { [NE, NW] } else { [SE, SW] };
        let mut count = 0;
        for d in forward {
            count += (shift(self.men, d) & self.empty).count_ones();
        }
        for king in Bitboard(self.kings) {
            for d in 0..4 {
                count += self.free_run(king.bit() as usize, d).count_ones();
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
        self.emit_square(
            Square::from_bit_unchecked(to.trailing_zeros()),
            captured,
            promotes,
        );
    }

    #[inline(always)]
    fn emit_square(&mut self, to: Square, captured: u64, promotes: bool) {
        self.moves
            .push(Move::new(self.origin, to, Bitboard(captured), promotes));
    }

    /// A man on `at` with `captured` jumped so far and `capturable` enemies left; returns whether
    /// it could capture at all. Emits every completed sequence. (The first jump of a capture is
    /// found for all men at once, see [`Sides::captures`]; this follows the later ones.)
    fn man(&mut self, at: u64, captured: u64, capturable: u64) -> bool {
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
            self.man_jump(landing, d, victim, captured, capturable);
        }
        found
    }

    /// The first jump of a man, `victim` in direction `d` to `landing` with `enemies` on the
    /// board; `onward` holds the squares from which it can jump again (see [`Sides::captures`]):
    /// the usual capture, a single jump, is emitted without searching for a second one.
    #[inline(always)]
    fn first_man_jump(&mut self, landing: u64, d: usize, victim: u64, enemies: u64, onward: u64) {
        if landing & (onward | self.promotion_rank) == 0 {
            self.emit(landing, victim, false);
        } else {
            self.man_jump(landing, d, victim, 0, enemies);
        }
    }

    /// A man jumping `victim` in direction `d` to `landing`, with `captured` jumped before and
    /// `capturable` enemies left before this jump: continues the capture or emits it.
    #[inline(always)]
    fn man_jump(&mut self, landing: u64, d: usize, victim: u64, captured: u64, capturable: u64) {
        let captured = captured | victim;
        let capturable = capturable & !victim;
        if landing & self.promotion_rank != 0 {
            // Crowned mid-capture: continue as a king if it can (§1.7).
            if !self.king(landing, 1 << reverse(d), captured, capturable, true) {
                self.emit(landing, captured, true);
            }
        } else if NEIGHBOURS[landing.trailing_zeros() as usize & 63] & capturable == 0
            || !self.man(landing, captured, capturable)
        {
            // No enemy left next to the landing square (the usual end of a capture, tested
            // without the recursive call), or none the man can jump.
            self.emit(landing, captured, false);
        }
    }

    /// A king on `at`; `skip` holds a bit per direction not to search: the way back (its last
    /// victim stands there, §1.6) and, from a farther landing square of the same ray, the way on
    /// (the nearer landing square already searched it). Returns whether it could capture at all.
    fn king(&mut self, at: u64, skip: u32, captured: u64, capturable: u64, promoted: bool) -> bool {
        self.king_steps(at, skip, captured, capturable, promoted)
    }

    /// The body of [`Self::king`], inlined into the first level of every king's capture: the call
    /// of a recursive function (not inlinable) costs in saving and restoring registers.
    #[inline(always)]
    fn king_steps(
        &mut self,
        at: u64,
        skip: u32,
        captured: u64,
        capturable: u64,
        promoted: bool,
    ) -> bool {
        // First, without branches, per direction: the victim, the nearest occupied square of
        // the ray if capturable (jumped pieces still stand, §1.6), and whether the square right
        // beyond it is empty (the capture exists).
        let occupied = !self.empty;
        let from = at.trailing_zeros() as usize;
        let mut victims = [0u64; 4];
        let mut directions = 0u32;
        for d in 0..4 {
            let victim = nearest_bit(RAYS[d][from] & occupied, d) & capturable;
            victims[d] = victim;
            directions |= u32::from(rotate(victim, d) & self.empty != 0) << d;
        }
        // Then the directions with a capture, in order, and their landing squares: the empty
        // squares beyond the victim up to the next occupied square.
        directions &= !skip;
        let found = directions != 0;
        while directions != 0 {
            let d = directions.trailing_zeros() as usize;
            directions &= directions - 1;
            let victim = victims[d];
            let beyond = RAYS[d][victim.trailing_zeros() as usize];
            let landings = beyond & !BLOCKED[d][nearest(beyond & occupied, d)];
            let captured = captured | victim;
            let capturable = capturable & !victim;
            // Landing squares nearest first; keep only those that continue (§1.8).
            let mut continued = false;
            let mut first = true;
            for_each_nearest_first(landings, d, |square| {
                // No enemy left on the landing square's diagonals: no need to look along them.
                let bit = 1 << square.bit();
                let skip = 1 << reverse(d) | u32::from(!first) << d;
                continued |= DIAGONALS[square.bit() as usize & 63] & capturable != 0
                    && self.king(bit, skip, captured, capturable, promoted);
                first = false;
            });
            if !continued {
                for_each_nearest_first(landings, d, |square| {
                    self.emit_square(square, captured, promoted);
                });
            }
        }
        found
    }
}

/// The set bits of a `u64`, lowest first, as bit indices.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

/// Calls `f` on the squares of `run` (part of one ray in `direction`) nearest first: lowest bit
/// first going north, highest first going south.
#[inline(always)]
fn for_each_nearest_first(mut run: u64, direction: usize, mut f: impl FnMut(Square)) {
    if direction < 2 {
        while run != 0 {
            f(Square::from_bit_unchecked(run.trailing_zeros()));
            run &= run - 1;
        }
    } else {
        while run != 0 {
            let bit = 63 - run.leading_zeros();
            f(Square::from_bit_unchecked(bit));
            run ^= 1 << bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::splitmix::SplitMix64;

    /// A random legal placement, kings on average a third of the pieces, either side to move.
    fn random_position(rng: &mut SplitMix64) -> Position {
        let density = 4 + rng.below(10);
        let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
        for square in Square::ALL {
            if rng.below(32) >= density {
                continue;
            }
            let bit = 1 << square.bit();
            let is_white = rng.below(2) == 0;
            let side = if is_white { &mut white } else { &mut black };
            if side.count_ones() == 12 {
                continue;
            }
            *side |= bit;
            let last_rank = if is_white {
                Bitboard::RANK_8.0
            } else {
                Bitboard::RANK_1.0
            };
            if rng.below(3) == 0 || last_rank & bit != 0 {
                kings |= bit;
            }
        }
        let side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        Position::new(Bitboard(white), Bitboard(black), Bitboard(kings), side)
            .expect("a legal placement")
    }

    /// The squares a slide from `bit` in `direction` passes while `free` holds them.
    fn slide(bit: usize, direction: usize, free: u64) -> Vec<u64> {
        let mut squares = Vec::new();
        let mut square = shift(1 << bit, direction) & free;
        while square != 0 {
            squares.push(square);
            square = shift(square, direction) & free;
        }
        squares
    }

    #[test]
    fn rays_cut_at_the_nearest_blocker_match_a_slide() {
        let mut rng = SplitMix64::new(0x5EED_4A75);
        for _ in 0..2_000 {
            let occupied = rng.next_u64() & rng.next_u64() & ALL;
            let sides = Sides {
                men: 0,
                kings: 0,
                enemies: 0,
                empty: ALL & !occupied,
                white: true,
            };
            for square in Square::ALL {
                let bit = square.bit() as usize;
                assert_eq!(
                    RAYS[0][bit] | RAYS[1][bit] | RAYS[2][bit] | RAYS[3][bit],
                    DIAGONALS[bit]
                );
                for (d, rays) in RAYS.iter().enumerate() {
                    let expected = slide(bit, d, !occupied);
                    let mut order = Vec::new();
                    for_each_nearest_first(sides.free_run(bit, d), d, |s| {
                        order.push(1 << s.bit());
                    });
                    assert_eq!(order, expected, "{square} direction {d}");
                    let beyond = expected.last().map_or(shift(1 << bit, d), |&s| shift(s, d));
                    assert_eq!(nearest_bit(rays[bit] & occupied, d) & ALL, beyond);
                }
            }
        }
    }

    #[test]
    fn capture_tests_agree_with_the_generator() {
        let mut rng = SplitMix64::new(0x5EED_CA97);
        let (mut captures, mut king_captures) = (0, 0);
        for _ in 0..20_000 {
            let position = random_position(&mut rng);
            let mut moves = MoveList::new();
            generate_captures(&position, &mut moves);
            assert_eq!(any_capture(&position), !moves.is_empty(), "{position:?}");
            let from: Bitboard = moves.iter().map(|mv| mv.from()).collect();
            assert_eq!(capturers(&position), from, "{position:?}");
            captures += usize::from(!moves.is_empty());
            king_captures += usize::from((from & position.all_kings()).any());
            if moves.is_empty() {
                let mut quiet = MoveList::new();
                generate_quiet(&position, &mut quiet);
                assert_eq!(count(&position), quiet.len(), "{position:?}");
            }
        }
        // The random placements exercise both answers and the kings' rays.
        assert!(captures > 5_000 && captures < 15_000, "{captures}");
        assert!(king_captures > 1_000, "{king_captures}");
    }

    /// Compares every generator entry point on `position` with the slow order reference: the
    /// same moves in the same order (the search's tie-breaks depend on the order).
    fn assert_same_order(position: &Position) {
        for identity in [MoveIdentity::Outcome, MoveIdentity::Trajectory] {
            let mut moves = MoveList::new();
            generate_with(position, identity, &mut moves);
            let expected = order_reference::legal_moves(position, identity);
            assert_eq!(moves.as_slice(), expected, "{identity:?} {position:?}");
            assert_eq!(
                count_with(position, identity),
                expected.len(),
                "{position:?}"
            );
        }
        let mut captures = MoveList::new();
        generate_captures(position, &mut captures);
        let expected = order_reference::captures(position, MoveIdentity::Outcome);
        assert_eq!(captures.as_slice(), expected, "captures {position:?}");
        assert_eq!(any_capture(position), !expected.is_empty(), "{position:?}");
        if expected.is_empty() {
            let mut quiet = MoveList::new();
            generate_quiet(position, &mut quiet);
            assert_eq!(quiet.as_slice(), order_reference::quiet_moves(position));
        }
    }

    #[test]
    fn moves_come_in_the_reference_order_on_random_placements() {
        let mut rng = SplitMix64::new(0x5EED_0DE2);
        let (mut king_captures, mut crowning, mut long) = (0, 0, 0);
        for _ in 0..30_000 {
            let position = random_position(&mut rng);
            assert_same_order(&position);
            let mut moves = MoveList::new();
            generate_captures(&position, &mut moves);
            king_captures += usize::from(
                moves
                    .iter()
                    .any(|mv| position.all_kings().contains(mv.from())),
            );
            crowning += usize::from(moves.iter().any(|mv| mv.promotes()));
            long += usize::from(moves.iter().any(|mv| mv.captured().count() >= 3));
        }
        // The placements reach the cases the fast paths must get right.
        assert!(king_captures > 2_000, "{king_captures}");
        assert!(crowning > 200, "{crowning}");
        assert!(long > 200, "{long}");
    }

    #[test]
    fn moves_come_in_the_reference_order_in_random_games() {
        let mut rng = SplitMix64::new(0x5EED_6A3E);
        let mut positions = 0;
        for _ in 0..500 {
            let mut position = Position::start();
            for _ in 0..120 {
                assert_same_order(&position);
                positions += 1;
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        assert!(positions > 20_000, "{positions}");
    }

    #[test]
    fn single_jump_fast_path_agrees_with_the_capture_search() {
        let mut rng = SplitMix64::new(0x5EED_F457);
        // Random placements (a third of the pieces kings) and the positions of random games
        // (mostly men: where the fast path serves).
        let mut positions: Vec<Position> = (0..20_000).map(|_| random_position(&mut rng)).collect();
        for _ in 0..200 {
            let mut position = Position::start();
            for _ in 0..120 {
                positions.push(position);
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        let (mut taken, mut declined) = (0, 0);
        for position in positions {
            let sides = Sides::of(&position);
            let mut full = MoveList::new();
            sides.captures(&mut full);
            merge_duplicates(&mut full);
            let mut fast = MoveList::new();
            if sides.single_jumps(&mut fast) {
                // Taken: exactly the search's moves, in its order, every one a single jump.
                assert_eq!(fast, full, "{position:?}");
                assert!(
                    full.iter()
                        .all(|mv| mv.captured().count() == 1 && !mv.promotes())
                );
                taken += usize::from(!full.is_empty());
            } else {
                // Declined: nothing written, and only where a king could move or a man's first
                // jump could continue or crown (the conditions it checks).
                assert!(fast.is_empty(), "{position:?}");
                let continues = full
                    .iter()
                    .any(|mv| mv.captured().count() > 1 || mv.promotes());
                assert!(sides.kings != 0 || continues, "{position:?}");
                declined += 1;
            }
        }
        assert!(taken > 2_000 && declined > 3_000, "{taken} {declined}");
    }

    #[test]
    fn king_quiet_moves_come_nearest_first() {
        let mut rng = SplitMix64::new(0x5EED_0C7E);
        for _ in 0..5_000 {
            let position = random_position(&mut rng);
            if any_capture(&position) {
                continue;
            }
            let sides = Sides::of(&position);
            let mut moves = MoveList::new();
            sides.quiet_moves(&mut moves);
            // As the step-by-step slide finds them: each king, each direction, nearest first.
            let mut expected = Vec::new();
            for king in Bitboard(sides.kings) {
                for d in 0..4 {
                    for square in slide(king.bit() as usize, d, sides.empty) {
                        let to = Square::from_bit_unchecked(square.trailing_zeros());
                        expected.push(Move::new(king, to, Bitboard::EMPTY, false));
                    }
                }
            }
            let kings: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| position.all_kings().contains(mv.from()))
                .collect();
            assert_eq!(kings, expected, "{position:?}");
        }
    }
}
