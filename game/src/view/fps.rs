//! `--log-fps`: logs the frame rate once a second, split by whether the engine was thinking,
//! to check that the window stays responsive during searches. While the engine thinks the
//! window sleeps between its news (`view/redraw.rs`), so there the longest frame is mostly sleep.
//!
//! Counts frames and the longest frame per wall-clock second and prints one line to stderr:
//! `fps 58 (longest frame 21.3 ms, engine thinking)`.

use std::time::Duration;

use crate::ground::wall_clock::Instant;

use bevy::prelude::*;

use crate::engine::engine_task::Thinking;

/// Frames counted in the current second.
#[derive(Resource)]
struct FrameCount {
    since: Instant,
    last: Instant,
    frames: u32,
    longest: Duration,
    thinking_frames: u32,
}

/// Registers the frame-rate log.
pub fn plugin(app: &mut App) {
    let now = Instant::now();
    app.insert_resource(FrameCount {
        since: now,
        last: now,
        frames: 0,
        longest: Duration::ZERO,
        thinking_frames: 0,
    })
    .add_systems(Last, count_frames);
}

fn count_frames(mut count: ResMut<FrameCount>, thinking: Res<Thinking>) {
    let now = Instant::now();
    let frame = now - count.last;
    count.last = now;
    count.frames += 1;
    count.longest = count.longest.max(frame);
    if thinking.purpose.is_some() {
        count.thinking_frames += 1;
    }
    let elapsed = now - count.since;
    if elapsed >= Duration::from_secs(1) {
        let fps = f64::from(count.frames) / elapsed.as_secs_f64();
        let state = if count.thinking_frames == count.frames {
            "engine thinking"
        } else if count.thinking_frames == 0 {
            "idle"
        } else {
            "engine thinking part of the time"
        };
        eprintln!(
            "fps {fps:.1} (longest frame {:.1} ms, {state}, depth {})",
            count.longest.as_secs_f64() * 1000.0,
            thinking.progress.depth
        );
        *count = FrameCount {
            since: now,
            last: now,
            frames: 0,
            longest: Duration::ZERO,
            thinking_frames: 0,
        };
    }
}
