//! Text round trips: FEN written and read back gives the same position (also from algebraic,
//! shuffled, range and counter forms), and every legal move written in each [`Notation`] reads
//! back as the same move; shortened `from-to` / `fromxto` texts are either the move or an
//! ambiguity that lists it. Also: make followed by unmake gives the position back.

mod common;

use common::{Rng, random_game, random_position};
use shashki::{Color, Move, MoveError, MoveText, Notation, Position, Square};

/// Random and game positions: the sample for the move round trips.
fn sample(seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut positions: Vec<Position> = (0..3_000).map(|_| random_position(&mut rng)).collect();
    for _ in 0..60 {
        positions.extend(random_game(&mut rng, Position::start(), 150));
    }
    positions
}

/// A FEN of `position` written differently from [`Position::to_fen`]: algebraic or numeric
/// squares in random order, lower- or upper-case king marks, colours in either order, and
/// optional lidraughts counters.
fn scrambled_fen(position: &Position, rng: &mut Rng) -> String {
    let mut fields = Vec::new();
    for color in Color::ALL {
        let mut squares: Vec<String> = position
            .pieces(color)
            .into_iter()
            .map(|square| {
                let name = if rng.chance(1, 2) {
                    square.to_string()
                } else {
                    square.number().to_string()
                };
                let king = position.kings(color).contains(square);
                match (king, rng.chance(1, 2)) {
                    (false, _) => name,
                    (true, true) => format!("K{name}"),
                    (true, false) => format!("k{name}"),
                }
            })
            .collect();
        for i in (1..squares.len()).rev() {
            squares.swap(i, rng.below(i + 1));
        }
        fields.push(format!("{}{}", color.letter(), squares.join(",")));
    }
    if rng.chance(1, 2) {
        fields.reverse();
    }
    let mut fen = format!("{}:{}", position.side_to_move().letter(), fields.join(":"));
    if rng.chance(1, 3) {
        fen.push_str(&format!(":H{}:F{}", rng.below(100), 1 + rng.below(200)));
    }
    fen
}

#[test]
fn fen_round_trips() {
    let mut rng = Rng::new(0xF3E0_0001);
    for position in sample(0xF3E0_0002) {
        let fen = position.to_fen();
        let read = Position::from_fen(&fen).expect("written FEN reads back");
        assert_eq!(read, position, "{fen}");
        assert_eq!(read.to_fen(), fen);
        let scrambled = scrambled_fen(&position, &mut rng);
        assert_eq!(
            Position::from_fen(&scrambled).expect("scrambled FEN reads"),
            position,
            "{scrambled}"
        );
    }
    // Counters are read, and do not change the position.
    let (position, extras) =
        Position::from_fen_with_extras("B:W21,K29:B1-4:H12:F34").expect("valid");
    assert_eq!(position.to_fen(), "B:W21,K29:B1,2,3,4");
    assert_eq!(
        (extras.halfmove_clock, extras.fullmove_number),
        (Some(12), Some(34))
    );
}

/// The legal moves of `position` sharing origin and destination with `mv` (itself included).
fn same_ends(position: &Position, mv: &Move) -> Vec<Move> {
    position
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
        .collect()
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let mut checked = 0;
    for position in sample(0xF3E0_0003) {
        for mv in position.legal_moves() {
            for notation in [Notation::Algebraic, Notation::Numeric, Notation::Hub] {
                let text = position.write_move(&mv, notation);
                assert_eq!(
                    position.parse_move(&text),
                    Ok(mv),
                    "{notation:?} text `{text}` in {}",
                    position.to_fen()
                );
                let parsed = MoveText::parse(&text).expect("written moves are well-formed");
                assert_eq!(parsed.squares()[0], mv.from());
            }
            // The full path names every landing square and ends on the destination.
            let path = position.move_path(&mv);
            assert_eq!(path.first(), Some(&mv.from()));
            assert_eq!(path.last(), Some(&mv.to()));
            assert_eq!(path.len(), 1 + mv.captured().count().max(1) as usize);
            checked += 1;
        }
    }
    assert!(checked > 25_000, "only {checked} moves");
}

#[test]
fn hub_captures_read_in_any_order() {
    let mut rng = Rng::new(0xF3E0_0004);
    for position in sample(0xF3E0_0005) {
        for mv in position
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_capture())
        {
            let mut captured: Vec<Square> = mv.captured().into_iter().collect();
            for i in (1..captured.len()).rev() {
                captured.swap(i, rng.below(i + 1));
            }
            let text = [mv.from(), mv.to()]
                .into_iter()
                .chain(captured)
                .map(|s| s.number().to_string())
                .collect::<Vec<_>>()
                .join("x");
            assert_eq!(position.parse_move(&text), Ok(mv), "{text}");
        }
    }
}

#[test]
fn short_forms_are_the_move_or_an_ambiguity_listing_it() {
    let mut ambiguous = 0;
    let mut exact_over_rivals = 0;
    for position in sample(0xF3E0_0006) {
        for mv in position.legal_moves() {
            let separator = if mv.is_capture() {
                ["x", ":"]
            } else {
                ["-", "-"]
            };
            let texts = [
                format!("{}{}{}", mv.from(), separator[0], mv.to()),
                format!("{}{}{}", mv.from(), separator[1], mv.to()),
                format!("{}{}{}", mv.from().number(), separator[0], mv.to().number()),
            ];
            let rivals = same_ends(&position, &mv);
            for text in texts {
                match position.parse_move(&text) {
                    Ok(found) if found == mv => {
                        // With rivals, only the move that `from:to` spells out in full (a
                        // single capture) wins over longer routes through the same squares.
                        assert!(
                            rivals.len() == 1 || position.move_path(&mv).len() == 2,
                            "{text} resolved despite rivals in {}",
                            position.to_fen()
                        );
                    }
                    Ok(found) => {
                        assert!(rivals.contains(&found), "{text} in {}", position.to_fen());
                        assert_eq!(position.move_path(&found).len(), 2, "{text}");
                        exact_over_rivals += 1;
                    }
                    Err(MoveError::Ambiguous { candidates, .. }) => {
                        assert!(rivals.len() > 1, "{text} ambiguous without rivals");
                        assert_eq!(candidates.len(), rivals.len());
                        let full = position.write_move(&mv, Notation::Algebraic);
                        assert!(candidates.contains(&full), "{candidates:?} lacks {full}");
                        ambiguous += 1;
                    }
                    Err(error) => panic!("{text} in {}: {error}", position.to_fen()),
                }
            }
        }
    }
    assert!(
        ambiguous > 0,
        "the sample never produced an ambiguous short form"
    );
    assert!(
        exact_over_rivals > 0,
        "no single capture shared its ends with a longer one"
    );
}

#[test]
fn make_then_unmake_restores_every_position() {
    for position in sample(0xF3E0_0007) {
        for mv in position.legal_moves() {
            let mut copy = position;
            let undo = copy.make(&mv);
            assert_eq!(
                copy,
                position.play_unchecked(&mv),
                "make {mv:?} in {}",
                position.to_fen()
            );
            copy.unmake(&mv, undo);
            assert_eq!(copy, position, "unmake {mv:?} in {}", position.to_fen());
        }
    }
}
