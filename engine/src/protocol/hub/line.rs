//! The wire syntax of Hub: a line is a command word followed by `name=value` pairs or bare
//! names, a value with blanks in double quotes. [`Line::parse`] reads a line into its command and
//! arguments (a small scanner over its characters); [`quote`] and [`push_pair`] write values back
//! the same way, for every line the engine sends. [`shorten`] keeps a quoted input short in
//! error messages.

use std::fmt::Write as _;

use super::HubError;

/// A line split into its command and its `name=value` arguments (bare names get an empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The command word.
    pub command: String,
    /// The arguments in order.
    pub args: Vec<(String, String)>,
}

impl Line {
    /// Splits `text` into a command and its arguments.
    ///
    /// # Errors
    /// [`HubError::Syntax`] for an empty line, an unclosed quote or a pair without a name.
    pub fn parse(text: &str) -> Result<Line, HubError> {
        let mut scanner = Scanner {
            chars: text.trim().chars().collect(),
            pos: 0,
        };
        let command = scanner.name();
        if command.is_empty() {
            return Err(HubError::Syntax(if scanner.at_end() {
                "empty line".into()
            } else {
                format!("expected a command in `{}`", shorten(text))
            }));
        }
        let mut args = Vec::new();
        while !scanner.at_end() {
            let name = scanner.name();
            if name.is_empty() {
                return Err(HubError::Syntax(format!(
                    "expected a name at column {} of `{}`",
                    scanner.pos + 1,
                    shorten(text)
                )));
            }
            scanner.skip_blank();
            let value = if scanner.peek() == Some('=') {
                scanner.pos += 1;
                scanner.value().map_err(|reason| {
                    HubError::Syntax(format!("{reason} in `{}`", shorten(text)))
                })?
            } else {
                String::new()
            };
            args.push((name, value));
        }
        Ok(Line { command, args })
    }

    /// The value of argument `name`, if given.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether argument `name` is present (with or without a value).
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

struct Scanner {
    chars: Vec<char>,
    pos: usize,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_blank(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_blank();
        self.pos >= self.chars.len()
    }

    fn is_id(c: char) -> bool {
        !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
    }

    fn name(&mut self) -> String {
        self.skip_blank();
        let start = self.pos;
        while self.peek().is_some_and(Scanner::is_id) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn value(&mut self) -> Result<String, String> {
        self.skip_blank();
        if self.peek() == Some('"') {
            self.pos += 1;
            let start = self.pos;
            while self.peek().is_some_and(|c| c != '"') {
                self.pos += 1;
            }
            if self.peek() != Some('"') {
                return Err("unclosed quote".into());
            }
            let value = self.chars[start..self.pos].iter().collect();
            self.pos += 1;
            Ok(value)
        } else {
            Ok(self.name())
        }
    }
}

/// `text` trimmed, and cut to 60 characters (ending `...`) for an error message.
pub(super) fn shorten(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() > 60 {
        let mut short: String = text.chars().take(57).collect();
        short.push_str("...");
        short
    } else {
        text.to_string()
    }
}

/// Writes `value` as Hub does: bare if it is a single non-empty word, else in double quotes
/// (a `"` inside, which Hub cannot carry, becomes `'`).
#[must_use]
pub(super) fn quote(value: &str) -> String {
    if !value.is_empty() && value.chars().all(Scanner::is_id) {
        value.to_string()
    } else {
        format!("\"{}\"", value.replace('"', "'"))
    }
}

/// Appends ` name=value` to `line`, quoting the value when needed.
pub(super) fn push_pair(line: &mut String, name: &str, value: &str) {
    let _ = write!(line, " {name}={}", quote(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_into_pairs_with_quotes() {
        let line = Line::parse("pos pos=Wbbb moves=\"32-28 19-23\"  start").unwrap();
        assert_eq!(line.command, "pos");
        assert_eq!(line.get("pos"), Some("Wbbb"));
        assert_eq!(line.get("moves"), Some("32-28 19-23"));
        assert!(line.has("start"));
        assert_eq!(line.get("start"), Some(""));
        let line = Line::parse("  level   move-time = 2.5 ").unwrap();
        assert_eq!(line.get("move-time"), Some("2.5"));
        assert!(matches!(
            Line::parse("pos moves=\"32-28"),
            Err(HubError::Syntax(_))
        ));
        assert!(matches!(Line::parse("=x"), Err(HubError::Syntax(_))));
        assert!(matches!(Line::parse("go =x"), Err(HubError::Syntax(_))));
        assert_eq!(quote("a b"), "\"a b\"");
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("32-28"), "32-28");
    }
}
