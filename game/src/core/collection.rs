//! Game collections: a PDN file of many games (a championship, the player's own games, a
//! teacher's file) opened as a list to choose from.
//!
//! "Open PDN" ([`FileCommand::Load`](crate::core::files::FileCommand)) reads every game of the file through the `shashki` PDN
//! reader ([`read_collection`](crate::core::pdn_file::read_collection)); a file of one game opens
//! it at once, as before, and a file of several fills the [`Collection`] resource and shows its
//! list (`--pdn FILE` does the same at start-up; `--pdn FILE --game N` opens game N). Games the
//! reader could not read are counted, with their reasons ([`Collection::failed`]); the others are
//! listed. The list's view (`view::game_list`, on the top floor) filters it by a player's name as
//! the player types, moves its highlighted line and shows or hides it with [`ListCommand`]s
//! (read here, by `apply_list_commands` alone), and opens a game with
//! [`FileCommand::OpenGame`](crate::core::files::FileCommand) (read by the files' step: the game
//! is shown at its start, in review). Everything here is headless: the tests drive it with the
//! same messages.

use std::path::PathBuf;

use bevy::prelude::*;
use shashki::pdn::{GameResult, PdnError, PdnGame};

use crate::core::notice::Notice;
use crate::text::Say;

/// What the list of games is asked: read by `apply_list_commands` alone.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ListCommand {
    /// Show only the games with a player whose name contains this text.
    Filter(String),
    /// Move the highlighted game this many lines down (up when negative), within the games the
    /// filter shows.
    MoveCursor(isize),
    /// Show or hide the list.
    Show(bool),
}

/// The games of the file opened last, and the list's state.
#[derive(Resource, Clone, Debug, Default)]
pub struct Collection {
    /// The file.
    pub path: Option<PathBuf>,
    /// The games read, each with its number in the file (from 1).
    pub games: Vec<(usize, PdnGame)>,
    /// The games that could not be read, with why.
    pub failed: Vec<PdnError>,
    /// The filter typed by the player (part of a player's name; empty: every game).
    pub filter: String,
    /// Whether the list is on show.
    pub shown: bool,
    /// The highlighted game, as a place in [`Collection::visible`] (Enter opens it).
    pub cursor: usize,
}

/// One line of the list: what a player looks for in a collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedGame {
    /// Where it is in [`Collection::games`] (what
    /// [`FileCommand::OpenGame`](crate::core::files::FileCommand) takes).
    pub index: usize,
    /// Its number in the file, from 1.
    pub number: usize,
    /// White's name (`?` when the file gives none).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The event, if the file names one.
    pub event: String,
    /// The date as the file writes it (`2024.05.01`, `?` parts left out).
    pub date: String,
    /// The result.
    pub result: GameResult,
    /// The number of full moves.
    pub moves: usize,
}

/// A tag's value, or `""` when it is missing or says nothing (`?`, `-`).
fn tag(game: &PdnGame, name: &str) -> String {
    let value = game.tag(name).map(str::trim).unwrap_or_default();
    if value.is_empty() || value == "?" || value == "-" || value.starts_with("????") {
        String::new()
    } else {
        value.trim_end_matches(".??").into()
    }
}

impl Collection {
    /// A collection of the games read from `path` (each `Ok` a game, each `Err` one that could
    /// not be read), with its list on show.
    #[must_use]
    pub fn new(path: PathBuf, games: Vec<Result<PdnGame, PdnError>>) -> Collection {
        let mut read = Vec::new();
        let mut failed = Vec::new();
        for (i, game) in games.into_iter().enumerate() {
            match game {
                Ok(game) => read.push((i + 1, game)),
                Err(error) => failed.push(error),
            }
        }
        Collection {
            path: Some(path),
            games: read,
            failed,
            filter: String::new(),
            shown: true,
            cursor: 0,
        }
    }

    /// The game at `index` of [`Collection::games`] as the list shows it.
    #[must_use]
    pub fn listed(&self, index: usize) -> Option<ListedGame> {
        let (number, game) = self.games.get(index)?;
        let name = |tag_name| {
            let name = tag(game, tag_name);
            if name.is_empty() { "?".into() } else { name }
        };
        Some(ListedGame {
            index,
            number: *number,
            white: name("White"),
            black: name("Black"),
            event: tag(game, "Event"),
            date: tag(game, "Date"),
            result: game.result,
            moves: game.game.moves().len().div_ceil(2),
        })
    }

    /// The games the filter lets through, in file order: those with a player whose name
    /// contains the filter, ignoring case (Cyrillic too); every game for an empty filter.
    #[must_use]
    pub fn visible(&self) -> Vec<ListedGame> {
        let filter = self.filter.trim().to_lowercase();
        (0..self.games.len())
            .filter_map(|i| self.listed(i))
            .filter(|g| {
                filter.is_empty()
                    || g.white.to_lowercase().contains(&filter)
                    || g.black.to_lowercase().contains(&filter)
            })
            .collect()
    }

    /// The file's name (not its whole path).
    #[must_use]
    pub fn file_name(&self) -> String {
        self.path
            .as_ref()
            .map(|p| {
                p.file_name().map_or_else(
                    || p.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                )
            })
            .unwrap_or_default()
    }
}

/// Registers the collection and the list's filter and visibility.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Collection>()
        .add_message::<ListCommand>()
        .add_systems(
            Update,
            apply_list_commands.in_set(crate::ground::GameSet::Rules),
        );
}

/// Applies the filter, moves the cursor and shows or hides the list (opening a game is the
/// files' step's).
fn apply_list_commands(
    mut commands: MessageReader<ListCommand>,
    mut collection: ResMut<Collection>,
    mut notice: ResMut<Notice>,
) {
    for command in commands.read() {
        match command {
            ListCommand::Filter(filter) if collection.filter != *filter => {
                collection.filter.clone_from(filter);
                collection.cursor = 0;
            }
            ListCommand::MoveCursor(delta) => {
                let last = collection.visible().len().saturating_sub(1);
                let cursor = collection.cursor.saturating_add_signed(*delta).min(last);
                if collection.cursor != cursor {
                    collection.cursor = cursor;
                }
            }
            ListCommand::Show(asked) => {
                // A file of one game has no list to come back to.
                let shown = *asked && collection.games.len() + collection.failed.len() > 1;
                if *asked && !shown {
                    notice.info(Say::NoGameList);
                }
                if collection.shown != shown {
                    collection.shown = shown;
                }
            }
            ListCommand::Filter(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, black: &str) -> PdnGame {
        let mut g = PdnGame::new(shashki::Game::default());
        g.set_tag("White", white);
        g.set_tag("Black", black);
        g.set_tag("Date", "2024.05.??");
        g
    }

    #[test]
    fn the_filter_matches_either_player_ignoring_case() {
        let mut c = Collection::new(
            "club.pdn".into(),
            vec![
                Ok(game("Иванов", "Петров")),
                Ok(game("Sidorov", "ИВАНОВА")),
                Ok(game("Smith", "Jones")),
            ],
        );
        assert_eq!(c.visible().len(), 3);
        c.filter = "иван".into();
        let numbers: Vec<usize> = c.visible().iter().map(|g| g.number).collect();
        assert_eq!(numbers, [1, 2]);
        c.filter = " JON ".into();
        assert_eq!(c.visible()[0].white, "Smith");
        assert_eq!(c.listed(0).unwrap().date, "2024.05");
        c.filter.clear();
        assert_eq!(c.visible()[2].number, 3);
        assert_eq!(c.file_name(), "club.pdn");
    }
}
