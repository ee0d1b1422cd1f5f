//! The game's one door to the wall clock: every `Instant` and `SystemTime` the game reads comes
//! from here.
//!
//! The frame's own time is Bevy's `Time`; this is for the rest (today's date in a saved game,
//! the seed of the weak levels' choices, how long a line stays on screen, the frame-rate log).
//! On the desktop it is `std::time`; a browser build has no `std::time::Instant` (it panics on
//! `wasm32-unknown-unknown`), so there these are the `web-time` crate's types of the same names
//! (`performance.now()` and `Date.now()`), and nothing else changes.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(target_arch = "wasm32")]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// Nanoseconds since the Unix epoch (0 if the system clock is set before it): a seed that is
/// new every run.
#[must_use]
pub fn nanos_since_epoch() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Whole days since the Unix epoch (UTC; 0 if the system clock is set before it).
#[must_use]
pub fn days_since_epoch() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}
