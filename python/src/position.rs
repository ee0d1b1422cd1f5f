//! `Position` and `Move`: the rules layer's values as frozen Python objects.
//!
//! A Python `Move` keeps the position it is played in beside the library's move, so that it
//! can write itself in any notation and give its path without being handed the position again.
//! Squares are PDN numbers (1 = b8 … 32 = g1) on the Python side; [`square_name`] and
//! [`square_number`] convert, and every function that takes a square takes either form.

use std::hash::{Hash, Hasher};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::PyString;
use shashki::{Color, MoveIdentity, Notation, Role, Square};

use crate::errors;

/// A position of Russian draughts: the pieces and the side to move. Immutable and hashable.
///
/// ``Position()`` or ``Position.start()`` is the start position; ``Position(fen)`` reads a FEN
/// with numeric (``W:W21,22:B1,K5``) or algebraic (``W:Wa1,c3:Bb8,Kd6``) squares and raises
/// ``FenError`` naming the field that failed.
#[pyclass(frozen, module = "shashki")]
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) inner: shashki::Position,
}

/// A legal move of a position (the position is kept with it).
///
/// Read one from text with ``position.parse_move(text)`` or ``Move(position, text)``: numeric
/// (``22-18``, ``22x15x8``), algebraic (``c3-d4``, ``a1:e5:g3``), shortened captures
/// (``a1:g3``), the short form ``cd4``; raises ``MoveError`` if the text names no legal move or
/// several.
#[pyclass(frozen, module = "shashki")]
#[derive(Clone, Copy)]
pub struct Move {
    pub(crate) mv: shashki::Move,
    pub(crate) position: shashki::Position,
}

impl Position {
    pub(crate) fn wrap(inner: shashki::Position) -> Position {
        Position { inner }
    }
}

impl Move {
    /// What moves sort by (see `__richcmp__`); equal keys are equal moves.
    fn sort_key(&self) -> (Vec<u8>, Vec<u32>, u64, String) {
        let path = self
            .position
            .move_path(&self.mv)
            .into_iter()
            .map(|square| square.number())
            .collect();
        (
            path,
            numbers(self.mv.captured()),
            self.position.zobrist_key(),
            self.position.to_fen(),
        )
    }

    /// The move in algebraic notation, full path.
    pub(crate) fn text_algebraic(&self) -> String {
        self.position.write_move(&self.mv, Notation::Algebraic)
    }

    pub(crate) fn wrap(position: &shashki::Position, mv: shashki::Move) -> Move {
        Move {
            mv,
            position: *position,
        }
    }

    /// The moves of `line` played one after the other from `position`, each with its own
    /// position; cut at the first move that is not legal where it stands.
    pub(crate) fn line(position: &shashki::Position, line: &[shashki::Move]) -> Vec<Move> {
        let mut position = *position;
        let mut moves = Vec::with_capacity(line.len());
        for mv in line {
            let Ok(next) = position.play(mv) else {
                break;
            };
            moves.push(Move::wrap(&position, *mv));
            position = next;
        }
        moves
    }
}

/// A colour named by the caller: `"white"`/`"w"` or `"black"`/`"b"`, any case.
pub(crate) fn color(name: &str) -> PyResult<Color> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(PyValueError::new_err(format!(
            "unknown colour {name:?} (expected \"white\" or \"black\")"
        ))),
    }
}

/// The Python name of a colour.
pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A square given as a PDN number (1–32) or an algebraic name (`"c3"`).
pub(crate) fn square(value: &Bound<'_, PyAny>) -> PyResult<Square> {
    let text = if value.is_instance_of::<PyString>() {
        value.extract::<String>()?
    } else {
        value.extract::<i64>()?.to_string()
    };
    text.trim()
        .parse::<Square>()
        .map_err(|error| PyValueError::new_err(error.to_string()))
}

