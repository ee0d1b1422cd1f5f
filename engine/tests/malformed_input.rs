//! Malformed input never panics and comes back as a typed error: random bytes and strings as
//! FEN, move text and squares, every prefix of valid FENs, and each placement rule broken on
//! purpose (squares out of range, light squares, men on their promotion rank, too many pieces,
//! squares given twice).

use proptest::prelude::*;
use shashki::{Bitboard, Color, FenField, Position, PositionError, Square};

/// FENs whose every prefix is tried.
const VALID_FENS: [&str; 6] = [
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:WKe1:Bc3,b6,e7,e5,c5",
    "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
    "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
    "B:W21-24,K29:B1-4,k9:H12:F40",
    "W:B12,K1:W32,k28.",
];

/// A read position must be a valid one: its own FEN reads back to it.
fn check_read(text: &str) {
    if let Ok(position) = Position::from_fen(text) {
        assert_eq!(
            Position::from_fen(&position.to_fen()),
            Ok(position),
            "{text:?}"
        );
        for color in Color::ALL {
            assert!(position.pieces(color).count() <= 12);
            assert!(!(position.men(color) & Bitboard::promotion_rank(color)).any());
        }
    }
}

#[test]
fn every_prefix_of_a_valid_fen_is_handled() {
    for fen in VALID_FENS {
        assert!(Position::from_fen(fen).is_ok(), "{fen}");
        for end in 0..fen.len() {
            let prefix = &fen[..end];
            check_read(prefix);
            if let Err(error) = Position::from_fen(prefix) {
                assert!(!error.to_string().is_empty());
            }
        }
    }
    assert!(Position::from_fen("").is_err());
    assert!(Position::from_fen("W:W21,").is_err());
    assert!(Position::from_fen("W:W21:B1-").is_err());
    assert!(Position::from_fen("W:WK").is_err());
    assert!(Position::from_fen_with_extras("W:W21:B1:H").is_err());
}

fn field_of(fen: &str) -> FenField {
    Position::from_fen(fen)
        .expect_err("malformed FEN must be an error")
        .field
}

#[test]
fn squares_out_of_range_are_errors() {
    assert_eq!(field_of("W:W0:B1"), FenField::Pieces(Color::White));
    assert_eq!(field_of("W:W33:B1"), FenField::Pieces(Color::White));
    assert_eq!(
        field_of("W:W21:B99999999999999999999"),
        FenField::Pieces(Color::Black)
    );
    assert_eq!(field_of("W:W21:Bi9"), FenField::Pieces(Color::Black));
    assert_eq!(field_of("W:W21:B-3"), FenField::Pieces(Color::Black));
    assert_eq!(field_of("W:W21:B5-40"), FenField::Pieces(Color::Black));
    assert_eq!(field_of("W:W24-21:B1"), FenField::Pieces(Color::White));
    assert_eq!(field_of("X:W21:B1"), FenField::SideToMove);
    assert_eq!(field_of("WB:W21:B1"), FenField::SideToMove);
    assert_eq!(field_of("W:W21:B1:Z7"), FenField::Placement);
    assert_eq!(field_of("W:W21:B1:H-1"), FenField::Counter);
    assert_eq!(field_of("W:W21:B1:F99999999999"), FenField::Counter);
    for text in [
        "0", "33", "100", "-1", "", "i1", "a9", "a0", "c", "3c", "c33", " ",
    ] {
        assert!(text.parse::<Square>().is_err(), "{text:?}");
    }
}

#[test]
fn light_squares_are_errors() {
    for light in ["a2", "b1", "h1", "a8", "d5", "e4"] {
        assert_eq!(
            field_of(&format!("W:W{light}:B1")),
            FenField::Pieces(Color::White),
            "{light}"
        );
        assert!(light.parse::<Square>().is_err());
    }
}

#[test]
fn men_on_their_promotion_rank_are_errors() {
    for fen in [
        "W:W1:B12",
        "W:Wb8:B12",
        "B:W21:B29",
        "B:W21:Bg1",
        "W:W4,21:B9",
    ] {
        assert_eq!(field_of(fen), FenField::Placement, "{fen}");
    }
    // Kings may stand there.
    assert!(Position::from_fen("W:WK1:BK29").is_ok());
    let white_man_on_b8 = Bitboard::from_square(Square::from_number(1).expect("b8"));
    assert!(matches!(
        Position::new(
            white_man_on_b8,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Color::White
        ),
        Err(PositionError::ManOnPromotionRank {
            color: Color::White,
            ..
        })
    ));
}

