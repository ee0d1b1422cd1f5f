//! The engine's back end in a browser: the searches run in the engine package's Web Worker
//! (`web/package/worker.js`, served as `engine/worker.js` beside the page), so the page keeps
//! drawing and answering clicks while the engine thinks. It replaces [`super::native_backend`]
//! on `wasm32`, behind the same messages of [`crate::engine::port`].
//!
//! `serve_requests` turns each [`SearchRequest::Search`] into one message to the Worker (the
//! game's start FEN and moves in Hub notation, its draw rules, and the limit the purpose and
//! strength ask for, as the native back end's `think` chooses them); the Worker's messages land
//! in an inbox that `poll_worker` drains each frame into [`SearchReply`]s; each message wakes the
//! window ([`WindowWaker`]), which sleeps while the engine thinks. A
//! [`SearchRequest::Stop`] cannot reach a Worker that is searching, so the Worker is ended and a
//! fresh one started: the stopped job is answered at once with the best move of its last
//! completed iteration (`web/README.md`, "How `stop` works").

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use bevy::prelude::*;
use js_sys::{Array, Function, Reflect};
use serde_json::{Value, json};
use shashki::{LEVELS, Level, Move, MoveSource, Notation, Position, Score, SearchLimit};
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

use crate::core::record::{MoveLabel, Strength};
use crate::engine::port::{
    DRAW_OFFER_TIME, HINT_TIME, PortSet, Progress, Purpose, Request, SearchReply, SearchRequest,
    Thought, numbered_line,
};
use crate::ground::GameSet;
use crate::ground::window_waker::WindowWaker;

/// Where the engine package's Worker script is, relative to the page (web/site/build.sh).
const WORKER_URL: &str = "engine/worker.js";

/// The Worker, its inbox and the jobs it has not finished.
pub struct WebEngine {
    /// The page's `Worker` object (reached through `js_sys`: the game needs four of its
    /// members, not `web-sys`'s features and the rebuild of Bevy's web crates they cause).
    worker: Option<JsValue>,
    inbox: Rc<RefCell<VecDeque<Value>>>,
    /// Wakes the window when a message lands (set at start-up, once the window's waker exists).
    waker: Rc<RefCell<WindowWaker>>,
    /// Keeps the message handler alive as long as the Worker.
    on_message: Option<Closure<dyn FnMut(JsValue)>>,
    jobs: HashMap<u64, JobState>,
    /// Seed of the weak levels' choices, new every page load.
    seed: u64,
}

/// What the back end keeps of a running job: its root and the progress so far.
struct JobState {
    root: Position,
    first_number: u32,
    progress: Progress,
    /// The first move of the last reported line.
    best: Option<Move>,
    purpose: Purpose,
}

impl WebEngine {
    fn new() -> WebEngine {
        let mut engine = WebEngine {
            worker: None,
            inbox: Rc::new(RefCell::new(VecDeque::new())),
            waker: Rc::new(RefCell::new(WindowWaker::default())),
            on_message: None,
            jobs: HashMap::new(),
            seed: crate::ground::wall_clock::nanos_since_epoch(),
        };
        engine.spawn();
        engine
    }

    /// Starts a Worker (a module Worker: the package is ES modules).
    fn spawn(&mut self) {
        let inbox = Rc::clone(&self.inbox);
        let waker = Rc::clone(&self.waker);
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
            let text = Reflect::get(&event, &"data".into())
                .ok()
                .and_then(|data| js_sys::JSON::stringify(&data).ok())
                .and_then(|t| t.as_string());
            if let Some(value) = text.and_then(|t| serde_json::from_str(&t).ok()) {
                inbox.borrow_mut().push_back(value);
                waker.borrow().wake();
            }
        });
        let started = (|| {
            let constructor: Function = Reflect::get(&js_sys::global(), &"Worker".into())?.into();
            let options = js_sys::Object::new();
            Reflect::set(&options, &"type".into(), &"module".into())?;
            let arguments = Array::of2(&WORKER_URL.into(), &options);
            let worker = Reflect::construct(&constructor, &arguments)?;
            Reflect::set(&worker, &"onmessage".into(), on_message.as_ref())?;
            Ok::<JsValue, JsValue>(worker)
        })();
        match started {
            Ok(worker) => {
                self.worker = Some(worker);
                self.on_message = Some(on_message);
            }
            Err(why) => error!("the engine's Worker ({WORKER_URL}) could not be started: {why:?}"),
        }
    }

    /// Calls the Worker's method `name` with `argument` (or none).
    fn call(&self, name: &str, argument: Option<&JsValue>) -> Result<(), JsValue> {
        let Some(worker) = &self.worker else {
            return Ok(());
        };
        let method: Function = Reflect::get(worker, &name.into())?.into();
        match argument {
            Some(argument) => method.call1(worker, argument)?,
            None => method.call0(worker)?,
        };
        Ok(())
    }

    fn post(&self, message: &Value) {
        let sent = js_sys::JSON::parse(&message.to_string())
            .and_then(|value| self.call("postMessage", Some(&value)));
        if let Err(why) = sent {
            error!("a message to the engine's Worker failed: {why:?}");
        }
    }

    /// Ends the Worker (whatever it is doing).
    fn terminate(&mut self) {
        if let Err(why) = self.call("terminate", None) {
            error!("the engine's Worker did not end: {why:?}");
        }
        self.worker = None;
        self.on_message = None;
    }
}

