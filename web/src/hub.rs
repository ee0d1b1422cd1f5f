//! A Hub session for pages that already speak Scan's protocol (lidraughts' scan-wasm does):
//! `feed(line)` gives the lines the engine answers.
//!
//! The protocol is the library's sans-IO `hub::Session`; this file carries out its actions on
//! one thread. A `go think` runs to the end of its level inside `feed` and its `info` lines and
//! `done` line come back together (and one by one through `onLine`, as they happen). A search
//! that only `stop` would end (`go ponder`, `go analyze`, `level infinite`) cannot be stopped
//! from inside a single-threaded call, so it is refused with an `error` line; a page that wants
//! endless analysis uses the package's Worker (`Engine` with `{infinite: true}`), whose page side
//! stops it.

use shashki::hub::{self, Action, GoMode, Param, SearchRequest, Session};
use shashki::{EngineConfig, SearchLimit};
use wasm_bindgen::prelude::*;

/// The transposition table the session starts with, in MB.
const HASH_MB: usize = 16;

/// The engine's side of a Hub conversation.
#[wasm_bindgen]
#[derive(Debug)]
pub struct HubSession {
    session: Session,
    engine: shashki::Engine,
}

impl Default for HubSession {
    fn default() -> HubSession {
        HubSession::new()
    }
}

#[wasm_bindgen]
impl HubSession {
    /// A session before the GUI's `hub` line.
    #[wasm_bindgen(constructor)]
    pub fn new() -> HubSession {
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
        }
    }

    /// Handles one line from the GUI; returns the engine's answers in order. `onLine(line)`, if
    /// given, also receives each answer as it is made (the `info` lines of a search as it
    /// deepens). Bad lines are answered with `error` lines, never thrown.
    pub fn feed(
        &mut self,
        line: &str,
        #[wasm_bindgen(unchecked_param_type = "((line: string) => void) | undefined")]
        on_line: Option<js_sys::Function>,
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
                    search(&self.engine, request, &mut send);
                    self.session.search_finished();
                }
                // Nothing runs between two lines: stop, ponder-hit and quit have nothing to end.
                _ => {}
            }
        }
        out
    }
}

/// The engine the parameters ask for (hash size, the shipped book or none; one thread).
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
    #[cfg(feature = "book")]
    if text("book") == Some("true") {
        config.book = Some(shashki::book::Book::shipped());
    }
    config
}

/// Runs `request` to its end, sending its `info` lines and its `done` line.
fn search(engine: &shashki::Engine, request: SearchRequest, send: &mut impl FnMut(String)) {
    let limit = request.level.limit();
    if request.mode != GoMode::Think || matches!(limit, SearchLimit::Infinite) {
        send(hub::error_line(
            "this engine runs inside one call: only `go think` under a finite level (ponder, analyze and `level infinite` need the package's Worker)",
        ));
        send(hub::done_line(None, None));
        return;
    }
    let root = *request.game.position();
    let result = engine.search(&request.game, limit, |info| {
        send(hub::search_info_line(&root, info));
    });
    send(hub::search_done_line(&root, &result));
}
