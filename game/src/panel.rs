//! The side panel: status, engine thinking, messages, the buttons, a FEN / PDN-file text field
//! and the move list — Bevy UI nodes that show the [`GameRecord`] and write [`GameCommand`]s.
//!
//! Buttons carry a [`PanelButton`] action; `press_buttons` (in the input stage) turns a press
//! into a command, reading the text field for "Set FEN", "Load PDN" and "Save PDN" (Enter in the
//! field sets up the FEN, or loads the file when it names a `.pdn`). `refresh_texts` (in the
//! view stage) rewrites the texts from the record, the engine's [`Thinking`] and the [`Notice`];
//! `refresh_move_list` rewrites the move list when the record changes and scrolls it to the
//! newest move, or to the move under review.

use std::path::PathBuf;
use std::time::Duration;

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui_widgets::ScrollArea;
use bevy::window::PrimaryWindow;

use crate::engine_task::{Purpose, Thinking};
use crate::geometry::PANEL_WIDTH;
use crate::input::{ClickFeedback, FEEDBACK_SECONDS};
use crate::record::{GameCommand, GameRecord, LEVELS, Mode, Notice};

/// Where "Save PDN" writes when the text field does not name a `.pdn` file.
pub const DEFAULT_PDN: &str = "shashki-game.pdn";

/// The line between the board and the panel. The panel has no background of its own: it shows
/// the window's clear colour, because a full-height UI background costs about a sixth of each
/// frame under a software renderer (lavapipe), more than all the buttons together.
const SEPARATOR: Color = Color::srgb(0.24, 0.25, 0.29);
const BUTTON: Color = Color::srgb(0.26, 0.28, 0.33);
const BUTTON_HOVER: Color = Color::srgb(0.34, 0.37, 0.44);
const BUTTON_PRESSED: Color = Color::srgb(0.30, 0.60, 0.35);
const BUTTON_SELECTED: Color = Color::srgb(0.22, 0.45, 0.70);
const TEXT: Color = Color::srgb(0.92, 0.92, 0.90);
const DIM: Color = Color::srgb(0.65, 0.67, 0.70);
const ERROR: Color = Color::srgb(1.0, 0.45, 0.40);
const THINK: Color = Color::srgb(0.55, 0.80, 1.0);

/// What a panel button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelButton {
    /// Start a new game.
    NewGame(Mode),
    /// Take back.
    Undo,
    /// Replay.
    Redo,
    /// Ask for a hint.
    Hint,
    /// Flip the board.
    Flip,
    /// Choose a level.
    Level(usize),
    /// Set up the FEN in the text field.
    SetFen,
    /// Load the PDN file named in the text field.
    LoadPdn,
    /// Save to the PDN file named in the text field.
    SavePdn,
}

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct ThinkingText;
#[derive(Component)]
struct NoticeText;
#[derive(Component)]
struct LevelText;
#[derive(Component)]
struct MovesText;
/// The move list's box: it scrolls with the mouse wheel and follows the newest move.
#[derive(Component)]
struct MovesScroll;

/// A scroll offset past the end of any move list: the layout clamps it to the last line.
const SCROLL_TO_END: f32 = 1.0e6;
/// The FEN / file-name text field.
#[derive(Component)]
pub struct InputField;

/// Registers the panel.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel)
        .add_systems(
            Update,
            (press_buttons, submit_field, blur_field_on_outside_press)
                .in_set(crate::GameSet::Input),
        )
        .add_systems(
            Update,
            (refresh_texts, refresh_move_list, color_buttons).in_set(crate::GameSet::View),
        );
}

fn font(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}

fn label(text: &str, size: f32, color: Color) -> impl Bundle {
    (Text::new(text), font(size), TextColor(color))
}

fn button(action: PanelButton, text: &str) -> impl Bundle {
    (
        Button,
        action,
        Node {
            flex_grow: 1.0,
            flex_basis: px(0),
            height: px(30),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(5)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![(Text::new(text), font(14.0), TextColor(TEXT))],
    )
}

fn row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(6),
        width: percent(100),
        ..default()
    }
}

