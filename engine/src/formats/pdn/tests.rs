//! Tests of the PDN reader and writer on real exports (lidraughts, pydraughts) and round trips.

use super::writer::LINE_WIDTH;
use super::*;
use crate::formats::Notation;
use crate::rules::{Color, DrawRule, Game, GameStatus};

/// A lidraughts-style export: numeric moves, `x` captures, clock comments, `GameType "25"`,
/// two games in one file.
const LIDRAUGHTS: &str = r#"[Event "Rated Russian game"]
[Site "https://lidraughts.org/AbCdEfGh"]
[Date "2024.03.17"]
[Round "-"]
[White "ivanov64"]
[Black "petrova"]
[Result "0-2"]
[WhiteElo "1720"]
[BlackElo "1801"]
[GameType "25"]
[TimeControl "180+2"]
[Variant "Russian"]
[Opening "Городская партия"]

1. 22-18 { [%clock w0:03:00 B0:03:00] } 11-15 { [%clock w0:03:02 B0:02:59] } 2. 18x11 8x15
3. 23-18 15x22 4. 26x17 12-16 5. 27-23 7-11 6. 32-27 3-8 7. 23-19? 16x32
8. 24-20 0-2

[Event "Casual Russian game"]
[Site "https://lidraughts.org/HgFeDcBa"]
[Date "2024.03.18"]
[White "petrova"]
[Black "ivanov64"]
[Result "1-1"]
[GameType "25"]
[FEN "W:WK29,K32:BK5:H0:F40"]

40. 29-25 5-1 41. 25-29 1-5 42. 29-25 5-1 43. 25-29 1-5 1-1
"#;

#[test]
fn reads_lidraughts_exports() {
    // 7... 16x23 stops half-way through a double capture: the error names the game, the
    // line and the move.
    let broken = LIDRAUGHTS.replace("16x32", "16x23");
    let err = read_games(&broken).unwrap_err();
    assert_eq!(err.game, 1);
    assert!(err.description.contains("ivanov64"), "{err}");
    assert_eq!(err.line, 16);
    // A capture stopped half-way: a mistyped move, or a variant whose captures stop earlier.
    assert!(
        matches!(&*err.kind, PdnErrorKind::NotRussian { number: 7, black: true, text, .. } if text == "16x23"),
        "{err}"
    );
    let text = err.to_string();
    assert!(
        text.contains("game 1") && text.contains("move 7... `16x23`"),
        "{text}"
    );

    let games = read_games(LIDRAUGHTS).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tag("White"), Some("ivanov64"));
    assert_eq!(first.tag("Opening"), Some("Городская партия"));
    assert_eq!(first.result, GameResult::BlackWins);
    assert_eq!(first.game.moves().len(), 15);
    assert_eq!(first.notation, Notation::Numeric);
    assert_eq!(
        first.annotations[0].comment.as_deref(),
        Some("[%clock w0:03:00 B0:03:00]")
    );
    assert_eq!(first.annotations[12].suffix, "?");
    // 2. 18x11 took the man on 15 (e5); 7... 16x32 took two men and crowned.
    let squares = |ply: usize| -> Vec<u8> {
        let mut squares: Vec<u8> = first.game.moves()[ply]
            .captured()
            .into_iter()
            .map(|s| s.number())
            .collect();
        squares.sort_unstable();
        squares
    };
    assert_eq!(squares(2), [15]);
    assert_eq!(squares(13), [19, 27]);
    assert!(first.game.moves()[13].promotes());

    let second = &games[1];
    assert_eq!(second.result, GameResult::Draw);
    assert_eq!(second.game.first_move_number(), 40);
    // Kings shuffling: the same position a third time, so the game record agrees it is drawn.
    assert_eq!(second.game.moves().len(), 8);
    assert_eq!(
        second.game.status(),
        GameStatus::Drawn(DrawRule::Repetition)
    );
}

/// A lidraughts-style export with algebraic moves (`:` captures, one shortened), the FEN tag
/// with lidraughts' counters, and a result given only by the `Result` tag's terminator.
const LIDRAUGHTS_ALGEBRAIC: &str = r#"[Event "Casual Russian game"]
[Site "https://lidraughts.org/Zx12Yw34"]
[Date "2025.01.05"]
[White "anna"]
[Black "boris"]
[Result "1-1"]
[GameType "25"]
[FEN "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1"]
[Variant "Russian"]

1. c3-d4 { [%clock w0:05:00 B0:05:00] } f6-g5 2. g3-h4 b6-a5 3. h4:f6 g7:c3
4. b2:d4 h8-g7 5. a3-b4 a5:e5 6. f2-g3 g7-f6 1-1
"#;

#[test]
fn reads_lidraughts_algebraic_exports() {
    let record = read_game(LIDRAUGHTS_ALGEBRAIC).unwrap();
    assert_eq!(record.notation, Notation::Algebraic);
    assert_eq!(record.game.moves().len(), 12);
    assert_eq!(record.result, GameResult::Draw);
    // 3... g7:c3 is the double capture g7:e5:c3; 5... a5:e5 is a5:c3:e5.
    assert_eq!(record.game.moves()[5].captured().count(), 2);
    assert_eq!(record.game.moves()[9].captured().count(), 2);
    assert_eq!(
        record.game.position().to_fen(),
        "W:W23,24,26,28,29,30,31,32:B1,2,3,5,6,7,10,11,12,15"
    );
    // Written back, the full paths appear.
    let text = write_game(&record);
    assert!(
        text.contains("g7:e5:c3") && text.contains("a5:c3:e5"),
        "{text}"
    );
}

