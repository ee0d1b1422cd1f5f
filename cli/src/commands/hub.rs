//! `shashki hub`: the engine behind Scan's Hub protocol (version 2) on stdin/stdout.
//!
//! The main thread reads lines and feeds them to a [`Session`] (the protocol state machine of
//! `shashki::hub`), then carries out its actions: lines are written whole under a lock, a `go`
//! starts the search on its own thread (so `stop` and `ponder-hit` are read while it runs), and
//! `init` rebuilds the engine from the parameters. Each search has its own stop signal
//! ([`StopHandle::new`]), made before its thread starts, so a `stop` or `quit` read in the same
//! breath as its `go` is kept rather than cleared by the starting search. The search thread marks itself finished
//! *before* it writes `done`, so when the GUI answers `done` with its next command the main
//! thread always sees the search as over. End of input acts as `quit`, except that a `go think`
//! search still running is allowed to finish and answer.
//!
//! Tablebases work out of the box: `tb-dir` starts as `--tablebases DIR` or the per-user default
//! directory ([`shashki::egtb::default_dir`]); when it lacks the tables up to
//! `--tablebase-pieces` (5) pieces, they are built there on a background thread (progress on
//! stderr, never on the protocol's stdout) and the engine takes them between searches once
//! complete.
//!
//! A tablebase service (`shashki egtb serve` on another machine) can stand in for local tables:
//! `tb-url` (starting as `--tablebase-url URL`; empty: none). Before each `go think` search the
//! root is sent to it; a win or loss it knows to the ply, within the plies the game's draw
//! counters still allow, is answered with its best move at once (as local tables answer at the
//! root; `ServiceAnswer::decisive_move`, shared with the game), anything else (a draw, a WDL answer without plies, a
//! position it does not hold) is searched as usual, and a service that fails is reported in an
//! `error` line and the search goes on without it. Only the root is asked: a search probes far
//! too many positions for a network.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use shashki::egtb::{BackgroundBuild, Tablebases};
use shashki::hub::{self, Action, GoMode, Param, ParamKind, SearchRequest, Session};
use shashki::{BookChoice, EngineSetup};
use shashki::{Engine, EngineConfig, SearchInfo, SearchLimit, StopHandle};
use shashki::{Game, SearchResult};
use shashki_tablebase_client::TablebaseService;

use crate::cli_error::CliError;

