//! The record step: what the players and the engine ask of the game record ([`RecordCommand`]),
//! applied through `shashki`.
//!
//! A click, a typed move, a key, a panel button, the engine's move, the clocks' flag fall all
//! arrive as [`RecordCommand`] messages (defined beside the record, in
//! [`crate::core::record`], so that those who write them need not know this step); [`apply_record_commands`] (in [`GameSet::Rules`], the
//! one system that reads them) validates each against `shashki` and changes the [`GameRecord`]
//! through its methods (each change a new revision, announced as a
//! [`RecordChanged`](crate::core::record::RecordChanged) that the clocks and the engine task
//! follow). While the puzzle mode is on, a move is first put to its judge
//! ([`Puzzles::judge`]): one off the solution's line is refused before anything is played.
//! Errors (an illegal move, a bad FEN) become a [`Notice`] shown in the window; the game goes on.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use shashki::{Color, Game, Move};

use crate::core::clock::Clocks;
use crate::core::notice::Notice;
use crate::core::puzzles::{Puzzles, Verdict};
use crate::core::record::{
    Controller, Ending, GameRecord, Mode, MoveLabel, Orientation, RecordCommand,
};
use crate::ground::GameSet;
use crate::text::Say;

/// Registers the record step, its message and the resources it shares.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<RecordCommand>()
        .init_resource::<Orientation>()
        .init_resource::<Notice>()
        .add_systems(
            Update,
            apply_record_commands
                .in_set(GameSet::Rules)
                .before(crate::core::puzzles::PuzzleStep),
        );
}

/// What the record step changes besides the record.
#[derive(SystemParam)]
pub struct RecordStep<'w> {
    /// The game record.
    record: ResMut<'w, GameRecord>,
    /// Which way the board faces (a new game or a set-up turns it to the player).
    orientation: ResMut<'w, Orientation>,
    /// The line of messages under the board.
    notice: ResMut<'w, Notice>,
    /// The clocks (read: whether a side's time is out).
    clocks: Res<'w, Clocks>,
    /// The puzzle mode, which judges the player's moves while it is on.
    puzzles: ResMut<'w, Puzzles>,
}

impl RecordStep<'_> {
    /// Plays `mv` unless the puzzle mode refuses it; the notice says how it went.
    fn play(&mut self, mv: Move, label: Option<MoveLabel>) {
        if self.puzzles.judge(&self.record, mv) == Verdict::Refused {
            return;
        }
        if let Err(e) = self.record.play_move(mv, label) {
            self.notice.error(e);
        } else if self.record.ongoing() {
            self.notice.clear();
        } else {
            self.notice.info(Say::GameOver);
        }
    }

    /// Applies one command.
    fn apply(&mut self, command: &RecordCommand) {
        let record = &mut self.record;
        match command {
            RecordCommand::Play { revision, .. } if *revision != record.revision() => {}
            RecordCommand::Play { mv, label, .. } => self.play(*mv, *label),
            RecordCommand::PlayText(text) => match record.resolve_typed(text) {
                Ok(mv) => self.play(mv, None),
                Err(e) => self.notice.error(e),
            },
            RecordCommand::NewGame(mode) => {
                record.new_game(*mode);
                self.orientation.flipped = *mode == Mode::PlayBlack;
                self.notice.info(Say::NewGame);
            }
            RecordCommand::Undo => {
                if !record.undo() {
                    self.notice.info(Say::NothingToTakeBack);
                }
            }
            RecordCommand::Redo => {
                if !record.redo() {
                    self.notice.info(Say::NothingToReplay);
                }
            }
            RecordCommand::SetFen(text) => match Game::from_fen(text.trim()) {
                Ok(game) => {
                    let human = record.start_against_engine(game);
                    self.orientation.flipped = human == Color::Black;
                    self.notice.info(Say::PositionSet(human));
                }
                Err(e) => self.notice.error(Say::BadFen(e.to_string())),
            },
            RecordCommand::Resign => {
                let loser = record
                    .human_side()
                    .or_else(|| {
                        (record.players().white == Controller::Human)
                            .then(|| record.game().position().side_to_move())
                    })
                    .filter(|_| record.ongoing());
                match loser {
                    Some(loser) => {
                        record.end(Ending::Resigned(loser));
                        self.notice.info(Say::GameOver);
                    }
                    None => self.notice.info(Say::OnlyAgainstEngine),
                }
            }
            RecordCommand::DrawAgreed { revision } => {
                if *revision == record.revision() && record.ongoing() {
                    record.end(Ending::DrawAgreed);
                    self.notice.info(Say::DrawAccepted);
                }
            }
            RecordCommand::TimeUp { side, revision } => {
                if *revision == record.revision()
                    && record.ongoing()
                    && record.game().position().side_to_move() == *side
                    && self.clocks.flagged(*side)
                {
                    record.end(Ending::TimeForfeit(*side));
                    self.notice.info(Say::GameOver);
                }
            }
            RecordCommand::ReviewBack => {
                let ply = record.shown_ply().saturating_sub(1);
                record.review_at(ply);
            }
            RecordCommand::ReviewForward => {
                let ply = record.shown_ply() + 1;
                record.review_at(ply);
            }
            RecordCommand::ReviewStart => record.review_at(0),
            RecordCommand::ReviewEnd => record.end_review(),
            RecordCommand::ReviewAt(ply) => record.review_at(*ply),
            RecordCommand::PlayFromHere => {
                if let Some((_, human)) = record.play_from_review() {
                    if let Some(human) = human {
                        self.orientation.flipped = human == Color::Black;
                    }
                    self.notice.info(Say::PlayingFromHere);
                }
            }
        }
    }
}

/// The record step: applies each [`RecordCommand`] to the [`GameRecord`] through `shashki`.
pub fn apply_record_commands(mut commands: MessageReader<RecordCommand>, mut step: RecordStep) {
    for command in commands.read() {
        step.apply(command);
    }
}