/// A pydraughts-style export: long GameType, algebraic FEN and moves, `1...` for Black first.
const PYDRAUGHTS: &str = r#"[GameType "25,W,8,8,A0,0"]
[FEN "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"]
[White "Shashki"]
[Black "Scan"]
[Result "*"]

1... f6-g5 2. d4-c5 b6:d4 3. e3:c5 d6:b4 4. a3:c5 g5-f4 5. g3? *

"#;

#[test]
fn reads_pydraughts_exports_and_reports_bad_moves() {
    let err = read_games(PYDRAUGHTS).unwrap_err();
    assert!(matches!(
        &*err.kind,
        PdnErrorKind::Move {
            number: 5,
            black: false,
            ..
        }
    ));
    let games = read_games(&PYDRAUGHTS.replace("5. g3? *", "5. g3:e5 *")).unwrap();
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.tag("Black"), Some("Scan"));
    assert_eq!(game.notation, Notation::Algebraic);
    assert_eq!(game.game.start_position().side_to_move(), Color::Black);
    assert_eq!(game.game.moves().len(), 8);
    assert_eq!(game.game.move_number(0), 1);
    assert_eq!(game.game.move_number(1), 2);
    assert_eq!(game.result, GameResult::Unknown);
}

#[test]
fn reads_shortened_captures_comments_variations_and_nags() {
    let text = "[FEN \"W:WKa1:Bb2,f4\"]\n\
                {Start.} 1. a1:h2 $1 {Only e5 continues.} (1. a1:e5:g3 {also}\
                (1. a1:e5:g3 {nested (paren) inside}) ) *";
    let record = read_game(text).unwrap();
    assert_eq!(record.comment.as_deref(), Some("Start."));
    assert_eq!(record.game.moves().len(), 1);
    assert_eq!(record.game.moves()[0].captured().count(), 2);
    assert_eq!(
        record.annotations[0].comment.as_deref(),
        Some("Only e5 continues.")
    );
    // Ambiguity and a wrong game type are errors that say so.
    let err = read_game("[GameType \"20\"]\n1. 32-28 *").unwrap_err();
    assert!(matches!(*err.kind, PdnErrorKind::GameType(_)));
    let err = read_game("[FEN \"W:WK1:B2\"]\n1. 2-3 *").unwrap_err();
    assert!(matches!(
        *err.kind,
        PdnErrorKind::Fen(_) | PdnErrorKind::Move { .. } | PdnErrorKind::NotRussian { .. }
    ));
    let err = read_game("[White \"A\"\n1. 22-18 *").unwrap_err();
    assert!(matches!(*err.kind, PdnErrorKind::Syntax(_)), "{err}");
    assert!(read_game("1. 22-18 {never closed").is_err());
    assert!(read_game("1. 22-18 (11-15 *").is_err());
    // A strength mark standing apart from its move belongs to that move.
    let record = read_game("1. 22-18 ! 11-15 ?! 2. 18x11 8x15 *").expect("readable");
    assert_eq!(record.game.moves().len(), 4);
    assert_eq!(record.annotations[0].suffix, "!");
    assert_eq!(record.annotations[1].suffix, "?!");
    assert!(read_game("1. 22-18 11-15 2. 18x11 ! *").is_ok());
}

#[test]
fn games_without_results_are_split_at_tags() {
    let text = "[White \"a\"]\n1. c3-d4\n[White \"b\"]\n1. c3-b4 f6-g5\n";
    let games = read_games(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].game.moves().len(), 1);
    assert_eq!(games[1].game.moves().len(), 2);
    assert_eq!(games[1].tag("White"), Some("b"));
}

#[test]
fn writes_and_reads_back() {
    let fixed = LIDRAUGHTS.replace("9. 21-22??", "9. 32-27");
    for record in read_games(&fixed).unwrap() {
        let text = write_game(&record);
        let again = read_game(&text).unwrap();
        assert_eq!(again.game.moves(), record.game.moves(), "{text}");
        assert_eq!(again.game.start_position(), record.game.start_position());
        assert_eq!(again.result, record.result);
        assert_eq!(again.tags, record.tags);
        assert_eq!(again.annotations, record.annotations);
        assert!(
            text.lines().all(|l| l.chars().count() <= LINE_WIDTH),
            "{text}"
        );
    }
    // Black to move first, annotated with a variation, algebraic.
    let mut record = read_game(&PYDRAUGHTS.replace("5. g3? *", "5. g3:e5 *")).unwrap();
    record.annotations[1].suffix = "?".into();
    record.annotations[1].comment = Some("-0.50".into());
    record.annotations[1].variations = vec!["2. g3-h4 {+0.10}".into()];
    let text = write_game(&record);
    assert!(text.contains("[FEN \"B:Wd4,a3,e3,g3,b2,"), "{text}");
    assert!(
        text.contains("1... f6-g5 2. d4-c5? {-0.50} (2. g3-h4 {+0.10}) 2... b6:d4"),
        "{text}"
    );
    let again = read_game(&text).unwrap();
    assert_eq!(again.game.moves(), record.game.moves());
    assert_eq!(again.annotations[1].suffix, "?");
}

#[test]
fn game_to_and_from_pdn() {
    let mut game = Game::from_fen("W:WK29:B25").unwrap();
    game.play_text("a1:c3").unwrap();
    let text = game.to_pdn();
    assert!(
        text.contains("[Result \"2-0\"]") && text.contains("1. a1:c3 2-0"),
        "{text}"
    );
    assert!(text.contains("[FEN \"W:WKa1:Bb2\"]"), "{text}");
    let back = Game::from_pdn(&text).unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(
        Game::default().to_pdn(),
        "[Result \"*\"]\n[GameType \"25\"]\n\n*\n\n"
    );
}
