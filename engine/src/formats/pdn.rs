//! PDN: the game-file format of draughts (Portable Draughts Notation, a PGN dialect).
//!
//! Reading goes bytes → text → tokens → games. [`decode`] turns a file's bytes into text (UTF-8
//! with or without BOM and with a few bad bytes replaced, UTF-16 with BOM, Windows-1251 detected;
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
//! another variant's (a `GameType` other than 25, moves illegal from the first one, a quiet move
//! where Russian rules make a capture compulsory) get errors that say "not Russian
//! draughts?". [`read_games`] is the strict form: the games, or the first error.
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

use std::fmt;

mod encoding;

pub use encoding::{TextEncoding, decode};

use crate::formats::fen::{self, FenError};
use crate::formats::{MoveError, MoveText, Notation};
use crate::rules::{Bitboard, Color, Direction, Game, GameStatus, Move, Position, Role, Square};

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
    /// The `FEN` tag could not be read.
    #[error("FEN tag: {0}")]
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
        matches!(
            self,
            PdnErrorKind::GameType(_) | PdnErrorKind::NotRussian { .. }
        )
    }
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

/// A lexical token of PDN text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    Comment(String),
    Result(GameResult),
    /// A word of move text (move numbers removed), before captures split by spaces are joined.
    Move(String),
    /// `-`, `--`, …: a move the file does not give.
    Placeholder,
    /// Malformed text: the game it stands in fails with this message.
    Error(String),
}

/// A token, the line it starts on, and whether a blank line stands before it.
#[derive(Clone, Debug)]
struct Lexed {
    token: Token,
    line: usize,
    blank_before: bool,
}

/// Splits PDN text into tokens with their line numbers (see the module docs).
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// Line breaks since the last token.
    breaks: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
            breaks: 2,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.breaks += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text[..self.pos].ends_with('\n')
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Goes back to `pos` on `line` (after an unterminated comment or variation, reading resumes
    /// right after its opening bracket).
    fn rewind(&mut self, pos: usize, line: usize) {
        self.pos = pos;
        self.line = line;
    }

    /// Every token of the text.
    fn tokens(mut self) -> Vec<Lexed> {
        let mut tokens = Vec::new();
        while let Some((token, line)) = self.next_token() {
            tokens.push(Lexed {
                token,
                line,
                blank_before: self.breaks >= 2,
            });
            self.breaks = 0;
        }
        tokens
    }

    /// The next token and the line it starts on.
    fn next_token(&mut self) -> Option<(Token, usize)> {
        loop {
            let c = self.peek()?;
            let line = self.line;
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                '%' if self.at_line_start() => self.skip_line(),
                ';' => {
                    self.bump();
                    let start = self.pos;
                    self.skip_line();
                    let comment = self.text[start..self.pos].trim().to_string();
                    return Some((Token::Comment(comment), line));
                }
                '[' => {
                    let token = self.tag().unwrap_or_else(|message| {
                        self.skip_line();
                        Token::Error(message)
                    });
                    return Some((token, line));
                }
                '{' => {
                    self.bump();
                    let start = self.pos;
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(_) => {}
                            None => {
                                self.rewind(start, line);
                                let error = "unterminated comment `{`".to_string();
                                return Some((Token::Error(error), line));
                            }
                        }
                    }
                    let comment = self.text[start..self.pos - 1].trim().to_string();
                    return Some((Token::Comment(comment), line));
                }
                '(' => {
                    let start = self.pos;
                    if let Err(message) = self.skip_variation() {
                        self.rewind(start + 1, line);
                        return Some((Token::Error(message), line));
                    }
                }
                ')' => {
                    self.bump();
                    return Some((Token::Error("`)` without a matching `(`".into()), line));
                }
                '$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ => {
                    let start = self.pos;
                    while self
                        .peek()
                        .is_some_and(|c| !c.is_whitespace() && !"{}()[];$".contains(c))
                    {
                        self.bump();
                    }
                    let word = &self.text[start..self.pos];
                    if word.is_empty() {
                        self.bump();
                        return Some((Token::Error(format!("unexpected `{c}`")), line));
                    }
                    if let Some(token) = word_token(word) {
                        return Some((token, line));
                    }
                }
            }
        }
    }

    /// A tag pair. Besides `[Name "value"]`, real files have unquoted values (`[Round 17]`,
    /// `[Game # 612]`) and a quote left open at the end of the line (`[Round "11.1]`): the value
    /// then runs to the line's last `]`.
    fn tag(&mut self) -> Result<Token, String> {
        self.bump(); // '['
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        let name = self.text[start..self.pos].to_string();
        if name.is_empty() {
            return Err("tag without a name".into());
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let line_end = self.text[self.pos..]
            .find('\n')
            .map_or(self.text.len(), |n| self.pos + n);
        let rest = &self.text[self.pos..line_end];
        let (value, used) = if let Some(quoted) = rest.strip_prefix('"') {
            match closing_quote(quoted) {
                Some((value, length)) => (value, 1 + length),
                None => match quoted.rfind(']') {
                    Some(end) => (quoted[..end].trim_end().to_string(), 1 + end),
                    None => return Err(format!("tag `{name}`: unterminated value")),
                },
            }
        } else {
            match rest.find(']') {
                Some(end) => (rest[..end].trim().to_string(), end),
                None => return Err(format!("tag `{name}`: missing `]`")),
            }
        };
        self.pos += used;
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(format!("tag `{name}`: missing `]`"));
        }
        self.bump();
        Ok(Token::Tag(name, value))
    }

    /// Skips a variation, nested ones and comments inside it included.
    fn skip_variation(&mut self) -> Result<(), String> {
        let mut depth = 0usize;
        let mut in_comment = false;
        while let Some(c) = self.bump() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                '(' if !in_comment => depth += 1,
                ')' if !in_comment => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err("unterminated variation `(`".into())
    }
}

/// The value of a quoted tag (the text after the opening quote, up to the line's end), with `\"`
/// and `\\` unescaped, and the bytes it used including the closing quote; `None` if the quote is
/// not closed on the line.
fn closing_quote(text: &str) -> Option<(String, usize)> {
    let mut value = String::new();
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => value.push(c),
                Some((_, c)) => {
                    value.push('\\');
                    value.push(c);
                }
                None => value.push('\\'),
            },
            '"' => return Some((value, at + 1)),
            c => value.push(c),
        }
    }
    None
}

/// A word of move text: a result, a placeholder, a move (after any move number), or nothing (a
/// bare move number or `...`).
fn word_token(word: &str) -> Option<Token> {
    if let Some(result) = GameResult::from_pdn(word) {
        return Some(Token::Result(result));
    }
    // `12.`, `12...`, `12.c3-d4`, `12...f6:d4`: drop the number and the dots.
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = if word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word.trim_start_matches('.')
    };
    (!rest.is_empty()).then(|| Token::Move(rest.to_string()))
}

/// Whether `c` can stand at the edge of a square's name (`c3`, `22`, `C3`).
fn is_square_edge(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// Whether `c` separates the squares of a move.
fn is_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ':')
}

