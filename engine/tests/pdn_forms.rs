//! The forms of real-world PDN files, each on a small file of our own (`tests/data/pdn/`): the
//! short notation, moves without separator, spaced and split captures, every result spelling,
//! unquoted and half-quoted tags, file comments, placeholder games, tag sections without moves,
//! other variants, and the encodings (UTF-8 with and without BOM, UTF-16, Windows-1251). Also the
//! writer's styles, read back by our reader.

use shashki::pdn::{
    self, FenTag, GameResult, PdnErrorKind, PdnReading, PdnStyle, TextEncoding, WriteOptions,
};
use shashki::{MoveError, Notation, Position};

const FORMS: &[u8] = include_bytes!("data/pdn/forms.pdn");
const OTHER_VARIANTS: &[u8] = include_bytes!("data/pdn/other_variants.pdn");
const CP1251: &[u8] = include_bytes!("data/pdn/cp1251.pdn");
/// The games of `utf8_bom.pdn` as a Soviet DOS program wrote them: CP866, CRLF.
const CP866: &[u8] = include_bytes!("data/pdn/cp866.pdn");
/// Games of international draughts (10×10, squares up to 50) without a `GameType` tag: one that
/// starts with a move illegal in Russian rules, one with a 10×10 `FEN`, one whose first move
/// names square 33.
const INTERNATIONAL: &[u8] = include_bytes!("data/pdn/international_10x10.pdn");
const UTF16: &[u8] = include_bytes!("data/pdn/utf16le_bom.pdn");
const UTF8_BOM: &[u8] = include_bytes!("data/pdn/utf8_bom.pdn");
const UTF8_BAD_BYTE: &[u8] = include_bytes!("data/pdn/utf8_bad_byte.pdn");
const ESCAPED_LINE_ENDS: &[u8] = include_bytes!("data/pdn/escaped_line_ends.pdn");
const ITALIAN_MIXED: &[u8] = include_bytes!("data/pdn/italian_mixed.pdn");
/// A game of our own in the form of lidraughts.org's Russian exports (tags, their order, the FEN,
/// the move text on one line, the result), as checked against real exports.
const LIDRAUGHTS_EXPORT: &str = include_str!("data/pdn/lidraughts_export.pdn");

fn game(reading: &PdnReading, index: usize) -> &pdn::PdnGame {
    match &reading.games[index] {
        Ok(game) => game,
        Err(error) => panic!("game {}: {error}", index + 1),
    }
}

/// The moves of a game in algebraic notation.
fn moves(record: &pdn::PdnGame) -> Vec<String> {
    record.game.move_texts(Notation::Algebraic)
}

