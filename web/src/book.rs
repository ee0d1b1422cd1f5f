//! The shipped opening book for JavaScript: the known moves of a position with their weights.
//!
//! The book is the library's `Book::shipped()` (the repository's `books/opening.json`, compiled
//! into the `.wasm`); the engine plays from it too unless told not to (`engine.rs`).

use shashki::book::Book;
use wasm_bindgen::prelude::*;

use crate::errors::js_error;
use crate::position::MoveInfo;

/// One move the book knows.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct BookMove {
    /// The move in every notation.
    #[wasm_bindgen(js_name = "move")]
    pub mv: MoveInfo,
    /// Relative frequency for a weighted choice (0: known, never chosen at random).
    pub weight: u32,
    /// Evaluation after the move from the mover's side, in men, if the book has one.
    pub score: Option<f32>,
    /// The book's comment, if any.
    pub comment: Option<String>,
}

/// The moves the shipped book knows in the position `fen` (empty when it has none).
///
/// # Errors
/// The library's `FenError`.
#[wasm_bindgen(js_name = bookMoves)]
pub fn book_moves(fen: &str) -> Result<Vec<BookMove>, JsError> {
    let position = shashki::Position::from_fen(fen).map_err(js_error)?;
    let book = Book::shipped();
    Ok(book
        .probe(&position)
        .unwrap_or_default()
        .iter()
        .map(|candidate| BookMove {
            mv: MoveInfo::new(&position, &candidate.mv),
            weight: candidate.weight,
            score: candidate.score,
            comment: candidate.comment.clone(),
        })
        .collect())
}
