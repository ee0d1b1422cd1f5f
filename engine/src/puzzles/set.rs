//! The puzzle-set file: JSON, format `shashki-puzzles`, version [`FORMAT_VERSION`].
//!
//! ```json
//! {
//!   "format": "shashki-puzzles",
//!   "version": 1,
//!   "description": "…",
//!   "generator": { "…": "free-form: how the set was made" },
//!   "puzzles": [
//!     { "fen": "W:Wc3,…:B…", "side": "W", "solution": ["c3-d4", "e5:c3", "b2:d4:f6"],
//!       "theme": "shot", "depth": 5, "difficulty": 3, "gain": 100, "source": "…" }
//!   ]
//! }
//! ```
//!
//! Moves are written in full algebraic notation (`a1:e5:g3`), so each one names exactly one
//! legal move. Reading is strict and located: malformed JSON or a field of the wrong type is
//! [`PuzzleSetError::Json`] with the line and column; a FEN that does not parse, a `side` that
//! is not the FEN's side to move, an illegal move, a solution that does not end with the
//! player's move or an unknown theme is [`PuzzleSetError::Puzzle`] with the line and column
//! where that puzzle starts and its index.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::formats::Notation;
use crate::json_file;
use crate::rules::{Color, Position};

use super::puzzle::{Puzzle, Theme};

/// The `format` field of a puzzle-set file.
pub const FORMAT_NAME: &str = "shashki-puzzles";
/// The version of the format this code reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A list of puzzles, with a description of where they come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PuzzleSet {
    /// What the set is (free text).
    pub description: String,
    /// How the set was made (free-form JSON, kept as it is), if said.
    pub generator: Option<serde_json::Value>,
    /// The puzzles, in file order.
    pub puzzles: Vec<Puzzle>,
}

/// Why a puzzle set could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleSetError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
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
    /// The file is JSON but not a puzzle set of a version this code reads.
    #[error("{file}: {message}")]
    Format {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A puzzle is wrong: a bad FEN, an illegal move, a bad field.
    #[error("{file}:{line}:{column}: puzzle {index}: {message}")]
    Puzzle {
        /// The file.
        file: String,
        /// 1-based line where the puzzle starts.
        line: usize,
        /// 1-based column where the puzzle starts.
        column: usize,
        /// The puzzle's index in the file, from 1.
        index: usize,
        /// What is wrong.
        message: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet<'a> {
    format: String,
    version: u32,
    #[serde(default)]
    description: String,
    #[serde(default)]
    generator: Option<serde_json::Value>,
    #[serde(borrow)]
    puzzles: Vec<&'a RawValue>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    fen: String,
    side: String,
    solution: Vec<String>,
    theme: String,
    depth: u32,
    difficulty: u8,
    #[serde(default)]
    gain: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<String>,
}

/// A value as compact JSON (strings, numbers and the derived puzzle entry always serialise).
fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn side_text(color: Color) -> &'static str {
    match color {
        Color::White => "W",
        Color::Black => "B",
    }
}

impl PuzzleSet {
    /// A set of `puzzles` described by `description`.
    #[must_use]
    pub fn new(description: &str, puzzles: Vec<Puzzle>) -> PuzzleSet {
        PuzzleSet {
            description: description.to_string(),
            generator: None,
            puzzles,
        }
    }

    /// Reads a set from `path`.
    ///
    /// # Errors
    /// [`PuzzleSetError::Io`] when the file cannot be read, else as [`PuzzleSet::from_json_str`].
    pub fn read(path: &Path) -> Result<PuzzleSet, PuzzleSetError> {
        let text = std::fs::read_to_string(path).map_err(|source| PuzzleSetError::Io {
            path: path.display().to_string(),
            source,
        })?;
        PuzzleSet::from_json_str(&text, &path.display().to_string())
    }

