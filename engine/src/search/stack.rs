//! The search stack: what the search keeps per ply of the line it is searching, one
//! [`StackFrame`] per ply instead of one array per kind of fact, and what a search thread keeps
//! from one search to the next ([`ThreadData`]).
//!
//! Data flow: a node at ply `p` reads its own frame (`stack[p]`: where its repetitions may look
//! back from, the move a singular test excludes, the killers that order its quiet moves) and
//! writes its child's (`stack[p + 1].reversible_from`) before searching each move; a quiet move
//! that cuts off becomes a killer of its ply. The killers outlive the search (a game's next search
//! starts from them; [`ThreadData::clear`] forgets them at a new game), so the stack belongs to
//! the thread's [`ThreadData`] and a search starts by resetting the rest ([`ThreadData::start`]).
//!
//! Two per-ply facts live elsewhere on purpose: the keys of the line (the searcher's `keys`, one
//! array from the game's first position through the tree's current node, so that the repetition
//! test walks one array back over both) and the principal variations (a line of up to
//! [`MAX_PLY`] moves per ply: 2 KB each, which would spread the frames' few hot bytes over a page
//! apiece).

use super::ordering::{History, Killers};
use super::score::MAX_PLY;
use crate::rules::Move;

/// What the search keeps about the node at one ply of the current line.
#[derive(Clone, Copy, Debug)]
pub struct StackFrame {
    /// The first index of the line's keys a repetition of this node can reach (the position
    /// after the last irreversible move, see [`crate::rules::Position::is_reversible`]); written
    /// by the parent.
    pub reversible_from: usize,
    /// The move a singular-extension test leaves out of this node (the hash move whose
    /// alternatives it searches; see [`super::SearchParams::singular_min_depth`]).
    pub excluded: Option<Move>,
    /// The quiet moves that last caused cut-offs at this ply (kept between searches).
    pub killers: Killers,
}

impl StackFrame {
    /// The frame before any search.
    const EMPTY: StackFrame = StackFrame {
        reversible_from: 0,
        excluded: None,
        killers: Killers::NONE,
    };
}

/// One frame per ply a node can have (0 to [`MAX_PLY`] − 2), and one more for the children of the
/// deepest.
pub type Stack = [StackFrame; MAX_PLY + 2];

/// What one search thread keeps from one search to the next: the history table and the stack
/// (for its killers). The engine holds one per thread.
#[derive(Clone)]
pub struct ThreadData {
    /// How often each quiet move caused a cut-off.
    pub history: History,
    /// The search stack.
    pub stack: Box<Stack>,
}

impl Default for ThreadData {
    fn default() -> ThreadData {
        ThreadData {
            history: History::default(),
            stack: Box::new([StackFrame::EMPTY; MAX_PLY + 2]),
        }
    }
}

impl ThreadData {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = ThreadData::default();
    }

    /// Prepares the stack for a search whose root's repetitions reach back to the key at index
    /// `reversible_from`: every frame's per-search facts reset, the killers kept.
    pub fn start(&mut self, reversible_from: usize) {
        for frame in self.stack.iter_mut() {
            frame.reversible_from = 0;
            frame.excluded = None;
        }
        self.stack[0].reversible_from = reversible_from;
    }
}
