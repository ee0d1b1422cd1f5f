//! Games for JavaScript: a start position, the moves played, the draw rules, the status.
//!
//! A [`Game`] wraps the library's `Game`: the moves are checked by it, repetitions and the
//! counting rules of the chosen set (`full`, `basic`, `repetition`) decide draws, and
//! [`Game::status`] says who won or which rule drew. PDN comes in through `pdn.rs` and goes out
//! through [`Game::to_pdn`].

use shashki::pdn::{PdnGame, PdnStyle};
use shashki::{DrawRules, GameStatus as Status, Notation};
use wasm_bindgen::prelude::*;

use crate::errors::{color_name, js_error};
use crate::position::{MoveInfo, Position};

/// A game: its start, its moves and its draw rules.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) inner: shashki::Game,
}

/// Where a game stands.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct GameStatus {
    /// `"ongoing"`, `"won"` or `"drawn"`.
    pub state: String,
    /// `"white"` or `"black"` when won, else `undefined`.
    pub winner: Option<String>,
    /// The draw rule that ended it (`"threefold repetition (7.2.3)"`, …), or why it was won.
    pub reason: Option<String>,
    /// The status in words, as the library says it.
    pub text: String,
}

#[wasm_bindgen]
impl Game {
    /// A game from `fen` (lidraughts' `:H` and `:F` counters honoured), or from the start, under
    /// the draw rules named `drawRules` (`full`, the default, `basic` or `repetition`).
    ///
    /// # Errors
    /// The library's `FenError`, or an unknown draw-rule set.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, draw_rules: Option<String>) -> Result<Game, JsError> {
        let game = match fen {
            Some(fen) => shashki::Game::from_fen(&fen).map_err(js_error)?,
            None => shashki::Game::default(),
        };
        let rules = match draw_rules {
            Some(name) => name.parse::<DrawRules>().map_err(js_error)?,
            None => DrawRules::default(),
        };
        Ok(Game {
            inner: game.with_draw_rules(rules),
        })
    }

    /// Plays the move `text` (any notation); returns it as played.
    ///
    /// # Errors
    /// The library's message: the text names no legal move or several, or the game has ended.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, JsError> {
        let before = *self.inner.position();
        let mv = self.inner.play_text(text).map_err(js_error)?;
        Ok(MoveInfo::new(&before, &mv))
    }

    /// Takes back the last move; returns it (algebraic), or `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        let mv = self.inner.undo()?;
        Some(self.inner.position().write_move(&mv, Notation::Algebraic))
    }

    /// The current position.
    pub fn position(&self) -> Position {
        Position {
            inner: *self.inner.position(),
        }
    }

    /// The current position's FEN (numeric).
    pub fn fen(&self) -> String {
        self.inner.position().to_fen()
    }

    /// The start position's FEN (numeric), with the draw counter and first move number it
    /// was set up with (`:H<n>:F<n>`, when not the defaults): `new Game(game.startFen())` and
    /// the moves give the same game, draw counters included.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start_fen()
    }

    /// The legal moves of the current position (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        if self.inner.status().is_over() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    /// The moves played, in `notation`: `"algebraic"` (the default), `"numeric"` or `"hub"`.
    ///
    /// # Errors
    /// An unknown notation.
    pub fn moves(&self, notation: Option<String>) -> Result<Vec<String>, JsError> {
        Ok(self.inner.move_texts(notation_named(notation.as_deref())?))
    }

    /// The draw rules in force: `"full"`, `"basic"` or `"repetition"`.
    #[wasm_bindgen(js_name = drawRules)]
    pub fn draw_rules(&self) -> String {
        self.inner.draw_rules().name().to_string()
    }

    /// Where the game stands.
    pub fn status(&self) -> GameStatus {
        let status = self.inner.status();
        let (state, winner, reason) = match status {
            Status::Ongoing => ("ongoing", None, None),
            Status::Won { winner, reason } => {
                ("won", Some(color_name(winner)), Some(format!("{reason:?}")))
            }
            Status::Drawn(rule) => ("drawn", None, Some(rule.to_string())),
            _ => ("ongoing", None, None),
        };
        GameStatus {
            state: state.to_string(),
            winner,
            reason,
            text: status.to_string(),
        }
    }

    /// The game as PDN text in `style` (`"pdn3"`, the default, `"lidraughts"`,
    /// `"lidraughts-numeric"`, `"pydraughts"`), with the tags `tags` (an object of names and
    /// values, e.g. `{White: "Ivanov", Event: "Club"}`).
    ///
    /// # Errors
    /// An unknown style, or tags that are not an object of strings.
    #[wasm_bindgen(js_name = toPdn)]
    pub fn to_pdn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string> | undefined")] tags: JsValue,
        style: Option<String>,
    ) -> Result<String, JsError> {
        let mut record = PdnGame::new(self.inner.clone());
        if !tags.is_undefined() && !tags.is_null() {
            let object: &js_sys::Object = tags
                .dyn_ref()
                .ok_or_else(|| JsError::new("toPdn: the tags must be an object of strings"))?;
            for entry in js_sys::Object::entries(object).iter() {
                let pair: js_sys::Array = entry.into();
                let (name, value) = (pair.get(0).as_string(), pair.get(1).as_string());
                match (name, value) {
                    (Some(name), Some(value)) => record.set_tag(&name, &value),
                    _ => return Err(JsError::new("toPdn: every tag value must be a string")),
                }
            }
        }
        let style = style_named(style.as_deref())?;
        Ok(shashki::pdn::write_game_with(&record, &style.options()))
    }
}

/// The notation named `name` (`algebraic` when absent).
pub(crate) fn notation_named(name: Option<&str>) -> Result<Notation, JsError> {
    match name.unwrap_or("algebraic") {
        "algebraic" => Ok(Notation::Algebraic),
        "numeric" => Ok(Notation::Numeric),
        "hub" => Ok(Notation::Hub),
        other => Err(JsError::new(&format!(
            "unknown notation `{other}` (expected algebraic, numeric or hub)"
        ))),
    }
}

/// The PDN style named `name` (`pdn3` when absent).
pub(crate) fn style_named(name: Option<&str>) -> Result<PdnStyle, JsError> {
    let name = name.unwrap_or("pdn3");
    PdnStyle::from_name(name).ok_or_else(|| {
        JsError::new(&format!(
            "unknown PDN style `{name}` (expected pdn3, lidraughts, lidraughts-numeric or pydraughts)"
        ))
    })
}