#[test]
fn every_form_of_the_forms_file_is_read() {
    let reading = pdn::read_bytes(FORMS);
    assert_eq!(reading.encoding, TextEncoding::Utf8);
    // The two comments before the first tags are the file's, not a game.
    assert_eq!(
        reading.comment.as_deref(),
        Some(
            "Test games for the PDN reader: one form of real files per game. Written for the shashki project."
        )
    );
    assert_eq!(
        reading.games.len(),
        10,
        "{:#?}",
        reading.failed().collect::<Vec<_>>()
    );
    assert_eq!(reading.read_count(), 10);

    // The short notation, resolved against the legal moves; `1:0`.
    let short = game(&reading, 0);
    assert_eq!(short.tag("Event"), Some("Short notation"));
    assert_eq!(
        moves(short),
        [
            "e3-d4", "f6-g5", "d2-e3", "g5-h4", "c3-b4", "d6-c5", "b4:d6", "e7:c5", "b2-c3",
            "g7-f6"
        ]
    );
    assert_eq!(short.result, GameResult::WhiteWins);

    // No separator, upper case, `0:1`: the same game.
    let joined = game(&reading, 1);
    assert_eq!(moves(joined), moves(short)[..8]);
    assert_eq!(joined.result, GameResult::BlackWins);

    // `17 x 10`, `7 x14`, `1/2:1/2`.
    let spaced = game(&reading, 2);
    assert_eq!(moves(spaced), moves(short));
    assert_eq!(spaced.result, GameResult::Draw);
    assert_eq!(spaced.notation, Notation::Numeric);

    // `16x23 23x32` is one double capture; unquoted and half-quoted tags.
    let split = game(&reading, 3);
    assert_eq!(split.tag("Round"), Some("17"));
    assert_eq!(split.tag("Game"), Some("# 612"));
    assert_eq!(split.tag("Site"), Some("Moscow"));
    assert_eq!(split.game.moves().len(), 14);
    let last = split.game.moves()[13];
    assert_eq!(last.captured().count(), 2);
    assert!(last.promotes());
    assert_eq!(split.result, GameResult::BlackWins);

    // Placeholders: a game without moves, with a warning naming it.
    let placeholder = game(&reading, 4);
    assert!(placeholder.game.moves().is_empty());
    assert_eq!(placeholder.result, GameResult::Draw);
    assert!(
        reading
            .warnings
            .iter()
            .any(|w| w.game == 5 && w.message.contains("placeholders")),
        "{:?}",
        reading.warnings
    );

    // Three tag sections without moves: three games (a blank line or a repeated tag between).
    for (index, event) in [
        (5, "Tags only, first"),
        (6, "Tags only, second"),
        (7, "Tags only, third"),
    ] {
        let record = game(&reading, index);
        assert_eq!(record.tag("Event"), Some(event));
        assert!(record.game.moves().is_empty());
    }
    assert_eq!(game(&reading, 6).tag("White"), Some("B"));

    // Chess scoring and `*`.
    assert_eq!(game(&reading, 8).result, GameResult::Draw);
    assert_eq!(game(&reading, 9).result, GameResult::Unknown);
}

#[test]
fn other_variants_are_named_as_such_and_the_rest_is_read() {
    let reading = pdn::read_bytes(OTHER_VARIANTS);
    assert_eq!(reading.games.len(), 3);
    let errors: Vec<_> = reading.failed().collect();
    assert_eq!(errors.len(), 2);
    assert!(matches!(&*errors[0].kind, PdnErrorKind::GameType(t) if t == "20"));
    assert!(
        errors[0].to_string().contains("not Russian draughts?"),
        "{}",
        errors[0]
    );
    assert!(
        errors[0].to_string().contains("international draughts"),
        "{}",
        errors[0]
    );
    assert_eq!(errors[1].game, 2);
    assert!(matches!(
        &*errors[1].kind,
        PdnErrorKind::NotRussian { number: 1, .. }
    ));
    assert!(errors.iter().all(|e| e.kind.is_other_variant()));
    assert_eq!(game(&reading, 2).game.moves().len(), 1);
}

#[test]
fn a_file_of_10x10_games_is_another_variants() {
    let reading = pdn::read_bytes(INTERNATIONAL);
    assert_eq!(reading.games.len(), 3);
    assert_eq!(reading.read_count(), 0);
    let errors: Vec<_> = reading.failed().collect();
    for error in &errors {
        assert!(error.kind.is_other_variant(), "{error}");
        assert!(
            error.to_string().contains("not Russian draughts?"),
            "{error}"
        );
    }
    assert!(matches!(
        &*errors[0].kind,
        PdnErrorKind::NotRussian { number: 1, .. }
    ));
    assert!(matches!(&*errors[1].kind, PdnErrorKind::Fen(_)));
    assert!(errors[1].to_string().contains("10×10"), "{}", errors[1]);
    assert!(
        matches!(&*errors[2].kind, PdnErrorKind::NotRussian { text, .. } if text == "33-28"),
        "{}",
        errors[2]
    );
    assert!(errors[2].to_string().contains("10×10"), "{}", errors[2]);
    assert_eq!(reading.failure_counts().other_variant, 3);
    assert!(reading.looks_like_other_variant());
    // A Russian game with a FEN whose squares are out of range for another reason, or a move
    // naming square 51, is a plain error.
    let reading = pdn::read_all("[FEN \"W:W60:B1\"]\n1. 60-55 *\n\n1. 51-47 *\n");
    assert!(reading.failed().all(|e| !e.kind.is_other_variant()));
    // Black's first reply too, when no Russian position allows it (off the diagonals, a light
    // square); a Russian-looking typo there stays a plain error.
    for (text, other) in [
        ("1. c3-d4 f6-f4 *\n", true),
        ("1. c3-d4 b7-c6 *\n", true),
        ("1. c3-d4 c3-d4 *\n", false),
    ] {
        let reading = pdn::read_all(text);
        let error = reading.failed().next().unwrap();
        assert_eq!(error.kind.is_other_variant(), other, "{error}");
        if other {
            assert!(matches!(
                &*error.kind,
                PdnErrorKind::NotRussian { black: true, .. }
            ));
        }
    }
}