/// Joins the words of a move written with spaces (`18 x 11`, `18x 11`, `18 x11`), turns words
/// made only of dashes into placeholders, and drops bare numbers (move numbers without a dot).
fn join_spaced_moves(tokens: Vec<Lexed>) -> Vec<Lexed> {
    let mut out: Vec<Lexed> = Vec::with_capacity(tokens.len());
    let mut tokens = tokens.into_iter().peekable();
    while let Some(mut lexed) = tokens.next() {
        if let Token::Move(word) = &mut lexed.token {
            loop {
                let ends_square = word.ends_with(is_square_edge);
                let ends_separator = word.ends_with(is_separator)
                    && word
                        .trim_end_matches(is_separator)
                        .ends_with(is_square_edge);
                let Some(Lexed {
                    token: Token::Move(next),
                    ..
                }) = tokens.peek()
                else {
                    break;
                };
                let next_is_separator = next.len() == 1 && next.starts_with(is_separator);
                let joins = (ends_separator && next.starts_with(is_square_edge))
                    || (ends_square
                        && next.len() > 1
                        && next.starts_with(['x', 'X', ':'])
                        && next
                            .trim_start_matches(is_separator)
                            .starts_with(is_square_edge));
                if joins {
                    word.push_str(next);
                    tokens.next();
                } else if ends_square && next_is_separator {
                    let separator = next.clone();
                    tokens.next();
                    match tokens.peek() {
                        Some(Lexed {
                            token: Token::Move(after),
                            ..
                        }) if after.starts_with(is_square_edge) => {
                            word.push_str(&separator);
                            word.push_str(after);
                            tokens.next();
                        }
                        _ => {
                            // `c3-d4 -`: the dash stands alone after all.
                            out.push(lexed.clone());
                            lexed = Lexed {
                                token: Token::Move(separator),
                                ..lexed
                            };
                            break;
                        }
                    }
                } else {
                    break;
                }
            }
        }
        match &lexed.token {
            Token::Move(word) if word.chars().all(|c| c == '-') => {
                lexed.token = Token::Placeholder;
            }
            Token::Move(word) if word.chars().all(|c| c.is_ascii_digit()) => continue,
            _ => {}
        }
        out.push(lexed);
    }
    out
}

/// Whether the side to move could play `text` as a quiet move if captures were not compulsory:
/// its own piece on the first square, a free diagonal to the second (forward only for a man).
fn quiet_move_without_compulsion(position: &Position, text: &str) -> bool {
    let Ok(parsed) = MoveText::parse(text) else {
        return false;
    };
    let [from, to] = parsed.squares() else {
        return false;
    };
    let us = position.side_to_move();
    let is_king = match position.piece_at(*from) {
        Some(piece) if piece.color == us => piece.role == Role::King,
        _ => return false,
    };
    let empty = position.empty_squares();
    let forward = match us {
        Color::White => [Direction::NorthEast, Direction::NorthWest],
        Color::Black => [Direction::SouthEast, Direction::SouthWest],
    };
    Direction::ALL.into_iter().any(|direction| {
        if !is_king && !forward.contains(&direction) {
            return false;
        }
        let mut square = Bitboard::from_square(*from).step(direction) & empty;
        while square.any() {
            if square.contains(*to) {
                return true;
            }
            if !is_king {
                break;
            }
            square = square.step(direction) & empty;
        }
        false
    })
}

/// Most moves after an ambiguous one tried to tell its candidates apart.
const LOOKAHEAD_PLIES: usize = 8;

/// The move words that follow in the same game (up to [`LOOKAHEAD_PLIES`]): they stop at a tag,
/// a result, a placeholder or malformed text.
fn next_move_words(rest: &[Lexed]) -> Vec<&str> {
    rest.iter()
        .map(|lexed| &lexed.token)
        .take_while(|token| matches!(token, Token::Move(_) | Token::Comment(_)))
        .filter_map(|token| match token {
            Token::Move(word) => Some(word.as_str()),
            _ => None,
        })
        .take(LOOKAHEAD_PLIES)
        .collect()
}

/// The only candidate of an ambiguous move after which the moves of `next` can be played (up to
/// one that is itself ambiguous), with the number of next moves checked; `None` when several
/// candidates fit, or none, or there is no next move to decide.
fn resolve_by_next_moves(
    game: &Game,
    candidates: &[String],
    next: &[&str],
) -> Option<(Move, usize)> {
    let position = game.position();
    // How many of `next` can be played after `mv` (None: not all of them).
    let fits = |mv: Move| -> Option<usize> {
        let mut trial = game.clone();
        trial.play_past_draw(mv).ok()?;
        for (played, word) in next.iter().enumerate() {
            let body = word.trim_end_matches(['!', '?', '+']);
            if body.is_empty() {
                continue;
            }
            match trial.position().parse_move(body) {
                Ok(mv) => trial.play_past_draw(mv).ok()?,
                Err(MoveError::Ambiguous { .. }) => return Some(played),
                Err(_) => return None,
            }
        }
        Some(next.len())
    };
    let fitting: Vec<(Move, usize)> = candidates
        .iter()
        .filter_map(|text| position.parse_move(text).ok())
        .filter_map(|mv| fits(mv).map(|checked| (mv, checked)))
        .collect();
    match fitting.as_slice() {
        [(mv, checked)] if *checked > 0 => Some((*mv, *checked)),
        _ => None,
    }
}

/// Whether `text` is a capture stopped half-way: the first part of a legal capture's route.
fn partial_capture(position: &Position, text: &str) -> bool {
    let Ok(parsed) = MoveText::parse(text) else {
        return false;
    };
    let squares = parsed.squares();
    let (Some(first), Some(last)) = (squares.first(), squares.last()) else {
        return false;
    };
    position.legal_moves().iter().any(|mv| {
        mv.is_capture()
            && mv.from() == *first
            && position.move_routes(mv).iter().any(|route| {
                route
                    .iter()
                    .position(|s| s == last)
                    .is_some_and(|at| at + 1 < route.len())
            })
    })
}

/// A game being read: its tags and, from the first move on, its replay.
struct GameBuilder {
    index: usize,
    /// The line of the game's first token (tag, comment or move).
    first_line: usize,
    tags: Vec<(String, String)>,
    /// Comments before the first move (they become the game's comment).
    comments: Vec<String>,
    record: Option<PdnGame>,
    /// The first problem found; the rest of the game is skipped.
    error: Option<PdnError>,
    /// Whether move text (moves or placeholders) was seen.
    moves_seen: bool,
    /// Where the first placeholder stood, if any.
    placeholder: Option<usize>,
    /// A capture whose route goes on in the next word (`29x15 15x24`): its text and line.
    pending: Option<(String, usize)>,
    last_line: usize,
    /// What was read but is worth telling (an ambiguous move resolved by the next moves).
    notes: Vec<PdnWarning>,
}

impl GameBuilder {
    fn new(index: usize, line: usize) -> GameBuilder {
        GameBuilder {
            index,
            first_line: line,
            tags: Vec::new(),
            comments: Vec::new(),
            record: None,
            error: None,
            moves_seen: false,
            placeholder: None,
            pending: None,
            last_line: line,
            notes: Vec::new(),
        }
    }

    fn error(&self, line: usize, kind: PdnErrorKind) -> PdnError {
        PdnError {
            game: self.index,
            description: describe(&self.tags),
            line,
            kind: Box::new(kind),
        }
    }

