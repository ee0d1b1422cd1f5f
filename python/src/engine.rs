//! `Engine`: the library's search, run with the interpreter released and stoppable.
//!
//! A search runs on a thread of its own while the calling thread waits with the interpreter
//! released, waking every few milliseconds to let Python handle signals: Ctrl-C stops the search
//! (and raises `KeyboardInterrupt`), and `Engine.stop()` from any other Python thread stops it
//! through the search's own `StopHandle`. The answer is always a legal move when one exists.
//!
//! With a tablebase service (`tablebases="http://…"`, the package's `shashki.service`, which
//! does the HTTP in Python) the root is sent to the service before each search that has an end;
//! a win or loss it knows to the ply is answered with its move at once (source `"tablebase"`),
//! anything else is searched, and a service that fails is a `ShashkiWarning`, not an error.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use shashki::book::BookPolicy;
use shashki::{Contempt, DrawRules, EngineConfig, MoveSource, SearchLimit, StopHandle};

use crate::game::Game;
use crate::position::{Move, Position};
use crate::tables::{Book, Tablebases};

/// How often the waiting thread looks for Ctrl-C while a search runs.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// The search engine: a transposition table of `hash_mb` MB, `threads` search threads, and
/// optionally the endgame `tablebases` (a directory, a ``Tablebases``, or the URL of a tablebase
/// service — ``shashki egtb serve`` — or a ``shashki.service.TablebaseService``, asked at the
/// root of each search that has an end) and an opening `book`
/// (``True`` or ``"shipped"`` for the built-in book, a path to a book file, or a ``Book``).
/// `book_policy` chooses among book moves: ``"weighted"`` (at random by weight, the default),
/// ``"best"``, ``"uniform"``, ``"first"``, ``"last"``; `seed` makes the random choice
/// repeatable. `contempt` is what a draw costs the engine in centi-men when it plays
/// (``search``; negative: it seeks draws) and `contempt_ahead` the most a draw costs it further
/// while it stands better (score / 4 up to that) — the Hub's ``contempt`` and
/// ``contempt-ahead``; ``None`` keeps the engine's default (0 and 60); ``analyse`` never leans
/// away from draws.
///
/// Raises ``MemoryError`` if the table cannot be allocated, ``BookError`` /
/// ``TablebaseError`` if the book or tables cannot be loaded.
#[pyclass(frozen, module = "shashki")]
pub struct Engine {
    engine: shashki::Engine,
    /// The tablebase service asked at the root (a `shashki.service.TablebaseService`), if any.
    service: Option<Py<PyAny>>,
    /// The stop signals of the searches running now, by search number.
    running: Mutex<Vec<(u64, StopHandle)>>,
    /// The number of the next search.
    next: Mutex<u64>,
}

/// The answer of a search.
#[pyclass(frozen, module = "shashki", get_all)]
pub struct SearchResult {
    /// The move to play; ``None`` only when the side to move has no legal move (it lost).
    best_move: Option<Py<Move>>,
    /// The score for the side to move in centi-men (a man is about 100); a forced win is
    /// ``30000 - plies``, a forced loss ``plies - 30000``.
    score: i32,
    /// The score as the library writes it: ``"+0.35"``, ``"win in 7"`` (moves), ``"loss in 3"``.
    score_text: String,
    /// For a forced win or loss, the plies until the game ends; else ``None``.
    plies_to_end: Option<i32>,
    /// The last completed iteration (plies of nominal depth).
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// The principal variation, starting with the best move.
    pv: Vec<Py<Move>>,
    /// Nodes searched by all threads.
    nodes: u64,
    /// Seconds taken.
    time: f64,
    /// Nodes per second.
    nps: u64,
    /// Where the move comes from: ``"search"``, ``"book"`` or ``"tablebase"``.
    source: &'static str,
}