#[test]
fn a_file_of_problems_without_moves_reads_with_a_warning_per_position() {
    let text = "[Event \"Problem 1\"]\n[FEN \"W:W22,Kc1:B18,11\"]\n2-0\n\n\
                [Event \"Problem 2\"]\n[FEN \"B:W27:BK4\"]\n0-2\n\n\
                [Event \"Nothing at all\"]\n*\n";
    let reading = pdn::read_all(text);
    assert_eq!(reading.read_count(), 3);
    assert_eq!(reading.warnings.len(), 3, "{:#?}", reading.warnings);
    for (warning, line) in reading.warnings.iter().zip([3, 7, 10]) {
        assert_eq!(warning.line, line, "{warning}");
    }
    assert!(
        reading.warnings[0]
            .message
            .contains("a problem without its solution?")
    );
    assert!(
        reading.warnings[2]
            .message
            .contains("a result and no moves")
    );
    assert_eq!(game(&reading, 0).result, GameResult::WhiteWins);
    assert!(game(&reading, 1).game.moves().is_empty());
}

#[test]
fn a_file_where_most_games_fail_is_judged_on_all_its_failures() {
    // Two games fail the Italian way, three later on plain illegal moves, one is read: fewer
    // than half of the games show the variant, but the file is judged on all five failures.
    let reading = pdn::read_bytes(ITALIAN_MIXED);
    let counts = reading.failure_counts();
    assert_eq!(
        (
            counts.games,
            counts.failed,
            counts.other_variant,
            counts.illegal
        ),
        (6, 5, 2, 3)
    );
    assert!(reading.looks_like_other_variant());
    let failed: Vec<_> = reading.failed().collect();
    assert_eq!(
        failed.iter().map(|e| (e.game, e.line)).collect::<Vec<_>>(),
        [(1, 12), (2, 20), (3, 27), (4, 34), (5, 41)]
    );
    assert_eq!(game(&reading, 5).tag("Round"), Some("6"));

    // Russian collections are not flagged: a few broken games (one of them the variant way) …
    let russian = "[Round \"1\"]\n1. c3-d4 f6-g5 *\n[Round \"2\"]\n1. c3-b4 b6-a5 *\n\
                   [Round \"3\"]\n1. e3-f4 f6-e5 *\n[Round \"4\"]\n1. a3-b4 *\n\
                   [Round \"5\"]\n[FEN \"W:Wc5,a1:Be5,h8\"]\n1. c5-d6 h8-g7 *\n\
                   [Round \"6\"]\n1. c3-d4 d6-c5 2. d4-f6 *\n";
    let reading = pdn::read_all(russian);
    assert_eq!((reading.read_count(), reading.games.len()), (4, 6));
    assert_eq!(reading.failure_counts().other_variant, 1);
    assert!(!reading.looks_like_other_variant());
    // … nor most games failing in a notation the reader does not know, one the variant way.
    let unknown = russian
        .replace("1. c3", "1. C3?3")
        .replace("1. e3", "1. E3?3");
    let reading = pdn::read_all(&unknown);
    let counts = reading.failure_counts();
    assert!(counts.failed * 2 > counts.games, "{counts:?}");
    assert!(!reading.looks_like_other_variant(), "{counts:?}");
}