    fn fail(&mut self, error: PdnError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    fn has_tag(&self, name: &str) -> bool {
        self.tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    /// Whether nothing but comments was seen (a file header, not a game).
    fn only_comments(&self) -> bool {
        self.tags.is_empty() && !self.moves_seen && self.error.is_none()
    }

    /// The replay, set up from the tags on first use; `None` once the game failed.
    fn record(&mut self, line: usize) -> Option<&mut PdnGame> {
        if self.error.is_some() {
            return None;
        }
        if self.record.is_none() {
            match self.start(line) {
                Ok(mut record) => {
                    if !self.comments.is_empty() {
                        record.comment = Some(self.comments.join(" "));
                    }
                    self.record = Some(record);
                }
                Err(error) => {
                    self.fail(error);
                    return None;
                }
            }
        }
        self.record.as_mut()
    }

    fn start(&self, line: usize) -> Result<PdnGame, PdnError> {
        let tag = |name: &str| {
            self.tags
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim())
        };
        if let Some(game_type) = tag("GameType") {
            let number = game_type.split(',').next().unwrap_or("").trim();
            if number != "25" {
                return Err(self.error(line, PdnErrorKind::GameType(game_type.to_string())));
            }
        }
        let game = match tag("FEN") {
            Some(text) if !text.is_empty() => {
                Game::from_fen(text).map_err(|e| self.error(line, PdnErrorKind::Fen(e)))?
            }
            _ => Game::default(),
        };
        let result = tag("Result")
            .and_then(GameResult::from_pdn)
            .unwrap_or_default();
        Ok(PdnGame {
            tags: self.tags.clone(),
            game,
            result,
            annotations: Vec::new(),
            comment: None,
            notation: Notation::Algebraic,
        })
    }

    fn comment(&mut self, line: usize, text: String) {
        self.last_line = line;
        if self.error.is_some() {
            return;
        }
        if self.record.is_none() {
            self.comments.push(text);
            return;
        }
        let Some(record) = self.record(line) else {
            return;
        };
        let slot = match record.annotations.last_mut() {
            Some(annotation) => &mut annotation.comment,
            None => &mut record.comment,
        };
        match slot {
            Some(existing) => {
                existing.push(' ');
                existing.push_str(&text);
            }
            None => *slot = Some(text),
        }
    }

    fn placeholder(&mut self, line: usize) {
        self.last_line = line;
        self.moves_seen = true;
        self.placeholder.get_or_insert(line);
    }

    /// Plays a move word; `rest` are the tokens after it (an ambiguous move looks ahead).
    fn play(&mut self, line: usize, word: &str, rest: &[Lexed]) {
        self.last_line = line;
        self.moves_seen = true;
        if self.error.is_some() || self.placeholder.is_some() {
            return;
        }
        let body = word.trim_end_matches(['!', '?', '+']);
        let suffix = word[body.len()..].to_string();
        // The second half of a capture split in two words (`29x15 15x24`)?
        if let Some((pending, pending_line)) = self.pending.take() {
            let joined = MoveText::parse(&pending)
                .ok()
                .zip(MoveText::parse(body).ok())
                .filter(|(first, second)| first.squares().last() == second.squares().first())
                .map(|(first, second)| {
                    let squares = first.squares().iter().chain(&second.squares()[1..]);
                    squares.map(Square::to_string).collect::<Vec<_>>().join(":")
                });
            match joined {
                Some(joined) => {
                    return self.play_move(line, &format!("{joined}{suffix}"), true, rest);
                }
                None => self.play_move(pending_line, &pending, false, rest),
            }
            if self.error.is_some() {
                return;
            }
        }
        self.play_move(line, word, true, rest);
    }

    /// Plays one move word; `may_continue`: a capture stopped half-way may wait for the next
    /// word to finish it; `rest`: the tokens after it.
    fn play_move(&mut self, line: usize, word: &str, may_continue: bool, rest: &[Lexed]) {
        let index = self.index;
        let description = describe(&self.tags);
        let Some(record) = self.record(line) else {
            return;
        };
        let body = word.trim_end_matches(['!', '?', '+']);
        let suffix = word[body.len()..].to_string();
        if body.is_empty() {
            // A strength mark written apart from its move (`11-15 !`, `22x15 ?!`) belongs to the
            // move before it; before the first move it means nothing and is dropped.
            if let Some(annotation) = record.annotations.last_mut() {
                annotation.suffix.push_str(&suffix);
            }
            return;
        }
        let position = *record.game.position();
        let ply = record.game.moves().len();
        let number = record.game.move_number(ply);
        let black = position.side_to_move() == Color::Black;
        let kind = |error: MoveError| {
            let hint = match &error {
                MoveError::Illegal { .. }
                    if position.has_capture() && quiet_move_without_compulsion(&position, body) =>
                {
                    Some(
                        "a capture is compulsory here in Russian draughts (men capture \
                         backwards too)",
                    )
                }
                MoveError::Illegal { .. } if partial_capture(&position, body) => {
                    Some("this capture goes on in Russian draughts")
                }
                MoveError::Illegal { .. } if ply == 0 => {
                    Some("illegal in Russian rules from the first move on")
                }
                _ => None,
            };
            match hint {
                Some(hint) => PdnErrorKind::NotRussian {
                    hint: hint.to_string(),
                    number,
                    black,
                    text: word.to_string(),
                    error,
                },
                None => PdnErrorKind::Move {
                    number,
                    black,
                    text: word.to_string(),
                    error,
                },
            }
        };
        // An ambiguous move (`hg7`: h6-g7 or h8-g7) is read as the only candidate after which
        // the game's next moves can be played, and said so; otherwise it stays an error.
        let mut note = None;
        let parsed = match position.parse_move(body) {
            Err(MoveError::Ambiguous { text, candidates }) => {
                let next = next_move_words(rest);
                match resolve_by_next_moves(&record.game, &candidates, &next) {
                    Some((mv, fitted)) => {
                        note = Some(format!(
                            "move {number}{} `{word}` is ambiguous ({}): read as {}, the only one \
                             the next {fitted} move{} fit",
                            if black { "..." } else { "." },
                            candidates.join(", "),
                            position.write_move(&mv, Notation::Algebraic),
                            if fitted == 1 { "" } else { "s" }
                        ));
                        Ok(mv)
                    }
                    None => Err(MoveError::Ambiguous { text, candidates }),
                }
            }
            other => other,
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(MoveError::Illegal { .. }) if may_continue && partial_capture(&position, body) => {
                self.pending = Some((word.to_string(), line));
                return;
            }
            Err(error) => {
                let error = PdnError {
                    game: index,
                    description,
                    line,
                    kind: Box::new(kind(error)),
                };
                self.fail(error);
                return;
            }
        };
        if ply == 0 && body.starts_with(|c: char| c.is_ascii_digit()) {
            record.notation = Notation::Numeric;
        }
        // A game drawn by a counter rule or a repetition may go on where draws are claimed; the
        // move is legal (parse_move found it), so this cannot fail.
        if let Err(error) = record.game.play_past_draw(mv) {
            let error = PdnError {
                game: index,
                description,
                line,
                kind: Box::new(kind(MoveError::Illegal {
                    text: format!("{body} ({error})"),
                    position,
                })),
            };
            self.fail(error);
            return;
        }
        record.annotations.push(Annotation {
            suffix,
            ..Annotation::default()
        });
        if let Some(message) = note {
            let warning = PdnWarning {
                game: index,
                description,
                line,
                message,
            };
            self.notes.push(warning);
        }
    }

    /// The game, read or failed, and the warnings about it (none for a failed game).
    fn finish(
        mut self,
        line: usize,
        result: Option<GameResult>,
    ) -> (Result<PdnGame, PdnError>, Vec<PdnWarning>) {
        if let Some((pending, pending_line)) = self.pending.take() {
            self.play_move(pending_line, &pending, false, &[]);
        }
        let warning = |message: String| PdnWarning {
            game: self.index,
            description: describe(&self.tags),
            line: self.placeholder.unwrap_or(line),
            message,
        };
        let warning = match (self.placeholder, &self.record) {
            (Some(_), None) => Some(warning(
                "the moves are placeholders (`- -`): read as a game without moves".into(),
            )),
            (Some(_), Some(record)) => Some(warning(format!(
                "the moves after ply {} are placeholders (`- -`): read up to there",
                record.game.moves().len()
            ))),
            (None, None) if !self.moves_seen && result.is_none() && self.error.is_none() => {
                Some(warning("no move text: read as a game without moves".into()))
            }
            _ => None,
        };
        let _ = self.record(line);
        if let Some(error) = self.error {
            return (Err(error), Vec::new());
        }
        let Some(mut record) = self.record.take() else {
            return (
                Err(self.error(line, PdnErrorKind::Syntax("no game".into()))),
                Vec::new(),
            );
        };
        if let Some(result) = result {
            record.result = result;
        }
        record.tags = self.tags;
        let mut warnings = self.notes;
        warnings.extend(warning);
        (Ok(record), warnings)
    }
}

/// Reads every game of a PDN text, going on past bad games (see [`PdnReading`]).
///
/// Games end at their result, or where a tag section follows their move text; a tag section
/// follows another without moves when a tag name repeats or a blank line stands between them
/// (each is then a game without moves, with a warning). A comment before the first tag section is
/// the file's comment, not a game.
#[must_use]
pub fn read_all(text: &str) -> PdnReading {
    read_text(text).0
}

/// Line ends a broken exporter wrote as the two characters `\r` (a backslash and an `r`; also
/// `\n` or `\r\n`): at the end of real lines, or as the only line ends of a one-line file.
#[derive(Debug)]
struct EscapedLineEnds {
    /// The escape as written (`\r`, `\n` or `\r\n`), the first one found.
    escape: &'static str,
    /// The first line ending in one (1 in a one-line file).
    first_line: usize,
    /// How many line ends were written so.
    count: usize,
    /// The text's lines that hold something (1 in a one-line file).
    lines: usize,
    /// The text with real line breaks; the line numbers of a text with real lines are kept.
    repaired: String,
}

/// The escapes taken for line ends, longest first.
const LINE_END_ESCAPES: [&str; 3] = ["\\r\\n", "\\r", "\\n"];

impl EscapedLineEnds {
    /// The escaped line ends of `text`, when it has them: at least two lines, and at least half
    /// of the lines that hold something, end in an escape; or the text has no line break at all
    /// and at least two tags (`]`) are followed by an escape. A stray `\r` in a comment is left
    /// alone.
    fn find(text: &str) -> Option<EscapedLineEnds> {
        let (mut escape, mut first_line, mut count, mut lines) = (None, 0, 0, 0);
        if !text.contains('\n') {
            let after_tags = LINE_END_ESCAPES
                .iter()
                .map(|e| text.matches(&format!("]{e}")).count())
                .max()
                .unwrap_or(0);
            if after_tags < 2 {
                return None;
            }
            let mut repaired = text.to_string();
            for e in LINE_END_ESCAPES {
                count += repaired.matches(e).count();
                escape = escape.or(text.contains(e).then_some(e));
                repaired = repaired.replace(e, "\n");
            }
            return Some(EscapedLineEnds {
                escape: escape.unwrap_or(LINE_END_ESCAPES[1]),
                first_line: 1,
                count,
                lines: 1,
                repaired,
            });
        }
        let mut repaired = String::with_capacity(text.len());
        for (index, line) in text.split('\n').enumerate() {
            if index > 0 {
                repaired.push('\n');
            }
            let mut rest = line.trim_end();
            let mut found = None;
            while let Some(e) = LINE_END_ESCAPES.iter().find(|e| rest.ends_with(*e)) {
                found.get_or_insert(*e);
                rest = rest[..rest.len() - e.len()].trim_end();
            }
            if !line.trim().is_empty() {
                lines += 1;
            }
            match found {
                Some(e) => {
                    count += 1;
                    if escape.is_none() {
                        escape = Some(e);
                        first_line = index + 1;
                    }
                    repaired.push_str(rest);
                }
                None => repaired.push_str(line),
            }
        }
        (count >= 2 && count * 2 >= lines).then(|| EscapedLineEnds {
            escape: escape.unwrap_or(LINE_END_ESCAPES[1]),
            first_line,
            count,
            lines,
            repaired,
        })
    }

