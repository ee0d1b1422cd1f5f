//! Move notation: reading the many ways players write a move and writing it back ([docs/RULES.md §3](crate::docs::rules)).
//!
//! Reading is two steps, as in shakmaty: [`MoveText::parse`] checks the syntax only (squares
//! joined by `-`, `x` or `:`); [`Position::parse_move`] resolves that text against the legal moves
//! and says whether it is illegal or ambiguous. Accepted: `c3-d4`, `a1:e5:g3` (full or shortened
//! path), `22-18`, `22x15`, the Hub form `from x to x captured x captured…`, two algebraic squares
//! without a separator (`c3d4`), and the short notation of old Russian files and PDN 3.0's "S"
//! form: the origin's file and the destination (`gf4`, resolved by [`Position::parse_move`] only,
//! since it names no origin square). Capture paths (landing squares) are derived here on demand;
//! they are not part of a [`Move`].

use std::fmt;

use crate::rules::{Bitboard, Game, GameError, Move, ParseSquareError, Position, Square};

/// How to write a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// Russian print tradition, full path: `c3-d4`, `a1:e5:g3`.
    #[default]
    Algebraic,
    /// PDN numbers, full path: `22-18`, `22x15x8`.
    Numeric,
    /// Scan's Hub protocol: `22-18`, `from x to x captured…` (captured in ascending number).
    Hub,
}

/// The syntax of a move, before it is matched against a position: the squares it names in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    squares: Vec<Square>,
    capture_marked: bool,
}

/// A move text that is not syntactically a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read move `{text}`: {reason}")]
pub struct ParseMoveError {
    /// The text as given (at most 80 characters).
    pub text: String,
    /// What is wrong with it.
    pub reason: ParseMoveReason,
}

/// Why a move text is not a move ([`ParseMoveError::reason`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveReason {
    /// Nothing but blanks.
    #[error("empty")]
    Empty,
    /// More squares than any move has.
    #[error("too many squares")]
    TooManySquares,
    /// A separator at the start or end, or two in a row: square `place` (from 1) is missing.
    #[error(
        "square {place} is missing (a separator `-`, `x` or `:` at the start or end, or two in a row)"
    )]
    MissingSquare {
        /// Which square of the text, counting from 1.
        place: usize,
    },
    /// A square that does not read.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// Only one square.
    #[error("a move names at least two squares")]
    TooFewSquares,
}

/// A move text that does not name exactly one legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// Not a move at all.
    #[error(transparent)]
    Unparsable(#[from] ParseMoveError),
    /// Well-formed, but no legal move matches.
    #[error("illegal move `{text}` in {fen}", fen = position.to_fen())]
    Illegal {
        /// The text as given.
        text: String,
        /// The position it was played in (its FEN in the message).
        position: Position,
    },
    /// Several legal moves match; `candidates` lists them with full paths.
    #[error("ambiguous move `{text}`: could be {}", candidates.join(", "))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// Every legal move it could mean, in full notation.
        candidates: Vec<String>,
    },
}

