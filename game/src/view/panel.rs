//! The side panel: status, both clocks, the evaluation bar, engine thinking, messages, the
//! buttons, a FEN / PDN-file text field and the clickable move list — Bevy UI nodes that show the
//! [`GameRecord`] and write [`GameCommand`]s.
//!
//! Every word comes from the current [`Language`]'s catalogue: fixed labels carry a [`Words`]
//! component (the catalogue field to show) and are rewritten when the language changes. The panel
//! is laid out for a 1200×780 window and scaled with [`UiScale`] from [`ui_scale`] (its width,
//! fonts and buttons grow and shrink together); status, thinking line and notice each have a box
//! of their own with a fixed number of lines, clipped, so they never overlap, and a notice
//! longer than its box is shortened (errors are printed whole to stderr). Everything fits the
//! smallest window, 640×480, with clocks and while reviewing: the languages sit beside the title,
//! "Play from here" in the review row, and the move list takes the height that remains (at
//! least three rows).
//!
//! Buttons carry a [`PanelButton`] action; `press_buttons` (in the input stage) turns a press
//! into a command, reading the text field for "Set FEN", "Load PDN" and "Save PDN" (Enter in the
//! field plays the move typed, loads the file when it names a `.pdn`, else sets up the FEN:
//! [`field_command`]; Enter on the board puts the keyboard in the field, to type a move). `refresh_texts` (in the
//! view stage) rewrites the texts from the record, the engine's [`Thinking`] and the [`Notice`];
//! `refresh_move_list` rebuilds the move list when the record changes (one button per move:
//! a click shows the position after it) and scrolls it to the newest move, or to the move under
//! review. `refresh_clocks` shows the [`Clocks`] (the running one highlighted) and
//! `refresh_evaluation` the engine's [`Evaluation`] of the position on the board (none for
//! a position it has not scored) as a bar from White's side with its score in words (a
//! tablebase result says so).
//!
//! Reviewing: the |◀ ◀ ▶ ▶| buttons (and the keys) step through the game, a click on a move shows
//! the position after it. The position shown is then marked in the move list (blue), the board's
//! frame turns blue and the status line says which position it is; the live game's last move
//! keeps a grey mark. A click on the board goes back to the game (it plays nothing: a stray click
//! must not rewrite the game); "Play from here" plays on from the position shown, taking the later
//! moves back (Redo replays them until a new move is played).

use std::path::PathBuf;
use std::time::Duration;

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::{EditableText, TextCursorStyle};
use bevy::ui_widgets::ScrollArea;
use bevy::window::PrimaryWindow;

use crate::core::clock::{Clocks, clock_runs, clock_text};
use crate::core::command::GameCommand;
use crate::core::notice::Notice;
use crate::core::record::{GameRecord, Mode};
use crate::core::sync::Analysis;
use crate::engine::engine_task::{AnalysisDone, Evaluation, Progress, Purpose, Thinking};
use crate::ground::TimeControl;
use crate::ground::geometry::{PANEL_WIDTH, ui_scale};
use crate::text::{Catalogue, Lang, Language, Say, SwitchLanguage};
use crate::view::input::{ClickFeedback, FEEDBACK_SECONDS};
use shashki::{Color as Side, DrawRules, LEVELS};

/// The line between the board and the panel. The panel has no background of its own: it shows
/// the window's clear colour, because a full-height UI background costs about a sixth of each
/// frame under a software renderer (lavapipe), more than all the buttons together.
const SEPARATOR: Color = Color::srgb(0.24, 0.25, 0.29);
pub(crate) const BUTTON: Color = Color::srgb(0.26, 0.28, 0.33);
pub(crate) const BUTTON_HOVER: Color = Color::srgb(0.34, 0.37, 0.44);
pub(crate) const BUTTON_PRESSED: Color = Color::srgb(0.30, 0.60, 0.35);
pub(crate) const BUTTON_SELECTED: Color = Color::srgb(0.22, 0.45, 0.70);
pub(crate) const TEXT: Color = Color::srgb(0.92, 0.92, 0.90);
pub(crate) const DIM: Color = Color::srgb(0.65, 0.67, 0.70);
const ERROR: Color = Color::srgb(1.0, 0.45, 0.40);
const THINK: Color = Color::srgb(0.55, 0.80, 1.0);
/// The text field's border while it has the keyboard.
const FOCUS: Color = Color::srgb(0.45, 0.70, 1.0);

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
    /// Swap the sides.
    SwitchSides,
    /// Resign.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Show the interface in this language.
    Language(Lang),
    /// Choose a time control (`None`: no clocks).
    TimeControl(Option<TimeControl>),
    /// Choose the draw rules.
    DrawRules(DrawRules),
    /// Review: the start position.
    ReviewStart,
    /// Review: one ply back.
    ReviewBack,
    /// Review: one ply forward.
    ReviewForward,
    /// Review: back to the live position.
    ReviewEnd,
    /// Play on from the position under review (shown only while reviewing).
    PlayFromHere,
    /// Start or stop the analysis.
    Analyse,
    /// Copy the FEN of the position shown.
    CopyFen,
    /// Copy the game as PDN.
    CopyPdn,
    /// Show the list of the games of the file opened last.
    GameList,
    /// Enter the puzzle mode ([`crate::core::puzzles`]).
    Puzzles,
}

