//! Headless tests: the game's plugins under `MinimalPlugins` (no window, no renderer). Input is
//! injected as `BoardClick` / `GameCommand` messages and the assertions read the resources.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use shashki::{Game, GameStatus, Position, Square};
use shashki_game::engine_task::Hint;
use shashki_game::i18n::{EN, Lang, Language, RU, Say, SwitchLanguage};
use shashki_game::input::{BoardClick, ClickFeedback, Refusal};
use shashki_game::record::{
    Controller, GameCommand, GameRecord, Mode, Notice, Outcome, Players, Strength,
};
use shashki_game::selection::Selection;
use shashki_game::{CorePlugin, Setup};

const ENGINE_TIME: Duration = Duration::from_millis(40);
const PATIENCE: Duration = Duration::from_secs(20);

/// The set-up of a test game: `fen` (or the start), these players, no book, no tablebases.
fn setup_with(fen: Option<&str>, white: Controller, black: Controller) -> Setup {
    let game = fen.map_or_else(Game::default, |f| Game::from_fen(f).unwrap());
    Setup {
        record: GameRecord::new(
            game,
            Players { white, black },
            Strength::MoveTime(ENGINE_TIME),
        ),
        book: shashki::search::BookChoice::None,
        tablebases: None,
        problems: Vec::new(),
        lang: Lang::En,
    }
}

fn app_with(fen: Option<&str>, white: Controller, black: Controller) -> App {
    let setup = setup_with(fen, white, black);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    app
}

fn two_players(fen: Option<&str>) -> App {
    app_with(fen, Controller::Human, Controller::Human)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn click(app: &mut App, name: &str) {
    app.world_mut().write_message(BoardClick(sq(name)));
    app.update();
}

fn command(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn record(app: &App) -> &GameRecord {
    app.world().resource::<GameRecord>()
}

fn update_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < PATIENCE, "timed out waiting");
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

#[test]
fn a_click_sequence_plays_a_move() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    click(&mut app, "d4");
    let expected = Position::start().parse_move("c3-d4").unwrap();
    assert_eq!(record(&app).game.moves(), &[expected]);
    assert_eq!(app.world().resource::<Selection>(), &Selection::default());
}

#[test]
fn an_illegal_click_is_rejected_and_changes_nothing() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    click(&mut app, "e5");
    assert!(record(&app).game.moves().is_empty());
    let feedback = app.world().resource::<ClickFeedback>();
    assert_eq!(feedback.square, Some(sq("e5")));
    assert!(feedback.reason.is_some());
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    click(&mut app, "f6");
    assert_eq!(
        app.world().resource::<ClickFeedback>().square,
        Some(sq("f6"))
    );
    assert!(record(&app).game.moves().is_empty());
}

#[test]
fn the_engines_turn_produces_a_legal_move() {
    let mut app = app_with(None, Controller::Engine, Controller::Human);
    update_until(&mut app, |app| !record(app).game.moves().is_empty());
    let mv = record(&app).game.moves()[0];
    assert!(Position::start().is_legal(&mv));
    // Now it is the human's turn: the engine waits.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(record(&app).game.moves().len(), 1);
}

#[test]
fn clicks_during_the_engines_turn_are_rejected() {
    let mut app = app_with(None, Controller::Engine, Controller::Human);
    click(&mut app, "c3");
    assert_eq!(
        app.world().resource::<ClickFeedback>().square,
        Some(sq("c3"))
    );
    assert_eq!(app.world().resource::<Selection>().piece, None);
}

#[test]
fn undo_and_redo_step_through_the_game() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    click(&mut app, "d4");
    click(&mut app, "f6");
    click(&mut app, "g5");
    assert_eq!(record(&app).game.moves().len(), 2);
    command(&mut app, GameCommand::Undo);
    assert_eq!(record(&app).game.moves().len(), 1);
    command(&mut app, GameCommand::Undo);
    assert!(record(&app).game.moves().is_empty());
    command(&mut app, GameCommand::Redo);
    command(&mut app, GameCommand::Redo);
    assert_eq!(record(&app).game.position().to_fen(), {
        let mut g = Game::default();
        g.play_text("c3-d4").unwrap();
        g.play_text("f6-g5").unwrap();
        g.position().to_fen()
    });
    // A new move clears the redo stack.
    command(&mut app, GameCommand::Undo);
    click(&mut app, "h6");
    click(&mut app, "g5");
    command(&mut app, GameCommand::Redo);
    assert_eq!(record(&app).game.moves().len(), 2);
    assert!(record(&app).redo.is_empty());
}

