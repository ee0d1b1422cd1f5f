//! The command line (`--fen`, `--pdn`, `--book`, `--engine-time`, `--white`, `--black`) and the
//! start-up [`Setup`] made from it.
//!
//! Reading the options never fails on bad content: a bad FEN or an unreadable PDN leaves the
//! game at the start position and becomes a message shown in the window (the game goes on).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::Resource;
use clap::Parser;

use crate::record::{Controller, DEFAULT_LEVEL, GameRecord, LEVELS, Players, load_pdn};
use shashki::Game;
use shashki::search::BookChoice;

/// Play Russian draughts against the shashki engine.
#[derive(Parser, Clone, Debug, Default, PartialEq, Eq)]
#[command(name = "shashki-game", version)]
pub struct Options {
    /// Start from this position (FEN, e.g. `W:W21,22,...,32:B1,...,12` or `W:WKa1:Bb2`).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Load the first game of this PDN file (wins over --fen).
    #[arg(long, value_name = "FILE")]
    pub pdn: Option<PathBuf>,
    /// Opening book for the engine (default: the shipped book, built into the program).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Directory of endgame tablebase files (`*.shtb`) for the engine.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<PathBuf>,
    /// The engine's time per move in milliseconds (default: level 3, 1000 ms).
    #[arg(long, value_name = "MS")]
    pub engine_time: Option<u64>,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Controller::Human)]
    pub white: Controller,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Controller::Engine)]
    pub black: Controller,
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
    /// Problems met while reading the options, shown in the window.
    pub problems: Vec<String>,
}

impl Setup {
    /// Builds the start-up state; bad FEN/PDN content is reported in `problems`, never fatal.
    #[must_use]
    pub fn from_options(options: &Options) -> Setup {
        let mut problems = Vec::new();
        let mut game = Game::default();
        if let Some(fen) = &options.fen {
            match Game::from_fen(fen.trim()) {
                Ok(g) => game = g,
                Err(e) => problems.push(format!("Bad --fen: {e}")),
            }
        }
        if let Some(path) = &options.pdn {
            match load_pdn(path) {
                Ok(g) => game = g,
                Err(e) => problems.push(e),
            }
        }
        let time = options
            .engine_time
            .map_or(LEVELS[DEFAULT_LEVEL].time, Duration::from_millis);
        let players = Players {
            white: options.white,
            black: options.black,
        };
        let book = options
            .book
            .clone()
            .map_or(BookChoice::Shipped, BookChoice::File);
        Setup {
            record: GameRecord::new(game, players, time),
            book,
            tablebases: options.tablebases.clone(),
            problems,
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
        ])
        .unwrap();
        let setup = Setup::from_options(&options);
        assert!(setup.problems.is_empty());
        assert_eq!(setup.record.game.position().to_fen(), "W:WK29:B25");
        assert_eq!(setup.record.engine_time, Duration::from_millis(250));
        assert_eq!(setup.record.level, Some(1));
        assert_eq!(setup.record.players.white, Controller::Engine);
        assert_eq!(setup.record.players.black, Controller::Human);
        assert_eq!(setup.book, BookChoice::File(PathBuf::from("b.json")));
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
        assert!(setup.problems[0].contains("--fen"));
        assert!(setup.problems[1].contains("/nonexistent/game.pdn"));
        assert_eq!(setup.record.game.position(), &shashki::Position::start());
    }

    #[test]
    fn bad_side_value_is_a_usage_error() {
        assert!(Options::try_parse_from(["shashki-game", "--white", "robot"]).is_err());
    }
}