/// A move in the move list: a click shows the position after ply `.0` (numbered from 1).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEntry(pub usize);

/// A fixed label: the catalogue field it shows, rewritten when the language changes.
#[derive(Component, Clone, Copy)]
pub struct Words(pub fn(&Catalogue) -> &'static str);

/// The notice box shows at most this many characters; longer notices end in "…".
pub const NOTICE_CHARS: usize = 170;

/// The main panel's root node (the puzzle panel hides it while the puzzle mode is on).
#[derive(Component)]
pub struct PanelRoot;

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct ThinkingText;
#[derive(Component)]
struct NoticeText;
#[derive(Component)]
struct LevelText;
/// One side's clock.
#[derive(Component)]
struct ClockText(Side);
/// The row of the clocks (hidden without a time control).
#[derive(Component)]
struct ClockRow;
/// The white part of the evaluation bar.
#[derive(Component)]
struct EvalFill;
#[derive(Component)]
struct EvalText;
/// Shown only while reviewing.
#[derive(Component)]
struct OnlyWhileReviewing;
/// The move list's content: one row per full move.
#[derive(Component)]
struct MovesList;
/// The move list's box: it scrolls with the mouse wheel and follows the newest move.
/// Its rows are [`MOVE_ROW_HEIGHT`] high.
#[derive(Component)]
struct MovesScroll;

/// A scroll offset past the end of any move list: the layout clamps it to the last line.
const SCROLL_TO_END: f32 = 1.0e6;
/// The height of a row of the move list (unscaled pixels).
const MOVE_ROW_HEIGHT: f32 = 19.0;
/// The move list shows at least this many rows (the panel scrolls when the window is smaller).
const MOVE_LIST_MIN_ROWS: f32 = 3.0;
/// The live game's last move in the move list.
const LAST_MOVE: Color = Color::srgb(0.22, 0.23, 0.27);
/// The evaluation bar's black part.
const EVAL_BLACK: Color = Color::srgb(0.08, 0.08, 0.09);
/// The evaluation bar's white part.
const EVAL_WHITE: Color = Color::srgb(0.93, 0.92, 0.88);
/// A running clock's background.
const CLOCK_RUNNING: Color = Color::srgb(0.22, 0.45, 0.70);
/// A stopped clock's background.
const CLOCK_IDLE: Color = Color::srgb(0.17, 0.18, 0.21);
/// The FEN / file-name text field.
#[derive(Component)]
pub struct InputField;

/// Registers the panel.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel)
        .add_systems(
            Update,
            (
                press_buttons,
                press_moves,
                submit_field,
                blur_field_on_outside_press,
            )
                .in_set(crate::ground::GameSet::Input),
        )
        .add_systems(
            Update,
            (
                scale_to_window,
                translate_labels,
                refresh_texts,
                refresh_clocks,
                refresh_evaluation,
                refresh_move_list,
                color_buttons,
                color_moves,
            )
                .in_set(crate::ground::GameSet::View),
        );
}

pub(crate) fn font(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}

fn label(text: &str, size: f32, color: Color) -> impl Bundle {
    (Text::new(text), font(size), TextColor(color))
}

/// A fixed label in the current language.
fn words(words: fn(&Catalogue) -> &'static str, size: f32, color: Color) -> impl Bundle {
    (Words(words), label("", size, color))
}

/// A box of `lines` lines of `size` px text (marked `marker`, empty until refreshed) that clips
/// what does not fit. The text is the child of the clipping node: a node clips its children, not
/// its own text, so a text that clipped itself would still be drawn over the rows below. The box
/// is exactly `lines` lines high (Bevy's line height is 1.2 times the font size), so a line that
/// does not fit is not drawn at all rather than cut through.
fn text_box(marker: impl Component, size: f32, color: Color, lines: f32) -> impl Bundle {
    (
        Node {
            width: percent(100),
            height: px(lines * size * 1.2),
            flex_shrink: 0.0,
            overflow: Overflow::clip(),
            ..default()
        },
        children![(
            marker,
            label("", size, color),
            Node {
                width: percent(100),
                ..default()
            }
        )],
    )
}