/// Why [`Game::play_text`] played nothing: the text names no legal move or several, or the game
/// has ended.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayTextError {
    /// The text does not name exactly one legal move.
    #[error(transparent)]
    Text(#[from] MoveError),
    /// The game refuses the move (it has ended).
    #[error(transparent)]
    Game(#[from] GameError),
}

impl MoveText {
    /// Reads squares separated by `-`, `x` or `:` (at least two).
    ///
    /// # Errors
    /// A [`ParseMoveError`] when a square is malformed or fewer than two are given.
    pub fn parse(text: &str) -> Result<MoveText, ParseMoveError> {
        let fail = |reason: ParseMoveReason| ParseMoveError {
            text: text.chars().take(80).collect(),
            reason,
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(fail(ParseMoveReason::Empty));
        }
        // `c3d4`: two algebraic squares written without a separator.
        let joined;
        let trimmed = match trimmed.as_bytes() {
            [a, b, c, d]
                if a.is_ascii_alphabetic()
                    && b.is_ascii_digit()
                    && c.is_ascii_alphabetic()
                    && d.is_ascii_digit() =>
            {
                joined = format!("{}-{}", &trimmed[..2], &trimmed[2..]);
                joined.as_str()
            }
            _ => trimmed,
        };
        let capture_marked = trimmed.contains(['x', 'X', ':']);
        let mut squares = Vec::new();
        for (index, part) in trimmed.split(['-', 'x', 'X', ':']).enumerate() {
            if squares.len() > 40 {
                return Err(fail(ParseMoveReason::TooManySquares));
            }
            if part.is_empty() {
                return Err(fail(ParseMoveReason::MissingSquare { place: index + 1 }));
            }
            squares.push(part.parse::<Square>().map_err(|e| fail(e.into()))?);
        }
        if squares.len() < 2 {
            return Err(fail(ParseMoveReason::TooFewSquares));
        }
        Ok(MoveText {
            squares,
            capture_marked,
        })
    }

    /// The squares in the order given.
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Whether the text reads as `move`'s in `position`: its origin and destination with a
    /// (possibly shortened) path, or the Hub form with the captured squares.
    fn matches(&self, position: &Position, mv: &Move) -> bool {
        let s = &self.squares;
        if s[0] != mv.from() {
            return false;
        }
        if s.len() == 2 {
            return s[1] == mv.to();
        }
        let hub_captured: Bitboard = s[2..].iter().copied().collect();
        if s[1] == mv.to()
            && hub_captured == mv.captured()
            && s.len() - 2 == mv.captured().count() as usize
        {
            return true;
        }
        if s[s.len() - 1] != mv.to() {
            return false;
        }
        routes(position, mv)
            .iter()
            .any(|path| is_subsequence(&s[1..], path))
    }

    /// Whether the text spells out one of `mv`'s routes square by square, or is its exact Hub
    /// form: such a text names `mv` even when a longer route of another move passes through the
    /// same squares (`h6:e3:g1` against `h6:f8:c5:e3:g1`).
    fn matches_exactly(&self, position: &Position, mv: &Move) -> bool {
        let s = &self.squares;
        if s[0] != mv.from() {
            return false;
        }
        let hub_captured: Bitboard = s[2..].iter().copied().collect();
        if s.len() > 2
            && s[1] == mv.to()
            && hub_captured == mv.captured()
            && s.len() - 2 == mv.captured().count() as usize
        {
            return true;
        }
        routes(position, mv).iter().any(|path| path[..] == s[1..])
    }
}

fn is_subsequence(needle: &[Square], haystack: &[Square]) -> bool {
    let mut rest = haystack.iter();
    needle.iter().all(|square| rest.any(|s| s == square))
}

/// Every landing-square path (convention A) by which `mv` can be played, origin excluded.
fn routes(position: &Position, mv: &Move) -> Vec<Vec<Square>> {
    if !mv.is_capture() {
        return vec![vec![mv.to()]];
    }
    let us = position.side_to_move();
    let is_king = position.kings(us).contains(mv.from());
    let walker = RouteWalker {
        empty: position.empty_squares().with(mv.from()),
        promotion_rank: Bitboard::promotion_rank(us),
        target: *mv,
    };
    let mut found = Vec::new();
    let mut path = Vec::new();
    walker.walk(
        mv.from(),
        is_king,
        Bitboard::EMPTY,
        position.pieces(us.opposite()),
        &mut path,
        &mut found,
    );
    found
}

/// A slow, square-by-square walk over capture routes, used for display and parsing only.
struct RouteWalker {
    empty: Bitboard,
    promotion_rank: Bitboard,
    target: Move,
}

impl RouteWalker {
    /// Captures available from `at`: (victim, landing squares) per direction.
    fn captures(
        &self,
        at: Square,
        is_king: bool,
        capturable: Bitboard,
    ) -> Vec<(Square, Vec<Square>)> {
        let mut result = Vec::new();
        for direction in crate::rules::Direction::ALL {
            let mut square = Bitboard::from_square(at).step(direction);
            if is_king {
                while (square & self.empty).any() {
                    square = square.step(direction);
                }
            }
            let Some(victim) = (square & capturable).first() else {
                continue;
            };
            let mut landing = square.step(direction) & self.empty;
            let mut landings = Vec::new();
            while let Some(l) = landing.first() {
                landings.push(l);
                if !is_king {
                    break;
                }
                landing = landing.step(direction) & self.empty;
            }
            if !landings.is_empty() {
                result.push((victim, landings));
            }
        }
        result
    }

    fn walk(
        &self,
        at: Square,
        is_king: bool,
        captured: Bitboard,
        capturable: Bitboard,
        path: &mut Vec<Square>,
        found: &mut Vec<Vec<Square>>,
    ) {
        for (victim, landings) in self.captures(at, is_king, capturable) {
            let captured = captured.with(victim);
            let capturable = capturable.without(victim);
            let continues = |l: Square| {
                let king = is_king || self.promotion_rank.contains(l);
                !self.captures(l, king, capturable).is_empty()
            };
            let any_continues = landings.iter().any(|&l| continues(l));
            for &landing in &landings {
                if any_continues && !continues(landing) {
                    continue;
                }
                path.push(landing);
                if any_continues {
                    let king = is_king || self.promotion_rank.contains(landing);
                    self.walk(landing, king, captured, capturable, path, found);
                } else if landing == self.target.to() && captured == self.target.captured() {
                    found.push(path.clone());
                }
                path.pop();
            }
        }
    }
}

impl Position {
    /// The squares `mv` visits: its origin, every landing square, its destination. For a move
    /// with several routes (convention C merges them) the first route found is given.
    #[must_use]
    pub fn move_path(&self, mv: &Move) -> Vec<Square> {
        let mut path = vec![mv.from()];
        path.extend(
            routes(self, mv)
                .into_iter()
                .next()
                .unwrap_or_else(|| vec![mv.to()]),
        );
        path
    }

    /// Every landing-square route of `mv` (origin excluded): more than one when captures along
    /// different routes take the same pieces to the same square.
    #[must_use]
    pub fn move_routes(&self, mv: &Move) -> Vec<Vec<Square>> {
        routes(self, mv)
    }

    /// Writes a line of moves played one after the other from this position (a principal
    /// variation, a game's continuation), one text per move. The line is cut at its first move
    /// that is not legal where it stands, so a stale or foreign line never writes nonsense.
    ///
    /// ```
    /// use shashki::{Notation, Position};
    ///
    /// let start = Position::start();
    /// let c3d4 = start.parse_move("c3-d4")?;
    /// let f6g5 = start.play(&c3d4)?.parse_move("f6-g5")?;
    /// assert_eq!(start.write_line(&[c3d4, f6g5, c3d4], Notation::Algebraic), ["c3-d4", "f6-g5"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn write_line(&self, moves: &[Move], notation: Notation) -> Vec<String> {
        let mut position = *self;
        let mut texts = Vec::with_capacity(moves.len());
        for mv in moves {
            let Ok(next) = position.play(mv) else {
                break;
            };
            texts.push(position.write_move(mv, notation));
            position = next;
        }
        texts
    }

    /// Writes `mv`, a legal move of this position, in `notation`.
    #[must_use]
    pub fn write_move(&self, mv: &Move, notation: Notation) -> String {
        let separator = if mv.is_capture() {
            match notation {
                Notation::Algebraic => ":",
                Notation::Numeric | Notation::Hub => "x",
            }
        } else {
            "-"
        };
        let name = |square: Square| match notation {
            Notation::Algebraic => square.to_string(),
            Notation::Numeric | Notation::Hub => square.number().to_string(),
        };
        let squares: Vec<Square> = match notation {
            Notation::Hub if mv.is_capture() => {
                let mut captured: Vec<Square> = mv.captured().into_iter().collect();
                captured.sort_by_key(|s| s.number());
                [mv.from(), mv.to()].into_iter().chain(captured).collect()
            }
            _ => self.move_path(mv),
        };
        squares
            .into_iter()
            .map(name)
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// Resolves a move text against this position's legal moves.
    ///
    /// A shortened path matches every move whose route passes through the named squares; when
    /// several match, a text that spells out one move's full route (or its exact Hub form) names
    /// that move, so every text written by [`Position::write_move`] reads back as its move.
    ///
    /// # Errors
    /// [`MoveError::Unparsable`] for bad syntax, [`MoveError::Illegal`] when no legal move matches,
    /// [`MoveError::Ambiguous`] (with the candidates) when several do.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let legal = self.legal_moves();
        if let Some((file, to)) = short_form(text) {
            let candidates: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.from().file() == file && m.to() == to)
                .collect();
            return match candidates.as_slice() {
                [only] => Ok(*only),
                [] => Err(MoveError::Illegal {
                    text: text.trim().to_string(),
                    position: *self,
                }),
                many => Err(MoveError::Ambiguous {
                    text: text.trim().to_string(),
                    candidates: many
                        .iter()
                        .map(|m| self.write_move(m, Notation::Algebraic))
                        .collect(),
                }),
            };
        }
        let parsed = MoveText::parse(text)?;
        let candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| parsed.matches(self, m))
            .collect();
        match candidates.as_slice() {
            [only] => Ok(*only),
            [] => Err(MoveError::Illegal {
                text: text.trim().chars().take(80).collect(),
                position: *self,
            }),
            many => {
                let exact: Vec<&Move> = many
                    .iter()
                    .filter(|m| parsed.matches_exactly(self, m))
                    .collect();
                if let [exact] = exact[..] {
                    return Ok(*exact);
                }
                Err(MoveError::Ambiguous {
                    text: text.trim().chars().take(80).collect(),
                    candidates: many
                        .iter()
                        .map(|m| self.write_move(m, Notation::Algebraic))
                        .collect(),
                })
            }
        }
    }
}