#[pymethods]
impl SearchResult {
    /// Pickled field by field (the moves pickle themselves).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Py<PyAny>, Bound<'py, PyTuple>)> {
        let restore = py
            .get_type::<SearchResult>()
            .getattr("_from_state")?
            .unbind();
        let best = self.best_move.as_ref().map(|m| m.clone_ref(py));
        let pv = PyList::new(py, self.pv.iter().map(|m| m.clone_ref(py)))?;
        let state = PyTuple::new(
            py,
            [
                best.into_pyobject(py)?.into_any(),
                self.score.into_pyobject(py)?.into_any(),
                self.score_text.clone().into_pyobject(py)?.into_any(),
                self.plies_to_end.into_pyobject(py)?.into_any(),
                self.depth.into_pyobject(py)?.into_any(),
                self.seldepth.into_pyobject(py)?.into_any(),
                pv.into_any(),
                self.nodes.into_pyobject(py)?.into_any(),
                self.time.into_pyobject(py)?.into_any(),
                self.nps.into_pyobject(py)?.into_any(),
                self.source.into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((restore, state))
    }

    /// A result from its pickled state (see ``__reduce__``).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _from_state(
        best_move: Option<Py<Move>>,
        score: i32,
        score_text: String,
        plies_to_end: Option<i32>,
        depth: u32,
        seldepth: u32,
        pv: Vec<Py<Move>>,
        nodes: u64,
        time: f64,
        nps: u64,
        source: &str,
    ) -> PyResult<SearchResult> {
        let source = ["search", "book", "tablebase"]
            .into_iter()
            .find(|s| *s == source)
            .ok_or_else(|| PyValueError::new_err(format!("unknown source {source:?}")))?;
        Ok(SearchResult {
            best_move,
            score,
            score_text,
            plies_to_end,
            depth,
            seldepth,
            pv,
            nodes,
            time,
            nps,
            source,
        })
    }

    fn __repr__(&self) -> String {
        let best = self
            .best_move
            .as_ref()
            .map_or("None".to_string(), |m| m.get().text_algebraic());
        format!(
            "<SearchResult best_move={best} score={} depth={} nodes={} source={}>",
            self.score_text, self.depth, self.nodes, self.source
        )
    }
}

/// The one limit a search is given.
fn limit(
    movetime: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    infinite: bool,
) -> PyResult<SearchLimit> {
    let given = [
        movetime.is_some(),
        depth.is_some(),
        nodes.is_some(),
        infinite,
    ];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(PyValueError::new_err(
            "give exactly one limit: movetime=seconds, depth=plies, nodes=count or infinite=True \
             (then stop it with Engine.stop() from another thread)",
        ));
    }
    if let Some(seconds) = movetime {
        return Duration::try_from_secs_f64(seconds)
            .map(SearchLimit::MoveTime)
            .map_err(|_| {
                PyValueError::new_err(format!(
                    "movetime must be a number of seconds ≥ 0, not {seconds}"
                ))
            });
    }
    Ok(match (depth, nodes) {
        (Some(0), _) => return Err(PyValueError::new_err("depth must be at least 1")),
        (Some(depth), _) => SearchLimit::Depth(depth),
        (_, Some(nodes)) => SearchLimit::Nodes(nodes.max(1)),
        _ => SearchLimit::Infinite,
    })
}