fn button_node() -> Node {
    button_node_of_height(24.0)
}

/// The node of a button sharing its row equally with the others, at least `min_height` px high.
pub(crate) fn button_node_of_height(min_height: f32) -> Node {
    Node {
        flex_grow: 1.0,
        flex_basis: px(0),
        min_height: px(min_height),
        padding: UiRect::axes(px(3), px(2)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(5)),
        ..default()
    }
}

/// A button with a label in the current language (wrapped, centred, when it is long).
fn button(action: PanelButton, text: fn(&Catalogue) -> &'static str) -> impl Bundle {
    translated_button(action, Words(text), button_node())
}

/// A button doing `action` on `node`, whose label the component `label` keeps in the current
/// language (the main panel's and the puzzle panel's buttons).
pub(crate) fn translated_button(
    action: impl Component,
    label: impl Component,
    node: Node,
) -> impl Bundle {
    (
        Button,
        action,
        node,
        BackgroundColor(BUTTON),
        children![(
            label,
            Text::new(""),
            font(13.0),
            TextColor(TEXT),
            TextLayout::justify(Justify::Center),
        )],
    )
}

/// A button whose label is the same in every language (a level number, a language's name).
fn fixed_button(action: PanelButton, text: &str) -> impl Bundle {
    plain_button(action, text, button_node())
}

/// A button doing `action` on `node` whose label `text` is the same in every language.
pub(crate) fn plain_button(action: impl Component, text: &str, node: Node) -> impl Bundle {
    (
        Button,
        action,
        node,
        BackgroundColor(BUTTON),
        children![(Text::new(text), font(13.0), TextColor(TEXT))],
    )
}

/// A language's button: its code (`RU`, `EN`), the same in every language.
fn language_button(lang: Lang) -> impl Bundle {
    (
        Button,
        PanelButton::Language(lang),
        BackgroundColor(BUTTON),
        children![(Text::new(lang.code()), font(12.0), TextColor(TEXT))],
    )
}

/// One side's clock: its name and time on a background that shows whether it runs.
fn clock_box(side: Side) -> impl Bundle {
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

/// A row of the panel. It never shrinks: a panel taller than the window scrolls instead of
/// squeezing its rows into each other.
fn row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(6),
        width: percent(100),
        flex_shrink: 0.0,
        ..default()
    }
}

