//! Board ↔ screen geometry: where each square is drawn for a given window size and orientation,
//! and which square a pointer position falls on.
//!
//! Everything here is a pure function of a [`BoardLayout`], so it is unit-tested without a
//! window. Positions are in window coordinates (logical pixels, origin top-left, y down) as
//! `Window::cursor_position` gives them; [`BoardLayout::to_world`] converts to the 2D camera's
//! world space (origin at the window centre, y up) for placing sprites.

use bevy::math::Vec2;
use shashki::Square;

/// Width of the side panel in the reference window, in logical pixels; it scales with the window
/// ([`panel_width`]) and the board takes the rest.
pub const PANEL_WIDTH: f32 = 360.0;
/// The window size the panel is designed for (scale 1).
pub const REFERENCE_WINDOW: Vec2 = Vec2::new(1200.0, 780.0);
/// The smallest scale of the panel (its texts stay readable in the minimum window).
pub const MIN_UI_SCALE: f32 = 0.72;
/// The largest scale of the panel.
pub const MAX_UI_SCALE: f32 = 2.5;
/// The smallest window the game allows (logical pixels).
pub const MIN_WINDOW: Vec2 = Vec2::new(640.0, 480.0);

/// The window's size on a screen of `screen` logical pixels: the size wanted (the saved one, the
/// flags', or the first run's), made no larger than the screen leaves for it (a title bar and a
/// task bar take some: 92 % of each side) and no smaller than [`MIN_WINDOW`].
#[must_use]
pub fn fit_window(wanted: Vec2, screen: Vec2) -> Vec2 {
    let room = (screen * 0.92).floor();
    wanted.min(room).max(MIN_WINDOW)
}

/// Whether the panel goes below the board instead of beside it: in a window narrower than the
/// desktop allows ([`MIN_WINDOW`]) and taller than wide — a phone held upright, in a browser.
/// The desktop's windows never are.
#[must_use]
pub fn panel_below(window: Vec2) -> bool {
    window.x < MIN_WINDOW.x && window.y > window.x
}

/// The height of the band at the top of a window whose panel is below the board
/// ([`panel_below`]): the board as wide as the window, leaving the panel at least 45 % of it.
#[must_use]
pub fn board_band(window: Vec2) -> f32 {
    window.x.min(window.y * 0.55)
}

/// The scale of the panel (its width, fonts, buttons) for a window: how much larger the window is
/// than [`REFERENCE_WINDOW`] in its tighter direction, within [`MIN_UI_SCALE`]..[`MAX_UI_SCALE`].
/// Below the board ([`panel_below`]) the panel is as wide as the window, at scale 1 or less.
#[must_use]
pub fn ui_scale(window: Vec2) -> f32 {
    if panel_below(window) {
        return (window.x / PANEL_WIDTH).clamp(MIN_UI_SCALE, 1.0);
    }
    let ratio = window / REFERENCE_WINDOW;
    ratio.x.min(ratio.y).clamp(MIN_UI_SCALE, MAX_UI_SCALE)
}

/// The width of the side panel in a window, in logical pixels (below the board: the window's).
#[must_use]
pub fn panel_width(window: Vec2) -> f32 {
    if panel_below(window) {
        return window.x;
    }
    PANEL_WIDTH * ui_scale(window)
}

/// Where the panel is in a window, in logical pixels: `(top-left corner, size)` — the right
/// edge beside the board, or the part below the board's band ([`panel_below`]).
#[must_use]
pub fn panel_area(window: Vec2) -> (Vec2, Vec2) {
    if panel_below(window) {
        let band = board_band(window);
        return (Vec2::new(0.0, band), Vec2::new(window.x, window.y - band));
    }
    let width = panel_width(window);
    (Vec2::new(window.x - width, 0.0), Vec2::new(width, window.y))
}
/// Margin around the board for the coordinates, in squares.
pub const MARGIN_SQUARES: f32 = 0.6;
/// The smallest square size the layout shrinks to, in logical pixels.
pub const MIN_SQUARE: f32 = 8.0;

/// Where the board is drawn in the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Window size in logical pixels.
    pub window: Vec2,
    /// Top-left corner of the 8×8 board in window coordinates.
    pub origin: Vec2,
    /// Side of one square in logical pixels.
    pub square: f32,
    /// Whether Black is at the bottom.
    pub flipped: bool,
}

impl BoardLayout {
    /// The largest board (plus coordinate margins) that fits left of the side panel, centred
    /// (above it when the panel is below: [`panel_below`]).
    #[must_use]
    pub fn fit(window: Vec2, flipped: bool) -> BoardLayout {
        if panel_below(window) {
            let area = Vec2::new(window.x, board_band(window));
            return BoardLayout::fit_in(window, area, flipped);
        }
        BoardLayout::fit_beside(window, panel_width(window), flipped)
    }

    /// The largest board that fits left of a panel `panel` wide, centred.
    #[must_use]
    pub fn fit_beside(window: Vec2, panel: f32, flipped: bool) -> BoardLayout {
        let area = Vec2::new((window.x - panel).max(0.0), window.y);
        BoardLayout::fit_in(window, area, flipped)
    }

