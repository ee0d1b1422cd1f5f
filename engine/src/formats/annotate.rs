//! Annotating a game with engine evaluations: scores, better moves, mistakes and blunders.
//!
//! The caller (for example `shashki analyse-game`) searches every position of a game — before
//! each move, and the final one — and hands the results to [`annotate`] as [`PlyAnalysis`]
//! values. For each move the *score lost* is the engine's best score in the position before the
//! move minus the score of the move played (the negated score of the next position), both from
//! the mover's view and capped (see [`Thresholds::cap`]) so that "win in 5" against "win in 9"
//! counts as nothing lost. The move's [`Annotation`] gets the score after the move (from White's
//! view, as in lidraughts), the engine's preferred move and line where it differs, and a `?`
//! (mistake) or `??` (blunder) when the loss passes the [`Thresholds`]. A [`Summary`] per side
//! counts them.

use std::fmt;

use crate::formats::Notation;
use crate::formats::pdn::{Annotation, PdnGame};
use crate::rules::{Color, Move, Position};

/// An evaluation from the view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Hundredths of a man.
    Centi(i32),
    /// The side to move wins in this many plies (shown in moves, as the search's `Score` does).
    WinIn(u32),
    /// The side to move loses in this many plies (shown in moves).
    LossIn(u32),
}

impl Eval {
    /// The same evaluation from the other side's view.
    #[must_use]
    pub const fn negate(self) -> Eval {
        match self {
            Eval::Centi(c) => Eval::Centi(-c),
            Eval::WinIn(n) => Eval::LossIn(n),
            Eval::LossIn(n) => Eval::WinIn(n),
        }
    }

    /// A number for comparing evaluations: centi capped to ±`cap`, wins and losses beyond it.
    #[must_use]
    pub fn capped(self, cap: i32) -> i32 {
        match self {
            Eval::Centi(c) => c.clamp(-cap, cap),
            Eval::WinIn(_) => cap.saturating_add(1),
            Eval::LossIn(_) => -(cap.saturating_add(1)),
        }
    }
}

impl fmt::Display for Eval {
    /// `+0.35`, `-1.20`, `win in 7`, `loss in 4` (moves of the winning side: (plies + 1) / 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Eval::Centi(c) => {
                let sign = if *c < 0 { '-' } else { '+' };
                let c = c.unsigned_abs();
                write!(f, "{sign}{}.{:02}", c / 100, c % 100)
            }
            Eval::WinIn(n) => write!(f, "win in {}", n.div_ceil(2)),
            Eval::LossIn(n) => write!(f, "loss in {}", n.div_ceil(2)),
        }
    }
}

/// What the engine found in one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The evaluation of the position, side to move's view.
    pub eval: Eval,
    /// The engine's best move (`None` when the position has no legal move).
    pub best_move: Option<Move>,
    /// The engine's principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
}

/// When a move counts as a mistake or a blunder, in hundredths of a man lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Score lost from which a move is a mistake (`?`). Default 50 (half a man).
    pub mistake: i32,
    /// Score lost from which a move is a blunder (`??`). Default 150 (one and a half men).
    pub blunder: i32,
    /// Scores are capped at ± this before comparing, so that a won position stays won however
    /// it is won. Default 1000 (ten men).
    pub cap: i32,
    /// Longest engine line written as a variation, in plies. Default 8.
    pub variation_plies: usize,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            mistake: 50,
            blunder: 150,
            cap: 1000,
            variation_plies: 8,
        }
    }
}

/// Per-side counts of an annotated game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SideSummary {
    /// Moves of this side that were analysed.
    pub moves: u32,
    /// Moves that were the engine's choice.
    pub best: u32,
    /// Mistakes (`?`).
    pub mistakes: u32,
    /// Blunders (`??`).
    pub blunders: u32,
    /// Total score lost, hundredths of a man (capped scores).
    pub total_loss: i64,
}

impl SideSummary {
    /// Average score lost per move, in hundredths of a man.
    #[must_use]
    pub fn average_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_loss as f64 / f64::from(self.moves)
        }
    }
}

/// The summary of an annotated game: one [`SideSummary`] per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// White's moves.
    pub white: SideSummary,
    /// Black's moves.
    pub black: SideSummary,
}

