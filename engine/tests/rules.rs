//! One test per rule of docs/RULES.md §1, on its worked examples and on our own positions. Every
//! expected move list is also checked against the mailbox reference generator, so a test fails
//! if either generator drifts from the rules.

mod common;

use std::collections::BTreeSet;

use common::reference::{MoveKey, RefBoard};
use common::{fen, sq};
use shashki::{Bitboard, Color, MoveIdentity, Notation, Position, Role, Square};

/// The legal moves of `position` written with their full path (`a1:e5:g3`).
fn written(position: &Position) -> BTreeSet<String> {
    position
        .legal_moves()
        .iter()
        .map(|mv| position.write_move(mv, Notation::Algebraic))
        .collect()
}

/// Asserts that the legal moves of `fen_text` are exactly `expected` (full paths), and that the
/// reference generator finds the same moves.
fn assert_moves(fen_text: &str, expected: &[&str]) -> Position {
    let position = fen(fen_text);
    let expected: BTreeSet<String> = expected.iter().map(|s| (*s).to_string()).collect();
    assert_eq!(written(&position), expected, "moves of {fen_text}");
    assert_same_as_reference(&position);
    position
}

/// Asserts that the fast generator and the reference agree on `position`.
fn assert_same_as_reference(position: &Position) {
    let fast: BTreeSet<MoveKey> = position.legal_moves().iter().map(MoveKey::of).collect();
    let reference: BTreeSet<MoveKey> = RefBoard::from_position(position)
        .legal_moves()
        .iter()
        .map(|mv| MoveKey::of(&mv.outcome()))
        .collect();
    assert_eq!(
        fast,
        reference,
        "reference disagrees on {}",
        position.to_fen()
    );
}

