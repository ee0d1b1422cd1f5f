//! The legal moves of a [`Position`], as its methods: the typed face of the move generator
//! (`movegen.rs`) — every legal move, their number, whether a capture is due and which pieces
//! can make it, whether the side to move has lost — and the checked [`Position::play`] with its
//! [`IllegalMove`] error. The generator reads a position through its accessors (`position.rs`,
//! below it); these methods stand above both, so a position knows its placement without the
//! generator and the generator knows positions without these questions.

use crate::rules::movegen;
use crate::rules::{Bitboard, Move, MoveList, Position};

impl Position {
    /// Every legal move ([docs/RULES.md §1](crate::docs::rules)): all captures if any capture exists, else all quiet moves.
    ///
    /// Inlined so that the 4 KB list is built where the caller keeps it: returned from a call,
    /// it was copied (a `memcpy` of two thirds of the instructions of a typical call).
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        movegen::generate(self, &mut moves);
        moves
    }

    /// The number of legal moves, faster than generating them when nothing can capture.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        movegen::count(self)
    }

    /// Whether the side to move must capture.
    #[must_use]
    #[inline]
    pub fn has_capture(&self) -> bool {
        movegen::any_capture(self)
    }

    /// The pieces of the side to move that can capture (all must-capture candidates).
    #[must_use]
    pub fn capturers(&self) -> Bitboard {
        movegen::capturers(self)
    }

    /// Whether the side to move has no legal move and so has lost ([docs/RULES.md §1.9](crate::docs::rules)).
    #[must_use]
    pub fn is_lost(&self) -> bool {
        self.count_legal_moves() == 0
    }

    /// Whether `mv` is one of the legal moves of this position.
    #[must_use]
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Whether the side not to move could capture if it were its turn: a threat the side to move
    /// must answer (such a position is not quiet).
    #[inline]
    pub(crate) fn opponent_can_capture(&self) -> bool {
        self.with_side_to_move(self.side_to_move().opposite())
            .has_capture()
    }

    /// The position after `mv`, if it is one of this position's legal moves.
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not a legal move here (a move of another position, say);
    /// the position is then unchanged.
    ///
    /// ```
    /// use shashki::Position;
    ///
    /// let start = Position::start();
    /// let mv = start.parse_move("c3-d4")?;
    /// let after = start.play(&mv)?;
    /// assert!(after.play(&mv).is_err()); // c3-d4 is not a move of the new position
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove {
                mv: *mv,
                position: *self,
            })
        }
    }
}

/// A move that is not legal in the position it was played in ([`Position::play`]). It hands
/// both back (a `Position` is a few words, copied without allocating); the message shows the
/// position as FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {from}-{to} in {fen}", from = mv.from().number(), to = mv.to().number(), fen = position.to_fen())]
pub struct IllegalMove {
    /// The move given.
    pub mv: Move,
    /// The position it was played in.
    pub position: Position,
}
