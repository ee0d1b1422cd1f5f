//! The puzzle mode's side panel: while [`Puzzles::active`], it takes the main panel's place
//! (the main panel's root is hidden) and shows the set, the puzzle's number, theme and
//! difficulty, whose move it is and how the last move went, the solution once solved or shown,
//! the solved and failed counts, and the buttons (hint, solution, previous, retry, next, back to
//! the game, the board turned, the language).
//!
//! Every text comes from [`panel_lines`] in the current [`Language`] ([`PuzzleText`]); buttons
//! write [`PuzzleCommand`]s (and [`SetupCommand::Flip`], [`SwitchLanguage`]). The panel is laid
//! out like the main one (360 px wide at 1200×780, scaled with the window by the same
//! `UiScale`).

use bevy::prelude::*;

use crate::core::puzzles::{Progress, PuzzleCommand, Puzzles, panel_lines};
use crate::core::record::GameRecord;
use crate::core::setup::SetupCommand;
use crate::ground::palette::panel::{
    BUTTON, BUTTON_HOVER, BUTTON_PRESSED, BUTTON_SELECTED, DIM, TEXT,
};
use crate::text::PuzzleText;
use crate::text::{Lang, Language, SwitchLanguage};
use crate::view::intent::Intents;
use crate::view::panel::layout::PanelRoot;
use crate::view::panel::widgets::{
    SidePanel, button_node_of_height, font, panel_column, plain_button, row, show, text_box,
    translated_button,
};

const GOOD: Color = Color::srgb(0.55, 0.90, 0.55);
const BAD: Color = Color::srgb(1.0, 0.45, 0.40);

/// What a puzzle-panel button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Hint,
    Show,
    Previous,
    Retry,
    Next,
    Exit,
    Flip,
    Difficulty,
    Theme,
    Language(Lang),
}

/// The panel's root node.
#[derive(Component)]
struct PuzzlePanel;
/// A button's label: the [`PuzzleText`] field it shows.
#[derive(Component, Clone, Copy)]
struct Label(fn(&PuzzleText) -> &'static str);
/// A line of text the panel rewrites from [`panel_lines`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum LineText {
    Heading,
    State,
    Solution,
    Choice,
    Counts,
    Problem,
}

/// Registers the panel (needs a window).
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_systems(Update, press.in_set(crate::ground::GameSet::Input))
        .add_systems(
            Update,
            (show_panel, refresh, color).in_set(crate::ground::GameSet::View),
        );
}

fn spawn(mut commands: Commands) {
    let root = commands
        .spawn((
            PuzzlePanel,
            SidePanel,
            Node {
                display: Display::None,
                ..panel_column(8.0, Overflow::clip())
            },
        ))
        .id();
    let children = [
        commands
            .spawn((
                Label(|t| t.title),
                Text::new(""),
                font(17.0),
                TextColor(TEXT),
            ))
            .id(),
        commands
            .spawn(text_box(LineText::Heading, 13.0, DIM, 3.0))
            .id(),
        commands
            .spawn(text_box(LineText::State, 16.0, TEXT, 2.0))
            .id(),
        commands
            .spawn(text_box(LineText::Solution, 13.0, TEXT, 3.0))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    labelled(Action::Hint, |t| t.hint),
                    labelled(Action::Show, |t| t.show),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    labelled(Action::Previous, |t| t.previous),
                    labelled(Action::Retry, |t| t.retry),
                    labelled(Action::Next, |t| t.next),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    labelled(Action::Difficulty, |t| t.difficulty),
                    labelled(Action::Theme, |t| t.theme_button),
                ],
            ))
            .id(),
        commands
            .spawn(text_box(LineText::Choice, 13.0, DIM, 1.0))
            .id(),
        commands
            .spawn(text_box(LineText::Counts, 13.0, DIM, 1.0))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    labelled(Action::Exit, |t| t.exit),
                    labelled(Action::Flip, |t| t.flip),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    plain(Action::Language(Lang::Ru), Lang::Ru.endonym()),
                    plain(Action::Language(Lang::En), Lang::En.endonym()),
                ],
            ))
            .id(),
        commands
            .spawn(text_box(LineText::Problem, 12.0, BAD, 6.0))
            .id(),
    ];
    commands.entity(root).add_children(&children);
}

