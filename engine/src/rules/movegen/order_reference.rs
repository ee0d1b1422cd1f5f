//! The move order the search depends on, written down slowly (tests only).
//!
//! The search breaks ordering ties by the index of a move in its list, so a faster generator must
//! emit the same moves in the same order, not just the same set (the reference generator of
//! `tests/common/reference.rs` checks the set). This module generates moves step by step with
//! [`Bitboard::step`], square by square, in the order the generator documents (module docs of
//! `movegen`): captures of men first (each man in bit order, directions NE, NW, SE, SW,
//! depth-first), then of kings (each king in bit order, directions in the same order, landing
//! squares nearest first, a farther landing square not searching on along its ray), later
//! duplicates of a 4+ capture removed; quiet moves of men by direction (the forward two in that
//! order), each by destination bit, then each king's slides nearest first. No tables, no shifts of
//! whole sets, no bit scans of rays: nothing shared with the fast code but `Move` and `Position`.

use crate::rules::bitboard::Direction;
use crate::rules::{Bitboard, Color, Move, MoveIdentity, Position, Square};

/// Every legal move of `position` in the generator's order under `identity`.
pub(super) fn legal_moves(position: &Position, identity: MoveIdentity) -> Vec<Move> {
    let captures = captures(position, identity);
    if captures.is_empty() {
        quiet_moves(position)
    } else {
        captures
    }
}

/// The captures of `position` in order (empty when it has none).
pub(super) fn captures(position: &Position, identity: MoveIdentity) -> Vec<Move> {
    let us = position.side_to_move();
    let mut moves = Vec::new();
    for from in position.men(us) {
        let mut search = Search::new(position, from, &mut moves);
        for direction in Direction::ALL {
            if let Some((victim, landing)) = search.jump(from, direction) {
                search.man_jump(landing, direction, victim, Bitboard::EMPTY, search.enemies);
            }
        }
    }
    for from in position.kings(us) {
        let mut search = Search::new(position, from, &mut moves);
        let enemies = search.enemies;
        search.king(from, &[], Bitboard::EMPTY, enemies, false);
    }
    if identity == MoveIdentity::Outcome {
        let mut unique: Vec<Move> = Vec::new();
        for mv in moves {
            if mv.captured().count() < 4 || !unique.contains(&mv) {
                unique.push(mv);
            }
        }
        unique
    } else {
        moves
    }
}

/// The quiet moves of `position` in order (its legal moves when it has no capture).
pub(super) fn quiet_moves(position: &Position) -> Vec<Move> {
    let us = position.side_to_move();
    let empty = position.empty_squares();
    let forward = match us {
        Color::White => [Direction::NorthEast, Direction::NorthWest],
        Color::Black => [Direction::SouthEast, Direction::SouthWest],
    };
    let mut moves = Vec::new();
    for direction in forward {
        for to in Bitboard::ALL {
            let from = Bitboard::from_square(to).step(direction.reverse());
            if empty.contains(to) && (from & position.men(us)).any() {
                let from = from.first().expect("one square");
                let promotes = Bitboard::promotion_rank(us).contains(to);
                moves.push(Move::new(from, to, Bitboard::EMPTY, promotes));
            }
        }
    }
    for king in position.kings(us) {
        for direction in Direction::ALL {
            let mut at = Bitboard::from_square(king).step(direction);
            while (at & empty).any() {
                let to = at.first().expect("one square");
                moves.push(Move::new(king, to, Bitboard::EMPTY, false));
                at = at.step(direction);
            }
        }
    }
    moves
}

/// One piece's capture search.
struct Search<'a> {
    origin: Square,
    enemies: Bitboard,
    /// Really empty squares, the origin included (jumped pieces stay until the move ends).
    empty: Bitboard,
    promotion_rank: Bitboard,
    moves: &'a mut Vec<Move>,
}

impl Search<'_> {
    fn new<'a>(position: &Position, origin: Square, moves: &'a mut Vec<Move>) -> Search<'a> {
        let us = position.side_to_move();
        Search {
            origin,
            enemies: position.pieces(us.opposite()),
            empty: position.empty_squares().with(origin),
            promotion_rank: Bitboard::promotion_rank(us),
            moves,
        }
    }

    /// A man's jump from `at` in `direction` over an enemy piece (any, capturable or not, is
    /// checked by the caller) to an empty square: the victim and the landing square.
    fn jump(&self, at: Square, direction: Direction) -> Option<(Square, Square)> {
        let victim = Bitboard::from_square(at).step(direction);
        let landing = victim.step(direction) & self.empty;
        if (victim & self.enemies).any() && landing.any() {
            Some((victim.first()?, landing.first()?))
        } else {
            None
        }
    }

    fn emit(&mut self, to: Square, captured: Bitboard, promotes: bool) {
        self.moves
            .push(Move::new(self.origin, to, captured, promotes));
    }

    fn man_jump(
        &mut self,
        landing: Square,
        direction: Direction,
        victim: Square,
        captured: Bitboard,
        capturable: Bitboard,
    ) {
        let captured = captured.with(victim);
        let capturable = capturable.without(victim);
        if self.promotion_rank.contains(landing) {
            if !self.king(landing, &[direction.reverse()], captured, capturable, true) {
                self.emit(landing, captured, true);
            }
        } else if !self.man(landing, captured, capturable) {
            self.emit(landing, captured, false);
        }
    }

    fn man(&mut self, at: Square, captured: Bitboard, capturable: Bitboard) -> bool {
        let mut found = false;
        for direction in Direction::ALL {
            if let Some((victim, landing)) = self.jump(at, direction)
                && capturable.contains(victim)
            {
                found = true;
                self.man_jump(landing, direction, victim, captured, capturable);
            }
        }
        found
    }

    fn king(
        &mut self,
        at: Square,
        skip: &[Direction],
        captured: Bitboard,
        capturable: Bitboard,
        promoted: bool,
    ) -> bool {
        let mut found = false;
        for direction in Direction::ALL {
            if skip.contains(&direction) {
                continue;
            }
            // Slide to the first square that is not empty.
            let mut square = Bitboard::from_square(at).step(direction);
            while (square & self.empty).any() {
                square = square.step(direction);
            }
            if (square & capturable).is_empty() {
                continue;
            }
            let victim = square;
            let mut landings = Vec::new();
            let mut beyond = victim.step(direction);
            while (beyond & self.empty).any() {
                landings.push(beyond.first().expect("one square"));
                beyond = beyond.step(direction);
            }
            if landings.is_empty() {
                continue;
            }
            found = true;
            let captured = captured | victim;
            let capturable = capturable - victim;
            let mut continued = false;
            for (i, &landing) in landings.iter().enumerate() {
                let skip: &[Direction] = if i == 0 {
                    &[direction.reverse()]
                } else {
                    &[direction.reverse(), direction]
                };
                continued |= self.king(landing, skip, captured, capturable, promoted);
            }
            if !continued {
                for &landing in &landings {
                    self.emit(landing, captured, promoted);
                }
            }
        }
        found
    }
}
