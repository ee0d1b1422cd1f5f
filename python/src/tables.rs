//! The opening book and the endgame tablebases: loading, probing, and (for the tablebases)
//! building, each through the library's own top-level types (`Book`, `Tablebases`,
//! `egtb::BackgroundBuild`).
//!
//! Both are shared with engines by `Arc`, so a `Book` or `Tablebases` object handed to several
//! `Engine`s is loaded once.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use shashki::book::BookPolicy;
use shashki::egtb::Wdl;

use crate::errors::{self, BookError, TablebaseError};
use crate::position::{Move, Position};

/// An opening book: positions with their candidate moves.
///
/// ``Book.shipped()`` is the book built into the library; ``Book(path)`` loads a book file
/// (format version 1, as ``shashki book`` writes them) and raises ``BookError`` with the file,
/// line and column of what is wrong, or ``OSError`` if it cannot be read.
#[pyclass(frozen, module = "shashki")]
pub struct Book {
    pub(crate) inner: Arc<shashki::book::Book>,
}

/// A candidate move of a book position.
#[pyclass(frozen, module = "shashki", get_all)]
pub struct BookMove {
    /// The move.
    r#move: Py<Move>,
    /// Its relative frequency for the weighted choice (0: known, never chosen at random).
    weight: u32,
    /// The evaluation after the move from the mover's side, in men, if the book has one: the
    /// decimal the book file holds (``0.01``, as ``shashki book probe`` prints it).
    score: Option<f64>,
    /// Free text, if any.
    comment: Option<String>,
}

/// What a pickled `BookMove` is made again from: move, weight, score, comment.
type BookMoveState = (Py<Move>, u32, Option<f64>, Option<String>);

/// The shortest decimal that reads back as `score` (an `f32`), as a Python float: `0.01`, not
/// the `0.009999999776482582` a plain widening gives.
fn decimal(score: f32) -> f64 {
    score.to_string().parse().unwrap_or(f64::from(score))
}

#[pymethods]
impl BookMove {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Py<PyAny>, BookMoveState)> {
        let restore = py.get_type::<BookMove>().getattr("_from_state")?.unbind();
        Ok((
            restore,
            (
                self.r#move.clone_ref(py),
                self.weight,
                self.score,
                self.comment.clone(),
            ),
        ))
    }

    /// A book move from its pickled state (see ``__reduce__``).
    #[staticmethod]
    #[pyo3(signature = (r#move, weight, score, comment))]
    fn _from_state(
        r#move: Py<Move>,
        weight: u32,
        score: Option<f64>,
        comment: Option<String>,
    ) -> BookMove {
        BookMove {
            r#move,
            weight,
            score,
            comment,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<BookMove {} weight={}>",
            self.r#move.get().text_algebraic(),
            self.weight
        )
    }
}

impl Book {
    /// Loads a book file with the interpreter released.
    pub(crate) fn load_path(py: Python<'_>, path: &Path) -> PyResult<Book> {
        let loaded = py.detach(|| shashki::book::Book::load(path));
        match loaded {
            Ok(book) => Ok(Book {
                inner: Arc::new(book),
            }),
            Err(shashki::book::BookError::Io { source, .. }) => Err(errors::os_error(
                &format!("cannot read book {}", path.display()),
                &source,
            )),
            Err(error) => Err(BookError::new_err(error.to_string())),
        }
    }
}

#[pymethods]
impl Book {
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<Book> {
        Book::load_path(py, &path)
    }

    /// The book built into the library (books/opening.json).
    #[staticmethod]
    fn shipped() -> Book {
        Book {
            inner: shashki::book::Book::shipped(),
        }
    }

    /// Reads a book from its JSON text; `name` is how error messages call it.
    #[staticmethod]
    #[pyo3(signature = (text, name="<string>"))]
    fn from_json(text: &str, name: &str) -> PyResult<Book> {
        shashki::book::Book::from_json_str(text, name)
            .map(|book| Book {
                inner: Arc::new(book),
            })
            .map_err(|error| BookError::new_err(error.to_string()))
    }