    /// What the warning says.
    fn message(&self) -> String {
        let what = format!(
            "the two characters `{}` (a backslash and {}, left by a broken exporter)",
            self.escape,
            if self.escape == "\\n" {
                "an `n`"
            } else {
                "an `r`"
            }
        );
        if self.lines == 1 {
            format!(
                "the text has no line break but {} of {what}: read as line breaks",
                self.count
            )
        } else {
            format!(
                "{} of the {} lines end in {what}: read as line ends",
                self.count, self.lines
            )
        }
    }
}

/// [`read_all`], and the line each game starts on (one per game of [`PdnReading::games`]).
fn read_text(text: &str) -> (PdnReading, Vec<usize>) {
    let escaped = EscapedLineEnds::find(text);
    let text = escaped.as_ref().map_or(text, |e| e.repaired.as_str());
    let tokens = join_spaced_moves(Lexer::new(text).tokens());
    let mut reading = PdnReading {
        games: Vec::new(),
        warnings: Vec::new(),
        comment: None,
        encoding: TextEncoding::Utf8,
    };
    let mut current: Option<GameBuilder> = None;
    let mut starts = Vec::new();
    let mut finish = |reading: &mut PdnReading, builder: GameBuilder, line, result| {
        starts.push(builder.first_line);
        let (game, warning) = builder.finish(line, result);
        reading.games.push(game);
        reading.warnings.extend(warning);
    };
    let mut tokens = tokens;
    for at in 0..tokens.len() {
        let token = std::mem::replace(&mut tokens[at].token, Token::Placeholder);
        let Lexed {
            line, blank_before, ..
        } = tokens[at];
        let rest = &tokens[at + 1..];
        let index = reading.games.len() + 1;
        match token {
            Token::Tag(name, value) => {
                if let Some(builder) = current.take() {
                    if builder.only_comments() {
                        // A file header: comments before the first tags.
                        if reading.games.is_empty() && reading.comment.is_none() {
                            reading.comment = Some(builder.comments.join(" "));
                        }
                    } else if builder.moves_seen
                        || builder.has_tag(&name)
                        || (blank_before && !builder.tags.is_empty())
                    {
                        let end = builder.last_line;
                        finish(&mut reading, builder, end, None);
                    } else {
                        current = Some(builder);
                    }
                }
                let index = reading.games.len() + 1;
                let builder = current.get_or_insert_with(|| GameBuilder::new(index, line));
                builder.last_line = line;
                builder.tags.push((name, value));
            }
            Token::Comment(comment) => current
                .get_or_insert_with(|| GameBuilder::new(index, line))
                .comment(line, comment),
            Token::Move(word) => current
                .get_or_insert_with(|| GameBuilder::new(index, line))
                .play(line, &word, rest),
            Token::Placeholder => current
                .get_or_insert_with(|| GameBuilder::new(index, line))
                .placeholder(line),
            Token::Error(message) => {
                let builder = current.get_or_insert_with(|| GameBuilder::new(index, line));
                builder.last_line = line;
                builder.moves_seen = true;
                let error = builder.error(line, PdnErrorKind::Syntax(message));
                builder.fail(error);
            }
            Token::Result(result) => {
                let builder = current
                    .take()
                    .unwrap_or_else(|| GameBuilder::new(index, line));
                finish(&mut reading, builder, line, Some(result));
            }
        }
    }
    if let Some(builder) = current {
        if builder.only_comments() {
            if reading.games.is_empty() && reading.comment.is_none() {
                reading.comment = Some(builder.comments.join(" "));
            }
        } else {
            let end = builder.last_line;
            finish(&mut reading, builder, end, None);
        }
    }
    if let Some(escaped) = escaped {
        // Said once, for the file, at the first line it concerns.
        let (game, description) = game_at(&reading, &starts, escaped.first_line);
        let at = reading
            .warnings
            .iter()
            .take_while(|w| w.line < escaped.first_line)
            .count();
        let warning = PdnWarning {
            game,
            description,
            line: escaped.first_line,
            message: escaped.message(),
        };
        reading.warnings.insert(at, warning);
    }
    (reading, starts)
}

/// Decodes a file's bytes (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1251 detected;
/// see [`decode`]) and reads every game ([`read_all`]); the encoding is in
/// [`PdnReading::encoding`].
///
/// Bytes that are not UTF-8 in a file read as UTF-8 ([`TextEncoding::Utf8Repaired`], or a
/// UTF-8 file with a byte-order mark) are replaced by U+FFFD, and each line that holds some gets
/// a [`PdnWarning`] naming the game, the line, the tag (or the line's text) and the bytes.
#[must_use]
pub fn read_bytes(bytes: &[u8]) -> PdnReading {
    let (text, encoding) = decode(bytes);
    let (mut reading, starts) = read_text(&text);
    reading.encoding = encoding;
    let utf8 = match encoding {
        TextEncoding::Utf8Repaired | TextEncoding::NotUtf8 => Some(bytes),
        TextEncoding::Utf8Bom => bytes.get(3..),
        _ => None,
    };
    if let Some(utf8) = utf8 {
        let bad = encoding::invalid_utf8(utf8);
        if !bad.is_empty() {
            let warnings = bad_byte_warnings(&text, &bad, &reading, &starts);
            reading.warnings.extend(warnings);
            reading.warnings.sort_by_key(|w| w.line);
        }
    }
    reading
}

/// The game `line` belongs to (the last one starting on or before it; the first game for a line
/// before any), from 1, and its description.
fn game_at(reading: &PdnReading, starts: &[usize], line: usize) -> (usize, String) {
    let game = starts.iter().take_while(|&&s| s <= line).count().max(1);
    let description = match reading.games.get(game - 1) {
        Some(Ok(record)) => record.description(),
        Some(Err(error)) => error.description.clone(),
        None => "no tags".to_string(),
    };
    (game, description)
}

/// One warning per line holding bytes that are not UTF-8: the game the line belongs to (the last
/// one starting on or before it), the tag on the line if it is a tag line, and the bytes.
fn bad_byte_warnings(
    text: &str,
    bad: &[encoding::InvalidUtf8],
    reading: &PdnReading,
    starts: &[usize],
) -> Vec<PdnWarning> {
    let lines: Vec<&str> = text.lines().collect();
    let mut warnings: Vec<PdnWarning> = Vec::new();
    for invalid in bad {
        let hex = invalid
            .bytes
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(last) = warnings.last_mut()
            && last.line == invalid.line
        {
            // Another bad sequence on the same line: one warning per line.
            let at = last.message.find(')').unwrap_or(0);
            last.message.insert_str(at, &format!(", {hex}"));
            continue;
        }
        let (game, description) = game_at(reading, starts, invalid.line);
        let line_text = lines.get(invalid.line - 1).map_or("", |l| l.trim());
        let place = match line_text.strip_prefix('[') {
            Some(tag) => {
                let name: String = tag
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                format!("tag `{name}`: {line_text}")
            }
            None => {
                let shown: String = line_text.chars().take(60).collect();
                let more = if shown.len() < line_text.len() {
                    "…"
                } else {
                    ""
                };
                format!("the line reads: {shown}{more}")
            }
        };
        warnings.push(PdnWarning {
            game,
            description,
            line: invalid.line,
            message: format!("bytes that are not UTF-8 ({hex}) replaced by U+FFFD in {place}"),
        });
    }
    warnings
}

/// Reads every game of a PDN file, stopping at the first game that cannot be read.
///
/// Use [`read_all`] to keep the good games of a file with bad ones.
///
/// # Errors
/// A [`PdnError`] for the first problem found: malformed text, a `GameType` other than 25, a bad
/// `FEN` tag, or an unreadable, illegal or ambiguous move — naming the game, line and move.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    read_all(text).games.into_iter().collect()
}

