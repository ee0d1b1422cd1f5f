//! The capacity of [`shashki::MoveList`] against the positions with the most legal moves that a
//! hill-climbing search can find, for quiet moves and for captures.
//!
//! The capture generator stores every trajectory (convention B) before merging equal outcomes,
//! so the capture score is the convention-B count: that is what must fit in the list. The
//! search mutates a placement (move, add, remove, crown or recolour a piece), keeps changes that
//! do not lower the score, and restarts from several random placements. The worst cases found are
//! printed (`cargo test --test move_list_capacity -- --nocapture`) and recorded in the doc
//! comment of [`shashki::MAX_MOVES`].

mod common;

use common::{Rng, random_position};
use shashki::perft::perft_with;
use shashki::{Bitboard, Color, MAX_MOVES, MoveIdentity, Position, Square};

/// Search effort: restarts × steps per restart, per objective. A few seconds in the test profile.
const RESTARTS: usize = 12;
const STEPS: usize = 15_000;
/// A step that lowers the score by at most `SLACK` is taken once in `SLACK_ODDS` tries.
const SLACK: usize = 3;
const SLACK_ODDS: usize = 20;

/// Legal moves when nothing can capture, else 0.
fn quiet_score(position: &Position) -> usize {
    if position.has_capture() {
        0
    } else {
        position.count_legal_moves()
    }
}

/// Capture trajectories (the list's fill before merging) when the side must capture, else 0.
fn capture_score(position: &Position) -> usize {
    if position.has_capture() {
        perft_with(position, 1, MoveIdentity::Trajectory) as usize
    } else {
        0
    }
}

/// A random change of the placement, or `None` if it broke a placement rule.
fn mutate(position: &Position, rng: &mut Rng) -> Option<Position> {
    let mut pieces = [position.pieces(Color::White), position.pieces(Color::Black)];
    let mut kings = position.all_kings();
    let occupied: Vec<Square> = position.occupied().into_iter().collect();
    let empty: Vec<Square> = position.empty_squares().into_iter().collect();
    match rng.below(5) {
        // Move a piece to an empty square.
        0 if !occupied.is_empty() && !empty.is_empty() => {
            let from = rng.pick(&occupied);
            let to = rng.pick(&empty);
            let color = usize::from(pieces[1].contains(from));
            pieces[color] = pieces[color].without(from).with(to);
            if kings.contains(from) {
                kings = kings.without(from).with(to);
            }
        }
        // Add a piece.
        1 if !empty.is_empty() => {
            let square = rng.pick(&empty);
            let color = rng.below(2);
            pieces[color] = pieces[color].with(square);
            if rng.chance(1, 2) {
                kings = kings.with(square);
            }
        }
        // Remove a piece.
        2 if !occupied.is_empty() => {
            let square = rng.pick(&occupied);
            pieces = [pieces[0].without(square), pieces[1].without(square)];
            kings = kings.without(square);
        }
        // Crown or uncrown.
        3 if !occupied.is_empty() => {
            let square = rng.pick(&occupied);
            kings ^= Bitboard::from_square(square);
        }
        // Recolour.
        4 if !occupied.is_empty() => {
            let square = rng.pick(&occupied);
            pieces = [
                pieces[0] ^ Bitboard::from_square(square),
                pieces[1] ^ Bitboard::from_square(square),
            ];
        }
        _ => return None,
    }
    Position::new(pieces[0], pieces[1], kings, Color::White).ok()
}

/// The best position and score that hill climbing on `score` finds.
fn climb(seed: u64, score: fn(&Position) -> usize) -> (Position, usize) {
    let mut rng = Rng::new(seed);
    let mut best = (Position::empty(Color::White), 0);
    for _ in 0..RESTARTS {
        let mut current = random_position(&mut rng).with_side_to_move(Color::White);
        let mut current_score = score(&current);
        for _ in 0..STEPS {
            let Some(candidate) = mutate(&current, &mut rng) else {
                continue;
            };
            let candidate_score = score(&candidate);
            assert!(
                candidate_score < MAX_MOVES,
                "{candidate_score} moves in {}",
                candidate.to_fen()
            );
            // Mostly uphill; now and then a small step down to leave a local maximum.
            let slack = if rng.chance(1, SLACK_ODDS) { SLACK } else { 0 };
            if candidate_score + slack >= current_score {
                current = candidate;
                current_score = candidate_score;
                if current_score > best.1 {
                    best = (current, current_score);
                }
            }
        }
    }
    best
}

#[test]
fn quiet_moves_fit_in_the_move_list() {
    let (position, score) = climb(0xCA9A_0001, quiet_score);
    println!("most quiet moves found: {score} in {}", position.to_fen());
    // The list holds every quiet move of the best position found, with room to spare.
    assert_eq!(position.legal_moves().len(), score);
    assert!(score < MAX_MOVES);
    // A sanity floor shows the search works: 12 kings reach far more than the start's 7.
    assert!(score >= 60, "search too weak: best {score}");
}

#[test]
fn capture_moves_fit_in_the_move_list() {
    let (position, score) = climb(0xCA9A_0002, capture_score);
    let merged = position.legal_moves().len();
    println!(
        "most capture trajectories found: {score} ({merged} moves under convention C) in {}",
        position.to_fen()
    );
    assert!(score < MAX_MOVES);
    assert!(merged <= score);
    assert!(score >= 20, "search too weak: best {score}");
}