fn spawn_panel(mut commands: Commands, settings: Res<crate::core::settings::SettingsFile>) {
    // The field offers the file opened last ("Open PDN" opens it again).
    let last_file = settings
        .saved
        .last_file
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    // Should the panel ever be taller than the window, it scrolls (mouse wheel), and the move
    // list keeps a few lines instead of vanishing.
    let root = commands
        .spawn((
            PanelRoot,
            ScrollArea,
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                top: px(0),
                width: px(PANEL_WIDTH),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(10)),
                row_gap: px(3),
                overflow: Overflow::scroll_y(),
                ..default()
            },
        ))
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
    let levels: Vec<Entity> = (1..=LEVELS.len())
        .map(|n| {
            commands
                .spawn(fixed_button(PanelButton::Level(n), &n.to_string()))
                .id()
        })
        .collect();
    let level_row = commands.spawn(row()).add_children(&levels).id();
    let children = [
        // The title, with the languages beside it (a row of their own would not fit at
        // 640×480).
        commands
            .spawn((
                row(),
                children![
                    (
                        words(|t| t.title, 17.0, TEXT),
                        Node {
                            flex_grow: 1.0,
                            align_self: AlignSelf::Center,
                            ..default()
                        }
                    ),
                    (
                        language_button(Lang::Ru),
                        Node {
                            flex_grow: 0.0,
                            padding: UiRect::axes(px(6), px(2)),
                            ..button_node()
                        }
                    ),
                    (
                        language_button(Lang::En),
                        Node {
                            flex_grow: 0.0,
                            padding: UiRect::axes(px(6), px(2)),
                            ..button_node()
                        }
                    ),
                ],
            ))
            .id(),
        commands.spawn(text_box(StatusText, 15.0, TEXT, 2.0)).id(),
        commands
            .spawn((
                ClockRow,
                row(),
                children![clock_box(Side::White), clock_box(Side::Black)],
            ))
            .id(),
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
            .id(),
        commands
            .spawn(text_box(ThinkingText, 12.0, THINK, 3.0))
            .id(),
        commands.spawn(text_box(NoticeText, 12.0, DIM, 3.0)).id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::NewGame(Mode::PlayWhite), |t| t.play_white),
                    button(PanelButton::NewGame(Mode::PlayBlack), |t| t.play_black),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::NewGame(Mode::TwoPlayers), |t| t.two_players),
                    button(PanelButton::NewGame(Mode::EngineVsEngine), |t| t
                        .engine_vs_engine),
                    button(PanelButton::Puzzles, |t| t.puzzles),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::Undo, |t| t.undo),
                    button(PanelButton::Redo, |t| t.redo),
                    button(PanelButton::Hint, |t| t.hint),
                    button(PanelButton::Flip, |t| t.flip),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::Resign, |t| t.resign),
                    button(PanelButton::OfferDraw, |t| t.offer_draw),
                    button(PanelButton::SwitchSides, |t| t.switch_sides),
                ],
            ))
            .id(),
        commands.spawn((LevelText, label("", 12.0, DIM))).id(),
        level_row,
        commands
            .spawn((
                row(),
                children![
                    (
                        words(|t| t.clock_label, 12.0, DIM),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        }
                    ),
                    button(PanelButton::TimeControl(None), |t| t.no_clock),
                    fixed_button(
                        PanelButton::TimeControl(Some(TimeControl::PRESETS[0])),
                        &TimeControl::PRESETS[0].to_string()
                    ),
                    fixed_button(
                        PanelButton::TimeControl(Some(TimeControl::PRESETS[1])),
                        &TimeControl::PRESETS[1].to_string()
                    ),
                    fixed_button(
                        PanelButton::TimeControl(Some(TimeControl::PRESETS[2])),
                        &TimeControl::PRESETS[2].to_string()
                    ),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    (
                        words(|t| t.draw_rules_label, 12.0, DIM),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        }
                    ),
                    button(PanelButton::DrawRules(DrawRules::Full), |t| {
                        (t.draw_rules_name)(DrawRules::Full)
                    }),
                    button(PanelButton::DrawRules(DrawRules::Basic), |t| {
                        (t.draw_rules_name)(DrawRules::Basic)
                    }),
                    button(PanelButton::DrawRules(DrawRules::Repetition), |t| {
                        (t.draw_rules_name)(DrawRules::Repetition)
                    }),
                ],
            ))
            .id(),
        commands.spawn(words(|t| t.field_label, 12.0, DIM)).id(),
        commands
            .spawn((
                InputField,
                Node {
                    width: percent(100),
                    padding: UiRect::all(px(4)),
                    border: UiRect::all(px(1)),
                    // In a small window the panel scrolls; the field keeps its height (and its
                    // border) instead of being squeezed under its label.
                    flex_shrink: 0.0,
                    ..default()
                },
                BorderColor::all(DIM),
                BackgroundColor(Color::srgb(0.10, 0.10, 0.12)),
                EditableText {
                    allow_newlines: false,
                    ..EditableText::new(last_file)
                },
                TextCursorStyle {
                    color: TEXT,
                    ..default()
                },
                TextLayout::no_wrap(),
                font(12.0),
                TextColor(TEXT),
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::SetFen, |t| t.set_fen),
                    button(PanelButton::LoadPdn, |t| t.load_pdn),
                    button(PanelButton::SavePdn, |t| t.save_pdn),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::CopyFen, |t| t.copy_fen),
                    button(PanelButton::CopyPdn, |t| t.copy_pdn),
                    button(PanelButton::GameList, |t| t.game_list),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    fixed_button(PanelButton::ReviewStart, "|◀"),
                    fixed_button(PanelButton::ReviewBack, "◀"),
                    fixed_button(PanelButton::ReviewForward, "▶"),
                    fixed_button(PanelButton::ReviewEnd, "▶|"),
                    button(PanelButton::Analyse, |t| t.analyse),
                    (
                        OnlyWhileReviewing,
                        button(PanelButton::PlayFromHere, |t| t.play_from_here)
                    ),
                ],
            ))
            .id(),
        commands
            .spawn((
                MovesScroll,
                ScrollArea,
                Node {
                    // The list gets the panel's remaining height, whatever its length (a
                    // basis of its content would make it as tall as all its moves, so the
                    // panel would scroll instead of the list), and at least a few rows.
                    flex_grow: 1.0,
                    flex_basis: px(0),
                    min_height: px(MOVE_LIST_MIN_ROWS * MOVE_ROW_HEIGHT),
                    flex_shrink: 0.0,
                    flex_direction: FlexDirection::Column,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                children![(
                    MovesList,
                    Node {
                        flex_direction: FlexDirection::Column,
                        width: percent(100),
                        ..default()
                    }
                )],
            ))
            .id(),
    ];
    commands.entity(root).add_children(&children);
}

/// Scales the panel (width, fonts, buttons) with the window.
fn scale_to_window(
    window: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut scale: ResMut<UiScale>,
) {
    if let Ok(window) = window.single() {
        let wanted = ui_scale(window.size());
        if (scale.0 - wanted).abs() > 1e-3 {
            scale.0 = wanted;
        }
    }
}