/// Registers the back end.
pub(crate) fn plugin(app: &mut App) {
    app.insert_non_send(WebEngine::new())
        .add_systems(Startup, connect_waker)
        .add_systems(
            Update,
            poll_worker.in_set(GameSet::Input).in_set(PortSet::Reply),
        )
        .add_systems(
            Update,
            serve_requests
                .in_set(GameSet::Follow)
                .after(PortSet::Request),
        );
}

/// Hands the window's waker to the Worker's message handler.
fn connect_waker(engine: NonSend<WebEngine>, waker: Res<WindowWaker>) {
    *engine.waker.borrow_mut() = waker.clone();
}

/// The limit, the engine options and the draw-offer side the package's Worker is asked for:
/// the choices of the native back end's `think`.
fn worker_limit(request: Request, seed: u64) -> (Value, Value, Option<&'static str>) {
    let millis = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    let clock = |limit: SearchLimit| match limit {
        SearchLimit::Clock {
            remaining,
            increment,
            moves_to_go,
        } => json!({
            "remainingMs": millis(remaining),
            "incrementMs": millis(increment),
            "movesToGo": moves_to_go,
        }),
        SearchLimit::MoveTime(time) => json!({ "timeMs": millis(time) }),
        SearchLimit::Depth(depth) => json!({ "depth": depth }),
        SearchLimit::Nodes(nodes) => json!({ "nodes": nodes }),
        _ => json!({ "infinite": true }),
    };
    let book = json!({ "book": true });
    match (request.purpose, request.strength) {
        (Purpose::Hint, _) => (json!({ "timeMs": millis(HINT_TIME) }), book, None),
        (Purpose::DrawOffer, _) => {
            let side = match request.engine_side {
                shashki::Color::White => "white",
                shashki::Color::Black => "black",
            };
            (
                json!({ "timeMs": millis(DRAW_OFFER_TIME) }),
                book,
                Some(side),
            )
        }
        (Purpose::Analysis, _) => (json!({ "infinite": true }), json!({ "book": false }), None),
        (Purpose::Move, Strength::MoveTime(time)) => (
            request
                .clock
                .map_or_else(|| json!({ "timeMs": millis(time) }), clock),
            book,
            None,
        ),
        (Purpose::Move, Strength::Level(n)) => {
            let level = Level::get(n).unwrap_or(&LEVELS[0]);
            match (request.clock, level.limit) {
                (Some(limit), SearchLimit::MoveTime(_)) => (clock(limit), book, None),
                _ => (
                    json!({ "level": level.number(), "seed": (seed % (1 << 52)) as f64 }),
                    book,
                    None,
                ),
            }
        }
    }
}

/// Sends each search to the Worker; a stop ends the Worker and answers the job at once.
fn serve_requests(
    mut requests: MessageReader<SearchRequest>,
    mut replies: MessageWriter<SearchReply>,
    mut engine: NonSendMut<WebEngine>,
) {
    for request in requests.read() {
        match request {
            SearchRequest::Search { job, game, request } => {
                let (limit, options, draw_offer) = worker_limit(*request, engine.seed);
                let mut message = json!({
                    "id": job,
                    "kind": "search",
                    // With its draw counter: a game set up from a FEN with `H` keeps it.
                    "fen": game.start_fen(),
                    "moves": game.move_texts(Notation::Hub),
                    "drawRules": game.draw_rules().name(),
                    "limit": limit,
                    "engine": options,
                });
                if let Some(side) = draw_offer {
                    message["drawOffer"] = json!({ "side": side });
                }
                engine.post(&message);
                engine.jobs.insert(
                    *job,
                    JobState {
                        root: *game.position(),
                        first_number: game.move_number(game.moves().len()),
                        progress: Progress::default(),
                        best: None,
                        purpose: request.purpose,
                    },
                );
            }
            SearchRequest::Stop { job } => {
                if !engine.jobs.contains_key(job) {
                    continue;
                }
                // A searching Worker reads no message: end it, answer every job it had.
                engine.terminate();
                engine.inbox.borrow_mut().clear();
                for (job, state) in engine.jobs.drain() {
                    let best = state
                        .best
                        .or_else(|| state.root.legal_moves().first().copied());
                    replies.write(SearchReply::Finished {
                        job,
                        thought: Thought {
                            best,
                            score: Some(state.progress.value),
                            ..Thought::nothing()
                        },
                        progress: state.progress,
                    });
                }
                engine.spawn();
            }
        }
    }
}

