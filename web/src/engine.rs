//! The engine for JavaScript: a search of a game under a limit or a playing level, its progress
//! reported after every completed iteration, its answer always a legal move.
//!
//! An [`Engine`] owns the library's engine (one thread: a page's Worker is one thread) with its
//! transposition table, which it keeps between searches of the same game. A limit is an object
//! (`{depth}`, `{nodes}`, `{timeMs}`, `{remainingMs, incrementMs, movesToGo}`, `{infinite: true}`
//! or `{level}` for the playing levels 1–8); `onInfo` receives a [`SearchInfo`] after each
//! iteration. The search runs to its end on the calling thread: a page runs it in the Worker of
//! `web/package/worker.js`, whose page side stops it (`web/package/engine-worker.js`).

use std::time::Duration;

use shashki::{EngineConfig, Level, MoveSource, Notation, SearchLimit};
use wasm_bindgen::prelude::*;

use crate::game::Game;
use crate::position::MoveInfo;

/// The transposition table of a new engine, in MB (a page has less memory than a program).
const DEFAULT_HASH_MB: usize = 16;

/// What the search reports after each completed iteration.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Nominal depth of the iteration (plies).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move, in hundredths of a man.
    pub score: i32,
    /// Plies to the end when the score is a win (positive) or a loss (negative).
    #[wasm_bindgen(js_name = pliesToEnd)]
    pub plies_to_end: Option<i32>,
    /// Nodes searched so far.
    pub nodes: f64,
    /// Milliseconds since the search started.
    #[wasm_bindgen(js_name = timeMs)]
    pub time_ms: f64,
    /// The principal variation, algebraic (`c3-d4`, …).
    pub pv: Vec<String>,
    /// The principal variation in Hub notation.
    #[wasm_bindgen(js_name = pvHub)]
    pub pv_hub: Vec<String>,
}

/// The answer of a search.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `undefined` only when the side to move has no legal move (it lost).
    #[wasm_bindgen(js_name = bestMove)]
    pub best_move: Option<MoveInfo>,
    /// Score for the side to move, in hundredths of a man.
    pub score: i32,
    /// Plies to the end when the score is a win (positive) or a loss (negative).
    #[wasm_bindgen(js_name = pliesToEnd)]
    pub plies_to_end: Option<i32>,
    /// The last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: f64,
    /// Milliseconds taken.
    #[wasm_bindgen(js_name = timeMs)]
    pub time_ms: f64,
    /// Nodes per second.
    pub nps: f64,
    /// The principal variation, algebraic.
    pub pv: Vec<String>,
    /// The principal variation in Hub notation.
    #[wasm_bindgen(js_name = pvHub)]
    pub pv_hub: Vec<String>,
    /// Where the move comes from: `"search"`, `"book"` or `"tablebase"`.
    pub source: String,
}

/// The engine: its transposition table and, for the weak levels, a second small engine.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
    engine: shashki::Engine,
    /// The engine of the candidate levels (1–5), made on first use (`Level::config`).
    candidates: Option<shashki::Engine>,
}

