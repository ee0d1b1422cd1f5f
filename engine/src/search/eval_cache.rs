//! The evaluation cache: static evaluations the thread computed recently, so that a position
//! evaluated again is looked up instead of evaluated.
//!
//! The same positions are evaluated over and over: every iteration of the iterative deepening
//! meets again, one ply further from the frontier, the positions the previous one evaluated
//! (a quiescence leaf becomes a reverse-futility node), and transpositions meet at the leaves.
//! The quiescence leaves carry no Zobrist key (the search does not compute it there), so the
//! cache hashes the position's three bitboards and side to move itself with a few
//! multiplications. Each thread has its own cache, small enough to stay in the processor's cache.
//!
//! A slot is one `u64`: the hash's upper 48 bits, which check the slot's owner, and the
//! evaluation in the lower 16 bits. Direct-mapped on the hash's lower bits; a new evaluation
//! replaces the slot's old one. Two positions with the same 48-bit check and slot would share
//! an evaluation, as two positions with the same Zobrist key share a table entry; the
//! evaluation is only a heuristic score, so such a collision cannot make a move illegal.

use crate::{Color, Position};

/// Slots of the cache (a power of two): 2¹⁶ × 8 bytes = 512 KB.
const SLOTS: usize = 1 << 16;

/// The bits of a slot that hold the evaluation.
const VALUE_BITS: u64 = 0xFFFF;

/// One thread's evaluation cache (see the module documentation).
pub struct EvalCache {
    slots: Vec<u64>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            slots: vec![0; SLOTS],
        }
    }
}

impl EvalCache {
    /// The hash of `position`: its white, black and king bitboards each multiplied by an odd
    /// constant, summed, with the side to move; then the high half folded into the low half so
    /// that the slot index (low bits) depends on every square.
    #[inline]
    fn hash(position: &Position) -> u64 {
        let white = position.pieces(Color::White).0;
        let black = position.pieces(Color::Black).0;
        let kings = position.all_kings().0;
        let side = position.side_to_move() as u64;
        let mixed = white.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(21)
            ^ kings.wrapping_mul(0x1656_67B1_9E37_79F9).rotate_left(42)
            ^ side;
        let mixed = mixed.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        mixed ^ mixed >> 32
    }

    /// The evaluation of `position`: the cached one if the cache holds it, else `evaluate`'s,
    /// which is then cached (when it fits in 16 bits, as every evaluation but absurd weights'
    /// does).
    #[inline]
    pub fn get_or_insert(&mut self, position: &Position, evaluate: impl FnOnce() -> i32) -> i32 {
        let hash = Self::hash(position);
        let slot = &mut self.slots[hash as usize & (SLOTS - 1)];
        let check = hash & !VALUE_BITS;
        if *slot & !VALUE_BITS == check && *slot != 0 {
            return i32::from(*slot as u16 as i16);
        }
        let value = evaluate();
        if let Ok(small) = i16::try_from(value) {
            *slot = check | u64::from(small as u16);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{EvalParams, Evaluator};

    /// The positions of a few deterministic games, with kings and both sides to move.
    fn positions() -> Vec<Position> {
        let mut positions = Vec::new();
        for game in 0..40u64 {
            let mut position = Position::start();
            let mut state = game.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                positions.push(position);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                position = position.play(&moves[(state % moves.len() as u64) as usize]);
            }
        }
        positions
    }

    #[test]
    fn a_cached_evaluation_is_the_evaluation() {
        let evaluator = Evaluator::new(&EvalParams::default());
        let mut cache = EvalCache::default();
        let positions = positions();
        assert!(positions.len() > 2000, "{}", positions.len());
        let mut computed = 0;
        // Twice over: the second pass finds most positions cached.
        for _ in 0..2 {
            for position in &positions {
                let value = cache.get_or_insert(position, || {
                    computed += 1;
                    evaluator.evaluate(position)
                });
                assert_eq!(value, evaluator.evaluate(position), "{position:?}");
            }
        }
        assert!(
            computed < positions.len() * 2 * 3 / 4,
            "{computed} computed"
        );
        assert!(computed >= positions.len() / 2, "{computed} computed");
    }

    #[test]
    fn the_side_to_move_is_part_of_the_key() {
        let evaluator = Evaluator::new(&EvalParams::default());
        let mut cache = EvalCache::default();
        for position in positions().iter().step_by(7) {
            let other = position.with_side_to_move(position.side_to_move().opposite());
            assert_eq!(
                cache.get_or_insert(position, || evaluator.evaluate(position)),
                evaluator.evaluate(position)
            );
            assert_eq!(
                cache.get_or_insert(&other, || evaluator.evaluate(&other)),
                evaluator.evaluate(&other)
            );
        }
    }

    #[test]
    fn an_evaluation_beyond_16_bits_is_not_cached() {
        let mut cache = EvalCache::default();
        let position = Position::start();
        assert_eq!(cache.get_or_insert(&position, || 40_000), 40_000);
        assert_eq!(cache.get_or_insert(&position, || 7), 7);
        assert_eq!(cache.get_or_insert(&position, || 8), 7);
    }
}
