//! PDN files: `read_pdn` (a path or the file's bytes), `parse_pdn` (text) and `write_pdn`.
//!
//! Reading is the library's `pdn::read_bytes` / `pdn::read_all`, the same as `shashki pdn check`:
//! the encoding detected (UTF-8, UTF-16, Windows-1251, UTF-8 with a few bad bytes), every game
//! read or failed on its own, each failure located (game, tags, line, move). The result is a
//! `PdnReading`: iterating over it gives the games read, `errors` the per-game problems. Writing
//! goes through `pdn::write_games_with` in a named style; a path is written atomically.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use shashki::pdn as lib;

use crate::errors::{self, PdnError};
use crate::game::Game;
use crate::pdn_args::{self, tag_pairs};

/// Largest PDN file read, in bytes (as `shashki pdn check`): far beyond any real collection, and
/// a guard against reading an endless stream until memory runs out.
const MAX_FILE_BYTES: u64 = 256 << 20;

/// One game of a PDN file: its tags, the replayed game, the result as written.
#[pyclass(module = "shashki")]
#[derive(Clone)]
pub struct PdnGame {
    pub(crate) inner: lib::PdnGame,
}

#[pymethods]
impl PdnGame {
    /// A record of `game` with `tags` (a dict or (name, value) pairs); the result is the game's
    /// status unless `result` (``"2-0"``, ``"0-2"``, ``"1-1"``, ``"*"``) says otherwise.
    #[new]
    #[pyo3(signature = (game, tags=None, result=None))]
    fn new(
        game: &Game,
        tags: Option<&Bound<'_, PyAny>>,
        result: Option<&str>,
    ) -> PyResult<PdnGame> {
        let mut inner = lib::PdnGame::new(game.inner.clone());
        if let Some(tags) = tags {
            for (name, value) in tag_pairs(tags)? {
                inner.set_tag(&name, &value);
            }
        }
        if let Some(result) = result {
            inner.result = lib::GameResult::from_pdn(result.trim()).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown result {result:?} (expected 2-0, 0-2, 1-1 or *)"
                ))
            })?;
        }
        Ok(PdnGame { inner })
    }

    /// The replayed game (a copy: changing it leaves the record as read).
    #[getter]
    fn game(&self) -> Game {
        Game {
            inner: self.inner.game.clone(),
        }
    }

    /// The tags in file order, as a dict (``{"White": "Ivanov", …}``).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.inner.tags {
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }

    /// The value of tag `name` (case-sensitive), or ``None``.
    fn tag(&self, name: &str) -> Option<String> {
        self.inner.tag(name).map(str::to_string)
    }

    /// The result as written (``"2-0"``, ``"0-2"``, ``"1-1"`` or ``"*"``; chess scoring is read
    /// as draughts scoring).
    #[getter]
    fn result(&self) -> &'static str {
        self.inner.result.to_pdn()
    }

    /// The comment after each move (``None`` where there is none), one per move.
    #[getter]
    fn comments(&self) -> Vec<Option<String>> {
        self.inner
            .annotations
            .iter()
            .map(|a| a.comment.clone())
            .collect()
    }

    /// The comment before the first move, if any.
    #[getter]
    fn comment(&self) -> Option<String> {
        self.inner.comment.clone()
    }

    /// ``White "A" – Black "B", Event "E"``: the short description errors use.
    #[getter]
    fn description(&self) -> String {
        self.inner.description()
    }

    /// The game as PDN text in `style` (see ``write_pdn``).
    #[pyo3(signature = (style="pdn3"))]
    fn pdn(&self, style: &str) -> PyResult<String> {
        Ok(lib::write_game_with(
            &self.inner,
            &pdn_args::style(style)?.options(),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "<PdnGame {}: {} moves, {}>",
            self.inner.description(),
            self.inner.game.moves().len(),
            self.inner.result
        )
    }

    /// The first position as an SVG diagram (Jupyter shows it).
    fn _repr_svg_(&self) -> String {
        shashki::svg::Diagram::new(self.inner.game.start_position())
            .size(360)
            .to_svg()
    }

    /// Pickled whole: the game (the library's serde form), tags, result, annotations, comment
    /// and notation, as JSON.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let restore = py.get_type::<PdnGame>().getattr("_from_state")?.unbind();
        Ok((restore, (pickled::game_state(&self.inner)?,)))
    }

    /// A record from its pickled state (see ``__reduce__``).
    #[staticmethod]
    fn _from_state(state: &str) -> PyResult<PdnGame> {
        pickled::game_from_state(state).map(|inner| PdnGame { inner })
    }
}