/// A button whose label is a [`PuzzleText`] field.
fn labelled(action: Action, label: fn(&PuzzleText) -> &'static str) -> impl Bundle {
    translated_button(action, Label(label), button_node_of_height(30.0))
}

/// A button whose label is the same in both languages.
fn plain(action: Action, text: &str) -> impl Bundle {
    plain_button(action, text, button_node_of_height(30.0))
}

/// Turns presses into commands.
fn press(buttons: Query<(&Interaction, &Action), Changed<Interaction>>, mut intents: Intents) {
    for (interaction, action) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        let command = match action {
            Action::Hint => PuzzleCommand::Hint,
            Action::Show => PuzzleCommand::ShowSolution,
            Action::Previous => PuzzleCommand::Previous,
            Action::Retry => PuzzleCommand::Retry,
            Action::Next => PuzzleCommand::Next,
            Action::Exit => PuzzleCommand::Exit,
            Action::Difficulty => PuzzleCommand::NextDifficulty,
            Action::Theme => PuzzleCommand::NextTheme,
            Action::Flip => {
                intents.send(SetupCommand::Flip);
                continue;
            }
            Action::Language(lang) => {
                intents.send(SwitchLanguage(*lang));
                continue;
            }
        };
        intents.send(command);
    }
}

/// Shows this panel instead of the main one while the mode is on.
fn show_panel(
    puzzles: Res<Puzzles>,
    mut ours: Query<&mut Node, (With<PuzzlePanel>, Without<PanelRoot>)>,
    mut main: Query<&mut Node, (With<PanelRoot>, Without<PuzzlePanel>)>,
) {
    show(&mut ours, puzzles.active);
    show(&mut main, !puzzles.active);
}

/// Rewrites the texts when the puzzle, the record or the language changes.
#[allow(clippy::type_complexity)]
fn refresh(
    puzzles: Res<Puzzles>,
    record: Res<GameRecord>,
    language: Res<Language>,
    mut labels: Query<(&Label, &mut Text), Without<LineText>>,
    mut lines: Query<(&LineText, &mut Text, &mut TextColor), Without<Label>>,
    mut done: Local<bool>,
) {
    if *done && !puzzles.is_changed() && !record.is_changed() && !language.is_changed() {
        return;
    }
    *done = true;
    let text = PuzzleText::of(language.0);
    for (label, mut shown) in &mut labels {
        let wanted = (label.0)(text);
        if shown.0 != wanted {
            shown.0 = wanted.to_string();
        }
    }
    let panel = panel_lines(&puzzles, &record, text);
    for (line, mut shown, mut color) in &mut lines {
        let (wanted, tint) = match line {
            LineText::Heading => (panel.heading.clone(), DIM),
            LineText::State => (
                panel.state.clone(),
                match (puzzles.progress, &puzzles.feedback) {
                    (Progress::Solved, _) if !puzzles.missed => GOOD,
                    (_, crate::core::puzzles::Feedback::Right) => GOOD,
                    (_, crate::core::puzzles::Feedback::Wrong(_)) => BAD,
                    _ => TEXT,
                },
            ),
            LineText::Solution => (panel.solution.clone(), TEXT),
            LineText::Choice => (panel.choice.clone(), DIM),
            LineText::Counts => (panel.counts.clone(), DIM),
            LineText::Problem => (panel.error.clone().unwrap_or_default(), BAD),
        };
        if shown.0 != wanted {
            shown.0 = wanted;
        }
        if color.0 != tint {
            color.0 = tint;
        }
    }
}

/// Hover and press colours; the current language's button stays highlighted.
fn color(
    language: Res<Language>,
    mut buttons: Query<(&Interaction, &Action, &mut BackgroundColor)>,
) {
    for (interaction, action, mut background) in &mut buttons {
        let selected = matches!(action, Action::Language(lang) if *lang == language.0);
        let wanted = match interaction {
            Interaction::Pressed => BUTTON_PRESSED,
            Interaction::Hovered => BUTTON_HOVER,
            Interaction::None if selected => BUTTON_SELECTED,
            Interaction::None => BUTTON,
        };
        if background.0 != wanted {
            background.0 = wanted;
        }
    }
}