/// Reads the first game of a PDN text.
///
/// # Errors
/// As [`read_games`]; also a syntax error if the text holds no game.
pub fn read_game(text: &str) -> Result<PdnGame, PdnError> {
    read_games(text)?
        .into_iter()
        .next()
        .ok_or_else(|| PdnError {
            game: 1,
            description: "no tags".into(),
            line: 1,
            kind: Box::new(PdnErrorKind::Syntax("no game in the text".into())),
        })
}

/// The FEN of `game`'s start with `squares` as names, with lidraughts `H`/`F` fields when they
/// are not the defaults.
fn start_fen(game: &Game, squares: Notation) -> String {
    let position = game.start_position();
    let mut text = match squares {
        Notation::Algebraic => fen::write_algebraic(position),
        Notation::Numeric | Notation::Hub => fen::write(position),
    };
    let plies = game.draw_states()[0].plies();
    if plies != 0 || game.first_move_number() != 1 {
        text.push_str(&format!(":H{plies}:F{}", game.first_move_number()));
    }
    text
}

/// A tag value as the reader takes it back ([`closing_quote`]): `\\` and `"` escaped, and a line
/// break or other control character (which would end or split the tag's line) written as a space.
fn escape_tag(value: &str) -> String {
    let mut text = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                text.push('\\');
                text.push(c);
            }
            c if c.is_control() => text.push(' '),
            c => text.push(c),
        }
    }
    text
}

fn escape_comment(text: &str) -> String {
    text.replace('}', ")")
}

/// Joins words into lines of at most `width` columns (a longer word gets a line of its own).
fn wrap(words: &[String], width: usize) -> String {
    let mut text = String::new();
    let mut column = 0;
    for word in words {
        if column > 0 && column + 1 + word.chars().count() > width {
            text.push('\n');
            column = 0;
        } else if column > 0 {
            text.push(' ');
            column += 1;
        }
        text.push_str(word);
        column += word.chars().count();
    }
    text
}

/// Line width of written move text ([`WriteOptions::line_width`] of the PDN 3.0 and pydraughts
/// styles).
const LINE_WIDTH: usize = 80;

/// The tags most programs expect first, in this order (PGN's seven-tag roster).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The tags lidraughts.org writes after the roster in its Russian exports, in its order (the
/// `FEN` tag comes last).
const LIDRAUGHTS_TAGS: [&str; 9] = [
    "UTCDate",
    "UTCTime",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "GameType",
    "TimeControl",
    "Termination",
];

