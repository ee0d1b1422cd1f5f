//! One game as a PDN file holds it: the replayed [`Game`] with its tag pairs, its result
//! ([`GameResult`]) and one [`Annotation`] per move. The reader builds these records and the
//! writer writes them; both import this room, which imports neither, so the types the PDN module's
//! rooms share stand below all of them.

use std::fmt;

use crate::formats::Notation;
use crate::rules::{Color, Game, GameStatus};
/// The result of a game as PDN records it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White won (`2-0`, or `1-0` in chess scoring).
    WhiteWins,
    /// Black won (`0-2`, or `0-1`).
    BlackWins,
    /// A draw (`1-1`, or `1/2-1/2`).
    Draw,
    /// Unfinished or unknown (`*`; lidraughts' double-loss `0-0` is read as this too).
    #[default]
    Unknown,
}

impl GameResult {
    /// Reads a PDN result token; `None` if `text` is not one.
    #[must_use]
    pub fn from_pdn(text: &str) -> Option<GameResult> {
        Some(match text {
            "2-0" | "1-0" | "1:0" | "2:0" => GameResult::WhiteWins,
            "0-2" | "0-1" | "0:1" | "0:2" => GameResult::BlackWins,
            "1-1" | "1/2-1/2" | "1/2:1/2" | "1:1" | "½-½" => GameResult::Draw,
            "*" | "0-0" | "0:0" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The token in draughts scoring, as lidraughts writes it: `2-0`, `0-2`, `1-1` or `*`.
    #[must_use]
    pub const fn to_pdn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "2-0",
            GameResult::BlackWins => "0-2",
            GameResult::Draw => "1-1",
            GameResult::Unknown => "*",
        }
    }

    /// The result a finished game's status implies (`Unknown` while it is in progress).
    #[must_use]
    pub const fn from_status(status: GameStatus) -> GameResult {
        match status {
            GameStatus::Ongoing => GameResult::Unknown,
            GameStatus::Won {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            GameStatus::Won {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            GameStatus::Drawn(_) => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.to_pdn())
    }
}

/// What PDN attaches to one move: a strength suffix, a comment after it, variations after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// Move-strength suffix such as `!`, `?`, `??`, `!?` (empty for none).
    pub suffix: String,
    /// The comment after the move, without braces.
    pub comment: Option<String>,
    /// Alternative lines to this move, each written as `( … )` after it. Each is PDN move text
    /// starting from the position *before* this move (for example `12. c3-d4 {+0.10}`). Variations
    /// are skipped when reading, so this is empty for games read from a file.
    pub variations: Vec<String>,
}

/// One game of a PDN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// The tag pairs in file order (`("White", "Ivanov")`).
    pub tags: Vec<(String, String)>,
    /// The replayed game: start position (from the `FEN` tag) and moves.
    pub game: Game,
    /// The result: the move text's terminator, else the `Result` tag.
    pub result: GameResult,
    /// One annotation per move, same length as `game.moves()`.
    pub annotations: Vec<Annotation>,
    /// A comment before the first move, if any.
    pub comment: Option<String>,
    /// How the moves are written: detected from the first move when read (algebraic if it names
    /// squares by letter), [`Notation::Algebraic`] for new games.
    pub notation: Notation,
}

impl PdnGame {
    /// A record of `game` with no tags, the result its status implies, and no annotations.
    #[must_use]
    pub fn new(game: Game) -> PdnGame {
        let result = GameResult::from_status(game.status());
        let annotations = vec![Annotation::default(); game.moves().len()];
        PdnGame {
            tags: Vec::new(),
            game,
            result,
            annotations,
            comment: None,
            notation: Notation::Algebraic,
        }
    }

    /// The value of tag `name` (case-sensitive, as PDN tags are), if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing an existing value in place or appending.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// A short description for messages: `White "A" – Black "B", Event "E"`, from the tags.
    #[must_use]
    pub fn description(&self) -> String {
        describe(&self.tags)
    }
}

pub(super) fn describe(tags: &[(String, String)]) -> String {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let mut parts = Vec::new();
    if get("White").is_some() || get("Black").is_some() {
        parts.push(format!(
            "White \"{}\" – Black \"{}\"",
            get("White").unwrap_or("?"),
            get("Black").unwrap_or("?")
        ));
    }
    for name in ["Event", "Date", "Round"] {
        if let Some(value) = get(name) {
            parts.push(format!("{name} \"{value}\""));
        }
    }
    if parts.is_empty() {
        "no tags".to_string()
    } else {
        parts.join(", ")
    }
}
