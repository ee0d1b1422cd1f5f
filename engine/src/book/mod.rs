//! Opening books (feature `book`, on by default): the JSON format version 1, its loader, lookups
//! and move choice.
//!
//! A book file (described in `books/README.md`, schema `books/opening.schema.json`) lists
//! positions by FEN, each with candidate moves in notation, a weight and optionally a score, an
//! opening name and comments. [`Book::from_json_str`] parses it with serde_json, then checks every
//! FEN and every move against the rules; any error names the file, line, column and entry. The
//! same position given twice is merged. Positions are looked up by Zobrist key in an ahash map
//! ([`Book::probe`]) and a move is picked by a [`BookPolicy`] ([`Book::choose`]).
//!
//! [`Book::from_seed_json_str`] imports the seed engine's format (parallel `positions`/`moves`
//! arrays, a position being 32 digits and a side-to-move character), and [`Book::to_json_string`]
//! writes format version 1 back.

pub mod build;

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use ahash::AHashMap;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::formats::Notation;
use crate::json_file;
use crate::rules::{Bitboard, Color, Move, Position, Square};
use crate::splitmix::SplitMix64;

/// The shipped book's text (`books/opening.json` in the repository).
const SHIPPED_BOOK: &str = include_str!("opening.json");
/// How errors and reports name the shipped book.
pub(crate) const SHIPPED_BOOK_NAME: &str = "the shipped book (books/opening.json, built in)";

/// The format version this code reads and writes.
pub(crate) const BOOK_FORMAT_VERSION: u32 = 1;
/// The value of the `format` field of a book file.
pub(crate) const BOOK_FORMAT_NAME: &str = "shashki-book";

/// A candidate move of a book position.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BookMove {
    /// The move, legal in its position.
    pub mv: Move,
    /// Relative frequency for weighted choice; 0 = known but never chosen at random.
    pub weight: u32,
    /// Evaluation after the move from the mover's point of view, in men (optional).
    pub score: Option<f32>,
    /// Free text (optional).
    pub comment: Option<String>,
}

impl BookMove {
    /// A candidate `mv` chosen at random with relative frequency `weight`, without score or
    /// comment (set them on the returned value).
    #[must_use]
    pub const fn new(mv: Move, weight: u32) -> BookMove {
        BookMove {
            mv,
            weight,
            score: None,
            comment: None,
        }
    }
}

/// A position of the book with its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct BookEntry {
    /// The position.
    pub position: Position,
    /// The name of the opening reached (optional).
    pub name: Option<String>,
    /// Free text (optional).
    pub comment: Option<String>,
    /// The candidate moves, in file order.
    pub moves: Vec<BookMove>,
}

/// How [`Book::choose`] picks among the candidate moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookPolicy {
    /// The highest score (moves without a score count as lowest), ties by weight, then file order.
    Best,
    /// At random, in proportion to the weights (the default).
    #[default]
    Weighted,
    /// At random among the moves with a positive weight, equally likely.
    Uniform,
    /// The first move with a positive weight, in file order.
    First,
    /// The last move with a positive weight, in file order.
    Last,
}

impl FromStr for BookPolicy {
    type Err = String;
    fn from_str(text: &str) -> Result<BookPolicy, String> {
        match text.to_ascii_lowercase().as_str() {
            "best" => Ok(BookPolicy::Best),
            "weighted" | "random" => Ok(BookPolicy::Weighted),
            "uniform" => Ok(BookPolicy::Uniform),
            "first" => Ok(BookPolicy::First),
            "last" => Ok(BookPolicy::Last),
            _ => Err(format!(
                "unknown book policy {text:?} (best, weighted, uniform, first, last)"
            )),
        }
    }
}

impl fmt::Display for BookPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BookPolicy::Best => "best",
            BookPolicy::Weighted => "weighted",
            BookPolicy::Uniform => "uniform",
            BookPolicy::First => "first",
            BookPolicy::Last => "last",
        })
    }
}