#[pymethods]
impl Engine {
    #[new]
    #[allow(clippy::field_reassign_with_default)] // see `config` below
    #[pyo3(signature = (
        hash_mb=64,
        threads=1,
        tablebases=None,
        book=None,
        book_policy="weighted",
        seed=0,
        *,
        contempt=None,
        contempt_ahead=None,
    ))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    fn new(
        py: Python<'_>,
        hash_mb: usize,
        threads: usize,
        tablebases: Option<&Bound<'_, PyAny>>,
        book: Option<&Bound<'_, PyAny>>,
        book_policy: &str,
        seed: u64,
        contempt: Option<i32>,
        contempt_ahead: Option<i32>,
    ) -> PyResult<Engine> {
        let policy: BookPolicy = book_policy.parse().map_err(PyValueError::new_err)?;
        let contempt = playing_contempt(contempt, contempt_ahead)?;
        let service_type = py.import("shashki.service")?.getattr("TablebaseService")?;
        let url = tablebases
            .and_then(|value| value.extract::<String>().ok())
            .filter(|text| text.starts_with("http://") || text.starts_with("https://"));
        let service = match tablebases {
            Some(value) if value.is_instance(&service_type)? => Some(value.clone().unbind()),
            _ => match url {
                Some(url) => Some(service_type.call1((url,))?.unbind()),
                None => None,
            },
        };
        let tablebases = match tablebases {
            None => None,
            _ if service.is_some() => None,
            Some(value) if value.is_none() => None,
            Some(value) => Some(match value.cast::<Tablebases>() {
                Ok(tables) => Arc::clone(&tables.get().inner),
                Err(_) => Tablebases::open_path(py, value.extract()?)?.inner,
            }),
        };
        let book = match book {
            None => None,
            Some(value) if value.is_none() => None,
            Some(value) => {
                if let Ok(book) = value.cast::<Book>() {
                    Some(Arc::clone(&book.get().inner))
                } else if let Ok(flag) = value.extract::<bool>()
                    && !value.is_instance_of::<PyString>()
                {
                    flag.then(shashki::book::Book::shipped)
                } else if value
                    .extract::<String>()
                    .is_ok_and(|name| name == "shipped")
                {
                    Some(shashki::book::Book::shipped())
                } else if let Ok(path) = value.extract::<std::path::PathBuf>() {
                    Some(Book::load_path(py, &path)?.inner)
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "book is True, \"shipped\", a path or a shashki.Book, not {}",
                        value.get_type().name()?
                    )));
                }
            }
        };
        // Field by field, not a struct literal: the library may mark the struct
        // `#[non_exhaustive]`, which forbids `..EngineConfig::default()` outside it.
        let mut config = EngineConfig::default();
        config.hash_mb = hash_mb;
        config.threads = threads;
        config.book = book;
        config.book_policy = policy;
        config.book_seed = seed;
        config.tablebases = tablebases;
        config.params.contempt = contempt;
        let engine = py
            .detach(|| shashki::Engine::try_new(config))
            .map_err(|error| PyMemoryError::new_err(error.to_string()))?;
        Ok(Engine {
            engine,
            service,
            running: Mutex::new(Vec::new()),
            next: Mutex::new(0),
        })
    }

    /// Searches a ``Game`` (its history counts: repetitions and the game's draw rules are draws
    /// inside the search) or a ``Position`` (no history, threefold repetition only) for the move
    /// to play, within exactly one limit: `movetime` (seconds), `depth` (plies), `nodes`, or
    /// ``infinite=True`` (until ``stop()``). The engine's contempt steers the choice away from
    /// draws that are not forced; the score never carries it. The interpreter is released
    /// meanwhile; ``stop()`` from another thread or Ctrl-C ends the search early, still with a
    /// legal move (Ctrl-C then raises ``KeyboardInterrupt``).
    #[pyo3(signature = (target, *, movetime=None, depth=None, nodes=None, infinite=false))]
    fn search(
        &self,
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        infinite: bool,
    ) -> PyResult<SearchResult> {
        let limit = limit(movetime, depth, nodes, infinite)?;
        let contempt = self.engine.config().params.contempt;
        self.answer(py, "search", target, limit, contempt)
    }

    /// ``search`` without contempt: the objective best move and score, for analysis, an
    /// evaluation bar, a hint or an answer to a draw offer (a draw is worth 0 to both sides).
    /// The same limits and stopping as ``search``.
    #[pyo3(signature = (target, *, movetime=None, depth=None, nodes=None, infinite=false))]
    fn analyse(
        &self,
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        movetime: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        infinite: bool,
    ) -> PyResult<SearchResult> {
        let limit = limit(movetime, depth, nodes, infinite)?;
        self.answer(py, "analyse", target, limit, Contempt::OFF)
    }

    /// Stops the searches running now (from any thread); each returns promptly with a legal
    /// move. A search started after this call is not affected.
    fn stop(&self) {
        for (_, stop) in self
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
        {
            stop.stop();
        }
        self.engine.stop();
    }

    /// Forgets what earlier searches learnt (the table and the move-ordering histories).
    fn new_game(&self, py: Python<'_>) {
        py.detach(|| self.engine.new_game());
    }

    /// The search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.engine.threads()
    }

    /// What a draw costs the engine when it plays, in centi-men (the constructor's `contempt`).
    #[getter]
    fn contempt(&self) -> i32 {
        self.engine.config().params.contempt.draw()
    }

    /// The most a draw costs the engine further while it stands better (`contempt_ahead`).
    #[getter]
    fn contempt_ahead(&self) -> i32 {
        self.engine.config().params.contempt.winning_max()
    }

    /// The transposition table's size in MB, as asked for.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.engine.config().hash_mb
    }

    /// An engine is not a value: it owns a transposition table (``hash_mb`` MB) shared by its
    /// search threads, and what it learnt is only worth something in its own process.
    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "a shashki.Engine cannot be pickled: it owns a transposition table and search \
             threads of this process. Make one Engine in each process (for a multiprocessing \
             Pool, in its initializer) and send games, positions and results instead",
        ))
    }

    fn __repr__(&self) -> String {
        let config = self.engine.config();
        format!(
            "<Engine hash_mb={} threads={} book={} tablebases={}>",
            config.hash_mb,
            self.engine.threads(),
            config.book.is_some(),
            config.tablebases.as_ref().map_or(0, |t| t.max_pieces())
        )
    }
}