/// The short notation `gf4` (origin file, destination square, either case): the file index
/// (0 for `a`) and the destination; `None` for any other text.
fn short_form(text: &str) -> Option<(u8, Square)> {
    match text.trim().as_bytes() {
        [file, to_file, to_rank] if file.is_ascii_alphabetic() && to_file.is_ascii_alphabetic() => {
            let file = file
                .to_ascii_lowercase()
                .checked_sub(b'a')
                .filter(|f| *f < 8)?;
            let to = std::str::from_utf8(&[*to_file, *to_rank])
                .ok()?
                .parse::<Square>()
                .ok()?;
            Some((file, to))
        }
        _ => None,
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture_marked { ":" } else { "-" };
        let names: Vec<String> = self.squares.iter().map(Square::to_string).collect();
        f.write_str(&names.join(separator))
    }
}

impl Game {
    /// Reads `text` in any notation [`Position::parse_move`] accepts and plays it.
    ///
    /// # Errors
    /// [`PlayTextError::Text`] if the text names no legal move or several,
    /// [`PlayTextError::Game`] if the game has ended.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayTextError> {
        let status = self.status();
        if status.is_over() {
            return Err(GameError::GameOver(status).into());
        }
        let mv = self.position().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// The moves in `notation`, each written in the position it was played in.
    #[must_use]
    pub fn move_texts(&self, notation: Notation) -> Vec<String> {
        self.moves()
            .iter()
            .zip(self.positions())
            .map(|(mv, position)| position.write_move(mv, notation))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_text_says_why_it_played_nothing() {
        let mut game = Game::default();
        assert_eq!(game.play_text("c3-d4").map(|mv| mv.to().number()), Ok(18));
        assert!(matches!(
            game.play_text("c3-d4"),
            Err(PlayTextError::Text(MoveError::Illegal { .. }))
        ));
        assert!(matches!(
            game.play_text("c3"),
            Err(PlayTextError::Text(MoveError::Unparsable(_)))
        ));
        let mut over = Game::from_fen("W:W:BK1").expect("a FEN");
        assert!(matches!(
            over.play_text("b8-a7"),
            Err(PlayTextError::Game(GameError::GameOver(_)))
        ));
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.move_texts(Notation::Algebraic), ["c3-d4"]);
    }

