//! The panel's lines about the game: the status (or the review line), the engine's thinking,
//! the notice (or why a click was refused), the level line and both clocks.
//!
//! `refresh_texts` rewrites the lines from the record, the engine's [`Thinking`] and the
//! [`Notice`] in the current language; each line has a box of its own with a fixed number of
//! lines, clipped, and a notice longer than its box is shortened. `refresh_clocks` shows the
//! [`Clocks`] (hidden without a time control), the running one highlighted, one out of time red.

use std::time::Duration;

use bevy::prelude::*;
use shashki::Color as Side;

use crate::core::clock::{Clocks, clock_runs, clock_text};
use crate::core::notice::Notice;
use crate::core::record::{GameRecord, Strength};
use crate::core::sync::Analysis;
use crate::engine::engine_task::{AnalysisDone, Evaluation, Thinking};
use crate::engine::port::{Progress, Purpose};
use crate::ground::palette::panel::{CLOCK_IDLE, CLOCK_RUNNING, DIM, ERROR, TEXT, THINK};
use crate::text::{Catalogue, Language};
use crate::view::input::{ClickFeedback, FEEDBACK_SECONDS};
use crate::view::panel::evaluation::{decided, moves_of_plies};
use crate::view::panel::widgets::{label, row, show, text_box};

/// The notice box shows at most this many characters; longer notices end in "…".
pub const NOTICE_CHARS: usize = 170;

#[derive(Component)]
pub(super) struct StatusText;

#[derive(Component)]
pub(super) struct ThinkingText;

#[derive(Component)]
pub(super) struct NoticeText;

#[derive(Component)]
pub(super) struct LevelText;

/// One side's clock.
#[derive(Component)]
pub(super) struct ClockText(Side);

/// The row of the clocks (hidden without a time control).
#[derive(Component)]
pub(super) struct ClockRow;

/// The status box (two lines).
pub(super) fn status_box(commands: &mut Commands) -> Entity {
    // Two lines of status, and a game's heading (up to two lines) above them while it is shown
    // as its file holds it (GameRecord::file_heading).
    commands.spawn(text_box(StatusText, 15.0, TEXT, 4.0)).id()
}

/// The row of both clocks.
pub(super) fn clock_row(commands: &mut Commands) -> Entity {
    commands
        .spawn((
            ClockRow,
            row(),
            children![clock_box(Side::White), clock_box(Side::Black)],
        ))
        .id()
}

/// The engine's thinking box and the notice box (three lines each).
pub(super) fn thinking_and_notice_boxes(commands: &mut Commands) -> [Entity; 2] {
    [
        commands
            .spawn(text_box(ThinkingText, 12.0, THINK, 3.0))
            .id(),
        commands.spawn(text_box(NoticeText, 12.0, DIM, 3.0)).id(),
    ]
}

/// The level line (the engine's level or time per move).
pub(super) fn level_line(commands: &mut Commands) -> Entity {
    commands.spawn((LevelText, label("", 12.0, DIM))).id()
}

