//! The panel's layout: one column at the window's right edge, its parts in order (title and
//! languages, status, clocks, evaluation bar, thinking, notice, buttons, level, clock and draw
//! rules, text field, file buttons, review row, move list), and its scale with the window.
//!
//! The panel is laid out for a 1200×780 window and scaled with [`UiScale`] from [`ui_scale`]
//! (its width, fonts and buttons grow and shrink together). Everything fits the smallest window,
//! 640×480, with clocks and while reviewing; should it ever be taller than the window, it
//! scrolls, and the move list keeps a few lines. In a page narrower than that and taller than
//! wide (a phone held upright) the panels go below the board, as wide as the page
//! (`place_panels`, from [`panel_area`]), and scroll.

use bevy::prelude::*;
use bevy::ui_widgets::ScrollArea;
use bevy::window::PrimaryWindow;

use crate::core::settings::SettingsFile;
use crate::ground::geometry::{PANEL_WIDTH, panel_area, panel_below, ui_scale};
use crate::ground::palette::panel::{SEPARATOR, TEXT};
use crate::text::Lang;
use crate::view::panel::buttons::{
    file_rows, game_rows, language_button, level_row, review_row, setting_rows,
};
use crate::view::panel::evaluation::evaluation_row;
use crate::view::panel::move_list::move_list_box;
use crate::view::panel::status::{clock_row, level_line, status_box, thinking_and_notice_boxes};
use crate::view::panel::text_field::field_rows;
use crate::view::panel::widgets::{SidePanel, button_node, panel_column, row, words};

/// The main panel's root node (the puzzle panel hides it while the puzzle mode is on).
#[derive(Component)]
pub struct PanelRoot;

/// The line between the board and the panel.
#[derive(Component)]
pub(super) struct Separator;

/// Builds the panel: its column and, in order, each part's rows.
pub(super) fn spawn_panel(mut commands: Commands, settings: Res<SettingsFile>) {
    // The field offers the file opened last ("Open PDN" opens it again).
    let last_file = settings
        .saved
        .last_file
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let root = spawn_column(&mut commands);
    let commands = &mut commands;
    let mut children = vec![
        title_row(commands),
        status_box(commands),
        clock_row(commands),
    ];
    children.push(evaluation_row(commands));
    children.extend(thinking_and_notice_boxes(commands));
    children.extend(game_rows(commands));
    children.push(level_line(commands));
    children.push(level_row(commands));
    children.extend(setting_rows(commands));
    children.extend(field_rows(commands, last_file));
    children.extend(file_rows(commands));
    children.push(review_row(commands));
    children.push(move_list_box(commands));
    commands.entity(root).add_children(&children);
}

/// The panel's column (scrolling, should it ever be taller than the window) and the line
/// between the board and the panel.
fn spawn_column(commands: &mut Commands) -> Entity {
    let root = commands
        .spawn((
            PanelRoot,
            SidePanel,
            ScrollArea,
            panel_column(3.0, Overflow::scroll_y()),
        ))
        .id();
    commands.spawn((
        Separator,
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
    root
}

/// The title, with the languages beside it (a row of their own would not fit at 640×480).
fn title_row(commands: &mut Commands) -> Entity {
    let language = |lang| {
        (
            language_button(lang),
            Node {
                flex_grow: 0.0,
                padding: UiRect::axes(px(6), px(2)),
                ..button_node()
            },
        )
    };
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
                language(Lang::Ru),
                language(Lang::En),
            ],
        ))
        .id()
}

/// Scales the panel (width, fonts, buttons) with the window.
pub(super) fn scale_to_window(
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

/// Puts the panels' columns and the separator beside the board, or below it in a narrow
/// upright window ([`panel_below`]), as the window's size asks.
pub(super) fn place_panels(
    window: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut panels: Query<&mut Node, (With<SidePanel>, Without<Separator>)>,
    mut separator: Query<&mut Node, (With<Separator>, Without<SidePanel>)>,
) {
    let Ok(window) = window.single() else {
        return;
    };
    let size = window.size();
    // Node sizes are in UI units: logical pixels over the UI scale.
    let scale = ui_scale(size);
    let (corner, area) = panel_area(size);
    let below = panel_below(size);
    for mut node in &mut panels {
        let (top, height, width) = if below {
            (px(corner.y / scale), px(area.y / scale), px(area.x / scale))
        } else {
            (px(0), percent(100), px(PANEL_WIDTH))
        };
        if node.top != top || node.height != height || node.width != width {
            node.top = top;
            node.height = height;
            node.width = width;
        }
    }
    for mut node in &mut separator {
        let (right, top, width, height) = if below {
            (px(0), px(corner.y / scale), percent(100), px(1))
        } else {
            (px(PANEL_WIDTH), px(0), px(1), percent(100))
        };
        if node.right != right || node.top != top || node.width != width || node.height != height {
            node.right = right;
            node.top = top;
            node.width = width;
            node.height = height;
        }
    }
}