/// A notation named by the caller.
pub(crate) fn notation(name: &str) -> PyResult<Notation> {
    match name.trim().to_ascii_lowercase().as_str() {
        "algebraic" => Ok(Notation::Algebraic),
        "numeric" => Ok(Notation::Numeric),
        "hub" => Ok(Notation::Hub),
        _ => Err(PyValueError::new_err(format!(
            "unknown notation {name:?} (expected \"algebraic\", \"numeric\" or \"hub\")"
        ))),
    }
}

/// The sorted PDN numbers of a set of squares.
/// (`u32`, not `u8`: PyO3 turns a `Vec<u8>` into `bytes`.)
fn numbers(squares: shashki::Bitboard) -> Vec<u32> {
    let mut numbers: Vec<u32> = squares
        .into_iter()
        .map(|square| u32::from(square.number()))
        .collect();
    numbers.sort_unstable();
    numbers
}

/// Most plies [`Position::perft`] counts: 15 plies from the start are already about 2 × 10¹¹
/// leaves (hours); the limit keeps a typo from running for days.
const MAX_PERFT_DEPTH: u32 = 20;

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(fen: Option<&str>) -> PyResult<Position> {
        match fen {
            None => Ok(Position::wrap(shashki::Position::start())),
            Some(fen) => shashki::Position::from_fen(fen)
                .map(Position::wrap)
                .map_err(errors::fen),
        }
    }

    /// The start position: White on 21–32 (a1–h4 side), Black on 1–12, White to move.
    #[staticmethod]
    fn start() -> Position {
        Position::wrap(shashki::Position::start())
    }

    /// Reads a FEN (numeric or algebraic squares); the same as ``Position(fen)``.
    #[staticmethod]
    fn from_fen(fen: &str) -> PyResult<Position> {
        Position::new(Some(fen))
    }

    /// The FEN with numeric squares (``W:W21,22,…:B1,2,…``), as PDN files write it.
    #[getter]
    fn fen(&self) -> String {
        self.inner.to_fen()
    }

    /// The FEN with algebraic squares (``W:Wa1,c1,…:Bb8,…``), as lidraughts and pydraughts read it.
    #[getter]
    fn algebraic_fen(&self) -> String {
        self.inner.to_fen_algebraic()
    }

    /// ``"white"`` or ``"black"``.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        color_name(self.inner.side_to_move())
    }

    /// The squares (PDN numbers, sorted) of `color`'s pieces, men and kings.
    fn pieces(&self, color: &str) -> PyResult<Vec<u32>> {
        Ok(numbers(self.inner.pieces(self::color(color)?)))
    }

    /// The squares of `color`'s men.
    fn men(&self, color: &str) -> PyResult<Vec<u32>> {
        Ok(numbers(self.inner.men(self::color(color)?)))
    }

    /// The squares of `color`'s kings.
    fn kings(&self, color: &str) -> PyResult<Vec<u32>> {
        Ok(numbers(self.inner.kings(self::color(color)?)))
    }

    /// The piece on `square` (a number 1–32 or a name like ``"c3"``) as one letter — ``"w"``,
    /// ``"b"`` for men, ``"W"``, ``"B"`` for kings — or ``None`` for an empty square.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let square = self::square(square)?;
        Ok(self
            .inner
            .piece_at(square)
            .map(|piece| piece.hub_char().to_string()))
    }

    /// The number of pieces on the board.
    #[getter]
    fn piece_count(&self) -> u32 {
        self.inner.piece_count()
    }

    /// Whether the side to move must capture (capturing is compulsory in Russian draughts).
    #[getter]
    fn is_capture(&self) -> bool {
        self.inner.has_capture()
    }

    /// The squares of the pieces that can capture (empty when no capture is possible).
    fn capturers(&self) -> Vec<u32> {
        numbers(self.inner.capturers())
    }

    /// Whether the side to move has no legal move, and so has lost.
    #[getter]
    fn is_lost(&self) -> bool {
        self.inner.is_lost()
    }

    /// The legal moves, in the library's generation order. Captures along different routes that
    /// take the same pieces to the same square are one move (convention C, docs/RULES.md §4).
    fn legal_moves(&self) -> Vec<Move> {
        self.inner
            .legal_moves()
            .iter()
            .map(|mv| Move::wrap(&self.inner, *mv))
            .collect()
    }

    /// Reads a move in any notation (see ``Move``); raises ``MoveError`` with the reason.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        self.inner
            .parse_move(text)
            .map(|mv| Move::wrap(&self.inner, mv))
            .map_err(errors::moves)
    }

    /// The position after `move` (a ``Move`` or its text); this position is unchanged. Raises
    /// ``MoveError`` if the move is not legal here.
    #[pyo3(name = "play", signature = (r#move))]
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Position> {
        let mv = self.resolve(r#move)?;
        self.inner
            .play(&mv)
            .map(Position::wrap)
            .map_err(errors::moves)
    }

    /// The position with colours and board flipped (the same game seen from the other side).
    fn flipped(&self) -> Position {
        Position::wrap(self.inner.flipped())
    }

    /// The number of leaf nodes `depth` plies ahead ("perft"), counted with the interpreter
    /// released, on all cores (``parallel=False``: on this thread only). The last ply is counted,
    /// not played (bulk counting).
    ///
    /// Convention C of docs/RULES.md §4 by default (``identity="outcome"``: captures that take the
    /// same pieces to the same square are one move; from the start, depth 8 gives 929 899);
    /// ``identity="trajectory"`` counts distinct capture routes (convention B, 929 905 at depth 8,
    /// what pydraughts' move lists agree with up to depth 9).
    #[pyo3(signature = (depth, identity="outcome", *, parallel=true))]
    fn perft(&self, py: Python<'_>, depth: u32, identity: &str, parallel: bool) -> PyResult<u64> {
        let identity = match identity.trim().to_ascii_lowercase().as_str() {
            "outcome" | "c" => MoveIdentity::Outcome,
            "trajectory" | "b" => MoveIdentity::Trajectory,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown move identity {identity:?} (expected \"outcome\" or \"trajectory\")"
                )));
            }
        };
        if depth > MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth} is beyond {MAX_PERFT_DEPTH} plies (it would run for days)"
            )));
        }
        let position = self.inner;
        Ok(py.detach(move || {
            if parallel {
                shashki::perft::perft_parallel(&position, depth, identity)
            } else {
                shashki::perft::perft_with(&position, depth, identity)
            }
        }))
    }

    /// The position's Zobrist key (64 bits), the same for equal positions.
    #[getter]
    fn zobrist_key(&self) -> u64 {
        self.inner.zobrist_key()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.inner.to_fen())
    }

    /// A diagram of the board.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist_key()
    }

    fn __copy__(&self) -> Position {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        *self
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let class = py.get_type::<Position>().into_any().unbind();
        Ok((class, (self.inner.to_fen(),)))
    }

    /// The board as an SVG diagram (Jupyter shows it); ``shashki.svg`` takes options.
    fn _repr_svg_(&self) -> String {
        shashki::svg::Diagram::new(&self.inner).size(360).to_svg()
    }
}

