//! Puzzles found (and not found) in hand-made positions, and the set file's round trip and
//! located errors.
//!
//! The positions with a combination were set up and checked by hand (every defence tried):
//! - the shot: Black gives the g5 man (`g5-f4`); whichever man takes it, `h4` takes three;
//! - the shot that crowns: Black gives d8 (`d8-e7`), White must take two (`f6:d8:b6`), and
//!   `a7:c5:e3:g1` takes three and makes a king;
//! - the breakthrough: `g3-h2` (not `g3-f2`, which `e3` takes) and the man crowns on g1.

use super::*;
use crate::formats::Notation;
use crate::rules::{Color, Position};
use crate::search::{Engine, EngineConfig};

fn finder(depth: u32) -> Finder {
    let config = EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    };
    Finder::new(Engine::new(config), FindSettings::with_depth(depth))
}

fn position(fen: &str) -> Position {
    fen.parse().unwrap()
}

fn first_move(puzzle: &Puzzle) -> String {
    puzzle
        .position
        .write_move(&puzzle.solution[0], Notation::Algebraic)
}

#[test]
fn known_combinations_are_found_with_their_theme() {
    let finder = finder(8);
    let cases = [
        ("B:Wc5,e5,e3,h2:Ba7,a5,g5,h4", "g5-f4", Theme::Shot),
        (
            "B:Wf6,a5,d4,a3,g3,f2,a1:Bd8,f8,h8,a7,c7",
            "d8-e7",
            Theme::Shot,
        ),
        ("B:Wc5,e3:Be7,h6,g3", "g3-h2", Theme::Breakthrough),
    ];
    for (fen, first, theme) in cases {
        let puzzle = finder
            .find(&position(fen))
            .unwrap_or_else(|| panic!("no puzzle found in {fen}"));
        assert_eq!(first_move(&puzzle), first, "{fen}");
        assert_eq!(
            puzzle.theme,
            theme,
            "{fen}: {}",
            puzzle.solution_text(Notation::Algebraic)
        );
        assert!(!puzzle.solution.len().is_multiple_of(2) && puzzle.solution.len() >= 3);
        assert!(puzzle.gain >= 100, "{fen}: gain {}", puzzle.gain);
        assert!((1..=5).contains(&puzzle.difficulty));
        // A deeper search agrees.
        let deeper = Finder::new(
            Engine::new(EngineConfig::default()),
            FindSettings::with_depth(12),
        );
        assert_eq!(deeper.verify(&puzzle), Verdict::Confirmed, "{fen}");
    }
}

#[test]
fn positions_without_a_unique_combination_give_none() {
    let finder = finder(8);
    let cases = [
        // The start, and a quiet opening position.
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:W18,21,22,23,24,25,26,27,28,29,31,32:B1,2,3,4,5,6,7,8,9,10,11,16",
        // A single legal move (a forced capture).
        "W:Wc3:Bd4,h8",
        // Two captures of the same loose man: trivial and not unique.
        "W:Wc3,e3:Bd4,a7",
        // King against king: nothing to win.
        "W:WKa1:BKh8",
    ];
    for fen in cases {
        assert_eq!(finder.find(&position(fen)), None, "{fen}");
    }
}

#[test]
fn a_wrong_solution_fails_verification() {
    let finder = finder(8);
    let mut puzzle = finder
        .find(&position("B:Wc5,e5,e3,h2:Ba7,a5,g5,h4"))
        .unwrap();
    let start = puzzle.position;
    let other = start
        .legal_moves()
        .iter()
        .copied()
        .find(|mv| *mv != puzzle.solution[0])
        .unwrap();
    puzzle.solution = vec![other];
    assert!(matches!(
        finder.verify(&puzzle),
        Verdict::OtherBest { ply: 0, .. }
    ));
}

#[test]
fn a_reply_the_line_does_not_answer_fails_verification() {
    // After g3-h2 White's best is to keep its men; c5-d6 gives one away (e7:c5), so a line
    // with that reply is not forced: c5-b6 (and others) hold better and the line answers none.
    let finder = finder(8);
    let mut puzzle = finder.find(&position("B:Wc5,e3:Be7,h6,g3")).unwrap();
    assert_eq!(first_move(&puzzle), "g3-h2");
    assert_eq!(finder.verify(&puzzle), Verdict::Confirmed);
    let mut current = puzzle.position;
    let mut line = Vec::new();
    for text in ["g3-h2", "c5-d6", "e7:c5"] {
        let mv = current.parse_move(text).unwrap();
        line.push(mv);
        current = current.play_unchecked(&mv);
    }
    puzzle.solution = line;
    assert!(
        matches!(finder.verify(&puzzle), Verdict::Uncovered { ply: 1, .. }),
        "{:?}",
        finder.verify(&puzzle)
    );
}

