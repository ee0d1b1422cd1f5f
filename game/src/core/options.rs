//! The command line (`--fen`, `--pdn`, `--game`, `--book`, `--level`, `--engine-time`,
//! `--clock`, `--draw-rules`, `--white`, `--black`, `--lang`, `--settings`, `--puzzles`) and the
//! start-up [`Setup`] made from it and the saved [`Settings`]: a flag given wins over the saved
//! setting.
//!
//! Reading the options never fails on bad content: a bad FEN or an unreadable PDN leaves the
//! game at the start position and becomes a message shown in the window (the game goes on).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::Resource;
use clap::Parser;

use crate::core::collection::Collection;
use crate::core::pdn_file::{OwnGames, opened_notice, read_collection, reviewing_notice};
use crate::core::record::{Controller, DEFAULT_LEVEL, GameRecord, Players, Strength};
use crate::core::settings::Settings;
use crate::ground::TimeControl;
use crate::text::{Lang, Say};
use shashki::BookChoice;
use shashki::{DrawRules, Game};

/// Play Russian draughts against the shashki engine.
#[derive(Parser, Clone, Debug, Default, PartialEq, Eq)]
#[command(name = "shashki-game", version)]
pub struct Options {
    /// Start from this position (FEN, e.g. `W:W21,22,...,32:B1,...,12` or `W:WKa1:Bb2`).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Open this PDN file (wins over --fen): its game, or the list of its games when it holds
    /// several.
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<PathBuf>,
    /// With --pdn: open game N of the file (numbered from 1) at its start, instead of the list.
    #[arg(long, value_name = "N", requires = "pdn", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,
    /// Opening book for the engine (default: the shipped book, built into the program).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Directory of endgame tablebase files (`*.shtb`) for the engine.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<PathBuf>,
    /// A tablebase service (`shashki egtb serve`) the engine asks before its moves, e.g.
    /// `http://tables.local:9090`; kept in the settings (`""`: none). Not in a page.
    #[arg(long, value_name = "URL")]
    pub tablebase_url: Option<String>,
    /// The engine's playing level, 1 (beginner) to 8 (master); default 3 (amateur).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=shashki::LEVELS.len() as i64))]
    pub level: Option<u8>,
    /// The engine at its best with this many milliseconds per move, instead of a level.
    #[arg(long, value_name = "MS", conflicts_with = "level")]
    pub engine_time: Option<u64>,
    /// Clocks for both sides: minutes for the game + seconds added a move (e.g. 5+3, 15+10;
    /// default: no clocks).
    #[arg(long, value_name = "MIN+SEC")]
    pub clock: Option<TimeControl>,
    /// The draw rules of the games (docs/RULES.md §2): `full` (every counting rule, as
    /// lidraughts), `basic` (repetition, three kings against one, 15 moves of kings only) or
    /// `repetition`; also a row of the panel.
    #[arg(long, value_name = "RULES", default_value_t = DrawRules::Full)]
    pub draw_rules: DrawRules,
    /// The interface language (default: from LC_ALL / LC_MESSAGES / LANG, else Russian).
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// Who plays White (default: a person; with --pdn, as "Open PDN" chooses).
    #[arg(long, value_enum)]
    pub white: Option<Controller>,
    /// Who plays Black (default: the engine; with --pdn, as "Open PDN" chooses).
    #[arg(long, value_enum)]
    pub black: Option<Controller>,
    /// The window's width in logical pixels (at least 640; default: as last time, else 1200).
    #[arg(long, value_parser = clap::value_parser!(u32).range(640..))]
    pub width: Option<u32>,
    /// The window's height in logical pixels (at least 480; default: as last time, else 780).
    #[arg(long, value_parser = clap::value_parser!(u32).range(480..))]
    pub height: Option<u32>,
    /// The settings file (default: `settings.json` in the per-user configuration directory,
    /// e.g. `~/.config/shashki`).
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Start in the puzzle mode with this puzzle set (`shashki puzzles build` writes one from
    /// your own games); without it the "Puzzles" button opens the shipped set.
    #[arg(long, value_name = "FILE")]
    pub puzzles: Option<PathBuf>,
    /// Log the frame rate once a second (to check responsiveness while the engine thinks).
    #[arg(long)]
    pub log_fps: bool,
}

/// Everything the game starts with, derived from the [`Options`].
#[derive(Resource, Clone, Debug)]
pub struct Setup {
    /// The game record to start with.
    pub record: GameRecord,
    /// The opening book to use.
    pub book: BookChoice,
    /// The tablebase directory to open, if any.
    pub tablebases: Option<PathBuf>,
    /// The tablebase service to ask, if any (`--tablebase-url`, else the saved setting).
    pub tablebase_url: Option<String>,
    /// Problems met while reading the options, shown in the window.
    pub problems: Vec<Say>,
    /// What the window says first about the game it opened (`None`: the keys).
    pub opened: Option<Say>,
    /// The interface language to start with.
    pub lang: Lang,
    /// The time control to start with (`None`: no clocks).
    pub clock: Option<TimeControl>,
    /// The games of the file opened (its list on show when it holds several).
    pub collection: Collection,
    /// The player's name and the file of their own games.
    pub own_games: OwnGames,
    /// The settings read at start-up (see [`crate::core::settings`]).
    pub settings: Settings,
    /// Where the settings are saved (`None`: not saved).
    pub settings_path: Option<PathBuf>,
}

impl Setup {
    /// Builds the start-up state without saved settings; bad FEN/PDN content is reported in
    /// `problems`, never fatal.
    #[must_use]
    pub fn from_options(options: &Options) -> Setup {
        Setup::from_options_and_settings(options, Settings::default())
    }