/// The order of the tag section.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TagOrder {
    /// The game's own order; `Result`, `GameType` and `FEN` appended when missing.
    #[default]
    File,
    /// The seven usual tags first (Event, Site, Date, Round, White, Black, Result; `?` where
    /// unknown), then the others in the game's order.
    Roster,
    /// As lidraughts.org exports: the seven usual tags, then the ones lidraughts writes next, in
    /// its order (`UTCDate`, `UTCTime`, `WhiteElo`, `BlackElo`,
    /// `WhiteRatingDiff`, `BlackRatingDiff`, `GameType`, `TimeControl`, `Termination`), the
    /// game's other tags, and `FEN` last.
    Lidraughts,
}

/// When the writer adds a `FEN` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FenTag {
    /// When the game does not start from the start position (or already had one).
    #[default]
    WhenNeeded,
    /// Always, as lidraughts and pydraughts write it.
    Always,
}

/// How [`write_game_with`] writes a game. [`WriteOptions::default`] is [`PdnStyle::Pdn3`]; start
/// from a style and change a field: `WriteOptions { capture_separator: Some(':'),
/// ..PdnStyle::Lidraughts.options() }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// Numeric (`22-18`) or algebraic (`c3-d4`) squares; `None` keeps each game's own notation.
    pub notation: Option<Notation>,
    /// Between the squares of a capture: `x` or `:`; `None`: `:` for algebraic moves, `x` for
    /// numeric ones (the PDN 3.0 habit).
    pub capture_separator: Option<char>,
    /// Write a capture as its origin and destination only (`22x13`), unless another legal move
    /// shares them; the full path (`22x15x13`) otherwise.
    pub shorten_captures: bool,
    /// `GameType` in its long form `25,W,8,8,A0,0` (pydraughts) instead of `25`.
    pub long_game_type: bool,
    /// When to write the `FEN` tag.
    pub fen_tag: FenTag,
    /// The squares of the `FEN` tag; `None`: as the moves.
    pub fen_squares: Option<Notation>,
    /// Comments, move-strength marks and variations (some readers take them for moves).
    pub annotations: bool,
    /// The order of the tags.
    pub tag_order: TagOrder,
    /// The width the move text is wrapped at (a move number stays with its move); `None`: the
    /// whole move text on one line, as lidraughts writes it.
    pub line_width: Option<usize>,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        PdnStyle::Pdn3.options()
    }
}

/// Named sets of [`WriteOptions`] matching what other programs read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PdnStyle {
    /// PDN 3.0 as this project writes it: each game's notation, `:` captures in algebraic and `x`
    /// in numeric moves with full paths, `GameType "25"`, the `FEN` tag when needed (in the moves'
    /// squares), annotations kept.
    #[default]
    Pdn3,
    /// As lidraughts.org exports Russian games: algebraic squares (`c3-d4`), `x` for captures,
    /// shortened to origin and destination unless ambiguous (`c1xc5`), the tags in lidraughts'
    /// order ([`TagOrder::Lidraughts`]: the seven usual ones, `GameType "25"`, `FEN` last),
    /// always an algebraic `FEN` tag (`W:Wa3,c3,…:Bb8,d8,…`), the whole move text on one line
    /// ending in the result (`2-0`, `0-2`, `1-1`, `*`), annotations kept. Compared with the real
    /// exports in issue 44 (lidraughts.org, May 2025).
    Lidraughts,
    /// The same with numeric squares (`22-18`, `22x13`) and a numeric `FEN` tag (`W:W21,22,…`):
    /// how lidraughts writes draughts without its algebraic option, and what this style was
    /// called `lidraughts` for before.
    LidraughtsNumeric,
    /// What pydraughts reads: algebraic squares, `x`, full capture paths, the long `GameType`,
    /// always an algebraic `FEN` tag (its numeric squares count from a1, not from b8), no
    /// annotations.
    Pydraughts,
}

impl PdnStyle {
    /// Every style, for listing.
    pub const ALL: [PdnStyle; 4] = [
        PdnStyle::Pdn3,
        PdnStyle::Lidraughts,
        PdnStyle::LidraughtsNumeric,
        PdnStyle::Pydraughts,
    ];

    /// The style's name, as given to [`PdnStyle::from_name`].
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PdnStyle::Pdn3 => "pdn3",
            PdnStyle::Lidraughts => "lidraughts",
            PdnStyle::LidraughtsNumeric => "lidraughts-numeric",
            PdnStyle::Pydraughts => "pydraughts",
        }
    }

    /// The style named `name` (`pdn3`, `lidraughts`, `lidraughts-numeric`, `pydraughts`), if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<PdnStyle> {
        PdnStyle::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The writer options of this style.
    #[must_use]
    pub const fn options(self) -> WriteOptions {
        match self {
            PdnStyle::Pdn3 => WriteOptions {
                notation: None,
                capture_separator: None,
                shorten_captures: false,
                long_game_type: false,
                fen_tag: FenTag::WhenNeeded,
                fen_squares: None,
                annotations: true,
                tag_order: TagOrder::File,
                line_width: Some(LINE_WIDTH),
            },
            PdnStyle::Lidraughts => WriteOptions {
                notation: Some(Notation::Algebraic),
                capture_separator: Some('x'),
                shorten_captures: true,
                long_game_type: false,
                fen_tag: FenTag::Always,
                fen_squares: Some(Notation::Algebraic),
                annotations: true,
                tag_order: TagOrder::Lidraughts,
                line_width: None,
            },
            PdnStyle::LidraughtsNumeric => WriteOptions {
                notation: Some(Notation::Numeric),
                fen_squares: Some(Notation::Numeric),
                ..PdnStyle::Lidraughts.options()
            },
            PdnStyle::Pydraughts => WriteOptions {
                notation: Some(Notation::Algebraic),
                capture_separator: Some('x'),
                shorten_captures: false,
                long_game_type: true,
                fen_tag: FenTag::Always,
                fen_squares: Some(Notation::Algebraic),
                annotations: false,
                tag_order: TagOrder::File,
                line_width: Some(LINE_WIDTH),
            },
        }
    }
}

impl fmt::Display for PdnStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `mv` (legal in `position`) as the options write it.
fn move_text(position: &Position, mv: &Move, notation: Notation, options: &WriteOptions) -> String {
    let mut text = position.write_move(mv, notation);
    if mv.is_capture() {
        let separator = match notation {
            Notation::Algebraic => ':',
            Notation::Numeric | Notation::Hub => 'x',
        };
        if options.shorten_captures {
            let name = |square: Square| match notation {
                Notation::Algebraic => square.to_string(),
                Notation::Numeric | Notation::Hub => square.number().to_string(),
            };
            let short = format!("{}{separator}{}", name(mv.from()), name(mv.to()));
            if position.parse_move(&short).ok() == Some(*mv) {
                text = short;
            }
        }
        if let Some(wanted) = options.capture_separator
            && wanted != separator
        {
            text = text.replace(separator, &wanted.to_string());
        }
    }
    text
}

/// `tags` (the game's, with `Result`, `GameType` and `FEN` set) in `order`.
fn order_tags(mut tags: Vec<(String, String)>, order: TagOrder) -> Vec<(String, String)> {
    let (first, later): (&[&str], &[&str]) = match order {
        TagOrder::File => return tags,
        TagOrder::Roster => (&[], &[]),
        TagOrder::Lidraughts => (&LIDRAUGHTS_TAGS, &["FEN"]),
    };
    let mut take = |name: &str| {
        tags.iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|at| tags.remove(at))
    };
    let mut ordered: Vec<(String, String)> = ROSTER
        .iter()
        .map(|name| take(name).unwrap_or_else(|| (name.to_string(), "?".to_string())))
        .collect();
    ordered.extend(first.iter().filter_map(|name| take(name)));
    let last: Vec<_> = later.iter().filter_map(|name| take(name)).collect();
    ordered.append(&mut tags);
    ordered.extend(last);
    ordered
}

