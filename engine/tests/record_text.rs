//! The game record and its text forms on many random games: PDN written and read back gives the
//! same game (both notations, with comments and suffixes), the record stays consistent through
//! play and undo, Hub position strings round-trip, and damaged PDN text or random Hub lines never
//! make the readers panic.

mod common;

use common::{Rng, random_position};
use shashki::hub::{Session, read_position, write_position};
use shashki::pdn::{self, Annotation, GameResult, PdnGame};
use shashki::{Game, GameStatus, Notation, Position};

/// Random games played for the round trips.
const GAMES: u64 = 150;
/// Longest random game, in plies.
const MAX_PLIES: usize = 160;

/// A random game from the start position (or a random one), stopping when it ends.
fn random_game(rng: &mut Rng) -> Game {
    let start = if rng.chance(1, 4) {
        let position = random_position(rng);
        if position.is_lost() {
            Position::start()
        } else {
            position
        }
    } else {
        Position::start()
    };
    let mut game = Game::new(start);
    let plies = rng.below(MAX_PLIES);
    for _ in 0..plies {
        if game.status() != GameStatus::Ongoing {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.play(mv).expect("a legal move of an ongoing game");
    }
    game
}

#[test]
fn pdn_round_trips_random_games() {
    let mut rng = Rng::new(0x5eed_0006);
    let mut texts = String::new();
    let mut records = Vec::new();
    for i in 0..GAMES {
        let game = random_game(&mut rng);
        let mut record = PdnGame::new(game);
        record.notation = if rng.chance(1, 2) {
            Notation::Algebraic
        } else {
            Notation::Numeric
        };
        record.set_tag("Event", &format!("random {i}"));
        record.set_tag("White", "Player \"One\"");
        for annotation in &mut record.annotations {
            *annotation = Annotation {
                suffix: ["", "!", "?", "??", "!?"][rng.below(5)].to_string(),
                comment: rng
                    .chance(1, 3)
                    .then(|| format!("note {}", rng.below(1000))),
                variations: Vec::new(),
            };
        }
        let text = pdn::write_game(&record);
        let again = pdn::read_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.game.start_position(), record.game.start_position());
        assert_eq!(again.game.moves(), record.game.moves(), "{text}");
        assert_eq!(again.annotations, record.annotations, "{text}");
        assert_eq!(again.result, record.result);
        assert_eq!(again.tag("White"), Some("Player \"One\""));
        if !record.game.moves().is_empty() {
            assert_eq!(again.notation, record.notation);
        }
        assert_eq!(
            again.result,
            GameResult::from_status(record.game.status()),
            "the result written is the one the rules give"
        );
        texts.push_str(&text);
        records.push(record);
    }
    // All games in one file.
    let all = pdn::read_games(&texts).unwrap();
    assert_eq!(all.len(), records.len());
    for (a, b) in all.iter().zip(&records) {
        assert_eq!(a.game.moves(), b.game.moves());
        assert_eq!(a.tag("Event"), b.tag("Event"));
    }
}

#[test]
fn game_records_stay_consistent_through_play_and_undo() {
    let mut rng = Rng::new(0x5eed_0007);
    for _ in 0..GAMES {
        let mut game = random_game(&mut rng);
        let n = game.moves().len();
        assert_eq!(game.positions().len(), n + 1);
        assert_eq!(game.keys().len(), n + 1);
        assert_eq!(game.draw_states().len(), n + 1);
        for (position, key) in game.positions().iter().zip(game.keys()) {
            assert_eq!(position.zobrist_key(), *key);
        }
        for (i, mv) in game.moves().iter().enumerate() {
            assert_eq!(
                game.positions()[i].play_unchecked(mv),
                game.positions()[i + 1]
            );
        }
        // Undoing everything and replaying gives the same record.
        let copy = game.clone();
        let mut undone = Vec::new();
        while let Some(mv) = game.undo() {
            undone.push(mv);
        }
        assert_eq!(game.positions().len(), 1);
        for mv in undone.into_iter().rev() {
            game.play_past_draw(mv).unwrap();
        }
        assert_eq!(game, copy);
        // Only the last position may be final: every earlier one was ongoing when played on.
        if let GameStatus::Won { winner, .. } = game.status() {
            assert_eq!(winner, game.side_to_move().opposite());
            assert!(game.position().is_lost());
        }
    }
}

