//! A position: where the men and kings of both colours stand, and whose turn it is.
//!
//! [`Position::new`] is the one place where placements are validated; every other constructor
//! (FEN, the start position, [`Position::play`]) goes through it or preserves its invariants.
//! Moves are applied by copy-make: a position is four words, cheaper to copy than to unmake
//! (measured in `benches/benches/perft.rs`). [`Position::play_unchecked`] builds the new
//! position with masks and shifts, without branches or indexing by the side to move (it is
//! inlined into the search at every node). The questions that need the move generator (the
//! legal moves, the checked [`Position::play`]) are answered in `legal.rs`, above the generator.

use std::fmt;

use crate::rules::zobrist;
use crate::rules::{Bitboard, Color, Direction, Move, Piece, Role, Square};

/// A legal placement of pieces and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    by_color: [Bitboard; 2],
    kings: Bitboard,
    side: Color,
}

/// Why a placement is not a position of Russian draughts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A square holds pieces of both colours.
    #[error("square {0} holds both a white and a black piece")]
    Overlap(Square),
    /// A king flag on an empty square.
    #[error("square {0} is marked as a king but holds no piece")]
    KingOnEmptySquare(Square),
    /// A man on its own promotion rank: it would have been crowned.
    #[error("{color} man on {square}, its promotion rank: it would be a king")]
    ManOnPromotionRank {
        /// The man's colour.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// More than the 12 pieces a side starts with.
    #[error("{color} has {count} pieces; a side has at most 12")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// Bits outside the 32 playable squares.
    #[error("bitboard {0:#x} has bits outside the 32 playable squares")]
    NotOnBoard(u64),
}

impl Position {
    /// The start position: White on 21–32, Black on 1–12, White to move.
    #[must_use]
    pub const fn start() -> Position {
        Position {
            by_color: [Bitboard(0x1FEF), Bitboard(0xF_7F80_0000)],
            kings: Bitboard::EMPTY,
            side: Color::White,
        }
    }

