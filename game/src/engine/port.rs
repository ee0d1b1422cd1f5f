//! The engine's port: the only way the rest of the game talks to whatever runs the searches.
//!
//! The engine task ([`crate::engine::engine_task`]) decides what to search and when, and writes a
//! [`SearchRequest`]: search this game for this purpose ([`Request`]: a move at a strength and
//! under a clock, a hint, a draw offer, an analysis without end), or stop job `n`. The back end
//! answers with [`SearchReply`]s: the progress as the search deepens ([`Progress`]), then once, for
//! every job it was given (stopped or not), the result ([`Thought`]). Job numbers are the task's;
//! the back end only hands them back.
//!
//! The back end is one file: [`crate::engine::native_backend`] (the searches on Bevy's
//! `AsyncComputeTaskPool`, the engines built from [`EngineSetup`]). A browser build swaps that
//! file for one that posts the same requests to a Web Worker and turns its answers into the same
//! replies; nothing else of the game changes. Everything here is plain data (no task, no thread,
//! no engine), so it crosses a worker's boundary as it is.

use std::time::Duration;

use bevy::prelude::*;
use shashki::annotate::line_text;
use shashki::{Color, Game, Move, MoveSource, Notation, Position, Score, SearchLimit};

use crate::core::record::{MoveLabel, Strength};

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play the side to move.
    Move,
    /// To suggest a move to the human.
    Hint,
    /// To answer the human's draw offer.
    DrawOffer,
    /// To analyse the position shown, until stopped.
    Analysis,
}

/// What a search is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Why.
    pub purpose: Purpose,
    /// At what strength the engine plays its moves.
    pub strength: Strength,
    /// The engine's side (a draw offer is judged for it).
    pub engine_side: Color,
    /// Under a time control, the engine's clock (`SearchLimit::Clock`) for its moves.
    pub clock: Option<SearchLimit>,
}

/// How long the engine searches for a hint.
pub const HINT_TIME: Duration = Duration::from_millis(1000);
/// How long the engine considers a draw offer.
pub const DRAW_OFFER_TIME: Duration = Duration::from_millis(700);

/// What the engine task asks of the back end.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum SearchRequest {
    /// Search `game` (its live position is the root) as `request` says.
    Search {
        /// The task's number for this job, handed back in every reply.
        job: u64,
        /// The game to search (its history counts for the draw rules).
        game: Game,
        /// What for, how strong, under which clock.
        request: Request,
    },
    /// Stop job `job` as soon as possible (its result is still replied, and dropped).
    Stop {
        /// The job's number.
        job: u64,
    },
}

/// What the back end answers.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum SearchReply {
    /// Job `job`'s search completed another depth.
    Progress {
        /// The job's number.
        job: u64,
        /// Its latest report.
        progress: Progress,
    },
    /// Job `job` ended (by itself or stopped); the last reply for it.
    Finished {
        /// The job's number.
        job: u64,
        /// What it found.
        thought: Thought,
        /// Its final report (an analysis' end stays on show).
        progress: Progress,
    },
}

/// A search's latest progress report, formatted for display.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move at the root (the panel turns it to White's side).
    pub value: Score,
    /// Principal variation in traditional notation.
    pub pv: String,
    /// Nodes searched.
    pub nodes: u64,
}

/// The outcome of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move found; `None` only without legal moves (or when stopped before it began).
    pub best: Option<Move>,
    /// Its label, when it came from a book or tablebase.
    pub label: Option<MoveLabel>,
    /// For a draw offer: whether the engine accepts.
    pub accepts_draw: bool,
    /// The score for the side to move (none for a draw offer).
    pub score: Option<Score>,
    /// Where the move and score come from.
    pub source: MoveSource,
}

impl Thought {
    /// The answer of a job stopped before its search began.
    #[must_use]
    pub fn nothing() -> Thought {
        Thought {
            best: None,
            label: None,
            accepts_draw: false,
            score: None,
            source: MoveSource::Search,
        }
    }
}

/// Where the two sides of the port run in the frame: the back end writes its replies in
/// [`PortSet::Reply`] (input stage) before the engine task reads them; the task writes its
/// requests in [`PortSet::Request`] (follow stage) before the back end serves them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortSet {
    /// The back end's replies are written.
    Reply,
    /// The engine task's requests are written.
    Request,
}

/// Registers the port's two messages.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SearchRequest>()
        .add_message::<SearchReply>();
}

/// The book and tablebases the back end builds its engines with (without this resource:
/// neither).
#[derive(Resource, Clone, Debug, Default)]
pub struct EngineSetup(pub shashki::EngineSetup);

/// The first moves of a principal variation in traditional notation, numbered as in the move
/// list from `first_number` (the number of the root's move): `12. c3-d4 f6-g5 13. …`, and
/// `12... f6-g5 13. …` when Black moves first. The engine's [`line_text`] writes it; the panel
/// shows the first ten moves.
#[must_use]
pub fn numbered_line(root: &Position, first_number: u32, pv: &[Move]) -> String {
    const SHOWN: usize = 10;
    line_text(
        root,
        first_number,
        &pv[..pv.len().min(SHOWN)],
        Notation::Algebraic,
    )
}