#[test]
fn hub_positions_round_trip() {
    let mut rng = Rng::new(0x5eed_0008);
    for _ in 0..2_000 {
        let position = random_position(&mut rng);
        let text = write_position(&position);
        assert_eq!(read_position(&text).unwrap(), position, "{text}");
    }
}

/// Replaces, deletes or inserts a few characters of `text`.
fn damage(text: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[char] = &[
        '[', ']', '{', '}', '(', ')', '"', ';', '%', '$', '.', '-', 'x', ':', '*', '1', '2', '0',
        '/', ' ', '\n', 'a', 'h', '9', 'K', 'W', 'B', 'é', '\\', 'g', 'f', 'X', '#', '\r', 'Ж',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.range(1, 6) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = rng.pick(ALPHABET),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.insert(at, rng.pick(ALPHABET)),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn damaged_text_never_panics_the_readers() {
    let mut rng = Rng::new(0x5eed_0009);
    let mut sample = String::new();
    for _ in 0..4 {
        let mut record = PdnGame::new(random_game(&mut rng));
        if let Some(first) = record.annotations.first_mut() {
            first.comment = Some("a comment".into());
            first.variations = vec!["1. c3-d4 (1. a3-b4) f6-g5".into()];
        }
        sample.push_str(&pdn::write_game(&record));
    }
    // The forms of real files: short notation, spaced and split captures, unquoted tags,
    // placeholders, tag sections without moves, `1:0` results.
    sample.push_str(include_str!("data/pdn/forms.pdn"));
    let mut errors = 0;
    for _ in 0..1_500 {
        let text = damage(&sample, &mut rng);
        let reading = pdn::read_all(&text);
        for error in reading.failed() {
            assert!(error.game >= 1 && error.line >= 1, "{error}");
        }
        for warning in &reading.warnings {
            assert!(warning.game >= 1 && warning.line >= 1, "{warning}");
        }
        match pdn::read_games(&text) {
            Ok(games) => {
                for record in games {
                    assert_eq!(record.annotations.len(), record.game.moves().len());
                }
            }
            Err(error) => {
                errors += 1;
                assert!(error.game >= 1 && error.line >= 1, "{error}");
            }
        }
    }
    assert!(errors > 0, "damage should break some files");

    let mut session = Session::new("t", "0", "t", Vec::new());
    let lines = [
        "hub",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15\"",
        "level moves=40 time=300 inc=2",
        "set-param name=x value=\"a b\"",
        "ping",
        "stop",
    ];
    for _ in 0..3_000 {
        let line = damage(lines[rng.below(lines.len())], &mut rng);
        if !line.trim_start().starts_with("go") {
            let _ = session.handle(&line);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

    /// Any tag value and comment, quotes, backslashes, brackets and line breaks included, is
    /// written so that the game reads back: tag values equal (a line break or other control
    /// character becomes a space), and the game read back reads back equal when written again.
    #[test]
    fn pdn_written_with_any_tag_and_comment_reads_back(
        value in "[a-z \"\\\\\\]\\[{}\n\r\t;%é]{0,24}",
        comment in "[a-z \"\\\\\\]\\[{}\n\r\t;%é]{0,24}",
        seed in 0u64..1_000,
    ) {
        let mut record = PdnGame::new(random_game(&mut Rng::new(seed)));
        record.set_tag("Opening", &value);
        record.comment = Some(comment);
        if let Some(first) = record.annotations.first_mut() {
            first.comment = Some(value.clone());
        }
        let text = pdn::write_game(&record);
        let again = pdn::read_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let expected: String = value
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        proptest::prop_assert_eq!(again.tag("Opening"), Some(expected.as_str()), "{}", text);
        proptest::prop_assert_eq!(again.game.moves(), record.game.moves(), "{}", text);
        // Comments come back trimmed; from there on, writing and reading changes nothing.
        let text = pdn::write_game(&again);
        let twice = pdn::read_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        proptest::prop_assert_eq!(twice, again, "{}", text);
    }
}

/// The case: a tag value with a backslash and a line break.
#[test]
fn a_tag_with_a_backslash_and_a_line_break_reads_back() {
    let mut record = PdnGame::new(Game::default());
    record.set_tag("Opening", "a\\\nb \"c\"");
    let text = pdn::write_game(&record);
    let again = pdn::read_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.tag("Opening"), Some("a\\ b \"c\""), "{text}");
}