/// Writes one game as PDN in the PDN 3.0 style ([`PdnStyle::Pdn3`]): tags, a blank line, the
/// move text, a blank line.
///
/// The `Result` tag is set from `record.result`, `GameType "25"` is added when missing, and a
/// `FEN` tag is written when the game does not start from the start position (or already had
/// one).
#[must_use]
pub fn write_game(record: &PdnGame) -> String {
    write_game_with(record, &WriteOptions::default())
}

/// Writes one game as PDN with `options` (see [`PdnStyle`] for the named sets).
#[must_use]
pub fn write_game_with(record: &PdnGame, options: &WriteOptions) -> String {
    let notation = options.notation.unwrap_or(record.notation);
    let mut tags = record.tags.clone();
    let mut set = |name: &str, value: String, always: bool| match tags
        .iter_mut()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
    {
        Some((_, v)) => *v = value,
        None if always => tags.push((name.to_string(), value)),
        None => {}
    };
    set("Result", record.result.to_pdn().to_string(), true);
    let game_type = if options.long_game_type {
        "25,W,8,8,A0,0"
    } else {
        "25"
    };
    set("GameType", game_type.to_string(), true);
    let game = &record.game;
    let from_start = *game.start_position() == Position::start()
        && game.first_move_number() == 1
        && game.draw_states()[0].plies() == 0;
    let fen_squares = options.fen_squares.unwrap_or(notation);
    set(
        "FEN",
        start_fen(game, fen_squares),
        !from_start || options.fen_tag == FenTag::Always,
    );
    let tags = order_tags(tags, options.tag_order);

    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    text.push('\n');

    let mut words = Vec::new();
    if options.annotations
        && let Some(comment) = &record.comment
    {
        words.push(format!("{{{}}}", escape_comment(comment)));
    }
    let mut need_number = true;
    for (ply, (mv, position)) in game.moves().iter().zip(game.positions()).enumerate() {
        let number = game.move_number(ply);
        let black = position.side_to_move() == Color::Black;
        let annotation = record.annotations.get(ply).filter(|_| options.annotations);
        let suffix = annotation.map_or("", |a| a.suffix.as_str());
        let move_text = format!("{}{suffix}", move_text(position, mv, notation, options));
        // A move number stays on the same line as its move.
        if !black {
            words.push(format!("{number}. {move_text}"));
        } else if need_number {
            words.push(format!("{number}... {move_text}"));
        } else {
            words.push(move_text);
        }
        need_number = false;
        if let Some(annotation) = annotation {
            if let Some(comment) = &annotation.comment {
                words.push(format!("{{{}}}", escape_comment(comment)));
                need_number = true;
            }
            for variation in &annotation.variations {
                words.push(format!("({})", variation.trim()));
                need_number = true;
            }
        }
    }
    words.push(record.result.to_pdn().to_string());
    match options.line_width {
        Some(width) => text.push_str(&wrap(&words, width)),
        None => text.push_str(&words.join(" ")),
    }
    text.push_str("\n\n");
    text
}

/// Writes several games, one after the other, in the PDN 3.0 style.
#[must_use]
pub fn write_games(records: &[PdnGame]) -> String {
    records.iter().map(write_game).collect()
}

