//! PDN: the game-file format of draughts (Portable Draughts Notation, a PGN dialect).
//!
//! Reading goes bytes → text → tokens → games. [`decode`] turns a file's bytes into text (UTF-8
//! with or without BOM and with a few bad bytes replaced, UTF-16 with BOM, Windows-1251 and CP866 detected;
//! the encoding is reported, see [`TextEncoding`]). The lexer turns the text into tag pairs (`[White "Ivanov"]`, and as real
//! files have them `[Round 17]`, `[Game # 612]`, `[Round "11.1]`), comments (`{…}`, `;…`), move
//! numbers (`12.`, `12...`), moves, placeholders (`- -`), NAGs (`$3`) and results (`2-0`, `0-2`,
//! `1-1`, `1-0`, `0-1`, `1/2-1/2`, `1:0`, `0:1`, `1/2:1/2`, `0-0`, `*`), each with its line number;
//! variations `(…)` (nested, possibly holding comments) are skipped as a whole; a malformed piece
//! of text becomes an error token of the game it stands in, and lexing goes on after it. Captures
//! written with spaces (`18 x 11`) are joined into one word.
//!
//! The reader ([`read_all`]) then groups tokens into games — a game ends at its result, or where
//! a tag section follows its move text; consecutive tag sections are separate games; comments
//! before the first tags are the file's — sets up the start position from the `FEN` tag (numeric
//! or algebraic, lidraughts `H` and `F` fields honoured), checks `GameType` (`25` or its long form
//! `25,W,8,8,A0,0`), and replays each move with [`Position::parse_move`], so numeric and algebraic
//! moves with `-`, `x` or `:`, without separator (`c3d4`), shortened multi-captures (`a1:h8` for
//! `a1:e5:h8`), the short notation `gf4` and captures split into segments (`29x15 15x24`) are all
//! read. A move that is ambiguous in the short notation (`hg7`: h6-g7 or h8-g7) is read as the only
//! candidate after which the game's next moves (up to eight) can be played, with a [`PdnWarning`]
//! saying so; when the next moves fit several or none, it stays an error that names the candidates.
//! A game that cannot be read becomes a [`PdnError`] naming the game (its index and tags), the
//! line, and the move (its number and text); the next game is read as usual. Games that look like
//! another variant's (a `GameType` other than 25, moves illegal from each side's first one, a quiet
//! move where Russian rules make a capture compulsory, squares 33 to 50 of a 10×10 board in a
//! move or the `FEN` tag) get errors that say "not Russian draughts?". [`read_games`] is the strict form: the games, or the first error.
//!
//! Writing ([`write_game`], [`write_game_with`]) produces the tag section (`GameType` and a `FEN`
//! tag added when needed), then the move text wrapped at 80 columns (or on one line) with move
//! numbers, move-strength suffixes, comments and variations from the [`Annotation`]s, and the
//! result. [`WriteOptions`] choose the squares (numeric or algebraic), the capture separator, full
//! or shortened captures, the `GameType` form, the `FEN` tag, the annotations, the tag order and
//! the line width; [`PdnStyle`] names the sets other programs read or write: PDN 3.0 (the default:
//! each game's own notation, the `FEN` tag in the matching squares), lidraughts (what
//! lidraughts.org exports for Russian games: algebraic, `x`, shortened captures, algebraic FEN,
//! its tag order, one line of moves), lidraughts-numeric (the same with numeric squares) and
//! pydraughts (algebraic, `x`, algebraic FEN — the form pydraughts reads correctly,
//! docs/RULES.md §3).
//!
//! Files met in the wild are read with two repairs, each reported once as a [`PdnWarning`]: UTF-8
//! with a few bad bytes (see [`decode`]; each line with bad bytes is named with its game and
//! tag), and line ends a broken exporter wrote as the two characters `\r` (a backslash and an
//! `r`), read as line ends. [`PdnReading::failure_counts`] counts how the games failed, and
//! [`FailureCounts::other_variant_file`] says when a file looks like another variant's.
//!
//! ```
//! use shashki::pdn::{self, GameResult};
//!
//! let text = r#"[White "Ivanov"]
//! [Black "Petrov"]
//! [GameType "25"]
//!
//! 1. c3-d4 f6-e5 2. d4:f6 {forced} g7:e5 1-1
//! "#;
//! let games = pdn::read_games(text)?;
//! let record = &games[0];
//! assert_eq!(record.tag("White"), Some("Ivanov"));
//! assert_eq!(record.game.moves().len(), 4);
//! assert_eq!(record.result, GameResult::Draw);
//!
//! // Errors say which game and which move.
//! let error = pdn::read_games("1. c3-d4 c3-d4 *").unwrap_err();
//! assert!(error.to_string().contains("move 1... `c3-d4`"));
//!
//! // A file with a bad game: the others are still read.
//! let reading = pdn::read_all("1. c3-d4 c3-d4 *\n\n[Event \"next\"]\n1. cd4 *\n");
//! assert_eq!((reading.games.len(), reading.read_count()), (2, 1));
//!
//! // Writing gives back an equivalent file.
//! let again = pdn::read_games(&pdn::write_game(record))?;
//! assert_eq!(again[0].game.moves(), record.game.moves());
//! # Ok::<(), shashki::pdn::PdnError>(())
//! ```