impl Engine {
    /// The answer of `search` or `analyse` (named `method` in errors) for `target`.
    fn answer(
        &self,
        py: Python<'_>,
        method: &str,
        target: &Bound<'_, PyAny>,
        limit: SearchLimit,
        contempt: Contempt,
    ) -> PyResult<SearchResult> {
        let game = if let Ok(game) = target.cast::<Game>() {
            game.borrow().inner.clone()
        } else if let Ok(position) = target.cast::<Position>() {
            shashki::Game::new(position.get().inner).with_draw_rules(DrawRules::Repetition)
        } else {
            return Err(PyTypeError::new_err(format!(
                "{method} takes a shashki.Game or a shashki.Position, not {}",
                target.get_type().name()?
            )));
        };
        let asked = match &self.service {
            Some(service) if limit != SearchLimit::Infinite => service_answer(py, service, &game)?,
            _ => None,
        };
        let result = match asked {
            Some(result) => result,
            None => self.search_game(py, &game, limit, contempt)?,
        };
        let root = *game.position();
        let pv = Move::line(&root, &result.pv)
            .into_iter()
            .map(|m| Py::new(py, m))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(SearchResult {
            best_move: result
                .best_move
                .map(|mv| Py::new(py, Move::wrap(&root, mv)))
                .transpose()?,
            score: result.score.value(),
            score_text: result.score.to_string(),
            plies_to_end: result.score.plies_to_end(),
            depth: result.depth,
            seldepth: result.seldepth,
            pv,
            nodes: result.nodes,
            time: result.time.as_secs_f64(),
            nps: result.nodes_per_second(),
            source: match result.source {
                MoveSource::Book => "book",
                MoveSource::Tablebase => "tablebase",
                _ => "search",
            },
        })
    }

