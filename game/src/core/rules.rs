//! The rules step: each [`GameCommand`] applied to the [`GameRecord`] through `shashki`.
//!
//! Everything the player or the engine wants to do arrives as a [`GameCommand`] message from the
//! input stage; [`apply_commands`] (in [`GameSet::Rules`]) validates it against `shashki` and
//! changes the record through its methods (each change a new revision), keeps the [`Clocks`] in
//! step (increments, times restored on undo, a loss on time), opens and saves PDN files and
//! turns the board. Errors (a bad FEN, an unreadable PDN) become a [`Notice`] shown in the
//! window; the game goes on.

use bevy::prelude::*;
use shashki::{Color, Game};

use crate::core::clock::Clocks;
use crate::core::collection::Collection;
use crate::core::command::GameCommand;
use crate::core::notice::Notice;
use crate::core::pdn_file::{self, OwnGames};
use crate::core::record::{Controller, Ending, GameRecord, Mode, Orientation, Strength};
use crate::ground::GameSet;
use crate::text::Say;

/// Registers the record, its commands and the rules step.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .init_resource::<Orientation>()
        .init_resource::<Notice>()
        .add_systems(Update, apply_commands.in_set(GameSet::Rules));
}

/// The rules step: applies each [`GameCommand`] to the [`GameRecord`] through `shashki`, and
/// keeps the [`Clocks`] in step.
#[allow(clippy::too_many_arguments)]
pub fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut record: ResMut<GameRecord>,
    mut orientation: ResMut<Orientation>,
    mut notice: ResMut<Notice>,
    mut clocks: ResMut<Clocks>,
    mut collection: ResMut<Collection>,
    own: Res<OwnGames>,
) {
    for command in commands.read() {
        match command {
            GameCommand::Play { revision, .. } if *revision != record.revision() => {}
            GameCommand::Play { mv, label, .. } => {
                let mover = record.game().position().side_to_move();
                if let Err(e) = record.play_move(*mv, *label) {
                    notice.error(e);
                    continue;
                }
                clocks.moved(mover, record.game().moves().len());
                if !record.ongoing() {
                    notice.info(Say::GameOver);
                } else {
                    notice.clear();
                }
            }
            GameCommand::NewGame(mode) => {
                record.new_game(*mode);
                *clocks = Clocks::new(clocks.control, 0);
                orientation.flipped = *mode == Mode::PlayBlack;
                notice.info(Say::NewGame);
            }
            GameCommand::Undo => {
                if !record.undo() {
                    notice.info(Say::NothingToTakeBack);
                }
                clocks.restore(record.game().moves().len());
            }
            GameCommand::Redo => {
                if !record.redo() {
                    notice.info(Say::NothingToReplay);
                }
                clocks.restore(record.game().moves().len());
            }
            GameCommand::Hint
            | GameCommand::OfferDraw
            | GameCommand::ToggleAnalysis
            | GameCommand::CopyFen
            | GameCommand::CopyPdn
            | GameCommand::FilterGames(_)
            | GameCommand::ShowGameList(_)
            | GameCommand::MoveListCursor(_) => {}
            GameCommand::PlayText(text) => {
                let mover = record.game().position().side_to_move();
                match record.play_typed(text) {
                    Ok(()) => {
                        clocks.moved(mover, record.game().moves().len());
                        if record.ongoing() {
                            notice.clear();
                        } else {
                            notice.info(Say::GameOver);
                        }
                    }
                    Err(e) => notice.error(e),
                }
            }
            GameCommand::OpenGame(index) => {
                let Some((number, opened)) = collection.games.get(*index).cloned() else {
                    continue;
                };
                record.open_at_start(&opened);
                *clocks = Clocks::new(clocks.control, record.game().moves().len());
                // As "Open PDN" of one game: the board faces the side the player would take.
                orientation.flipped = record.human_side() == Some(Color::Black);
                collection.shown = false;
                let path = collection.path.clone().unwrap_or_default();
                notice.info(pdn_file::reviewing_notice(&path, number, &opened));
            }
            GameCommand::Flip => orientation.flipped = !orientation.flipped,
            GameCommand::SetLevel(level) => {
                if shashki::Level::get(*level).is_some() {
                    record.set_strength(Strength::Level(*level));
                    notice.info(Say::LevelSet(*level));
                }
            }
            GameCommand::SwitchSides => {
                // The engine may now be to move: the new revision restarts the engine task.
                record.switch_sides();
                if let Some(human) = record.human_side() {
                    orientation.flipped = human == Color::Black;
                    notice.info(Say::SidesSwitched(human));
                }
            }
            GameCommand::Resign => {
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
                        notice.info(Say::GameOver);
                    }
                    None => notice.info(Say::OnlyAgainstEngine),
                }
            }
            GameCommand::DrawAgreed { revision } => {
                if *revision == record.revision() && record.ongoing() {
                    record.end(Ending::DrawAgreed);
                    notice.info(Say::DrawAccepted);
                }
            }
            GameCommand::SetFen(text) => match Game::from_fen(text.trim()) {
                Ok(game) => {
                    let human = record.start_against_engine(game);
                    *clocks = Clocks::new(clocks.control, record.game().moves().len());
                    orientation.flipped = human == Color::Black;
                    notice.info(Say::PositionSet(human));
                }
                Err(e) => notice.error(Say::BadFen(e.to_string())),
            },
            GameCommand::LoadPdn(path) => match pdn_file::read_collection(path) {
                Ok(opened) if opened.games.len() == 1 && opened.failed.is_empty() => {
                    let game = &opened.games[0].1;
                    let human = record.open(game);
                    *clocks = Clocks::new(clocks.control, record.game().moves().len());
                    orientation.flipped = record.human_side() == Some(Color::Black);
                    notice.info(pdn_file::opened_notice(path, game, human));
                    *collection = Collection {
                        shown: false,
                        ..opened
                    };
                }
                Ok(opened) => {
                    for failed in &opened.failed {
                        eprintln!("shashki-game: {failed}");
                    }
                    notice.info(Say::GameList {
                        file: opened.file_name(),
                        games: opened.games.len(),
                        failed: opened.failed.len(),
                    });
                    *collection = opened;
                }
                Err(e) => notice.error(e),
            },
            GameCommand::SavePdn(path) => {
                let path = path.clone().unwrap_or_else(|| own.path());
                let text = pdn_file::pdn_text(&record, &own, clocks.control);
                match pdn_file::append_game(&path, &text) {
                    Ok(games) => notice.info(Say::Saved(path.display().to_string(), games)),
                    Err(e) => notice.error(e),
                }
            }
            GameCommand::ReviewBack => {
                let ply = record.shown_ply().saturating_sub(1);
                record.review_at(ply);
            }
            GameCommand::ReviewForward => {
                let ply = record.shown_ply() + 1;
                record.review_at(ply);
            }
            GameCommand::ReviewStart => record.review_at(0),
            GameCommand::ReviewEnd => record.end_review(),
            GameCommand::ReviewAt(ply) => record.review_at(*ply),
            GameCommand::PlayFromHere => {
                if let Some((ply, human)) = record.play_from_review() {
                    if let Some(human) = human {
                        orientation.flipped = human == Color::Black;
                    }
                    clocks.restore(ply);
                    notice.info(Say::PlayingFromHere);
                }
            }
            GameCommand::SetTimeControl(control) => {
                *clocks = Clocks::new(*control, record.game().moves().len());
                notice.info(Say::ClockSet(*control));
            }
            GameCommand::SetDrawRules(rules) => {
                record.set_draw_rules(*rules);
                notice.info(Say::DrawRulesSet(*rules));
            }
            GameCommand::TimeUp { side, revision } => {
                if *revision == record.revision()
                    && record.ongoing()
                    && record.game().position().side_to_move() == *side
                    && clocks.flagged(*side)
                {
                    record.end(Ending::TimeForfeit(*side));
                    notice.info(Say::GameOver);
                }
            }
        }
    }
}
