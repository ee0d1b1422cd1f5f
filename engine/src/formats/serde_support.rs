//! Serde support (feature `serde`): the vocabulary types as the text players already use.
//!
//! - [`Position`] is its FEN string (`"W:W21,…:B1,…"`); reading accepts every FEN that
//!   [`Position::from_fen`] reads and fails with its [`FenError`](crate::formats::FenError) message.
//! - [`Square`] is its standard number 1..=32.
//! - [`Color`] is `"W"` or `"B"` (reading also accepts `"w"` / `"b"`).
//! - A [`Move`] serialises as its Hub text (`22-18`, `22x13x18`: origin, destination, captured
//!   squares), which the move alone determines. Reading one needs its position (whether it is
//!   legal, whether it crowns), so a `Move` is not `Deserialize`: [`HubMove`] holds the text to
//!   resolve later with [`HubMove::resolve`], and [`MoveSeed`] reads a move straight into a
//!   [`Move`] of a known position (serde's `DeserializeSeed`).
//! - A [`Game`] is `{"start": FEN, "moves": ["22-18", "11x22", …]}` (Hub notation); the start
//!   FEN carries lidraughts' `:H` draw counter and `:F` move number when they are not 0 and 1,
//!   so a game read back has the same counters, and `"draw_rules": "basic"` (or `"repetition"`)
//!   when the game does not apply the default set. Reading replays the moves and fails, naming
//!   the ply, on the first that is not legal.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, DeserializeSeed, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::formats::fen;
use crate::formats::{MoveError, MoveText, Notation, ParseMoveError};
use crate::rules::{Color, DrawRules, Game, Move, Position, Square};

/// Reads a value written as one string: what serde says it expects, and how the text is read
/// (`Err(Some(why))` for a text that says why it is wrong, `Err(None)` for serde's "invalid
/// value" message).
struct TextVisitor<T> {
    expecting: &'static str,
    read: fn(&str) -> Result<T, Option<String>>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.read)(text).map_err(|why| match why {
            Some(why) => E::custom(why),
            None => E::invalid_value(Unexpected::Str(text), &self),
        })
    }
}

impl Serialize for Position {
    /// Writes the numeric FEN.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_fen())
    }
}

impl<'de> Deserialize<'de> for Position {
    /// Reads a FEN string.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "a FEN string such as \"W:W21-32:B1-12\"",
            read: |text| Position::from_fen(text).map_err(|e| Some(e.to_string())),
        })
    }
}

impl Serialize for Square {
    /// Writes the square number, 1 = b8 … 32 = g1.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Square {
    /// Reads a square number 1..=32.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        deserializer.deserialize_u8(SquareVisitor)
    }
}

struct SquareVisitor;

impl Visitor<'_> for SquareVisitor {
    type Value = Square;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square number from 1 to 32")
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<Square, E> {
        u8::try_from(number)
            .ok()
            .and_then(Square::from_number)
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(number), &self))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<Square, E> {
        match u64::try_from(number) {
            Ok(number) => self.visit_u64(number),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(number), &self)),
        }
    }
}

impl Serialize for Color {
    /// Writes `"W"` or `"B"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            Color::White => "W",
            Color::Black => "B",
        })
    }
}

impl<'de> Deserialize<'de> for Color {
    /// Reads `"W"` or `"B"` (either case).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "\"W\" or \"B\"",
            read: |text| {
                let mut chars = text.chars();
                match (chars.next().and_then(Color::from_letter), chars.next()) {
                    (Some(color), None) => Ok(color),
                    _ => Err(None),
                }
            },
        })
    }
}

/// A move as text in Hub notation (`22-18`, or `from x to x captured…` such as `22x13x18`):
/// the serialisable form of a [`Move`].
///
/// Writing needs no position, since origin, destination and captured squares are all in the
/// move. Reading checks the syntax only (any text [`Position::parse_move`] reads is accepted and
/// kept as written); [`HubMove::resolve`] then finds the legal move in a position.
///
/// ```
/// use shashki::{HubMove, Position};
///
/// let position: Position = "W:WKa1:Bb2,f4".parse()?;
/// let mv = position.parse_move("a1:e5:g3")?;
/// let text = HubMove::new(&mv);
/// assert_eq!(text.as_str(), "29x24x19x25");
/// assert_eq!(serde_json::to_string(&text)?, "\"29x24x19x25\"");
///
/// let read: HubMove = serde_json::from_str("\"29x24x19x25\"")?;
/// assert_eq!(read.resolve(&position)?, mv);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HubMove(String);