#[wasm_bindgen]
impl Engine {
    /// An engine with `options`: `{hashMb}` (default 16), `{book}` (default `true`: the
    /// shipped opening book, when the package has it).
    ///
    /// # Errors
    /// Options that are not numbers or booleans, or a table that cannot be allocated.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "{ hashMb?: number; book?: boolean } | undefined")]
        options: JsValue,
    ) -> Result<Engine, JsError> {
        let hash_mb = number_field(&options, "hashMb")?.map_or(DEFAULT_HASH_MB, |mb| mb as usize);
        let book = bool_field(&options, "book")?.unwrap_or(true);
        let config = engine_config(hash_mb, book);
        let engine = shashki::Engine::try_new(config.clone())
            .map_err(|e| JsError::new(&format!("hashMb {hash_mb}: {e}")))?;
        Ok(Engine {
            config,
            engine,
            candidates: None,
        })
    }

    /// Forgets earlier searches (clears the transposition table): call it for a new game.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self) {
        self.engine.new_game();
        if let Some(candidates) = &self.candidates {
            candidates.new_game();
        }
    }

    /// Whether the engine, to move or not in `game`, accepts a draw offer given its `score`
    /// (hundredths of a man, for the engine's side, from a search of the position): the
    /// library's `accepts_draw` (a score of at most +0.25 accepts).
    #[wasm_bindgen(js_name = acceptsDraw)]
    pub fn accepts_draw(&self, game: &Game, score: i32) -> bool {
        shashki::accepts_draw(&self.engine, &game.inner, shashki::Score(score))
    }

    /// Searches the current position of `game` under `limit`; `onInfo(info)` is called after
    /// every completed iteration. Repetitions and the game's draw rules count inside the search.
    ///
    /// # Errors
    /// A limit that is not one of the documented forms, or an exception thrown by `onInfo`
    /// (the search still ran to its end).
    pub fn search(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "SearchLimit")] limit: JsValue,
        #[wasm_bindgen(unchecked_param_type = "((info: SearchInfo) => void) | undefined")]
        on_info: Option<js_sys::Function>,
    ) -> Result<SearchResult, JsError> {
        let chosen = read_limit(&limit)?;
        let root = *game.inner.position();
        let mut thrown: Option<JsValue> = None;
        let report = |info: &shashki::SearchInfo| {
            let Some(callback) = &on_info else { return };
            let value = JsValue::from(info_of(&root, info));
            if let Err(error) = callback.call1(&JsValue::NULL, &value) {
                thrown.get_or_insert(error);
            }
        };
        let result = match chosen {
            Chosen::Limit(limit) => self.engine.search(&game.inner, limit, report),
            Chosen::Level(level, seed) => {
                if level.uses_candidates() {
                    let config = level.config(&self.config);
                    let engine = self
                        .candidates
                        .get_or_insert_with(|| shashki::Engine::new(config));
                    level.search(engine, &game.inner, seed, report)
                } else {
                    level.search(&self.engine, &game.inner, seed, report)
                }
            }
        };
        if let Some(error) = thrown {
            let message = error
                .dyn_ref::<js_sys::Error>()
                .map_or_else(|| format!("{error:?}"), |e| String::from(e.message()));
            return Err(JsError::new(&format!("onInfo threw: {message}")));
        }
        // Never an illegal move, never none when one exists.
        let best = result
            .best_move
            .filter(|mv| root.is_legal(mv))
            .or_else(|| root.legal_moves().first().copied());
        Ok(SearchResult {
            best_move: best.map(|mv| MoveInfo::new(&root, &mv)),
            score: result.score.value(),
            plies_to_end: signed_plies(result.score),
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes as f64,
            time_ms: result.time.as_secs_f64() * 1000.0,
            nps: result.nodes_per_second() as f64,
            pv: line(&root, &result.pv, Notation::Algebraic),
            pv_hub: line(&root, &result.pv, Notation::Hub),
            source: match result.source {
                MoveSource::Book => "book",
                MoveSource::Tablebase => "tablebase",
                _ => "search",
            }
            .to_string(),
        })
    }
}

/// The configuration of an [`Engine`] made with `{hashMb, book}`: one thread, the shipped book
/// when asked for and built in. The native tests search with this very configuration.
pub fn engine_config(hash_mb: usize, book: bool) -> EngineConfig {
    let mut config = EngineConfig {
        hash_mb,
        threads: 1,
        ..EngineConfig::default()
    };
    #[cfg(feature = "book")]
    if book {
        config.book = Some(shashki::book::Book::shipped());
    }
    #[cfg(not(feature = "book"))]
    let _ = book;
    config
}