/// The pickled forms of the records of a file.
mod pickled {
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;
    use serde_json::{Value, json};
    use shashki::Notation;
    use shashki::pdn::{Annotation, GameResult, PdnGame};

    fn notation_name(notation: Notation) -> &'static str {
        match notation {
            Notation::Numeric => "numeric",
            Notation::Hub => "hub",
            _ => "algebraic",
        }
    }

    /// The record as JSON.
    pub(super) fn game_state(record: &PdnGame) -> PyResult<String> {
        let annotations: Vec<Value> = record
            .annotations
            .iter()
            .map(|a| json!([a.suffix, a.comment, a.variations]))
            .collect();
        let state = json!({
            "game": record.game,
            "tags": record.tags,
            "result": record.result.to_pdn(),
            "annotations": annotations,
            "comment": record.comment,
            "notation": notation_name(record.notation),
        });
        Ok(state.to_string())
    }

    /// The record back from [`game_state`]'s JSON.
    pub(super) fn game_from_state(state: &str) -> PyResult<PdnGame> {
        let bad =
            |what: &str| PyValueError::new_err(format!("not a pickled shashki.PdnGame: {what}"));
        let value: Value = serde_json::from_str(state).map_err(|e| bad(&e.to_string()))?;
        let game =
            serde_json::from_value(value["game"].clone()).map_err(|e| bad(&e.to_string()))?;
        let mut record = PdnGame::new(game);
        record.tags =
            serde_json::from_value(value["tags"].clone()).map_err(|e| bad(&e.to_string()))?;
        record.result = value["result"]
            .as_str()
            .and_then(GameResult::from_pdn)
            .ok_or_else(|| bad("result"))?;
        let annotations: Vec<(String, Option<String>, Vec<String>)> =
            serde_json::from_value(value["annotations"].clone())
                .map_err(|e| bad(&e.to_string()))?;
        record.annotations = annotations
            .into_iter()
            .map(|(suffix, comment, variations)| Annotation {
                suffix,
                comment,
                variations,
            })
            .collect();
        record.comment =
            serde_json::from_value(value["comment"].clone()).map_err(|e| bad(&e.to_string()))?;
        record.notation = match value["notation"].as_str() {
            Some("numeric") => Notation::Numeric,
            Some("hub") => Notation::Hub,
            Some("algebraic") => Notation::Algebraic,
            _ => return Err(bad("notation")),
        };
        Ok(record)
    }
}

/// A game of a file that could not be read, or a warning about one: where and why.
#[pyclass(frozen, module = "shashki", get_all)]
pub struct PdnProblem {
    /// The game's index in the file, from 1.
    game: usize,
    /// The line, from 1.
    line: usize,
    /// The game's tags in short.
    description: String,
    /// What was wrong (or, for a warning, what was noticed).
    message: String,
    /// Whether the game looks like another variant's (a GameType other than 25, moves only
    /// another variant allows).
    other_variant: bool,
}

