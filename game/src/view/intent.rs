//! What a button, a key or the text field asks for ([`Intent`]), routed to the message of the
//! concern it belongs to ([`Intents`]).
//!
//! The pure mappings of the view (a key to a shortcut, the text field's text to an action, a
//! panel button to a request) return one [`Intent`]; [`Intents::send`] writes it as the message
//! its owner reads — the record step's [`RecordCommand`], the files' [`FileCommand`], the list's
//! [`ListCommand`], the setup's [`SetupCommand`], the engine task's [`EngineCommand`], the puzzle
//! mode's [`PuzzleCommand`] or the language's [`SwitchLanguage`]. Nothing reads an `Intent`
//! itself: it only names which message to write.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::core::collection::ListCommand;
use crate::core::files::FileCommand;
use crate::core::puzzles::PuzzleCommand;
use crate::core::record::RecordCommand;
use crate::core::setup::SetupCommand;
use crate::engine::engine_task::EngineCommand;
use crate::text::SwitchLanguage;

/// A request from the view, by the concern that owns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// For the game record.
    Record(RecordCommand),
    /// For files and the clipboard.
    File(FileCommand),
    /// For the list of games.
    List(ListCommand),
    /// For the setup (level, sides, board, clock, draw rules).
    Setup(SetupCommand),
    /// For the engine (hint, draw offer, analysis).
    Engine(EngineCommand),
    /// For the puzzle mode.
    Puzzle(PuzzleCommand),
    /// For the language.
    Language(SwitchLanguage),
}

impl From<RecordCommand> for Intent {
    fn from(command: RecordCommand) -> Intent {
        Intent::Record(command)
    }
}

impl From<FileCommand> for Intent {
    fn from(command: FileCommand) -> Intent {
        Intent::File(command)
    }
}

impl From<ListCommand> for Intent {
    fn from(command: ListCommand) -> Intent {
        Intent::List(command)
    }
}

impl From<SetupCommand> for Intent {
    fn from(command: SetupCommand) -> Intent {
        Intent::Setup(command)
    }
}

impl From<EngineCommand> for Intent {
    fn from(command: EngineCommand) -> Intent {
        Intent::Engine(command)
    }
}

impl From<PuzzleCommand> for Intent {
    fn from(command: PuzzleCommand) -> Intent {
        Intent::Puzzle(command)
    }
}

impl From<SwitchLanguage> for Intent {
    fn from(command: SwitchLanguage) -> Intent {
        Intent::Language(command)
    }
}

/// The writers of every concern's message, for a system that sends [`Intent`]s.
#[derive(SystemParam)]
pub struct Intents<'w> {
    record: MessageWriter<'w, RecordCommand>,
    file: MessageWriter<'w, FileCommand>,
    list: MessageWriter<'w, ListCommand>,
    setup: MessageWriter<'w, SetupCommand>,
    engine: MessageWriter<'w, EngineCommand>,
    puzzle: MessageWriter<'w, PuzzleCommand>,
    language: MessageWriter<'w, SwitchLanguage>,
}

impl Intents<'_> {
    /// Writes `intent` as the message of its concern.
    pub fn send(&mut self, intent: impl Into<Intent>) {
        match intent.into() {
            Intent::Record(c) => {
                self.record.write(c);
            }
            Intent::File(c) => {
                self.file.write(c);
            }
            Intent::List(c) => {
                self.list.write(c);
            }
            Intent::Setup(c) => {
                self.setup.write(c);
            }
            Intent::Engine(c) => {
                self.engine.write(c);
            }
            Intent::Puzzle(c) => {
                self.puzzle.write(c);
            }
            Intent::Language(c) => {
                self.language.write(c);
            }
        }
    }
}
