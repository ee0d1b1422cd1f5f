//! Copying to the system clipboard: the FEN of the position shown, or the whole game as PDN.
//!
//! The panel's buttons write [`FileCommand::Copy`](crate::core::files::FileCommand); the files'
//! step makes the text from the record ([`copy_text`]) and hands it to Bevy's [`Clipboard`]
//! resource ([`copy`]; the `system_clipboard` feature: the X11 clipboard). The notice says it is
//! there, or why not (no clipboard without a display, as in the tests).

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

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

/// Copies `what` to the system clipboard (none without a display, as in the tests); the
/// notice says it is there, or why not.
pub fn copy(what: CopyWhat, text: String, clipboard: Option<&mut Clipboard>, notice: &mut Notice) {
    let result = match clipboard {
        Some(clipboard) => clipboard.set_text(text).map_err(|e| e.to_string()),
        None => Err("no clipboard".to_string()),
    };
    match (result, what) {
        (Ok(()), CopyWhat::Fen) => notice.info(Say::FenCopied),
        (Ok(()), CopyWhat::Pdn) => notice.info(Say::PdnCopied),
        (Err(why), _) => notice.error(Say::CopyFailed(why)),
    }
}