#[test]
fn undo_against_the_engine_takes_back_its_reply_too() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    click(&mut app, "c3");
    click(&mut app, "d4");
    update_until(&mut app, |app| record(app).game.moves().len() == 2);
    command(&mut app, GameCommand::Undo);
    assert!(record(&app).game.moves().is_empty());
    assert_eq!(record(&app).to_move(), Controller::Human);
    command(&mut app, GameCommand::Redo);
    assert_eq!(record(&app).game.moves().len(), 2);
}

#[test]
fn the_last_capture_ends_the_game_and_further_clicks_are_refused() {
    let mut app = app_with(Some("W:Wc3:Bd4"), Controller::Human, Controller::Engine);
    click(&mut app, "c3");
    click(&mut app, "e5");
    let status = record(&app).game.status();
    assert!(
        matches!(
            status,
            GameStatus::Won {
                winner: shashki::Color::White,
                ..
            }
        ),
        "{status:?}"
    );
    assert_eq!(
        record(&app).status_line(&EN),
        "You won: Black has no legal move"
    );
    assert_eq!(
        record(&app).status_line(&RU),
        "Вы выиграли: у чёрных нет ходов"
    );
    assert_eq!(
        record(&app).move_lines(&EN).last().map(String::as_str),
        Some("2-0")
    );
    // The status line says who won; the notice says what can be done now, without repeating it.
    let notice = app.world().resource::<Notice>();
    assert!(
        !notice.error && notice.lines == [Say::GameOver],
        "{notice:?}"
    );
    click(&mut app, "e5");
    assert_eq!(
        app.world().resource::<ClickFeedback>().reason,
        Some(Refusal::GameOver)
    );
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        record(&app).game.moves().len(),
        1,
        "no engine move after the end"
    );
}

#[test]
fn a_capture_route_is_chosen_by_clicking_landing_squares() {
    // The king on b2 reaches a5 by b2:e5:c7:a5 or by b2:f6:d8:a5, taking different pieces.
    let fen = "W:W23,27,K25:B7,9,10,12,22";
    let position: Position = fen.parse().unwrap();
    let via_f6 = position.parse_move("b2:f6:d8:a5").unwrap();
    let mut app = two_players(Some(fen));
    click(&mut app, "b2");
    click(&mut app, "a5");
    assert!(
        record(&app).game.moves().is_empty(),
        "ambiguous: nothing played yet"
    );
    assert_eq!(app.world().resource::<Selection>().target, Some(sq("a5")));
    click(&mut app, "f6");
    assert_eq!(record(&app).game.moves(), &[via_f6]);
}

#[test]
fn a_bad_fen_is_reported_and_the_game_goes_on() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    click(&mut app, "d4");
    command(&mut app, GameCommand::SetFen("W:Wx99".into()));
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.error && notice.text(&EN).contains("FEN"),
        "{notice:?}"
    );
    assert_eq!(record(&app).game.moves().len(), 1);
    command(&mut app, GameCommand::SetFen("B:WK29:B25".into()));
    assert_eq!(record(&app).game.position().to_fen(), "B:WK29:B25");
}

#[test]
fn set_fen_after_engine_against_engine_gives_the_person_the_side_to_move() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    command(&mut app, GameCommand::SetFen("B:WK29:B25,18".into()));
    let players = record(&app).players;
    assert_eq!(
        (players.white, players.black),
        (Controller::Engine, Controller::Human)
    );
    assert_eq!(record(&app).status_line(&EN), "You play Black — your move");
    assert_eq!(
        app.world().resource::<Notice>().lines,
        [Say::PositionSet(shashki::Color::Black)]
    );
    for _ in 0..20 {
        app.update();
    }
    assert!(record(&app).game.moves().is_empty(), "the engine waits");
    // Switch sides: the engine takes Black and moves.
    command(&mut app, GameCommand::SwitchSides);
    assert_eq!(record(&app).human_side(), Some(shashki::Color::White));
    update_until(&mut app, |app| record(app).game.moves().len() == 1);
}

#[test]
fn resigning_ends_the_game_with_the_result_and_undo_takes_it_back() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, GameCommand::Resign);
    assert_eq!(
        record(&app).outcome(),
        Outcome::Resigned {
            winner: shashki::Color::Black
        }
    );
    assert_eq!(record(&app).status_line(&EN), "You lost: White resigned");
    assert_eq!(record(&app).move_lines(&EN), ["0-2"]);
    click(&mut app, "c3");
    assert!(
        record(&app).game.moves().is_empty(),
        "no move after resigning"
    );
    command(&mut app, GameCommand::Undo);
    assert!(record(&app).ongoing());
    // Engine against engine: nobody to resign for.
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    command(&mut app, GameCommand::Resign);
    assert_eq!(record(&app).ending, None);
}

