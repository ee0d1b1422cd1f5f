//! `Game`: the library's game record (moves, positions, draw-rule counters, status) as a mutable
//! Python object.
//!
//! Moves enter through `play` (a `Move` or its text) and leave through `undo`; the status, the
//! PDN result and the draw rules are the library's (docs/RULES.md §1.9 and §2). `pdn()` writes the
//! game through the library's PDN writer in a named style.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use shashki::{DrawRules, GameStatus};

use crate::errors;
use crate::pdn_args::{self, tag_pairs};
use crate::position::{Move, Position, color_name, notation, resolve_move};

/// A game: the start position, the moves played, and where they lead.
///
/// ``Game()`` starts from the start position; ``Game(fen)`` from a FEN (lidraughts' ``:H``
/// ply counter and ``:F`` move number are read). ``draw_rules`` is ``"full"`` (every FMJD 7.2
/// rule as lidraughts counts them, the default), ``"basic"`` (repetition, 7.2.4 and 7.2.5, as
/// py-draughts and many GUIs apply them) or ``"repetition"`` (threefold repetition only).
#[pyclass(module = "shashki")]
#[derive(Clone)]
pub struct Game {
    pub(crate) inner: shashki::Game,
}

/// A draw-rule set named by the caller.
fn draw_rules(name: &str) -> PyResult<DrawRules> {
    name.parse::<DrawRules>()
        .map_err(|error| PyValueError::new_err(error.to_string()))
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (fen=None, *, draw_rules="full"))]
    fn new(fen: Option<&Bound<'_, PyAny>>, draw_rules: &str) -> PyResult<Game> {
        let rules = self::draw_rules(draw_rules)?;
        let game = match fen {
            None => shashki::Game::default(),
            Some(value) => {
                if let Ok(position) = value.cast::<Position>() {
                    shashki::Game::new(position.get().inner)
                } else {
                    let fen: String = value.extract()?;
                    shashki::Game::from_fen(&fen).map_err(errors::fen)?
                }
            }
        };
        Ok(Game {
            inner: game.with_draw_rules(rules),
        })
    }

    /// Reads the first game of a PDN text (raises ``PdnError`` naming the line and move).
    #[staticmethod]
    fn from_pdn(text: &str) -> PyResult<Game> {
        shashki::Game::from_pdn(text)
            .map(|inner| Game { inner })
            .map_err(errors::pdn)
    }

    /// The position the game started from.
    #[getter]
    fn start_position(&self) -> Position {
        Position::wrap(*self.inner.start_position())
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        Position::wrap(*self.inner.position())
    }

    /// Every position of the game, the start first and the current one last.
    #[getter]
    fn positions(&self) -> Vec<Position> {
        self.inner
            .positions()
            .iter()
            .map(|p| Position::wrap(*p))
            .collect()
    }

    /// The moves played, each with the position it was played in.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.inner
            .moves()
            .iter()
            .zip(self.inner.positions())
            .map(|(mv, position)| Move::wrap(position, *mv))
            .collect()
    }

    /// The moves as text in `notation` (``"algebraic"``, ``"numeric"`` or ``"hub"``).
    #[pyo3(signature = (notation="algebraic"))]
    fn move_texts(&self, notation: &str) -> PyResult<Vec<String>> {
        Ok(self.inner.move_texts(self::notation(notation)?))
    }

    /// ``"white"`` or ``"black"``.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        color_name(self.inner.side_to_move())
    }

    /// The legal moves of the current position (none once the game is over by a draw rule is
    /// not implied: check ``is_over``).
    fn legal_moves(&self) -> Vec<Move> {
        let position = self.inner.position();
        position
            .legal_moves()
            .iter()
            .map(|mv| Move::wrap(position, *mv))
            .collect()
    }

    /// Plays `move` (a ``Move`` or its text in any notation) and returns it as a ``Move``.
    /// Raises ``MoveError`` if it is not legal and ``GameOverError`` if the game has ended.
    #[pyo3(signature = (r#move))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let before = *self.inner.position();
        let mv = if let Ok(text) = r#move.extract::<String>() {
            self.inner.play_text(&text).map_err(errors::play_text)?
        } else {
            let mv = resolve_move(&before, r#move)?;
            self.inner.play(mv).map_err(errors::game)?;
            mv
        };
        Ok(Move::wrap(&before, mv))
    }

    /// Takes back the last move and returns it; ``None`` at the start.
    fn undo(&mut self) -> Option<Move> {
        let mv = self.inner.undo()?;
        Some(Move::wrap(self.inner.position(), mv))
    }

    /// ``"ongoing"``, ``"white_won"``, ``"black_won"`` or ``"drawn"``.
    #[getter]
    fn status(&self) -> &'static str {
        match self.inner.status() {
            GameStatus::Won {
                winner: shashki::Color::White,
                ..
            } => "white_won",
            GameStatus::Won { .. } => "black_won",
            GameStatus::Drawn(_) => "drawn",
            _ => "ongoing",
        }
    }

    /// The status in words, as the library says it (``"draw: threefold repetition (7.2.3)"``).
    #[getter]
    fn status_text(&self) -> String {
        self.inner.status().to_string()
    }

    /// The result in PDN: ``"2-0"`` (White won), ``"0-2"``, ``"1-1"`` (drawn) or ``"*"``.
    #[getter]
    fn result(&self) -> &'static str {
        self.inner.status().pdn_result()
    }

    /// Whether the game has ended (no legal move, or a draw rule).
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.status().is_over()
    }

    /// ``"white"`` or ``"black"`` once a side has won, else ``None``.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        match self.inner.status() {
            GameStatus::Won { winner, .. } => Some(color_name(winner)),
            _ => None,
        }
    }

    /// The draw rule that ended the game, in words (``None`` unless drawn).
    #[getter]
    fn draw_reason(&self) -> Option<String> {
        match self.inner.status() {
            GameStatus::Drawn(rule) => Some(rule.to_string()),
            _ => None,
        }
    }

    /// The draw rules applied: ``"full"``, ``"basic"`` or ``"repetition"`` (settable; the search
    /// follows them too).
    #[getter]
    fn get_draw_rules(&self) -> &'static str {
        self.inner.draw_rules().name()
    }

    #[setter]
    fn set_draw_rules(&mut self, name: &str) -> PyResult<()> {
        self.inner.set_draw_rules(self::draw_rules(name)?);
        Ok(())
    }

    /// How many times the current position has occurred (3 draws by repetition).
    #[getter]
    fn repetitions(&self) -> usize {
        self.inner.repetitions()
    }

    /// The game as PDN text in `style` (``"pdn3"``, ``"lidraughts"``, ``"lidraughts-numeric"``
    /// or ``"pydraughts"``), with `tags` (``{"White": "…"}``) in the tag section and the result
    /// from the game's status.
    #[pyo3(signature = (style="pdn3", tags=None))]
    fn pdn(&self, style: &str, tags: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let options = pdn_args::style(style)?.options();
        let mut record = shashki::pdn::PdnGame::new(self.inner.clone());
        if let Some(tags) = tags {
            for (name, value) in tag_pairs(tags)? {
                record.set_tag(&name, &value);
            }
        }
        Ok(shashki::pdn::write_game_with(&record, &options))
    }

    /// A copy of the game, independent of this one.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// The number of moves (plies) played.
    fn __len__(&self) -> usize {
        self.inner.moves().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} moves, {}, {}>",
            self.inner.moves().len(),
            self.inner.status().pdn_result(),
            self.inner.position().to_fen()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|other| other.borrow().inner == self.inner)
    }

    /// Plays `move` as ``play`` does (the name python-chess and pydraughts boards use).
    #[pyo3(signature = (r#move))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        self.play(r#move)
    }

    /// Takes back the last move and returns it; raises ``IndexError`` at the start (``undo``
    /// returns ``None`` there).
    fn pop(&mut self) -> PyResult<Move> {
        self.undo()
            .ok_or_else(|| PyIndexError::new_err("pop from a game without moves"))
    }

    /// The last move played, without taking it back; raises ``IndexError`` at the start.
    fn peek(&self) -> PyResult<Move> {
        let ply = self.inner.moves().len();
        let (Some(mv), Some(before)) = (
            self.inner.moves().last(),
            self.inner.positions().get(ply.wrapping_sub(1)),
        ) else {
            return Err(PyIndexError::new_err("peek at a game without moves"));
        };
        Ok(Move::wrap(before, *mv))
    }

    /// The moves played, in order (each with the position it was played in).
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.moves())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The current position as an SVG diagram, the last move's squares tinted (Jupyter shows
    /// it); ``shashki.svg`` takes options.
    fn _repr_svg_(&self) -> String {
        let diagram = shashki::svg::Diagram::new(self.inner.position()).size(360);
        match self.inner.moves().last() {
            Some(mv) => diagram.last_move(mv).to_svg(),
            None => diagram.to_svg(),
        }
    }

    /// Pickled as its start (FEN with counters), its moves and its draw rules: the library's
    /// serde form of a game, in JSON.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let restore = py.get_type::<Game>().getattr("_from_state")?.unbind();
        let state = serde_json::to_string(&self.inner)
            .map_err(|e| PyValueError::new_err(format!("cannot pickle the game: {e}")))?;
        Ok((restore, (state,)))
    }

    /// A game from its pickled state (see ``__reduce__``).
    #[staticmethod]
    fn _from_state(state: &str) -> PyResult<Game> {
        serde_json::from_str(state)
            .map(|inner| Game { inner })
            .map_err(|e| PyValueError::new_err(format!("not a pickled shashki.Game: {e}")))
    }
}