#[test]
fn a_man_that_could_capture_backwards_says_another_variant() {
    // White's man on e5 can take d4 backwards (compulsory in Russian draughts); a Czech player,
    // whose men never capture backwards, plays e5-f6 instead.
    let text = "[FEN \"W:We5,a1:Bd4,h8\"]\n\n1. e5-f6 *\n";
    let reading = pdn::read_all(text);
    let error = reading.failed().next().expect("an error");
    match &*error.kind {
        PdnErrorKind::NotRussian { hint, .. } => assert!(hint.contains("compulsory"), "{hint}"),
        other => panic!("{other}"),
    }
    // A capture stopped half-way, the rest never given.
    let text = "[FEN \"W:Wa1:Bb2,d4,h8\"]\n\n1. a1xc3 *\n";
    let error = pdn::read_game(text).unwrap_err();
    assert!(
        matches!(&*error.kind, PdnErrorKind::NotRussian { hint, .. } if hint.contains("goes on")),
        "{error}"
    );
}

#[test]
fn an_ambiguous_short_move_names_its_candidates_and_the_next_game_is_read() {
    let text = "[FEN \"W:WKc3,Kc5:Bh8\"]\n\n1. cd4 *\n\n[Event \"next\"]\n\n1. cd4 *\n";
    let reading = pdn::read_all(text);
    assert_eq!(reading.games.len(), 2);
    let error = reading.failed().next().expect("an error");
    assert_eq!((error.game, error.line), (1, 3));
    match &*error.kind {
        PdnErrorKind::Move {
            error: MoveError::Ambiguous { candidates, .. },
            ..
        } => assert_eq!(candidates, &["c3-d4", "c5-d4"]),
        other => panic!("{other}"),
    }
    assert_eq!(game(&reading, 1).tag("Event"), Some("next"));

    // When the next moves fit only one candidate, it is read, with a warning that says so:
    // after c5-d4 the king on c5 could not go on to b6.
    let text = "[FEN \"W:WKc3,Kc5:Bb8\"]\n\n1. cd4 b8-a7 2. c5-b6 *\n";
    let reading = pdn::read_all(text);
    let record = game(&reading, 0);
    assert_eq!(moves(record), ["c3-d4", "b8-a7", "c5-b6"]);
    let warning = &reading.warnings[0];
    assert!(
        warning
            .message
            .contains("ambiguous (c3-d4, c5-d4): read as c3-d4"),
        "{warning}"
    );
}

#[test]
fn encodings_are_detected_and_cyrillic_comes_out_as_cyrillic() {
    let code_pages = if cfg!(feature = "encodings") {
        vec![
            (CP1251, TextEncoding::Windows1251),
            (CP866, TextEncoding::Cp866),
        ]
    } else {
        Vec::new()
    };
    for (bytes, encoding) in code_pages.into_iter().chain([
        (UTF16, TextEncoding::Utf16Le),
        (UTF8_BOM, TextEncoding::Utf8Bom),
    ]) {
        let reading = pdn::read_bytes(bytes);
        assert_eq!(reading.encoding, encoding);
        assert_eq!(reading.read_count(), 2, "{encoding}");
        let first = game(&reading, 0);
        assert_eq!(first.tag("Event"), Some("Чемпионат СССР"));
        assert_eq!(first.tag("White"), Some("Иванов И."));
        assert_eq!(first.tag("Opening"), Some("Городская партия"));
        assert_eq!(first.annotations[3].comment.as_deref(), Some("Ход в угол"));
        assert_eq!(game(&reading, 1).tag("White"), Some("Ёлкин"));
        // Written back as UTF-8, the Cyrillic stays Cyrillic.
        let text = pdn::write_game(first);
        assert!(text.contains("[Event \"Чемпионат СССР\"]"), "{text}");
    }
}

