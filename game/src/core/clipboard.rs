//! Copying to the system clipboard: the FEN of the position shown, or the whole game as PDN.
//!
//! The panel's buttons write [`GameCommand::CopyFen`] / [`GameCommand::CopyPdn`]; `copy` (in
//! [`GameSet::Rules`](crate::ground::GameSet)) makes the text from the record ([`copy_text`]) and
//! hands it to Bevy's [`Clipboard`] resource (the `system_clipboard` feature: the X11 clipboard).
//! The notice says it is there, or why not (no clipboard without a display, as in the tests).

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use crate::core::clock::Clocks;
use crate::core::command::GameCommand;
use crate::core::notice::Notice;
use crate::core::pdn_file::{OwnGames, pdn_text};
use crate::core::record::GameRecord;
use crate::ground::TimeControl;
use crate::text::Say;

/// What to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyWhat {
    /// The FEN of the position on the board (the one under review, or the live one).
    Fen,
    /// The whole game as PDN, with its result.
    Pdn,
}

/// The text copied for `what` (the game with the tags it is saved with: the player's name, the
/// clock `clock`).
#[must_use]
pub fn copy_text(
    what: CopyWhat,
    record: &GameRecord,
    own: &OwnGames,
    clock: Option<TimeControl>,
) -> String {
    match what {
        CopyWhat::Fen => record.shown_position().to_fen(),
        CopyWhat::Pdn => pdn_text(record, own, clock),
    }
}

/// Registers the copy commands.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, copy.in_set(crate::ground::GameSet::Rules));
}

fn copy(
    mut commands: MessageReader<GameCommand>,
    record: Res<GameRecord>,
    own: Res<OwnGames>,
    clocks: Res<Clocks>,
    clipboard: Option<ResMut<Clipboard>>,
    mut notice: ResMut<Notice>,
) {
    let mut clipboard = clipboard;
    for command in commands.read() {
        let (what, done) = match command {
            GameCommand::CopyFen => (CopyWhat::Fen, Say::FenCopied),
            GameCommand::CopyPdn => (CopyWhat::Pdn, Say::PdnCopied),
            _ => continue,
        };
        let text = copy_text(what, &record, &own, clocks.control);
        let result = match clipboard.as_deref_mut() {
            Some(clipboard) => clipboard.set_text(text).map_err(|e| e.to_string()),
            None => Err("no clipboard".to_string()),
        };
        match result {
            Ok(()) => notice.info(done),
            Err(why) => notice.error(Say::CopyFailed(why)),
        }
    }
}
