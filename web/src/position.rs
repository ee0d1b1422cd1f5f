//! Positions for JavaScript: read from FEN, written back, their legal moves in both notations,
//! a move played, perft.
//!
//! A [`Position`] is immutable from JavaScript's side: [`Position::play`] returns a new one. A
//! legal move comes out as a [`MoveInfo`] holding all of its spellings (algebraic `c3:e5:g7`,
//! numeric `22x15x8`, Hub `22x8x18x11`) and its squares, so a page can highlight it and send any
//! spelling back; every text `Position::play` accepts is read by the library's
//! `Position::parse_move`.

use shashki::{Notation, Square};
use wasm_bindgen::prelude::*;

use crate::errors::{color_name, js_error};

/// A position of Russian draughts: the pieces and the side to move.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) inner: shashki::Position,
}

/// One legal move, in every notation, with its squares (algebraic names, `a1` … `h8`).
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct MoveInfo {
    /// Russian print notation, full path: `c3-d4`, `a1:e5:g3`.
    pub algebraic: String,
    /// PDN numbers, full path: `22-18`, `22x15x8`.
    pub numeric: String,
    /// Scan's Hub protocol: `22-18`, `from x to x captured…`.
    pub hub: String,
    /// The square the piece leaves.
    pub from: String,
    /// The square it ends on.
    pub to: String,
    /// Every square it stands on, from `from` to `to` (the landing squares of a capture).
    pub path: Vec<String>,
    /// The squares of the pieces it captures (empty for a quiet move).
    pub captured: Vec<String>,
    /// Whether a man becomes a king.
    pub promotes: bool,
}

impl MoveInfo {
    /// `mv`, legal in `position`, in every notation.
    pub(crate) fn new(position: &shashki::Position, mv: &shashki::Move) -> MoveInfo {
        MoveInfo {
            algebraic: position.write_move(mv, Notation::Algebraic),
            numeric: position.write_move(mv, Notation::Numeric),
            hub: position.write_move(mv, Notation::Hub),
            from: mv.from().to_string(),
            to: mv.to().to_string(),
            path: position
                .move_path(mv)
                .into_iter()
                .map(|s| s.to_string())
                .collect(),
            captured: mv.captured().into_iter().map(|s| s.to_string()).collect(),
            promotes: mv.promotes(),
        }
    }
}

#[wasm_bindgen]
impl Position {
    /// The position of `fen` (numeric `W:W21,22:B1,2` or algebraic `W:Wc3,Ke1:Bb6`), or the
    /// start position without one.
    ///
    /// # Errors
    /// The library's `FenError`, naming the field that is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<Position, JsError> {
        let inner = match fen {
            Some(fen) => shashki::Position::from_fen(&fen).map_err(js_error)?,
            None => shashki::Position::start(),
        };
        Ok(Position { inner })
    }

    /// The FEN in numeric squares (`W:W21,22:B1,2`).
    pub fn fen(&self) -> String {
        self.inner.to_fen()
    }

    /// The FEN in algebraic squares (`W:Wc3,e3:Bb6`).
    #[wasm_bindgen(js_name = fenAlgebraic)]
    pub fn fen_algebraic(&self) -> String {
        self.inner.to_fen_algebraic()
    }

    /// `"white"` or `"black"`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        color_name(self.inner.side_to_move())
    }

    /// The 32 dark squares by number (index 0 is square 1, `b8`): `"w"`, `"b"` for men, `"W"`,
    /// `"B"` for kings, `""` for empty.
    pub fn board(&self) -> Vec<String> {
        (1..=32)
            .filter_map(Square::from_number)
            .map(|square| match self.inner.piece_at(square) {
                None => "",
                Some(piece) => match (piece.color, piece.role) {
                    (shashki::Color::White, shashki::Role::Man) => "w",
                    (shashki::Color::White, shashki::Role::King) => "W",
                    (shashki::Color::Black, shashki::Role::Man) => "b",
                    (shashki::Color::Black, shashki::Role::King) => "B",
                },
            })
            .map(str::to_string)
            .collect()
    }

    /// The legal moves (captures are compulsory: when one exists, only captures).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        self.inner
            .legal_moves()
            .iter()
            .map(|mv| MoveInfo::new(&self.inner, mv))
            .collect()
    }

    /// The position after the move `text` (any notation: `c3-d4`, `22-18`, `c3:e5`, `cd4`, Hub).
    ///
    /// # Errors
    /// The library's `MoveError`: unreadable, illegal here, or ambiguous (with the candidates).
    pub fn play(&self, text: &str) -> Result<Position, JsError> {
        let mv = self.inner.parse_move(text).map_err(js_error)?;
        Ok(Position {
            inner: self.inner.play_unchecked(&mv),
        })
    }

    /// The number of move sequences `depth` plies long (perft, each capture counted once per
    /// distinct outcome). Exact below 2^53.
    pub fn perft(&self, depth: u32) -> f64 {
        shashki::perft::perft(&self.inner, depth) as f64
    }

    /// The numeric FEN.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_js_string(&self) -> String {
        self.inner.to_fen()
    }
}

/// Perft of `fen` to `depth` plies.
///
/// # Errors
/// The library's `FenError`.
#[wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> Result<f64, JsError> {
    Ok(Position::new(Some(fen.to_string()))?.perft(depth))
}
