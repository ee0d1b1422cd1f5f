//! The ground floor: what every other floor of the game may use and that uses nothing of the game.
//!
//! The frame's stages ([`GameSet`]), the board's colours ([`palette`]), the time control
//! ([`TimeControl`]), the board ↔ screen geometry ([`geometry`]), the interface font and the
//! one door to the wall clock ([`wall_clock`]), the one to what is kept between runs
//! ([`storage`]: files, or the page's `localStorage`); in a browser, the picked files and the
//! downloads (`page_files`, in a browser build only); and the waker that lets the engine's back
//! end wake a sleeping window ([`window_waker`]). Nothing here imports from another module of
//! the crate: the floors above (`text`, `core`, `engine`, `view`) build on it, never the other
//! way.

pub mod geometry;
#[cfg(target_arch = "wasm32")]
pub mod page_files;
pub mod palette;
pub mod storage;
pub mod time_control;
pub mod wall_clock;
pub mod window_waker;

use bevy::prelude::SystemSet;

pub use time_control::{TimeControl, TimeControlError};

/// The stages of every frame, in order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Pointer, keys, buttons and the engine's replies become messages (one type per concern).
    Input,
    /// Each concern's messages are applied by the system that owns them (the record, files,
    /// the list, the setup, the puzzle mode).
    Rules,
    /// What follows the record (the clocks, the engine task, the evaluation bar, the puzzle
    /// mode's judge) reads the record's changes and keeps in step.
    Follow,
    /// Entities are re-synced from the record.
    View,
}

/// The interface font (DejaVu Sans: Latin and Cyrillic; licence in `assets/fonts`), embedded.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
