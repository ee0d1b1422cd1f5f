//! What a search reports: [`SearchInfo`] after each completed iteration, the final
//! [`SearchResult`], and where its move comes from ([`MoveSource`]: the search, the book or the
//! tablebases). The engine (`engine.rs`) builds them from its threads' progress, the root's
//! book and tablebase answers (`probe.rs`) without a search, the levels (`level.rs`) from their
//! candidates' searches.

use std::time::Duration;

use super::score::Score;
use crate::rules::Move;

/// What the main thread reports after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchInfo {
    /// Nominal depth of the iteration (plies).
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Principal variation, starting with the best move.
    pub pv: Vec<Move>,
}

/// The answer of a search. With the `serde` feature it serialises (moves as Hub text, the time
/// as seconds and nanoseconds); reading one back needs its position, so it is write-only.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SearchResult {
    /// The move to play; `None` only when the position has no legal move (the side to move lost).
    pub best_move: Option<Move>,
    /// Score for the side to move.
    pub score: Score,
    /// Last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Nodes searched by all threads (every position visited, quiescence included).
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// Where the move comes from: the search, the book or the tablebases.
    pub source: MoveSource,
}

/// Where a [`SearchResult`]'s move comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MoveSource {
    /// The search.
    #[default]
    Search,
    /// The opening book (no search was done).
    Book,
    /// The endgame tablebases: the score is exact.
    Tablebase,
}

impl SearchResult {
    /// The answer of tables the engine does not hold itself (a tablebase service its caller
    /// asked, as the Hub program's `tb-url`): `mv` with its exact `score`, found in `time`,
    /// without a search.
    #[must_use]
    pub fn from_tablebase(mv: Move, score: Score, time: Duration) -> SearchResult {
        SearchResult {
            best_move: Some(mv),
            score,
            depth: 0,
            seldepth: 0,
            pv: vec![mv],
            nodes: 0,
            time,
            source: MoveSource::Tablebase,
        }
    }

    /// Nodes per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}