/// Without the `encodings` feature a Windows-1251 file still gives its games (the moves are
/// ASCII), its names lost to U+FFFD, and the reading says so: the encoding and a warning per line.
#[cfg(not(feature = "encodings"))]
#[test]
fn without_encodings_a_windows_file_gives_its_games_and_says_what_was_lost() {
    let reading = pdn::read_bytes(CP1251);
    assert_eq!(reading.encoding, TextEncoding::NotUtf8);
    assert!(reading.encoding.to_string().contains("`encodings` feature"));
    assert_eq!(reading.read_count(), 2);
    let with_utf8 = pdn::read_bytes(UTF8_BOM);
    for (lossy, exact) in reading.read().zip(with_utf8.read()) {
        assert_eq!(lossy.game.moves(), exact.game.moves());
    }
    assert!(game(&reading, 0).tag("Event").unwrap().contains('\u{FFFD}'));
    assert!(!reading.warnings.is_empty());
    assert!(reading.warnings.iter().all(|w| w.line >= 1));
}

#[test]
fn utf8_with_one_bad_byte_stays_utf8_and_the_byte_is_located() {
    let reading = pdn::read_bytes(UTF8_BAD_BYTE);
    assert_eq!(reading.encoding, TextEncoding::Utf8Repaired);
    assert_eq!(reading.read_count(), 2);
    // Every Cyrillic tag comes out in Cyrillic, the bad byte as U+FFFD.
    let first = game(&reading, 0);
    assert_eq!(first.tag("Event"), Some("Чемпионат Беларуси"));
    assert_eq!(first.tag("Black"), Some("Гончаренко В."));
    assert_eq!(first.annotations[3].comment.as_deref(), Some("Ход в угол"));
    let second = game(&reading, 1);
    assert_eq!(second.tag("Black"), Some("Шев\u{FFFD}?ук А."));
    // One warning, naming the game, the line, the tag and the byte.
    assert_eq!(reading.warnings.len(), 1, "{:?}", reading.warnings);
    let warning = &reading.warnings[0];
    assert_eq!((warning.game, warning.line), (2, 17));
    assert!(
        warning.message.contains("(D1)") && warning.message.contains("tag `Black`"),
        "{warning}"
    );
    assert!(warning.to_string().contains("PDN game 2"), "{warning}");
    // Written back, the Cyrillic stays Cyrillic.
    let text = pdn::write_game(second);
    assert!(text.contains("[White \"Гончаренко В.\"]"), "{text}");

    // The same bytes as windows-1251 would be a different file: one bad byte in a few hundred
    // Cyrillic letters is far from the bar, so the file is UTF-8.
    let (text, encoding) = pdn::decode(UTF8_BAD_BYTE);
    assert_eq!(encoding, TextEncoding::Utf8Repaired);
    assert_eq!(text.matches('\u{FFFD}').count(), 1);
}

#[test]
fn lines_ending_in_a_literal_backslash_r_are_read_as_lines_and_said_once() {
    let reading = pdn::read_bytes(ESCAPED_LINE_ENDS);
    // Three games, not one phantom game per line.
    assert_eq!(
        (reading.games.len(), reading.read_count()),
        (3, 3),
        "{:#?}",
        reading.failed().collect::<Vec<_>>()
    );
    assert_eq!(game(&reading, 0).game.moves().len(), 9);
    assert_eq!(game(&reading, 1).tag("Round"), Some("2"));
    assert_eq!(
        game(&reading, 1).annotations[2].comment.as_deref(),
        Some("every line of this file ends in a backslash and an r")
    );
    assert_eq!(game(&reading, 2).result, GameResult::BlackWins);
    // One warning for the file, at its first line; the line numbers are the file's.
    assert_eq!(reading.warnings.len(), 1, "{:?}", reading.warnings);
    let warning = &reading.warnings[0];
    assert_eq!((warning.game, warning.line), (1, 1));
    assert!(
        warning
            .message
            .contains("30 of the 30 lines end in the two characters `\\r`"),
        "{warning}"
    );
    let broken =
        pdn::read_all(&String::from_utf8_lossy(ESCAPED_LINE_ENDS).replace("5. a3:c5", "5. a3:e5"));
    let error = broken.failed().next().expect("an illegal move");
    assert_eq!((error.game, error.line), (1, 10));

    // A file that has no real line break at all, only the escapes: read the same way.
    let one_line = "[White \"A\"]\\r\\n[Black \"B\"]\\r\\n\\r\\n1. c3-d4 f6-g5 *\\r\\n\\r\\n\
                    [White \"C\"]\\r\\n\\r\\n1. c3-b4 *\\r\\n";
    let reading = pdn::read_all(one_line);
    assert_eq!((reading.games.len(), reading.read_count()), (2, 2));
    assert_eq!(game(&reading, 1).tag("White"), Some("C"));
    assert_eq!(reading.warnings.len(), 1);
    assert!(
        reading.warnings[0]
            .message
            .contains("no line break but 8 of")
    );

    // A stray `\r` in a comment is not a line end.
    let stray = "[White \"A\"]\n\n1. c3-d4 {C:\\rus\\r} f6-g5 *\n";
    let reading = pdn::read_all(stray);
    assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    assert_eq!(
        game(&reading, 0).annotations[0].comment.as_deref(),
        Some("C:\\rus\\r")
    );
}