impl Position {
    /// A `Move` or a move text, resolved against this position.
    pub(crate) fn resolve(&self, value: &Bound<'_, PyAny>) -> PyResult<shashki::Move> {
        resolve_move(&self.inner, value)
    }
}

/// A `Move` (its own position need not be `position`: the library checks legality when it is
/// played) or a move text read against `position`.
pub(crate) fn resolve_move(
    position: &shashki::Position,
    value: &Bound<'_, PyAny>,
) -> PyResult<shashki::Move> {
    if let Ok(mv) = value.cast::<Move>() {
        return Ok(mv.get().mv);
    }
    if let Ok(text) = value.extract::<String>() {
        return position.parse_move(&text).map_err(errors::moves);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a move is a shashki.Move or its text, not {}",
        value.get_type().name()?
    )))
}

#[pymethods]
impl Move {
    #[new]
    fn new(position: &Position, text: &str) -> PyResult<Move> {
        position.parse_move(text)
    }

    /// The move in algebraic notation with its full path (``c3-d4``, ``a1:e5:g3``).
    #[getter]
    fn text(&self) -> String {
        self.text_algebraic()
    }

    /// The move in numeric notation with its full path (``22-18``, ``22x15x8``).
    #[getter]
    fn numeric(&self) -> String {
        self.position.write_move(&self.mv, Notation::Numeric)
    }

