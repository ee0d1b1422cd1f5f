//! The evaluation bar: the engine's latest opinion of the position on the board, as a bar from
//! White's side with the score in words beside it.
//!
//! `refresh_evaluation` shows the engine task's [`Evaluation`] only when it is of the position
//! shown (none for a position the engine has not scored: one reviewed, an earlier game's); a
//! tablebase result says so.

use bevy::prelude::*;
use shashki::Color as Side;

use crate::core::record::GameRecord;
use crate::engine::engine_task::Evaluation;
use crate::ground::palette::panel::{DIM, EVAL_BLACK, EVAL_WHITE};
use crate::text::{Catalogue, Language};
use crate::view::panel::widgets::{row, text_box};

/// The white part of the evaluation bar.
#[derive(Component)]
pub(super) struct EvalFill;
#[derive(Component)]
pub(super) struct EvalText;

/// The bar and its words.
pub(super) fn evaluation_row(commands: &mut Commands) -> Entity {
    commands
        .spawn((
            row(),
            children![
                (
                    Node {
                        width: px(90),
                        height: px(10),
                        flex_shrink: 0.0,
                        align_self: AlignSelf::Center,
                        border: UiRect::all(px(1)),
                        ..default()
                    },
                    BorderColor::all(DIM),
                    BackgroundColor(EVAL_BLACK),
                    children![(
                        EvalFill,
                        Node {
                            width: percent(50),
                            height: percent(100),
                            ..default()
                        },
                        BackgroundColor(EVAL_WHITE),
                    )],
                ),
                text_box(EvalText, 12.0, DIM, 1.0),
            ],
        ))
        .id()
}

/// White's share of the evaluation bar for a score from White's side: a half at level, about
/// 0.70 a man up, 0.92 three men up, and all of it for a forced win.
#[must_use]
pub fn white_share(white: shashki::Score) -> f32 {
    if white.is_win() {
        1.0
    } else if white.is_loss() {
        0.0
    } else {
        1.0 / (1.0 + (-(white.value() as f32) / 120.0).exp())
    }
}

/// The moves (the winner's) a forced win of `plies` plies takes.
#[must_use]
pub fn moves_of_plies(plies: i32) -> u32 {
    u32::try_from((plies + 1) / 2).unwrap_or(0)
}

/// For a forced win or loss scored from White's side: the winner and the moves the win takes.
#[must_use]
pub fn decided(white: shashki::Score) -> Option<(Side, u32)> {
    let plies = white.plies_to_end()?;
    let winner = if white.is_win() {
        Side::White
    } else {
        Side::Black
    };
    Some((winner, moves_of_plies(plies)))
}

/// The evaluation bar's words: the score for White, a forced win in moves (the tablebases'
/// or the search's), or nothing yet.
#[must_use]
pub fn evaluation_text(evaluation: &Evaluation, t: &Catalogue) -> String {
    let white = evaluation.white;
    match decided(white) {
        Some((winner, moves)) => (t.eval_win)(winner, moves, evaluation.tablebase),
        None if evaluation.tablebase && white.value() == 0 => t.tablebase_draw.to_string(),
        None => (t.eval_score)(&white.to_string()),
    }
}

/// Shows the engine's latest evaluation of a position of this game (from White's side).
pub(super) fn refresh_evaluation(
    evaluation: Res<Evaluation>,
    record: Res<GameRecord>,
    language: Res<Language>,
    mut fills: Query<&mut Node, With<EvalFill>>,
    mut texts: Query<&mut Text, With<EvalText>>,
) {
    if !evaluation.is_changed() && !record.is_changed() && !language.is_changed() {
        return;
    }
    let t = language.0.text();
    // Only the score of the position on the board: not of one reviewed or analysed before.
    let current = evaluation.of_position(record.shown_position());
    let (share, words) = match current {
        Some(_) => (
            white_share(evaluation.white),
            evaluation_text(&evaluation, t),
        ),
        None => (0.5, t.no_evaluation.to_string()),
    };
    for mut node in &mut fills {
        let width = percent(100.0 * share);
        if node.width != width {
            node.width = width;
        }
    }
    for mut text in &mut texts {
        if text.0 != words {
            text.0.clone_from(&words);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::panel::status::score_words;

    #[test]
    fn the_evaluation_bar_grows_with_the_score_and_fills_for_a_win() {
        use shashki::Score;
        assert!((white_share(Score(0)) - 0.5).abs() < 1e-6);
        assert!(white_share(Score(100)) > 0.65 && white_share(Score(100)) < 0.75);
        assert!(white_share(Score(-300)) < 0.1);
        assert_eq!(white_share(Score::win_in_plies(5)), 1.0);
        assert_eq!(white_share(Score::loss_in_plies(4)), 0.0);
    }

    #[test]
    fn the_evaluation_says_who_wins_and_whether_the_tablebases_know_it() {
        use crate::text::{EN, RU};
        use shashki::{Position, Score};
        let white_to_move = Position::start();
        let e = Evaluation::of(&white_to_move, Score(35), false);
        assert_eq!(evaluation_text(&e, &EN), "Score for White: +0.35");
        let black_to_move: Position = "B:WK29:B25".parse().unwrap();
        // Black to move wins in 7 plies (4 moves): a loss for White.
        let e = Evaluation::of(&black_to_move, Score::win_in_plies(7), true);
        assert_eq!(e.white, Score::loss_in_plies(7));
        assert_eq!(evaluation_text(&e, &EN), "Tablebase: Black wins in 4 moves");
        assert_eq!(
            evaluation_text(&e, &RU),
            "База: чёрные выигрывают за 4 хода"
        );
        let e = Evaluation::of(&black_to_move, Score(-50), false);
        assert_eq!(evaluation_text(&e, &RU), "Оценка за белых: +0.50");
        assert_eq!(
            score_words(Score::win_in_plies(3), &RU),
            "выигрыш за 2 хода"
        );
        assert_eq!(score_words(Score::loss_in_plies(2), &EN), "loss in 1");
        assert_eq!(score_words(Score(-7), &RU), "-0.07");
    }
}
