//! Keyboard shortcuts: the panel's most used buttons without the mouse — take back and replay
//! moves, review earlier positions, ask for a hint, flip the board, choose a level, drop a
//! selection.
//!
//! Data flow (in [`GameSet::Input`](crate::ground::GameSet), before the rules step): `press_keys`
//! maps each key pressed this frame with the pure [`shortcut`] and writes the same requests ([`Intent`]s)
//! the buttons write, or clears the [`Selection`] on Escape. While the FEN / file name field has
//! the keyboard focus, keys are text and no shortcut fires ([`typing`]: the focus on an entity
//! other than the window — Bevy gives the window the focus at start-up, and keys sent to the window
//! are the board's); Escape, or a press outside the field (`panel`), gives the keys back.

use bevy::input_focus::InputFocus;
use bevy::prelude::*;

use crate::core::record::RecordCommand;
use crate::core::setup::SetupCommand;
use crate::engine::engine_task::EngineCommand;
use crate::view::intent::{Intent, Intents};
use crate::view::selection::Selection;
use shashki::LEVELS;

/// What a key does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Send this request, as the panel's button does.
    Command(Intent),
    /// Drop the piece selected on the board.
    Deselect,
}

/// The keys of the levels, weakest first (one per entry of [`LEVELS`]).
const LEVEL_KEYS: [KeyCode; LEVELS.len()] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
];

/// Registers the shortcuts (they need the keyboard input of `DefaultPlugins`, or a test's).
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        press_keys
            .run_if(resource_exists::<ButtonInput<KeyCode>>)
            .in_set(crate::ground::GameSet::Input),
    );
}

/// The shortcut of `key`, with Control (or Command) held or not: `←`/Backspace/Ctrl+Z undo,
/// `→`/Ctrl+Y redo, `↑`/`↓` review the game a ply back / forward, Home its start, End the live
/// position again, H hint, F flip, 1–8 the levels, Escape deselects.
#[must_use]
pub fn shortcut(key: KeyCode, control: bool) -> Option<Shortcut> {
    let command: Intent = match key {
        KeyCode::ArrowLeft | KeyCode::Backspace => RecordCommand::Undo.into(),
        KeyCode::KeyZ if control => RecordCommand::Undo.into(),
        KeyCode::ArrowRight => RecordCommand::Redo.into(),
        KeyCode::ArrowUp => RecordCommand::ReviewBack.into(),
        KeyCode::ArrowDown => RecordCommand::ReviewForward.into(),
        KeyCode::Home => RecordCommand::ReviewStart.into(),
        KeyCode::End => RecordCommand::ReviewEnd.into(),
        KeyCode::KeyY if control => RecordCommand::Redo.into(),
        KeyCode::KeyH if !control => EngineCommand::Hint.into(),
        KeyCode::KeyF if !control => SetupCommand::Flip.into(),
        KeyCode::Escape => return Some(Shortcut::Deselect),
        _ => {
            let level = LEVEL_KEYS.iter().position(|&k| k == key)?;
            if control {
                return None;
            }
            SetupCommand::Level(level + 1).into()
        }
    };
    Some(Shortcut::Command(command))
}

/// Whether the keyboard goes to a text field: something has the focus, and it is not a window
/// (Bevy focuses the primary window at start-up; its keys are the game's shortcuts).
#[must_use]
pub fn typing(focus: Option<&InputFocus>, windows: &Query<(), With<Window>>) -> bool {
    focus
        .and_then(InputFocus::get)
        .is_some_and(|entity| !windows.contains(entity))
}

/// Keys pressed this frame become commands, unless a text field has the focus.
fn press_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<ResMut<InputFocus>>,
    windows: Query<(), With<Window>>,
    mut selection: ResMut<Selection>,
    list: Res<crate::core::collection::Collection>,
    mut intents: Intents,
) {
    if let Some(mut focus) = focus
        && typing(Some(&focus), &windows)
    {
        // Keys are text while the field has the focus; Escape leaves the field.
        if keys.just_pressed(KeyCode::Escape) {
            focus.clear();
        }
        return;
    }
    if list.shown {
        // The list of games has the keys (crate::view::game_list), not the board it covers.
        return;
    }
    let control = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    for &key in keys.get_just_pressed() {
        match shortcut(key, control) {
            Some(Shortcut::Command(intent)) => intents.send(intent),
            Some(Shortcut::Deselect) => selection.clear(),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(key: KeyCode, control: bool) -> Option<Intent> {
        match shortcut(key, control) {
            Some(Shortcut::Command(command)) => Some(command),
            _ => None,
        }
    }

    #[test]
    fn arrows_and_the_usual_chords_undo_and_redo() {
        assert_eq!(
            command(KeyCode::ArrowLeft, false),
            Some(RecordCommand::Undo.into())
        );
        assert_eq!(
            command(KeyCode::Backspace, false),
            Some(RecordCommand::Undo.into())
        );
        assert_eq!(
            command(KeyCode::KeyZ, true),
            Some(RecordCommand::Undo.into())
        );
        assert_eq!(
            command(KeyCode::ArrowRight, false),
            Some(RecordCommand::Redo.into())
        );
        assert_eq!(
            command(KeyCode::KeyY, true),
            Some(RecordCommand::Redo.into())
        );
        assert_eq!(command(KeyCode::KeyZ, false), None);
    }

    #[test]
    fn up_down_home_and_end_review_the_game() {
        assert_eq!(
            command(KeyCode::ArrowUp, false),
            Some(RecordCommand::ReviewBack.into())
        );
        assert_eq!(
            command(KeyCode::ArrowDown, false),
            Some(RecordCommand::ReviewForward.into())
        );
        assert_eq!(
            command(KeyCode::Home, false),
            Some(RecordCommand::ReviewStart.into())
        );
        assert_eq!(
            command(KeyCode::End, false),
            Some(RecordCommand::ReviewEnd.into())
        );
    }

    #[test]
    fn letters_and_digits_press_the_panel_buttons() {
        assert_eq!(
            command(KeyCode::KeyH, false),
            Some(EngineCommand::Hint.into())
        );
        assert_eq!(
            command(KeyCode::KeyF, false),
            Some(SetupCommand::Flip.into())
        );
        assert_eq!(command(KeyCode::KeyF, true), None, "Ctrl+F is not a flip");
        for (level, key) in [KeyCode::Digit1, KeyCode::Digit3, KeyCode::Digit5]
            .into_iter()
            .enumerate()
        {
            assert_eq!(
                command(key, false),
                Some(SetupCommand::Level(2 * level + 1).into()),
                "{key:?}"
            );
        }
        assert_eq!(
            command(KeyCode::Digit8, false),
            Some(SetupCommand::Level(8).into())
        );
        assert_eq!(command(KeyCode::Digit9, false), None);
        assert_eq!(command(KeyCode::Digit1, true), None);
    }

    #[test]
    fn escape_deselects_and_other_keys_do_nothing() {
        assert_eq!(shortcut(KeyCode::Escape, false), Some(Shortcut::Deselect));
        assert_eq!(shortcut(KeyCode::KeyQ, false), None);
        assert_eq!(shortcut(KeyCode::Enter, false), None);
    }
}