    /// The move in `notation`: ``"algebraic"``, ``"numeric"`` or ``"hub"`` (Scan's Hub protocol:
    /// origin, destination, then the captured squares).
    fn text_in(&self, notation: &str) -> PyResult<String> {
        Ok(self
            .position
            .write_move(&self.mv, self::notation(notation)?))
    }

    /// The squares visited, origin first and destination last (PDN numbers).
    #[getter]
    fn path(&self) -> Vec<u32> {
        self.position
            .move_path(&self.mv)
            .into_iter()
            .map(|square| u32::from(square.number()))
            .collect()
    }

    /// The squares of the pieces captured (PDN numbers, sorted; empty for a quiet move).
    #[getter]
    fn captured(&self) -> Vec<u32> {
        numbers(self.mv.captured())
    }

    /// The origin square (PDN number).
    #[getter(from_square)]
    fn origin(&self) -> u8 {
        self.mv.from().number()
    }

    /// The destination square (PDN number).
    #[getter(to_square)]
    fn destination(&self) -> u8 {
        self.mv.to().number()
    }

    /// Whether the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// Whether a man is crowned by this move (on its last rank, or passing it in a capture).
    #[getter]
    fn promotes(&self) -> bool {
        self.mv.promotes()
    }

    /// Whether a king moves (the kind of move the draw counters count).
    #[getter]
    fn is_king_move(&self) -> bool {
        self.position
            .piece_at(self.mv.from())
            .is_some_and(|piece| piece.role == Role::King)
    }

    /// The position the move is played in.
    #[getter]
    fn position(&self) -> Position {
        Position::wrap(self.position)
    }

    /// The position after the move.
    fn after(&self) -> Position {
        Position::wrap(self.position.play_unchecked(&self.mv))
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    fn __str__(&self) -> String {
        self.text()
    }

    /// Equal moves are the same move of the same position. Moves sort by their path (origin
    /// first, PDN numbers), then by the pieces they take, then by their position's key: the
    /// moves of one position sort as their numeric texts read.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<Move>() else {
            return match op {
                CompareOp::Eq => false
                    .into_pyobject(py)
                    .map(|b| b.to_owned().into_any().unbind()),
                CompareOp::Ne => true
                    .into_pyobject(py)
                    .map(|b| b.to_owned().into_any().unbind()),
                _ => Ok(py.NotImplemented()),
            }
            .unwrap_or_else(|_| py.NotImplemented());
        };
        let other = other.get();
        let ordering = self.sort_key().cmp(&other.sort_key());
        op.matches(ordering).into_pyobject(py).map_or_else(
            |_| py.NotImplemented(),
            |b| b.to_owned().into_any().unbind(),
        )
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (Position, String))> {
        let class = py.get_type::<Move>().into_any().unbind();
        Ok((
            class,
            (Position::wrap(self.position), self.text_algebraic()),
        ))
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.mv.hash(&mut hasher);
        self.position.zobrist_key().hash(&mut hasher);
        hasher.finish()
    }
}

/// The algebraic name of a square given by its PDN number: ``square_name(22) == "c3"``.
#[pyfunction]
pub fn square_name(number: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(square(number)?.to_string())
}

/// The PDN number of a square given by its name: ``square_number("c3") == 22``.
#[pyfunction]
pub fn square_number(name: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(square(name)?.number())
}
