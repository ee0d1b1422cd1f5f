//! PDN: the game-file format of draughts (Portable Draughts Notation, a PGN dialect).
//!
//! Reading goes text → tokens → games. The lexer turns the text into tag pairs
//! (`[White "Ivanov"]`), comments (`{…}`, `;…`), move numbers (`12.`, `12...`), moves, NAGs
//! (`$3`), results (`2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`), each with its line
//! number; variations `(…)` (nested, possibly holding comments) are skipped as a whole. The reader
//! then groups tokens into games — a game ends at its result, or where the next tag section
//! starts — sets up the start position from the `FEN` tag (numeric or algebraic, lidraughts `H`
//! and `F` fields honoured), checks `GameType` (`25` or its long form `25,W,8,8,A0,0`), and
//! replays each move with [`Position::parse_move`], so numeric and algebraic moves with `-`, `x`
//! or `:` and shortened multi-captures (`a1:h8` for `a1:e5:h8`) are all read. A move that is
//! illegal or ambiguous stops the reading with a [`PdnError`] naming the game (its index and
//! tags), the line, and the move (its number and text).
//!
//! Writing ([`write_game`]) produces the tag section (`GameType "25"` and a `FEN` tag added when
//! needed), then the move text wrapped at 80 columns with move numbers, move-strength suffixes,
//! comments and variations from the [`Annotation`]s, and the result. The moves are written in the
//! game's [`PdnGame::notation`], and the `FEN` tag in the matching style (algebraic FEN next to
//! algebraic moves — the form pydraughts reads correctly, docs/RULES.md §3 — numeric FEN next to
//! numeric moves, as lidraughts writes them).

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
//! // Writing gives back an equivalent file.
//! let again = pdn::read_games(&pdn::write_game(record))?;
//! assert_eq!(again[0].game.moves(), record.game.moves());
//! # Ok::<(), shashki::PdnError>(())
//! ```

use std::fmt;

use crate::formats::fen::{self, FenError};
use crate::formats::{MoveError, Notation};
use crate::rules::{Color, Game, GameStatus, Position};

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
            "2-0" | "1-0" => GameResult::WhiteWins,
            "0-2" | "0-1" => GameResult::BlackWins,
            "1-1" | "1/2-1/2" => GameResult::Draw,
            "*" | "0-0" => GameResult::Unknown,
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
    #[error("GameType `{0}` is not Russian draughts (25)")]
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

fn describe(tags: &[(String, String)]) -> String {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
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
    Move(String),
}