#[test]
fn damaged_files_in_the_new_forms_never_panic() {
    // Every cut of every file, and every byte flipped in turn: the reader answers, never panics,
    // and every error is located.
    for bytes in [
        FORMS,
        OTHER_VARIANTS,
        CP1251,
        UTF16,
        UTF8_BOM,
        UTF8_BAD_BYTE,
    ] {
        for cut in 0..bytes.len() {
            let reading = pdn::read_bytes(&bytes[..cut]);
            for error in reading.failed() {
                assert!(error.game >= 1 && error.line >= 1, "{error}");
            }
        }
        for at in 0..bytes.len() {
            let mut damaged = bytes.to_vec();
            damaged[at] ^= 0x5a;
            let reading = pdn::read_bytes(&damaged);
            for record in reading.read() {
                assert_eq!(record.annotations.len(), record.game.moves().len());
            }
        }
    }
}

#[test]
fn every_style_reads_back_the_same_games() {
    let reading = pdn::read_bytes(FORMS);
    for style in PdnStyle::ALL {
        let options = style.options();
        let text = pdn::write_games_with(&reading.read().cloned().collect::<Vec<_>>(), &options);
        let again = pdn::read_all(&text);
        assert_eq!(again.read_count(), reading.read_count(), "{style}\n{text}");
        for (a, b) in reading.read().zip(again.read()) {
            assert_eq!(a.game.moves(), b.game.moves(), "{style}\n{text}");
            assert_eq!(a.result, b.result);
        }
    }
    let split = game(&reading, 3);
    let lidraughts = pdn::write_game_with(split, &PdnStyle::Lidraughts.options());
    assert!(lidraughts.contains("[GameType \"25\"]"), "{lidraughts}");
    assert!(lidraughts.contains("[FEN \"W:Wa3,c3,"), "{lidraughts}");
    assert!(lidraughts.contains("7. e3-f4 g5xg1"), "{lidraughts}");
    assert!(lidraughts.starts_with("[Event \"Split capture\"]\n[Site \"Moscow\"]\n[Date \"?\"]"));
    let numeric = pdn::write_game_with(split, &PdnStyle::LidraughtsNumeric.options());
    assert!(numeric.contains("[FEN \"W:W21,"), "{numeric}");
    assert!(numeric.contains("7. 23-19 16x32"), "{numeric}");
    let pydraughts = pdn::write_game_with(split, &PdnStyle::Pydraughts.options());
    assert!(
        pydraughts.contains("[GameType \"25,W,8,8,A0,0\"]"),
        "{pydraughts}"
    );
    assert!(pydraughts.contains("[FEN \"W:Wa3,c3,"), "{pydraughts}");
    assert!(pydraughts.contains("7. e3-f4 g5xe3xg1"), "{pydraughts}");
    let options = WriteOptions {
        capture_separator: Some(':'),
        fen_tag: FenTag::Always,
        ..PdnStyle::LidraughtsNumeric.options()
    };
    assert!(pdn::write_game_with(split, &options).contains("16:32"));
}

