//! Positions and moves on the wire: the Hub position string (`W`/`B` then one character per
//! square 1…32, [`read_position`] and [`write_position`]) and moves in standard numeric notation
//! written back by [`Notation::Hub`] ([`write_line`]; reading a move is the position's own
//! `parse_move`, which takes the captured squares in any order).

use super::HubError;
use super::line::shorten;
use crate::formats::Notation;
use crate::rules::{Color, Move, Piece, Position, Square};

/// Reads a Hub position: `W`/`B` then 32 squares from 1 (b8) to 32 (g1), each `w` `b` `W` `B`
/// or `e` (`.` is accepted for empty).
///
/// # Errors
/// [`HubError::Position`] when the length, a character or the placement is wrong.
pub fn read_position(text: &str) -> Result<Position, HubError> {
    let fail = |reason: String| HubError::Position {
        text: shorten(text),
        reason,
    };
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 33 {
        return Err(fail(format!(
            "expected 33 characters (side + 32 squares), got {}",
            chars.len()
        )));
    }
    let side = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        c => return Err(fail(format!("side to move `{c}` is not W or B"))),
    };
    let mut sets = [crate::rules::Bitboard::EMPTY; 2];
    let mut kings = crate::rules::Bitboard::EMPTY;
    for (index, &c) in chars[1..].iter().enumerate() {
        let square = Square::ALL[index];
        let (color, king) = match c {
            'w' => (Color::White, false),
            'b' => (Color::Black, false),
            'W' => (Color::White, true),
            'B' => (Color::Black, true),
            'e' | 'E' | '.' => continue,
            other => {
                return Err(fail(format!(
                    "square {}: `{other}` is not one of w b W B e",
                    index + 1
                )));
            }
        };
        sets[color.index()] = sets[color.index()].with(square);
        if king {
            kings = kings.with(square);
        }
    }
    Position::new(sets[0], sets[1], kings, side).map_err(|e| fail(e.to_string()))
}

/// Writes `position` as a Hub position string.
#[must_use]
pub fn write_position(position: &Position) -> String {
    let mut text = String::with_capacity(33);
    text.push(position.side_to_move().letter());
    for square in Square::ALL {
        text.push(position.piece_at(square).map_or('e', Piece::hub_char));
    }
    text
}

/// Writes `moves` (a line played from `position`) in Hub notation.
#[must_use]
pub fn write_line(position: &Position, moves: &[Move]) -> Vec<String> {
    position.write_line(moves, Notation::Hub)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

    #[test]
    fn positions_round_trip() {
        assert_eq!(read_position(START).unwrap(), Position::start());
        assert_eq!(write_position(&Position::start()), START);
        let position = Position::from_fen("B:WK29,22:BK4,9").unwrap();
        let text = write_position(&position);
        assert_eq!(text.len(), 33);
        assert_eq!(&text[..1], "B");
        assert_eq!(read_position(&text).unwrap(), position);
        assert!(read_position("W").is_err());
        assert!(read_position(&START.replace('W', "X")).is_err());
        assert!(read_position(&START.replacen('e', "z", 1)).is_err());
        // A white man on its promotion rank (square 1) is not a legal placement.
        assert!(read_position(&format!("Ww{}", &START[2..])).is_err());
    }
}
