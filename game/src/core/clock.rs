//! Clocks: an optional time control (base time and increment per move) for both sides.
//!
//! [`Clocks`] holds the time each side has left and, for every ply since the clocks were set,
//! the times when that ply began. `follow_record` (in [`GameSet::Follow`](crate::ground::GameSet))
//! keeps them in step with the record's changes ([`RecordChanged`]): a move adds the increment to
//! the side that moved and marks the new ply; taking back or replaying moves restores the times
//! of the ply reached (a move taken back gives its thinking time back, a lost-on-time game taken
//! back can go on); another game (a new game, a FEN, a loaded game) starts both clocks again.
//! The setup's time control ([`SetupCommand::TimeControl`](crate::core::setup::SetupCommand))
//! chooses another control (from the position on the board).
//!
//! Time itself is input: `run_clocks` (in [`GameSet::Input`](crate::ground::GameSet)) takes the
//! real time since the last frame ([`Time<Real>`]) from the clock of the side to move while the game goes on — except while the
//! engine is to move and waits for the player (a review or the analysis), so it never loses time it
//! could not use — and when that clock reaches zero writes [`RecordCommand::TimeUp`]; the record step
//! then ends the game (a loss on time, `2-0` / `0-2` in the move list). Tests drive the clocks with
//! a manual [`Time`] update, never by waiting. The engine reads the time it has left from here and
//! manages it through `SearchLimit::Clock` (see the engine task, `engine::engine_task`, a floor
//! above).

use std::time::Duration;

use crate::ground::TimeControl;
use bevy::prelude::*;
use shashki::Color;

use crate::core::record::RecordCommand;
use crate::core::record::{Change, Controller, GameRecord, RecordChanged};
use crate::core::sync::Analysis;

/// Both sides' clocks (all zero and still without a time control).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// The time control; `None`: no clocks.
    pub control: Option<TimeControl>,
    /// Time left: White's, then Black's.
    left: [Duration; 2],
    /// The ply the clocks were set at.
    first_ply: usize,
    /// The times left when each ply from `first_ply` on began.
    marks: Vec<[Duration; 2]>,
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clocks {
    /// Clocks set to `control` at ply `ply` of the game (both sides full).
    #[must_use]
    pub fn new(control: Option<TimeControl>, ply: usize) -> Clocks {
        let full = control.map_or(Duration::ZERO, |c| c.base);
        Clocks {
            control,
            left: [full; 2],
            first_ply: ply,
            marks: vec![[full; 2]],
        }
    }

    /// The time `color` has left.
    #[must_use]
    pub fn left(&self, color: Color) -> Duration {
        self.left[index(color)]
    }

    /// Whether `color` has run out of time (never without a time control).
    #[must_use]
    pub fn flagged(&self, color: Color) -> bool {
        self.control.is_some() && self.left(color).is_zero()
    }

    /// `mover` played the move that led to ply `ply`: the increment, and a mark for the ply.
    pub fn moved(&mut self, mover: Color, ply: usize) {
        let Some(control) = self.control else {
            return;
        };
        if !self.flagged(mover) {
            self.left[index(mover)] += control.increment;
        }
        let i = ply.saturating_sub(self.first_ply);
        if i > 0 {
            self.marks.truncate(i);
            self.marks.push(self.left);
        }
    }

    /// The game went back (or forward again) to ply `ply`: the times when it began there.
    pub fn restore(&mut self, ply: usize) {
        let i = ply.saturating_sub(self.first_ply);
        if let Some(&mark) = self.marks.get(i).or(self.marks.first()) {
            self.left = mark;
        }
    }

    /// Takes `elapsed` from `color`'s clock; `true` when that made it run out.
    pub fn run(&mut self, color: Color, elapsed: Duration) -> bool {
        if self.control.is_none() || self.flagged(color) {
            return false;
        }
        let left = &mut self.left[index(color)];
        *left = left.saturating_sub(elapsed);
        left.is_zero()
    }

    /// How often the window redraws while `color`'s clock runs: each second, each tenth in the
    /// last ten seconds (the unit the clock shows). A fixed period, not the time to the next
    /// change: Bevy's winit loop redraws at once whenever the update mode changes, so a wait
    /// recomputed each frame would redraw continuously.
    #[must_use]
    pub fn redraw_every(&self, color: Color) -> Duration {
        if self.left(color) < TENTHS_BELOW {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        }
    }
}

/// Below this, the clock shows tenths of a second.
pub const TENTHS_BELOW: Duration = Duration::from_secs(10);

