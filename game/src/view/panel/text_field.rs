//! The panel's text field: a FEN, a PDN file's name or a move typed by the player.
//!
//! Enter in the field ([`field_command`]) plays the move typed, opens the file when it names a
//! `.pdn`, else sets up the FEN; Enter on the board puts the keyboard in the field, to type a
//! move; a press outside it gives the keyboard back to the board (the shortcuts work again).
//! "Set FEN", "Load PDN" and "Save PDN" (in [`buttons`](super::buttons)) read it too. Its border
//! shows whether it has the keyboard.

use std::path::PathBuf;

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::{EditableText, TextCursorStyle};
use bevy::window::PrimaryWindow;

use crate::core::collection::Collection;
use crate::core::files::FileCommand;
use crate::core::record::RecordCommand;
use crate::ground::palette::panel::{DIM, FOCUS, TEXT};
use crate::view::intent::{Intent, Intents};
use crate::view::panel::widgets::{font, words};
use crate::view::shortcuts::typing;

/// The FEN / file-name text field.
#[derive(Component)]
pub struct InputField;

/// The field's label and the field, offering `last_file` (the file opened last: "Open PDN"
/// opens it again).
pub(super) fn field_rows(commands: &mut Commands, last_file: String) -> [Entity; 2] {
    [
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
    ]
}

pub(super) fn field_text(field: &Query<&EditableText, With<InputField>>) -> String {
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
pub(super) fn pdn_path(text: &str) -> Option<PathBuf> {
    is_pdn_name(text).then(|| PathBuf::from(text))
}

fn is_pdn_name(text: &str) -> bool {
    text.to_ascii_lowercase().ends_with(".pdn")
}

/// What Enter in the text field does with its `text`: a `.pdn` name is opened, a FEN (`W:…`,
/// `B:…`, or a `[FEN "…"]` tag) is set up, anything else is played as a move (`c3d4`, `c3-d4`,
/// `22-18`, `c3:e5`; the rules step says why when it is not a legal move, or not a move).
#[must_use]
pub fn field_command(text: &str) -> Option<Intent> {
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
        FileCommand::Load(PathBuf::from(text)).into()
    } else if fen {
        RecordCommand::SetFen(text.to_string()).into()
    } else {
        RecordCommand::PlayText(text.to_string()).into()
    })
}

/// A press outside the text fields (the panel's, the list's filter) takes the keyboard focus
/// from them (Bevy gives a field the focus on a press in it and keeps it there), so that the
/// keyboard shortcuts work again.
pub(super) fn blur_field_on_outside_press(
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
pub(super) fn submit_field(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<ResMut<InputFocus>>,
    windows: Query<(), With<Window>>,
    list: Res<Collection>,
    mut field: Query<(Entity, &mut EditableText), With<InputField>>,
    mut intents: Intents,
    mut waiting: Local<bool>,
) {
    let enter = keys.just_pressed(KeyCode::Enter);
    if !enter && !*waiting {
        return;
    }
    let Some(mut focus) = focus else {
        return;
    };
    if !typing(Some(&focus), &windows) {
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
    if matches!(command, Some(Intent::Record(RecordCommand::PlayText(_)))) {
        field.clear();
    } else {
        focus.clear();
    }
    if let Some(command) = command {
        intents.send(command);
    }
}

/// The text field's border shows whether it has the keyboard.
pub(super) fn color_field(
    focus: Option<Res<InputFocus>>,
    mut field: Query<(Entity, &mut BorderColor), With<InputField>>,
) {
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
    fn the_field_plays_moves_opens_files_and_sets_up_positions() {
        // Moves, legal or not, and half-typed ones: the rules step says what is wrong.
        for mv in ["c3d4", "c3-d4", "22-18", "c3:e5", "a1-h8", "b2-", "ef4"] {
            assert_eq!(
                field_command(mv),
                Some(RecordCommand::PlayText(mv.into()).into()),
                "{mv}"
            );
        }
        assert_eq!(
            field_command(" games.PDN "),
            Some(FileCommand::Load("games.PDN".into()).into())
        );
        for fen in ["W:WKa1:Bb2", "b:W21:B1", "[FEN \"W:W21:B1\"]"] {
            assert_eq!(
                field_command(fen),
                Some(RecordCommand::SetFen(fen.into()).into()),
                "{fen}"
            );
        }
        assert_eq!(field_command("  "), None);
        assert_eq!(pdn_path("c3-d4"), None, "saved to the player's games");
        assert_eq!(pdn_path("club.pdn"), Some(PathBuf::from("club.pdn")));
    }
}