//!
//! The module is four rooms: `encoding` (bytes → text: [`decode`], and the repair of escaped
//! line ends), `lexer` (text → tokens with their lines), `reader` (tokens → games, replayed
//! move by move; [`read_all`], [`read_bytes`]) and `writer` (games → text; [`write_game_with`]
//! and its [`WriteOptions`]). This file holds what they share: the game record ([`PdnGame`],
//! [`GameResult`], [`Annotation`]) and what reading reports ([`PdnReading`], [`PdnError`],
//! [`PdnWarning`]).

use std::fmt;

mod encoding;
mod lexer;
mod reader;
#[cfg(test)]
mod tests;
mod writer;

pub use encoding::{TextEncoding, decode};
pub use reader::{read_all, read_bytes, read_game, read_games};
pub use writer::{
    FenTag, PdnStyle, TagOrder, WriteOptions, write_game, write_game_with, write_games,
    write_games_with,
};

use crate::formats::fen::{FenError, FenReason};
use crate::formats::{MoveError, Notation, ParseMoveReason};
use crate::rules::ParseSquareError;
#[cfg(doc)]
use crate::rules::Position;
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

/// What was wrong in a PDN file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// Malformed text: an unterminated tag, comment or variation, or an unreadable token.
    #[error("{0}")]
    Syntax(String),
    /// The `GameType` tag names another game than Russian draughts (25).
    #[error(
        "not Russian draughts? GameType `{0}`{name} is not Russian draughts (25)",
        name = game_type_name(.0).map(|n| format!(" ({n})")).unwrap_or_default()
    )]
    GameType(String),
    /// The `FEN` tag could not be read (a square numbered 33 to 50 says "not Russian
    /// draughts?": a 10×10 board's).
    #[error("{hint}FEN tag: {0}", hint = if big_board_fen(.0) {
        "not Russian draughts? squares 33 to 50 are a 10×10 board's (international draughts?): "
    } else {
        ""
    })]
    Fen(FenError),
    /// A move that is unreadable, illegal or ambiguous in its position.
    #[error("move {number}{dots} `{text}`: {error}", dots = if *black { "..." } else { "." })]
    Move {
        /// The full-move number.
        number: u32,
        /// Whether it is Black's move (written `12...`).
        black: bool,
        /// The move as written in the file.
        text: String,
        /// Why it could not be played.
        error: MoveError,
    },
    /// A move that breaks Russian rules the way another variant's game would: illegal from the
    /// first move on, a quiet move where Russian rules make a capture compulsory (men capture
    /// backwards in Russian draughts), or a capture stopped where Russian rules go on.
    #[error("not Russian draughts? {hint}: move {number}{dots} `{text}`: {error}",
        dots = if *black { "..." } else { "." })]
    NotRussian {
        /// Why the game looks like another variant.
        hint: String,
        /// The full-move number.
        number: u32,
        /// Whether it is Black's move.
        black: bool,
        /// The move as written in the file.
        text: String,
        /// Why Russian rules refuse it.
        error: MoveError,
    },
}