/// A clock as it is shown: `4:05`, `1:02:03`, and `9.4` in the last ten seconds. Whole units
/// are rounded up, so a clock shows `0:00` only when the time is out.
#[must_use]
pub fn clock_text(left: Duration) -> String {
    if left < TENTHS_BELOW {
        let tenths = left.as_millis().div_ceil(100);
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let seconds = left.as_millis().div_ceil(1000);
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// Registers the clocks, their running and their following the record.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Clocks>()
        .add_systems(Update, run_clocks.in_set(crate::ground::GameSet::Input))
        .add_systems(
            Update,
            follow_record
                .in_set(crate::ground::GameSet::Follow)
                .after(crate::core::record::announce_changes),
        );
}

/// Keeps the clocks in step with each change of the record (see the module's paragraph).
fn follow_record(mut changes: MessageReader<RecordChanged>, mut clocks: ResMut<Clocks>) {
    for changed in changes.read() {
        match changed.change {
            Change::Played { mover, ply } => clocks.moved(mover, ply),
            Change::Stepped { ply } => clocks.restore(ply),
            Change::Replaced { ply } => *clocks = Clocks::new(clocks.control, ply),
            Change::Ended | Change::Players | Change::DrawRules => {}
        }
    }
}

/// Whether the side to move's clock runs: a game going on, under a time control, not the
/// engine waiting for the player (reviewing, or analysing), and not a game shown as a file
/// holds it (opened, not yet played on: its clocks start with the first move played).
#[must_use]
pub fn clock_runs(record: &GameRecord, clocks: &Clocks, analysing: bool) -> bool {
    let engine_waits =
        record.to_move() == Controller::Engine && (record.review().is_some() || analysing);
    clocks.control.is_some() && record.ongoing() && !engine_waits && record.tags().is_empty()
}

/// Runs the side to move's clock by the real time since the last frame; its running out becomes
/// [`RecordCommand::TimeUp`]. Real time, not the game's virtual time: that one counts at most a
/// quarter of a second a frame (Bevy's `max_delta`), and the window sleeps up to a second between
/// frames while a clock runs (`view/redraw.rs`), so the clocks ran at a quarter of their speed.
fn run_clocks(
    time: Res<Time<Real>>,
    record: Res<GameRecord>,
    analysis: Res<Analysis>,
    mut clocks: ResMut<Clocks>,
    mut commands: MessageWriter<RecordCommand>,
) {
    if !clock_runs(&record, &clocks, analysis.0) {
        return;
    }
    let side = record.game().position().side_to_move();
    if clocks.run(side, time.delta()) {
        commands.write(RecordCommand::TimeUp {
            side,
            revision: record.revision(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_show_minutes_then_tenths_and_round_up() {
        assert_eq!(clock_text(Duration::from_secs(300)), "5:00");
        assert_eq!(clock_text(Duration::from_millis(299_001)), "5:00");
        assert_eq!(clock_text(Duration::from_millis(65_000)), "1:05");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock_text(Duration::from_millis(9_401)), "9.5");
        assert_eq!(clock_text(Duration::from_millis(10)), "0.1");
        assert_eq!(clock_text(Duration::ZERO), "0.0");
    }

    #[test]
    fn moves_add_the_increment_and_taking_back_restores_the_times() {
        let mut clocks = Clocks::new(Some(TimeControl::new(1, 2)), 0);
        assert!(!clocks.run(Color::White, Duration::from_secs(10)));
        clocks.moved(Color::White, 1);
        assert_eq!(clocks.left(Color::White), Duration::from_secs(52));
        clocks.run(Color::Black, Duration::from_secs(20));
        clocks.moved(Color::Black, 2);
        assert_eq!(clocks.left(Color::Black), Duration::from_secs(42));
        clocks.run(Color::White, Duration::from_secs(5));
        clocks.restore(1);
        assert_eq!(
            [clocks.left(Color::White), clocks.left(Color::Black)],
            [Duration::from_secs(52), Duration::from_secs(60)]
        );
        clocks.restore(2);
        assert_eq!(clocks.left(Color::Black), Duration::from_secs(42));
        // Running out: stays out, and no increment brings it back.
        assert!(clocks.run(Color::White, Duration::from_secs(600)));
        assert!(clocks.flagged(Color::White));
        assert!(!clocks.run(Color::White, Duration::from_secs(1)));
        clocks.restore(2);
        assert!(!clocks.flagged(Color::White), "taken back, time given back");
        // Another first move forgets the marks after it.
        clocks.restore(0);
        clocks.moved(Color::White, 1);
        assert_eq!(clocks.marks.len(), 2);
    }

    #[test]
    fn without_a_time_control_nothing_runs_or_falls() {
        let mut clocks = Clocks::new(None, 0);
        assert!(!clocks.run(Color::White, Duration::from_secs(1000)));
        assert!(!clocks.flagged(Color::White));
    }

    #[test]
    fn the_window_wakes_as_often_as_the_shown_time_changes() {
        let mut clocks = Clocks::new(Some(TimeControl::new(5, 0)), 0);
        assert_eq!(clocks.redraw_every(Color::White), Duration::from_secs(1));
        clocks.run(Color::White, Duration::from_millis(300_000 - 5_250));
        assert_eq!(
            clocks.redraw_every(Color::White),
            Duration::from_millis(100)
        );
    }
}
