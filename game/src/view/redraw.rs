//! Redraw only when something changes: the window sleeps while nothing happens, draws every
//! frame while the board animates, a piece is dragged or an illegal click's mark fades, and
//! while the engine thinks draws when the engine has news (a deeper iteration, its move).
//!
//! Bevy's winit loop runs in [`UpdateMode::reactive`] (a frame on input, window events or after
//! [`IDLE_WAIT`]); `choose_update_mode` (in `PostUpdate`, after the view has synced) switches
//! [`WinitSettings`] to continuous while [`busy`] says the picture changes by itself, or the
//! record or notice changed in this frame (its consequences, such as the engine starting or the
//! board animating, show in the next frames), and back when it is still. While the engine
//! thinks the window sleeps too: the engine's back end wakes it through
//! [`WindowWaker`](crate::ground::window_waker::WindowWaker) when it has something to show, and
//! [`THINKING_WAIT`] is only a safety net. Drawing every frame while thinking took the search's
//! CPU for pictures that did not change: at 2560×1440 under a software renderer the window drew
//! 5–9 frames a second, with frames up to 302 ms, on the core the search wanted. A running clock wakes
//! the window as often as its shown time changes (each second, each tenth in the last ten
//! seconds), which is also when its running out is noticed. The waits are fixed periods: Bevy's
//! winit loop draws a frame at once whenever the update mode changes.

use std::time::Duration;

use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::core::clock::{Clocks, clock_runs};
use crate::core::notice::Notice;
use crate::core::record::GameRecord;
use crate::core::sync::{Analysis, ViewSync};
use crate::engine::engine_task::Thinking;
use crate::view::input::{ClickFeedback, Drag, FEEDBACK_SECONDS};

/// The longest the window sleeps without input: nothing on the screen changes by itself while
/// idle, so this is only a safety net.
pub const IDLE_WAIT: Duration = Duration::from_secs(5);
/// The longest the window sleeps while the engine thinks: the back end wakes it with each
/// piece of news, so this only bounds how stale the thinking line can get if a wake-up is lost.
pub const THINKING_WAIT: Duration = Duration::from_secs(1);
/// How often the window wakes while a text field has the keyboard: as often as the cursor
/// blinks on or off (Bevy's blink period is a second), no more. A player typing moves keeps the
/// keyboard in the field; at 2560×1440 under a software renderer four frames a second took half
/// a core, two take a quarter.
pub const TYPING_WAIT: Duration = Duration::from_millis(500);

/// Registers the update-mode switch. It only sets the [`WinitSettings`] resource, which the
/// winit window of `DefaultPlugins` reads; public so that the headless tests can check what it
/// decides.
pub fn plugin(app: &mut App) {
    app.insert_resource(settings(UpdateMode::reactive(IDLE_WAIT)))
        .add_systems(PostUpdate, choose_update_mode);
}

fn settings(focused: UpdateMode) -> WinitSettings {
    WinitSettings {
        focused_mode: focused,
        unfocused_mode: match focused {
            UpdateMode::Continuous => UpdateMode::Continuous,
            UpdateMode::Reactive { wait, .. } => UpdateMode::reactive_low_power(wait),
        },
    }
}

/// Whether the picture changes without input: the board animating, a drag, or a fading
/// illegal-click mark. (The engine's thinking changes it only when the engine has news, which
/// wakes the window by itself.)
#[must_use]
pub fn busy(view: ViewSync, dragging: bool, feedback_age: Option<f64>) -> bool {
    view == ViewSync::Busy || dragging || feedback_age.is_some_and(|age| age < FEEDBACK_SECONDS)
}

/// What moves on screen: the board animating, a drag, a fading mark; and the engine thinking.
#[derive(bevy::ecs::system::SystemParam)]
struct Motion<'w> {
    thinking: Res<'w, Thinking>,
    view: Res<'w, ViewSync>,
    drag: Res<'w, Drag>,
    feedback: Res<'w, ClickFeedback>,
    time: Res<'w, Time>,
}

/// What the window waits for: a change of the record or the notice, the text cursor, a clock.
#[derive(bevy::ecs::system::SystemParam)]
struct Waits<'w, 's> {
    focus: Option<Res<'w, InputFocus>>,
    windows: Query<'w, 's, (), With<Window>>,
    record: Res<'w, GameRecord>,
    notice: Res<'w, Notice>,
    clocks: Res<'w, Clocks>,
    analysis: Res<'w, Analysis>,
}

fn choose_update_mode(motion: Motion, waits: Waits, mut settings_res: ResMut<WinitSettings>) {
    let Motion {
        thinking,
        view,
        drag,
        feedback,
        time,
    } = motion;
    let Waits {
        focus,
        windows,
        record,
        notice,
        clocks,
        analysis,
    } = waits;
    let age = feedback
        .square
        .map(|_| time.elapsed_secs_f64() - feedback.at);
    let changed = record.is_changed() || notice.is_changed();
    let moving = busy(*view, drag.from.is_some(), age);
    let mut wait = IDLE_WAIT;
    if thinking.purpose.is_some() {
        wait = wait.min(THINKING_WAIT);
    }
    if crate::view::shortcuts::typing(focus.as_deref(), &windows) {
        wait = wait.min(TYPING_WAIT);
    }
    if clock_runs(&record, &clocks, analysis.0) {
        let side = record.game().position().side_to_move();
        wait = wait.min(clocks.redraw_every(side));
    }
    let mode = if changed || moving {
        UpdateMode::Continuous
    } else {
        UpdateMode::reactive(wait)
    };
    if settings_res.focused_mode != mode {
        *settings_res = settings(mode);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_draws_continuously_only_while_the_picture_moves() {
        assert!(!busy(ViewSync::Showing(3), false, None));
        assert!(!busy(ViewSync::Reviewing, false, Some(5.0)));
        assert!(busy(ViewSync::Busy, false, None));
        assert!(busy(ViewSync::Showing(3), true, None));
        assert!(busy(ViewSync::Showing(3), false, Some(0.1)));
    }
}