fn spawn_panel(mut commands: Commands) {
    let root = commands
        .spawn((Node {
            position_type: PositionType::Absolute,
            right: px(0),
            top: px(0),
            width: px(PANEL_WIDTH),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(12)),
            row_gap: px(7),
            ..default()
        },))
        .id();
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            right: px(PANEL_WIDTH),
            top: px(0),
            width: px(1),
            height: percent(100),
            ..default()
        },
        BackgroundColor(SEPARATOR),
    ));
    let children = [
        commands
            .spawn(label("Shashki - Russian draughts", 20.0, TEXT))
            .id(),
        commands
            .spawn((
                StatusText,
                label("", 17.0, TEXT),
                Node {
                    min_height: px(44),
                    ..default()
                },
            ))
            .id(),
        commands
            .spawn((
                ThinkingText,
                label("", 13.0, THINK),
                Node {
                    min_height: px(34),
                    ..default()
                },
            ))
            .id(),
        commands
            .spawn((
                NoticeText,
                label("", 13.0, DIM),
                Node {
                    min_height: px(50),
                    ..default()
                },
            ))
            .id(),
        commands.spawn(label("New game", 13.0, DIM)).id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::NewGame(Mode::PlayWhite), "Play White"),
                    button(PanelButton::NewGame(Mode::PlayBlack), "Play Black"),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::NewGame(Mode::TwoPlayers), "Two players"),
                    button(
                        PanelButton::NewGame(Mode::EngineVsEngine),
                        "Engine vs engine"
                    ),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::Undo, "Undo"),
                    button(PanelButton::Redo, "Redo"),
                    button(PanelButton::Hint, "Hint"),
                    button(PanelButton::Flip, "Flip"),
                ],
            ))
            .id(),
        commands.spawn((LevelText, label("", 13.0, DIM))).id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::Level(0), LEVELS[0].name),
                    button(PanelButton::Level(1), LEVELS[1].name),
                    button(PanelButton::Level(2), LEVELS[2].name),
                    button(PanelButton::Level(3), LEVELS[3].name),
                    button(PanelButton::Level(4), LEVELS[4].name),
                ],
            ))
            .id(),
        commands
            .spawn(label("FEN, or PDN file name (Enter = apply)", 13.0, DIM))
            .id(),
        commands
            .spawn((
                InputField,
                Node {
                    width: percent(100),
                    padding: UiRect::all(px(5)),
                    border: UiRect::all(px(1)),
                    ..default()
                },
                BorderColor::all(DIM),
                BackgroundColor(Color::srgb(0.10, 0.10, 0.12)),
                EditableText {
                    allow_newlines: false,
                    ..default()
                },
                TextLayout::no_wrap(),
                font(13.0),
                TextColor(TEXT),
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::SetFen, "Set FEN"),
                    button(PanelButton::LoadPdn, "Load PDN"),
                    button(PanelButton::SavePdn, "Save PDN"),
                ],
            ))
            .id(),
        commands.spawn(label("Moves", 13.0, DIM)).id(),
        commands
            .spawn((
                MovesScroll,
                ScrollArea,
                Node {
                    flex_grow: 1.0,
                    min_height: px(0),
                    flex_direction: FlexDirection::Column,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                children![(MovesText, label("", 14.0, TEXT))],
            ))
            .id(),
    ];
    commands.entity(root).add_children(&children);
}

fn field_text(field: &Query<&EditableText, With<InputField>>) -> String {
    field
        .iter()
        .next()
        .map(|f| f.value().to_string())
        .unwrap_or_default()
        .trim()
        .to_string()
}

fn pdn_path(text: &str) -> PathBuf {
    if text.is_empty() {
        PathBuf::from(DEFAULT_PDN)
    } else {
        PathBuf::from(text)
    }
}