    /// The candidate moves of `position` (a ``Position`` or a FEN) in file order; empty if the
    /// book does not have it.
    fn probe(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Vec<BookMove>> {
        let position = position_of(position)?;
        let Some(moves) = self.inner.probe(&position) else {
            return Ok(Vec::new());
        };
        moves
            .iter()
            .map(|m| {
                Ok(BookMove {
                    r#move: Py::new(py, Move::wrap(&position, m.mv))?,
                    weight: m.weight,
                    score: m.score.map(decimal),
                    comment: m.comment.clone(),
                })
            })
            .collect()
    }

    /// The book move `policy` chooses (``"weighted"``, ``"best"``, ``"uniform"``, ``"first"``,
    /// ``"last"``; the random ones repeatable by `seed`), or ``None`` if the book has no playable
    /// move for `position`.
    #[pyo3(signature = (position, policy="weighted", seed=0))]
    fn choose(
        &self,
        position: &Bound<'_, PyAny>,
        policy: &str,
        seed: u64,
    ) -> PyResult<Option<Move>> {
        let position = position_of(position)?;
        let policy: BookPolicy = policy.parse().map_err(PyValueError::new_err)?;
        Ok(self
            .inner
            .choose(&position, policy, seed)
            .map(|m| Move::wrap(&position, m.mv)))
    }

    /// The name of the opening `position` is in, if the book names it.
    fn opening(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let position = position_of(position)?;
        Ok(self.inner.entry(&position).and_then(|e| e.name.clone()))
    }

    /// Whether the book has `position` (a ``Position`` or a FEN).
    fn __contains__(&self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.entry(&position_of(position)?).is_some())
    }

    /// The number of positions.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self) -> String {
        format!("<Book {} positions>", self.inner.len())
    }

    /// The shipped book pickles as ``Book.shipped()``; another as its JSON text.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyTuple>)> {
        let class = py.get_type::<Book>();
        if Arc::ptr_eq(&self.inner, &shashki::book::Book::shipped()) {
            return Ok((
                class.getattr("shipped")?.unbind(),
                PyTuple::empty(py).unbind(),
            ));
        }
        let text = py.detach(|| self.inner.to_json_string());
        let args = (text, "<pickled book>").into_pyobject(py)?.unbind();
        Ok((class.getattr("from_json")?.unbind(), args))
    }
}

/// A `Position` or a FEN.
fn position_of(value: &Bound<'_, PyAny>) -> PyResult<shashki::Position> {
    if let Ok(position) = value.cast::<Position>() {
        return Ok(position.get().inner);
    }
    let fen: String = value.extract()?;
    shashki::Position::from_fen(&fen).map_err(errors::fen)
}

/// Endgame tablebases: the exact value of every position with few pieces.
///
/// ``Tablebases(directory)`` opens the table files there (instantly: blocks are read when
/// first probed) and raises ``TablebaseError`` if it holds no usable table; ``problems`` lists
/// the files that were skipped (damaged, foreign, stale), each also a ``ShashkiWarning``. ``Tablebases.build(directory,
/// max_pieces)`` builds them (4 pieces take seconds, 6 pieces hours). The values are those of
/// the game without the counting draw rules (docs/TABLEBASES.md).
#[pyclass(frozen, module = "shashki")]
pub struct Tablebases {
    pub(crate) inner: Arc<shashki::egtb::Tablebases>,
    problems: Vec<String>,
    /// Where the tables were opened: a pickled ``Tablebases`` opens them there again.
    directory: PathBuf,
}

/// The value of a position from the tablebases, for the side to move.
#[pyclass(frozen, module = "shashki", get_all, eq, hash)]
#[derive(PartialEq, Eq, Hash)]
pub struct TablebaseEntry {
    /// ``"win"``, ``"draw"`` or ``"loss"``.
    wdl: &'static str,
    /// Plies to the end with best play (the winner fastest, the loser slowest); 0 for a draw.
    distance: u16,
}

#[pymethods]
impl TablebaseEntry {
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, u16))> {
        let restore = py
            .get_type::<TablebaseEntry>()
            .getattr("_from_state")?
            .unbind();
        Ok((restore, (self.wdl, self.distance)))
    }

    /// An entry from its pickled state (see ``__reduce__``).
    #[staticmethod]
    fn _from_state(wdl: &str, distance: u16) -> PyResult<TablebaseEntry> {
        let wdl = ["win", "draw", "loss"]
            .into_iter()
            .find(|w| *w == wdl)
            .ok_or_else(|| PyValueError::new_err(format!("unknown wdl {wdl:?}")))?;
        Ok(TablebaseEntry { wdl, distance })
    }

    fn __repr__(&self) -> String {
        format!("<TablebaseEntry {} distance={}>", self.wdl, self.distance)
    }
}