#[test]
fn the_engine_accepts_a_draw_in_a_drawn_ending_and_declines_when_winning() {
    // Kings one against one: level.
    let mut app = app_with(Some("W:WKc1:BKh8"), Controller::Human, Controller::Engine);
    command(&mut app, GameCommand::OfferDraw);
    update_until(&mut app, |app| !record(app).ongoing());
    assert_eq!(record(&app).outcome(), Outcome::DrawAgreed);
    assert_eq!(record(&app).status_line(&RU), "Ничья: по соглашению");
    assert_eq!(
        record(&app).move_lines(&EN).last().map(String::as_str),
        Some("1-1")
    );
    // The engine (Black) has three kings against one man: it plays on.
    let mut app = app_with(
        Some("W:Wc3:BKa7,Kb8,Kh8"),
        Controller::Human,
        Controller::Engine,
    );
    command(&mut app, GameCommand::OfferDraw);
    update_until(&mut app, |app| {
        app.world().resource::<Notice>().lines == [Say::DrawDeclined]
    });
    assert!(record(&app).ongoing());
}

#[test]
fn the_weakest_level_plays_legal_moves_quickly() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    command(&mut app, GameCommand::SetLevel(1));
    assert_eq!(record(&app).strength, Strength::Level(1));
    command(&mut app, GameCommand::NewGame(Mode::EngineVsEngine));
    update_until(&mut app, |app| record(app).game.moves().len() >= 6);
    let mut game = Game::default();
    for mv in record(&app).game.moves() {
        game.play(*mv).unwrap();
    }
    command(&mut app, GameCommand::SetLevel(0));
    assert_eq!(record(&app).strength, Strength::Level(1), "no level 0");
}

#[test]
fn switching_the_language_rewrites_the_words_not_the_game() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    assert_eq!(app.world().resource::<Language>().0, Lang::En);
    app.world_mut().write_message(SwitchLanguage(Lang::Ru));
    app.update();
    let lang = app.world().resource::<Language>().0;
    assert_eq!(lang, Lang::Ru);
    assert_eq!(
        record(&app).status_line(lang.text()),
        "Вы играете белыми — ваш ход"
    );
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.text(lang.text()).starts_with("Клавиши"),
        "{notice:?}"
    );
    assert!(record(&app).game.moves().is_empty());
}

#[test]
fn a_hint_disappears_when_a_move_is_taken_back() {
    let mut app = two_players(None);
    for square in ["c3", "d4"] {
        click(&mut app, square);
    }
    command(&mut app, GameCommand::Hint);
    update_until(&mut app, |app| app.world().resource::<Hint>().0.is_some());
    assert!(matches!(
        app.world().resource::<Notice>().lines.as_slice(),
        [Say::Hint(_)]
    ));
    command(&mut app, GameCommand::Undo);
    app.update();
    assert_eq!(app.world().resource::<Hint>().0, None);
    assert!(app.world().resource::<Notice>().lines.is_empty());
}

#[test]
fn a_hint_is_a_legal_move_for_the_human() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, GameCommand::Hint);
    update_until(&mut app, |app| app.world().resource::<Hint>().0.is_some());
    let hint = app.world().resource::<Hint>().0.unwrap();
    assert!(Position::start().is_legal(&hint));
    assert!(record(&app).game.moves().is_empty(), "a hint is not played");
}

#[test]
fn engine_against_engine_plays_on_and_a_new_game_resets() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    update_until(&mut app, |app| record(app).game.moves().len() >= 4);
    command(&mut app, GameCommand::NewGame(Mode::TwoPlayers));
    // A search still running for the old game must not leak a move into the new one.
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert!(record(&app).game.moves().is_empty());
    assert_eq!(record(&app).players.white, Controller::Human);
}

/// Presses `key` for one frame (the keyboard resource as `DefaultPlugins`' input plugin keeps it).
fn press(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

/// Two players with a keyboard, after 1. c3-d4.
fn keyboard_game_after_one_move() -> App {
    let mut app = two_players(None);
    app.init_resource::<ButtonInput<KeyCode>>();
    click(&mut app, "c3");
    click(&mut app, "d4");
    assert_eq!(record(&app).game.moves().len(), 1);
    app
}

#[test]
fn the_arrow_keys_take_back_and_replay_and_escape_deselects() {
    let mut app = keyboard_game_after_one_move();
    press(&mut app, KeyCode::ArrowLeft);
    assert!(record(&app).game.moves().is_empty());
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(record(&app).game.moves().len(), 1);
    click(&mut app, "f6");
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("f6")));
    press(&mut app, KeyCode::Escape);
    assert_eq!(app.world().resource::<Selection>().piece, None);
}

