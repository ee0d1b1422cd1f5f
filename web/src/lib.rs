//! Russian draughts (shashki) for web pages: the `shashki` library as a WebAssembly module.
//!
//! `wasm-bindgen` turns this crate into the npm package of `web/package/` (an ES module, its
//! `.wasm`, TypeScript types and a ready Worker script, `web/README.md`). Each file wraps one
//! part of the library for JavaScript, in this order (each uses only those before it):
//! `errors.rs` (the library's errors as JavaScript `Error`s, names of colours and squares),
//! `position.rs` (positions, legal moves in both notations, perft), `game.rs` (games with the
//! draw rules), `pdn.rs` (PDN files read and written), `book.rs` (the shipped opening book),
//! `engine.rs` (the engine: limits, levels, info as it deepens) and `hub.rs` (a Hub session for
//! pages that speak Scan's protocol). The rules, the formats and the search are the library's;
//! nothing here decides a move's legality.
//!
//! In a page the engine runs in a Web Worker (`web/package/worker.js`) so the page never blocks;
//! `web/package/engine-worker.js` is the page's side of it, `stop` included.

mod errors;

#[cfg(feature = "book")]
mod book;
mod engine;
mod game;
mod hub;
mod pdn;
mod position;

#[cfg(feature = "book")]
pub use book::{BookMove, book_moves};
pub use engine::{Engine, SearchInfo, SearchResult, engine_config};
pub use game::{Game, GameStatus};
pub use hub::{HubSearch, HubSession};
pub use pdn::{PdnReading, PdnRecord, read_pdn};
pub use position::{MoveInfo, Position, perft};