impl Summary {
    /// The summary of `color`'s moves.
    #[must_use]
    pub fn side(&self, color: Color) -> &SideSummary {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    fn side_mut(&mut self, color: Color) -> &mut SideSummary {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            let s = self.side(color);
            let name = match color {
                Color::White => "White",
                Color::Black => "Black",
            };
            writeln!(
                f,
                "{name}: {} moves, {} best, {} mistakes, {} blunders, average loss {:.2}",
                s.moves,
                s.best,
                s.mistakes,
                s.blunders,
                s.average_loss() / 100.0
            )?;
        }
        Ok(())
    }
}

/// Writes `moves` played from `position` as PDN move text with move numbers, starting at
/// full-move `number` (`12. c3-d4 f6-g5 13. …` or `12... f6-g5 13. …`): the one writer of a
/// numbered line for principal variations, engine output and the game's display (show the
/// first moves only by passing a slice).
///
/// ```
/// use shashki::{Notation, Position, annotate};
///
/// let start = Position::start();
/// let mut position = start;
/// let mut moves = Vec::new();
/// for text in ["c3-d4", "f6-g5", "b2-c3"] {
///     let mv = position.parse_move(text)?;
///     position = position.play(&mv)?;
///     moves.push(mv);
/// }
/// let line = annotate::line_text(&start, 1, &moves, Notation::Algebraic);
/// assert_eq!(line, "1. c3-d4 f6-g5 2. b2-c3");
/// // From Black's move: the number is written with three dots.
/// let after = start.play(&moves[0])?;
/// let line = annotate::line_text(&after, 1, &moves[1..], Notation::Numeric);
/// assert_eq!(line, "1... 11-16 2. 25-22");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn line_text(position: &Position, number: u32, moves: &[Move], notation: Notation) -> String {
    let mut words = Vec::new();
    let mut side = position.side_to_move();
    let mut number = number;
    for (i, text) in position.write_line(moves, notation).into_iter().enumerate() {
        match side {
            Color::White => words.push(format!("{number}.")),
            Color::Black if i == 0 => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(text);
        if side == Color::Black {
            number += 1;
        }
        side = side.opposite();
    }
    words.join(" ")
}

