//! The engine's floor: the engine behind a port, the endgame tables built in the background
//! for it ([`tablebases`]) and, on the desktop, a tablebase service asked at the root
//! ([`service`]).
//!
//! Three rooms, in this order: [`port`] (the messages between the game and whatever searches:
//! [`port::SearchRequest`] — search this game for this purpose, or stop — and
//! [`port::SearchReply`] — progress as the search deepens, then the result), [`engine_task`]
//! (what to search and when: it follows the record's changes and the player's
//! [`engine_task::EngineCommand`]s, and turns the replies into the engine's moves, hints, draw
//! answers and the evaluation) and [`native_backend`] (the searches on Bevy's
//! `AsyncComputeTaskPool`). The task and the back end know each other only through the port's
//! messages: a browser build replaces `native_backend.rs` by a back end that posts the same
//! requests to a Web Worker (`web_backend.rs` on `wasm32`; `tablebases`, which builds files,
//! stays out of it), and nothing else changes.
//!
//! Floor: imports [`crate::ground`], [`crate::text`] and [`crate::core`]; the view reads its
//! resources (what the engine thinks, the evaluation), nothing below imports from here. It reads
//! the record, and changes it only through
//! [`RecordCommand`](crate::core::record::RecordCommand)s.

pub mod engine_task;
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub mod native_backend;
pub mod port;
pub mod service;
pub mod tablebases;
#[cfg(target_arch = "wasm32")]
pub mod web_backend;