    /// The largest board that fits in the window's top-left `area`, centred in it.
    fn fit_in(window: Vec2, area: Vec2, flipped: bool) -> BoardLayout {
        let square = (area.x.min(area.y) / (8.0 + 2.0 * MARGIN_SQUARES)).max(MIN_SQUARE);
        let origin = area / 2.0 - Vec2::splat(4.0 * square);
        BoardLayout {
            window,
            origin,
            square,
            flipped,
        }
    }

    /// The column (0 = left) and row (0 = top) on screen of `file` and `rank` (0-based).
    #[must_use]
    pub fn cell_of(&self, file: u8, rank: u8) -> (u8, u8) {
        if self.flipped {
            (7 - file, rank)
        } else {
            (file, 7 - rank)
        }
    }

    /// The centre of the cell at `file`, `rank` (0-based, light squares too), window coordinates.
    #[must_use]
    pub fn cell_center(&self, file: u8, rank: u8) -> Vec2 {
        let (column, row) = self.cell_of(file, rank);
        self.origin + (Vec2::new(f32::from(column), f32::from(row)) + 0.5) * self.square
    }

    /// The centre of `square` in window coordinates.
    #[must_use]
    pub fn square_center(&self, square: Square) -> Vec2 {
        self.cell_center(square.file(), square.rank())
    }

    /// The file and rank (0-based) under `point`, light squares included; `None` off the board.
    #[must_use]
    pub fn cell_at(&self, point: Vec2) -> Option<(u8, u8)> {
        let local = (point - self.origin) / self.square;
        if local.x < 0.0 || local.y < 0.0 || local.x >= 8.0 || local.y >= 8.0 {
            return None;
        }
        // Both in 0..8 after the check above.
        let (column, row) = (local.x as u8, local.y as u8);
        Some(if self.flipped {
            (7 - column, row)
        } else {
            (column, 7 - row)
        })
    }

    /// The dark square under `point`; `None` off the board or on a light square.
    #[must_use]
    pub fn square_at(&self, point: Vec2) -> Option<Square> {
        self.cell_at(point)
            .and_then(|(file, rank)| Square::from_coords(file, rank))
    }

    /// Where the file letter of `file` is written (below the board), window coordinates.
    #[must_use]
    pub fn file_label(&self, file: u8) -> Vec2 {
        let (column, _) = self.cell_of(file, 0);
        self.origin
            + Vec2::new(
                (f32::from(column) + 0.5) * self.square,
                (8.0 + MARGIN_SQUARES / 2.0) * self.square,
            )
    }

    /// Where the rank digit of `rank` is written (left of the board), window coordinates.
    #[must_use]
    pub fn rank_label(&self, rank: u8) -> Vec2 {
        let (_, row) = self.cell_of(0, rank);
        self.origin
            + Vec2::new(
                -MARGIN_SQUARES / 2.0 * self.square,
                (f32::from(row) + 0.5) * self.square,
            )
    }

    /// The centre of the whole 8×8 board, window coordinates.
    #[must_use]
    pub fn board_center(&self) -> Vec2 {
        self.origin + Vec2::splat(4.0 * self.square)
    }