    /// Parses a set; `source_name` names it in errors.
    ///
    /// # Errors
    /// [`PuzzleSetError::Json`] for malformed JSON or fields of the wrong type,
    /// [`PuzzleSetError::Format`] for another format or version, [`PuzzleSetError::Puzzle`]
    /// for a puzzle that breaks the rules (located at the puzzle's start).
    pub fn from_json_str(text: &str, source_name: &str) -> Result<PuzzleSet, PuzzleSetError> {
        let raw: RawSet<'_> = json_file::parse(text).map_err(|e| PuzzleSetError::Json {
            file: source_name.to_string(),
            line: e.place.line,
            column: e.place.column,
            message: e.message,
        })?;
        json_file::check_format(&raw.format, raw.version, FORMAT_NAME, FORMAT_VERSION).map_err(
            |message| PuzzleSetError::Format {
                file: source_name.to_string(),
                message,
            },
        )?;
        let mut puzzles = Vec::with_capacity(raw.puzzles.len());
        for (index, value) in raw.puzzles.iter().enumerate() {
            let fail = |message: String| puzzle_error(text, source_name, value, index + 1, message);
            let entry: RawPuzzle = json_file::parse_entry(value).map_err(fail)?;
            puzzles.push(entry.to_puzzle().map_err(fail)?);
        }
        Ok(PuzzleSet {
            description: raw.description,
            generator: raw.generator,
            puzzles,
        })
    }

    /// The set as JSON text, one puzzle a line (so that a diff of two sets reads well).
    #[must_use]
    pub fn to_json_string(&self) -> String {
        let mut out = format!(
            "{{\n  \"format\": {},\n  \"version\": {FORMAT_VERSION},\n  \"description\": {},\n",
            json(FORMAT_NAME),
            json(&self.description),
        );
        if let Some(generator) = &self.generator {
            out.push_str(&format!("  \"generator\": {},\n", json(generator)));
        }
        let lines: Vec<String> = self
            .puzzles
            .iter()
            .map(|p| format!("    {}", json(&RawPuzzle::of(p))))
            .collect();
        if lines.is_empty() {
            out.push_str("  \"puzzles\": []\n}\n");
        } else {
            out.push_str(&format!(
                "  \"puzzles\": [\n{}\n  ]\n}}\n",
                lines.join(",\n")
            ));
        }
        out
    }

    /// Writes the set to `path` atomically (a complete new file or the old one).
    ///
    /// # Errors
    /// [`PuzzleSetError::Io`] when the file cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), PuzzleSetError> {
        crate::atomic_file::write_atomically(path, self.to_json_string().as_bytes()).map_err(
            |source| PuzzleSetError::Io {
                path: path.display().to_string(),
                source,
            },
        )
    }
}

impl RawPuzzle {
    fn of(puzzle: &Puzzle) -> RawPuzzle {
        let mut position = puzzle.position;
        let solution = puzzle
            .solution
            .iter()
            .map(|mv| {
                let text = position.write_move(mv, Notation::Algebraic);
                position = position.play_unchecked(mv);
                text
            })
            .collect();
        RawPuzzle {
            fen: puzzle.position.to_fen(),
            side: side_text(puzzle.player()).to_string(),
            solution,
            theme: puzzle.theme.id().to_string(),
            depth: puzzle.depth,
            difficulty: puzzle.difficulty,
            gain: puzzle.gain,
            source: puzzle.source.clone(),
        }
    }

    fn to_puzzle(&self) -> Result<Puzzle, String> {
        let position =
            Position::from_fen(&self.fen).map_err(|e| format!("fen {:?}: {e}", self.fen))?;
        let expected = side_text(position.side_to_move());
        if self.side != expected {
            return Err(format!(
                "side {:?} but the FEN has {expected:?} to move",
                self.side
            ));
        }
        if self.solution.len().is_multiple_of(2) {
            return Err(format!(
                "the solution has {} moves; it must end with the player's move (an odd number)",
                self.solution.len()
            ));
        }
        let mut current = position;
        let mut solution = Vec::with_capacity(self.solution.len());
        for (i, text) in self.solution.iter().enumerate() {
            let mv = current
                .parse_move(text)
                .map_err(|e| format!("solution[{i}] {text:?}: {e}"))?;
            current = current.play_unchecked(&mv);
            solution.push(mv);
        }
        let theme = Theme::from_id(&self.theme).ok_or_else(|| {
            format!(
                "theme {:?}: expected one of {}",
                self.theme,
                Theme::ALL.map(Theme::id).join(", ")
            )
        })?;
        if !(1..=5).contains(&self.difficulty) {
            return Err(format!("difficulty {}: expected 1 to 5", self.difficulty));
        }
        Ok(Puzzle {
            position,
            solution,
            theme,
            depth: self.depth,
            difficulty: self.difficulty,
            gain: self.gain,
            source: self.source.clone(),
        })
    }
}

/// A puzzle error located at the start of `value` inside `text`.
fn puzzle_error(
    text: &str,
    file: &str,
    value: &RawValue,
    index: usize,
    message: String,
) -> PuzzleSetError {
    let json_file::Place { line, column } = json_file::place_of(text, value);
    PuzzleSetError::Puzzle {
        file: file.to_string(),
        line,
        column,
        index,
        message,
    }
}