/// Annotates `record` from `analyses` (one per position of the game: `game.positions()`, the
/// last one included) and returns the per-side summary. Existing suffixes and comments are
/// replaced; moves beyond the analyses given are left alone.
pub fn annotate(record: &mut PdnGame, analyses: &[PlyAnalysis], thresholds: Thresholds) -> Summary {
    let mut summary = Summary::default();
    let game = record.game.clone();
    record
        .annotations
        .resize(game.moves().len(), Annotation::default());
    for (ply, mv) in game.moves().iter().enumerate() {
        let (Some(before), Some(after)) = (analyses.get(ply), analyses.get(ply + 1)) else {
            break;
        };
        let position = &game.positions()[ply];
        let mover = position.side_to_move();
        let played = after.eval.negate();
        let is_best = before.best_move == Some(*mv);
        let loss = if is_best {
            0
        } else {
            (before.eval.capped(thresholds.cap) - played.capped(thresholds.cap)).max(0)
        };
        let side = summary.side_mut(mover);
        side.moves += 1;
        side.total_loss += i64::from(loss);
        let white_view = |eval: Eval| {
            if mover == Color::White {
                eval
            } else {
                eval.negate()
            }
        };
        let mut comment = white_view(played).to_string();
        let mut annotation = Annotation::default();
        if loss >= thresholds.blunder {
            side.blunders += 1;
            annotation.suffix = "??".into();
            comment.push_str(&format!(", blunder (-{:.2})", f64::from(loss) / 100.0));
        } else if loss >= thresholds.mistake {
            side.mistakes += 1;
            annotation.suffix = "?".into();
            comment.push_str(&format!(", mistake (-{:.2})", f64::from(loss) / 100.0));
        }
        if is_best {
            side.best += 1;
        } else if let Some(best) = before.best_move.filter(|b| position.is_legal(b)) {
            comment.push_str(&format!(
                ", best {} {}",
                position.write_move(&best, record.notation),
                white_view(before.eval)
            ));
            let line: Vec<Move> = if before.pv.first() == Some(&best) {
                before
                    .pv
                    .iter()
                    .take(thresholds.variation_plies)
                    .copied()
                    .collect()
            } else {
                vec![best]
            };
            annotation.variations.push(line_text(
                position,
                game.move_number(ply),
                &line,
                record.notation,
            ));
        }
        annotation.comment = Some(comment);
        record.annotations[ply] = annotation;
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn analysis(position: &Position, eval: Eval, best: &str) -> PlyAnalysis {
        let best_move = Some(position.parse_move(best).unwrap());
        PlyAnalysis {
            eval,
            best_move,
            pv: best_move.into_iter().collect(),
        }
    }

    #[test]
    fn evals_print_and_compare() {
        assert_eq!(Eval::Centi(35).to_string(), "+0.35");
        assert_eq!(Eval::Centi(-120).to_string(), "-1.20");
        assert_eq!(Eval::Centi(-5).to_string(), "-0.05");
        assert_eq!(Eval::WinIn(13).to_string(), "win in 7");
        assert_eq!(Eval::LossIn(2).to_string(), "loss in 1");
        assert_eq!(Eval::WinIn(7).negate(), Eval::LossIn(7));
        assert!(Eval::WinIn(3).capped(1000) > Eval::Centi(5000).capped(1000));
        assert!(Eval::LossIn(3).capped(1000) < Eval::Centi(-5000).capped(1000));
        assert_eq!(Eval::WinIn(3).capped(1000), Eval::WinIn(9).capped(1000));
    }

    #[test]
    fn flags_mistakes_blunders_and_better_moves() {
        let mut game = Game::default();
        for text in ["c3-d4", "f6-g5", "g3-h4", "b6-a5"] {
            game.play_text(text).unwrap();
        }
        let p = game.positions();
        let analyses = vec![
            // White's c3-d4 is the engine's move.
            analysis(&p[0], Eval::Centi(10), "c3-d4"),
            // Black: best is b6-c5 at -0.05 (Black's view); f6-g5 leaves White +0.80: a mistake.
            analysis(&p[1], Eval::Centi(-5), "b6-c5"),
            // White: g3-h4 drops from +0.80 to -1.30 after it: a blunder (2.10 lost).
            analysis(&p[2], Eval::Centi(80), "g3-f4"),
            // Black after g3-h4: +1.30 for Black; b6-a5 keeps it.
            analysis(&p[3], Eval::Centi(130), "b6-a5"),
            analysis(&p[4], Eval::Centi(-130), "h4:f6"),
        ];
        let mut record = PdnGame::new(game);
        let summary = annotate(&mut record, &analyses, Thresholds::default());
        let a = &record.annotations;
        assert_eq!(a[0].suffix, "");
        assert_eq!(a[0].comment.as_deref(), Some("+0.05"));
        assert!(a[0].variations.is_empty());
        assert_eq!(a[1].suffix, "?");
        assert_eq!(
            a[1].comment.as_deref(),
            Some("+0.80, mistake (-0.75), best b6-c5 +0.05")
        );
        assert_eq!(a[1].variations, ["1... b6-c5"]);
        assert_eq!(a[2].suffix, "??");
        assert!(
            a[2].comment
                .as_deref()
                .unwrap()
                .starts_with("-1.30, blunder (-2.10), best g3-f4")
        );
        assert_eq!(a[3].suffix, "");
        assert_eq!(summary.white.moves, 2);
        assert_eq!(summary.white.blunders, 1);
        assert_eq!(summary.white.best, 1);
        assert_eq!(summary.black.mistakes, 1);
        assert_eq!(summary.black.total_loss, 75);
        let text = crate::formats::pdn::write_game(&record);
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "1. c3-d4 {+0.05} 1... f6-g5? {+0.80, mistake (-0.75), best b6-c5 +0.05} \
                 (1... b6-c5) 2. g3-h4?? {-1.30, blunder (-2.10), best g3-f4 +0.80} (2. g3-f4)"
            ),
            "{text}"
        );
        let again = crate::formats::pdn::read_game(&text).unwrap();
        assert_eq!(again.game.moves(), record.game.moves());
        assert!(
            summary
                .to_string()
                .contains("White: 2 moves, 1 best, 0 mistakes, 1 blunders")
        );
    }

    #[test]
    fn line_text_numbers_moves() {
        let start = Position::start();
        let mut moves = Vec::new();
        let mut p = start;
        for text in ["c3-d4", "f6-g5", "g3-h4"] {
            let mv = p.parse_move(text).unwrap();
            moves.push(mv);
            p = p.play_unchecked(&mv);
        }
        assert_eq!(
            line_text(&start, 1, &moves, Notation::Algebraic),
            "1. c3-d4 f6-g5 2. g3-h4"
        );
        let after = start.play_unchecked(&moves[0]);
        assert_eq!(
            line_text(&after, 1, &moves[1..], Notation::Numeric),
            "1... 11-16 2. 24-20"
        );
    }
}