/// Why a book could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The text is not JSON of the expected shape.
    #[error("{file}:{line}:{column}: {message}")]
    Json {
        /// The file (or the name given for a string).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde_json's description.
        message: String,
    },
    /// The file is JSON but not a book of a version this code reads.
    #[error("{file}: {message}")]
    Format {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// An entry breaks the rules: a bad FEN, an illegal or ambiguous move, a bad field.
    #[error("{file}:{line}:{column}: entry {entry}: {message}")]
    Entry {
        /// The file.
        file: String,
        /// 1-based line of the entry's start.
        line: usize,
        /// 1-based column of the entry's start.
        column: usize,
        /// 0-based index of the entry in its array.
        entry: usize,
        /// What is wrong, naming the field.
        message: String,
    },
}

/// A book file as written on disk (format version 1).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBook<'a> {
    format: String,
    version: u32,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    generator: Option<serde_json::Value>,
    #[serde(borrow)]
    positions: Vec<&'a RawValue>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
    moves: Vec<RawMove>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default = "default_weight")]
    weight: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
}

/// An `f32` as the `f64` with the same shortest decimal text (0.01, not 0.009999999776).
fn decimal(value: f32) -> f64 {
    value.to_string().parse().unwrap_or(f64::from(value))
}

const fn default_weight() -> u32 {
    1
}

/// The seed engine's book: parallel arrays.
#[derive(Deserialize)]
struct SeedBook<'a> {
    #[serde(borrow)]
    positions: Vec<&'a RawValue>,
    #[serde(borrow)]
    moves: Vec<&'a RawValue>,
}

/// An opening book: positions with candidate moves.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<BookEntry>,
    by_key: AHashMap<u64, Vec<usize>>,
    /// Free text describing the book.
    pub description: Option<String>,
    /// How the book was made (free-form JSON, kept as written).
    pub generator: Option<serde_json::Value>,
}

impl Book {
    /// An empty book.
    #[must_use]
    pub fn new() -> Book {
        Book::default()
    }

    /// The opening book shipped with the crate (the repository's `books/opening.json`, compiled
    /// in), parsed on first use and shared: the default book of the CLI, the Hub and the game.
    #[must_use]
    pub fn shipped() -> Arc<Book> {
        // Parsed once per process: the text is constant, so this is a constant built lazily,
        // not mutable state.
        static SHIPPED: OnceLock<Arc<Book>> = OnceLock::new();
        Arc::clone(SHIPPED.get_or_init(|| {
            Arc::new(
                Book::from_json_str(SHIPPED_BOOK, SHIPPED_BOOK_NAME)
                    .unwrap_or_else(|e| unreachable!("the shipped book is valid: {e}")),
            )
        }))
    }

