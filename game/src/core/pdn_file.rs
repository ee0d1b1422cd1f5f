//! The game's files: games are read from PDN files — one game opened at once, several as a
//! [`Collection`] to choose from — and saved as PDN (the same text [`pdn_text`] that "Copy PDN"
//! puts on the clipboard), added to a file of the player's own games ([`OwnGames`]) with the
//! tags a collection needs. This is the game crate's only game file input and output, kept apart
//! from the record (which only keeps the game and answers questions about it); the texts of its
//! errors are [`Say`]s, drawn in the player's language.

use std::path::{Path, PathBuf};

use bevy::prelude::Resource;
use shashki::pdn::PdnGame;
use shashki::{Color, pdn};

use crate::core::collection::Collection;
use crate::core::record::{Controller, GameRecord, Strength};
use crate::ground::{TimeControl, storage};
use crate::text::Say;

/// The file of the player's own games in the working directory, when there is no per-user data
/// directory.
pub const DEFAULT_PDN: &str = "shashki-game.pdn";

/// Who plays at this computer, and where their games are kept.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnGames {
    /// The person's name in the games' `White`/`Black` tags (empty: `Human`).
    pub player: String,
    /// The file "Save PDN" adds the games to (`None`: [`DEFAULT_PDN`]).
    pub file: Option<PathBuf>,
}

impl OwnGames {
    /// The file of the player's own games: `my-games.pdn` in the per-user data directory
    /// (`~/.local/share/shashki` on Linux; in a browser, the page's storage entry of that name),
    /// and the login name as the player's name.
    #[must_use]
    pub fn for_this_user() -> OwnGames {
        if cfg!(target_arch = "wasm32") {
            return OwnGames {
                player: String::new(),
                file: Some(PathBuf::from("my-games.pdn")),
            };
        }
        let player = ["USER", "USERNAME", "LOGNAME"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.trim().is_empty())
            .unwrap_or_default();
        OwnGames {
            player,
            file: directories::ProjectDirs::from("", "", "shashki")
                .map(|dirs| dirs.data_dir().join("my-games.pdn")),
        }
    }

    /// Where the games are saved.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.file
            .clone()
            .unwrap_or_else(|| PathBuf::from(DEFAULT_PDN))
    }
}

/// Reads every game of a PDN file, in whatever encoding it is written: the games read and the
/// ones that could not be read (one bad game never loses the others).
///
/// # Errors
/// A [`Say`] naming the file when it cannot be read or holds no game at all (a file whose only
/// games are unreadable gives the first one's reason).
pub fn read_collection(path: &Path) -> Result<Collection, Say> {
    let bytes = storage::read(path)
        .map_err(|e| Say::CannotRead(path.display().to_string(), e.to_string()))?;
    collection_of(path, &bytes)
}

/// Reads every game of the PDN text `bytes` (a file read, or picked in a browser) as the
/// collection of the file `path`.
///
/// # Errors
/// As [`read_collection`].
pub fn collection_of(path: &Path, bytes: &[u8]) -> Result<Collection, Say> {
    let name = path.display().to_string();
    // Any encoding the library detects (UTF-8, UTF-16, cp1251): old Russian files open too.
    let reading = pdn::read_bytes(bytes);
    if reading.read_count() == 0 {
        return Err(match reading.failed().next() {
            Some(e) => Say::BadPdn(name, e.to_string()),
            None => Say::NoGameIn(name),
        });
    }
    Ok(Collection::new(path.to_path_buf(), reading.games))
}

/// What the notice says about an opened game: the file's name (not its whole path, which would
/// not fit), the players and the result the file gives, and the person's colour while the game
/// goes on (`None`: it is finished).
#[must_use]
pub fn opened_notice(path: &Path, opened: &PdnGame, human: Option<Color>) -> Say {
    Say::Opened {
        file: file_name(path),
        about: opened_about(opened),
        human,
    }
}