#[test]
fn a_set_round_trips_through_json() {
    let finder = finder(8);
    let mut puzzle = finder
        .find(&position("B:Wc5,e5,e3,h2:Ba7,a5,g5,h4"))
        .unwrap();
    puzzle.source = Some("hand-made".into());
    let mut set = PuzzleSet::new("test", vec![puzzle.clone(), puzzle]);
    set.generator = Some(serde_json::json!({"by": "test"}));
    let text = set.to_json_string();
    let again = PuzzleSet::from_json_str(&text, "t.json").unwrap();
    assert_eq!(again, set);
    assert_eq!(text.lines().filter(|l| l.contains("\"fen\"")).count(), 2);
    let empty = PuzzleSet::from_json_str(&PuzzleSet::default().to_json_string(), "e").unwrap();
    assert!(empty.puzzles.is_empty());
}

#[test]
fn a_corrupt_set_is_a_located_error() {
    let good = r#"{"fen":"B:Wc5,e5,e3,h2:Ba7,a5,g5,h4","side":"B","solution":["g5-f4","e3:g5","h4:f6:d4:b6"],"theme":"shot","depth":1,"difficulty":1}"#;
    let file = |second: &str| {
        format!(
            "{{\n  \"format\": \"shashki-puzzles\",\n  \"version\": 1,\n  \"puzzles\": [\n    {good},\n    {second}\n  ]\n}}\n"
        )
    };
    assert_eq!(
        PuzzleSet::from_json_str(&file(good), "ok.json")
            .unwrap()
            .puzzles
            .len(),
        2
    );
    let bad_puzzles = [
        (good.replace("B:Wc5", "B:Wz9"), "fen"),
        (good.replace("\"side\":\"B\"", "\"side\":\"W\""), "side"),
        (good.replace("e3:g5", "e3-f4"), "solution[1]"),
        (good.replace(",\"h4:f6:d4:b6\"", ""), "odd number"),
        (good.replace("\"shot\"", "\"blunder\""), "theme"),
        (
            good.replace("\"difficulty\":1", "\"difficulty\":9"),
            "difficulty",
        ),
        (
            good.replace("\"depth\":1", "\"depth\":-1"),
            "integer `-1`, expected u32",
        ),
    ];
    for (bad, what) in bad_puzzles {
        let error = PuzzleSet::from_json_str(&file(&bad), "bad.json").unwrap_err();
        let text = error.to_string();
        assert!(
            matches!(
                error,
                PuzzleSetError::Puzzle {
                    line: 6,
                    column: 5,
                    index: 2,
                    ..
                }
            ),
            "{text}"
        );
        assert!(
            text.starts_with("bad.json:6:5: puzzle 2: ") && text.contains(what),
            "{text}"
        );
    }
    // Broken JSON, another format, another version.
    let cut = file(good);
    let error = PuzzleSet::from_json_str(&cut[..cut.len() / 2], "cut.json").unwrap_err();
    assert!(matches!(error, PuzzleSetError::Json { .. }), "{error}");
    assert!(error.to_string().starts_with("cut.json:"), "{error}");
    let other = file(good).replace("shashki-puzzles", "shashki-book");
    assert!(matches!(
        PuzzleSet::from_json_str(&other, "o.json"),
        Err(PuzzleSetError::Format { .. })
    ));
    let newer = file(good).replace("\"version\": 1", "\"version\": 2");
    assert!(
        PuzzleSet::from_json_str(&newer, "n.json")
            .unwrap_err()
            .to_string()
            .contains("version 2")
    );
    assert!(matches!(
        PuzzleSet::read(std::path::Path::new("/nonexistent/p.json")),
        Err(PuzzleSetError::Io { .. })
    ));
}

#[test]
fn the_solution_is_written_with_move_numbers() {
    let puzzle = finder(8)
        .find(&position("B:Wc5,e5,e3,h2:Ba7,a5,g5,h4"))
        .unwrap();
    let text = puzzle.solution_text(Notation::Algebraic);
    assert!(text.starts_with("1... g5-f4 2. "), "{text}");
    assert_eq!(puzzle.player(), Color::Black);
    assert_eq!(puzzle.position_after(0), puzzle.position);
}