    /// Reads a book file (format version 1).
    ///
    /// # Errors
    /// [`BookError::Io`] if it cannot be read; otherwise as [`Book::from_json_str`], naming `path`.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let text = std::fs::read_to_string(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Book::from_json_str(&text, &path.display().to_string())
    }

    /// Parses a book in format version 1; `source_name` names it in errors.
    ///
    /// # Errors
    /// [`BookError::Json`] for malformed JSON or fields of the wrong type, [`BookError::Format`] for
    /// another format or version, [`BookError::Entry`] for an invalid FEN or move or an unknown
    /// field in an entry.
    pub fn from_json_str(text: &str, source_name: &str) -> Result<Book, BookError> {
        let raw: RawBook = json_file::parse(text).map_err(|e| json_error(source_name, e))?;
        json_file::check_format(
            &raw.format,
            raw.version,
            BOOK_FORMAT_NAME,
            BOOK_FORMAT_VERSION,
        )
        .map_err(|message| BookError::Format {
            file: source_name.to_string(),
            message,
        })?;
        let mut book = Book {
            description: raw.description,
            generator: raw.generator,
            ..Book::default()
        };
        for (index, value) in raw.positions.iter().enumerate() {
            let fail = |message: String| entry_error(text, source_name, value, index, message);
            let entry: RawEntry = json_file::parse_entry(value).map_err(fail)?;
            let position = Position::from_fen(&entry.fen)
                .map_err(|e| fail(format!("fen {:?}: {e}", entry.fen)))?;
            let mut moves = Vec::with_capacity(entry.moves.len());
            for (m, raw_move) in entry.moves.iter().enumerate() {
                let mv = position
                    .parse_move(&raw_move.mv)
                    .map_err(|e| fail(format!("moves[{m}] {:?}: {e}", raw_move.mv)))?;
                let score = raw_move.score.map(|s| s as f32);
                if score.is_some_and(|s| !s.is_finite()) {
                    return Err(fail(format!("moves[{m}]: score is not a finite number")));
                }
                moves.push(BookMove {
                    mv,
                    weight: raw_move.weight,
                    score,
                    comment: raw_move.comment.clone(),
                });
            }
            book.add(BookEntry {
                position,
                name: entry.name,
                comment: entry.comment,
                moves,
            });
        }
        Ok(book)
    }

    /// Imports the seed engine's format: `{"positions": [...], "moves": [...]}`, parallel arrays
    /// where a position is 32 digits in square order 1..32 (0 empty, 1 White man, 2 White king,
    /// 3 Black man, 4 Black king) then the side to move (`W`/`B` or `0`/`1`), and a move is in any
    /// notation [`Position::parse_move`] reads. Each pair gets weight 1; repeated pairs add up.
    ///
    /// # Errors
    /// [`BookError::Json`] for malformed JSON, [`BookError::Format`] if the arrays differ in length,
    /// [`BookError::Entry`] for a bad position or move (entry = array index).
    pub fn from_seed_json_str(text: &str, source_name: &str) -> Result<Book, BookError> {
        let raw: SeedBook = json_file::parse(text).map_err(|e| json_error(source_name, e))?;
        if raw.positions.len() != raw.moves.len() {
            return Err(BookError::Format {
                file: source_name.to_string(),
                message: format!(
                    "{} positions but {} moves: the arrays must be parallel",
                    raw.positions.len(),
                    raw.moves.len()
                ),
            });
        }
        let mut book = Book {
            description: Some(format!(
                "imported from the seed engine's book {source_name}"
            )),
            ..Book::default()
        };
        for (index, (p, m)) in raw.positions.iter().zip(&raw.moves).enumerate() {
            let position_text: String = json_file::parse_entry(p)
                .map_err(|e| entry_error(text, source_name, p, index, format!("positions: {e}")))?;
            let move_text: String = json_file::parse_entry(m)
                .map_err(|e| entry_error(text, source_name, m, index, format!("moves: {e}")))?;
            let position = parse_seed_position(&position_text)
                .map_err(|e| entry_error(text, source_name, p, index, e))?;
            let mv = position.parse_move(&move_text).map_err(|e| {
                entry_error(
                    text,
                    source_name,
                    m,
                    index,
                    format!("move {move_text:?}: {e}"),
                )
            })?;
            book.add(BookEntry {
                position,
                name: None,
                comment: None,
                moves: vec![BookMove {
                    mv,
                    weight: 1,
                    score: None,
                    comment: None,
                }],
            });
        }
        Ok(book)
    }

    /// Adds an entry, merging it into an existing entry of the same position: moves already there
    /// add their weights and keep the first score and comment given; new moves are appended; the
    /// first name and comment are kept.
    pub fn add(&mut self, entry: BookEntry) {
        let key = entry.position.zobrist_key();
        let slots = self.by_key.entry(key).or_default();
        if let Some(&i) = slots
            .iter()
            .find(|&&i| self.entries[i].position == entry.position)
        {
            let existing = &mut self.entries[i];
            existing.name = existing.name.take().or(entry.name);
            existing.comment = existing.comment.take().or(entry.comment);
            for new in entry.moves {
                match existing.moves.iter_mut().find(|m| m.mv == new.mv) {
                    Some(old) => {
                        old.weight = old.weight.saturating_add(new.weight);
                        old.score = old.score.or(new.score);
                        old.comment = old.comment.take().or(new.comment);
                    }
                    None => existing.moves.push(new),
                }
            }
        } else {
            slots.push(self.entries.len());
            self.entries.push(entry);
        }
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// All entries, in the order they were first added.
    #[must_use]
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The entry of `position`, if the book has it.
    #[must_use]
    pub fn entry(&self, position: &Position) -> Option<&BookEntry> {
        self.by_key
            .get(&position.zobrist_key())?
            .iter()
            .map(|&i| &self.entries[i])
            .find(|e| e.position == *position)
    }

    /// The candidate moves of `position`, if the book has it.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<&[BookMove]> {
        self.entry(position)
            .map(|e| e.moves.as_slice())
            .filter(|m| !m.is_empty())
    }

    /// The book move for `position` chosen by `policy` (with its weight, score and comment);
    /// the random policies are deterministic for a given `rng_seed` and position. `None` if the
    /// book has no playable move there.
    #[must_use]
    pub fn choose(
        &self,
        position: &Position,
        policy: BookPolicy,
        rng_seed: u64,
    ) -> Option<&BookMove> {
        let moves = self.probe(position)?;
        let playable: Vec<&BookMove> = moves.iter().filter(|m| m.weight > 0).collect();
        let mut rng = SplitMix64::new(rng_seed ^ position.zobrist_key());
        match policy {
            BookPolicy::Best => moves
                .iter()
                .enumerate()
                .max_by(|(i, a), (j, b)| {
                    let score = |m: &BookMove| m.score.unwrap_or(f32::NEG_INFINITY);
                    score(a)
                        .total_cmp(&score(b))
                        .then(a.weight.cmp(&b.weight))
                        .then(j.cmp(i))
                })
                .map(|(_, m)| m),
            BookPolicy::First => playable.first().copied(),
            BookPolicy::Last => playable.last().copied(),
            BookPolicy::Uniform => {
                let n = playable.len() as u64;
                (n > 0).then(|| playable[rng.below(n) as usize])
            }
            BookPolicy::Weighted => {
                let total: u64 = playable.iter().map(|m| u64::from(m.weight)).sum();
                if total == 0 {
                    return None;
                }
                let mut pick = rng.below(total);
                for m in &playable {
                    let w = u64::from(m.weight);
                    if pick < w {
                        return Some(m);
                    }
                    pick -= w;
                }
                None
            }
        }
    }

    /// The book in format version 1, pretty-printed, moves in algebraic notation.
    #[must_use]
    pub fn to_json_string(&self) -> String {
        let positions: Vec<RawEntry> = self
            .entries
            .iter()
            .map(|e| RawEntry {
                fen: e.position.to_fen(),
                name: e.name.clone(),
                comment: e.comment.clone(),
                moves: e
                    .moves
                    .iter()
                    .map(|m| RawMove {
                        mv: e.position.write_move(&m.mv, Notation::Algebraic),
                        weight: m.weight,
                        score: m.score.map(decimal),
                        comment: m.comment.clone(),
                    })
                    .collect(),
            })
            .collect();
        let mut root = serde_json::Map::new();
        root.insert("format".into(), BOOK_FORMAT_NAME.into());
        root.insert("version".into(), BOOK_FORMAT_VERSION.into());
        if let Some(d) = &self.description {
            root.insert("description".into(), d.clone().into());
        }
        if let Some(g) = &self.generator {
            root.insert("generator".into(), g.clone());
        }
        root.insert(
            "positions".into(),
            serde_json::to_value(positions).unwrap_or_default(),
        );
        let mut text = serde_json::to_string_pretty(&root).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Writes the book to `path` atomically (temporary file, then rename).
    ///
    /// # Errors
    /// [`BookError::Io`] if the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        crate::atomic_file::write_atomically(path, self.to_json_string().as_bytes()).map_err(
            |source| BookError::Io {
                path: path.to_path_buf(),
                source,
            },
        )
    }
}