/// One side's clock: its name and time on a background that shows whether it runs.
pub(super) fn clock_box(side: Side) -> impl Bundle {
    (
        Node {
            flex_grow: 1.0,
            flex_basis: px(0),
            padding: UiRect::axes(px(6), px(2)),
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(CLOCK_IDLE),
        children![(ClockText(side), label("", 16.0, TEXT))],
    )
}

/// An engine time as the level line shows it: `0.05 s`, `1 s`, `1.5 s` (`1,5 с` in Russian).
pub(super) fn seconds(time: Duration, t: &Catalogue) -> String {
    let text = format!("{:.2}", time.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    (t.seconds)(text)
}

/// Moves for display: the hyphen of `c3-d4` becomes a non-breaking hyphen (U+2011), so a line
/// breaks between moves, never inside one (captures' `:` never break).
#[must_use]
pub fn unbreakable_moves(text: &str) -> String {
    text.replace('-', "\u{2011}")
}

/// `text` cut to at most `max` characters at a word boundary, ending in "…" when cut.
#[must_use]
pub fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    let cut = match cut.rfind(char::is_whitespace) {
        Some(space) if space > cut.len() / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end())
}

/// The engine line: what it does, depth, score and principal line. The score is White's, as
/// the evaluation bar beside it says ("Score for White"), whichever side is to move.
#[must_use]
pub fn progress_line(
    what: &str,
    position: &shashki::Position,
    p: &Progress,
    t: &Catalogue,
) -> String {
    if p.depth == 0 {
        return format!("{what}…");
    }
    let white = Evaluation::of(position, p.value, false).white;
    format!(
        "{what}: {}\n{}",
        (t.depth_score)(p.depth, &white_score_words(white, t)),
        unbreakable_moves(&p.pv)
    )
}

/// A score from White's side in words: `-0.11`, or who wins in how many moves ("Black: win in
/// 2").
#[must_use]
pub fn white_score_words(white: shashki::Score, t: &Catalogue) -> String {
    match decided(white) {
        Some((winner, moves)) => format!("{}: {}", (t.side)(winner), (t.win_in)(moves)),
        None => white.to_string(),
    }
}

/// A search score for the side to move in words: `+0.35`, or a forced win or loss in moves
/// ("выигрыш за 2 хода").
#[must_use]
pub fn score_words(score: shashki::Score, t: &Catalogue) -> String {
    match score.plies_to_end() {
        Some(plies) => {
            let moves = moves_of_plies(plies);
            if score.is_win() {
                (t.win_in)(moves)
            } else {
                (t.loss_in)(moves)
            }
        }
        None => score.to_string(),
    }
}

/// Rewrites the panel texts from the record, the engine and the notices.
/// What the panel's texts say: the record, the engine's thinking, the notices.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelSources<'w> {
    record: Res<'w, GameRecord>,
    thinking: Res<'w, Thinking>,
    analysis: Res<'w, Analysis>,
    done: Res<'w, AnalysisDone>,
    notice: Res<'w, Notice>,
    feedback: Res<'w, ClickFeedback>,
    language: Res<'w, Language>,
    time: Res<'w, Time>,
}

#[allow(clippy::type_complexity)]
pub(super) fn refresh_texts(
    sources: PanelSources,
    mut texts: ParamSet<(
        Query<&mut Text, With<StatusText>>,
        Query<&mut Text, With<ThinkingText>>,
        Query<(&mut Text, &mut TextColor), With<NoticeText>>,
        Query<&mut Text, With<LevelText>>,
    )>,
) {
    let PanelSources {
        record,
        thinking,
        analysis,
        done,
        notice,
        feedback,
        language,
        time,
    } = sources;
    let t = language.0.text();
    let set = |text: &mut Text, value: String| {
        if text.0 != value {
            text.0 = value;
        }
    };
    let status = record
        .review_line(t)
        .unwrap_or_else(|| record.status_line(t));
    let status = match record.file_heading() {
        Some(heading) => format!("{heading}\n{status}"),
        None => status,
    };
    for mut text in &mut texts.p0() {
        set(&mut text, unbreakable_moves(&status));
    }
    // An analysis that ended by itself (a tablebase line, a finished game) stays on show.
    let ended = (thinking.purpose.is_none()
        && analysis.0
        && done.at == Some((record.revision(), record.shown_ply())))
    .then_some(&done.progress);
    let thinking_line = match (thinking.purpose, ended) {
        (None, Some(progress)) => progress_line(t.analysing, record.shown_position(), progress, t),
        (None, None) => String::new(),
        (Some(purpose), _) => {
            let (what, position) = match purpose {
                Purpose::Move | Purpose::DrawOffer => (t.thinking, record.game().position()),
                Purpose::Hint => (t.looking_for_hint, record.game().position()),
                Purpose::Analysis => (t.analysing, record.shown_position()),
            };
            progress_line(what, position, &thinking.progress, t)
        }
    };
    for mut text in &mut texts.p1() {
        set(&mut text, thinking_line.clone());
    }
    let recent_click =
        time.elapsed_secs_f64() - feedback.at < FEEDBACK_SECONDS && feedback.square.is_some();
    let (line, error) = match feedback.reason {
        Some(reason) if recent_click => (format!("{}: {}", t.illegal, reason.explain(t)), true),
        _ => (notice.text(t), notice.error),
    };
    let line = shorten(&unbreakable_moves(&line), NOTICE_CHARS);
    for (mut text, mut color) in &mut texts.p2() {
        set(&mut text, line.clone());
        let wanted = TextColor(if error { ERROR } else { DIM });
        if *color != wanted {
            *color = wanted;
        }
    }
    let level = match record.strength() {
        Strength::Level(n) => (t.level_line)(n, t.level_name(n)),
        Strength::MoveTime(time) => (t.engine_time_line)(&seconds(time, t)),
    };
    for mut text in &mut texts.p3() {
        set(&mut text, level.clone());
    }
}

