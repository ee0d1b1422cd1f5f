//! The baseline engine: a deliberately plain engine to measure the real one against.
//!
//! It plays like the project's first engine (the "seed" of its history): minimax with alpha-beta (negamax form), iterative
//! deepening, captures followed to the end at the horizon (they are forced), no transposition
//! table, no heuristics besides trying the previous iteration's best root move first, and an
//! evaluation of material (man 100, king 250) with a small bonus per square of advancement and
//! for the centre. `shashki match` offers it as the player `baseline`.

use std::time::{Duration, Instant};

use shashki::{Color, Move, Position};

/// Value of a man.
pub const MAN: i32 = 100;
/// Value of a king.
pub const KING: i32 = 250;
/// Bonus per rank a man has advanced.
pub const ADVANCEMENT: i32 = 3;
/// Bonus for a man on one of the central squares c3–f6.
pub const CENTRE: i32 = 5;
const WIN: i32 = 30_000;
const CHECK_INTERVAL: u64 = 1024;

/// The baseline engine's evaluation for the side to move.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let mut side = 0;
        side += KING * position.kings(color).count() as i32;
        for square in position.men(color) {
            let rank = i32::from(square.rank());
            let advanced = if color == Color::White {
                rank
            } else {
                7 - rank
            };
            let file = square.file();
            let central = (2..=5).contains(&file) && (2..=5).contains(&rank);
            side += MAN + ADVANCEMENT * advanced + if central { CENTRE } else { 0 };
        }
        score += side * color.sign();
    }
    score * position.side_to_move().sign()
}

/// A search limit of the baseline engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaselineLimit {
    /// Iterations to complete.
    Depth(u32),
    /// Time for the move.
    MoveTime(Duration),
}

struct Baseline {
    deadline: Option<Instant>,
    nodes: u64,
    stopped: bool,
}

impl Baseline {
    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_INTERVAL)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            return -WIN + ply;
        }
        if (depth <= 0 && !moves[0].is_capture()) || ply >= 100 {
            return evaluate(position);
        }
        let mut best = -WIN - 1;
        for mv in &moves {
            let score = -self.negamax(
                &position.play_unchecked(mv),
                depth - 1,
                ply + 1,
                -beta,
                -alpha,
            );
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

/// The baseline engine's move for `position` (`None` when it has no legal move).
#[must_use]
pub fn best_move(position: &Position, limit: BaselineLimit) -> Option<Move> {
    let mut moves = position.legal_moves();
    let first = *moves.first()?;
    if moves.len() == 1 {
        return Some(first);
    }
    let (max_depth, deadline) = match limit {
        BaselineLimit::Depth(d) => (d.max(1) as i32, None),
        BaselineLimit::MoveTime(t) => (100, Some(Instant::now() + t)),
    };
    let mut baseline = Baseline {
        deadline,
        nodes: 0,
        stopped: false,
    };
    let mut best = first;
    for depth in 1..=max_depth {
        let mut alpha = -WIN - 1;
        let mut iteration_best = None;
        for (i, mv) in moves.iter().enumerate() {
            let score =
                -baseline.negamax(&position.play_unchecked(mv), depth - 1, 1, -WIN - 1, -alpha);
            if baseline.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                iteration_best = Some(i);
            }
        }
        if let Some(i) = iteration_best {
            // Partial iterations count too: the previous best was searched first.
            best = moves[i];
            moves.swap(0, i);
        }
        if baseline.stopped || alpha.abs() > WIN - 200 {
            break;
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use shashki::Bitboard;

    /// Material only: White's men and kings minus Black's, in baseline units.
    fn material(position: &Position) -> i32 {
        let count = |b: Bitboard| b.count() as i32;
        MAN * (count(position.men(Color::White)) - count(position.men(Color::Black)))
            + KING * (count(position.kings(Color::White)) - count(position.kings(Color::Black)))
    }

    use super::*;

    #[test]
    fn baseline_takes_a_free_piece_and_plays_legal_moves() {
        let position: Position = "W:WK29,31:B25,11".parse().unwrap();
        let mv = best_move(&position, BaselineLimit::Depth(3)).unwrap();
        assert!(position.is_legal(&mv));
        // The king must take b2 and then f6 (it lands where it can continue, docs/RULES.md §1.8).
        assert_eq!(
            material(&position.play_unchecked(&mv)),
            material(&position) + 2 * MAN
        );
        assert_eq!(evaluate(&Position::start()), 0);
        assert_eq!(
            best_move(&"W:W:BK1".parse().unwrap(), BaselineLimit::Depth(2)),
            None
        );
    }
}
