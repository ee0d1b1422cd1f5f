//! Headless tests of the puzzle mode: the game's core plugins under `MinimalPlugins`, moves
//! injected as `RecordCommand::Play`, the mode driven by `PuzzleCommand`s.

use bevy::prelude::*;
use shashki::{Color, Game, Move, Position};
use shashki_game::core::puzzles::{
    Feedback, Progress, PuzzleCommand, Puzzles, built_in, panel_lines,
};
use shashki_game::core::record::RecordCommand;
use shashki_game::core::record::{Controller, GameRecord, Players, Strength};
use shashki_game::core::sync::Hint;
use shashki_game::text::{Lang, PuzzleText};
use shashki_game::{CorePlugin, Setup};

/// Two puzzles: a shot (Black gives g5, h4 takes three) and a breakthrough.
const SET: &str = r#"{
  "format": "shashki-puzzles",
  "version": 1,
  "description": "test",
  "puzzles": [
    {"fen":"B:Wc5,e5,e3,h2:Ba7,a5,g5,h4","side":"B","solution":["g5-f4","e3:g5","h4:f6:d4:b6"],"theme":"shot","depth":1,"difficulty":1},
    {"fen":"B:Wc5,e3:Be7,h6,g3","side":"B","solution":["g3-h2","c5-b6","h2-g1"],"theme":"breakthrough","depth":3,"difficulty":2}
  ]
}
"#;

fn app() -> App {
    let setup = Setup {
        record: GameRecord::new(
            Game::default(),
            Players {
                white: Controller::Human,
                black: Controller::Engine,
            },
            Strength::Level(1),
        ),
        book: shashki::BookChoice::None,
        tablebases: None,
        problems: Vec::new(),
        opened: None,
        lang: Lang::En,
        clock: None,
        ..Setup::default()
    };
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    app
}

