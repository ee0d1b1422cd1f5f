//! FEN: the position text of PDN, lidraughts and this project ([docs/RULES.md §3](crate::docs::rules)).
//!
//! `W:W21,22,K29:B1,2,3` — the side to move, then each colour's pieces (`K` marks a king). Squares
//! may be numbers or algebraic names and ranges (`1-12`) are accepted, in any order. Lidraughts'
//! `:H<n>` (draw ply counter) and `:F<n>` (full-move number) fields are read into [`FenExtras`].
//! [`Position::to_fen`] produces the numeric form, pieces sorted, men before kings.

use std::fmt::Write as _;

use crate::formats::Notation;
use crate::rules::{
    Bitboard, Color, DrawState, Game, ParseSquareError, Position, PositionError, Square,
};

/// The optional counters of a lidraughts FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenExtras {
    /// `H`: lidraughts' draw ply counter.
    pub halfmove_clock: Option<u32>,
    /// `F`: the full-move number.
    pub fullmove_number: Option<u32>,
}

/// Which part of a FEN was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The first field, `W` or `B`.
    SideToMove,
    /// A colour's piece list.
    Pieces(Color),
    /// An `H` or `F` counter.
    Counter,
    /// The placement as a whole.
    Placement,
}

impl std::fmt::Display for FenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenField::SideToMove => f.write_str("side-to-move field"),
            FenField::Pieces(color) => write!(f, "{color} pieces field"),
            FenField::Counter => f.write_str("counter field"),
            FenField::Placement => f.write_str("placement"),
        }
    }
}

/// A FEN that could not be read: which field, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN `{fen}`: {field}: {reason}")]
pub struct FenError {
    /// The whole text (shortened when very long).
    pub fen: String,
    /// The field that failed.
    pub field: FenField,
    /// What was wrong.
    pub reason: FenReason,
}

/// What was wrong with a FEN field ([`FenError::reason`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenReason {
    /// The side to move is not `W` or `B`.
    #[error("expected `W` or `B`")]
    SideToMove,
    /// Two colons in a row, or one at the end.
    #[error("empty field")]
    EmptyField,
    /// A colour's piece list appears twice.
    #[error("given twice")]
    PiecesTwice,
    /// A square holds two pieces (its number, when known).
    #[error("square {} given twice", square.map_or(String::new(), |s| s.to_string()))]
    SquareTwice {
        /// The square's number.
        square: Option<u8>,
    },
    /// A square that does not read.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// A range such as `12-5` that runs backwards.
    #[error("range `{0}` runs backwards")]
    BackwardsRange(String),
    /// A token that names a square already listed (a range overlapping another).
    #[error("`{0}` repeats a square")]
    RepeatedSquare(String),
    /// An `H` or `F` counter that is not a whole number.
    #[error("`{0}` is not `H` or `F` and a whole number")]
    BadCounter(String),
    /// An `H` or `F` counter beyond 2³² − 1.
    #[error("`{0}`: a counter must be at most {max}", max = u32::MAX)]
    CounterTooLarge(String),
    /// A field that is neither a piece list nor a counter.
    #[error("unknown field `{0}`")]
    UnknownField(String),
    /// The pieces break a placement rule (a man on its promotion rank, too many pieces, ...).
    #[error(transparent)]
    Placement(#[from] PositionError),
}

/// Reads a FEN, ignoring any `H`/`F` counters.
///
/// # Errors
/// A [`FenError`] naming the field that is malformed, or the placement rule that is broken.
pub(crate) fn read(text: &str) -> Result<Position, FenError> {
    read_with_extras(text).map(|(position, _)| position)
}