/// Arguments of `shashki hub`.
#[derive(clap::Args)]
pub struct Args {
    /// Transposition table size in MB (the `hash` parameter's initial value).
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Search threads (the `threads` parameter's initial value; 0 = one per core; at most 256).
    #[arg(long, default_value_t = 1, value_parser = crate::inputs::engine::search_threads)]
    threads: usize,
    /// Endgame tablebase directory (the `tb-dir` parameter's initial value) [default:
    /// $SHASHKI_TABLEBASES, else the user's cache directory, e.g. ~/.cache/shashki/tablebases].
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// When the tablebase directory lacks the tables up to N pieces, build them in the
    /// background (0: never).
    #[arg(long, value_name = "N", default_value_t = 5)]
    tablebase_pieces: u32,
    /// A tablebase service (`shashki egtb serve`) asked at the root before each search, e.g.
    /// `http://tables.local:8080` (the `tb-url` parameter's initial value).
    #[arg(long, value_name = "URL")]
    tablebase_url: Option<String>,
}

/// The Hub parameter of the tablebase service's URL (this program's own, not the library's).
const TB_URL_PARAM: &str = "tb-url";

/// The tablebase service `params` name, if any; a URL that does not parse is a problem.
fn tablebase_service(
    params: &[Param],
    problems: &mut Vec<String>,
) -> Option<Arc<TablebaseService>> {
    let url = params.iter().find(|p| p.name == TB_URL_PARAM)?.value.trim();
    if url.is_empty() {
        return None;
    }
    TablebaseService::new(url)
        .map(Arc::new)
        .map_err(|error| problems.push(error.to_string()))
        .ok()
}

/// The service's move for the live position of `game` when it knows the win or loss to the ply
/// and the draw counters leave the plies for it; an `error` line when it fails.
fn service_answer(service: &TablebaseService, game: &Game, out: &Output) -> Option<SearchResult> {
    let start = std::time::Instant::now();
    let answer = match service.probe(game.position()) {
        Ok(answer) => answer?,
        Err(error) => {
            out.send(&hub::error_line(&error.to_string()));
            return None;
        }
    };
    let (mv, score) = answer.decisive_move(game)?;
    Some(SearchResult::from_tablebase(mv, score, start.elapsed()))
}

/// Where lines go: stdout, one whole line at a time.
#[derive(Clone)]
struct Output(Arc<Mutex<std::io::Stdout>>);

impl Output {
    fn send(&self, line: &str) {
        let stdout = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let mut lock = stdout.lock();
        // A closed stdout means the GUI is gone; the read loop ends on EOF soon after.
        let _ = writeln!(lock, "{line}");
        let _ = lock.flush();
    }
}

/// A search running on its thread.
struct Running {
    handle: JoinHandle<()>,
    /// This search's own stop signal: raised before the thread has even started the search, it
    /// is still kept (`go` and `stop` may arrive in one read).
    stop: StopHandle,
    finished: Arc<AtomicBool>,
    /// Only `stop` ends it: `go ponder`, `go analyze`, or `go think` under `level infinite`.
    unbounded: bool,
}

/// The program's state besides the session: the engine and the running search.
struct Driver {
    engine: Arc<Engine>,
    out: Output,
    running: Option<Running>,
    /// The parameters of the engine's configuration (the last `init`'s).
    params: Vec<Param>,
    /// Tables being built in the background, taken by the engine once complete.
    background: Option<BackgroundBuild>,
    /// The tablebase service asked at the root (`tb-url`), if any.
    service: Option<Arc<TablebaseService>>,
}

/// The engine configuration the parameters ask for, and the problems met loading the book and
/// the tablebases (sent as `error` lines; the engine then runs without them).
fn config(params: &[Param]) -> (EngineConfig, Vec<String>) {
    let text = |name: &str| {
        params
            .iter()
            .find(|p| p.name == name)
            .map_or("", |p| p.value.as_str())
    };
    let number = |name: &str| text(name).parse::<usize>().ok();
    let defaults = EngineConfig::default();
    let mut problems = Vec::new();
    let setup = EngineSetup {
        book: match (text("book"), text("book-file")) {
            ("true", "") => BookChoice::Shipped,
            ("true", file) => BookChoice::File(PathBuf::from(file)),
            _ => BookChoice::None,
        },
        tablebases: Some(text("tb-dir"))
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
            // The per-user default directory may hold no table yet (a new user, a build in the
            // background): no tables then, and nothing to complain about.
            .filter(|dir| {
                shashki::egtb::default_dir().as_deref() != Some(dir.as_path())
                    || Tablebases::open(dir).max_pieces() > 0
            }),
    };
    let loaded = setup.load();
    problems.extend(loaded.problems.iter().map(ToString::to_string));
    let mut config = EngineConfig {
        hash_mb: number("hash").unwrap_or(defaults.hash_mb),
        threads: number("threads").unwrap_or(defaults.threads).max(1),
        ..loaded.configure(defaults)
    };
    config.params.contempt = hub::contempt(params);
    (config, problems)
}

/// The engine for `config`; if its hash table cannot be allocated, says so in `problems` and
/// falls back to the default size.
fn engine_for(config: EngineConfig, problems: &mut Vec<String>) -> Engine {
    let fallback = EngineConfig {
        hash_mb: EngineConfig::default().hash_mb,
        ..config.clone()
    };
    Engine::try_new(config).unwrap_or_else(|error| {
        problems.push(format!("hash: {error}; using {} MB", fallback.hash_mb));
        Engine::new(fallback)
    })
}

impl Driver {
    /// Between searches, once the background build has ended: rebuilds the engine with the
    /// complete tables (or reports why the build failed).
    fn adopt_tables(&mut self) {
        if self.running.is_some() {
            return;
        }
        let Some(result) = self
            .background
            .as_mut()
            .and_then(BackgroundBuild::take_result)
        else {
            return;
        };
        let dir = self
            .background
            .take()
            .map(|b| b.dir().display().to_string())
            .unwrap_or_default();
        match result {
            Ok(tables) => {
                errln!(
                    "tablebases: up to {} pieces in {dir}, in use",
                    tables.max_pieces()
                );
                let (config, mut problems) = config(&self.params);
                self.engine = Arc::new(engine_for(config, &mut problems));
                for problem in problems {
                    self.out.send(&hub::error_line(&problem));
                }
            }
            Err(error) => errln!("tablebases: the build in {dir} failed: {error}"),
        }
    }

