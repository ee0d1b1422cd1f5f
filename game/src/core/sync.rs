//! How the engine task, the puzzle mode and the board view keep in step: what the board shows
//! ([`ViewSync`]), the hint marked on it ([`Hint`]) and whether the engine analyses the position
//! shown ([`Analysis`]).
//!
//! The view writes [`ViewSync`] each frame and the engine (and the puzzle's replies) wait until it
//! shows the record's revision at rest; the engine task and the puzzle mode write [`Hint`], the
//! view draws it; the engine task flips [`Analysis`] when asked (`EngineCommand::ToggleAnalysis`,
//! a floor up), which stops the clocks and the engine's moves. Plain resources, below all three, so none imports another for them.

use bevy::prelude::*;
use shashki::Move;

/// The analysis mode: whether the engine analyses the position shown (toggled by the engine
/// task when the player asks).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Analysis(pub bool);

/// The hint to show on the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hint(pub Option<Move>);

/// What the board view shows. The engine waits until the view shows the record's current
/// revision (not animating) so each move is seen; without a view it is [`ViewSync::Absent`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewSync {
    /// No board view (headless).
    #[default]
    Absent,
    /// Showing this record revision, at rest.
    Showing(u64),
    /// Animating or catching up.
    Busy,
    /// Showing an earlier position of the game (a review:
    /// [`GameRecord::review`](crate::core::record::GameRecord::review)).
    Reviewing,
}

impl ViewSync {
    /// Whether the view is at rest on `revision` (or there is no view).
    #[must_use]
    pub fn shows(self, revision: u64) -> bool {
        match self {
            ViewSync::Absent => true,
            ViewSync::Showing(r) => r == revision,
            ViewSync::Busy | ViewSync::Reviewing => false,
        }
    }
}

/// Registers the three shared resources.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .init_resource::<Hint>()
        .init_resource::<ViewSync>();
}
