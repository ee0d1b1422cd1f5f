//! The players of `shashki match`, as the command line names them, read into a [`Spec`] by
//! [`parse_spec`]. A spec only says who plays; the match command makes each game's players from
//! it.
//!
//! A player is `baseline` (its old name `seed` is still accepted), `level:N` (a playing level,
//! 1 = beginner … 8 = master, [`shashki::Level`]: its own limit, not the match's),
//! `hub:PROGRAM [ARGS…]` (an engine in another process spoken to through the Hub protocol, e.g.
//! a kept binary of an earlier version: `hub:/path/shashki hub`), or `default` optionally
//! followed by `,name=value` overrides: any [`shashki::SearchParams`] field, `eval.<feature>` for
//! an evaluation weight, `hash`, `threads`, `movetime` (its own milliseconds per move: time odds,
//! e.g. to see what twice the speed would score against the baseline), `eval=FILE` for a weights
//! file written by `shashki tune` ([`shashki::eval::weights`]; or `eval=linear`: the linear
//! evaluation, [`EvalParams::LINEAR`]), or `patterns=off|builtin|FILE` for the evaluation's
//! pattern tables (a `.shpt` file; [`Patterns::from_name`]), `network=off|builtin|FILE` for the
//! network that corrects it in positions without kings (a `.shnn` file;
//! [`NetworkSetting::from_name`]), or `tablebases=DIR|none`: its own tablebases instead of the
//! match's `--tablebases` (to measure what tables are worth: `default,tablebases=none`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use shashki::eval::{EvalParams, NetworkSetting, Patterns};
use shashki::{EngineConfig, LEVELS, Level};

use super::engine::{search_threads, set_named};
use crate::cli_error::CliError;

/// What a player spec describes.
#[derive(Clone, Debug)]
pub enum Spec {
    /// The baseline engine (`play/baseline.rs`).
    Baseline,
    /// A playing level.
    Level {
        /// The level.
        level: Level,
        /// The base configuration (hash, tablebases) the level is made from.
        config: Box<EngineConfig>,
    },
    /// A Hub engine in another process: the program and its arguments.
    Hub(String),
    /// The engine with this configuration.
    Engine {
        /// Its configuration.
        config: Box<EngineConfig>,
        /// Its own milliseconds per move (time odds), instead of the match's limit.
        movetime: Option<Duration>,
        /// Its own tablebases instead of the match's.
        tablebases: Option<OwnTables>,
    },
}

/// A player's own tablebases (`tablebases=DIR|none` in its spec).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnTables {
    /// None, even when the match has some.
    None,
    /// The tables of this directory.
    Dir(PathBuf),
}