impl HubMove {
    /// The Hub text of `mv`: `from-to` for a quiet move, `from x to x captured…` (captured
    /// squares in ascending number) for a capture, as [`Notation::Hub`].
    #[must_use]
    pub fn new(mv: &Move) -> HubMove {
        let mut text = format!("{}", mv.from().number());
        if mv.is_capture() {
            let mut captured: Vec<u8> = mv.captured().into_iter().map(Square::number).collect();
            captured.sort_unstable();
            text.push_str(&format!("x{}", mv.to().number()));
            for number in captured {
                text.push_str(&format!("x{number}"));
            }
        } else {
            text.push_str(&format!("-{}", mv.to().number()));
        }
        HubMove(text)
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The legal move of `position` this text names.
    ///
    /// # Errors
    /// A [`MoveError`] if the text names no legal move of `position`, or several.
    pub fn resolve(&self, position: &Position) -> Result<Move, MoveError> {
        position.parse_move(&self.0)
    }
}

impl From<Move> for HubMove {
    fn from(mv: Move) -> HubMove {
        HubMove::new(&mv)
    }
}

impl From<&Move> for HubMove {
    fn from(mv: &Move) -> HubMove {
        HubMove::new(mv)
    }
}

impl fmt::Display for HubMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for HubMove {
    type Err = ParseMoveError;

    /// Checks the syntax of a move text (see [`MoveText::parse`]) and keeps it, trimmed.
    fn from_str(text: &str) -> Result<HubMove, ParseMoveError> {
        MoveText::parse(text)?;
        Ok(HubMove(text.trim().to_string()))
    }
}

impl Serialize for HubMove {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for HubMove {
    /// Reads a move text; fails on bad syntax, not on legality (that needs a position).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HubMove, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            expecting: "a move text such as \"22-18\" or \"22x13x18\"",
            read: |text| {
                text.parse()
                    .map_err(|e: ParseMoveError| Some(e.to_string()))
            },
        })
    }
}

/// Reads a [`Move`] of a known position from its text (any form [`Position::parse_move`]
/// accepts), failing if it is malformed, illegal or ambiguous there.
///
/// ```
/// use serde::de::DeserializeSeed;
/// use shashki::{MoveSeed, Position};
///
/// let start = Position::start();
/// let mut json = serde_json::Deserializer::from_str("\"22-18\"");
/// let mv = MoveSeed(&start).deserialize(&mut json)?;
/// assert_eq!(mv, start.parse_move("c3-d4")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MoveSeed<'a>(pub &'a Position);

impl<'de> DeserializeSeed<'de> for MoveSeed<'_> {
    type Value = Move;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Move, D::Error> {
        let text = HubMove::deserialize(deserializer)?;
        text.resolve(self.0).map_err(de::Error::custom)
    }
}

impl Serialize for Move {
    /// Writes the Hub text (`22-18`, `22x13x18`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        HubMove::from(self).serialize(serializer)
    }
}

/// The serialised form of a [`Game`]: its start (FEN with counters), its moves in Hub
/// notation and its draw rules (`"draw_rules": "basic"`; left out for the default, `full`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRecord {
    start: String,
    moves: Vec<String>,
    #[serde(default, skip_serializing_if = "is_full")]
    draw_rules: DrawRules,
}

/// Whether `rules` is the default set (not written).
fn is_full(rules: &DrawRules) -> bool {
    *rules == DrawRules::Full
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRecord {
            start: fen::write_game_start(self, Notation::Numeric),
            moves: self.move_texts(Notation::Hub),
            draw_rules: self.draw_rules(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let record = GameRecord::deserialize(deserializer)?;
        let mut game = Game::from_fen(&record.start)
            .map_err(|error| de::Error::custom(format!("start: {error}")))?
            .with_draw_rules(record.draw_rules);
        for (ply, text) in record.moves.iter().enumerate() {
            let mv = game.position().parse_move(text).map_err(|error| {
                de::Error::custom(format!("move {} (ply {ply}): {error}", ply + 1))
            })?;
            game.play_past_draw(mv).map_err(|error| {
                de::Error::custom(format!("move {} (ply {ply}): {error}", ply + 1))
            })?;
        }
        Ok(game)
    }
}
