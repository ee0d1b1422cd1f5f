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

/// The side panel's colours (the main panel, the puzzle panel and the list of games share them).
pub mod panel {
    use bevy::prelude::Color;

    /// The line between the board and the panel. The panel has no background of its own: it shows
    /// the window's clear colour, because a full-height UI background costs about a sixth of each
    /// frame under a software renderer (lavapipe), more than all the buttons together.
    pub const SEPARATOR: Color = Color::srgb(0.24, 0.25, 0.29);
    /// A button at rest.
    pub const BUTTON: Color = Color::srgb(0.26, 0.28, 0.33);
    /// A button under the pointer.
    pub const BUTTON_HOVER: Color = Color::srgb(0.34, 0.37, 0.44);
    /// A button being pressed.
    pub const BUTTON_PRESSED: Color = Color::srgb(0.30, 0.60, 0.35);
    /// A selected button (the level, clock, rules, language in use; the move under review).
    pub const BUTTON_SELECTED: Color = Color::srgb(0.22, 0.45, 0.70);
    /// Text.
    pub const TEXT: Color = Color::srgb(0.92, 0.92, 0.90);
    /// Secondary text and borders.
    pub const DIM: Color = Color::srgb(0.65, 0.67, 0.70);
    /// Errors, and a clock out of time.
    pub const ERROR: Color = Color::srgb(1.0, 0.45, 0.40);
    /// The engine's thinking line.
    pub const THINK: Color = Color::srgb(0.55, 0.80, 1.0);
    /// The text field's border while it has the keyboard.
    pub const FOCUS: Color = Color::srgb(0.45, 0.70, 1.0);
    /// The live game's last move in the move list.
    pub const LAST_MOVE: Color = Color::srgb(0.22, 0.23, 0.27);
    /// The evaluation bar's black part.
    pub const EVAL_BLACK: Color = Color::srgb(0.08, 0.08, 0.09);
    /// The evaluation bar's white part.
    pub const EVAL_WHITE: Color = Color::srgb(0.93, 0.92, 0.88);
    /// A running clock's background.
    pub const CLOCK_RUNNING: Color = Color::srgb(0.22, 0.45, 0.70);
    /// A stopped clock's background.
    pub const CLOCK_IDLE: Color = Color::srgb(0.17, 0.18, 0.21);
}