#[test]
fn too_many_pieces_are_errors() {
    assert_eq!(field_of("W:W13-25:B1"), FenField::Placement);
    assert_eq!(field_of("B:W32:B5-17"), FenField::Placement);
    assert!(Position::from_fen("W:W14-25:B1-12").is_ok());
    let thirteen: Bitboard = (13..=25).filter_map(Square::from_number).collect();
    assert!(matches!(
        Position::new(thirteen, Bitboard::EMPTY, Bitboard::EMPTY, Color::White),
        Err(PositionError::TooManyPieces { count: 13, .. })
    ));
}

#[test]
fn squares_given_twice_are_errors() {
    assert_eq!(field_of("W:W21,21:B1"), FenField::Pieces(Color::White));
    assert_eq!(field_of("W:W21,K21:B1"), FenField::Pieces(Color::White));
    assert_eq!(field_of("W:W21-24,22:B1"), FenField::Pieces(Color::White));
    assert_eq!(field_of("W:W22,c3:B1"), FenField::Pieces(Color::White));
    assert_eq!(field_of("W:W21:B21"), FenField::Pieces(Color::Black));
    assert_eq!(field_of("W:W21:B1:W22"), FenField::Pieces(Color::White));
    let c3 = Bitboard::from_square(Square::from_number(22).expect("c3"));
    assert!(matches!(
        Position::new(c3, c3, Bitboard::EMPTY, Color::White),
        Err(PositionError::Overlap(_))
    ));
    assert!(matches!(
        Position::new(Bitboard::EMPTY, Bitboard::EMPTY, c3, Color::White),
        Err(PositionError::KingOnEmptySquare(_))
    ));
    // A ghost bit of the padded layout is not a square.
    assert!(matches!(
        Position::new(
            Bitboard(1 << 4),
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Color::White
        ),
        Err(PositionError::NotOnBoard(_))
    ));
}

#[test]
fn move_text_errors_are_typed() {
    use shashki::MoveError;
    let start = Position::start();
    for text in [
        "", "c3", "c3-", "-d4", "c3-d9", "c3--d4", "c3-d4-", "x", "22x", "0-1", "c3 d4",
    ] {
        assert!(
            matches!(start.parse_move(text), Err(MoveError::Unparsable(_))),
            "{text:?}"
        );
    }
    for text in ["c3-e5", "22-19", "a1-b2", "c3:e5", "21x14", "d6-c5"] {
        assert!(
            matches!(start.parse_move(text), Err(MoveError::Illegal { .. })),
            "{text:?}"
        );
    }
    let long = "c3-".repeat(1000) + "d4";
    assert!(start.parse_move(&long).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_as_fen_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        check_read(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fen_like_strings_never_panic(text in "[WBKwbkHF0-9a-iA-I:,. -]{0,60}") {
        check_read(&text);
        let _ = Position::from_fen_with_extras(&text);
    }

    #[test]
    fn unicode_strings_never_panic(text in "\\PC{0,40}") {
        check_read(&text);
        let _ = text.parse::<Square>();
        let _ = Position::start().parse_move(&text);
    }

    #[test]
    fn random_squares_parse_only_when_they_name_a_square(text in "[0-9a-jA-J ]{0,5}") {
        if let Ok(square) = text.parse::<Square>() {
            let by_name = square.to_string() == text.to_ascii_lowercase();
            let by_number = text.parse::<u32>().ok() == Some(u32::from(square.number()));
            prop_assert!(by_name || by_number, "{text:?} read as {square}");
        }
    }

    #[test]
    fn random_move_text_is_a_legal_move_or_an_error(
        text in "[a-h1-9x:X -]{0,16}",
        fen in prop::sample::select(VALID_FENS.to_vec()),
    ) {
        let position = Position::from_fen(fen).expect("valid FEN");
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert!(position.is_legal(&mv), "{text:?} gave {mv:?}");
        }
    }
}

/// A counter too large for its type says so, instead of claiming it is not a number.
#[test]
fn counter_errors_say_what_is_wrong() {
    let message = |text: &str| {
        Position::from_fen(text)
            .expect_err("a bad counter is an error")
            .to_string()
    };
    let too_big = message("W:W21:B1:H99999999999999999999");
    assert!(too_big.contains("at most"), "{too_big}");
    let not_number = message("W:W21:B1:Hx");
    assert!(not_number.contains("whole number"), "{not_number}");
}