impl PdnErrorKind {
    /// Whether this error says the game is probably of another variant (`GameType` other than 25,
    /// or moves only another variant allows).
    #[must_use]
    pub const fn is_other_variant(&self) -> bool {
        match self {
            PdnErrorKind::GameType(_) | PdnErrorKind::NotRussian { .. } => true,
            PdnErrorKind::Fen(error) => big_board_fen(error),
            _ => false,
        }
    }
}

/// Whether a square that did not read is one of a 10×10 board (33 to 50: international
/// draughts and its relatives), a sign of another variant's game.
pub(crate) const fn big_board_square(reason: &ParseMoveReason) -> bool {
    matches!(
        reason,
        ParseMoveReason::Square(ParseSquareError::OutOfRange(33..=50))
    )
}

/// Whether a FEN failed on a square of a 10×10 board (see [`big_board_square`]).
const fn big_board_fen(error: &FenError) -> bool {
    matches!(
        error.reason,
        FenReason::Square(ParseSquareError::OutOfRange(33..=50))
    )
}

/// The name of a PDN `GameType` number (the first field of the tag), when it is a known one.
#[must_use]
pub(crate) fn game_type_name(game_type: &str) -> Option<&'static str> {
    Some(match game_type.split(',').next().unwrap_or("").trim() {
        "20" => "international draughts",
        "21" => "English draughts / checkers",
        "22" => "Italian draughts",
        "23" => "American pool checkers",
        "24" => "Spanish draughts",
        "25" => "Russian draughts",
        "26" => "Brazilian draughts",
        "27" => "Canadian draughts",
        "28" => "Portuguese draughts",
        "29" => "Czech draughts",
        "30" => "Turkish draughts",
        "31" => "Thai draughts",
        "40" => "Frisian draughts",
        "41" => "Spantsiretti",
        _ => return None,
    })
}

/// A PDN file that could not be read: which game, where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("PDN game {game} ({description}), line {line}: {kind}")]
pub struct PdnError {
    /// The game's index in the file, from 1.
    pub game: usize,
    /// The game's tags in short (see [`PdnGame::description`]).
    pub description: String,
    /// The line, from 1.
    pub line: usize,
    /// What was wrong (boxed: a move error carries the position).
    pub kind: Box<PdnErrorKind>,
}

/// Something read but worth telling: a game whose moves are placeholders (`1. - - 2. - -`), a
/// tag section without move text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("PDN game {game} ({description}), line {line}: {message}")]
#[non_exhaustive]
pub struct PdnWarning {
    /// The game's index in the file, from 1.
    pub game: usize,
    /// The game's tags in short (see [`PdnGame::description`]).
    pub description: String,
    /// The line, from 1.
    pub line: usize,
    /// What was noticed.
    pub message: String,
}

/// Everything read from a PDN file: each game, read or failed, in file order, and the warnings.
///
/// One bad game never loses the others: reading goes on with the next game, which starts at the
/// failed game's result or at the next tag section after its move text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PdnReading {
    /// Every game of the file, in order: the record, or why it could not be read.
    pub games: Vec<Result<PdnGame, PdnError>>,
    /// What was read but is worth telling, in file order.
    pub warnings: Vec<PdnWarning>,
    /// A comment before the first game's tags (a file header), if any.
    pub comment: Option<String>,
    /// The encoding the text was decoded from ([`TextEncoding::Utf8`] for [`read_all`]).
    pub encoding: TextEncoding,
}

impl PdnReading {
    /// The games that were read.
    pub fn read(&self) -> impl Iterator<Item = &PdnGame> {
        self.games.iter().filter_map(|g| g.as_ref().ok())
    }

