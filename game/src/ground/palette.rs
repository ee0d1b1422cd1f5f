//! The board's colours, in one place.
//!
//! The board view paints its sprites with them and the texture builder bakes the squares'
//! image from them, so they sit below both (no view module imports another for a colour).

use bevy::prelude::Color;

/// Window background.
pub const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.14);
/// The wooden frame around the squares.
pub const FRAME: Color = Color::srgb(0.27, 0.18, 0.11);
/// The frame while an earlier position of the game is shown (the review's blue).
pub const REVIEW_FRAME: Color = Color::srgb(0.22, 0.45, 0.70);
/// Light squares.
pub const LIGHT: Color = Color::srgb(0.93, 0.85, 0.70);
/// Dark (playing) squares.
pub const DARK: Color = Color::srgb(0.55, 0.37, 0.23);
/// White pieces.
pub const WHITE_PIECE: Color = Color::srgb(0.98, 0.95, 0.88);
/// Black pieces.
pub const BLACK_PIECE: Color = Color::srgb(0.16, 0.14, 0.13);
/// Crowns of kings.
pub const CROWN: Color = Color::srgb(0.93, 0.70, 0.15);
/// Coordinates.
pub const LABEL: Color = Color::srgb(0.80, 0.78, 0.72);
/// Last move's squares.
pub const LAST_MOVE: Color = Color::srgba(0.95, 0.85, 0.25, 0.45);
/// The selected piece's square.
pub const SELECTED: Color = Color::srgba(0.30, 0.80, 0.35, 0.60);
/// Destinations of the selected piece.
pub const DESTINATION: Color = Color::srgba(0.30, 0.85, 0.35, 0.75);
/// Landing squares while choosing a capture route.
pub const ROUTE: Color = Color::srgba(1.00, 0.55, 0.10, 0.85);
/// Pieces that must capture.
pub const MUST_CAPTURE: Color = Color::srgb(1.00, 0.40, 0.10);
/// The hint.
pub const HINT: Color = Color::srgba(0.25, 0.55, 1.00, 0.55);
/// An illegal click.
pub const ILLEGAL: Color = Color::srgba(0.95, 0.10, 0.10, 0.70);
