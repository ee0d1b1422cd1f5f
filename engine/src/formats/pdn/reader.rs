//! The PDN reader: tokens → games. [`read_text`] repairs escaped line ends (see
//! `encoding`), lexes the text and hands each token to the [`GameBuilder`] of the game it
//! belongs to; a game ends at its result or where a tag section follows its move text. The
//! builder sets up the start position from the tags, replays every move with
//! [`Position::parse_move`] (an ambiguous short move is decided by the moves that follow, a
//! capture split over two words is joined), and turns what cannot be read into a [`PdnError`]
//! that names the game, the line and the move — with a "not Russian draughts?" hint when the
//! moves look like another variant's. [`read_bytes`] decodes first and adds a warning for each
//! line that held bytes that were not UTF-8.

use super::encoding::{self, EscapedLineEnds, TextEncoding, decode};
use super::lexer::{Lexed, Lexer, Token, join_spaced_moves};
use super::reading::{PdnError, PdnErrorKind, PdnReading, PdnWarning, big_board_square};
use super::record::{Annotation, GameResult, PdnGame, describe};
use crate::formats::{MoveError, MoveText, Notation, ParseMoveReason};
use crate::rules::{
    Bitboard, Color, Direction, Game, Move, ParseSquareError, Position, Role, Square,
};

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

/// Whether a move text names what no Russian position allows: a light square, or two squares
/// in a row that share no diagonal (another board, or the other variant's square names).
fn off_the_russian_board(body: &str) -> bool {
    match MoveText::parse(body) {
        Err(error) => matches!(
            error.reason,
            ParseMoveReason::Square(ParseSquareError::LightSquare(_))
        ),
        Ok(text) => text.squares().windows(2).any(|pair| {
            let files = pair[0].file().abs_diff(pair[1].file());
            let ranks = pair[0].rank().abs_diff(pair[1].rank());
            files != ranks || files == 0
        }),
    }
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
                MoveError::Unparsable(error) if big_board_square(&error.reason) => {
                    Some("squares 33 to 50 are a 10×10 board's (international draughts?)")
                }
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
                // Each side's first move: a typo there would still name a Russian move.
                _ if ply < 2 && off_the_russian_board(body) => Some(
                    "no Russian position allows this move (light squares, or off the diagonals)",
                ),
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
            (None, None) if !self.moves_seen && self.error.is_none() => {
                Some(warning(match (result.is_some(), self.has_tag("FEN")) {
                    (false, _) => "no move text: read as a game without moves".into(),
                    // A problem file: positions with the result to reach, no solution.
                    (true, true) => "a position with a result and no moves (a problem without \
                                     its solution?): read as a game without moves"
                        .into(),
                    (true, false) => "a result and no moves: read as a game without moves".into(),
                }))
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

impl Game {
    /// The first game of a PDN text.
    ///
    /// # Errors
    /// As [`read_game`].
    pub fn from_pdn(text: &str) -> Result<Game, PdnError> {
        read_game(text).map(|record| record.game)
    }
}