    /// Joins the search if it has finished; tells the session.
    fn reap(&mut self, session: &mut Session) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.finished.load(Ordering::Acquire))
        {
            self.join(session);
        }
    }

    /// Waits for the running search (if any) to end.
    fn join(&mut self, session: &mut Session) {
        if let Some(running) = self.running.take() {
            let _ = running.handle.join();
        }
        session.search_finished();
    }

    /// Stops the running search, if any (also one whose thread has not begun searching yet).
    fn stop(&self) {
        if let Some(running) = &self.running {
            running.stop.stop();
        }
    }

    fn start(&mut self, request: SearchRequest) {
        let stop = StopHandle::new();
        let search_stop = stop.clone();
        let finished = Arc::new(AtomicBool::new(false));
        let engine = Arc::clone(&self.engine);
        let service = self.service.clone();
        let out = self.out.clone();
        let done_flag = Arc::clone(&finished);
        let unbounded =
            request.mode != GoMode::Think || matches!(request.level.limit(), SearchLimit::Infinite);
        let handle = std::thread::spawn(move || {
            let limit = match request.mode {
                GoMode::Think => request.level.limit(),
                GoMode::Ponder | GoMode::Analyze => SearchLimit::Infinite,
            };
            let root = *request.game.position();
            let asked = match &service {
                Some(service) if request.mode == GoMode::Think => {
                    service_answer(service, &request.game, &out)
                }
                _ => None,
            };
            // An analysis is objective: no contempt in its line or score.
            let contempt = request.mode.contempt(engine.config().params.contempt);
            let result = asked.unwrap_or_else(|| {
                engine.search_with_contempt(
                    &request.game,
                    limit,
                    contempt,
                    Some(&search_stop),
                    |info: &SearchInfo| {
                        out.send(&hub::search_info_line(&root, info));
                    },
                )
            });
            done_flag.store(true, Ordering::Release);
            // Never an illegal move, never none when one exists.
            out.send(&hub::search_done_line(&root, &result));
        });
        self.running = Some(Running {
            handle,
            stop,
            finished,
            unbounded,
        });
    }

    /// After `ponder-hit`: stops the search now, or after `budget` (a timer that holds this
    /// search's own signal, so it cannot stop a later search).
    fn ponder_hit(&self, budget: Option<Duration>) {
        let Some(stop) = self.running.as_ref().map(|r| r.stop.clone()) else {
            return;
        };
        match budget {
            None => stop.stop(),
            Some(budget) => {
                std::thread::spawn(move || {
                    std::thread::sleep(budget);
                    stop.stop();
                });
            }
        }
    }
}

