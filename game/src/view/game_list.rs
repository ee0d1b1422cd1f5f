//! The list of a collection's games on the screen: it covers the board while the
//! [`Collection`] is on show, one line per game (players, result, number of moves; event and
//! date below), a heading with the file and the count, a line about the games that could not be
//! read, and a filter field for a player's name.
//!
//! Data flow: `sync_list` (view stage) shows or hides the overlay and rebuilds its rows when the
//! collection, its filter or the language changed; `read_filter` and `press_list` (input stage)
//! turn what the player types into [`ListCommand::Filter`] and a click on a game into
//! [`FileCommand::OpenGame`] (Close and Escape into [`ListCommand::Show`]), which the
//! core applies. The keys work the list too, even while the filter has the keyboard: ↑/↓ (Page
//! Up/Down by ten) move the highlighted game ([`ListCommand::MoveCursor`]), which is kept in
//! view, and Enter opens it. The list scales with the panel ([`UiScale`]).

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::{EditableText, TextCursorStyle};
use bevy::ui_widgets::ScrollArea;
use bevy::window::PrimaryWindow;

use crate::core::collection::{Collection, ListCommand, ListedGame};
use crate::core::files::FileCommand;
use crate::ground::geometry::{PANEL_WIDTH, panel_below};
use crate::ground::palette::panel::{DIM, FOCUS, TEXT};
use crate::text::{Catalogue, Language};
use crate::view::panel::status::shorten;
use crate::view::panel::widgets::{Words, font, show};

const BACKGROUND: Color = Color::srgb(0.12, 0.13, 0.15);
const ROW: Color = Color::srgb(0.17, 0.18, 0.21);
const ROW_HOVER: Color = Color::srgb(0.26, 0.30, 0.38);
const ROW_CURSOR: Color = Color::srgb(0.22, 0.45, 0.70);
/// A game's row: two lines (14 and 12 px text) and their padding.
const ROW_HEIGHT: f32 = 38.0;
/// The gap between rows.
const ROW_GAP: f32 = 3.0;
/// The most games the list holds as rows at once: a collection of hundreds drawn whole took
/// seconds a frame under a software renderer. The rows are a window around the highlighted game
/// ([`list_window`]); lines above and below say how many more there are.
pub const LIST_WINDOW: usize = 40;
const ERROR: Color = Color::srgb(1.0, 0.55, 0.45);

/// The overlay.
#[derive(Component)]
struct ListRoot;
/// The heading: the file and the count.
#[derive(Component)]
struct Heading;
/// The line about the games not read.
#[derive(Component)]
struct Problems;
/// The box of the rows.
#[derive(Component)]
struct Rows;
/// The filter field.
#[derive(Component)]
pub struct FilterField;
/// The Close button.
#[derive(Component)]
struct CloseList;
/// The line for the games above or below the rows: a click moves the highlight by `.0` games.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
struct MoreGames(isize);
/// A game of the list: a click opens game `.0` of [`Collection::games`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListEntry(pub usize);

/// Registers the list's view.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_list)
        .add_systems(
            Update,
            (read_filter, press_list).in_set(crate::ground::GameSet::Input),
        )
        .add_systems(
            Update,
            (sync_list, fit_list_to_window).in_set(crate::ground::GameSet::View),
        );
}

/// The list covers the board beside the panel, or the whole window when the panel is below the
/// board (a phone held upright: [`panel_below`]).
fn fit_list_to_window(
    window: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut roots: Query<&mut Node, With<ListRoot>>,
) {
    let Ok(window) = window.single() else {
        return;
    };
    let right = if panel_below(window.size()) {
        px(0)
    } else {
        px(PANEL_WIDTH)
    };
    for mut node in &mut roots {
        if node.right != right {
            node.right = right;
        }
    }
}

/// A row of the overlay's top: the heading and Close, the filter's label and field.
fn bar() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(8),
        align_items: AlignItems::Center,
        flex_shrink: 0.0,
        ..default()
    }
}