/// What the notice says about a game of a collection opened at its start: the file's name and
/// the game's number in it, the players and the result.
#[must_use]
pub fn reviewing_notice(path: &Path, number: usize, opened: &PdnGame) -> Say {
    Say::ReviewingOpened {
        file: format!("{} #{number}", file_name(path)),
        about: opened_about(opened),
    }
}

/// A file's name without its directories.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// "White — Black, result", as far as the game's tags and result say.
fn opened_about(opened: &PdnGame) -> Option<String> {
    let name = |tag: &str| {
        opened
            .tag(tag)
            .map(str::trim)
            .filter(|n| !n.is_empty() && *n != "?")
            .map(str::to_string)
    };
    let mut about = Vec::new();
    match (name("White"), name("Black")) {
        (None, None) => {}
        (white, black) => about.push(format!(
            "{} — {}",
            white.as_deref().unwrap_or("?"),
            black.as_deref().unwrap_or("?")
        )),
    }
    if opened.result != pdn::GameResult::Unknown {
        about.push(opened.result.to_string());
    }
    (!about.is_empty()).then(|| about.join(", "))
}

/// Adds the game as PDN ([`pdn_text`]) to the collection at `path` (created if missing; in a
/// browser, the page's storage entry): the file is rewritten atomically (a temporary file renamed into place), so a crash never
/// leaves half a collection. Returns the number of games in the file now; a game the file
/// already holds ([`same_game`]: anywhere in it) is not added twice.
///
/// # Errors
/// A [`Say`] naming the file when it cannot be read or written, or is not UTF-8 (an old cp1251
/// collection is not mixed with UTF-8 text).
pub fn append_game(path: &Path, game: &str) -> Result<usize, Say> {
    let name = path.display().to_string();
    let cannot = |why: String| Say::CannotWrite(name.clone(), why);
    let existing = match storage::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| cannot("not UTF-8".into()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(cannot(e.to_string())),
    };
    let count = |text: &str| pdn::read_all(text).games.len();
    let held = pdn::read_all(&existing);
    if let Some(Ok(new)) = pdn::read_all(game).games.first()
        && held.games.iter().flatten().any(|old| same_game(old, new))
    {
        return Ok(held.games.len());
    }
    let mut text = existing.trim_end().to_string();
    if !text.is_empty() {
        text.push_str("\n\n");
    }
    text.push_str(game.trim_end());
    text.push('\n');
    storage::write(path, text.as_bytes()).map_err(|e| cannot(e.to_string()))?;
    Ok(count(&text))
}

/// Whether two records are the same game: the same start, moves and result between the same
/// players (the date and the other tags may differ: the same game saved on another day, or
/// read back from a collection, is not a new one).
#[must_use]
pub fn same_game(a: &PdnGame, b: &PdnGame) -> bool {
    let player = |g: &PdnGame, name| g.tag(name).map(str::trim).unwrap_or_default().to_owned();
    a.game.start_position() == b.game.start_position()
        && a.game.moves() == b.game.moves()
        && a.result == b.result
        && player(a, "White") == player(b, "White")
        && player(a, "Black") == player(b, "Black")
}

/// Today's date as PDN writes it (`2026.11.29`, UTC).
#[must_use]
pub fn today() -> String {
    pdn_date(crate::ground::wall_clock::days_since_epoch())
}

