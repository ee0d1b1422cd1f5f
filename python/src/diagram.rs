//! `shashki.svg(...)`: a board diagram as SVG text, the library's `svg::Diagram` with its
//! options as keyword arguments. `Position`, `Game` and `PdnGame` show themselves in Jupyter
//! through their own `_repr_svg_` (the same diagram with the defaults); this function is for
//! everything else: a turned board, a move's path, tinted squares, a size.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use shashki::svg::Diagram;

use crate::errors;
use crate::game::Game;
use crate::position::{Position, resolve_move, square};

/// Largest diagram drawn, in pixels: far beyond any screen or page.
const MAX_SIZE: u32 = 8192;

/// The SVG text of a board diagram (one ``<svg>`` element).
///
/// `board` is a ``Position``, a FEN, or a ``Game`` (its current position, the last move's
/// squares tinted as the game tints them). `move` (a ``Move`` or its text) is drawn on the
/// position before it is played: its path through every landing square and a cross on each
/// piece it takes (``MoveError`` if it is not legal there). `flipped` puts Black at the bottom;
/// `size` is the width and height in pixels; `coordinates` the letters and numbers in the
/// frame; `highlight` squares (numbers or names) to tint.
#[pyfunction]
#[pyo3(signature = (board, *, r#move=None, flipped=false, size=400, coordinates=true, highlight=None))]
pub fn svg(
    board: &Bound<'_, PyAny>,
    r#move: Option<&Bound<'_, PyAny>>,
    flipped: bool,
    size: u32,
    coordinates: bool,
    highlight: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(PyValueError::new_err(format!(
            "size is a number of pixels from 1 to {MAX_SIZE}, not {size}"
        )));
    }
    let (position, last) = if let Ok(position) = board.cast::<Position>() {
        (position.get().inner, None)
    } else if let Ok(game) = board.cast::<Game>() {
        let game = &game.borrow().inner;
        (*game.position(), game.moves().last().copied())
    } else if board.is_instance_of::<PyString>() {
        let fen: String = board.extract()?;
        (
            shashki::Position::from_fen(&fen).map_err(errors::fen)?,
            None,
        )
    } else {
        return Err(PyTypeError::new_err(format!(
            "svg draws a shashki.Position, a FEN or a shashki.Game, not {}",
            board.get_type().name()?
        )));
    };
    let mut diagram = Diagram::new(&position)
        .flipped(flipped)
        .size(size)
        .coordinates(coordinates);
    match highlight {
        Some(squares) if !squares.is_none() => {
            let squares = squares
                .try_iter()?
                .map(|item| square(&item?))
                .collect::<PyResult<Vec<_>>>()?;
            diagram = diagram.highlight(squares);
        }
        _ => {
            if let Some(mv) = last {
                diagram = diagram.last_move(&mv);
            }
        }
    }
    if let Some(value) = r#move.filter(|m| !m.is_none()) {
        let mv = resolve_move(&position, value)?;
        // A `Move` made in another position is drawn if it is legal in this one.
        diagram = diagram.with_move(&mv).map_err(errors::moves)?;
    }
    Ok(diagram.to_svg())
}
