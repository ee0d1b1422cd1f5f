//! The record's words: the status line, the review line and the move list, in the language of
//! a [`Catalogue`].
//!
//! The record keeps typed values; the panel asks these methods for text when it draws, so a
//! switch of language rewrites them at once. They read the record and never change it.

use shashki::{Color, Notation};

use crate::core::record::{GameRecord, MoveLabel, Outcome};
use crate::text::Catalogue;

impl MoveLabel {
    /// The mark written after the move.
    #[must_use]
    pub fn mark(self, text: &Catalogue) -> &'static str {
        match self {
            MoveLabel::Book => text.book_mark,
            MoveLabel::Tablebase => text.tablebase_mark,
        }
    }
}

impl GameRecord {
    /// The game's heading while it is shown as its file holds it: `White — Black · Event ·
    /// Result`, as far as its tags say (`None` for the player's own game). The panel keeps it
    /// above the status while the game is stepped through, whatever the notice says meanwhile.
    #[must_use]
    pub fn file_heading(&self) -> Option<String> {
        let tag = |name: &str| {
            self.tags()
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.trim())
                .filter(|v| !v.is_empty() && *v != "?" && *v != "*")
        };
        let mut parts = Vec::new();
        if tag("White").is_some() || tag("Black").is_some() {
            parts.push(format!(
                "{} — {}",
                tag("White").unwrap_or("?"),
                tag("Black").unwrap_or("?")
            ));
        }
        parts.extend(tag("Event").map(str::to_string));
        // The result as the move list ends it (a file's `1-0` reads `2-0` in both places).
        parts.extend(
            self.result_text()
                .or_else(|| tag("Result").map(str::to_string)),
        );
        (!parts.is_empty()).then(|| parts.join(" · "))
    }

    /// The status line while reviewing: which position is shown and how to get back.
    #[must_use]
    pub fn review_line(&self, text: &Catalogue) -> Option<String> {
        let ply = self.review()?;
        let total = self.game().moves().len();
        Some(if ply == 0 {
            format!("{}; {}", (text.reviewing_start)(total), text.end_returns)
        } else {
            let before = &self.game().positions()[ply - 1];
            let mv = before.write_move(&self.game().moves()[ply - 1], Notation::Algebraic);
            let dots = if before.side_to_move() == Color::Black {
                "..."
            } else {
                "."
            };
            let shown = format!("{}{dots} {mv}", self.game().move_number(ply - 1));
            format!(
                "{}; {}",
                (text.reviewing_after)(&shown, ply, total),
                text.end_returns
            )
        })
    }

    /// The status line in words: who plays what and whose move it is ("You play White — your
    /// move"), or how the game ended ("You won: Black has no legal move").
    #[must_use]
    pub fn status_line(&self, text: &Catalogue) -> String {
        let side = self.game().position().side_to_move();
        let headline = |winner: Option<Color>| match (winner, self.human_side()) {
            (None, _) => text.draw.to_string(),
            (Some(w), Some(human)) if w == human => text.you_won.to_string(),
            (Some(_), Some(_)) => text.you_lost.to_string(),
            (Some(w), None) => (text.side_won)(w).to_string(),
        };
        match self.outcome() {
            Outcome::Ongoing => match self.human_side() {
                Some(human) => {
                    let turn = if human == side {
                        text.your_move
                    } else {
                        text.engine_moves
                    };
                    format!("{} — {turn}", (text.you_play)(human))
                }
                None => (text.to_move)(side).to_string(),
            },
            Outcome::NoLegalMove { winner } => format!(
                "{}: {}",
                headline(Some(winner)),
                (text.no_legal_move)(winner.opposite())
            ),
            Outcome::Resigned { winner } => format!(
                "{}: {}",
                headline(Some(winner)),
                (text.resigned)(winner.opposite())
            ),
            Outcome::TimeForfeit { winner } => format!(
                "{}: {}",
                headline(Some(winner)),
                (text.time_ran_out)(winner.opposite())
            ),
            Outcome::DrawnByRule(rule) => format!("{}: {}", headline(None), (text.draw_rule)(rule)),
            Outcome::DrawAgreed => format!("{}: {}", headline(None), text.draw_agreed),
            Outcome::Recorded(result) => (text.recorded_result)(&result.to_string()),
        }
    }

    /// The move list in traditional notation, one line per full move: `3. c3-d4 f6:d4`. While
    /// reviewing, the move that led to the position shown is in brackets: `3. c3-d4 [f6:d4]`.
    #[must_use]
    pub fn move_lines(&self, text: &Catalogue) -> Vec<String> {
        self.move_lines_marked(text).0
    }

    /// [`GameRecord::move_lines`], and while reviewing the line of the position shown (the
    /// bracketed move's; the first line for the start position). A finished game ends with its
    /// result (`2-0`, `0-2`, `1-1`) on a line of its own.
    #[must_use]
    pub fn move_lines_marked(&self, text: &Catalogue) -> (Vec<String>, Option<usize>) {
        let rows = self.move_rows(text);
        let marked = self.review().map(|ply| {
            rows.iter()
                .position(|row| row.moves.iter().any(|(after, _)| *after == ply))
                .unwrap_or(0)
        });
        let mut lines: Vec<String> = rows
            .iter()
            .map(|row| {
                let moves: Vec<String> = row
                    .moves
                    .iter()
                    .map(|(after, mv)| {
                        if self.review() == Some(*after) {
                            format!("[{mv}]")
                        } else {
                            mv.clone()
                        }
                    })
                    .collect();
                let dots = if row.black_first { "... " } else { "" };
                format!("{}. {dots}{}", row.number, moves.join("  "))
            })
            .collect();
        if let Some(result) = self.result_text() {
            lines.push(result);
        }
        (lines, marked)
    }

    /// The move list as rows of full moves: each move's text (with its book or tablebase mark)
    /// and the ply after it, the one a click on it shows.
    #[must_use]
    pub fn move_rows(&self, text: &Catalogue) -> Vec<MoveRow> {
        let mut rows: Vec<MoveRow> = Vec::new();
        let positions = self.game().positions();
        for (ply, mv) in self.game().moves().iter().enumerate() {
            let before = &positions[ply];
            let mut written = before.write_move(mv, Notation::Algebraic);
            if let Some(label) = self.labels().get(ply).copied().flatten() {
                written = format!("{written} {}", label.mark(text));
            }
            let black = before.side_to_move() == Color::Black;
            match rows.last_mut() {
                Some(last) if black => last.moves.push((ply + 1, written)),
                _ => rows.push(MoveRow {
                    number: self.game().move_number(ply),
                    black_first: black,
                    moves: vec![(ply + 1, written)],
                }),
            }
        }
        rows
    }

    /// The result of a finished game as the move list ends it (`2-0`, `0-2`, `1-1`).
    #[must_use]
    pub fn result_text(&self) -> Option<String> {
        let outcome = self.outcome();
        (outcome != Outcome::Ongoing).then(|| outcome.result().to_string())
    }
}

/// One line of the move list: a full move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The full-move number.
    pub number: u32,
    /// Whether the line starts with Black's move (`12. ... f6-g5`).
    pub black_first: bool,
    /// The moves: the ply after each (1 for the game's first move) and its text.
    pub moves: Vec<(usize, String)>,
}