/// Rewrites the fixed labels (and the window title) when the language changes.
fn translate_labels(
    language: Res<Language>,
    mut labels: Query<(&Words, &mut Text)>,
    added: Query<(), Added<Words>>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
) {
    if !language.is_changed() && added.is_empty() {
        return;
    }
    let t = language.0.text();
    for (words, mut text) in &mut labels {
        let value = (words.0)(t);
        if text.0 != value {
            text.0 = value.to_string();
        }
    }
    if language.is_changed()
        && let Ok(mut window) = window.single_mut()
    {
        window.title = t.title.to_string();
    }
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

/// Where "Save PDN" adds the game: the `.pdn` file named in the field, else the player's own
/// games (`None`).
fn pdn_path(text: &str) -> Option<PathBuf> {
    is_pdn_name(text).then(|| PathBuf::from(text))
}

fn is_pdn_name(text: &str) -> bool {
    text.to_ascii_lowercase().ends_with(".pdn")
}

/// What Enter in the text field does with its `text`: a `.pdn` name is opened, a FEN (`W:…`,
/// `B:…`, or a `[FEN "…"]` tag) is set up, anything else is played as a move (`c3d4`, `c3-d4`,
/// `22-18`, `c3:e5`; the rules step says why when it is not a legal move, or not a move).
#[must_use]
pub fn field_command(text: &str) -> Option<GameCommand> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut chars = text.chars().filter(|c| !c.is_whitespace());
    let fen = matches!(
        (chars.next(), chars.next()),
        (Some('W' | 'B' | 'w' | 'b'), Some(':')) | (Some('['), _)
    );
    Some(if is_pdn_name(text) {
        GameCommand::LoadPdn(PathBuf::from(text))
    } else if fen {
        GameCommand::SetFen(text.to_string())
    } else {
        GameCommand::PlayText(text.to_string())
    })
}

/// Turns button presses into commands.
fn press_buttons(
    buttons: Query<(&Interaction, &PanelButton), Changed<Interaction>>,
    field: Query<&EditableText, With<InputField>>,
    mut commands: MessageWriter<GameCommand>,
    mut languages: MessageWriter<SwitchLanguage>,
    mut notice: ResMut<Notice>,
    mut puzzles: MessageWriter<crate::core::puzzles::PuzzleCommand>,
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
            PanelButton::SwitchSides => GameCommand::SwitchSides,
            PanelButton::Resign => GameCommand::Resign,
            PanelButton::OfferDraw => GameCommand::OfferDraw,
            PanelButton::Language(lang) => {
                languages.write(SwitchLanguage(lang));
                continue;
            }
            PanelButton::SetFen if text.is_empty() => {
                notice.error(Say::TypeFenFirst);
                continue;
            }
            PanelButton::SetFen => GameCommand::SetFen(text),
            PanelButton::LoadPdn if text.is_empty() => {
                notice.error(Say::TypePdnFirst);
                continue;
            }
            PanelButton::LoadPdn => GameCommand::LoadPdn(PathBuf::from(text)),
            PanelButton::SavePdn => GameCommand::SavePdn(pdn_path(&text)),
            PanelButton::TimeControl(control) => GameCommand::SetTimeControl(control),
            PanelButton::DrawRules(rules) => GameCommand::SetDrawRules(rules),
            PanelButton::ReviewStart => GameCommand::ReviewStart,
            PanelButton::ReviewBack => GameCommand::ReviewBack,
            PanelButton::ReviewForward => GameCommand::ReviewForward,
            PanelButton::ReviewEnd => GameCommand::ReviewEnd,
            PanelButton::PlayFromHere => GameCommand::PlayFromHere,
            PanelButton::Analyse => GameCommand::ToggleAnalysis,
            PanelButton::CopyFen => GameCommand::CopyFen,
            PanelButton::CopyPdn => GameCommand::CopyPdn,
            PanelButton::GameList => GameCommand::ShowGameList(true),
            PanelButton::Puzzles => {
                puzzles.write(crate::core::puzzles::PuzzleCommand::Start);
                continue;
            }
        };
        commands.write(command);
    }
}

/// A click on a move in the move list shows the position after it.
fn press_moves(
    entries: Query<(&Interaction, &MoveEntry), Changed<Interaction>>,
    mut commands: MessageWriter<GameCommand>,
) {
    for (interaction, entry) in &entries {
        if *interaction == Interaction::Pressed {
            commands.write(GameCommand::ReviewAt(entry.0));
        }
    }
}