/// Parses a player spec.
///
/// # Errors
/// Unknown player or parameter, or a bad value.
pub fn parse_spec(text: &str, hash: usize) -> Result<Spec, CliError> {
    if let Some(command) = text.strip_prefix("hub:") {
        if command.split_whitespace().next().is_none() {
            return Err(CliError::input(format!(
                "player {text:?}: no program after `hub:`"
            )));
        }
        return Ok(Spec::Hub(command.to_string()));
    }
    let mut parts = text.split(',');
    match parts.next() {
        Some("baseline" | "seed") if !text.contains(',') => return Ok(Spec::Baseline),
        Some(level) if level.starts_with("level:") => {
            let number = level["level:".len()..]
                .parse()
                .ok()
                .filter(|&n| Level::get(n).is_some());
            return match number {
                Some(n) if text == level => Ok(Spec::Level {
                    level: LEVELS[n - 1],
                    config: Box::new(EngineConfig {
                        hash_mb: hash,
                        ..EngineConfig::default()
                    }),
                }),
                _ => Err(CliError::input(format!(
                    "player {text:?}: expected `level:N` with N from 1 to {}",
                    LEVELS.len()
                ))),
            };
        }
        Some("default") => {}
        _ => {
            return Err(CliError::input(format!(
                "player {text:?}: expected `baseline`, `level:N`, `hub:PROGRAM [ARGS…]` or `default[,name=value…]`"
            )));
        }
    }
    let mut config = EngineConfig {
        hash_mb: hash,
        ..EngineConfig::default()
    };
    let mut movetime = None;
    let mut tablebases = None;
    for part in parts {
        let (name, value) = part.split_once('=').ok_or_else(|| {
            CliError::input(format!("player {text:?}: {part:?} is not name=value"))
        })?;
        if name == "tablebases" {
            tablebases = Some(match value {
                "none" => OwnTables::None,
                "" => {
                    return Err(CliError::input(format!(
                        "player {text:?}: `tablebases=` needs a directory or `none`"
                    )));
                }
                dir => OwnTables::Dir(PathBuf::from(dir)),
            });
            continue;
        }
        if name == "eval" {
            config.eval = match value {
                "linear" => EvalParams::LINEAR,
                file => EvalParams::load_weights(Path::new(file)).map_err(CliError::input)?,
            };
            continue;
        }
        if name == "patterns" {
            config.eval.patterns =
                Patterns::from_name(value, Path::new("")).map_err(CliError::input)?;
            continue;
        }
        if name == "network" {
            config.eval.network =
                NetworkSetting::from_name(value, Path::new("")).map_err(CliError::input)?;
            continue;
        }
        let number: i64 = value.parse().map_err(|_| {
            CliError::input(format!("player {text:?}: {name}={value:?} is not a number"))
        })?;
        let ok = match name {
            "hash" => usize::try_from(number).map(|v| config.hash_mb = v).is_ok(),
            "movetime" => u64::try_from(number)
                .ok()
                .filter(|&ms| ms > 0)
                .map(|ms| movetime = Some(Duration::from_millis(ms)))
                .is_some(),
            "threads" => match search_threads(value) {
                Ok(threads) => {
                    config.threads = threads;
                    true
                }
                Err(_) => false,
            },
            _ => set_named(&mut config.params, &mut config.eval, name, number),
        };
        if !ok {
            return Err(CliError::input(format!(
                "player {text:?}: unknown parameter or bad value {name}={value}"
            )));
        }
    }
    Ok(Spec::Engine {
        config: Box::new(config),
        movetime,
        tablebases,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spec setting `name` to a missing `file` fails with an error that names the file.
    fn assert_missing_file(name: &str, file: &str) {
        let missing = parse_spec(&format!("default,{name}={file}"), 16)
            .err()
            .map(|e| e.to_string());
        assert!(
            missing
                .as_deref()
                .is_some_and(|e| e.contains(&format!("{file}: cannot read"))),
            "{missing:?}"
        );
    }

    #[test]
    fn a_player_spec_sets_parameters_and_its_own_move_time() {
        let Ok(Spec::Engine {
            config,
            movetime,
            tablebases,
        }) = parse_spec(
            "default,movetime=250,hash=8,lmr_min_index=5,eval.man=90",
            16,
        )
        else {
            panic!("an engine spec");
        };
        assert_eq!(tablebases, None);
        assert_eq!(movetime, Some(Duration::from_millis(250)));
        assert_eq!(config.hash_mb, 8);
        assert_eq!(config.params.lmr_min_index, 5);
        assert_eq!(config.eval.weight(shashki::eval::Feature::Man), 90);
        let Ok(Spec::Engine { config, .. }) = parse_spec("default,patterns=builtin", 16) else {
            panic!("an engine spec");
        };
        assert_eq!(config.eval.patterns, Patterns::Builtin);
        let Ok(Spec::Engine { config, .. }) = parse_spec("default,patterns=off", 16) else {
            panic!("an engine spec");
        };
        assert_eq!(config.eval.patterns, Patterns::Off);
        let Ok(Spec::Engine { config, .. }) = parse_spec("default,network=off", 16) else {
            panic!("an engine spec");
        };
        assert_eq!(config.eval.network, NetworkSetting::Off);
        assert_eq!(EvalParams::DEFAULT.network, NetworkSetting::Builtin);
        assert_missing_file("network", "/nonexistent.shnn");
        let Ok(Spec::Engine { config, .. }) = parse_spec("default,eval=linear", 16) else {
            panic!("an engine spec");
        };
        assert_eq!(config.eval, EvalParams::LINEAR);
        assert_missing_file("patterns", "/nonexistent.shpt");
        let Ok(Spec::Engine {
            config, movetime, ..
        }) = parse_spec("default", 16)
        else {
            panic!("an engine spec");
        };
        assert_eq!((movetime, config.hash_mb), (None, 16));
        for (spec, tables) in [
            ("default,tablebases=none", OwnTables::None),
            (
                "default,tablebases=/t/6",
                OwnTables::Dir(PathBuf::from("/t/6")),
            ),
        ] {
            let Ok(Spec::Engine { tablebases, .. }) = parse_spec(spec, 16) else {
                panic!("an engine spec");
            };
            assert_eq!(tablebases, Some(tables), "{spec}");
        }
        assert!(matches!(parse_spec("baseline", 16), Ok(Spec::Baseline)));
        assert!(matches!(parse_spec("seed", 16), Ok(Spec::Baseline)));
        let Ok(Spec::Level { level, config }) = parse_spec("level:3", 16) else {
            panic!("a level spec");
        };
        assert_eq!((level.number(), config.hash_mb), (3, 16));
        assert!(
            matches!(parse_spec("hub:/bin/engine hub", 16), Ok(Spec::Hub(c)) if c == "/bin/engine hub")
        );
        for bad in [
            "level:0",
            "level:9",
            "level:x",
            "level:2,hash=1",
            "default,movetime=0",
            "default,movetime=-5",
            "seed,hash=1",
            "baseline,hash=1",
            "hub:",
            "hub:  ",
            "nobody",
            "default,tablebases=",
        ] {
            assert!(parse_spec(bad, 16).is_err(), "{bad}");
        }
    }
}