fn file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("shashki-puzzles-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn send(app: &mut App, command: PuzzleCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

fn record(app: &App) -> &GameRecord {
    app.world().resource::<GameRecord>()
}

fn puzzles(app: &App) -> &Puzzles {
    app.world().resource::<Puzzles>()
}

/// Plays `text` in the position on the board, as a click would, and lets the mode answer.
fn play(app: &mut App, text: &str) {
    let mv: Move = record(app).game().position().parse_move(text).unwrap();
    let revision = record(app).revision();
    app.world_mut().write_message(RecordCommand::Play {
        mv,
        label: None,
        revision,
    });
    for _ in 0..3 {
        app.update();
    }
}

fn moves(app: &App) -> Vec<String> {
    let game = &record(app).game();
    game.moves()
        .iter()
        .zip(game.positions())
        .map(|(mv, before)| before.write_move(mv, shashki::Notation::Algebraic))
        .collect()
}

#[test]
fn a_right_move_advances_a_wrong_one_is_refused_and_the_solution_shows() {
    let mut app = app();
    let path = file("set.json", SET);
    send(&mut app, PuzzleCommand::Load(path.clone()));
    assert!(puzzles(&app).active);
    assert_eq!(puzzles(&app).len(), 2);
    let shot: Position = "B:Wc5,e5,e3,h2:Ba7,a5,g5,h4".parse().unwrap();
    assert_eq!(*record(&app).game().position(), shot);
    // Two people at the board: the engine never moves in a puzzle.
    assert_eq!(record(&app).players().of(Color::White), Controller::Human);
    let text = PuzzleText::of(Lang::En);
    let lines = panel_lines(puzzles(&app), record(&app), text);
    assert_eq!(lines.state, "Black to move: find the win");
    assert!(lines.heading.contains("Puzzle 1 of 2"), "{}", lines.heading);
    assert!(lines.heading.contains("shot"), "{}", lines.heading);

    // The right first move: the reply is played from the solution.
    play(&mut app, "g5-f4");
    assert_eq!(moves(&app), ["g5-f4", "e3:g5"]);
    assert_eq!(puzzles(&app).feedback, Feedback::Right);
    // The last move solves it.
    play(&mut app, "h4:f6:d4:b6");
    assert_eq!(puzzles(&app).progress, Progress::Solved);
    assert_eq!((puzzles(&app).solved, puzzles(&app).failed), (1, 0));
    let lines = panel_lines(puzzles(&app), record(&app), text);
    assert_eq!(lines.state, "Solved!");
    assert!(
        lines.solution.starts_with("1... g5-f4 2. e3:g5"),
        "{}",
        lines.solution
    );
    assert_eq!(lines.counts, "Solved: 1 · Failed: 0");

    // The next puzzle: a wrong move is taken back and said so, and counts as failed once.
    send(&mut app, PuzzleCommand::Next);
    assert_eq!(puzzles(&app).index, 1);
    assert!(moves(&app).is_empty());
    play(&mut app, "h6-g5");
    assert!(
        moves(&app).is_empty(),
        "the wrong move stays: {:?}",
        moves(&app)
    );
    assert_eq!(puzzles(&app).feedback, Feedback::Wrong("h6-g5".into()));
    let lines = panel_lines(puzzles(&app), record(&app), text);
    assert_eq!(lines.state, "h6-g5 is not the solution. Try again");
    play(&mut app, "e7-f6");
    assert_eq!(puzzles(&app).failed, 1);
    // The hint marks the first square only.
    send(&mut app, PuzzleCommand::Hint);
    let hint = app.world().resource::<Hint>().0.expect("a hint");
    assert_eq!(
        (hint.from().to_string(), hint.to().to_string()),
        ("g3".into(), "g3".into())
    );
    assert_eq!(puzzles(&app).feedback, Feedback::Hint(hint.from()));
    // Showing the solution plays it out; it stays counted as failed once.
    send(&mut app, PuzzleCommand::ShowSolution);
    assert_eq!(moves(&app), ["g3-h2", "c5-b6", "h2-g1"]);
    assert_eq!(puzzles(&app).progress, Progress::Shown);
    assert_eq!((puzzles(&app).solved, puzzles(&app).failed), (1, 1));
    let ru = panel_lines(puzzles(&app), record(&app), PuzzleText::of(Lang::Ru));
    assert_eq!(ru.state, "Решение:");
    assert_eq!(ru.counts, "Решено: 1 · Не решено: 1");

    // Leaving gives the game from before back.
    send(&mut app, PuzzleCommand::Exit);
    assert!(!puzzles(&app).active);
    assert_eq!(*record(&app).game().position(), Position::start());
    assert_eq!(record(&app).players().of(Color::Black), Controller::Engine);
    std::fs::remove_file(path).ok();
}

#[test]
fn a_new_game_ends_the_puzzle_mode() {
    let mut app = app();
    send(&mut app, PuzzleCommand::Start);
    assert!(puzzles(&app).active);
    assert!(
        puzzles(&app).len() >= 300,
        "{} shipped puzzles",
        puzzles(&app).len()
    );
    app.world_mut().write_message(RecordCommand::NewGame(
        shashki_game::core::record::Mode::TwoPlayers,
    ));
    app.update();
    app.update();
    assert!(!puzzles(&app).active);
}

#[test]
fn a_corrupt_set_is_reported_with_its_place_and_the_shipped_set_used() {
    let mut app = app();
    let broken = SET.replace("\"e3:g5\"", "\"e3-d4\"");
    let path = file("broken.json", &broken);
    send(&mut app, PuzzleCommand::Load(path.clone()));
    let error = puzzles(&app).load_error.clone().expect("an error");
    assert!(
        error.contains(":6:5: puzzle 1: solution[1] \"e3-d4\""),
        "{error}"
    );
    // The mode goes on with the shipped set, and the panel says what happened.
    assert!(puzzles(&app).active);
    assert!(puzzles(&app).file.is_none());
    let lines = panel_lines(puzzles(&app), record(&app), PuzzleText::of(Lang::En));
    assert!(
        lines
            .error
            .unwrap()
            .starts_with("The puzzle set was not opened:")
    );
    let cut = file("cut.json", &SET[..SET.len() / 2]);
    send(&mut app, PuzzleCommand::Load(cut.clone()));
    assert!(
        puzzles(&app)
            .load_error
            .clone()
            .unwrap()
            .contains("cut.json:")
    );
    std::fs::remove_file(path).ok();
    std::fs::remove_file(cut).ok();
}

#[test]
fn the_shipped_set_reads_and_every_text_is_translated() {
    let set = built_in().unwrap();
    assert!(set.puzzles.len() >= 300, "{}", set.puzzles.len());
    assert!(
        set.puzzles
            .iter()
            .all(|p| !p.solution.len().is_multiple_of(2))
    );
    let (ru, en) = (PuzzleText::of(Lang::Ru), PuzzleText::of(Lang::En));
    for (r, e) in ru.texts().into_iter().zip(en.texts()) {
        assert!(!r.is_empty() && !e.is_empty());
        assert_ne!(r, e);
        assert!(
            r.chars()
                .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap())),
            "{r}"
        );
    }
}

#[test]
fn a_wrong_move_is_refused_before_it_is_played() {
    let mut app = app();
    let path = file("refused.json", SET);
    send(&mut app, PuzzleCommand::Load(path.clone()));
    let before = record(&app).revision();
    play(&mut app, "a5-b4");
    // Not played and taken back: never played, so the record has no new revision.
    assert_eq!(record(&app).revision(), before);
    assert!(record(&app).game().moves().is_empty());
    assert!(record(&app).redo_moves().is_empty());
    assert_eq!(puzzles(&app).feedback, Feedback::Wrong("a5-b4".into()));
    assert_eq!(puzzles(&app).failed, 1);
    std::fs::remove_file(path).ok();
}

#[test]
fn the_heading_keeps_the_difficulty_and_the_hint_names_the_piece_that_moves() {
    let mut app = app();
    let path = file("heading.json", SET);
    send(&mut app, PuzzleCommand::Load(path.clone()));
    send(&mut app, PuzzleCommand::Hint);
    for lang in [Lang::Ru, Lang::En] {
        let lines = panel_lines(puzzles(&app), record(&app), PuzzleText::of(lang));
        // One short line each: set, number, theme and difficulty (a long second line was cut).
        let heading: Vec<&str> = lines.heading.lines().collect();
        assert_eq!(heading.len(), 3, "{}", lines.heading);
        assert!(heading[2].ends_with(" 5"), "{}", lines.heading);
        assert!(
            heading[1..].iter().all(|l| l.chars().count() <= 40),
            "{heading:?}"
        );
    }
    let ru = panel_lines(puzzles(&app), record(&app), PuzzleText::of(Lang::Ru));
    assert_eq!(ru.state, "Подсказка: ходите шашкой с поля g5");
    std::fs::remove_file(path).ok();
}