    #[test]
    fn reads_quiet_moves_in_every_form() {
        let start = Position::start();
        let expected = start.parse_move("c3-d4").unwrap();
        assert_eq!(start.parse_move("22-18").unwrap(), expected);
        assert_eq!(start.parse_move("C3-D4").unwrap(), expected);
        assert_eq!(start.write_move(&expected, Notation::Algebraic), "c3-d4");
        assert_eq!(start.write_move(&expected, Notation::Numeric), "22-18");
    }

    #[test]
    fn reads_captures_in_every_form() {
        let position = Position::from_fen("W:WKa1:Bb2,f4").unwrap();
        let mv = position.parse_move("a1:e5:g3").unwrap();
        assert_eq!(position.write_move(&mv, Notation::Algebraic), "a1:e5:g3");
        assert_eq!(position.parse_move("a1xg3").unwrap(), mv);
        assert_eq!(position.parse_move("29x24").unwrap(), mv);
        assert_eq!(position.write_move(&mv, Notation::Hub), "29x24x19x25");
        assert_eq!(position.parse_move("29x24x25x19").unwrap(), mv);
        assert_eq!(position.write_move(&mv, Notation::Numeric), "29x15x24");
    }

    #[test]
    fn errors_are_typed() {
        let start = Position::start();
        assert!(matches!(
            start.parse_move("c3-c4"),
            Err(MoveError::Unparsable(_))
        ));
        assert!(matches!(
            start.parse_move("c3"),
            Err(MoveError::Unparsable(_))
        ));
        assert!(matches!(
            start.parse_move("c3-e5"),
            Err(MoveError::Illegal { .. })
        ));
        let position = Position::from_fen("W:WKa1:Bb2").unwrap();
        assert!(position.parse_move("a1:h8").is_ok());
    }

