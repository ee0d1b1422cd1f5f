//! Endings the draw rules make hard or impossible to win ([docs/RULES.md §2](crate::docs::rules)): the evaluation's
//! score is scaled towards 0 by the material on the board, so the engine does not promise what
//! the counters will take away. The scale was set from the 5-piece tablebases and known theory
//! ([engine/SEARCH.md](crate::docs::search)); the evaluator applies it last, after the features and pattern tables.

// Parts of this module serve only `shashki tune` (feature `tuning`).
#![cfg_attr(not(feature = "tuning"), allow(dead_code))]

use super::params::EvalParams;
use super::side::Side;
use crate::rules::{Bitboard, Color, Position};

/// Sixteenths of the score kept for `ahead`, the side the evaluation favours, in an ending
/// where its opponent has a king: a king defends so well that a lead of a piece or two rarely
/// wins, and the draw rules of [docs/RULES.md §2](crate::docs::rules) end most of the attempts. By the 5-piece tablebases
/// (which ignore those rules; quiet positions, the defender to move) three kings against two,
/// two kings and a man against two kings or a king and a man against a king lose for the
/// defender in under 2 % of the positions, three kings against a lone king in 39 % (the lone
/// king on the main road a1–h8 holds: Petrov's triangle needs the road), four pieces against
/// it in 75 % and more. Known theory carries this over to more pieces:
///
/// | defender | lead in pieces | kept |
/// |---|---|---|
/// | lone king, against ≤ 2 pieces | | 16 / `drawish_divisor` (7.2.8: 5 moves) |
/// | lone king, against 3 pieces with a king on the main road | | 16 |
/// | lone king on the main road, against 3 pieces off it | | 16 / `drawish_divisor` (7.2.7) |
/// | lone king off it, against 3 kings off it with the kings to move | | 16 |
/// | lone king off it, against 3 pieces off it otherwise | | 8 |
/// | has a king | ≤ 1 | 6 |
/// | has a king | 2 | 11 |
/// | otherwise | | 16 |
///
/// Three kings against a lone king, by the 5-piece tablebases (400 000 random positions, quiet,
/// [engine/SEARCH.md](crate::docs::search)): with a king on the main road the kings win 97–100 % whoever moves and
/// wherever the lone king stands; the lone king on the road against kings off it draws 92–100 %;
/// both off it, the kings win 97–100 % when they move (they take the road) and 15–48 % when the
/// lone king moves (it takes the road if it can). The double roads (a7–g1, b8–h2) move these
/// shares only in narrow cases that a search of a ply or two resolves.
///
/// Kings against men: a defender with men only, against one or two pieces with a king among
/// them, counts as having a king when one of its men is *free*: on the last three ranks before
/// its promotion rank, with no enemy piece in the cone before it and no square of that cone
/// within an enemy king's reach (it will promote, and the ending is then one of kings on both
/// sides). By the 5-piece tablebases (quiet positions, 40 000 random ones per material and
/// side to move; [engine/SEARCH.md](crate::docs::search)) a king against a man wins 95 % of the positions with the
/// king to move where the man is not free and 38 % where it is (87 % and 6 % with the man's
/// side to move); against three pieces the attackers win either way (a free man against three
/// kings: 100 % and 85 %), so there the score is kept, as it is against men that are not free.
#[must_use]
pub fn ending_scale(position: &Position, ahead: Color, drawish_divisor: i32) -> i32 {
    const FULL: i32 = 16;
    let behind = ahead.opposite();
    let defenders = position.pieces(behind);
    let attackers = position.pieces(ahead).count() as i32;
    if position.kings(behind).is_empty()
        && (position.kings(ahead).is_empty() || attackers > 2 || !has_free_man(position, behind))
    {
        return FULL;
    }
    let drawish = FULL / drawish_divisor.max(1);
    if defenders.count() == 1 {
        return match attackers {
            ..=2 => drawish,
            3 if position.kings(ahead).intersects(Bitboard::MAIN_ROAD) => FULL,
            3 if defenders.intersects(Bitboard::MAIN_ROAD) => drawish,
            3 if position.men(ahead).is_empty() && position.side_to_move() == ahead => FULL,
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

/// Whether `color` has a *free* man, one the opponent's kings are not placed to stop: on the
/// last three ranks before its promotion rank with no enemy piece in the cone before it and no
/// square of that cone in an enemy king's reach (`Side::king_reach`; a king stops a man only by
/// standing in its way or by capturing it on a square of its way). A position where the
/// opponent is to move and can capture is never judged so: the capture may take the man. A
/// guess, not a proof: with the kings to move they still win up to half of the tablebases'
/// positions with a free man (see [`ending_scale`]).
#[must_use]
fn has_free_man(position: &Position, color: Color) -> bool {
    let enemy = color.opposite();
    if position.side_to_move() == enemy && position.has_capture() {
        return false;
    }
    let them = Side::of(position, enemy);
    let stoppers = them.men | them.kings | them.king_reach(position.empty_squares().0);
    Side::of(position, color).runaways(stoppers) > 0
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