    /// The games that could not be read, with why.
    pub fn failed(&self) -> impl Iterator<Item = &PdnError> {
        self.games.iter().filter_map(|g| g.as_ref().err())
    }

    /// The number of games that were read.
    #[must_use]
    pub fn read_count(&self) -> usize {
        self.read().count()
    }

    /// How the games failed, counted (see [`FailureCounts`]).
    #[must_use]
    pub fn failure_counts(&self) -> FailureCounts {
        let mut counts = FailureCounts {
            games: self.games.len(),
            ..FailureCounts::default()
        };
        for error in self.failed() {
            counts.failed += 1;
            if error.kind.is_other_variant() {
                counts.other_variant += 1;
            } else if matches!(
                &*error.kind,
                PdnErrorKind::Move {
                    error: MoveError::Illegal { .. },
                    ..
                }
            ) {
                counts.illegal += 1;
            }
        }
        counts
    }

    /// Whether the file looks like another variant's games ([`FailureCounts::other_variant_file`]).
    #[must_use]
    pub fn looks_like_other_variant(&self) -> bool {
        self.failure_counts().other_variant_file()
    }

    /// Splits into the games read and the errors.
    #[must_use]
    pub fn into_parts(self) -> (Vec<PdnGame>, Vec<PdnError>) {
        let mut games = Vec::new();
        let mut errors = Vec::new();
        for game in self.games {
            match game {
                Ok(game) => games.push(game),
                Err(error) => errors.push(error),
            }
        }
        (games, errors)
    }
}

/// How the games of a file failed: the evidence for saying that the file holds another variant's
/// games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FailureCounts {
    /// The games of the file, read or failed.
    pub games: usize,
    /// The games that could not be read.
    pub failed: usize,
    /// The games that failed the way another variant's games do
    /// ([`PdnErrorKind::is_other_variant`]: a `GameType` other than 25, a move illegal from the
    /// first one, a quiet move where a capture is compulsory, a capture stopped half-way).
    pub other_variant: usize,
    /// The games that failed on a well-formed move Russian rules refuse, with no sign of another
    /// variant.
    pub illegal: usize,
}

impl FailureCounts {
    /// Whether the file looks like another variant's games. Either
    ///
    /// 1. at least half of all its games fail the way another variant's do; or
    /// 2. most of its games fail, and they are judged on all their failures: the moves Russian
    ///    rules refuse (the other variant's signs and plain illegal moves together) are more than
    ///    half of the failures, and at least a quarter of the failures show another variant's
    ///    signs. A game of another variant often plays several Russian-legal moves before the
    ///    one that shows its rules, and then fails on a plain illegal move (the positions have
    ///    drifted apart). Issue 44's Italian collection (no `GameType` tag): 105 of its 219 games
    ///    fail in the Italian way, the other 114 on plain illegal moves.
    ///
    /// A Russian collection with a few broken games fails neither test (most of its games are
    /// read), and nor does one in a notation the reader does not know (its failures are unreadable
    /// moves, not refused ones).
    #[must_use]
    pub const fn other_variant_file(self) -> bool {
        if self.other_variant == 0 {
            return false;
        }
        let most_of_the_games = self.other_variant * 2 >= self.games;
        let most_games_fail = self.failed * 2 > self.games;
        let refused = self.other_variant + self.illegal;
        most_of_the_games
            || (most_games_fail
                && refused * 2 > self.failed
                && self.other_variant * 4 >= self.failed)
    }
}

fn describe(tags: &[(String, String)]) -> String {
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

impl Game {
    /// This game as a PDN text with no tags but `GameType`, `Result` (from [`Game::status`]) and,
    /// when needed, `FEN`; moves in algebraic notation.
    #[must_use]
    pub fn to_pdn(&self) -> String {
        write_game(&PdnGame::new(self.clone()))
    }

    /// The first game of a PDN text.
    ///
    /// # Errors
    /// As [`read_game`].
    pub fn from_pdn(text: &str) -> Result<Game, PdnError> {
        read_game(text).map(|record| record.game)
    }
}
