//! The side panel: status, engine thinking, messages, the buttons, a FEN / PDN-file text field
//! and the move list — Bevy UI nodes that show the [`GameRecord`] and write [`GameCommand`]s.
//!
//! Every word comes from the current [`Language`]'s catalogue: fixed labels carry a [`Words`]
//! component (the catalogue field to show) and are rewritten when the language changes. The panel
//! is laid out for a 1200×780 window and scaled with [`UiScale`] from [`ui_scale`] (its width,
//! fonts and buttons grow and shrink together); status, thinking line and notice each have a box
//! of their own with a fixed number of lines, clipped, so they never overlap, and a notice
//! longer than its box is shortened (errors are printed whole to stderr).
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
use bevy::text::{EditableText, TextCursorStyle};
use bevy::ui_widgets::ScrollArea;
use bevy::window::PrimaryWindow;

use crate::engine_task::{Purpose, Thinking};
use crate::geometry::{PANEL_WIDTH, ui_scale};
use crate::i18n::{Catalogue, Lang, Language, Say, SwitchLanguage};
use crate::input::{ClickFeedback, FEEDBACK_SECONDS};
use crate::record::{GameCommand, GameRecord, Mode, Notice};
use shashki::LEVELS;

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
}

/// A fixed label: the catalogue field it shows, rewritten when the language changes.
#[derive(Component, Clone, Copy)]
pub struct Words(pub fn(&Catalogue) -> &'static str);

/// The notice box shows at most this many characters; longer notices end in "…".
pub const NOTICE_CHARS: usize = 170;

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
            (
                scale_to_window,
                translate_labels,
                refresh_texts,
                refresh_move_list,
                color_buttons,
            )
                .in_set(crate::GameSet::View),
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

/// A fixed label in the current language.
fn words(words: fn(&Catalogue) -> &'static str, size: f32, color: Color) -> impl Bundle {
    (Words(words), label("", size, color))
}

/// A box of `lines` lines of `size` px text that clips what does not fit.
fn text_box(lines: f32, size: f32) -> Node {
    Node {
        width: percent(100),
        height: px(lines * size * 1.3),
        flex_shrink: 0.0,
        overflow: Overflow::clip(),
        ..default()
    }
}

fn button_node() -> Node {
    Node {
        flex_grow: 1.0,
        flex_basis: px(0),
        min_height: px(28),
        padding: UiRect::axes(px(3), px(2)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(5)),
        ..default()
    }
}

/// A button with a label in the current language (wrapped, centred, when it is long).
fn button(action: PanelButton, text: fn(&Catalogue) -> &'static str) -> impl Bundle {
    (
        Button,
        action,
        button_node(),
        BackgroundColor(BUTTON),
        children![(
            Words(text),
            Text::new(""),
            font(13.0),
            TextColor(TEXT),
            TextLayout::justify(Justify::Center),
        )],
    )
}

/// A button whose label is the same in every language (a level number, a language's name).
fn fixed_button(action: PanelButton, text: &str) -> impl Bundle {
    (
        Button,
        action,
        button_node(),
        BackgroundColor(BUTTON),
        children![(Text::new(text), font(13.0), TextColor(TEXT))],
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
            padding: UiRect::all(px(10)),
            row_gap: px(5),
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
    let levels: Vec<Entity> = (1..=LEVELS.len())
        .map(|n| {
            commands
                .spawn(fixed_button(PanelButton::Level(n), &n.to_string()))
                .id()
        })
        .collect();
    let level_row = commands.spawn(row()).add_children(&levels).id();
    let children = [
        commands.spawn(words(|t| t.title, 17.0, TEXT)).id(),
        commands
            .spawn((StatusText, label("", 15.0, TEXT), text_box(2.0, 15.0)))
            .id(),
        commands
            .spawn((ThinkingText, label("", 12.0, THINK), text_box(3.0, 12.0)))
            .id(),
        commands
            .spawn((NoticeText, label("", 12.0, DIM), text_box(3.0, 12.0)))
            .id(),
        commands.spawn(words(|t| t.new_game, 12.0, DIM)).id(),
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
        commands.spawn(words(|t| t.field_label, 12.0, DIM)).id(),
        commands
            .spawn((
                InputField,
                Node {
                    width: percent(100),
                    padding: UiRect::all(px(4)),
                    border: UiRect::all(px(1)),
                    ..default()
                },
                BorderColor::all(DIM),
                BackgroundColor(Color::srgb(0.10, 0.10, 0.12)),
                EditableText {
                    allow_newlines: false,
                    ..default()
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
                    (
                        words(|t| t.language, 12.0, DIM),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        }
                    ),
                    fixed_button(PanelButton::Language(Lang::Ru), Lang::Ru.endonym()),
                    fixed_button(PanelButton::Language(Lang::En), Lang::En.endonym()),
                ],
            ))
            .id(),
        commands.spawn(words(|t| t.moves, 12.0, DIM)).id(),
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
                children![(MovesText, label("", 13.0, TEXT))],
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
    mut languages: MessageWriter<SwitchLanguage>,
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
/// Enter also gives the keyboard back to the board (the shortcuts work again).
fn submit_field(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<ResMut<InputFocus>>,
    field: Query<(Entity, &EditableText), With<InputField>>,
    mut commands: MessageWriter<GameCommand>,
) {
    if !keys.just_pressed(KeyCode::Enter) {
        return;
    }
    let Some(mut focus) = focus else {
        return;
    };
    let Some(focused) = focus.get() else {
        return;
    };
    let Ok((_, field)) = field.get(focused) else {
        return;
    };
    focus.clear();
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

/// Rewrites the panel texts from the record, the engine and the notices.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn refresh_texts(
    record: Res<GameRecord>,
    thinking: Res<Thinking>,
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
    let thinking_line = match thinking.purpose {
        None => String::new(),
        Some(purpose) => {
            let what = match purpose {
                Purpose::Move | Purpose::DrawOffer => t.thinking,
                Purpose::Hint => t.looking_for_hint,
            };
            let p = &thinking.progress;
            if p.depth == 0 {
                format!("{what}…")
            } else {
                let side = (t.side)(record.game.position().side_to_move());
                format!(
                    "{what} ({side}): {}\n{}",
                    (t.depth_score)(p.depth, &p.score),
                    unbreakable_moves(&p.pv)
                )
            }
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
    let level = match record.strength {
        crate::record::Strength::Level(n) => {
            let name = n
                .checked_sub(1)
                .and_then(|i| t.level_names.get(i))
                .copied()
                .unwrap_or_default();
            (t.level_line)(n, name)
        }
        crate::record::Strength::MoveTime(time) => {
            let top = t.level_names.last().copied().unwrap_or_default();
            (t.level_line)(LEVELS.len(), &format!("{top} ({})", seconds(time)))
        }
    };
    for mut text in &mut texts.p3() {
        set(&mut text, level.clone());
    }
}

/// Rewrites the move list when it changed, and scrolls it to its end, or to the move under
/// review.
fn refresh_move_list(
    record: Res<GameRecord>,
    language: Res<Language>,
    mut texts: Query<(&mut Text, &ComputedNode), With<MovesText>>,
    mut scrolls: Query<(&mut ScrollPosition, &ComputedNode), With<MovesScroll>>,
) {
    if !record.is_changed() && !language.is_changed() {
        return;
    }
    // The line of the position under review is kept in view.
    let (lines, marked) = record.move_lines_marked(language.0.text());
    let moves = unbreakable_moves(&lines.join("\n"));
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

/// Hover and press colours; the current level's and language's buttons stay highlighted, and
/// the text field's border shows whether it has the keyboard.
#[allow(clippy::type_complexity)]
fn color_buttons(
    record: Res<GameRecord>,
    language: Res<Language>,
    focus: Option<Res<InputFocus>>,
    mut buttons: Query<(&Interaction, &PanelButton, &mut BackgroundColor)>,
    mut field: Query<(Entity, &mut BorderColor), With<InputField>>,
) {
    for (interaction, action, mut background) in &mut buttons {
        let selected = match action {
            PanelButton::Level(l) => record.level() == Some(*l),
            PanelButton::Language(lang) => language.0 == *lang,
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
        let text = |ms| seconds(Duration::from_millis(ms));
        assert_eq!(text(50), "0.05 s");
        assert_eq!(text(250), "0.25 s");
        assert_eq!(text(1000), "1 s");
        assert_eq!(text(1500), "1.5 s");
        assert_eq!(text(10_000), "10 s");
    }
}