/// The moves of the Hub texts `line` from `root`, as far as they are legal.
fn moves_of(root: &Position, line: Option<&Vec<Value>>) -> Vec<Move> {
    let mut position = *root;
    let mut moves = Vec::new();
    for text in line.into_iter().flatten().filter_map(Value::as_str) {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        moves.push(mv);
        position = position.play_unchecked(&mv);
    }
    moves
}

/// The score of a reply's `score` and `pliesToEnd`.
fn score_of(data: &Value) -> Score {
    match data["pliesToEnd"].as_i64() {
        Some(plies) if plies > 0 => Score::win_in_plies(plies as i32),
        Some(plies) if plies < 0 => Score::loss_in_plies(-plies as i32),
        _ => Score(data["score"].as_i64().unwrap_or(0) as i32),
    }
}

/// Turns the Worker's messages into replies.
fn poll_worker(mut replies: MessageWriter<SearchReply>, mut engine: NonSendMut<WebEngine>) {
    let messages: Vec<Value> = engine.inbox.borrow_mut().drain(..).collect();
    for message in messages {
        let Some(job) = message["id"].as_u64() else {
            continue;
        };
        let Some(state) = engine.jobs.get_mut(&job) else {
            continue;
        };
        match message["kind"].as_str() {
            Some("info") => {
                let info = &message["info"];
                let pv = moves_of(&state.root, info["pvHub"].as_array());
                state.best = pv.first().copied();
                state.progress = Progress {
                    depth: info["depth"].as_u64().unwrap_or(0) as u32,
                    value: score_of(info),
                    pv: numbered_line(&state.root, state.first_number, &pv),
                    nodes: info["nodes"].as_u64().unwrap_or(0),
                };
                replies.write(SearchReply::Progress {
                    job,
                    progress: state.progress.clone(),
                });
            }
            Some("done") => {
                let result = &message["result"];
                let best = result["bestMove"]["hub"]
                    .as_str()
                    .and_then(|text| state.root.parse_move(text).ok());
                let source = match result["source"].as_str() {
                    Some("book") => MoveSource::Book,
                    Some("tablebase") => MoveSource::Tablebase,
                    _ => MoveSource::Search,
                };
                let label = match source {
                    MoveSource::Book => Some(MoveLabel::Book),
                    MoveSource::Tablebase => Some(MoveLabel::Tablebase),
                    _ => None,
                };
                let mut progress = state.progress.clone();
                if state.purpose == Purpose::Analysis || progress.depth == 0 {
                    let pv = moves_of(&state.root, result["pvHub"].as_array());
                    progress = Progress {
                        depth: (result["depth"].as_u64().unwrap_or(0) as u32).max(1),
                        value: score_of(result),
                        pv: numbered_line(&state.root, state.first_number, &pv),
                        nodes: result["nodes"].as_u64().unwrap_or(0),
                    };
                }
                let draw_offer = state.purpose == Purpose::DrawOffer;
                let thought = Thought {
                    best: if draw_offer { None } else { best },
                    label,
                    accepts_draw: result["acceptsDraw"].as_bool().unwrap_or(false),
                    score: (!draw_offer).then(|| score_of(result)),
                    source,
                };
                engine.jobs.remove(&job);
                replies.write(SearchReply::Finished {
                    job,
                    thought,
                    progress,
                });
            }
            Some("error") => {
                error!(
                    "the engine's Worker: {}",
                    message["message"].as_str().unwrap_or("unknown error")
                );
                let progress = state.progress.clone();
                engine.jobs.remove(&job);
                replies.write(SearchReply::Finished {
                    job,
                    thought: Thought::nothing(),
                    progress,
                });
            }
            _ => {}
        }
    }
}
