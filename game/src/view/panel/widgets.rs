//! The panel's building blocks: text in the panel's font, fixed labels in the current
//! language ([`Words`], rewritten by `translate_labels` when the language changes), clipped text
//! boxes, rows and buttons. The main panel, the puzzle panel and the list of games build with
//! them, so every button looks and behaves the same.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::ground::geometry::PANEL_WIDTH;
use crate::ground::palette::panel::{BUTTON, TEXT};
use crate::text::{Catalogue, Language};

/// A fixed label: the catalogue field it shows, rewritten when the language changes.
#[derive(Component, Clone, Copy)]
pub struct Words(pub fn(&Catalogue) -> &'static str);

pub(crate) fn font(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}

pub(crate) fn label(text: &str, size: f32, color: Color) -> impl Bundle {
    (Text::new(text), font(size), TextColor(color))
}

/// A fixed label in the current language.
pub(super) fn words(words: fn(&Catalogue) -> &'static str, size: f32, color: Color) -> impl Bundle {
    (Words(words), label("", size, color))
}

/// A box of `lines` lines of `size` px text (marked `marker`, empty until refreshed) that clips
/// what does not fit. The text is the child of the clipping node: a node clips its children, not
/// its own text, so a text that clipped itself would still be drawn over the rows below. The box
/// is exactly `lines` lines high (Bevy's line height is 1.2 times the font size), so a line that
/// does not fit is not drawn at all rather than cut through. Its height never changes with the
/// text, so the rows below stay where the player clicks them (the puzzle panel's wrong-move
/// message or solution would otherwise push its buttons down).
pub(crate) fn text_box(marker: impl Component, size: f32, color: Color, lines: f32) -> impl Bundle {
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

/// A row of the panel. It never shrinks: a panel taller than the window scrolls instead of
/// squeezing its rows into each other.
pub(crate) fn row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        column_gap: px(6),
        width: percent(100),
        flex_shrink: 0.0,
        ..default()
    }
}

pub(super) fn button_node() -> Node {
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

/// Rewrites the fixed labels (and the window title) when the language changes.
pub(super) fn translate_labels(
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

/// A side panel's column at the window's right edge, the panel's width and the window's height
/// (the main panel's and the puzzle panel's).
/// A panel's column (the main panel's, the puzzle panel's): placed beside or below the board
/// with the window (`layout::place_panels`).
#[derive(Component)]
pub struct SidePanel;

pub(crate) fn panel_column(row_gap: f32, overflow: Overflow) -> Node {
    Node {
        position_type: PositionType::Absolute,
        right: px(0),
        top: px(0),
        width: px(PANEL_WIDTH),
        height: percent(100),
        flex_direction: FlexDirection::Column,
        padding: UiRect::all(px(10)),
        row_gap: px(row_gap),
        overflow,
        ..default()
    }
}

/// Shows `nodes` when `shown`, else hides them (they take no room); a node already so is left
/// untouched, so that the layout is not redone every frame.
pub(crate) fn show<'a>(nodes: impl IntoIterator<Item = Mut<'a, Node>>, shown: bool) {
    let display = if shown { Display::Flex } else { Display::None };
    for mut node in nodes {
        if node.display != display {
            node.display = display;
        }
    }
}