/// A limit read from JavaScript.
enum Chosen {
    /// One of the library's limits.
    Limit(SearchLimit),
    /// A playing level and the seed of its choices.
    Level(&'static Level, u64),
}

/// The limit object `limit` (see the module documentation): exactly one form.
fn read_limit(limit: &JsValue) -> Result<Chosen, JsError> {
    let millis = |ms: f64| Duration::from_secs_f64(ms.max(0.0) / 1000.0);
    let mut found = Vec::new();
    if let Some(depth) = number_field(limit, "depth")? {
        found.push(Chosen::Limit(SearchLimit::Depth(
            depth.clamp(1.0, 127.0) as u32
        )));
    }
    if let Some(nodes) = number_field(limit, "nodes")? {
        found.push(Chosen::Limit(SearchLimit::Nodes(nodes.max(1.0) as u64)));
    }
    if let Some(ms) = number_field(limit, "timeMs")? {
        found.push(Chosen::Limit(SearchLimit::MoveTime(millis(ms))));
    }
    if let Some(remaining) = number_field(limit, "remainingMs")? {
        found.push(Chosen::Limit(SearchLimit::Clock {
            remaining: millis(remaining),
            increment: millis(number_field(limit, "incrementMs")?.unwrap_or(0.0)),
            moves_to_go: number_field(limit, "movesToGo")?.map(|n| n.max(1.0) as u32),
        }));
    }
    if bool_field(limit, "infinite")? == Some(true) {
        found.push(Chosen::Limit(SearchLimit::Infinite));
    }
    if let Some(number) = number_field(limit, "level")? {
        let level = Level::get(number as usize).ok_or_else(|| {
            JsError::new(&format!(
                "level {number}: the levels are 1 to {}",
                shashki::LEVELS.len()
            ))
        })?;
        let seed = number_field(limit, "seed")?.unwrap_or(0.0) as u64;
        found.push(Chosen::Level(level, seed));
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(JsError::new(
            "search: give a limit: {depth}, {nodes}, {timeMs}, {remainingMs, incrementMs}, {infinite: true} or {level}",
        )),
        _ => Err(JsError::new(
            "search: give one limit, not several (depth, nodes, timeMs, remainingMs, infinite, level)",
        )),
    }
}

/// The number in field `name` of `object`, if the object has it.
fn number_field(object: &JsValue, name: &str) -> Result<Option<f64>, JsError> {
    match field(object, name)? {
        None => Ok(None),
        Some(value) => value
            .as_f64()
            .filter(|n| n.is_finite())
            .map(Some)
            .ok_or_else(|| JsError::new(&format!("`{name}` must be a number, not {value:?}"))),
    }
}

/// The boolean in field `name` of `object`, if the object has it.
pub(crate) fn bool_field(object: &JsValue, name: &str) -> Result<Option<bool>, JsError> {
    match field(object, name)? {
        None => Ok(None),
        Some(value) => value
            .as_bool()
            .map(Some)
            .ok_or_else(|| JsError::new(&format!("`{name}` must be true or false, not {value:?}"))),
    }
}

/// Field `name` of `object` unless it is absent or undefined; an error if `object` is not one.
fn field(object: &JsValue, name: &str) -> Result<Option<JsValue>, JsError> {
    if object.is_undefined() || object.is_null() {
        return Ok(None);
    }
    if !object.is_object() {
        return Err(JsError::new(&format!(
            "expected an object with `{name}`, not {object:?}"
        )));
    }
    let value = js_sys::Reflect::get(object, &JsValue::from_str(name))
        .map_err(|_| JsError::new(&format!("cannot read `{name}`")))?;
    Ok((!value.is_undefined() && !value.is_null()).then_some(value))
}

/// The iteration `info` of a search from `root`, for JavaScript.
fn info_of(root: &shashki::Position, info: &shashki::SearchInfo) -> SearchInfo {
    SearchInfo {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.value(),
        plies_to_end: signed_plies(info.score),
        nodes: info.nodes as f64,
        time_ms: info.time.as_secs_f64() * 1000.0,
        pv: line(root, &info.pv, Notation::Algebraic),
        pv_hub: line(root, &info.pv, Notation::Hub),
    }
}

/// Plies to the end of a decided score: positive for a win, negative for a loss.
fn signed_plies(score: shashki::Score) -> Option<i32> {
    score
        .plies_to_end()
        .map(|plies| if score.is_loss() { -plies } else { plies })
}

/// The moves of `line` from `root` in `notation`, each in the position it is played in; stops
/// at the first move that is not legal there.
pub(crate) fn line(
    root: &shashki::Position,
    moves: &[shashki::Move],
    notation: Notation,
) -> Vec<String> {
    let mut position = *root;
    let mut texts = Vec::with_capacity(moves.len());
    for mv in moves {
        if !position.is_legal(mv) {
            break;
        }
        texts.push(position.write_move(mv, notation));
        position = position.play_unchecked(mv);
    }
    texts
}