fn spawn_list(mut commands: Commands) {
    commands.spawn((
        ListRoot,
        GlobalZIndex(10),
        BackgroundColor(BACKGROUND),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            bottom: px(0),
            right: px(PANEL_WIDTH),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(12)),
            row_gap: px(6),
            display: Display::None,
            ..default()
        },
        children![
            (
                bar(),
                children![
                    (
                        Heading,
                        Text::new(""),
                        font(16.0),
                        TextColor(TEXT),
                        Node {
                            flex_grow: 1.0,
                            ..default()
                        }
                    ),
                    (
                        Button,
                        CloseList,
                        Node {
                            padding: UiRect::axes(px(10), px(4)),
                            border_radius: BorderRadius::all(px(5)),
                            ..default()
                        },
                        BackgroundColor(ROW),
                        children![(
                            Words(|t| t.close_list),
                            Text::new(""),
                            font(13.0),
                            TextColor(TEXT)
                        )],
                    ),
                ],
            ),
            (
                Problems,
                Text::new(""),
                font(12.0),
                TextColor(ERROR),
                Node {
                    flex_shrink: 0.0,
                    ..default()
                }
            ),
            (
                bar(),
                children![
                    (
                        Words(|t| t.filter_label),
                        Text::new(""),
                        font(13.0),
                        TextColor(DIM)
                    ),
                    (
                        FilterField,
                        Node {
                            flex_grow: 1.0,
                            padding: UiRect::all(px(4)),
                            border: UiRect::all(px(1)),
                            ..default()
                        },
                        BorderColor::all(DIM),
                        BackgroundColor(Color::srgb(0.08, 0.08, 0.10)),
                        EditableText {
                            allow_newlines: false,
                            ..default()
                        },
                        TextCursorStyle {
                            color: TEXT,
                            ..default()
                        },
                        TextLayout::no_wrap(),
                        font(13.0),
                        TextColor(TEXT),
                    ),
                ],
            ),
            (
                Rows,
                ScrollArea,
                Node {
                    flex_grow: 1.0,
                    flex_basis: px(0),
                    flex_direction: FlexDirection::Column,
                    row_gap: px(ROW_GAP),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
            ),
        ],
    ));
}

/// A game's first line: `#3  Ivanov — Petrov   2-0   42 moves`.
#[must_use]
pub fn game_line(game: &ListedGame, t: &Catalogue) -> String {
    format!(
        "#{}  {} — {}    {}    {}",
        game.number,
        game.white,
        game.black,
        game.result,
        (t.full_moves)(game.moves)
    )
}