    /// Converts window coordinates to 2D world coordinates (camera at the origin, y up).
    #[must_use]
    pub fn to_world(&self, point: Vec2) -> Vec2 {
        Vec2::new(point.x - self.window.x / 2.0, self.window.y / 2.0 - point.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: Vec2, b: Vec2) -> bool {
        a.distance(b) < 1e-3
    }

    fn layout(flipped: bool) -> BoardLayout {
        BoardLayout::fit_beside(Vec2::new(PANEL_WIDTH + 920.0, 920.0), PANEL_WIDTH, flipped)
    }

    #[test]
    fn the_window_fits_the_screen() {
        let first = Vec2::new(1200.0, 780.0);
        assert_eq!(fit_window(first, Vec2::new(1920.0, 1080.0)), first);
        // A small screen: the whole window on it, never below the smallest window.
        assert_eq!(
            fit_window(first, Vec2::new(1024.0, 768.0)),
            Vec2::new(942.0, 706.0)
        );
        assert_eq!(fit_window(first, Vec2::new(640.0, 480.0)), MIN_WINDOW);
        // A saved size from a larger screen shrinks; a small one stays.
        assert_eq!(
            fit_window(Vec2::new(2560.0, 1440.0), Vec2::new(1366.0, 768.0)),
            Vec2::new(1256.0, 706.0)
        );
        assert_eq!(
            fit_window(Vec2::new(800.0, 600.0), Vec2::new(2560.0, 1440.0)),
            Vec2::new(800.0, 600.0)
        );
    }

    #[test]
    fn the_panel_scales_with_the_window_within_bounds() {
        assert_eq!(ui_scale(REFERENCE_WINDOW), 1.0);
        assert_eq!(ui_scale(MIN_WINDOW), MIN_UI_SCALE);
        assert!((ui_scale(Vec2::new(2560.0, 1440.0)) - 1440.0 / 780.0).abs() < 1e-4);
        assert_eq!(ui_scale(Vec2::new(8000.0, 8000.0)), MAX_UI_SCALE);
        assert_eq!(panel_width(REFERENCE_WINDOW), PANEL_WIDTH);
        // In every size the board keeps at least as much width as the panel.
        for window in [MIN_WINDOW, REFERENCE_WINDOW, Vec2::new(2560.0, 1440.0)] {
            let board = BoardLayout::fit(window, false);
            assert!(8.0 * board.square >= panel_width(window) * 0.9, "{window}");
            assert!(board.origin.x + 8.0 * board.square <= window.x - panel_width(window));
        }
    }

    #[test]
    fn a_phone_held_upright_has_the_board_on_top_and_the_panel_below() {
        let phone = Vec2::new(390.0, 844.0);
        assert!(panel_below(phone));
        for desktop in [MIN_WINDOW, REFERENCE_WINDOW, Vec2::new(640.0, 900.0)] {
            assert!(!panel_below(desktop), "{desktop}");
        }
        // A phone on its side keeps the panel beside the board.
        assert!(!panel_below(Vec2::new(844.0, 390.0)));
        let board = BoardLayout::fit(phone, false);
        let (corner, size) = panel_area(phone);
        assert_eq!(
            (corner, size),
            (Vec2::new(0.0, 390.0), Vec2::new(390.0, 454.0))
        );
        // The board and its margins fill the band, inside the window and above the panel.
        let margin = MARGIN_SQUARES * board.square;
        assert!(board.origin.x - margin >= -1e-3 && board.origin.y - margin >= -1e-3);
        assert!(board.origin.x + 8.0 * board.square + margin <= phone.x + 1e-3);
        assert!(board.origin.y + 8.0 * board.square + margin <= corner.y + 1e-3);
        assert!(8.0 * board.square > 0.8 * phone.x);
        // The panel is as wide as the window, at its designed size or smaller.
        assert_eq!(panel_width(phone), phone.x);
        assert!((ui_scale(phone) - 1.0).abs() < 1e-6);
        assert!((ui_scale(Vec2::new(320.0, 640.0)) - 320.0 / PANEL_WIDTH).abs() < 1e-6);
    }

    #[test]
    fn board_fits_left_of_the_panel_with_margins() {
        let l = layout(false);
        assert!((l.square - 100.0).abs() < 1e-3);
        assert_eq!(l.origin, Vec2::new(60.0, 60.0));
        let small =
            BoardLayout::fit_beside(Vec2::new(PANEL_WIDTH + 1000.0, 460.0), PANEL_WIDTH, false);
        assert!((small.square - 50.0).abs() < 1e-3);
        assert!(small.origin.x + 8.0 * small.square <= 1000.0);
    }

    #[test]
    fn a1_is_bottom_left_unless_flipped() {
        let a1 = Square::from_coords(0, 0).unwrap();
        let h8 = Square::from_coords(7, 7).unwrap();
        let l = layout(false);
        assert_eq!(l.square_center(a1), Vec2::new(110.0, 810.0));
        assert_eq!(l.square_center(h8), Vec2::new(810.0, 110.0));
        let f = layout(true);
        assert_eq!(f.square_center(a1), Vec2::new(810.0, 110.0));
        assert_eq!(f.square_center(h8), Vec2::new(110.0, 810.0));
    }

    #[test]
    fn square_at_inverts_square_center_in_both_orientations() {
        for flipped in [false, true] {
            let l = layout(flipped);
            for square in Square::ALL {
                let c = l.square_center(square);
                assert_eq!(l.square_at(c), Some(square));
                assert_eq!(l.square_at(c + Vec2::splat(49.0)), Some(square));
                assert_eq!(l.square_at(c - Vec2::splat(49.0)), Some(square));
            }
        }
    }

    #[test]
    fn light_squares_and_outside_points_are_no_square() {
        let l = layout(false);
        assert_eq!(l.square_at(l.cell_center(1, 0)), None);
        assert_eq!(l.cell_at(l.cell_center(1, 0)), Some((1, 0)));
        assert_eq!(l.square_at(Vec2::new(59.0, 500.0)), None);
        assert_eq!(l.square_at(Vec2::new(500.0, 861.0)), None);
        assert_eq!(l.square_at(Vec2::new(1000.0, 500.0)), None);
    }

    #[test]
    fn labels_sit_in_the_margins() {
        let l = layout(false);
        assert!(near(l.file_label(0), Vec2::new(110.0, 890.0)));
        assert!(near(l.rank_label(0), Vec2::new(30.0, 810.0)));
        let f = layout(true);
        assert!(near(f.file_label(0), Vec2::new(810.0, 890.0)));
        assert!(near(f.rank_label(0), Vec2::new(30.0, 110.0)));
    }

    #[test]
    fn world_coordinates_have_the_origin_at_the_window_centre() {
        let l = layout(false);
        assert_eq!(l.to_world(Vec2::new(640.0, 460.0)), Vec2::ZERO);
        assert_eq!(l.to_world(Vec2::ZERO), Vec2::new(-640.0, 460.0));
    }
}
