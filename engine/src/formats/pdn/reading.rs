//! What reading a PDN file reports: every game read or failed ([`PdnReading`]), why a game
//! failed ([`PdnError`], [`PdnErrorKind`]), what was repaired or guessed ([`PdnWarning`]), and how
//! the failures add up ([`FailureCounts`], which tells a file of another variant). The reader fills
//! these in; they name each game by its index and tags ([`PdnGame::description`]).

use super::encoding::TextEncoding;
use super::record::PdnGame;
use crate::formats::fen::{FenError, FenReason};
use crate::formats::{MoveError, ParseMoveReason};
use crate::rules::ParseSquareError;

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
fn game_type_name(game_type: &str) -> Option<&'static str> {
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
    /// The encoding the text was decoded from ([`TextEncoding::Utf8`] for [`read_all`](super::read_all)).
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