/// Turns button presses into commands.
fn press_buttons(
    buttons: Query<(&Interaction, &PanelButton), Changed<Interaction>>,
    field: Query<&EditableText, With<InputField>>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
) {
    for (interaction, action) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        let text = field_text(&field);
        let command = match *action {
            PanelButton::NewGame(mode) => GameCommand::NewGame(mode),
            PanelButton::Undo => GameCommand::Undo,
            PanelButton::Redo => GameCommand::Redo,
            PanelButton::Hint => GameCommand::Hint,
            PanelButton::Flip => GameCommand::Flip,
            PanelButton::Level(level) => GameCommand::SetLevel(level),
            PanelButton::SetFen if text.is_empty() => {
                notice.error("Type or paste a FEN into the field first");
                continue;
            }
            PanelButton::SetFen => GameCommand::SetFen(text),
            PanelButton::LoadPdn if text.is_empty() => {
                notice.error("Type the PDN file name into the field first");
                continue;
            }
            PanelButton::LoadPdn => GameCommand::LoadPdn(PathBuf::from(text)),
            PanelButton::SavePdn => GameCommand::SavePdn(pdn_path(&text)),
        };
        commands.write(command);
    }
}

/// A press outside the text field takes the keyboard focus from it (Bevy gives the field the
/// focus on a press in it and keeps it there), so that the keyboard shortcuts work again.
fn blur_field_on_outside_press(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    field: Query<(&ComputedNode, &UiGlobalTransform), With<InputField>>,
    focus: Option<ResMut<InputFocus>>,
) {
    let Some(mut focus) = focus else {
        return;
    };
    if !buttons.just_pressed(MouseButton::Left) || focus.get().is_none() {
        return;
    }
    let Some(cursor) = window
        .single()
        .ok()
        .and_then(Window::physical_cursor_position)
    else {
        return;
    };
    if !field
        .iter()
        .any(|(node, transform)| node.contains_point(*transform, cursor))
    {
        focus.clear();
    }
}

/// Enter in the text field: a `.pdn` name is loaded, anything else is read as FEN.
fn submit_field(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<Res<InputFocus>>,
    field: Query<(Entity, &EditableText), With<InputField>>,
    mut commands: MessageWriter<GameCommand>,
) {
    if !keys.just_pressed(KeyCode::Enter) {
        return;
    }
    let Some(focused) = focus.and_then(|f| f.get()) else {
        return;
    };
    let Ok((_, field)) = field.get(focused) else {
        return;
    };
    let text = field.value().to_string().trim().to_string();
    if text.is_empty() {
        return;
    }
    if text.to_ascii_lowercase().ends_with(".pdn") {
        commands.write(GameCommand::LoadPdn(PathBuf::from(text)));
    } else {
        commands.write(GameCommand::SetFen(text));
    }
}

/// The scroll offset that puts line `line` of a text of `lines` lines, `text_height` high, in
/// the middle of a box `view_height` high (the layout clamps it at the end of the text).
fn scroll_to_line(line: usize, lines: usize, text_height: f32, view_height: f32) -> f32 {
    let line_height = text_height / lines.max(1) as f32;
    (line as f32 * line_height - (view_height - line_height) / 2.0).max(0.0)
}