#[pymethods]
impl PdnProblem {
    /// The full located message: ``PDN game 3 (White "A" – Black "B"), line 17: move 12. …``.
    fn __str__(&self) -> String {
        format!(
            "PDN game {} ({}), line {}: {}",
            self.game, self.description, self.line, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("<PdnProblem {:?}>", self.__str__())
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, ProblemState)> {
        let restore = py.get_type::<PdnProblem>().getattr("_from_state")?.unbind();
        Ok((
            restore,
            (
                self.game,
                self.line,
                self.description.clone(),
                self.message.clone(),
                self.other_variant,
            ),
        ))
    }

    /// A problem from its pickled state (see ``__reduce__``).
    #[staticmethod]
    fn _from_state(
        game: usize,
        line: usize,
        description: String,
        message: String,
        other_variant: bool,
    ) -> PdnProblem {
        PdnProblem {
            game,
            line,
            description,
            message,
            other_variant,
        }
    }
}

/// What a pickled `PdnProblem` is made again from: game, line, description, message, variant.
type ProblemState = (usize, usize, String, String, bool);

/// Everything read from a PDN file: iterate over it for the games read; ``errors`` holds the
/// games that could not be read, ``warnings`` what was read but worth telling.
#[pyclass(frozen, module = "shashki")]
pub struct PdnReading {
    games: Vec<Py<PdnGame>>,
    #[pyo3(get)]
    /// The games that could not be read, in file order.
    errors: Vec<Py<PdnProblem>>,
    #[pyo3(get)]
    /// Warnings (repaired bytes, placeholder moves, …), in file order.
    warnings: Vec<Py<PdnProblem>>,
    #[pyo3(get)]
    /// The encoding the file was read in (``"UTF-8"``, ``"windows-1251"``, ``"UTF-16LE (BOM)"``, …).
    encoding: String,
    #[pyo3(get)]
    /// Whether the encoding was a guess (Windows-1252: check the names).
    encoding_guessed: bool,
    #[pyo3(get)]
    /// The games in the file, read or failed.
    total: usize,
    #[pyo3(get)]
    /// Whether the file looks like another variant's games (as ``shashki pdn check`` says).
    looks_like_other_variant: bool,
    #[pyo3(get)]
    /// A comment before the first game, if any.
    comment: Option<String>,
}

impl PdnReading {
    fn new(py: Python<'_>, reading: lib::PdnReading) -> PyResult<PdnReading> {
        let looks_like_other_variant = reading.looks_like_other_variant();
        let total = reading.games.len();
        let warnings = reading
            .warnings
            .iter()
            .map(|w| {
                Py::new(
                    py,
                    PdnProblem {
                        game: w.game,
                        line: w.line,
                        description: w.description.clone(),
                        message: w.message.clone(),
                        other_variant: false,
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        let (encoding, encoding_guessed) = (
            reading.encoding.name().to_string(),
            reading.encoding.is_guess(),
        );
        let comment = reading.comment.clone();
        let (games, failed) = reading.into_parts();
        Ok(PdnReading {
            games: games
                .into_iter()
                .map(|inner| Py::new(py, PdnGame { inner }))
                .collect::<PyResult<_>>()?,
            errors: failed
                .into_iter()
                .map(|e| {
                    Py::new(
                        py,
                        PdnProblem {
                            game: e.game,
                            line: e.line,
                            other_variant: e.kind.is_other_variant(),
                            message: e.kind.to_string(),
                            description: e.description,
                        },
                    )
                })
                .collect::<PyResult<_>>()?,
            warnings,
            encoding,
            encoding_guessed,
            total,
            looks_like_other_variant,
            comment,
        })
    }
}

#[pymethods]
impl PdnReading {
    /// The games read, in file order.
    #[getter]
    fn games(&self, py: Python<'_>) -> Vec<Py<PdnGame>> {
        self.games.iter().map(|g| g.clone_ref(py)).collect()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, self.games.iter().map(|g| g.clone_ref(py)))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The number of games read.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<PdnGame>> {
        let len = self.games.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if at < 0 || at >= len {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "PdnReading index out of range",
            ));
        }
        Ok(self.games[at as usize].clone_ref(py))
    }

    /// Pickled as its games, problems and what was found about the file.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Py<PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.get_type::<PdnReading>().getattr("_from_state")?.unbind();
        let list =
            |items: &Vec<Py<PdnProblem>>| PyList::new(py, items.iter().map(|p| p.clone_ref(py)));
        let state = PyTuple::new(
            py,
            [
                PyList::new(py, self.games.iter().map(|g| g.clone_ref(py)))?.into_any(),
                list(&self.errors)?.into_any(),
                list(&self.warnings)?.into_any(),
                self.encoding.clone().into_pyobject(py)?.into_any(),
                self.encoding_guessed
                    .into_pyobject(py)?
                    .to_owned()
                    .into_any(),
                self.total.into_pyobject(py)?.into_any(),
                self.looks_like_other_variant
                    .into_pyobject(py)?
                    .to_owned()
                    .into_any(),
                self.comment.clone().into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((restore, state))
    }

    /// A reading from its pickled state (see ``__reduce__``).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _from_state(
        games: Vec<Py<PdnGame>>,
        errors: Vec<Py<PdnProblem>>,
        warnings: Vec<Py<PdnProblem>>,
        encoding: String,
        encoding_guessed: bool,
        total: usize,
        looks_like_other_variant: bool,
        comment: Option<String>,
    ) -> PdnReading {
        PdnReading {
            games,
            errors,
            warnings,
            encoding,
            encoding_guessed,
            total,
            looks_like_other_variant,
            comment,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<PdnReading {} games, {} read, {} failed, {}>",
            self.total,
            self.games.len(),
            self.errors.len(),
            self.encoding
        )
    }
}

/// The library's warnings individually shown before the rest are summed up in one.
const WARNINGS_SHOWN: usize = 5;

/// Tells Python's `warnings` what the reading found worth a warning (a guessed encoding or a rare
/// one recognised by its letters, a file
/// of another variant, the reading's own warnings: the first few, then how many more); all of
/// it also stays on the `PdnReading`.
fn warn_about(py: Python<'_>, reading: &lib::PdnReading) -> PyResult<()> {
    if let Some(note) = reading.encoding.note() {
        errors::warn(py, &format!("PDN: {note}"))?;
    }
    if reading.looks_like_other_variant() {
        errors::warn(
            py,
            &format!(
                "PDN: {} of {} games look like another variant's (not Russian draughts)",
                reading.failure_counts().other_variant,
                reading.games.len()
            ),
        )?;
    }
    for warning in reading.warnings.iter().take(WARNINGS_SHOWN) {
        errors::warn(py, &warning.to_string())?;
    }
    if reading.warnings.len() > WARNINGS_SHOWN {
        errors::warn(
            py,
            &format!(
                "PDN: {} more warnings (PdnReading.warnings has them all)",
                reading.warnings.len() - WARNINGS_SHOWN
            ),
        )?;
    }
    Ok(())
}

/// Reads a PDN file, given as a path or as the file's bytes, as ``shashki pdn check`` does: the
/// encoding is detected (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1251, UTF-8 with a
/// few bad bytes), each game is read or fails on its own. Returns a ``PdnReading``; iterate over
/// it for the games. Raises ``OSError`` (``FileNotFoundError``, …) if the file cannot be read and
/// ``PdnError`` if it is not a text file. A ``str`` is a path: use ``parse_pdn`` for PDN text.
#[pyfunction]
pub fn read_pdn(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<PdnReading> {
    let bytes: Vec<u8> = if let Ok(bytes) = source.cast::<PyBytes>() {
        bytes.as_bytes().to_vec()
    } else if let Ok(bytes) = source.extract::<Vec<u8>>()
        && !source.is_instance_of::<PyString>()
    {
        bytes
    } else {
        let path: PathBuf = source.extract()?;
        py.detach(|| read_file(&path))?
    };
    let utf16 = bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF");
    if !utf16 && bytes.contains(&0) {
        return Err(PdnError::new_err(
            "not a PDN file: it holds NUL bytes (a binary file)",
        ));
    }
    let reading = py.detach(|| lib::read_bytes(&bytes));
    warn_about(py, &reading)?;
    PdnReading::new(py, reading)
}

/// The bytes of a PDN file, at most [`MAX_FILE_BYTES`].
fn read_file(path: &std::path::Path) -> PyResult<Vec<u8>> {
    use std::io::Read;
    let what = errors::cannot_read(path);
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| errors::os_error(&what, &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(PdnError::new_err(format!(
            "{}: larger than {} MB; not a PDN file",
            path.display(),
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
}

/// Reads PDN text (already a ``str``): every game read or failed on its own, as ``read_pdn``.
#[pyfunction]
pub fn parse_pdn(py: Python<'_>, text: &str) -> PyResult<PdnReading> {
    let reading = py.detach(|| lib::read_all(text));
    warn_about(py, &reading)?;
    PdnReading::new(py, reading)
}

/// Writes `games` (``Game`` or ``PdnGame`` objects) as one PDN text in `style`: ``"pdn3"``
/// (PDN 3.0, the default), ``"lidraughts"`` (as lidraughts.org exports: algebraic, ``x``,
/// algebraic FEN, one line of moves), ``"lidraughts-numeric"`` or ``"pydraughts"`` (what
/// pydraughts reads correctly). Returns the text; with `path`, also writes it there atomically
/// (UTF-8).
#[pyfunction]
#[pyo3(signature = (games, style="pdn3", path=None))]
pub fn write_pdn(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    style: &str,
    path: Option<PathBuf>,
) -> PyResult<String> {
    let options = pdn_args::style(style)?.options();
    let mut records = Vec::new();
    for item in games.try_iter()? {
        let item = item?;
        if let Ok(record) = item.cast::<PdnGame>() {
            records.push(record.borrow().inner.clone());
        } else if let Ok(game) = item.cast::<Game>() {
            records.push(lib::PdnGame::new(game.borrow().inner.clone()));
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "write_pdn takes shashki.Game or shashki.PdnGame objects, not {}",
                item.get_type().name()?
            )));
        }
    }
    let text = py.detach(|| lib::write_games_with(&records, &options));
    if let Some(path) = path {
        py.detach(|| shashki::write_atomically(&path, text.as_bytes()))
            .map_err(|e| errors::os_error(&format!("cannot write {}", path.display()), &e))?;
    }
    Ok(text)
}
