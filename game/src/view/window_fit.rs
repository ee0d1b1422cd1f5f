//! The window on the screen: the first window (1200×780), a saved size or the flags' is made to fit
//! the screen it opens on, once, as soon as winit has said how large that screen is.
//!
//! `main` cannot know the screen before the app runs; `fit_once` waits for the primary
//! [`Monitor`] entity (winit spawns it at start-up), turns its physical size into logical pixels
//! and resizes the primary window with the pure [`fit_window`]. A window the player resizes later
//! is left alone.

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow};

use crate::ground::geometry::fit_window;

/// Registers the one-time fit.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, fit_once);
}

fn fit_once(
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Ok(monitor), Ok(mut window)) = (monitors.single(), windows.single_mut()) else {
        return;
    };
    *done = true;
    let scale = monitor.scale_factor.max(0.1) as f32;
    let screen = monitor.physical_size().as_vec2() / scale;
    let now = Vec2::new(window.width(), window.height());
    let fitted = fit_window(now, screen);
    if fitted != now {
        window.resolution.set(fitted.x, fitted.y);
    }
}
