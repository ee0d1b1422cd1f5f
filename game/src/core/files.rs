//! The files' step: opening a PDN file (one game, or the list of a collection), opening a game
//! of that list, saving the game, copying it or its position.
//!
//! The panel's buttons and the list write [`FileCommand`]s; `apply_file_commands` (in
//! [`GameSet::Rules`](crate::ground::GameSet), the one system that reads them) reads and writes
//! the files through [`crate::core::pdn_file`], fills the [`Collection`], opens the game chosen in
//! the record (which announces the new game to its followers) and copies through
//! [`crate::core::clipboard`]. Errors (an unreadable file, no clipboard) become a [`Notice`].
//!
//! In a browser there are no paths to type: [`FileCommand::Pick`] opens the browser's file
//! chooser (`ground/page_files.rs`, in a browser build only), and the file picked comes back a
//! few frames later as a [`FileCommand::Opened`] with its bytes, read like a file; "Save PDN"
//! adds the game to "my games" in the page's storage as on the desktop, and hands it to the
//! browser as a download.

use std::path::{Path, PathBuf};

use bevy::clipboard::Clipboard;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::core::clipboard::{CopyWhat, copy, copy_text};
use crate::core::clock::Clocks;
use crate::core::collection::Collection;
use crate::core::notice::Notice;
use crate::core::pdn_file::{self, OwnGames};
use crate::core::record::{GameRecord, Orientation};
use crate::text::Say;

/// What the player asks of files and the clipboard; read by `apply_file_commands` alone.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FileCommand {
    /// Open a PDN file: its game, or the list of its games when it holds several.
    Load(PathBuf),
    /// Let the player pick a PDN file with the browser's file chooser (in a browser; on the
    /// desktop there is a text field for the path).
    Pick,
    /// Open the PDN text of a file picked in the browser, as [`FileCommand::Load`] opens a file.
    Opened {
        /// The file's name (a page never sees its path).
        name: String,
        /// What the file holds.
        bytes: Vec<u8>,
    },
    /// Add the game to a PDN file (`None`: the player's own games, [`OwnGames`]). The file the
    /// [`Collection`] was read from is not a target: the game goes to the player's own games.
    Save(Option<PathBuf>),
    /// Open game `.0` of the [`Collection`]'s list, at its start, in review.
    OpenGame(usize),
    /// Copy the position shown (FEN) or the game (PDN) to the clipboard.
    Copy(CopyWhat),
}

/// Registers the files' step.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<FileCommand>().add_systems(
        Update,
        apply_file_commands.in_set(crate::ground::GameSet::Rules),
    );
    #[cfg(target_arch = "wasm32")]
    app.insert_non_send(PickedFiles::default()).add_systems(
        Update,
        take_picked_files.in_set(crate::ground::GameSet::Input),
    );
}

/// The files the player picked in the browser, not yet opened.
#[cfg(target_arch = "wasm32")]
#[derive(Default)]
struct PickedFiles(crate::ground::page_files::PickedFiles);

/// Turns each file picked since the last frame into a [`FileCommand::Opened`].
#[cfg(target_arch = "wasm32")]
fn take_picked_files(picked: NonSend<PickedFiles>, mut files: MessageWriter<FileCommand>) {
    while let Some(file) = picked.0.borrow_mut().pop_front() {
        files.write(FileCommand::Opened {
            name: file.name,
            bytes: file.bytes,
        });
    }
}

/// What the files' step reads and changes.
#[derive(SystemParam)]
pub struct FileDesk<'w> {
    /// The game record (a game opened replaces it).
    record: ResMut<'w, GameRecord>,
    /// The games of the file opened last.
    collection: ResMut<'w, Collection>,
    /// Which way the board faces (an opened game faces the player's side).
    orientation: ResMut<'w, Orientation>,
    /// The line of messages under the board.
    notice: ResMut<'w, Notice>,
    /// The player's own games and name.
    own: Res<'w, OwnGames>,
    /// The clocks (their time control is saved with the game).
    clocks: Res<'w, Clocks>,
    /// The system clipboard, when there is a display.
    clipboard: Option<ResMut<'w, Clipboard>>,
}

