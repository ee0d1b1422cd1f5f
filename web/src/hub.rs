//! A Hub session for pages that already speak Scan's protocol (lidraughts' scan-wasm does):
//! `feed(line)` gives the lines the engine answers.
//!
//! The protocol is the library's sans-IO `hub::Session`; this file carries out its actions on
//! one thread, the way `shashki hub` does on its threads. A search runs to its end inside
//! `feed`: its `info` lines and its `done` line come back together, and one by one through
//! `onLine` as they happen. A search that only `stop` ends (`go ponder`, `go analyze`, `level
//! infinite`) would never return, so a session refuses it with an `error` line unless it was
//! made `{endless: true}`, which only a thread the page can end should be: the package's Worker
//! (`worker.js`). There `onSearch` reports, when a search starts and after each iteration, what
//! its page side (`EngineWorker.hub`, `engine-worker.js`) needs to answer `stop` and
//! `ponder-hit` itself: the `done` line the search would give if stopped now, the ponder budget,
//! and the lines that bring a fresh session to this one's state, for the Worker that replaces
//! the ended one.

use shashki::hub::{self, Action, GoMode, Param, SearchRequest, Session};
use shashki::{EngineConfig, SearchLimit};
use wasm_bindgen::prelude::*;

use crate::engine::bool_field;

/// The transposition table the session starts with, in MB.
const HASH_MB: usize = 16;

/// The engine's side of a Hub conversation.
#[wasm_bindgen]
#[derive(Debug)]
pub struct HubSession {
    session: Session,
    engine: shashki::Engine,
    /// Whether searches that only `stop` ends are run (inside a Worker the page can end).
    endless: bool,
}

/// A search in progress, for the side that must answer `stop` without reaching it.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct HubSearch {
    /// `think`, `ponder` or `analyze`.
    pub mode: String,
    /// The `done` line the search answers if it is stopped now.
    #[wasm_bindgen(js_name = doneIfStopped)]
    pub done_if_stopped: String,
    /// How long the search goes on after `ponder-hit`, in milliseconds; `undefined`: it stops at
    /// once (the level has no time).
    #[wasm_bindgen(js_name = ponderBudgetMs)]
    pub ponder_budget_ms: Option<f64>,
    /// The lines that bring a new session to this one's state (parameters, `init`, level, position).
    pub restore: Vec<String>,
}

impl Default for HubSession {
    fn default() -> HubSession {
        HubSession::create(false)
    }
}

#[wasm_bindgen]
impl HubSession {
    /// A session before the GUI's `hub` line. `{endless: true}` runs `go ponder`, `go analyze`
    /// and `level infinite` searches until the thread is ended (only in a Worker); without it
    /// they are refused with an `error` line.
    ///
    /// # Errors
    /// `endless` that is not a boolean.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "{ endless?: boolean } | undefined")]
        options: JsValue,
    ) -> Result<HubSession, JsError> {
        Ok(HubSession::create(
            bool_field(&options, "endless")?.unwrap_or(false),
        ))
    }

    /// The lines that bring a new session to this one's state (see [`HubSearch::restore`]).
    #[wasm_bindgen(js_name = restoreLines)]
    pub fn restore_lines(&self) -> Vec<String> {
        self.session.restore_lines()
    }

    /// Handles one line from the GUI; returns the engine's answers in order. `onLine(line)`, if
    /// given, also receives each answer as it is made (the `info` lines of a search as it
    /// deepens); `onSearch(search)` when a search starts and after each of its iterations. Bad
    /// lines are answered with `error` lines, never thrown.
    pub fn feed(
        &mut self,
        line: &str,
        #[wasm_bindgen(unchecked_param_type = "((line: string) => void) | undefined")]
        on_line: Option<js_sys::Function>,
        #[wasm_bindgen(unchecked_param_type = "((search: HubSearch) => void) | undefined")]
        on_search: Option<js_sys::Function>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        let mut send = |text: String| {
            if let Some(callback) = &on_line {
                let _ = callback.call1(&JsValue::NULL, &JsValue::from_str(&text));
            }
            out.push(text);
        };
        for action in self.session.handle(line) {
            match action {
                Action::Send(text) => send(text),
                Action::Init(params) => self.engine = shashki::Engine::new(config(&params)),
                Action::NewGame => self.engine.new_game(),
                Action::Search(request) => {
                    let restore = self.session.restore_lines();
                    let mut report = |search: HubSearch| {
                        if let Some(callback) = &on_search {
                            let _ = callback.call1(&JsValue::NULL, &JsValue::from(search));
                        }
                    };
                    self.search(request, restore, &mut send, &mut report);
                    self.session.search_finished();
                }
                // Nothing runs between two lines here: stop, ponder-hit and quit have nothing to
                // end (in the Worker, its page side answers them while a search runs).
                _ => {}
            }
        }
        out
    }
}

impl HubSession {
    fn create(endless: bool) -> HubSession {
        let params = hub::engine_params(HASH_MB, 1, None);
        let engine = shashki::Engine::new(config(&params));
        HubSession {
            session: Session::new(
                "shashki",
                env!("CARGO_PKG_VERSION"),
                "the shashki authors",
                params,
            ),
            engine,
            endless,
        }
    }

    /// Runs `request` as `shashki hub` does (a ponder or an analysis until the thread ends, an
    /// analysis without contempt), sending its `info` lines and its `done` line.
    fn search(
        &self,
        request: SearchRequest,
        restore: Vec<String>,
        send: &mut impl FnMut(String),
        report: &mut impl FnMut(HubSearch),
    ) {
        let limit = match request.mode {
            GoMode::Think => request.level.limit(),
            GoMode::Ponder | GoMode::Analyze => SearchLimit::Infinite,
        };
        if matches!(limit, SearchLimit::Infinite) && !self.endless {
            send(hub::error_line(
                "only `stop` ends this search (go ponder, go analyze, level infinite), and this session runs inside one call: use the package's Worker (EngineWorker.hub)",
            ));
            send(hub::done_line(None, None));
            return;
        }
        let root = *request.game.position();
        let mut search = HubSearch {
            mode: match request.mode {
                GoMode::Think => "think",
                GoMode::Ponder => "ponder",
                GoMode::Analyze => "analyze",
            }
            .to_string(),
            done_if_stopped: hub::search_stopped_line(&root, None),
            ponder_budget_ms: request
                .level
                .ponder_budget()
                .map(|budget| budget.as_secs_f64() * 1000.0),
            restore,
        };
        report(search.clone());
        let contempt = request.mode.contempt(self.engine.config().params.contempt);
        let result =
            self.engine
                .search_with_contempt(&request.game, limit, contempt, None, |info| {
                    send(hub::search_info_line(&root, info));
                    search.done_if_stopped = hub::search_stopped_line(&root, Some(info));
                    report(search.clone());
                });
        send(hub::search_done_line(&root, &result));
    }
}

/// The engine the parameters ask for (hash size, the shipped book or none, contempt; one
/// thread).
fn config(params: &[Param]) -> EngineConfig {
    let text = |name: &str| {
        params
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.value.as_str())
    };
    let mut config = EngineConfig {
        hash_mb: text("hash").and_then(|v| v.parse().ok()).unwrap_or(HASH_MB),
        threads: 1,
        ..EngineConfig::default()
    };
    config.params.contempt = hub::contempt(params);
    #[cfg(feature = "book")]
    if text("book") == Some("true") {
        config.book = Some(shashki::book::Book::shipped());
    }
    config
}