    /// Searches `game` within `limit` with `contempt`, stoppable by ``stop()`` and Ctrl-C.
    fn search_game(
        &self,
        py: Python<'_>,
        game: &shashki::Game,
        limit: SearchLimit,
        contempt: Contempt,
    ) -> PyResult<shashki::SearchResult> {
        let stop = StopHandle::new();
        let id = {
            let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
            *next += 1;
            *next
        };
        self.running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((id, stop.clone()));
        let outcome = self.run(py, game, limit, contempt, &stop);
        self.running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|(n, _)| *n != id);
        outcome
    }

    /// Runs the search on a thread of its own; the caller waits with the interpreter released
    /// and checks for signals between waits (Ctrl-C stops the search and raises).
    fn run(
        &self,
        py: Python<'_>,
        game: &shashki::Game,
        limit: SearchLimit,
        contempt: Contempt,
        stop: &StopHandle,
    ) -> PyResult<shashki::SearchResult> {
        let engine = &self.engine;
        std::thread::scope(|scope| {
            let (sender, mut receiver) = mpsc::channel();
            let worker = std::thread::Builder::new()
                .name("shashki search".into())
                .spawn_scoped(scope, move || {
                    let result =
                        engine.search_with_contempt(game, limit, contempt, Some(stop), |_| {});
                    let _ = sender.send(result);
                })
                .map_err(|error| {
                    PyRuntimeError::new_err(format!("cannot start the search thread: {error}"))
                })?;
            loop {
                let (back, received) = py.detach(move || {
                    let received = receiver.recv_timeout(SIGNAL_POLL);
                    (receiver, received)
                });
                receiver = back;
                match received {
                    Ok(result) => return Ok(result),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(interrupt) = py.check_signals() {
                            stop.stop();
                            py.detach(|| worker.join()).ok();
                            return Err(interrupt);
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        let _ = py.detach(|| worker.join());
                        return Err(PyRuntimeError::new_err(
                            "the search thread ended without an answer (a bug: please report it)",
                        ));
                    }
                }
            }
        })
    }
}

/// The playing contempt from the constructor's `contempt` and `contempt_ahead` (the default's
/// parts where not given, and its divisor always, as the Hub's parameters do).
fn playing_contempt(draw: Option<i32>, ahead: Option<i32>) -> PyResult<Contempt> {
    let default = Contempt::DEFAULT;
    let draw = draw.unwrap_or(default.draw());
    let ahead = ahead.unwrap_or(default.winning_max());
    Contempt::try_new(draw, default.winning_divisor(), ahead).map_err(|error| {
        let name = match error.part {
            "draw" => "contempt",
            _ => "contempt_ahead",
        };
        PyValueError::new_err(format!(
            "{name} must be within {}..={} centi-men, not {}",
            error.min, error.max, error.value
        ))
    })
}

/// The service's move for the live position of `game` when it knows the win or loss to the ply
/// and the draw counters leave the plies for it; a failing service is a warning and no answer.
fn service_answer(
    py: Python<'_>,
    service: &Py<PyAny>,
    game: &shashki::Game,
) -> PyResult<Option<shashki::SearchResult>> {
    let start = std::time::Instant::now();
    let root = game.position();
    let answer = match service.call_method1(py, "_root_answer", (root.to_fen(),)) {
        Ok(answer) => answer,
        Err(error) => {
            crate::errors::warn(py, &format!("{}; searching instead", error.value(py)))?;
            return Ok(None);
        }
    };
    let Some((text, plies)) = answer.extract::<Option<(String, i32)>>(py)? else {
        return Ok(None);
    };
    // A win the draw counters would end first is searched, as with local tables.
    let left = game
        .draw_state()
        .plies_left_under(game.draw_rules(), root)
        .map_or(i32::MAX, i32::from);
    if plies.abs() > left {
        return Ok(None);
    }
    let mv = root.parse_move(&text).map_err(|error| {
        PyValueError::new_err(format!("the tablebase service's move {text:?}: {error}"))
    })?;
    let score = if plies >= 0 {
        shashki::Score::win_in_plies(plies)
    } else {
        shashki::Score::loss_in_plies(-plies)
    };
    Ok(Some(shashki::SearchResult::from_tablebase(
        mv,
        score,
        start.elapsed(),
    )))
}