/// A game's second line: the event and the date, as far as the file gives them.
#[must_use]
pub fn game_details(game: &ListedGame) -> String {
    [game.event.as_str(), game.date.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line about the games that could not be read: their count and the first one's number,
/// line and reason (each reason is printed whole to stderr when the file is opened). A move
/// that is not legal is said in the player's language; other reasons are the reader's.
#[must_use]
pub fn problems_line(collection: &Collection, t: &Catalogue) -> String {
    use shashki::MoveError;
    use shashki::pdn::PdnErrorKind;
    let Some(first) = collection.failed.first() else {
        return String::new();
    };
    let why = match &*first.kind {
        PdnErrorKind::Move {
            number,
            black,
            text,
            error: MoveError::Illegal { .. },
        } => (t.illegal_move_in_file)(*number, if *black { "..." } else { "." }, text),
        kind => kind.to_string(),
    };
    shorten(
        &(t.games_not_read)(collection.failed.len(), first.game, first.line, &why),
        220,
    )
}

/// Shows or hides the list and rebuilds its rows when the collection or the language changed.
/// The list's entities: its root, heading, problems line, rows and filter field.
#[allow(clippy::type_complexity)]
#[derive(bevy::ecs::system::SystemParam)]
struct ListNodes<'w, 's> {
    roots: Query<'w, 's, &'static mut Node, With<ListRoot>>,
    heading: Query<'w, 's, &'static mut Text, (With<Heading>, Without<Problems>)>,
    problems: Query<'w, 's, &'static mut Text, (With<Problems>, Without<Heading>)>,
    rows: Query<'w, 's, (Entity, &'static mut ScrollPosition, &'static ComputedNode), With<Rows>>,
    filter: Query<
        'w,
        's,
        (Entity, &'static mut BorderColor, &'static mut EditableText),
        With<FilterField>,
    >,
}

fn sync_list(
    mut commands: Commands,
    collection: Res<Collection>,
    language: Res<Language>,
    focus: Option<ResMut<InputFocus>>,
    nodes: ListNodes,
) {
    let ListNodes {
        mut roots,
        mut heading,
        mut problems,
        mut rows,
        mut filter,
    } = nodes;
    let focused = focus.as_ref().and_then(|f| f.get());
    for (entity, mut border, _) in &mut filter {
        let wanted = BorderColor::all(if focused == Some(entity) { FOCUS } else { DIM });
        if *border != wanted {
            *border = wanted;
        }
    }
    if !collection.is_changed() && !language.is_changed() {
        return;
    }
    // A new file starts unfiltered: the field says so too.
    if collection.filter.is_empty() {
        for (_, _, mut field) in &mut filter {
            if !field.value().to_string().is_empty() {
                field.clear();
            }
        }
    }
    show(&mut roots, collection.shown);
    if !collection.shown {
        // The filter field gives the keyboard back when the list closes.
        if let Some(mut focus) = focus
            && filter.iter().any(|(e, _, _)| focused == Some(e))
        {
            focus.clear();
        }
        return;
    }
    let t = language.0.text();
    let visible = collection.visible();
    let window = list_window(collection.cursor, visible.len());
    let above = usize::from(window.start > 0);
    // The highlighted game stays in view.
    for (_, mut scroll, view) in &mut rows {
        let view = view.size().y * view.inverse_scale_factor();
        let line = collection.cursor.saturating_sub(window.start) + above;
        let top = line as f32 * (ROW_HEIGHT + ROW_GAP);
        if top < scroll.y {
            scroll.y = top;
        } else if top + ROW_HEIGHT > scroll.y + view && view > 0.0 {
            scroll.y = top + ROW_HEIGHT - view;
        }
    }
    for mut text in &mut heading {
        text.0 = (t.game_list_heading)(
            &collection.file_name(),
            collection.games.len(),
            visible.len(),
        );
    }
    for mut text in &mut problems {
        text.0 = problems_line(&collection, t);
    }
    for (list, _, _) in &rows {
        commands.entity(list).despawn_children();
        if visible.is_empty() {
            let empty = commands
                .spawn((Text::new(t.no_game_matches), font(13.0), TextColor(DIM)))
                .id();
            commands.entity(list).add_child(empty);
        }
        // A click on a "more" line moves the highlight a window's half that way.
        let step = (LIST_WINDOW / 2) as isize;
        let more = |n: usize, delta: isize| {
            (
                Button,
                MoreGames(delta),
                Node {
                    height: px(ROW_HEIGHT),
                    flex_shrink: 0.0,
                    align_items: AlignItems::Center,
                    padding: UiRect::horizontal(px(8)),
                    ..default()
                },
                children![(Text::new((t.more_games)(n)), font(12.0), TextColor(DIM))],
            )
        };
        if above > 0 {
            let line = commands.spawn(more(window.start, -step)).id();
            commands.entity(list).add_child(line);
        }
        for game in &visible[window.clone()] {
            let row = commands
                .spawn((
                    Button,
                    ListEntry(game.index),
                    Node {
                        flex_direction: FlexDirection::Column,
                        flex_shrink: 0.0,
                        height: px(ROW_HEIGHT),
                        overflow: Overflow::clip(),
                        padding: UiRect::axes(px(8), px(3)),
                        border_radius: BorderRadius::all(px(4)),
                        ..default()
                    },
                    BackgroundColor(ROW),
                    children![
                        (
                            Text::new(game_line(game, t)),
                            font(14.0),
                            TextColor(TEXT),
                            TextLayout::no_wrap()
                        ),
                        (
                            Text::new(game_details(game)),
                            font(12.0),
                            TextColor(DIM),
                            TextLayout::no_wrap()
                        ),
                    ],
                ))
                .id();
            commands.entity(list).add_child(row);
        }
        if window.end < visible.len() {
            let line = commands.spawn(more(visible.len() - window.end, step)).id();
            commands.entity(list).add_child(line);
        }
    }
}

/// The games of the list drawn as rows, as a range of the `shown` games the filter lets
/// through: at most [`LIST_WINDOW`], the highlighted one (`cursor`) in the middle where it can be.
#[must_use]
pub fn list_window(cursor: usize, shown: usize) -> std::ops::Range<usize> {
    let start = cursor
        .saturating_sub(LIST_WINDOW / 2)
        .min(shown.saturating_sub(LIST_WINDOW));
    start..(start + LIST_WINDOW).min(shown)
}

/// What is typed in the filter field filters the list.
fn read_filter(
    collection: Res<Collection>,
    field: Query<&EditableText, (With<FilterField>, Changed<EditableText>)>,
    mut commands: MessageWriter<ListCommand>,
) {
    for field in &field {
        let text = field.value().to_string();
        if text != collection.filter {
            commands.write(ListCommand::Filter(text));
        }
    }
}

/// A click on a game opens it; ↑/↓, Page Up/Down move the highlight and Enter opens the
/// highlighted game; Close (or Escape outside the filter field) closes the list.
/// The list's buttons: its rows, Close and the "more games" lines.
#[allow(clippy::type_complexity)]
#[derive(bevy::ecs::system::SystemParam)]
struct ListButtons<'w, 's> {
    entries: Query<
        'w,
        's,
        (
            Ref<'static, Interaction>,
            &'static ListEntry,
            &'static mut BackgroundColor,
        ),
        Without<CloseList>,
    >,
    close: Query<'w, 's, &'static Interaction, (With<CloseList>, Changed<Interaction>)>,
    more: Query<'w, 's, (&'static Interaction, &'static MoreGames), Changed<Interaction>>,
}

fn press_list(
    collection: Res<Collection>,
    (keys, focus): (Option<Res<ButtonInput<KeyCode>>>, Option<Res<InputFocus>>),
    filter: Query<Entity, With<FilterField>>,
    buttons: ListButtons,
    mut commands: MessageWriter<ListCommand>,
    mut files: MessageWriter<FileCommand>,
) {
    let ListButtons {
        mut entries,
        close,
        more,
    } = buttons;
    if !collection.shown {
        return;
    }
    let highlighted = collection.visible().get(collection.cursor).map(|g| g.index);
    for (interaction, entry, mut background) in &mut entries {
        let color = match *interaction {
            Interaction::None if highlighted == Some(entry.0) => ROW_CURSOR,
            Interaction::None => ROW,
            _ => ROW_HOVER,
        };
        if background.0 != color {
            background.0 = color;
        }
        if *interaction == Interaction::Pressed && interaction.is_changed() {
            files.write(FileCommand::OpenGame(entry.0));
        }
    }
    let in_filter = focus
        .and_then(|f| f.get())
        .is_some_and(|e| filter.contains(e));
    for (interaction, more) in &more {
        if *interaction == Interaction::Pressed {
            commands.write(ListCommand::MoveCursor(more.0));
        }
    }
    if let Some(keys) = &keys {
        for (key, delta) in [
            (KeyCode::ArrowDown, 1),
            (KeyCode::ArrowUp, -1),
            (KeyCode::PageDown, 10),
            (KeyCode::PageUp, -10),
        ] {
            if keys.just_pressed(key) {
                commands.write(ListCommand::MoveCursor(delta));
            }
        }
        if keys.just_pressed(KeyCode::Enter)
            && let Some(index) = highlighted
        {
            files.write(FileCommand::OpenGame(index));
        }
    }
    let escape = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) && !in_filter;
    if escape || close.iter().any(|i| *i == Interaction::Pressed) {
        commands.write(ListCommand::Show(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_draws_a_window_of_rows_around_the_highlighted_game() {
        assert_eq!(list_window(0, 3), 0..3);
        assert_eq!(list_window(0, 460), 0..LIST_WINDOW);
        assert_eq!(list_window(100, 460), 80..120);
        assert_eq!(list_window(459, 460), 420..460);
        assert_eq!(list_window(0, 0), 0..0);
    }
}