/// Reads a seed-format position: 32 digits in square order then `W`/`B`/`0`/`1`.
fn parse_seed_position(text: &str) -> Result<Position, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 33 {
        return Err(format!(
            "position {text:?}: expected 32 digits and a side to move, found {} characters",
            chars.len()
        ));
    }
    let mut white = Bitboard::EMPTY;
    let mut black = Bitboard::EMPTY;
    let mut kings = Bitboard::EMPTY;
    for (i, &c) in chars[..32].iter().enumerate() {
        let square = Square::ALL[i];
        match c {
            '0' => {}
            '1' => white = white.with(square),
            '2' => {
                white = white.with(square);
                kings = kings.with(square);
            }
            '3' => black = black.with(square),
            '4' => {
                black = black.with(square);
                kings = kings.with(square);
            }
            _ => {
                return Err(format!(
                    "position {text:?}: square {} holds {c:?}, expected a digit 0-4",
                    i + 1
                ));
            }
        }
    }
    let side = match chars[32] {
        'W' | 'w' | '0' => Color::White,
        'B' | 'b' | '1' => Color::Black,
        c => {
            return Err(format!(
                "position {text:?}: side to move {c:?}, expected W, B, 0 or 1"
            ));
        }
    };
    Position::new(white, black, kings, side).map_err(|e| format!("position {text:?}: {e}"))
}