impl FileDesk<'_> {
    /// Whether the player turned the board from the way the game on it faces.
    fn turned(&self) -> bool {
        self.orientation.flipped != self.record.faces_black()
    }

    /// Opens the collection read from `path`: its game, or the list of its games.
    fn open(&mut self, path: &Path, read: Result<Collection, Say>) {
        match read {
            Ok(opened) if opened.games.len() == 1 && opened.failed.is_empty() => {
                let game = &opened.games[0].1;
                let turned = self.turned();
                let human = self.record.open(game);
                self.orientation.flipped = self.record.faces_black() != turned;
                self.notice.info(pdn_file::opened_notice(path, game, human));
                *self.collection = Collection {
                    shown: false,
                    ..opened
                };
            }
            Ok(opened) => {
                for failed in &opened.failed {
                    eprintln!("shashki-game: {failed}");
                }
                self.notice.info(Say::GameList {
                    file: opened.file_name(),
                    games: opened.games.len(),
                    failed: opened.failed.len(),
                });
                *self.collection = opened;
            }
            Err(e) => self.notice.error(e),
        }
    }

    fn apply(&mut self, command: &FileCommand, picked: Option<&PickedInbox>) {
        match command {
            FileCommand::Load(path) => self.open(path, pdn_file::read_collection(path)),
            FileCommand::Opened { name, bytes } => {
                let path = Path::new(name);
                self.open(path, pdn_file::collection_of(path, bytes));
            }
            FileCommand::Pick => pick(picked, &mut self.notice),
            FileCommand::OpenGame(index) => {
                let Some((number, opened)) = self.collection.games.get(*index).cloned() else {
                    return;
                };
                let turned = self.turned();
                self.record.open_at_start(&opened);
                // A finished game faces White, unless the player turned the board.
                self.orientation.flipped = self.record.faces_black() != turned;
                self.collection.shown = false;
                let path = self.collection.path.clone().unwrap_or_default();
                self.notice
                    .info(pdn_file::reviewing_notice(&path, number, &opened));
            }
            FileCommand::Save(path) => {
                // The file the list was read from is the text field's offer (to open it again),
                // never a target by itself: a collection is not the player's to add to.
                let opened = self.collection.path.as_deref();
                let path = path
                    .clone()
                    .filter(|p| opened.is_none_or(|opened| !same_file(p, opened)))
                    .unwrap_or_else(|| self.own.path());
                let text = pdn_file::pdn_text(&self.record, &self.own, self.clocks.control);
                match pdn_file::append_game(&path, &text) {
                    Ok(games) => self
                        .notice
                        .info(Say::Saved(path.display().to_string(), games)),
                    Err(e) => self.notice.error(e),
                }
                #[cfg(target_arch = "wasm32")]
                {
                    // A page's storage is not a file the player can take away: the game is
                    // downloaded too.
                    let name = format!("shashki-{}.pdn", pdn_file::today());
                    if let Err(why) = crate::ground::page_files::download(&name, &text) {
                        self.notice.error(Say::CannotWrite(name, why));
                    }
                }
            }
            FileCommand::Copy(what) => {
                let text = copy_text(*what, &self.record, &self.own, self.clocks.control);
                copy(*what, text, self.clipboard.as_deref_mut(), &mut self.notice);
            }
        }
    }
}

/// Whether two paths name the same file (as written, or once resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(a), Ok(b)) if a == b
        )
}

/// Where the browser's file chooser puts the file picked (none on the desktop).
#[cfg(target_arch = "wasm32")]
type PickedInbox = crate::ground::page_files::PickedFiles;
/// Where the browser's file chooser puts the file picked (none on the desktop).
#[cfg(not(target_arch = "wasm32"))]
type PickedInbox = ();

/// Opens the browser's file chooser; on the desktop (no chooser) the notice asks for a path.
fn pick(picked: Option<&PickedInbox>, notice: &mut Notice) {
    #[cfg(target_arch = "wasm32")]
    if let Some(inbox) = picked {
        if let Err(why) = crate::ground::page_files::pick_file(inbox) {
            notice.error(Say::CannotRead("PDN".into(), why));
        }
        return;
    }
    let _ = picked;
    notice.error(Say::TypePdnFirst);
}

/// Applies each [`FileCommand`] in the order written.
#[cfg(not(target_arch = "wasm32"))]
fn apply_file_commands(mut commands: MessageReader<FileCommand>, mut desk: FileDesk) {
    for command in commands.read() {
        desk.apply(command, None);
    }
}

/// Applies each [`FileCommand`] in the order written.
#[cfg(target_arch = "wasm32")]
fn apply_file_commands(
    mut commands: MessageReader<FileCommand>,
    mut desk: FileDesk,
    picked: NonSend<PickedFiles>,
) {
    for command in commands.read() {
        desk.apply(command, Some(&picked.0));
    }
}
