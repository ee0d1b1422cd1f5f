//! The ground floor: what every other floor of the game may use and that uses nothing of the game.
//!
//! The frame's stages ([`GameSet`]), the board's colours ([`palette`]), the time control
//! ([`TimeControl`]), the board ↔ screen geometry ([`geometry`]) and the interface font (files
//! are written by the library's `shashki::write_atomically`). Nothing here imports from another module of the crate: the floors above
//! (`text`, `core`, `engine`, `view`) build on it, never the other way.

pub mod geometry;
pub mod palette;
pub mod time_control;

use bevy::prelude::SystemSet;

pub use time_control::{TimeControl, TimeControlError};

/// The stages of every frame, in order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Pointer, buttons and finished engine searches become commands.
    Input,
    /// Commands change the game record.
    Rules,
    /// Entities are re-synced from the record.
    View,
}

/// The interface font (DejaVu Sans: Latin and Cyrillic; licence in `assets/fonts`), embedded.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