    #[test]
    fn a_missing_square_is_named_by_its_place() {
        for (text, place) in [
            ("xx", 1),
            ("c3-", 2),
            ("22-18x", 3),
            ("-d4", 1),
            ("c3--d4", 2),
        ] {
            let error = MoveText::parse(text).unwrap_err();
            assert_eq!(error.text, text);
            assert_eq!(
                error.reason,
                ParseMoveReason::MissingSquare { place },
                "{text}: {error}"
            );
            assert!(
                error
                    .to_string()
                    .contains(&format!("square {place} is missing"))
            );
        }
        assert!(MoveText::parse("c3-d4").is_ok());
    }

    #[test]
    fn reads_the_short_notation_and_squares_without_separator() {
        let start = Position::start();
        let expected = start.parse_move("c3-d4").unwrap();
        assert_eq!(start.parse_move("cd4").unwrap(), expected);
        assert_eq!(start.parse_move("CD4").unwrap(), expected);
        assert_eq!(start.parse_move("c3d4").unwrap(), expected);
        assert!(matches!(
            start.parse_move("cf4"),
            Err(MoveError::Illegal { .. })
        ));
        assert!(matches!(
            start.parse_move("zf4"),
            Err(MoveError::Unparsable(_))
        ));
        // Two kings on the c file can both reach d4: the error names both.
        let position = Position::from_fen("W:WKc3,Kc5:Bh8").unwrap();
        match position.parse_move("cd4") {
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates.len(), 2, "{candidates:?}");
            }
            other => panic!("{other:?}"),
        }
        // A capture in the short form: origin file and landing square.
        let position = Position::from_fen("W:Wc3:Bd4").unwrap();
        assert_eq!(position.parse_move("ce5").unwrap().captured().count(), 1);
    }

    #[test]
    fn a_full_path_is_not_ambiguous_with_a_longer_route_through_it() {
        // h6:e3:g1 is also a subsequence of h6:f8:c5:e3:g1, a different move.
        let position = Position::from_fen("W:W5,6,31,K1,K4,K12:B2,8,10,16,18,20,26,27").unwrap();
        let long = position.parse_move("h6:f8:c5:e3:g1").unwrap();
        let short = position.parse_move("h6:e3:g1").unwrap();
        assert_ne!(long, short);
        assert_eq!(short.captured().count(), 2);
        assert!(matches!(
            position.parse_move("h6:g1"),
            Err(MoveError::Ambiguous { .. })
        ));
    }
}