#[test]
fn rule_1_1_board_and_start() {
    // a1 is dark, a2 and b1 are light: 32 playable squares.
    assert!(Square::from_coords(0, 0).is_some());
    assert!(Square::from_coords(0, 1).is_none());
    assert!(Square::from_coords(1, 0).is_none());
    let dark = (0..8u8)
        .flat_map(|file| (0..8u8).map(move |rank| (file, rank)))
        .filter(|&(file, rank)| Square::from_coords(file, rank).is_some())
        .count();
    assert_eq!(dark, 32);
    // The numbering of docs/RULES.md §3.
    for (number, name) in [
        (1, "b8"),
        (4, "h8"),
        (5, "a7"),
        (22, "c3"),
        (29, "a1"),
        (32, "g1"),
    ] {
        assert_eq!(
            Square::from_number(number).map(|s| s.to_string()),
            Some(name.to_string())
        );
    }
    // White on ranks 1–3, Black on 6–8, White to move.
    let start = Position::start();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.all_kings(), Bitboard::EMPTY);
    for square in Square::ALL {
        let expected = match square.rank() {
            0..=2 => Some(Color::White),
            5..=7 => Some(Color::Black),
            _ => None,
        };
        assert_eq!(
            start.piece_at(square).map(|p| p.color),
            expected,
            "{square}"
        );
    }
    assert_eq!(
        start,
        fen("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    );
    // The main road a1–h8.
    let road: Vec<String> = Bitboard::MAIN_ROAD
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(road, ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    // White's first moves go up the board.
    assert_moves(
        "W:W21-32:B1-12",
        &[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
        ],
    );
}

#[test]
fn rule_1_2_man_moves_forward() {
    assert_moves("W:Wc3:Bb8", &["c3-b4", "c3-d4"]);
    // Black's forward is down the board.
    assert_moves("B:Wa1:Bd6", &["d6-c5", "d6-e5"]);
    // The edge, and own and enemy pieces, block a man; it never steps back.
    assert_moves("W:Wa3:Bh8", &["a3-b4"]);
    assert_moves("W:Wc3,d4:Bh8", &["c3-b4", "d4-c5", "d4-e5"]);
    assert_moves("W:Wc3:Bd4,e5", &["c3-b4"]);
    // Reaching the last rank by a quiet move crowns the man.
    let position = assert_moves("W:Wg7:Bb8", &["g7-f8", "g7-h8"]);
    for mv in position.legal_moves() {
        assert!(mv.promotes());
        let after = position.play_unchecked(&mv);
        assert_eq!(after.piece_at(mv.to()).map(|p| p.role), Some(Role::King));
    }
    let position = assert_moves("B:Wa1:Bb2", &["b2-c1"]);
    assert!(position.legal_moves()[0].promotes());
    // A man that does not reach the last rank stays a man.
    assert!(!fen("W:Wc3:Bb8").legal_moves().iter().any(|m| m.promotes()));
}

#[test]
fn rule_1_3_men_capture_forward_and_backward() {
    assert_moves("W:Wd4:Bc5,h8", &["d4:b6"]);
    assert_moves("W:Wd4:Be3,h8", &["d4:f2"]);
    assert_moves("W:Wd4:Bc5,e3", &["d4:b6", "d4:f2"]);
    // Black men capture backwards (up the board) too.
    assert_moves("B:We5:Bd4", &["d4:f6"]);
    // A chain that goes backwards, then forwards.
    assert_moves("W:We5:Bd4,b4", &["e5:c3:a5"]);
    assert_moves("W:Wc1:Bd2,d4,b6", &["c1:e3:c5:a7"]);
    // A man jumps only an adjacent piece, onto the empty square right behind it, one at a time.
    assert_moves("W:Wc3:Be5,h8", &["c3-b4", "c3-d4"]);
    assert_moves("W:Wc3:Bd4,e5", &["c3-b4"]);
    // It never jumps its own pieces.
    assert_moves("W:Wc3,d4:Bh8", &["c3-b4", "d4-c5", "d4-e5"]);
}

#[test]
fn rule_1_4_king_flies() {
    // Worked example: capture from a distance, landing on any square beyond.
    assert_moves(
        "W:WKa1:Bb2",
        &["a1:c3", "a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"],
    );
    assert_moves("W:WKa1:Bd4", &["a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    // Quiet: any distance, in all four directions (13 squares from d4).
    let position = fen("W:WKd4:Bb8");
    assert_eq!(position.legal_moves().len(), 13);
    assert_eq!(position.count_legal_moves(), 13);
    assert!(written(&position).contains("d4-g1"));
    assert!(written(&position).contains("d4-a1"));
    // Own pieces block; two enemy pieces in a row cannot be jumped.
    assert_moves("W:WKa1,c3:Bh8", &["a1-b2", "c3-b4", "c3-d4"]);
    assert_moves("W:WKa1:Bd4,e5", &["a1-b2", "a1-c3"]);
    // A piece on the edge cannot be jumped.
    assert_moves(
        "W:WKe1:Bh4,a5",
        &["e1-d2", "e1-c3", "e1-b4", "e1-f2", "e1-g3"],
    );
}

#[test]
fn rule_1_5_capture_is_mandatory_with_free_choice() {
    // Either man may capture; the quiet moves (e3-d4, a3-b4, …) are not allowed.
    assert_moves("W:Wa3,e3:Bb4,f4,f6", &["a3:c5", "e3:g5:e7"]);
    // A king and a man: both captures are open, every quiet move is not.
    assert_moves("W:WKh2,c3:Bd4,b8", &["c3:e5"]);
    assert_moves(
        "W:WKh2,c3:Bd4,f4",
        &["c3:e5:g3", "h2:e5", "h2:d6", "h2:c7", "h2:b8"],
    );
}

#[test]
fn rule_1_5_no_majority_rule() {
    // Taking one piece is as legal as taking two (international draughts would force the two).
    let position = assert_moves("W:Wa3,e3:Bb4,f4,f6", &["a3:c5", "e3:g5:e7"]);
    let counts: BTreeSet<u32> = position
        .legal_moves()
        .iter()
        .map(|m| m.captured().count())
        .collect();
    assert_eq!(counts, BTreeSet::from([1, 2]));
    // Same piece, two branches of different length: both allowed.
    assert_moves("W:Wc3:Bd4,b4,d6", &["c3:a5", "c3:e5:c7"]);
}

#[test]
fn rule_1_5_sequence_must_be_completed() {
    // c3:e5 alone would stop while f6 can still be taken.
    assert_moves("W:Wc3:Bd4,f6", &["c3:e5:g7"]);
    assert!(fen("W:Wc3:Bd4,f6").parse_move("c3:e5").is_err());
    // A king, too, goes on to the end.
    assert_moves("W:WKa1:Bb2,f4", &["a1:e5:g3", "a1:e5:h2"]);
}

#[test]
fn rule_1_6_turkish_strike() {
    // Worked example: 8 moves; the fourth capture ends on d4 because the captured b6 still stands
    // behind c5, so c5 cannot be taken.
    let position = assert_moves(
        "W:WKe1:Bc3,b6,e7,e5,c5",
        &[
            "e1:a5:c7:f4",
            "e1:a5:c7:g3",
            "e1:a5:c7:h2",
            "e1:a5:d8:f6:d4",
            "e1:b4:d6:f4",
            "e1:b4:d6:f8",
            "e1:b4:d6:g3",
            "e1:b4:d6:h2",
        ],
    );
    assert!(
        position
            .legal_moves()
            .iter()
            .all(|m| m.captured().count() < 5)
    );
    // Captured pieces block landing: with b6 removed at once, d4 could continue over c5.
    let mv = position
        .parse_move("e1:a5:d8:f6:d4")
        .expect("worked example move");
    assert_eq!(mv.captured().count(), 4);
    assert!(!mv.captured().contains(sq("c5")));
}

#[test]
fn rule_1_6_origin_counts_as_empty_and_pieces_are_taken_once() {
    // The king circles the rectangle c1–a3–d6–f4 and may come back to its own origin; b2 (taken
    // first) then stops it. The two directions round the loop are one move (convention C).
    let position = fen("W:WKc1:Bb2,c5,e5,e3");
    assert_same_as_reference(&position);
    let moves = written(&position);
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert!(moves.contains("c1:a3:d6:f4:d2"));
    // The merged move is written with either of its routes.
    assert!(moves.contains("c1:f4:d6:a3:c1") || moves.contains("c1:a3:d6:f4:c1"));
    let back_home = position
        .legal_moves()
        .into_iter()
        .find(|m| m.to() == sq("c1"))
        .expect("a move back to the origin");
    assert_eq!(back_home.from(), back_home.to());
    assert_eq!(back_home.captured().count(), 4);
    let mut routes = position.move_routes(&back_home);
    routes.sort();
    let names: Vec<Vec<String>> = routes
        .iter()
        .map(|r| r.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(names, [["a3", "d6", "f4", "c1"], ["f4", "d6", "a3", "c1"]]);
    // Convention B counts the two directions separately.
    assert_eq!(
        shashki::perft::perft_with(&position, 1, MoveIdentity::Trajectory),
        3
    );
    assert_eq!(shashki::perft(&position, 1), 2);
    let after = position.play_unchecked(&back_home);
    assert_eq!(after.to_fen(), "B:WK30:B");
}

#[test]
fn rule_1_7_promotion_during_capture_continues_as_king() {
    // Worked example: crowned on f8, continues as a king, must land on b4 to go on.
    let position = assert_moves("W:Wh6:Bg7,c5,d2", &["h6:f8:b4:e1"]);
    let mv = position.legal_moves()[0];
    assert!(mv.promotes());
    assert_eq!(mv.captured().count(), 3);
    let after = position.play_unchecked(&mv);
    assert_eq!(
        after.piece_at(sq("e1")).map(|p| (p.color, p.role)),
        Some((Color::White, Role::King))
    );
    // The same for Black, mirrored.
    let flipped = position.flipped();
    let moves = written(&flipped);
    assert_eq!(moves, BTreeSet::from(["a3:c1:g5:d8".to_string()]));
    assert!(flipped.legal_moves()[0].promotes());
}

#[test]
fn rule_1_7_promotion_ends_capture_without_king_continuation() {
    // f6:h8 crowns; the king on h8 has nothing to take (g7 is already taken), so the move ends.
    let position = assert_moves("W:Wf6:Bg7,b6", &["f6:h8"]);
    let mv = position.legal_moves()[0];
    assert!(mv.promotes());
    assert_eq!(position.play_unchecked(&mv).to_fen(), "B:WK4:B9");
    // A man that only passes next to the last rank is not crowned.
    let position = assert_moves("W:Wc5:Bd6,f6", &["c5:e7:g5"]);
    assert!(!position.legal_moves()[0].promotes());
}

#[test]
fn rule_1_8_king_landing_restriction() {
    // Worked example: only e5 lets the king continue, so it must land there.
    assert_moves("W:WKa1:Bb2,f4", &["a1:e5:g3", "a1:e5:h2"]);
    // Two landing squares continue (d4 over c5, f6 over e7): both allowed, c3/e5/g7/h8 not.
    // After the last capture the landing square is free again (b6 or a7).
    assert_moves("W:WKa1:Bb2,c5,e7", &["a1:d4:a7", "a1:d4:b6", "a1:f6:d8"]);
    // After promotion the crowned man obeys the restriction too (b4, not a3).
    assert!(fen("W:Wh6:Bg7,c5,d2").parse_move("h6:f8:a3").is_err());
}

#[test]
fn rule_1_9_no_move_loses() {
    // No pieces.
    let position = fen("W:W:B1");
    assert!(position.is_lost());
    assert!(position.legal_moves().is_empty());
    // All blocked: a man (quiet move and capture both blocked), Black's man, a king.
    for blocked in ["W:Wa3:Bb4,c5", "B:Wg3,f2:Bh4", "W:WKa1:Bb2,c3"] {
        let position = assert_moves(blocked, &[]);
        assert!(position.is_lost(), "{blocked}");
        assert_eq!(position.count_legal_moves(), 0);
        assert_eq!(shashki::perft(&position, 3), 0);
    }
    // The other side, to move in the same placement, is not lost.
    assert!(!fen("B:Wa3:Bb4,c5").is_lost());
    assert!(!Position::start().is_lost());
}

/// `Position::play` accepts only the position's own legal moves: a move of another position is
/// refused and nothing changes (unchecked, this one would leave 21 pieces on the board).
#[test]
fn play_refuses_a_move_of_another_position() {
    let start = Position::start();
    let capture_position = fen("W:Wc3,e3:Bd4,f6");
    let capture = capture_position.legal_moves()[0];
    assert!(!capture.captured().is_empty());
    let error = start
        .play(&capture)
        .expect_err("a capture is no move at the start");
    assert_eq!(error.mv, capture);
    assert_eq!(error.position, start);
    assert!(error.to_string().starts_with("illegal move "), "{error}");
    // A legal move is played exactly as the unchecked copy-make plays it.
    for mv in &start.legal_moves() {
        assert_eq!(start.play(mv), Ok(start.play_unchecked(mv)));
    }
    // Not even a quiet move of the right side from a square it does not occupy.
    let after = start.play(&start.parse_move("c3-d4").unwrap()).unwrap();
    let black_reply = after.parse_move("f6-g5").unwrap();
    assert!(start.play(&black_reply).is_err());
}
