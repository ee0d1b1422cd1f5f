//! The engine's one clock: `Instant` from the standard library, or from `web-time` on the web.
//!
//! `std::time::Instant::now()` panics on `wasm32-unknown-unknown` (there is no system clock
//! behind it), so every search in a browser or in node would die at its first time check.
//! `web-time` gives the same type backed by `performance.now()` there and is the standard
//! library's own type everywhere else. The search, its time manager, the levels and the
//! tablebase probes take the time from here and nowhere else; a fixed-depth search reads the
//! clock but never branches on it, so it visits the same nodes on every target.

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use web_time::Instant;