/// Writes several games, one after the other, with `options`.
#[must_use]
pub fn write_games_with(records: &[PdnGame], options: &WriteOptions) -> String {
    records
        .iter()
        .map(|record| write_game_with(record, options))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DrawRule;

    /// A lidraughts-style export: numeric moves, `x` captures, clock comments, `GameType "25"`,
    /// two games in one file.
    const LIDRAUGHTS: &str = r#"[Event "Rated Russian game"]
[Site "https://lidraughts.org/AbCdEfGh"]
[Date "2024.03.17"]
[Round "-"]
[White "ivanov64"]
[Black "petrova"]
[Result "0-2"]
[WhiteElo "1720"]
[BlackElo "1801"]
[GameType "25"]
[TimeControl "180+2"]
[Variant "Russian"]
[Opening "Городская партия"]

1. 22-18 { [%clock w0:03:00 B0:03:00] } 11-15 { [%clock w0:03:02 B0:02:59] } 2. 18x11 8x15
3. 23-18 15x22 4. 26x17 12-16 5. 27-23 7-11 6. 32-27 3-8 7. 23-19? 16x32
8. 24-20 0-2

[Event "Casual Russian game"]
[Site "https://lidraughts.org/HgFeDcBa"]
[Date "2024.03.18"]
[White "petrova"]
[Black "ivanov64"]
[Result "1-1"]
[GameType "25"]
[FEN "W:WK29,K32:BK5:H0:F40"]

40. 29-25 5-1 41. 25-29 1-5 42. 29-25 5-1 43. 25-29 1-5 1-1
"#;

    #[test]
    fn reads_lidraughts_exports() {
        // 7... 16x23 stops half-way through a double capture: the error names the game, the
        // line and the move.
        let broken = LIDRAUGHTS.replace("16x32", "16x23");
        let err = read_games(&broken).unwrap_err();
        assert_eq!(err.game, 1);
        assert!(err.description.contains("ivanov64"), "{err}");
        assert_eq!(err.line, 16);
        // A capture stopped half-way: a mistyped move, or a variant whose captures stop earlier.
        assert!(
            matches!(&*err.kind, PdnErrorKind::NotRussian { number: 7, black: true, text, .. } if text == "16x23"),
            "{err}"
        );
        let text = err.to_string();
        assert!(
            text.contains("game 1") && text.contains("move 7... `16x23`"),
            "{text}"
        );

        let games = read_games(LIDRAUGHTS).unwrap();
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(first.tag("White"), Some("ivanov64"));
        assert_eq!(first.tag("Opening"), Some("Городская партия"));
        assert_eq!(first.result, GameResult::BlackWins);
        assert_eq!(first.game.moves().len(), 15);
        assert_eq!(first.notation, Notation::Numeric);
        assert_eq!(
            first.annotations[0].comment.as_deref(),
            Some("[%clock w0:03:00 B0:03:00]")
        );
        assert_eq!(first.annotations[12].suffix, "?");
        // 2. 18x11 took the man on 15 (e5); 7... 16x32 took two men and crowned.
        let squares = |ply: usize| -> Vec<u8> {
            let mut squares: Vec<u8> = first.game.moves()[ply]
                .captured()
                .into_iter()
                .map(|s| s.number())
                .collect();
            squares.sort_unstable();
            squares
        };
        assert_eq!(squares(2), [15]);
        assert_eq!(squares(13), [19, 27]);
        assert!(first.game.moves()[13].promotes());

        let second = &games[1];
        assert_eq!(second.result, GameResult::Draw);
        assert_eq!(second.game.first_move_number(), 40);
        // Kings shuffling: the same position a third time, so the game record agrees it is drawn.
        assert_eq!(second.game.moves().len(), 8);
        assert_eq!(
            second.game.status(),
            GameStatus::Drawn(DrawRule::Repetition)
        );
    }

    /// A lidraughts-style export with algebraic moves (`:` captures, one shortened), the FEN tag
    /// with lidraughts' counters, and a result given only by the `Result` tag's terminator.
    const LIDRAUGHTS_ALGEBRAIC: &str = r#"[Event "Casual Russian game"]
[Site "https://lidraughts.org/Zx12Yw34"]
[Date "2025.01.05"]
[White "anna"]
[Black "boris"]
[Result "1-1"]
[GameType "25"]
[FEN "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1"]
[Variant "Russian"]

1. c3-d4 { [%clock w0:05:00 B0:05:00] } f6-g5 2. g3-h4 b6-a5 3. h4:f6 g7:c3
4. b2:d4 h8-g7 5. a3-b4 a5:e5 6. f2-g3 g7-f6 1-1
"#;

    #[test]
    fn reads_lidraughts_algebraic_exports() {
        let record = read_game(LIDRAUGHTS_ALGEBRAIC).unwrap();
        assert_eq!(record.notation, Notation::Algebraic);
        assert_eq!(record.game.moves().len(), 12);
        assert_eq!(record.result, GameResult::Draw);
        // 3... g7:c3 is the double capture g7:e5:c3; 5... a5:e5 is a5:c3:e5.
        assert_eq!(record.game.moves()[5].captured().count(), 2);
        assert_eq!(record.game.moves()[9].captured().count(), 2);
        assert_eq!(
            record.game.position().to_fen(),
            "W:W23,24,26,28,29,30,31,32:B1,2,3,5,6,7,10,11,12,15"
        );
        // Written back, the full paths appear.
        let text = write_game(&record);
        assert!(
            text.contains("g7:e5:c3") && text.contains("a5:c3:e5"),
            "{text}"
        );
    }

    /// A pydraughts-style export: long GameType, algebraic FEN and moves, `1...` for Black first.
    const PYDRAUGHTS: &str = r#"[GameType "25,W,8,8,A0,0"]
[FEN "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"]
[White "Shashki"]
[Black "Scan"]
[Result "*"]

1... f6-g5 2. d4-c5 b6:d4 3. e3:c5 d6:b4 4. a3:c5 g5-f4 5. g3? *

"#;

    #[test]
    fn reads_pydraughts_exports_and_reports_bad_moves() {
        let err = read_games(PYDRAUGHTS).unwrap_err();
        assert!(matches!(
            &*err.kind,
            PdnErrorKind::Move {
                number: 5,
                black: false,
                ..
            }
        ));
        let games = read_games(&PYDRAUGHTS.replace("5. g3? *", "5. g3:e5 *")).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.tag("Black"), Some("Scan"));
        assert_eq!(game.notation, Notation::Algebraic);
        assert_eq!(game.game.start_position().side_to_move(), Color::Black);
        assert_eq!(game.game.moves().len(), 8);
        assert_eq!(game.game.move_number(0), 1);
        assert_eq!(game.game.move_number(1), 2);
        assert_eq!(game.result, GameResult::Unknown);
    }

    #[test]
    fn reads_shortened_captures_comments_variations_and_nags() {
        let text = "[FEN \"W:WKa1:Bb2,f4\"]\n\
                    {Start.} 1. a1:h2 $1 {Only e5 continues.} (1. a1:e5:g3 {also}\
                    (1. a1:e5:g3 {nested (paren) inside}) ) *";
        let record = read_game(text).unwrap();
        assert_eq!(record.comment.as_deref(), Some("Start."));
        assert_eq!(record.game.moves().len(), 1);
        assert_eq!(record.game.moves()[0].captured().count(), 2);
        assert_eq!(
            record.annotations[0].comment.as_deref(),
            Some("Only e5 continues.")
        );
        // Ambiguity and a wrong game type are errors that say so.
        let err = read_game("[GameType \"20\"]\n1. 32-28 *").unwrap_err();
        assert!(matches!(*err.kind, PdnErrorKind::GameType(_)));
        let err = read_game("[FEN \"W:WK1:B2\"]\n1. 2-3 *").unwrap_err();
        assert!(matches!(
            *err.kind,
            PdnErrorKind::Fen(_) | PdnErrorKind::Move { .. } | PdnErrorKind::NotRussian { .. }
        ));
        let err = read_game("[White \"A\"\n1. 22-18 *").unwrap_err();
        assert!(matches!(*err.kind, PdnErrorKind::Syntax(_)), "{err}");
        assert!(read_game("1. 22-18 {never closed").is_err());
        assert!(read_game("1. 22-18 (11-15 *").is_err());
        // A strength mark standing apart from its move belongs to that move.
        let record = read_game("1. 22-18 ! 11-15 ?! 2. 18x11 8x15 *").expect("readable");
        assert_eq!(record.game.moves().len(), 4);
        assert_eq!(record.annotations[0].suffix, "!");
        assert_eq!(record.annotations[1].suffix, "?!");
        assert!(read_game("1. 22-18 11-15 2. 18x11 ! *").is_ok());
    }

    #[test]
    fn games_without_results_are_split_at_tags() {
        let text = "[White \"a\"]\n1. c3-d4\n[White \"b\"]\n1. c3-b4 f6-g5\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].game.moves().len(), 1);
        assert_eq!(games[1].game.moves().len(), 2);
        assert_eq!(games[1].tag("White"), Some("b"));
    }

    #[test]
    fn writes_and_reads_back() {
        let fixed = LIDRAUGHTS.replace("9. 21-22??", "9. 32-27");
        for record in read_games(&fixed).unwrap() {
            let text = write_game(&record);
            let again = read_game(&text).unwrap();
            assert_eq!(again.game.moves(), record.game.moves(), "{text}");
            assert_eq!(again.game.start_position(), record.game.start_position());
            assert_eq!(again.result, record.result);
            assert_eq!(again.tags, record.tags);
            assert_eq!(again.annotations, record.annotations);
            assert!(
                text.lines().all(|l| l.chars().count() <= LINE_WIDTH),
                "{text}"
            );
        }
        // Black to move first, annotated with a variation, algebraic.
        let mut record = read_game(&PYDRAUGHTS.replace("5. g3? *", "5. g3:e5 *")).unwrap();
        record.annotations[1].suffix = "?".into();
        record.annotations[1].comment = Some("-0.50".into());
        record.annotations[1].variations = vec!["2. g3-h4 {+0.10}".into()];
        let text = write_game(&record);
        assert!(text.contains("[FEN \"B:Wd4,a3,e3,g3,b2,"), "{text}");
        assert!(
            text.contains("1... f6-g5 2. d4-c5? {-0.50} (2. g3-h4 {+0.10}) 2... b6:d4"),
            "{text}"
        );
        let again = read_game(&text).unwrap();
        assert_eq!(again.game.moves(), record.game.moves());
        assert_eq!(again.annotations[1].suffix, "?");
    }

    #[test]
    fn game_to_and_from_pdn() {
        let mut game = Game::from_fen("W:WK29:B25").unwrap();
        game.play_text("a1:c3").unwrap();
        let text = game.to_pdn();
        assert!(
            text.contains("[Result \"2-0\"]") && text.contains("1. a1:c3 2-0"),
            "{text}"
        );
        assert!(text.contains("[FEN \"W:WKa1:Bb2\"]"), "{text}");
        let back = Game::from_pdn(&text).unwrap();
        assert_eq!(back.moves(), game.moves());
        assert_eq!(
            Game::default().to_pdn(),
            "[Result \"*\"]\n[GameType \"25\"]\n\n*\n\n"
        );
    }
}