/// The date `days` days after 1970-01-01 as PDN writes it (`YYYY.MM.DD`): the civil calendar
/// from a day count (Howard Hinnant's `civil_from_days`).
#[must_use]
pub fn pdn_date(days: u64) -> String {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The game as a PDN record with the tags a collection needs: the event, the date, the players
/// by name (the person's from [`OwnGames`], the engine as `shashki`), the result, and the
/// engine's level (`Level`, or `EngineTime` in milliseconds) and the clock (`TimeControl` as PGN
/// writes it, `300+3`) when it plays. A game opened from a file and not played on keeps the
/// file's own tags; one played on from a position of it says which game and ply in `Source`.
#[must_use]
pub fn pdn_record(
    record: &GameRecord,
    own: &OwnGames,
    clock: Option<TimeControl>,
    date: &str,
) -> PdnGame {
    let mut game = PdnGame::new(record.game().clone());
    game.result = record.outcome().result();
    if !record.tags().is_empty() {
        for (name, value) in record.tags() {
            if name != "Result" {
                game.set_tag(name, value);
            }
        }
        game.set_tag("Result", &game.result.to_string());
        return game;
    }
    let player = if own.player.trim().is_empty() {
        "Human"
    } else {
        own.player.trim()
    };
    let name = |c: Controller| match c {
        Controller::Human => player,
        Controller::Engine => "shashki",
    };
    game.set_tag("Event", "shashki game");
    game.set_tag("Date", date);
    game.set_tag("White", name(record.players().white));
    game.set_tag("Black", name(record.players().black));
    game.set_tag("Result", &game.result.to_string());
    game.set_tag("GameType", "25");
    if let Some(source) = record.source() {
        // Played on from a position of a file's game: which one, and from where.
        game.set_tag("Source", source);
    }
    let engine_plays = record.players().white == Controller::Engine
        || record.players().black == Controller::Engine;
    if engine_plays {
        match record.strength() {
            Strength::Level(n) => game.set_tag("Level", &n.to_string()),
            Strength::MoveTime(t) => game.set_tag("EngineTime", &t.as_millis().to_string()),
        }
    }
    if let Some(c) = clock {
        game.set_tag(
            "TimeControl",
            &format!("{}+{}", c.base.as_secs(), c.increment.as_secs()),
        );
    }
    game
}

/// The game as PDN text (what "Save PDN" adds to the player's games and "Copy PDN" copies):
/// [`pdn_record`] dated today.
#[must_use]
pub fn pdn_text(record: &GameRecord, own: &OwnGames, clock: Option<TimeControl>) -> String {
    pdn::write_game(&pdn_record(record, own, clock, &today()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::Players;

    #[test]
    fn dates_are_written_as_pdn_dates() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(19_723), "2024.01.01");
        assert_eq!(pdn_date(20_513), "2026.03.01");
    }

    #[test]
    fn a_saved_game_names_its_players_level_and_clock() {
        let mut record = GameRecord::new(
            shashki::Game::default(),
            Players {
                white: Controller::Human,
                black: Controller::Engine,
            },
            Strength::Level(5),
        );
        record.play_typed("c3-d4").unwrap();
        let own = OwnGames {
            player: "Аня".into(),
            file: None,
        };
        let game = pdn_record(&record, &own, Some(TimeControl::new(5, 3)), "2026.11.29");
        for (name, value) in [
            ("White", "Аня"),
            ("Black", "shashki"),
            ("Date", "2026.11.29"),
            ("Result", "*"),
            ("Level", "5"),
            ("TimeControl", "300+3"),
            ("Event", "shashki game"),
        ] {
            assert_eq!(game.tag(name), Some(value), "{name}");
        }
    }

    #[test]
    fn saving_adds_to_the_collection_once() {
        let dir = std::env::temp_dir().join(format!("shashki-append-{}", std::process::id()));
        let path = dir.join("sub").join("mine.pdn");
        let one = "[White \"A\"]\n[Black \"B\"]\n\n1. c3-d4 *\n";
        let two = "[White \"C\"]\n[Black \"D\"]\n\n1. c3-b4 *\n";
        assert_eq!(append_game(&path, one), Ok(1));
        assert_eq!(append_game(&path, two), Ok(2));
        assert_eq!(append_game(&path, two), Ok(2), "the same game twice");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(one) && text.ends_with(two), "{text}");
        std::fs::remove_dir_all(dir).ok();
    }
}