/// Runs the Hub loop until `quit` or the end of input.
///
/// # Errors
/// Only if stdin cannot be read at all.
pub fn run(args: &Args) -> Result<(), CliError> {
    let tb_dir = args.tablebases.clone().or_else(shashki::egtb::default_dir);
    let mut problems = Vec::new();
    let background = match &tb_dir {
        Some(dir) if args.tablebase_pieces > 0 => {
            start_background_build(dir, args.tablebase_pieces, &mut problems)
        }
        _ => None,
    };
    let mut initial = hub::engine_params(args.hash, args.threads, tb_dir.as_deref());
    initial.push(Param {
        name: TB_URL_PARAM.into(),
        kind: ParamKind::String,
        value: args.tablebase_url.clone().unwrap_or_default(),
    });
    let service = tablebase_service(&initial, &mut problems);
    let (initial_config, more_problems) = config(&initial);
    problems.extend(more_problems);
    let engine = engine_for(initial_config, &mut problems);
    let mut driver = Driver {
        engine: Arc::new(engine),
        out: Output(Arc::new(Mutex::new(std::io::stdout()))),
        running: None,
        params: initial.clone(),
        background,
        service,
    };
    for problem in problems {
        driver.out.send(&hub::error_line(&problem));
    }
    let mut session = Session::new(
        "shashki",
        env!("CARGO_PKG_VERSION"),
        "the shashki authors",
        initial,
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| CliError::failure(format!("reading stdin: {e}")))?;
        if read == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&bytes);
        driver.reap(&mut session);
        driver.adopt_tables();
        for action in session.handle(line.trim_end_matches(['\r', '\n'])) {
            match action {
                Action::Send(text) => driver.out.send(&text),
                Action::Init(params) => {
                    let (config, mut problems) = config(&params);
                    driver.service = tablebase_service(&params, &mut problems);
                    driver.params = params;
                    let engine = engine_for(config, &mut problems);
                    for problem in problems {
                        driver.out.send(&hub::error_line(&problem));
                    }
                    driver.engine = Arc::new(engine);
                }
                Action::NewGame => driver.engine.new_game(),
                Action::Search(request) => driver.start(request),
                Action::Stop => driver.stop(),
                Action::PonderHit(level) => driver.ponder_hit(level.ponder_budget()),
                Action::Quit => {
                    driver.stop();
                    driver.join(&mut session);
                    return Ok(());
                }
                // A newer library's action this program does not know: nothing to do.
                _ => {}
            }
        }
    }
    // End of input: a `go think` search may finish (scripts pipe a few commands in); searches
    // that only `stop` would end (pondering, analysing, `level infinite`) are stopped, or the
    // program would run forever after its GUI is gone.
    if driver.running.as_ref().is_some_and(|r| r.unbounded) {
        driver.stop();
    }
    driver.join(&mut session);
    Ok(())
}

/// Starts building the tables up to `pieces` in `dir` if it lacks them; progress goes to stderr
/// every tenth of the way. The build's first report says first that a build has started: the
/// build thread reports from its start, so a line written here after `open_or_build` returned
/// could come after its first progress line.
fn start_background_build(
    dir: &Path,
    pieces: u32,
    problems: &mut Vec<String>,
) -> Option<BackgroundBuild> {
    let shown = std::sync::atomic::AtomicU32::new(u32::MAX);
    let started = std::sync::Once::new();
    let shown_dir = dir.display().to_string();
    let report = move |progress: &shashki::egtb::BuildProgress| {
        started.call_once(|| {
            errln!(
                "tablebases: {shown_dir} lacks the tables up to {pieces} pieces; building them in the background"
            );
        });
        let tenth = (progress.fraction() * 10.0) as u32;
        if progress.finished || shown.swap(tenth, Ordering::Relaxed) != tenth {
            errln!("tablebases: {progress}");
        }
    };
    match shashki::egtb::open_or_build(dir, pieces, 1, report) {
        Ok((_, build)) => build,
        Err(error) => {
            problems.push(format!("tablebases: {error}"));
            None
        }
    }
}
