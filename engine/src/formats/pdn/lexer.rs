//! The PDN lexer: text → tokens, each with the line it starts on and whether a blank line
//! stands before it (the reader splits games at blank lines between tag sections).
//!
//! [`Lexer`] walks the text once, character by character: tag pairs (quoted, unquoted, or with a
//! quote left open), comments (`{…}`, `;…`), move words with their numbers dropped, results,
//! NAGs (dropped) and whole variations (skipped, nested ones included). Malformed text becomes a
//! [`Token::Error`] and lexing goes on after it. [`join_spaced_moves`] then mends the move words
//! real files split with spaces (`18 x 11`), so that the reader sees one word per move.

use super::record::GameResult;

/// A lexical token of PDN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
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
pub(super) struct Lexed {
    pub(super) token: Token,
    pub(super) line: usize,
    pub(super) blank_before: bool,
}

/// Splits PDN text into tokens with their line numbers (see the `pdn` module docs).
pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// Line breaks since the last token.
    breaks: usize,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
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
    pub(super) fn tokens(mut self) -> Vec<Lexed> {
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
pub(super) fn join_spaced_moves(tokens: Vec<Lexed>) -> Vec<Lexed> {
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
