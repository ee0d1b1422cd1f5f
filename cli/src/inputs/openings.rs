//! The openings that matches, tuning and book building start from. By default the 745 three-move
//! ballots of Russian draughts, built into the program (the repository's `data/ballots.json`,
//! from pydraughts, MIT; `data/README.md` says where it comes from); `--openings FILE` reads
//! another JSON object of name → FEN instead. Entries come back sorted by name, whatever the
//! file's order, so a run is the same for the same file; [`spread`] then picks a run's share of
//! them evenly.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use shashki::Game;

use crate::cli_error::CliError;

/// The built-in ballots: a JSON object from ballot name to FEN.
const BUILT_IN_BALLOTS: &str = include_str!("../ballots.json");

/// Where openings come from: the built-in ballots or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// The 745 ballots built into the program (command-line value `built-in`).
    BuiltIn,
    /// A JSON object of name → FEN.
    File(PathBuf),
}

impl FromStr for Openings {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<Openings, Self::Err> {
        Ok(match text {
            "built-in" => Openings::BuiltIn,
            path => Openings::File(PathBuf::from(path)),
        })
    }
}

impl fmt::Display for Openings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Openings::BuiltIn => f.write_str("built-in"),
            Openings::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl Openings {
    /// The named start positions, sorted by name.
    ///
    /// # Errors
    /// An unreadable file, bad JSON, or an entry that is not a valid FEN (named with the file).
    pub fn read(&self) -> Result<Vec<(String, Game)>, CliError> {
        match self {
            Openings::BuiltIn => parse(BUILT_IN_BALLOTS, "built-in ballots"),
            Openings::File(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| CliError::input(format!("openings {}: {e}", path.display())))?;
                parse(&text, &path.display().to_string())
            }
        }
    }
}

/// `count` items spread evenly over `items`, the first `offset` items on (wrapping round).
pub fn spread<T: Clone>(items: &[T], count: usize, offset: usize) -> Vec<T> {
    if count >= items.len() {
        return items.to_vec();
    }
    (0..count)
        .map(|i| items[(offset + i * items.len() / count) % items.len()].clone())
        .collect()
}

/// Parses a JSON object of name → FEN; `source` names it in errors.
fn parse(text: &str, source: &str) -> Result<Vec<(String, Game)>, CliError> {
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(text).map_err(|e| {
            CliError::input(format!(
                "openings {source}: {e} (expected a JSON object of name -> FEN)"
            ))
        })?;
    map.into_iter()
        .map(|(name, fen)| {
            let fen = fen.as_str().ok_or_else(|| {
                CliError::input(format!(
                    "openings {source}: {name:?}: the FEN is not a string"
                ))
            })?;
            let game = Game::from_fen(fen)
                .map_err(|e| CliError::input(format!("openings {source}: {name:?}: {e}")))?;
            Ok((name, game))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_openings_are_even_and_offsets_give_others() {
        let items: Vec<usize> = (0..10).collect();
        assert_eq!(spread(&items, 3, 0), [0, 3, 6]);
        assert_eq!(spread(&items, 3, 1), [1, 4, 7]);
        assert_eq!(spread(&items, 3, 9), [9, 2, 5], "the offset wraps round");
        assert_eq!(
            spread(&items, 12, 4),
            items,
            "more games than openings: all of them"
        );
    }

    #[test]
    fn the_built_in_ballots_are_the_745_openings_and_all_legal() {
        let openings = Openings::BuiltIn.read().unwrap();
        assert_eq!(openings.len(), 745);
        assert!(
            openings
                .iter()
                .all(|(_, g)| !g.position().legal_moves().is_empty())
        );
        assert!(openings.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn bad_files_are_named_with_the_entry() {
        let error = parse(r#"{"x": "W:W99:B1"}"#, "f.json")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("f.json") && error.contains("\"x\""),
            "{error}"
        );
        let error = parse("[1]", "f.json").unwrap_err().to_string();
        assert!(error.contains("JSON object"), "{error}");
        assert!(Openings::File("/nonexistent/o.json".into()).read().is_err());
        assert_eq!("built-in".parse::<Openings>(), Ok(Openings::BuiltIn));
    }
}