fn json_error(file: &str, error: json_file::JsonError) -> BookError {
    BookError::Json {
        file: file.to_string(),
        line: error.place.line,
        column: error.place.column,
        message: error.message,
    }
}

/// An entry error located at the start of `value` inside `text`.
fn entry_error(
    text: &str,
    file: &str,
    value: &RawValue,
    entry: usize,
    message: String,
) -> BookError {
    let json_file::Place { line, column } = json_file::place_of(text, value);
    BookError::Entry {
        file: file.to_string(),
        line,
        column,
        entry,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    /// A book file cut at any length (a copy cut short, a writer killed without the atomic
    /// rename) is refused, never read as a smaller book; a book saved over an old one leaves the
    /// old file or the complete new one, never a part.
    #[test]
    fn a_book_cut_at_every_length_is_refused() {
        let mut book = Book::from_json_str(&sample(), "sample").unwrap();
        let text = book.to_json_string();
        let complete = text.trim_end().len();
        for len in 0..complete {
            let Some(cut) = text.get(..len) else { continue };
            assert!(
                Book::from_json_str(cut, "cut").is_err(),
                "cut at {len} read as a book"
            );
        }
        let dir = std::env::temp_dir().join(format!("shashki-book-cut-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("book.json");
        book.save(&path).unwrap();
        book.description = Some("second".into());
        book.save(&path).unwrap();
        assert_eq!(
            Book::load(&path).unwrap().description.as_deref(),
            Some("second")
        );
        // A save that fails (a directory in the way) leaves nothing behind.
        assert!(book.save(&dir).is_err());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["book.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn sample() -> String {
        format!(
            r#"{{
  "format": "shashki-book",
  "version": 1,
  "description": "test",
  "positions": [
    {{
      "fen": "{START}",
      "name": "start",
      "moves": [
        {{ "move": "c3-d4", "weight": 5, "score": 0.1 }},
        {{ "move": "22-17", "weight": 0, "score": 0.3, "comment": "never at random" }},
        {{ "move": "g3-h4", "weight": 1 }}
      ]
    }},
    {{
      "fen": "{START}",
      "moves": [ {{ "move": "c3-d4", "weight": 2 }}, {{ "move": "e3-f4" }} ]
    }}
  ]
}}"#
        )
    }

    #[test]
    fn loads_merges_and_writes_back() {
        let book = Book::from_json_str(&sample(), "sample.json").unwrap();
        assert_eq!(book.len(), 1, "duplicates merge");
        let moves = book.probe(&Position::start()).unwrap();
        let text: Vec<String> = moves
            .iter()
            .map(|m| Position::start().write_move(&m.mv, Notation::Algebraic))
            .collect();
        assert_eq!(text, ["c3-d4", "c3-b4", "g3-h4", "e3-f4"]);
        assert_eq!(moves[0].weight, 7);
        assert_eq!(moves[3].weight, 1, "default weight");
        assert_eq!(book.entries()[0].name.as_deref(), Some("start"));
        assert!(book.to_json_string().contains("\"score\": 0.1,"));
        let again = Book::from_json_str(&book.to_json_string(), "again").unwrap();
        assert_eq!(again.entries(), book.entries());
    }

    #[test]
    fn policies() {
        let book = Book::from_json_str(&sample(), "sample.json").unwrap();
        let start = Position::start();
        let name = |mv: Move| start.write_move(&mv, Notation::Algebraic);
        let pick = |p| name(book.choose(&start, p, 7).unwrap().mv);
        assert_eq!(pick(BookPolicy::Best), "c3-b4");
        assert_eq!(pick(BookPolicy::First), "c3-d4");
        assert_eq!(pick(BookPolicy::Last), "e3-f4");
        // Weighted: proportional to 7:0:1:1; never the weight-0 move; deterministic per seed.
        let mut counts = std::collections::HashMap::new();
        for seed in 0..900 {
            *counts
                .entry(name(
                    book.choose(&start, BookPolicy::Weighted, seed).unwrap().mv,
                ))
                .or_insert(0) += 1;
        }
        assert!(!counts.contains_key("c3-b4"));
        assert!(counts["c3-d4"] > 600 && counts["c3-d4"] < 800, "{counts:?}");
        assert_eq!(
            book.choose(&start, BookPolicy::Uniform, 3),
            book.choose(&start, BookPolicy::Uniform, 3)
        );
        let uniform: std::collections::HashSet<String> = (0..100)
            .map(|s| name(book.choose(&start, BookPolicy::Uniform, s).unwrap().mv))
            .collect();
        assert_eq!(uniform.len(), 3);
        assert_eq!(
            book.choose(
                &start.play_unchecked(&start.legal_moves()[0]),
                BookPolicy::Best,
                0
            ),
            None
        );
    }

    #[test]
    fn errors_name_file_line_column_and_entry() {
        let bad_move = sample().replace("e3-f4", "e3-e4");
        match Book::from_json_str(&bad_move, "bad.json") {
            Err(BookError::Entry {
                file,
                line,
                column,
                entry,
                message,
            }) => {
                assert_eq!((file.as_str(), line, column, entry), ("bad.json", 15, 5, 1));
                assert!(message.contains("moves[1]"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        let bad_fen = sample().replacen("W:W21", "W:W1", 1);
        let error = Book::from_json_str(&bad_fen, "f.json")
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("f.json:6:5: entry 0: fen"), "{error}");
        let syntax = Book::from_json_str("{\n \"format\": }", "s.json").unwrap_err();
        assert!(
            matches!(syntax, BookError::Json { line: 2, .. }),
            "{syntax}"
        );
        let version = sample().replace("\"version\": 1", "\"version\": 2");
        assert!(matches!(
            Book::from_json_str(&version, "v.json"),
            Err(BookError::Format { .. })
        ));
        let unknown = sample().replace("\"name\": \"start\"", "\"nmae\": \"start\"");
        assert!(matches!(
            Book::from_json_str(&unknown, "u.json"),
            Err(BookError::Entry { entry: 0, .. })
        ));
    }

    #[test]
    fn imports_the_seed_format() {
        // Square 1 is b8: Black's men come first.
        let seed_start = "33333333333300000000111111111111";
        let text = format!(
            r#"{{"positions": ["{seed_start}W", "{seed_start}0", "{seed_start}W"],
                "moves": ["c3-d4", "22-17", "c3-d4"]}}"#
        );
        let book = Book::from_seed_json_str(&text, "seed.json").unwrap();
        assert_eq!(book.len(), 1);
        let moves = book.probe(&Position::start()).unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].weight, 2);
        let black = format!("{seed_start}B");
        let bad = format!(
            r#"{{"positions": ["{seed_start}W", "{black}"], "moves": ["c3-d4", "c3-d4"]}}"#
        );
        let error = Book::from_seed_json_str(&bad, "seed.json").unwrap_err();
        assert!(
            matches!(
                error,
                BookError::Entry {
                    entry: 1,
                    line: 1,
                    ..
                }
            ),
            "{error}"
        );
        let short = r#"{"positions": ["0W"], "moves": ["c3-d4"]}"#;
        assert!(Book::from_seed_json_str(short, "s").is_err());
        let uneven = r#"{"positions": [], "moves": ["c3-d4"]}"#;
        assert!(matches!(
            Book::from_seed_json_str(uneven, "s"),
            Err(BookError::Format { .. })
        ));
    }
}