/// Reads a FEN and its optional lidraughts counters.
///
/// # Errors
/// A [`FenError`] naming the field that is malformed, or the placement rule that is broken.
pub(crate) fn read_with_extras(text: &str) -> Result<(Position, FenExtras), FenError> {
    let fail = |field: FenField, reason: FenReason| FenError {
        fen: shorten(text),
        field,
        reason,
    };
    let trimmed = text.trim().trim_end_matches('.').trim();
    let mut fields = trimmed.split(':');
    let side = match fields.next().map(str::trim) {
        Some(s) if s.len() == 1 => Color::from_letter(s.chars().next().unwrap_or(' ')),
        _ => None,
    }
    .ok_or_else(|| fail(FenField::SideToMove, FenReason::SideToMove))?;

    let mut pieces = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    let mut seen = [false; 2];
    let mut extras = FenExtras::default();
    for field in fields {
        let field = field.trim();
        let mut chars = field.chars();
        let Some(tag) = chars.next() else {
            return Err(fail(FenField::Placement, FenReason::EmptyField));
        };
        let rest = chars.as_str();
        match tag {
            'W' | 'B' | 'w' | 'b' => {
                let color = Color::from_letter(tag).unwrap_or(Color::White);
                if std::mem::replace(&mut seen[color.index()], true) {
                    return Err(fail(FenField::Pieces(color), FenReason::PiecesTwice));
                }
                let (men, crowned) = read_piece_list(rest)
                    .map_err(|reason| fail(FenField::Pieces(color), reason))?;
                let all = men | crowned;
                if (men & crowned).any() || (pieces[0] | pieces[1]).intersects(all) {
                    let square = ((men & crowned) | ((pieces[0] | pieces[1]) & all)).first();
                    return Err(fail(
                        FenField::Pieces(color),
                        FenReason::SquareTwice {
                            square: square.map(Square::number),
                        },
                    ));
                }
                pieces[color.index()] = all;
                kings |= crowned;
            }
            'H' | 'F' => {
                let value: u32 = rest.parse().map_err(|error: std::num::ParseIntError| {
                    let reason = match error.kind() {
                        std::num::IntErrorKind::PosOverflow => {
                            FenReason::CounterTooLarge(shorten(field))
                        }
                        _ => FenReason::BadCounter(shorten(field)),
                    };
                    fail(FenField::Counter, reason)
                })?;
                if tag == 'H' {
                    extras.halfmove_clock = Some(value);
                } else {
                    extras.fullmove_number = Some(value);
                }
            }
            _ => {
                return Err(fail(
                    FenField::Placement,
                    FenReason::UnknownField(shorten(field)),
                ));
            }
        }
    }
    let position = Position::new(pieces[0], pieces[1], kings, side)
        .map_err(|error: PositionError| fail(FenField::Placement, error.into()))?;
    Ok((position, extras))
}

/// Reads `21,22,K29,5-8,a1` into (men, kings).
fn read_piece_list(list: &str) -> Result<(Bitboard, Bitboard), FenReason> {
    let mut men = Bitboard::EMPTY;
    let mut kings = Bitboard::EMPTY;
    if list.trim().is_empty() {
        return Ok((men, kings));
    }
    for token in list.split(',') {
        let token = token.trim();
        let (is_king, squares) = match token.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let set = match squares.split_once('-') {
            Some((first, last)) => {
                let first: Square = first.parse()?;
                let last: Square = last.parse()?;
                if first.number() > last.number() {
                    return Err(FenReason::BackwardsRange(token.to_string()));
                }
                (first.number()..=last.number())
                    .filter_map(Square::from_number)
                    .collect()
            }
            None => Bitboard::from_square(squares.parse()?),
        };
        if (men | kings).intersects(set) {
            return Err(FenReason::RepeatedSquare(token.to_string()));
        }
        if is_king {
            kings |= set;
        } else {
            men |= set;
        }
    }
    Ok((men, kings))
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 120 {
        let mut short: String = text.chars().take(117).collect();
        short.push_str("...");
        short
    } else {
        text.to_string()
    }
}

/// Writes the numeric FEN of `position`: `W:W21,...,K29:B1,...`.
#[must_use]
pub(crate) fn write(position: &Position) -> String {
    write_with(position, |fen, square| {
        let _ = write!(fen, "{}", square.number());
    })
}

/// Writes the FEN of `position` with each square named by `name`: the side to move, then each
/// colour's pieces sorted by number, men before kings (`K` marks a king).
fn write_with(position: &Position, name: fn(&mut String, Square)) -> String {
    let mut fen = String::new();
    fen.push(position.side_to_move().letter());
    for color in Color::ALL {
        fen.push(':');
        fen.push(color.letter());
        let mut squares: Vec<(bool, u8, Square)> = position
            .pieces(color)
            .into_iter()
            .map(|s| (position.all_kings().contains(s), s.number(), s))
            .collect();
        squares.sort_unstable();
        for (i, (king, _, square)) in squares.into_iter().enumerate() {
            if i > 0 {
                fen.push(',');
            }
            if king {
                fen.push('K');
            }
            name(&mut fen, square);
        }
    }
    fen
}

/// A position debugs as its FEN (the text form lives in this layer, above the rules).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", write(self))
    }
}

/// Writes `position` with algebraic squares, `W:Wa1,c1,…,Ka3:Bb8,…` (pieces sorted by number,
/// men before kings): the form pydraughts reads correctly for Russian draughts (its numeric
/// squares count from a1, not from b8 as PDN does), and which [`read`] reads back.
#[must_use]
pub(crate) fn write_algebraic(position: &Position) -> String {
    write_with(position, |fen, square| {
        let _ = write!(fen, "{square}");
    })
}

/// The FEN of `game`'s start with `squares` as names, with lidraughts' `H`/`F` fields when they
/// are not the defaults: the text [`Game::from_fen`] reads back into the same start (PDN's `FEN`
/// tag, the serde form of a game).
pub(crate) fn write_game_start(game: &Game, squares: Notation) -> String {
    let position = game.start_position();
    let mut text = match squares {
        Notation::Algebraic => write_algebraic(position),
        Notation::Numeric | Notation::Hub => write(position),
    };
    let plies = game.draw_states()[0].plies();
    if plies != 0 || game.first_move_number() != 1 {
        let _ = write!(text, ":H{plies}:F{}", game.first_move_number());
    }
    text
}