#[test]
fn keys_typed_into_the_text_field_are_not_shortcuts_until_escape() {
    let mut app = keyboard_game_after_one_move();
    let field = app.world_mut().spawn_empty().id();
    app.insert_resource(bevy::input_focus::InputFocus::from_entity(field));
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(
        record(&app).game.moves().len(),
        1,
        "the field had the focus"
    );
    press(&mut app, KeyCode::Escape);
    let focus = app.world().resource::<bevy::input_focus::InputFocus>();
    assert_eq!(focus.get(), None, "Escape leaves the field");
    press(&mut app, KeyCode::Backspace);
    assert!(record(&app).game.moves().is_empty());
}

#[test]
fn reviewing_steps_through_the_game_and_a_click_returns_to_it() {
    let mut app = two_players(None);
    for square in ["c3", "d4", "f6", "g5"] {
        click(&mut app, square);
    }
    assert_eq!(record(&app).game.moves().len(), 2);
    command(&mut app, GameCommand::ReviewBack);
    assert_eq!(record(&app).review, Some(1));
    assert_eq!(record(&app).move_lines(&EN), ["1. [c3-d4]  f6-g5"]);
    assert_eq!(record(&app).move_lines_marked(&EN).1, Some(0));
    assert!(
        record(&app)
            .review_line(&EN)
            .is_some_and(|l| l.contains("1. c3-d4"))
    );
    command(&mut app, GameCommand::ReviewBack);
    command(&mut app, GameCommand::ReviewBack);
    assert_eq!(
        record(&app).review,
        Some(0),
        "the start is as far back as it goes"
    );
    assert_eq!(record(&app).shown_ply(), 0);
    command(&mut app, GameCommand::ReviewForward);
    command(&mut app, GameCommand::ReviewForward);
    assert_eq!(
        record(&app).review,
        None,
        "forward past the last ply is the game again"
    );
    command(&mut app, GameCommand::ReviewStart);
    assert_eq!(record(&app).review, Some(0));
    // A click while reviewing plays nothing and shows the game again.
    click(&mut app, "e3");
    assert_eq!(record(&app).review, None);
    assert_eq!(record(&app).game.moves().len(), 2);
    assert_eq!(app.world().resource::<Selection>().piece, None);
    command(&mut app, GameCommand::ReviewBack);
    command(&mut app, GameCommand::Undo);
    assert_eq!(record(&app).review, None, "taking back ends the review");
    assert_eq!(record(&app).game.moves().len(), 1);
}

#[test]
fn the_engine_waits_while_the_game_is_reviewed() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    update_until(&mut app, |app| record(app).game.moves().len() >= 2);
    command(&mut app, GameCommand::ReviewStart);
    let reviewed_at = record(&app).game.moves().len();
    // At most the move already under way lands; no new search starts.
    for _ in 0..200 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert!(record(&app).game.moves().len() <= reviewed_at + 1);
    assert_eq!(
        record(&app).review,
        Some(0),
        "a move played keeps the review"
    );
    command(&mut app, GameCommand::ReviewEnd);
    update_until(&mut app, |app| {
        record(app).game.moves().len() >= reviewed_at + 2
    });
}

#[test]
fn missing_tablebases_are_built_in_the_background_and_given_to_the_engine() {
    use shashki_game::engine_task::EngineSetup;
    use shashki_game::tablebases::{TablebaseDefaults, plugin};
    let dir = std::env::temp_dir().join(format!("shashki-game-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let setup = setup_with(None, Controller::Human, Controller::Human);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TablebaseDefaults {
            dir: Some(dir.clone()),
            pieces: 3,
        })
        .add_plugins(CorePlugin { setup })
        .add_plugins(plugin);
    app.update();
    let line = |app: &mut App| {
        let mut texts = app.world_mut().query::<&Text>();
        texts
            .iter(app.world())
            .map(|t| t.0.clone())
            .find(|t| t.contains("ndgame tablebases"))
    };
    let first = line(&mut app).expect("a progress line");
    assert!(
        first.starts_with("building endgame tablebases up to 3 pieces"),
        "{first}"
    );
    update_until(&mut app, |app| {
        app.world().resource::<EngineSetup>().0.tablebases.is_some()
    });
    app.update();
    let last = line(&mut app).expect("the line stays a while");
    assert!(last.contains("up to 3 pieces ready"), "{last}");
    assert_eq!(
        app.world()
            .resource::<EngineSetup>()
            .0
            .tablebases
            .as_deref(),
        Some(dir.as_path())
    );
    assert_eq!(shashki::Tablebases::open(&dir).max_pieces(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}