/// A press outside the text fields (the panel's, the list's filter) takes the keyboard focus
/// from them (Bevy gives a field the focus on a press in it and keeps it there), so that the
/// keyboard shortcuts work again.
fn blur_field_on_outside_press(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    field: Query<(&ComputedNode, &UiGlobalTransform), With<EditableText>>,
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

/// Enter in the text field: [`field_command`] (a move, a `.pdn` name or a FEN). A move leaves
/// the field empty and the keyboard in it, for the next move; anything else gives the keyboard
/// back to the board (the shortcuts work again). Enter on the board puts the keyboard in the
/// (emptied) field, to type a move.
fn submit_field(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<ResMut<InputFocus>>,
    windows: Query<(), With<Window>>,
    list: Res<crate::core::collection::Collection>,
    mut field: Query<(Entity, &mut EditableText), With<InputField>>,
    mut commands: MessageWriter<GameCommand>,
    mut waiting: Local<bool>,
) {
    let enter = keys.just_pressed(KeyCode::Enter);
    if !enter && !*waiting {
        return;
    }
    let Some(mut focus) = focus else {
        return;
    };
    if !crate::view::shortcuts::typing(Some(&focus), &windows) {
        if std::mem::take(&mut *waiting) {
            return;
        }
        // Enter on the board (not while the list of games has the screen).
        if !list.shown
            && let Some((entity, mut text)) = field.iter_mut().next()
        {
            text.clear();
            focus.set(entity, bevy::input_focus::FocusCause::Navigated);
        }
        return;
    }
    let Some(focused) = focus.get() else {
        return;
    };
    let Ok((_, mut field)) = field.get_mut(focused) else {
        *waiting = false;
        return;
    };
    // Keys typed in the same frame as Enter are applied to the text after this stage
    // (`PostUpdate`): the field is read once they are in it.
    *waiting = !field.pending_edits.is_empty();
    if *waiting {
        return;
    }
    let command = field_command(&field.value().to_string());
    if matches!(command, Some(GameCommand::PlayText(_))) {
        field.clear();
    } else {
        focus.clear();
    }
    if let Some(command) = command {
        commands.write(command);
    }
}

/// The scroll offset that puts line `line` of a text of `lines` lines, `text_height` high, in
/// the middle of a box `view_height` high (the layout clamps it at the end of the text).
fn scroll_to_line(line: usize, lines: usize, text_height: f32, view_height: f32) -> f32 {
    let line_height = text_height / lines.max(1) as f32;
    (line as f32 * line_height - (view_height - line_height) / 2.0).max(0.0)
}

/// An engine time as the level line shows it: `0.05 s`, `1 s`, `1.5 s` (`1,5 с` in Russian).
fn seconds(time: Duration, t: &Catalogue) -> String {
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

/// The engine line: what it does, for which side, depth, score and principal line.
fn progress_line(what: &str, position: &shashki::Position, p: &Progress, t: &Catalogue) -> String {
    if p.depth == 0 {
        return format!("{what}…");
    }
    let side = (t.side)(position.side_to_move());
    format!(
        "{what} ({side}): {}\n{}",
        (t.depth_score)(p.depth, &score_words(p.value, t)),
        unbreakable_moves(&p.pv)
    )
}

/// A search score for the side to move in words: `+0.35`, or a forced win or loss in moves
/// ("выигрыш за 2 хода").
#[must_use]
pub fn score_words(score: shashki::Score, t: &Catalogue) -> String {
    match score.plies_to_end() {
        Some(plies) => {
            let moves = u32::try_from((plies + 1) / 2).unwrap_or(0);
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
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn refresh_texts(
    record: Res<GameRecord>,
    thinking: Res<Thinking>,
    (analysis, done): (Res<Analysis>, Res<AnalysisDone>),
    notice: Res<Notice>,
    feedback: Res<ClickFeedback>,
    language: Res<Language>,
    time: Res<Time>,
    mut texts: ParamSet<(
        Query<&mut Text, With<StatusText>>,
        Query<&mut Text, With<ThinkingText>>,
        Query<(&mut Text, &mut TextColor), With<NoticeText>>,
        Query<&mut Text, With<LevelText>>,
    )>,
) {
    let t = language.0.text();
    let set = |text: &mut Text, value: String| {
        if text.0 != value {
            text.0 = value;
        }
    };
    let status = record
        .review_line(t)
        .unwrap_or_else(|| record.status_line(t));
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
        crate::core::record::Strength::Level(n) => {
            let name = n
                .checked_sub(1)
                .and_then(|i| t.level_names.get(i))
                .copied()
                .unwrap_or_default();
            (t.level_line)(n, name)
        }
        crate::core::record::Strength::MoveTime(time) => (t.engine_time_line)(&seconds(time, t)),
    };
    for mut text in &mut texts.p3() {
        set(&mut text, level.clone());
    }
}

/// Shows both clocks (hidden without a time control); the running one is highlighted and a
/// clock that ran out is red.
#[allow(clippy::type_complexity)]
fn refresh_clocks(
    clocks: Res<Clocks>,
    record: Res<GameRecord>,
    analysis: Res<Analysis>,
    language: Res<Language>,
    mut rows: Query<&mut Node, With<ClockRow>>,
    mut texts: Query<(&ClockText, &mut Text, &mut TextColor, &ChildOf)>,
    mut backgrounds: Query<&mut BackgroundColor, Without<ClockText>>,
) {
    let display = if clocks.control.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut rows {
        if node.display != display {
            node.display = display;
        }
    }
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

/// The evaluation bar's words: the score for White, a forced win in moves (the tablebases'
/// or the search's), or nothing yet.
#[must_use]
pub fn evaluation_text(evaluation: &Evaluation, t: &Catalogue) -> String {
    let white = evaluation.white;
    match white.plies_to_end() {
        Some(plies) => {
            let winner = if white.is_win() {
                Side::White
            } else {
                Side::Black
            };
            let moves = u32::try_from((plies + 1) / 2).unwrap_or(0);
            (t.eval_win)(winner, moves, evaluation.tablebase)
        }
        None if evaluation.tablebase && white.value() == 0 => t.tablebase_draw.to_string(),
        None => (t.eval_score)(&white.to_string()),
    }
}

/// Shows the engine's latest evaluation of a position of this game (from White's side).
fn refresh_evaluation(
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

/// Rebuilds the clickable move list when it changed, scrolls it to its end, and keeps the move
/// under review in view.
#[allow(clippy::too_many_arguments)]
fn refresh_move_list(
    mut commands: Commands,
    record: Res<GameRecord>,
    language: Res<Language>,
    lists: Query<Entity, With<MovesList>>,
    mut scrolls: Query<(&mut ScrollPosition, &ComputedNode), With<MovesScroll>>,
    mut built: Local<(Vec<crate::core::record_text::MoveRow>, Option<String>)>,
    mut reviewed: Local<Option<usize>>,
) {
    if !record.is_changed() && !language.is_changed() {
        return;
    }
    let t = language.0.text();
    let rows = record.move_rows(t);
    let result = record.result_text();
    let rebuilt = built.0 != rows || built.1 != result;
    if rebuilt {
        for list in &lists {
            commands.entity(list).despawn_children();
            for row in &rows {
                let number = if row.black_first {
                    format!("{}. …", row.number)
                } else {
                    format!("{}.", row.number)
                };
                let mut children = vec![
                    commands
                        .spawn((
                            label(&number, 13.0, DIM),
                            Node {
                                width: px(44),
                                flex_shrink: 0.0,
                                ..default()
                            },
                        ))
                        .id(),
                ];
                for (after, mv) in &row.moves {
                    children.push(
                        commands
                            .spawn((
                                Button,
                                MoveEntry(*after),
                                Node {
                                    padding: UiRect::axes(px(4), px(1)),
                                    margin: UiRect::right(px(4)),
                                    border_radius: BorderRadius::all(px(3)),
                                    ..default()
                                },
                                BackgroundColor(Color::NONE),
                                children![(
                                    Text::new(unbreakable_moves(mv)),
                                    font(13.0),
                                    TextColor(TEXT),
                                    TextLayout::no_wrap(),
                                )],
                            ))
                            .id(),
                    );
                }
                let line = commands
                    .spawn(Node {
                        flex_direction: FlexDirection::Row,
                        height: px(MOVE_ROW_HEIGHT),
                        flex_shrink: 0.0,
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .add_children(&children)
                    .id();
                commands.entity(list).add_child(line);
            }
            if let Some(result) = &result {
                let line = commands
                    .spawn((
                        label(result, 13.0, TEXT),
                        Node {
                            height: px(MOVE_ROW_HEIGHT),
                            flex_shrink: 0.0,
                            ..default()
                        },
                    ))
                    .id();
                commands.entity(list).add_child(line);
            }
        }
        *built = (rows.clone(), result);
    }
    if !rebuilt && *reviewed == record.review() {
        return;
    }
    *reviewed = record.review();
    let marked = record.review().map(|ply| {
        rows.iter()
            .position(|row| row.moves.iter().any(|(after, _)| *after == ply))
            .unwrap_or(0)
    });
    for (mut scroll, view) in &mut scrolls {
        let view_height = view.size().y * view.inverse_scale_factor();
        if let Some(y) = list_scroll(marked, rows.len(), scroll.y, view_height) {
            scroll.y = y;
        }
    }
}

/// Where the move list of `rows` rows, scrolled to `scroll` in a box `view_height` high, scrolls
/// to: to the row under review (`marked`) when it is out of view (a click in the list must not
/// move the list), else to the end, where the newest move is. `None`: it stays.
#[must_use]
pub fn list_scroll(
    marked: Option<usize>,
    rows: usize,
    scroll: f32,
    view_height: f32,
) -> Option<f32> {
    let Some(row) = marked else {
        return Some(SCROLL_TO_END);
    };
    let top = row as f32 * MOVE_ROW_HEIGHT;
    if top >= scroll && top + MOVE_ROW_HEIGHT <= scroll + view_height {
        return None;
    }
    Some(scroll_to_line(
        row,
        rows,
        rows as f32 * MOVE_ROW_HEIGHT,
        view_height,
    ))
}

/// The moves' colours: the position shown while reviewing in blue, the live game's last move
/// in grey, hover and press as on the buttons.
fn color_moves(
    record: Res<GameRecord>,
    mut entries: Query<(&Interaction, &MoveEntry, &mut BackgroundColor)>,
) {
    let last = record.game().moves().len();
    for (interaction, entry, mut background) in &mut entries {
        let color = match interaction {
            Interaction::Pressed => BUTTON_PRESSED,
            Interaction::Hovered => BUTTON_HOVER,
            Interaction::None if record.review() == Some(entry.0) => BUTTON_SELECTED,
            Interaction::None if entry.0 == last => LAST_MOVE,
            Interaction::None => Color::NONE,
        };
        if background.0 != color {
            background.0 = color;
        }
    }
}

/// Hover and press colours; the current level's, time control's and language's buttons and
/// the analysis while it runs stay highlighted, "Play from here" shows only while reviewing,
/// and the text field's border shows whether it has the keyboard.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn color_buttons(
    record: Res<GameRecord>,
    language: Res<Language>,
    clocks: Res<Clocks>,
    analysis: Res<Analysis>,
    focus: Option<Res<InputFocus>>,
    mut buttons: Query<(&Interaction, &PanelButton, &mut BackgroundColor)>,
    mut field: Query<(Entity, &mut BorderColor), With<InputField>>,
    mut review_only: Query<&mut Node, With<OnlyWhileReviewing>>,
) {
    for (interaction, action, mut background) in &mut buttons {
        let selected = match action {
            PanelButton::Level(l) => record.level() == Some(*l),
            PanelButton::Language(lang) => language.0 == *lang,
            PanelButton::TimeControl(control) => clocks.control == *control,
            PanelButton::DrawRules(rules) => record.game().draw_rules() == *rules,
            PanelButton::Analyse => analysis.0,
            _ => false,
        };
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
    let focused = focus.and_then(|f| f.get());
    for (entity, mut border) in &mut field {
        let wanted = BorderColor::all(if focused == Some(entity) { FOCUS } else { DIM });
        if *border != wanted {
            *border = wanted;
        }
    }
    let display = if record.review().is_some() {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut review_only {
        if node.display != display {
            node.display = display;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_plays_moves_opens_files_and_sets_up_positions() {
        // Moves, legal or not, and half-typed ones: the rules step says what is wrong.
        for mv in ["c3d4", "c3-d4", "22-18", "c3:e5", "a1-h8", "b2-", "ef4"] {
            assert_eq!(
                field_command(mv),
                Some(GameCommand::PlayText(mv.into())),
                "{mv}"
            );
        }
        assert_eq!(
            field_command(" games.PDN "),
            Some(GameCommand::LoadPdn("games.PDN".into()))
        );
        for fen in ["W:WKa1:Bb2", "b:W21:B1", "[FEN \"W:W21:B1\"]"] {
            assert_eq!(
                field_command(fen),
                Some(GameCommand::SetFen(fen.into())),
                "{fen}"
            );
        }
        assert_eq!(field_command("  "), None);
        assert_eq!(pdn_path("c3-d4"), None, "saved to the player's games");
        assert_eq!(pdn_path("club.pdn"), Some(PathBuf::from("club.pdn")));
    }

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
    fn the_move_list_follows_the_reviewed_move_and_otherwise_the_newest() {
        let view = 7.0 * MOVE_ROW_HEIGHT;
        // Reviewing row 30 of 40 with the list at its top: scrolled so that it is in view.
        let y = list_scroll(Some(30), 40, 0.0, view).unwrap();
        let top = 30.0 * MOVE_ROW_HEIGHT;
        assert!(y <= top && top + MOVE_ROW_HEIGHT <= y + view, "{y}");
        // A row in view (clicked in the list) does not move the list.
        assert_eq!(list_scroll(Some(31), 40, y, view), None);
        // Back to an early row: up again; no review: to the end.
        assert_eq!(list_scroll(Some(0), 40, y, view), Some(0.0));
        assert_eq!(list_scroll(None, 40, y, view), Some(SCROLL_TO_END));
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
