//! Endings the draw rules make hard or impossible to win (docs/RULES.md §2): the evaluation's
//! score is scaled towards 0 by the material on the board, so the engine does not promise what
//! the counters will take away. The scale was set from the 5-piece tablebases and known theory
//! (`engine/SEARCH.md`); the evaluator applies it last, after the features and pattern tables.

use super::EvalParams;
use crate::rules::{Bitboard, Color, Position};

/// Sixteenths of the score kept for `ahead`, the side the evaluation favours, in an ending
/// where its opponent has a king: a king defends so well that a lead of a piece or two rarely
/// wins, and the draw rules of docs/RULES.md §2 end most of the attempts. By the 5-piece tablebases
/// (which ignore those rules; quiet positions, the defender to move) three kings against two,
/// two kings and a man against two kings or a king and a man against a king lose for the
/// defender in under 2 % of the positions, three kings against a lone king in 39 % (the lone
/// king on the main road a1–h8 holds: Petrov's triangle needs the road), four pieces against
/// it in 75 % and more. Known theory carries this over to more pieces:
///
/// | defender | lead in pieces | kept |
/// |---|---|---|
/// | lone king, against ≤ 2 pieces | | 16 / `drawish_divisor` (7.2.8: 5 moves) |
/// | lone king on the main road, against 3 pieces | | 16 / `drawish_divisor` (7.2.7) |
/// | lone king off it, against 3 pieces with a king on it / without | | 16 / 8 |
/// | has a king | ≤ 1 | 6 |
/// | has a king | 2 | 11 |
/// | otherwise | | 16 |
///
/// Kings against men alone are left to the evaluation's terms (runaway men).
#[must_use]
pub fn ending_scale(position: &Position, ahead: Color, drawish_divisor: i32) -> i32 {
    const FULL: i32 = 16;
    let behind = ahead.opposite();
    let defenders = position.pieces(behind);
    if position.kings(behind).is_empty() {
        return FULL;
    }
    let attackers = position.pieces(ahead).count() as i32;
    let drawish = FULL / drawish_divisor.max(1);
    if defenders.count() == 1 {
        return match attackers {
            ..=2 => drawish,
            3 if defenders.intersects(Bitboard::MAIN_ROAD) => drawish,
            3 if position.kings(ahead).intersects(Bitboard::MAIN_ROAD) => FULL,
            3 => FULL / 2,
            _ => FULL,
        };
    }
    match attackers - defenders.count() as i32 {
        ..=1 => 6,
        2 => 11,
        _ => FULL,
    }
}

/// White's score `score` (centi-men) scaled by [`ending_scale`] for the side it favours.
#[must_use]
#[inline(never)]
pub(super) fn scale_with(drawish_divisor: i32, position: &Position, score: i32) -> i32 {
    let ahead = if score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    score * ending_scale(position, ahead, drawish_divisor) / 16
}

/// White's evaluation `score` (centi-men, before the turn is applied) after the ending scaling
/// of [`ending_scale`] with `params`' divisor: what [`evaluate`](super::evaluate) returns for White.
#[must_use]
pub fn scale(params: &EvalParams, position: &Position, score: i32) -> i32 {
    scale_with(params.drawish_divisor, position, score)
}

/// Whether the evaluation of `position` is scaled down ([`ending_scale`]) for the side with
/// more pieces (for either when they have as many): then it is not the linear function of the
/// features that the tuner fits.
#[must_use]
pub fn is_drawish(position: &Position) -> bool {
    let count = |color| position.pieces(color).count();
    [Color::White, Color::Black]
        .into_iter()
        .filter(|&ahead| count(ahead) >= count(ahead.opposite()))
        .any(|ahead| ending_scale(position, ahead, 8) < 16)
}