/// An engine time as the level line shows it: `0.05 s`, `1 s`, `1.5 s`.
fn seconds(time: Duration) -> String {
    let text = format!("{:.2}", time.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

/// Rewrites the panel texts from the record, the engine and the notices.
#[allow(clippy::type_complexity)]
fn refresh_texts(
    record: Res<GameRecord>,
    thinking: Res<Thinking>,
    notice: Res<Notice>,
    feedback: Res<ClickFeedback>,
    time: Res<Time>,
    mut texts: ParamSet<(
        Query<&mut Text, With<StatusText>>,
        Query<&mut Text, With<ThinkingText>>,
        Query<(&mut Text, &mut TextColor), With<NoticeText>>,
        Query<&mut Text, With<LevelText>>,
    )>,
) {
    let set = |text: &mut Text, value: String| {
        if text.0 != value {
            text.0 = value;
        }
    };
    let status = record.review_line().unwrap_or_else(|| record.status_line());
    for mut text in &mut texts.p0() {
        set(&mut text, status.clone());
    }
    let thinking_line = match thinking.purpose {
        None => String::new(),
        Some(purpose) => {
            let what = match purpose {
                Purpose::Move => "Engine thinking",
                Purpose::Hint => "Looking for a hint",
            };
            let p = &thinking.progress;
            if p.depth == 0 {
                format!("{what}...")
            } else {
                let side = match record.game.position().side_to_move() {
                    shashki::Color::White => "White",
                    shashki::Color::Black => "Black",
                };
                format!(
                    "{what} ({side}): depth {}, score {}\n{}",
                    p.depth, p.score, p.pv
                )
            }
        }
    };
    for mut text in &mut texts.p1() {
        set(&mut text, thinking_line.clone());
    }
    let recent_click =
        time.elapsed_secs_f64() - feedback.at < FEEDBACK_SECONDS && feedback.square.is_some();
    let (line, error) = if recent_click {
        (format!("Illegal: {}", feedback.text), true)
    } else {
        (notice.text.clone(), notice.error)
    };
    for (mut text, mut color) in &mut texts.p2() {
        set(&mut text, line.clone());
        let wanted = TextColor(if error { ERROR } else { DIM });
        if *color != wanted {
            *color = wanted;
        }
    }
    let level = format!(
        "Level (engine time per move: {})",
        seconds(record.engine_time)
    );
    for mut text in &mut texts.p3() {
        set(&mut text, level.clone());
    }
}

/// Rewrites the move list when it changed, and scrolls it to its end, or to the move under
/// review.
fn refresh_move_list(
    record: Res<GameRecord>,
    mut texts: Query<(&mut Text, &ComputedNode), With<MovesText>>,
    mut scrolls: Query<(&mut ScrollPosition, &ComputedNode), With<MovesScroll>>,
) {
    if !record.is_changed() {
        return;
    }
    // The line of the position under review is kept in view.
    let (lines, marked) = record.move_lines_marked();
    let moves = lines.join("\n");
    for (mut text, node) in &mut texts {
        if text.0 != moves {
            text.0 = moves.clone();
            let text_height = node.size().y * node.inverse_scale_factor();
            for (mut scroll, view) in &mut scrolls {
                scroll.y = match marked {
                    Some(line) => scroll_to_line(
                        line,
                        lines.len(),
                        text_height,
                        view.size().y * view.inverse_scale_factor(),
                    ),
                    None => SCROLL_TO_END,
                };
            }
        }
    }
}

/// Hover and press colours; the current level's button stays highlighted.
fn color_buttons(
    record: Res<GameRecord>,
    mut buttons: Query<(&Interaction, &PanelButton, &mut BackgroundColor)>,
) {
    for (interaction, action, mut background) in &mut buttons {
        let selected = matches!(action, PanelButton::Level(l) if record.level == Some(*l));
        let color = match interaction {
            Interaction::Pressed => BUTTON_PRESSED,
            Interaction::Hovered => BUTTON_HOVER,
            Interaction::None if selected => BUTTON_SELECTED,
            Interaction::None => BUTTON,
        };
        if background.0 != color {
            background.0 = color;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reviewed_line_is_scrolled_to_the_middle_of_the_box() {
        // 40 lines of 17 px in a box of 170 px (10 lines): line 20 starts at 340 px and is
        // centred with 4.5 lines above it.
        assert_eq!(scroll_to_line(20, 40, 680.0, 170.0), 340.0 - 76.5);
        assert_eq!(
            scroll_to_line(2, 40, 680.0, 170.0),
            0.0,
            "near the top: no scroll"
        );
        assert_eq!(scroll_to_line(0, 0, 0.0, 170.0), 0.0);
    }

    #[test]
    fn engine_times_read_as_seconds_without_trailing_zeros() {
        let text = |ms| seconds(Duration::from_millis(ms));
        assert_eq!(text(50), "0.05 s");
        assert_eq!(text(250), "0.25 s");
        assert_eq!(text(1000), "1 s");
        assert_eq!(text(1500), "1.5 s");
        assert_eq!(text(10_000), "10 s");
    }
}