impl TablebaseEntry {
    fn wrap(entry: shashki::egtb::TbEntry) -> TablebaseEntry {
        TablebaseEntry {
            wdl: match entry.wdl {
                Wdl::Win => "win",
                Wdl::Draw => "draw",
                Wdl::Loss => "loss",
            },
            distance: entry.distance,
        }
    }
}

impl Tablebases {
    /// Opens the tables of `dir`; an error if none is usable.
    pub(crate) fn open_path(py: Python<'_>, dir: PathBuf) -> PyResult<Tablebases> {
        let mut tables = py.detach(|| shashki::egtb::Tablebases::open(&dir));
        let problems: Vec<String> = tables
            .take_problems()
            .iter()
            .map(ToString::to_string)
            .collect();
        if tables.materials().is_empty() {
            let mut message = format!("no usable tablebases in {}", dir.display());
            if !problems.is_empty() {
                message.push_str(": ");
                message.push_str(&problems.join("; "));
            }
            message.push_str(" (build them with Tablebases.build or `shashki egtb build`)");
            return Err(TablebaseError::new_err(message));
        }
        // The tables that opened are used; each file skipped is worth a warning.
        for problem in &problems {
            errors::warn(py, &format!("tablebases: {problem}"))?;
        }
        Ok(Tablebases {
            inner: Arc::new(tables),
            problems,
            directory: dir,
        })
    }
}

#[pymethods]
impl Tablebases {
    #[new]
    fn new(py: Python<'_>, directory: PathBuf) -> PyResult<Tablebases> {
        Tablebases::open_path(py, directory)
    }

    /// Builds every table up to `max_pieces` pieces into `directory` (created if needed; tables
    /// already there are kept, an interrupted build resumes) on `threads` cores, with the
    /// interpreter released, then opens them.
    #[staticmethod]
    #[pyo3(signature = (directory, max_pieces=4, threads=1))]
    fn build(
        py: Python<'_>,
        directory: PathBuf,
        max_pieces: u32,
        threads: usize,
    ) -> PyResult<Tablebases> {
        if !(2..=8).contains(&max_pieces) {
            return Err(PyValueError::new_err(format!(
                "max_pieces must be between 2 and 8, not {max_pieces}"
            )));
        }
        py.detach(|| std::fs::create_dir_all(&directory))
            .map_err(|error| {
                errors::os_error(&format!("cannot create {}", directory.display()), &error)
            })?;
        let built = py.detach(|| {
            let mut build =
                shashki::egtb::BackgroundBuild::spawn(&directory, max_pieces, threads, |_| {})?;
            loop {
                if let Some(result) = build.take_result() {
                    return result;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        match built {
            Ok(_) => Tablebases::open_path(py, directory),
            Err(error) => Err(TablebaseError::new_err(error.to_string())),
        }
    }

    /// The value of `position` (a ``Position`` or a FEN) for its side to move, or ``None`` if
    /// its material is not in the tables.
    fn probe(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<TablebaseEntry>> {
        let position = position_of(position)?;
        Ok(self.inner.probe(&position).map(TablebaseEntry::wrap))
    }

    /// The best move by the tables (the fastest win, the longest defence, or a move that keeps
    /// the draw) with the position's value, or ``None`` if the position or a successor is not in
    /// the tables, or there is no legal move.
    fn best_move(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<(Move, TablebaseEntry)>> {
        let position = position_of(position)?;
        Ok(self
            .inner
            .best_move(&position)
            .map(|(mv, entry)| (Move::wrap(&position, mv), TablebaseEntry::wrap(entry))))
    }

    /// The largest N such that every material with up to N pieces is present.
    #[getter]
    fn max_pieces(&self) -> u32 {
        self.inner.max_pieces()
    }

    /// The files that were skipped when the tables were opened, with why.
    #[getter]
    fn problems(&self) -> Vec<String> {
        self.problems.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Tablebases up to {} pieces>", self.inner.max_pieces())
    }

    /// Pickled as its directory: unpickled, the tables are opened there again (in a
    /// multiprocessing worker, from the same files).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (PathBuf,))> {
        let class = py.get_type::<Tablebases>().into_any().unbind();
        Ok((class, (self.directory.clone(),)))
    }
}