    /// Builds the start-up state from the command line and the saved settings: each flag given
    /// wins over its setting.
    #[must_use]
    pub fn from_options_and_settings(options: &Options, settings: Settings) -> Setup {
        let mut problems = Vec::new();
        let mut opened = None;
        let mut game = Game::default();
        if let Some(fen) = &options.fen {
            match Game::from_fen(fen.trim()) {
                Ok(g) => game = g,
                Err(e) => problems.push(Say::BadFenOption(e.to_string())),
            }
        }
        let loaded = options
            .pdn
            .as_ref()
            .and_then(|path| match read_collection(path) {
                Ok(collection) => Some((path, collection)),
                Err(e) => {
                    problems.push(e);
                    None
                }
            });
        let saved_level = settings.level.filter(|&n| shashki::Level::get(n).is_some());
        let strength = match (options.engine_time, options.level, saved_level) {
            (Some(ms), _, _) => Strength::MoveTime(Duration::from_millis(ms)),
            (None, Some(level), _) => Strength::Level(usize::from(level)),
            (None, None, Some(level)) => Strength::Level(level),
            (None, None, None) => Strength::Level(DEFAULT_LEVEL),
        };
        let players = Players {
            white: options.white.unwrap_or(Controller::Human),
            black: options.black.unwrap_or(Controller::Engine),
        };
        let book = options
            .book
            .clone()
            .map_or(BookChoice::Shipped, BookChoice::File);
        let mut record =
            GameRecord::new(game.with_draw_rules(options.draw_rules), players, strength);
        let mut collection = Collection::default();
        if let Some((path, mut games)) = loaded {
            let single = games.games.len() == 1 && games.failed.is_empty();
            let chosen = match options.game {
                Some(n) => {
                    let n = n as usize;
                    let found = games.games.iter().position(|(number, _)| *number == n);
                    if found.is_none() {
                        problems.push(Say::NoGameIn(format!("{} #{n}", path.display())));
                    }
                    found
                }
                None => single.then_some(0),
            };
            if let Some(index) = chosen {
                let (number, pdn_game) = games.games[index].clone();
                if options.game.is_some() {
                    // As a choice in the list: at its start, in review.
                    record.open_at_start(&pdn_game);
                    opened = Some(reviewing_notice(path, number, &pdn_game));
                } else {
                    // The same game, sides and finish as "Open PDN" in the panel.
                    let human = record.open(&pdn_game);
                    opened = Some(opened_notice(path, &pdn_game, human));
                }
                if options.white.is_some() || options.black.is_some() {
                    record.set_players(players);
                }
                games.shown = false;
            } else if options.game.is_none() {
                opened = Some(Say::GameList {
                    file: games.file_name(),
                    games: games.games.len(),
                    failed: games.failed.len(),
                });
            } else {
                games.shown = false;
            }
            collection = games;
        }
        Setup {
            record,
            book,
            tablebases: options.tablebases.clone(),
            tablebase_url: options
                .tablebase_url
                .clone()
                .or_else(|| settings.tablebase_url.clone())
                .map(|url| url.trim().to_string())
                .filter(|url| !url.is_empty()),
            problems,
            opened,
            lang: options
                .lang
                .or(settings.language)
                .unwrap_or_else(|| Lang::from_env(Lang::Ru)),
            clock: options.clock.or_else(|| settings.time_control().flatten()),
            collection,
            own_games: OwnGames::default(),
            settings,
            settings_path: None,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::from_options(&Options::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_every_flag() {
        let options = Options::try_parse_from([
            "shashki-game",
            "--fen",
            "W:WKa1:Bb2",
            "--book",
            "b.json",
            "--engine-time",
            "250",
            "--white",
            "engine",
            "--black",
            "human",
            "--lang",
            "en",
            "--clock",
            "5+3",
            "--tablebase-url",
            "http://tables.local:9090",
        ])
        .unwrap();
        let setup = Setup::from_options(&options);
        assert!(setup.problems.is_empty());
        assert_eq!(setup.record.game().position().to_fen(), "W:WK29:B25");
        assert_eq!(
            setup.record.strength(),
            Strength::MoveTime(Duration::from_millis(250))
        );
        assert_eq!(setup.lang, Lang::En);
        assert_eq!(setup.clock, Some(TimeControl::new(5, 3)));
        assert_eq!(setup.record.players().white, Controller::Engine);
        assert_eq!(setup.record.players().black, Controller::Human);
        assert_eq!(setup.book, BookChoice::File(PathBuf::from("b.json")));
        assert_eq!(
            setup.tablebase_url.as_deref(),
            Some("http://tables.local:9090")
        );
    }

    #[test]
    fn the_tablebase_url_flag_wins_over_the_setting_and_empty_means_none() {
        let saved = Settings {
            tablebase_url: Some("http://saved:9090".into()),
            ..Settings::default()
        };
        let setup = |args: &[&str]| {
            let options = Options::try_parse_from(
                std::iter::once("shashki-game").chain(args.iter().copied()),
            )
            .unwrap();
            Setup::from_options_and_settings(&options, saved.clone()).tablebase_url
        };
        assert_eq!(setup(&[]).as_deref(), Some("http://saved:9090"));
        assert_eq!(
            setup(&["--tablebase-url", "http://flag:1"]).as_deref(),
            Some("http://flag:1")
        );
        assert_eq!(setup(&["--tablebase-url", ""]), None);
    }

    #[test]
    fn bad_fen_and_missing_pdn_are_reported_not_fatal() {
        let options = Options::try_parse_from([
            "shashki-game",
            "--fen",
            "W:Wz9",
            "--pdn",
            "/nonexistent/game.pdn",
        ])
        .unwrap();
        let setup = Setup::from_options(&options);
        assert_eq!(setup.problems.len(), 2, "{:?}", setup.problems);
        assert!(matches!(setup.problems[0], Say::BadFenOption(_)));
        assert!(
            matches!(&setup.problems[1], Say::CannotRead(file, _) if file == "/nonexistent/game.pdn")
        );
        assert_eq!(setup.record.game().position(), &shashki::Position::start());
    }

    #[test]
    fn levels_are_chosen_by_number_and_out_of_range_is_a_usage_error() {
        let options = Options::try_parse_from(["shashki-game", "--level", "8"]).unwrap();
        assert_eq!(
            Setup::from_options(&options).record.strength(),
            Strength::Level(8)
        );
        let default = Setup::from_options(&Options::default());
        assert_eq!(default.record.strength(), Strength::Level(DEFAULT_LEVEL));
        for bad in [
            ["--level", "0"],
            ["--level", "9"],
            ["--lang", "de"],
            ["--clock", "soon"],
        ] {
            assert!(Options::try_parse_from(["shashki-game", bad[0], bad[1]]).is_err());
        }
    }

    #[test]
    fn bad_side_value_is_a_usage_error() {
        assert!(Options::try_parse_from(["shashki-game", "--white", "robot"]).is_err());
    }
}