impl std::str::FromStr for Position {
    type Err = FenError;

    /// Reads a FEN; see [`Position::from_fen`].
    fn from_str(text: &str) -> Result<Position, FenError> {
        read(text)
    }
}

impl Position {
    /// Reads a FEN (numeric or algebraic squares, `K` kings, optional `H`/`F` fields).
    ///
    /// # Errors
    /// A [`FenError`] naming the failing field.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        read(text)
    }

    /// Reads a FEN with lidraughts' optional counters (`:H<n>`, `:F<n>`), returned beside the
    /// position.
    ///
    /// # Errors
    /// A [`FenError`] naming the failing field.
    pub fn from_fen_with_extras(text: &str) -> Result<(Position, FenExtras), FenError> {
        read_with_extras(text)
    }

    /// The numeric FEN of this position.
    #[must_use]
    pub fn to_fen(&self) -> String {
        write(self)
    }

    /// The FEN of this position with algebraic squares (men before kings, each sorted by
    /// number), as lidraughts writes it and as pydraughts reads Russian positions correctly (its
    /// numeric squares count from a1, not from b8 as PDN does).
    ///
    /// ```
    /// use shashki::Position;
    ///
    /// let position: Position = "W:WK29,21:B1".parse()?;
    /// assert_eq!(position.to_fen_algebraic(), "W:Wa3,Ka1:Bb8");
    /// assert_eq!(Position::from_fen(&position.to_fen_algebraic())?, position);
    /// # Ok::<(), shashki::FenError>(())
    /// ```
    #[must_use]
    pub fn to_fen_algebraic(&self) -> String {
        write_algebraic(self)
    }
}

impl Game {
    /// The numeric FEN of the game's start with its draw counter and first move number
    /// (lidraughts' `:H<n>:F<n>`, when they are not the defaults): what [`Game::from_fen`] reads
    /// back into the same start. A search of the game sent elsewhere (a Web Worker, another
    /// engine) as this FEN and the moves sees the same draw counters.
    ///
    /// ```
    /// use shashki::Game;
    ///
    /// let game = Game::from_fen("W:WK29:BK1:H20:F40")?;
    /// assert_eq!(game.start_fen(), "W:WK29:BK1:H20:F40");
    /// assert_eq!(Game::from_fen(&game.start_fen())?, game);
    /// assert_eq!(Game::default().start_fen(), Game::default().start_position().to_fen());
    /// # Ok::<(), shashki::FenError>(())
    /// ```
    #[must_use]
    pub fn start_fen(&self) -> String {
        write_game_start(self, Notation::Numeric)
    }

    /// A game from a FEN; a lidraughts `:H<n>` counter sets the draw ply counter and `:F<n>` the
    /// number of the first move.
    ///
    /// # Errors
    /// A [`FenError`] naming the field that is wrong.
    pub fn from_fen(text: &str) -> Result<Game, FenError> {
        let (position, extras) = read_with_extras(text)?;
        let plies = extras
            .halfmove_clock
            .map_or(0, |h| u16::try_from(h).unwrap_or(u16::MAX));
        let mut game = Game::with_draw_state(position, DrawState::with_plies(plies));
        if let Some(number) = extras.fullmove_number {
            game.set_first_move_number(number);
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    #[test]
    fn start_round_trips() {
        let position = read(START).unwrap();
        assert_eq!(position, Position::start());
        assert_eq!(write(&position), START);
        assert_eq!(read("W:W21-32:B1-12").unwrap(), Position::start());
    }

    #[test]
    fn algebraic_kings_and_counters() {
        let (position, extras) = read_with_extras("B:WKa1,c3:Bh8,Kb8:H7:F12").unwrap();
        assert_eq!(position.side_to_move(), Color::Black);
        assert_eq!(write(&position), "B:W22,K29:B4,K1");
        assert_eq!(extras.halfmove_clock, Some(7));
        assert_eq!(extras.fullmove_number, Some(12));
        assert_eq!(read("W:B1:W32").unwrap(), read("W:W32:B1").unwrap());
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!(read("X:W1:B2").unwrap_err().field, FenField::SideToMove);
        assert_eq!(
            read("W:W33:B2").unwrap_err().field,
            FenField::Pieces(Color::White)
        );
        assert_eq!(
            read("W:W21:Ba2").unwrap_err().field,
            FenField::Pieces(Color::Black)
        );
        assert_eq!(read("W:W1:B2").unwrap_err().field, FenField::Placement);
        assert_eq!(
            read("W:W21:B21").unwrap_err().field,
            FenField::Pieces(Color::Black)
        );
        assert_eq!(read("W:W21:B1:Hx").unwrap_err().field, FenField::Counter);
        assert_eq!(read("W:W1-32:B").unwrap_err().field, FenField::Placement);
        assert!(read("").is_err());
        assert!(read("W:W21:W22").is_err());
    }
}
