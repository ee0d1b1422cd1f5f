//! The clickable move list: one row per full move, one button per move (a click shows the
//! position after it), the result of a finished game on a line of its own.
//!
//! `refresh_move_list` rebuilds the rows when the record's moves (or the language) change and
//! scrolls to the newest move, or to the move under review ([`list_scroll`]); `color_moves`
//! marks the position shown while reviewing (blue) and the live game's last move (grey);
//! `press_moves` turns a click into [`RecordCommand::ReviewAt`].

use bevy::prelude::*;
use bevy::ui_widgets::ScrollArea;

use crate::core::record::GameRecord;
use crate::core::record::RecordCommand;
use crate::core::record_text::MoveRow;
use crate::ground::palette::panel::{
    BUTTON_HOVER, BUTTON_PRESSED, BUTTON_SELECTED, DIM, LAST_MOVE, TEXT,
};
use crate::text::Language;
use crate::view::panel::status::unbreakable_moves;
use crate::view::panel::widgets::{font, label};

/// A move in the move list: a click shows the position after ply `.0` (numbered from 1).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEntry(pub usize);

/// The move list's content: one row per full move.
#[derive(Component)]
pub(super) struct MovesList;
/// The move list's box: it scrolls with the mouse wheel and follows the newest move.
/// Its rows are [`MOVE_ROW_HEIGHT`] high.
#[derive(Component)]
pub(super) struct MovesScroll;

/// A scroll offset past the end of any move list: the layout clamps it to the last line.
pub(super) const SCROLL_TO_END: f32 = 1.0e6;
/// The height of a row of the move list (unscaled pixels).
pub(super) const MOVE_ROW_HEIGHT: f32 = 19.0;
/// The move list shows at least this many rows (the panel scrolls when the window is smaller).
pub(super) const MOVE_LIST_MIN_ROWS: f32 = 3.0;

/// The list's scrolling box, which takes the panel's remaining height.
pub(super) fn move_list_box(commands: &mut Commands) -> Entity {
    commands
        .spawn((
            MovesScroll,
            ScrollArea,
            Node {
                // The list gets the panel's remaining height, whatever its length (a basis of
                // its content would make it as tall as all its moves, so the panel would scroll
                // instead of the list), and at least a few rows.
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
        .id()
}

/// One row of the list: the move number and a button per move.
fn spawn_move_row(commands: &mut Commands, row: &MoveRow) -> Entity {
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
    commands
        .spawn(Node {
            flex_direction: FlexDirection::Row,
            height: px(MOVE_ROW_HEIGHT),
            flex_shrink: 0.0,
            align_items: AlignItems::Center,
            ..default()
        })
        .add_children(&children)
        .id()
}

/// Rebuilds the clickable move list when it changed, scrolls it to its end, and keeps the move
/// under review in view.
/// The move list's entities: the list and its scroll area.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MoveListNodes<'w, 's> {
    lists: Query<'w, 's, Entity, With<MovesList>>,
    scrolls: Query<'w, 's, (&'static mut ScrollPosition, &'static ComputedNode), With<MovesScroll>>,
}

pub(super) fn refresh_move_list(
    mut commands: Commands,
    record: Res<GameRecord>,
    language: Res<Language>,
    nodes: MoveListNodes,
    mut built: Local<(Vec<MoveRow>, Option<String>)>,
    mut reviewed: Local<Option<usize>>,
) {
    let MoveListNodes {
        lists, mut scrolls, ..
    } = nodes;
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
                let line = spawn_move_row(&mut commands, row);
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

/// The scroll offset that puts line `line` of a text of `lines` lines, `text_height` high, in
/// the middle of a box `view_height` high (the layout clamps it at the end of the text).
pub(super) fn scroll_to_line(line: usize, lines: usize, text_height: f32, view_height: f32) -> f32 {
    let line_height = text_height / lines.max(1) as f32;
    (line as f32 * line_height - (view_height - line_height) / 2.0).max(0.0)
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

/// A click on a move in the move list shows the position after it.
pub(super) fn press_moves(
    entries: Query<(&Interaction, &MoveEntry), Changed<Interaction>>,
    mut commands: MessageWriter<RecordCommand>,
) {
    for (interaction, entry) in &entries {
        if *interaction == Interaction::Pressed {
            commands.write(RecordCommand::ReviewAt(entry.0));
        }
    }
}

/// The moves' colours: the position shown while reviewing in blue, the live game's last move
/// in grey, hover and press as on the buttons.
pub(super) fn color_moves(
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
}
