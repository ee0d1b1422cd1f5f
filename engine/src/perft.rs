//! Perft: counting the leaf nodes of the move tree, the standard test of a move generator.
//!
//! Counts use bulk counting (the last ply is counted, not played). Moves are identified by outcome
//! (convention C of RULES.md §4) unless [`MoveIdentity::Trajectory`] asks for convention B.
//! [`perft_parallel`] splits the tree over rayon's thread pool.

use rayon::prelude::*;

use crate::movegen::{self, MoveIdentity};
use crate::{Move, MoveList, Position};

/// Leaf nodes at `depth` plies under convention C.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_with(position, depth, MoveIdentity::Outcome)
}

/// Leaf nodes at `depth` plies under the given move identity.
#[must_use]
pub fn perft_with(position: &Position, depth: u32, identity: MoveIdentity) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_with(position, identity) as u64,
        _ => {
            let mut moves = MoveList::new();
            movegen::generate_with(position, identity, &mut moves);
            moves
                .iter()
                .map(|mv| perft_with(&position.play(mv), depth - 1, identity))
                .sum()
        }
    }
}

/// Leaf counts below each legal move ("divide"), in generation order.
#[must_use]
pub fn divide(position: &Position, depth: u32, identity: MoveIdentity) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    movegen::generate_with(position, identity, &mut moves);
    moves
        .par_iter()
        .map(|mv| {
            (
                *mv,
                perft_with(&position.play(mv), depth.saturating_sub(1), identity),
            )
        })
        .collect()
}

/// [`perft_with`] spread over the current rayon thread pool: the first two plies are split into
/// tasks, each counted single-threaded.
#[must_use]
pub fn perft_parallel(position: &Position, depth: u32, identity: MoveIdentity) -> u64 {
    if depth < 4 {
        return perft_with(position, depth, identity);
    }
    let mut moves = MoveList::new();
    movegen::generate_with(position, identity, &mut moves);
    moves
        .par_iter()
        .map(|mv| {
            let child = position.play(mv);
            let mut replies = MoveList::new();
            movegen::generate_with(&child, identity, &mut replies);
            replies
                .par_iter()
                .map(|reply| perft_with(&child.play(reply), depth - 2, identity))
                .sum::<u64>()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let start = Position::start();
        let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [7, 49, 302, 1469, 7482, 37986, 190146]);
        assert_eq!(perft_parallel(&start, 7, MoveIdentity::Outcome), 190146);
    }
}