    /// A position from the squares of each colour's pieces, the kings among them and the side to
    /// move.
    ///
    /// # Errors
    /// A [`PositionError`] if a square holds two pieces, a king flag marks an empty square, a man
    /// stands on its promotion rank, or a side has more than 12 pieces.
    pub fn new(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        side_to_move: Color,
    ) -> Result<Position, PositionError> {
        for set in [white, black, kings] {
            if set.0 & !Bitboard::ALL.0 != 0 {
                return Err(PositionError::NotOnBoard(set.0));
            }
        }
        if let Some(square) = (white & black).first() {
            return Err(PositionError::Overlap(square));
        }
        if let Some(square) = (kings - (white | black)).first() {
            return Err(PositionError::KingOnEmptySquare(square));
        }
        for (color, pieces) in [(Color::White, white), (Color::Black, black)] {
            if pieces.count() > 12 {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: pieces.count(),
                });
            }
            let stuck = (pieces - kings) & Bitboard::promotion_rank(color);
            if let Some(square) = stuck.first() {
                return Err(PositionError::ManOnPromotionRank { color, square });
            }
        }
        Ok(Position {
            by_color: [white, black],
            kings,
            side: side_to_move,
        })
    }

    /// A position with no pieces (the side to move has lost): a base for building positions.
    #[must_use]
    pub const fn empty(side_to_move: Color) -> Position {
        Position {
            by_color: [Bitboard::EMPTY, Bitboard::EMPTY],
            kings: Bitboard::EMPTY,
            side: side_to_move,
        }
    }

    /// The side to move.
    #[must_use]
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[must_use]
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The men of `color`.
    #[must_use]
    #[inline]
    pub const fn men(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color as usize].0 & !self.kings.0)
    }

    /// The kings of `color`.
    #[must_use]
    #[inline]
    pub const fn kings(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color as usize].0 & self.kings.0)
    }

    /// All kings of both colours.
    #[must_use]
    #[inline]
    pub const fn all_kings(&self) -> Bitboard {
        self.kings
    }

    /// Whether `mv`, a move of this position, is reversible: a king's move that captures nothing.
    /// Men never move back and captures remove pieces, so a position before an irreversible move
    /// never occurs again (the repetitions of 7.2.3 look back only to the last one), and the
    /// count of quiet king moves (7.2.5) starts again after one.
    #[must_use]
    #[inline]
    pub fn is_reversible(&self, mv: &Move) -> bool {
        !mv.is_capture() && self.kings.contains(mv.from())
    }

    /// The repetition window after `mv`, a move of this position, in a line of positions
    /// numbered from 0 (a game's, then a search's): the first position a repetition (7.2.3) of
    /// the position `mv` leads to, numbered `after`, can reach. `window` is this position's;
    /// after an irreversible move ([`Self::is_reversible`]) the window starts again at `after`.
    #[must_use]
    #[inline]
    pub(crate) fn repetition_window_after(&self, mv: &Move, window: usize, after: usize) -> usize {
        if self.is_reversible(mv) {
            window
        } else {
            after
        }
    }

    /// Every occupied square.
    #[must_use]
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// Every empty playable square.
    #[must_use]
    #[inline]
    pub const fn empty_squares(&self) -> Bitboard {
        Bitboard(!self.occupied().0 & Bitboard::ALL.0)
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else if self.by_color[1].contains(square) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(square) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece::new(color, role))
    }

    /// The same placement with the other side to move.
    #[must_use]
    pub const fn with_side_to_move(mut self, side: Color) -> Position {
        self.side = side;
        self
    }

    /// The mirror image with colours swapped (a1 ↔ h8, White ↔ Black, side to move swapped): a
    /// position with the same value for the side to move.
    #[must_use]
    pub const fn flipped(&self) -> Position {
        Position {
            by_color: [self.by_color[1].flip(), self.by_color[0].flip()],
            kings: self.kings.flip(),
            side: self.side.opposite(),
        }
    }

    // Questions about the board that the search asks at every node (answered with shifts,
    // without generating moves).

    /// Whether the side to move has a quiet move (only meaningful when it has no capture): a man
    /// with an empty square in front, or a king with any empty neighbour.
    #[inline]
    pub(crate) fn has_quiet_move(&self) -> bool {
        let empty = self.empty_squares();
        let kings = self.kings(self.side_to_move());
        if self.men_steps().intersects(empty) {
            return true;
        }
        kings.any() && {
            let around: Bitboard = Direction::ALL
                .into_iter()
                .fold(Bitboard::EMPTY, |acc, d| acc | kings.step(d));
            around.intersects(empty)
        }
    }

    /// Whether a man of the side to move can step onto its last rank (in a position without a
    /// capture: whether a quiet move crowns). A test on the board instead of a pass over the moves.
    #[inline]
    pub(crate) fn has_crowning_step(&self) -> bool {
        let last_rank = Bitboard::promotion_rank(self.side_to_move());
        self.men_steps()
            .intersects(self.empty_squares() & last_rank)
    }

    /// The squares the men of the side to move would step to (one square forward diagonally),
    /// whatever stands on them.
    #[inline(always)]
    fn men_steps(&self) -> Bitboard {
        let us = self.side_to_move();
        let men = self.men(us);
        match us {
            Color::White => men.step(Direction::NorthEast) | men.step(Direction::NorthWest),
            Color::Black => men.step(Direction::SouthEast) | men.step(Direction::SouthWest),
        }
    }

    /// The position after `mv` without checking it: the copy-make of perft and the search.
    /// `mv` must come from this position's [`legal_moves`](Position::legal_moves) (or be
    /// known legal otherwise); any other move gives a meaningless position. Use
    /// [`Position::play`] unless the check's cost matters.
    #[must_use]
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        // Without branches or indexing by the side (both cost in the search, where this is
        // inlined): `from ^ to` moves the piece (and is nothing when a capturing king returns
        // to its origin), masked to the mover's colour; captured squares are only ever enemy
        // squares, so both colours can lose them.
        let black = 0u64.wrapping_sub(self.side as u64);
        let moved = (1 << mv.from().bit()) ^ (1 << mv.to().bit());
        let captured = mv.captured().0;
        let white_pieces = (self.by_color[0].0 ^ (moved & !black)) & !captured;
        let black_pieces = (self.by_color[1].0 ^ (moved & black)) & !captured;
        // The piece on `to` is a king if it was one or is crowned: one bit shifted into place.
        let king = ((self.kings.0 >> mv.from().bit()) & 1) | u64::from(mv.promotes());
        let kings = (self.kings.0 & !(captured | (1 << mv.from().bit()))) | (king << mv.to().bit());
        Position {
            by_color: [Bitboard(white_pieces), Bitboard(black_pieces)],
            kings: Bitboard(kings),
            side: self.side.opposite(),
        }
    }

    /// Plays `mv` in place and returns what [`Position::unmake`] needs to take it back. Exists to
    /// measure make/unmake against copy-make ([`Position::play`], the faster: see
    /// `benches/benches/perft.rs`); not part of the stable API.
    #[doc(hidden)]
    #[must_use]
    #[inline]
    pub fn make(&mut self, mv: &Move) -> Bitboard {
        let captured_kings = self.kings & mv.captured();
        *self = self.play_unchecked(mv);
        captured_kings
    }

    /// Takes back `mv`, played by [`Position::make`], which returned `captured_kings`.
    #[doc(hidden)]
    #[inline]
    pub fn unmake(&mut self, mv: &Move, captured_kings: Bitboard) {
        self.side = self.side.opposite();
        let us = self.side as usize;
        let from = Bitboard::from_square(mv.from());
        let to = Bitboard::from_square(mv.to());
        let moved_king = self.kings.intersects(to) && !mv.promotes();
        self.by_color[us] = (self.by_color[us] ^ to) | from;
        self.by_color[1 - us] |= mv.captured();
        self.kings = (self.kings - to) | captured_kings;
        if moved_king {
            self.kings |= from;
        }
    }

    /// The Zobrist key of this position, computed from scratch.
    #[must_use]
    pub fn zobrist_key(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            zobrist::SIDE
        } else {
            0
        };
        for color in Color::ALL {
            for square in self.men(color) {
                key ^= zobrist::piece(Piece::new(color, Role::Man), square);
            }
            for square in self.kings(color) {
                key ^= zobrist::piece(Piece::new(color, Role::King), square);
            }
        }
        key
    }

    /// The Zobrist key after `mv`, updated incrementally from this position's `key`.
    #[must_use]
    #[inline]
    pub fn zobrist_key_after(&self, key: u64, mv: &Move) -> u64 {
        // Piece kinds as `zobrist::by_kind` numbers them: 2 × colour + 1 for a king.
        let us = 2 * self.side as usize;
        let them = 2 - us;
        let kind = us + usize::from(self.kings.contains(mv.from()));
        let landed = kind | usize::from(mv.promotes());
        let mut key = key
            ^ zobrist::SIDE
            ^ zobrist::by_kind(kind, mv.from().bit())
            ^ zobrist::by_kind(landed, mv.to().bit());
        let mut captured = mv.captured().0;
        while captured != 0 {
            let bit = captured.trailing_zeros();
            let king = usize::from(self.kings.0 >> bit & 1 != 0);
            key ^= zobrist::by_kind(them + king, bit);
            captured &= captured - 1;
        }
        key
    }

    /// Number of pieces of both colours.
    #[must_use]
    pub const fn piece_count(&self) -> u32 {
        self.occupied().count()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Display for Position {
    /// A text diagram, rank 8 at the top, White's men `w`, kings `W`, Black's `b`/`B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8u8 {
                let mark = match Square::from_coords(file, rank) {
                    None => ' ',
                    Some(square) => self.piece_at(square).map_or('.', Piece::hub_char),
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h")?;
        write!(f, "{} to move", self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_move_hands_back_its_position() {
        let start = Position::start();
        let mv = start.parse_move("c3-d4").unwrap();
        let after = start.play(&mv).unwrap();
        let error = after.play(&mv).unwrap_err();
        assert_eq!((error.position, error.mv), (after, mv));
        assert_eq!(
            error.to_string(),
            format!("illegal move 22-18 in {}", after.to_fen())
        );
    }

    #[test]
    fn start_position_has_the_right_squares() {
        let start = Position::start();
        let white: Vec<u8> = start
            .pieces(Color::White)
            .into_iter()
            .map(Square::number)
            .collect();
        let mut white = white;
        white.sort_unstable();
        assert_eq!(white, (21..=32).collect::<Vec<_>>());
        let mut black: Vec<u8> = start
            .pieces(Color::Black)
            .into_iter()
            .map(Square::number)
            .collect();
        black.sort_unstable();
        assert_eq!(black, (1..=12).collect::<Vec<_>>());
        assert!(
            Position::new(
                start.pieces(Color::White),
                start.pieces(Color::Black),
                Bitboard::EMPTY,
                Color::White
            )
            .is_ok()
        );
    }

    #[test]
    fn unmake_restores_the_position() {
        for fen in [
            "W:WKe1:Bc3,b6,e7,e5,c5",
            "W:Wh6:Bg7,c5,d2",
            "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
            "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
        ] {
            let position: Position = fen.parse().unwrap();
            for mv in &position.legal_moves() {
                let mut copy = position;
                let undo = copy.make(mv);
                assert_eq!(copy, position.play_unchecked(mv));
                copy.unmake(mv, undo);
                assert_eq!(copy, position, "{fen} {mv:?}");
            }
        }
    }

    #[test]
    fn position_is_small() {
        assert!(std::mem::size_of::<Position>() <= 32);
    }
}