/// The tag names of a PDN text, in order.
fn tag_names(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| line.strip_prefix('['))
        .filter_map(|line| line.split(' ').next())
        .collect()
}

#[test]
fn the_lidraughts_style_writes_what_lidraughts_exports() {
    let options = PdnStyle::Lidraughts.options();
    // A lidraughts export read and written again in the lidraughts style: the same text.
    let record = pdn::read_game(LIDRAUGHTS_EXPORT).expect("the export reads");
    assert_eq!(pdn::write_game_with(&record, &options), LIDRAUGHTS_EXPORT);

    // A game of ours (no tags but the usual ones) takes the export's form.
    let mut game = shashki::Game::default();
    for mv in record.game.move_texts(Notation::Algebraic) {
        game.play_text(&mv).expect("a legal move");
    }
    let mut ours = pdn::PdnGame::new(game);
    for (name, value) in [
        ("White", "shashki"),
        ("Black", "guest"),
        ("Event", "Casual game"),
        ("Opening", "Обратная городская партия"),
    ] {
        ours.set_tag(name, value);
    }
    let text = pdn::write_game_with(&ours, &options);
    let export_tags: Vec<&str> = tag_names(LIDRAUGHTS_EXPORT);
    let written_tags = tag_names(&text);
    // The seven usual tags, GameType and FEN in the export's order; a tag lidraughts does not
    // write goes before the FEN.
    assert_eq!(
        written_tags,
        [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "Opening",
            "FEN"
        ]
    );
    let known: Vec<&str> = written_tags
        .iter()
        .copied()
        .filter(|t| *t != "Opening")
        .collect();
    let in_export: Vec<&str> = export_tags
        .iter()
        .copied()
        .filter(|t| known.contains(t))
        .collect();
    assert_eq!(known, in_export);
    // The same FEN tag, move line and blank lines as the export.
    let line = |text: &str, start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .map(str::to_string)
    };
    assert_eq!(line(&text, "[FEN "), line(LIDRAUGHTS_EXPORT, "[FEN "));
    assert_eq!(line(&text, "1. "), line(LIDRAUGHTS_EXPORT, "1. "));
    assert!(text.ends_with(" 0-2\n\n"), "{text}");
    assert!(line(&text, "1. ").is_some_and(|l| l.len() > 80 && l.contains("c5xe3")));
    // Read back: the same game.
    let again = pdn::read_game(&text).expect("reads back");
    assert_eq!(again.game.moves(), record.game.moves());
    assert_eq!(again.result, GameResult::BlackWins);
    assert_eq!(again.tag("Opening"), Some("Обратная городская партия"));

    // The numeric form, kept as `lidraughts-numeric`: the same form with numbers.
    let numeric = pdn::write_game_with(&record, &PdnStyle::LidraughtsNumeric.options());
    assert_eq!(tag_names(&numeric), export_tags);
    assert!(
        numeric.contains(
            "[FEN \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"]"
        ),
        "{numeric}"
    );
    assert!(
        numeric.contains("\n\n1. 24-19 11-15 2. 23-18 15x24 "),
        "{numeric}"
    );
    // The tags, a blank line, the moves on one line, a blank line.
    assert_eq!(numeric.lines().count(), export_tags.len() + 3, "{numeric}");
    let again = pdn::read_game(&numeric).expect("reads back");
    assert_eq!(again.game.moves(), record.game.moves());
    assert_eq!(
        PdnStyle::from_name("lidraughts-numeric"),
        Some(PdnStyle::LidraughtsNumeric)
    );
}

#[test]
fn the_algebraic_fen_reads_back() {
    let position: Position = "B:W18,K29:BK1,12".parse().unwrap();
    let text = position.to_fen_algebraic();
    assert_eq!(text, "B:Wd4,Ka1:Bh6,Kb8");
    assert_eq!(Position::from_fen(&text).unwrap(), position);
}