/// Splits PDN text into tokens with their line numbers (see the module docs).
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
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

    /// The next token and the line it starts on, or an error message and its line.
    fn next_token(&mut self) -> Option<Result<(Token, usize), (String, usize)>> {
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
                    return Some(Ok((Token::Comment(comment), line)));
                }
                '[' => return Some(self.tag().map(|t| (t, line)).map_err(|e| (e, line))),
                '{' => {
                    self.bump();
                    let start = self.pos;
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(_) => {}
                            None => return Some(Err(("unterminated comment `{`".into(), line))),
                        }
                    }
                    let comment = self.text[start..self.pos - 1].trim().to_string();
                    return Some(Ok((Token::Comment(comment), line)));
                }
                '(' => {
                    if let Err(message) = self.skip_variation() {
                        return Some(Err((message, line)));
                    }
                }
                ')' => {
                    self.bump();
                    return Some(Err(("`)` without a matching `(`".into(), line)));
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
                        return Some(Err((format!("unexpected `{c}`"), line)));
                    }
                    if let Some(token) = self.word(word) {
                        return Some(Ok((token, line)));
                    }
                }
            }
        }
    }

    /// A word of move text: a result, a move (after any move number), or nothing (a bare move
    /// number or `...`).
    fn word(&self, word: &str) -> Option<Token> {
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

    fn tag(&mut self) -> Result<Token, String> {
        self.bump(); // '['
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
        if self.bump() != Some('"') {
            return Err(format!("tag `{name}`: value must be in double quotes"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => break,
                },
                Some('"') => break,
                Some('\n') | None => return Err(format!("tag `{name}`: unterminated value")),
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(format!("tag `{name}`: missing `]`"));
        }
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

/// A game being read: its tags and, from the first move on, its replay.
struct GameBuilder {
    index: usize,
    tags: Vec<(String, String)>,
    record: Option<PdnGame>,
}

impl GameBuilder {
    fn error(&self, line: usize, kind: PdnErrorKind) -> PdnError {
        PdnError {
            game: self.index,
            description: describe(&self.tags),
            line,
            kind: Box::new(kind),
        }
    }

    /// The replay, set up from the tags on first use.
    fn record(&mut self, line: usize) -> Result<&mut PdnGame, PdnError> {
        if self.record.is_none() {
            let record = self.start(line)?;
            self.record = Some(record);
        }
        self.record.as_mut().ok_or_else(|| PdnError {
            game: 0,
            description: String::new(),
            line,
            kind: Box::new(PdnErrorKind::Syntax("internal: no game".into())),
        })
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

    fn comment(&mut self, line: usize, text: String) -> Result<(), PdnError> {
        let record = self.record(line)?;
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
        Ok(())
    }

    fn play(&mut self, line: usize, word: &str) -> Result<(), PdnError> {
        let index = self.index;
        let description = describe(&self.tags);
        let record = self.record(line)?;
        let body = word.trim_end_matches(['!', '?', '+']);
        let suffix = word[body.len()..].to_string();
        if body.is_empty() {
            // A strength mark written apart from its move (`11-15 !`, `22x15 ?!`) belongs to the
            // move before it; before the first move it means nothing and is dropped.
            if let Some(annotation) = record.annotations.last_mut() {
                annotation.suffix.push_str(&suffix);
            }
            return Ok(());
        }
        let position = *record.game.position();
        let ply = record.game.moves().len();
        let number = record.game.move_number(ply);
        let fail = |error: MoveError| PdnError {
            game: index,
            description: description.clone(),
            line,
            kind: Box::new(PdnErrorKind::Move {
                number,
                black: position.side_to_move() == Color::Black,
                text: word.to_string(),
                error,
            }),
        };
        let mv = position.parse_move(body).map_err(fail)?;
        if ply == 0 && body.starts_with(|c: char| c.is_ascii_digit()) {
            record.notation = Notation::Numeric;
        }
        // A game drawn by a counter rule or a repetition may go on where draws are claimed; the
        // move is legal (parse_move found it), so this cannot fail.
        record.game.play_past_draw(mv).map_err(|error| {
            fail(MoveError::Illegal {
                text: format!("{body} ({error})"),
                fen: position.to_fen(),
            })
        })?;
        record.annotations.push(Annotation {
            suffix,
            ..Annotation::default()
        });
        Ok(())
    }

    fn finish(mut self, line: usize, result: Option<GameResult>) -> Result<PdnGame, PdnError> {
        let record = self.record(line)?;
        if let Some(result) = result {
            record.result = result;
        }
        let mut record = self
            .record
            .take()
            .unwrap_or_else(|| PdnGame::new(Game::default()));
        record.tags = self.tags;
        Ok(record)
    }
}

/// Reads every game of a PDN file.
///
/// # Errors
/// A [`PdnError`] for the first problem found: malformed text, a `GameType` other than 25, a bad
/// `FEN` tag, or an unreadable, illegal or ambiguous move — naming the game, line and move.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    let mut current: Option<GameBuilder> = None;
    let new_builder = |games: &Vec<PdnGame>| GameBuilder {
        index: games.len() + 1,
        tags: Vec::new(),
        record: None,
    };
    while let Some(token) = lexer.next_token() {
        let (token, line) = token.map_err(|(message, line)| {
            let builder = current.as_ref();
            PdnError {
                game: games.len() + 1,
                description: builder.map_or_else(|| "no tags".into(), |b| describe(&b.tags)),
                line,
                kind: Box::new(PdnErrorKind::Syntax(message)),
            }
        })?;
        match token {
            Token::Tag(name, value) => {
                // Tags after move text start the next game (its predecessor had no result).
                if current.as_ref().is_some_and(|b| b.record.is_some())
                    && let Some(builder) = current.take()
                {
                    games.push(builder.finish(line, None)?);
                }
                current
                    .get_or_insert_with(|| new_builder(&games))
                    .tags
                    .push((name, value));
            }
            Token::Comment(comment) => current
                .get_or_insert_with(|| new_builder(&games))
                .comment(line, comment)?,
            Token::Move(word) => current
                .get_or_insert_with(|| new_builder(&games))
                .play(line, &word)?,
            Token::Result(result) => {
                let builder = current.take().unwrap_or_else(|| new_builder(&games));
                games.push(builder.finish(line, Some(result))?);
            }
        }
    }
    if let Some(builder) = current {
        games.push(builder.finish(lexer.line, None)?);
    }
    Ok(games)
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

/// The FEN of `game`'s start in `notation`'s style, with lidraughts `H`/`F` fields when they are
/// not the defaults.
fn start_fen(game: &Game, notation: Notation) -> String {
    let position = game.start_position();
    let mut text = match notation {
        Notation::Algebraic => algebraic_fen(position),
        Notation::Numeric | Notation::Hub => fen::write(position),
    };
    let plies = game.draw_states()[0].plies();
    if plies != 0 || game.first_move_number() != 1 {
        text.push_str(&format!(":H{plies}:F{}", game.first_move_number()));
    }
    text
}

/// `W:Wa1,c1,…:Bb8,…`: the FEN with algebraic squares (kings marked `K`).
fn algebraic_fen(position: &Position) -> String {
    let mut text = String::new();
    text.push(position.side_to_move().letter());
    for color in Color::ALL {
        text.push(':');
        text.push(color.letter());
        let mut squares: Vec<(bool, u8, String)> = position
            .pieces(color)
            .into_iter()
            .map(|s| (position.all_kings().contains(s), s.number(), s.to_string()))
            .collect();
        squares.sort_unstable();
        let names: Vec<String> = squares
            .into_iter()
            .map(|(king, _, name)| if king { format!("K{name}") } else { name })
            .collect();
        text.push_str(&names.join(","));
    }
    text
}

fn escape_tag(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
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

/// Line width of written move text.
const LINE_WIDTH: usize = 80;

/// Writes one game as PDN: tags, a blank line, the move text, a blank line.
///
/// The `Result` tag is set from `record.result`, `GameType "25"` is added when missing, and a
/// `FEN` tag is written when the game does not start from the start position (or already had
/// one).
#[must_use]
pub fn write_game(record: &PdnGame) -> String {
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
    set("GameType", "25".to_string(), false);
    let game = &record.game;
    let from_start = *game.start_position() == Position::start()
        && game.first_move_number() == 1
        && game.draw_states()[0].plies() == 0;
    set("FEN", start_fen(game, record.notation), !from_start);
    if !tags.iter().any(|(n, _)| n.eq_ignore_ascii_case("GameType")) {
        tags.push(("GameType".to_string(), "25".to_string()));
    }

    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    text.push('\n');

    let mut words = Vec::new();
    if let Some(comment) = &record.comment {
        words.push(format!("{{{}}}", escape_comment(comment)));
    }
    let mut need_number = true;
    for (ply, (mv, position)) in game.moves().iter().zip(game.positions()).enumerate() {
        let number = game.move_number(ply);
        let black = position.side_to_move() == Color::Black;
        let annotation = record.annotations.get(ply);
        let suffix = annotation.map_or("", |a| a.suffix.as_str());
        let move_text = format!("{}{suffix}", position.write_move(mv, record.notation));
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
    text.push_str(&wrap(&words, LINE_WIDTH));
    text.push_str("\n\n");
    text
}

/// Writes several games, one after the other.
#[must_use]
pub fn write_games(records: &[PdnGame]) -> String {
    records.iter().map(write_game).collect()
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
        assert!(
            matches!(&*err.kind, PdnErrorKind::Move { number: 7, black: true, text, .. } if text == "16x23"),
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
            PdnErrorKind::Fen(_) | PdnErrorKind::Move { .. }
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