/// Shows both clocks (hidden without a time control); the running one is highlighted and a
/// clock that ran out is red.
#[allow(clippy::type_complexity)]
pub(super) fn refresh_clocks(
    clocks: Res<Clocks>,
    record: Res<GameRecord>,
    analysis: Res<Analysis>,
    language: Res<Language>,
    mut rows: Query<&mut Node, With<ClockRow>>,
    mut texts: Query<(&ClockText, &mut Text, &mut TextColor, &ChildOf)>,
    mut backgrounds: Query<&mut BackgroundColor, Without<ClockText>>,
) {
    show(&mut rows, clocks.control.is_some());
    if clocks.control.is_none() {
        return;
    }
    let t = language.0.text();
    let to_move = record.game().position().side_to_move();
    let runs = clock_runs(&record, &clocks, analysis.0);
    for (clock, mut text, mut color, parent) in &mut texts {
        let value = (t.clock)(clock.0, &clock_text(clocks.left(clock.0)));
        if text.0 != value {
            text.0 = value;
        }
        let wanted = TextColor(if clocks.flagged(clock.0) { ERROR } else { TEXT });
        if *color != wanted {
            *color = wanted;
        }
        if let Ok(mut background) = backgrounds.get_mut(parent.parent()) {
            let wanted = if runs && clock.0 == to_move {
                CLOCK_RUNNING
            } else {
                CLOCK_IDLE
            };
            if background.0 != wanted {
                background.0 = wanted;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_line_gives_whites_score_as_the_bar_does() {
        use crate::text::{EN, RU};
        let black_to_move: shashki::Position = "B:WK29:B25".parse().unwrap();
        let p = Progress {
            depth: 12,
            value: shashki::Score(11),
            pv: String::new(),
            nodes: 1,
        };
        // Black's +0.11 is White's -0.11, as the evaluation bar says it.
        let line = progress_line("Analysis", &black_to_move, &p, &EN);
        assert!(
            line.starts_with("Analysis: depth 12, score -0.11"),
            "{line}"
        );
        let won = Progress {
            value: shashki::Score::win_in_plies(3),
            ..p
        };
        let line = progress_line("Анализ", &black_to_move, &won, &RU);
        assert!(
            line.starts_with("Анализ: глубина 12, оценка чёрные: выигрыш за 2 хода"),
            "{line}"
        );
        let line = progress_line("Analysis", &black_to_move, &won, &EN);
        assert!(
            line.starts_with("Analysis: depth 12, score Black: win in 2"),
            "{line}"
        );
    }

    #[test]
    fn moves_never_break_inside_and_long_notices_are_cut_at_a_word() {
        assert_eq!(
            unbreakable_moves("1. c3-d4  f6:e5"),
            "1. c3\u{2011}d4  f6:e5"
        );
        assert_eq!(shorten("short", 10), "short");
        let long =
            "Cannot read PDN /a/very/long/path/name.pdn: No such file or directory (os error 2)";
        let cut = shorten(long, 40);
        assert!(cut.chars().count() <= 40 && cut.ends_with('…'), "{cut}");
        assert!(long.starts_with(cut.trim_end_matches('…')), "{cut}");
    }

    #[test]
    fn engine_times_read_as_seconds_without_trailing_zeros() {
        use crate::text::{EN, RU};
        let text = |ms| seconds(Duration::from_millis(ms), &EN);
        assert_eq!(text(50), "0.05 s");
        assert_eq!(text(250), "0.25 s");
        assert_eq!(text(1000), "1 s");
        assert_eq!(text(1500), "1.5 s");
        assert_eq!(text(10_000), "10 s");
        // In Russian, with the Russian unit and decimal comma.
        assert_eq!(seconds(Duration::from_millis(3000), &RU), "3 с");
        assert_eq!(seconds(Duration::from_millis(1500), &RU), "1,5 с");
    }
}
