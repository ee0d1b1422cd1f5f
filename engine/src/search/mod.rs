//! The engine: finds the best move of a game position within a limit, on one or more threads.
//!
//! [`Engine`] owns the shared transposition table (`tt.rs`), the per-thread move-ordering
//! heuristics and a stop flag. [`Engine::search`] turns the [`SearchLimit`] into a budget
//! (`limits.rs`), starts `threads − 1` helper threads for this search (scoped threads of its own,
//! ended with it) and runs the main thread on the caller's thread (Lazy SMP: all threads search
//! the same root and share what they learn through the table, helpers starting at staggered
//! depths); see `thread.rs` for the search itself. The helpers are plain threads, not a rayon
//! pool: a caller that is itself a rayon worker (the match runner plays its games on a rayon
//! pool) would, while waiting for a pool's helpers, run other jobs of its own pool on its stack —
//! whole games nested inside a move, their engines and threads alive until the outer move ends
//! (a match with two threads per engine grew to 1 GB in 100 games). Starting a thread costs tens
//! of microseconds, nothing beside a move's search. The main
//! thread reports each completed iteration through the `on_info` callback, and its result is the
//! engine's answer. [`Engine::stop`] (or a [`StopHandle`] on another thread) makes every thread
//! return promptly; the answer is then the best move of the last completed iteration or a move
//! that already beat it, so it is always legal.
//!
//! The files, each using only those below it: the parameters, scores, limits and time manager,
//! the transposition table, the move ordering and picker, the per-ply stack and the draw hook at
//! the bottom; `config.rs` (the [`EngineConfig`]), `result.rs` (what a search reports) and
//! `probe.rs` (the book and the tablebases as the search uses them) above them, and `setup.rs`
//! (an engine set up from names) on the config; then a thread's state (`searcher.rs`) and the
//! files that add its methods: `evaluate.rs`, `pruning.rs` and, on top of them, the algorithm
//! (`thread.rs`); the [`Engine`] (`engine.rs`) on all of these, and the levels (`level.rs`) on
//! the engine. This module only declares and re-exports them.
//!
//! ```
//! use shashki::{Engine, EngineConfig, Game, SearchLimit};
//!
//! let engine = Engine::new(EngineConfig { hash_mb: 8, ..EngineConfig::default() });
//! let mut game = Game::default();
//! game.play_text("c3-d4")?;
//! let result = engine.search(&game, SearchLimit::Depth(6), |info| {
//!     println!("depth {} score {} nodes {}", info.depth, info.score, info.nodes);
//! });
//! let best = result.best_move.expect("the position has moves");
//! assert!(game.position().is_legal(&best));
//! game.play(best)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
mod config;
mod contempt;
mod draw_hook;
mod engine;
mod evaluate;
mod level;
mod limits;
mod ordering;
mod params;
mod picker;
mod probe;
mod pruning;
mod result;
mod score;
mod searcher;
mod setup;
mod stack;
mod thread;
mod tt;

pub use config::{EngineConfig, MAX_HASH_MB, MAX_THREADS};
pub use contempt::{Contempt, ContemptError, MAX_CONTEMPT};
pub use engine::{Engine, StopHandle};
pub use level::{LEVELS, Level, accepts_draw};
pub use limits::{SearchLimit, clock_share};
pub use params::{ONE_PLY, SearchParams};
pub use result::{MoveSource, SearchInfo, SearchResult};
pub use score::Score;
pub use setup::{BookChoice, EngineSetup, LoadedSetup, SetupProblem};
pub use tt::TableAllocError;
// The transposition tables are the engine's inner workings; they are reachable only so that
// `benches/` can compare them (`Engine::<MapTable>::with_table`), not part of the stable API.
#[cfg(feature = "tuning")]
pub use tt::{AtomicTable, MapTable, Table, TtEntry};
