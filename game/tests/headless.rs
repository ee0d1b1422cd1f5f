//! Headless tests: the game's plugins under `MinimalPlugins` (no window, no renderer). Input is
//! injected as `BoardClick` messages and each concern's own (`RecordCommand`, `FileCommand`, …)
//! and the assertions read the resources.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use shashki::{Color, Game, GameStatus, Position, Square};
use shashki_game::core::clipboard::{CopyWhat, copy_text};
use shashki_game::core::clock::Clocks;
use shashki_game::core::collection::Collection;
use shashki_game::core::collection::ListCommand;
use shashki_game::core::files::FileCommand;
use shashki_game::core::notice::Notice;
use shashki_game::core::pdn_file::OwnGames;
use shashki_game::core::record::RecordCommand;
use shashki_game::core::record::{Controller, GameRecord, Mode, Outcome, Players, Strength};
use shashki_game::core::settings::{Settings, SettingsFile};
use shashki_game::core::setup::SetupCommand;
use shashki_game::core::sync::{Analysis, Hint};
use shashki_game::engine::engine_task::{EngineCommand, Evaluation, Thinking};
use shashki_game::engine::port::Purpose;
use shashki_game::ground::TimeControl;
use shashki_game::ground::window_waker::WindowWaker;
use shashki_game::text::{EN, Lang, Language, RU, Say, SwitchLanguage};
use shashki_game::view::input::{BoardClick, ClickFeedback, Drag, Refusal};
use shashki_game::view::selection::Selection;
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
        book: shashki::BookChoice::None,
        tablebases: None,
        problems: Vec::new(),
        opened: None,
        lang: Lang::En,
        clock: None,
        ..Setup::default()
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

fn command(app: &mut App, command: impl Message) {
    app.world_mut().write_message(command);
    app.update();
}

fn record(app: &App) -> &GameRecord {
    app.world().resource::<GameRecord>()
}

/// The ended game's status line in English and Russian, and its result as the last line of the
/// move list.
fn assert_game_over_shown(app: &App, english: &str, russian: &str, result: &str) {
    assert_eq!(record(app).status_line(&EN), english);
    assert_eq!(record(app).status_line(&RU), russian);
    assert_eq!(
        record(app).move_lines(&EN).last().map(String::as_str),
        Some(result)
    );
}

fn update_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < PATIENCE, "timed out waiting");
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

/// The game's first window (1200×780), as the primary window.
fn spawn_first_window(app: &mut App) -> Entity {
    app.world_mut()
        .spawn((
            Window {
                resolution: bevy::window::WindowResolution::new(1200, 780),
                ..default()
            },
            bevy::window::PrimaryWindow,
        ))
        .id()
}

/// Two players in a 1200×780 window with the mouse and the redraw policy: the cursor and the
/// buttons arrive as the window would send them.
fn two_players_with_mouse() -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin))
        .add_plugins(CorePlugin {
            setup: setup_with(None, Controller::Human, Controller::Human),
        })
        .add_plugins(shashki_game::view::redraw::plugin);
    let window = spawn_first_window(&mut app);
    app.update();
    (app, window)
}

/// Presses and releases the left button over `name` with both messages in one frame, as a quick
/// click or a touchpad tap does.
fn tap(app: &mut App, window: Entity, name: &str) {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    let at = shashki_game::ground::geometry::BoardLayout::fit(Vec2::new(1200.0, 780.0), false)
        .square_center(sq(name));
    let mut entity = app.world_mut().entity_mut(window);
    entity
        .get_mut::<Window>()
        .unwrap()
        .set_cursor_position(Some(at));
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }
    app.update();
}

fn window_idles(app: &App) -> bool {
    matches!(
        app.world()
            .resource::<bevy::winit::WinitSettings>()
            .focused_mode,
        bevy::winit::UpdateMode::Reactive { .. }
    )
}

/// A finger touches the screen over `name` and lifts (a phone's tap: touches, no cursor).
fn finger_tap(app: &mut App, window: Entity, name: &str) {
    use bevy::input::touch::{TouchInput, TouchPhase};
    let at = shashki_game::ground::geometry::BoardLayout::fit(Vec2::new(1200.0, 780.0), false)
        .square_center(sq(name));
    for phase in [TouchPhase::Started, TouchPhase::Ended] {
        app.world_mut().write_message(TouchInput {
            phase,
            position: at,
            window,
            force: None,
            id: 7,
        });
        app.update();
    }
}

#[test]
fn a_finger_on_a_touch_screen_plays_moves_as_the_mouse_does() {
    let (mut app, window) = two_players_with_mouse();
    finger_tap(&mut app, window, "c3");
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    finger_tap(&mut app, window, "d4");
    assert_eq!(record(&app).game().moves().len(), 1);
    assert_eq!(app.world().resource::<Drag>().from, None);
}

/// One frame of the window's events as winit sends them, in order: the pointer moves to each
/// `(square, button)`'s center, then the left button changes there (if given). The window's
/// cursor ends where the last move left it, as it is when the frame runs.
fn frame_of_events(
    app: &mut App,
    window: Entity,
    steps: &[(&str, Option<bevy::input::ButtonState>)],
) {
    use bevy::input::mouse::MouseButtonInput;
    use bevy::window::{CursorMoved, WindowEvent};
    let layout = shashki_game::ground::geometry::BoardLayout::fit(Vec2::new(1200.0, 780.0), false);
    for &(name, button) in steps {
        let position = layout.square_center(sq(name));
        app.world_mut()
            .write_message(WindowEvent::CursorMoved(CursorMoved {
                window,
                position,
                delta: None,
            }));
        app.world_mut()
            .entity_mut(window)
            .get_mut::<Window>()
            .unwrap()
            .set_cursor_position(Some(position));
        if let Some(state) = button {
            let input = MouseButtonInput {
                button: MouseButton::Left,
                state,
                window,
            };
            app.world_mut()
                .write_message(WindowEvent::MouseButtonInput(input));
            app.world_mut().write_message(input);
        }
    }
    app.update();
}

#[test]
fn a_press_and_a_release_count_where_they_happened_though_the_pointer_moved_on() {
    use bevy::input::ButtonState::{Pressed, Released};
    let (mut app, window) = two_players_with_mouse();
    // A slow frame: the button went down on c3, and the pointer was on e5 when the frame ran.
    frame_of_events(&mut app, window, &[("c3", Some(Pressed)), ("e5", None)]);
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    assert_eq!(app.world().resource::<ClickFeedback>().square, None);
    // The piece is dropped on d4, and the pointer has gone on to h6 by the next frame.
    frame_of_events(&mut app, window, &[("d4", Some(Released)), ("h6", None)]);
    let expected = Position::start().parse_move("c3-d4").unwrap();
    assert_eq!(record(&app).game().moves(), &[expected]);
    assert_eq!(app.world().resource::<Drag>().from, None);
}

#[test]
fn the_window_sleeps_while_the_engine_thinks_and_the_search_wakes_it() {
    use shashki_game::view::redraw::THINKING_WAIT;
    let (mut app, _window) = two_players_with_mouse();
    let wakes = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = std::sync::Arc::clone(&wakes);
    app.insert_resource(WindowWaker::calling(move || {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }));
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().progress.depth >= 4
    });
    app.update();
    let mode = app
        .world()
        .resource::<bevy::winit::WinitSettings>()
        .focused_mode;
    assert!(
        matches!(mode, bevy::winit::UpdateMode::Reactive { wait, .. } if wait <= THINKING_WAIT),
        "{mode:?}"
    );
    // Each deeper iteration woke the window (at least depths 1 to 4).
    assert!(wakes.load(std::sync::atomic::Ordering::Relaxed) >= 4);
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().purpose.is_none()
    });
}

#[test]
fn a_press_and_release_in_one_frame_leave_no_drag_and_the_window_idles() {
    let (mut app, window) = two_players_with_mouse();
    tap(&mut app, window, "c3");
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    assert_eq!(app.world().resource::<Drag>().from, None);
    app.update();
    assert!(window_idles(&app));
    // A tap on the selected piece deselects it; a tap on a target plays the move.
    tap(&mut app, window, "c3");
    assert_eq!(app.world().resource::<Selection>().piece, None);
    tap(&mut app, window, "c3");
    tap(&mut app, window, "d4");
    assert_eq!(record(&app).game().moves().len(), 1);
    assert_eq!(app.world().resource::<Drag>().from, None);
    app.update();
    app.update();
    assert!(window_idles(&app));
}

#[test]
fn a_click_sequence_plays_a_move() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    click(&mut app, "d4");
    let expected = Position::start().parse_move("c3-d4").unwrap();
    assert_eq!(record(&app).game().moves(), &[expected]);
    assert_eq!(app.world().resource::<Selection>(), &Selection::default());
}

#[test]
fn an_illegal_click_is_rejected_and_changes_nothing() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    click(&mut app, "e5");
    assert!(record(&app).game().moves().is_empty());
    let feedback = app.world().resource::<ClickFeedback>();
    assert_eq!(feedback.square, Some(sq("e5")));
    assert!(feedback.reason.is_some());
    assert_eq!(app.world().resource::<Selection>().piece, Some(sq("c3")));
    click(&mut app, "f6");
    assert_eq!(
        app.world().resource::<ClickFeedback>().square,
        Some(sq("f6"))
    );
    assert!(record(&app).game().moves().is_empty());
}

#[test]
fn the_engines_turn_produces_a_legal_move() {
    let mut app = app_with(None, Controller::Engine, Controller::Human);
    update_until(&mut app, |app| !record(app).game().moves().is_empty());
    let mv = record(&app).game().moves()[0];
    assert!(Position::start().is_legal(&mv));
    // Now it is the human's turn: the engine waits.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(record(&app).game().moves().len(), 1);
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
    assert_eq!(record(&app).game().moves().len(), 2);
    command(&mut app, RecordCommand::Undo);
    assert_eq!(record(&app).game().moves().len(), 1);
    command(&mut app, RecordCommand::Undo);
    assert!(record(&app).game().moves().is_empty());
    command(&mut app, RecordCommand::Redo);
    command(&mut app, RecordCommand::Redo);
    assert_eq!(record(&app).game().position().to_fen(), {
        let mut g = Game::default();
        g.play_text("c3-d4").unwrap();
        g.play_text("f6-g5").unwrap();
        g.position().to_fen()
    });
    // A new move clears the redo stack.
    command(&mut app, RecordCommand::Undo);
    click(&mut app, "h6");
    click(&mut app, "g5");
    command(&mut app, RecordCommand::Redo);
    assert_eq!(record(&app).game().moves().len(), 2);
    assert!(record(&app).redo_moves().is_empty());
}

#[test]
fn undo_against_the_engine_takes_back_its_reply_too() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    click(&mut app, "c3");
    click(&mut app, "d4");
    update_until(&mut app, |app| record(app).game().moves().len() == 2);
    command(&mut app, RecordCommand::Undo);
    assert!(record(&app).game().moves().is_empty());
    assert_eq!(record(&app).to_move(), Controller::Human);
    command(&mut app, RecordCommand::Redo);
    assert_eq!(record(&app).game().moves().len(), 2);
}

#[test]
fn the_last_capture_ends_the_game_and_further_clicks_are_refused() {
    let mut app = app_with(Some("W:Wc3:Bd4"), Controller::Human, Controller::Engine);
    click(&mut app, "c3");
    click(&mut app, "e5");
    let status = record(&app).game().status();
    assert!(
        matches!(
            status,
            GameStatus::Won {
                winner: Color::White,
                ..
            }
        ),
        "{status:?}"
    );
    assert_game_over_shown(
        &app,
        "You won: Black has no legal move",
        "Вы выиграли: у чёрных нет ходов",
        "2-0",
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
        record(&app).game().moves().len(),
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
        record(&app).game().moves().is_empty(),
        "ambiguous: nothing played yet"
    );
    assert_eq!(app.world().resource::<Selection>().target, Some(sq("a5")));
    click(&mut app, "f6");
    assert_eq!(record(&app).game().moves(), &[via_f6]);
}

#[test]
fn a_bad_fen_is_reported_and_the_game_goes_on() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    click(&mut app, "d4");
    command(&mut app, RecordCommand::SetFen("W:Wx99".into()));
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.error && notice.text(&EN).contains("FEN"),
        "{notice:?}"
    );
    assert_eq!(record(&app).game().moves().len(), 1);
    command(&mut app, RecordCommand::SetFen("B:WK29:B25".into()));
    assert_eq!(record(&app).game().position().to_fen(), "B:WK29:B25");
}

#[test]
fn set_fen_after_engine_against_engine_gives_the_person_the_side_to_move() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    command(&mut app, RecordCommand::SetFen("B:WK29:B25,18".into()));
    let players = record(&app).players();
    assert_eq!(
        (players.white, players.black),
        (Controller::Engine, Controller::Human)
    );
    assert_eq!(record(&app).status_line(&EN), "You play Black — your move");
    assert_eq!(
        app.world().resource::<Notice>().lines,
        [Say::PositionSet(Color::Black)]
    );
    for _ in 0..20 {
        app.update();
    }
    assert!(record(&app).game().moves().is_empty(), "the engine waits");
    // Switch sides: the engine takes Black and moves.
    command(&mut app, SetupCommand::SwitchSides);
    assert_eq!(record(&app).human_side(), Some(Color::White));
    update_until(&mut app, |app| record(app).game().moves().len() == 1);
}

#[test]
fn resigning_ends_the_game_with_the_result_and_undo_takes_it_back() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, RecordCommand::Resign);
    assert_eq!(
        record(&app).outcome(),
        Outcome::Resigned {
            winner: Color::Black
        }
    );
    assert_eq!(record(&app).status_line(&EN), "You lost: White resigned");
    assert_eq!(record(&app).move_lines(&EN), ["0-2"]);
    click(&mut app, "c3");
    assert!(
        record(&app).game().moves().is_empty(),
        "no move after resigning"
    );
    command(&mut app, RecordCommand::Undo);
    assert!(record(&app).ongoing());
    // Engine against engine: nobody to resign for.
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    command(&mut app, RecordCommand::Resign);
    assert_eq!(record(&app).ending(), None);
}

#[test]
fn the_engine_accepts_a_draw_in_a_drawn_ending_and_declines_when_winning() {
    // Kings one against one: level.
    let mut app = app_with(Some("W:WKc1:BKh8"), Controller::Human, Controller::Engine);
    command(&mut app, EngineCommand::OfferDraw);
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
    command(&mut app, EngineCommand::OfferDraw);
    update_until(&mut app, |app| {
        app.world().resource::<Notice>().lines == [Say::DrawDeclined]
    });
    assert!(record(&app).ongoing());
}

#[test]
fn the_weakest_level_plays_legal_moves_quickly() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    command(&mut app, SetupCommand::Level(1));
    assert_eq!(record(&app).strength(), Strength::Level(1));
    command(&mut app, RecordCommand::NewGame(Mode::EngineVsEngine));
    update_until(&mut app, |app| record(app).game().moves().len() >= 6);
    let mut game = Game::default();
    for mv in record(&app).game().moves() {
        game.play(*mv).unwrap();
    }
    command(&mut app, SetupCommand::Level(0));
    assert_eq!(record(&app).strength(), Strength::Level(1), "no level 0");
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
    assert!(record(&app).game().moves().is_empty());
}

#[test]
fn a_hint_disappears_when_a_move_is_taken_back() {
    let mut app = two_players(None);
    for square in ["c3", "d4"] {
        click(&mut app, square);
    }
    command(&mut app, EngineCommand::Hint);
    update_until(&mut app, |app| app.world().resource::<Hint>().0.is_some());
    assert!(matches!(
        app.world().resource::<Notice>().lines.as_slice(),
        [Say::Hint(_)]
    ));
    command(&mut app, RecordCommand::Undo);
    app.update();
    assert_eq!(app.world().resource::<Hint>().0, None);
    assert!(app.world().resource::<Notice>().lines.is_empty());
}

#[test]
fn a_hint_is_a_legal_move_for_the_human() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, EngineCommand::Hint);
    update_until(&mut app, |app| app.world().resource::<Hint>().0.is_some());
    let hint = app.world().resource::<Hint>().0.unwrap();
    assert!(Position::start().is_legal(&hint));
    assert!(
        record(&app).game().moves().is_empty(),
        "a hint is not played"
    );
}

#[test]
fn engine_against_engine_plays_on_and_a_new_game_resets() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    update_until(&mut app, |app| record(app).game().moves().len() >= 4);
    command(&mut app, RecordCommand::NewGame(Mode::TwoPlayers));
    // A search still running for the old game must not leak a move into the new one.
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert!(record(&app).game().moves().is_empty());
    assert_eq!(record(&app).players().white, Controller::Human);
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
    assert_eq!(record(&app).game().moves().len(), 1);
    app
}

#[test]
fn the_arrow_keys_take_back_and_replay_and_escape_deselects() {
    let mut app = keyboard_game_after_one_move();
    press(&mut app, KeyCode::ArrowLeft);
    assert!(record(&app).game().moves().is_empty());
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(record(&app).game().moves().len(), 1);
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
        record(&app).game().moves().len(),
        1,
        "the field had the focus"
    );
    press(&mut app, KeyCode::Escape);
    let focus = app.world().resource::<bevy::input_focus::InputFocus>();
    assert_eq!(focus.get(), None, "Escape leaves the field");
    press(&mut app, KeyCode::Backspace);
    assert!(record(&app).game().moves().is_empty());
}

#[test]
fn reviewing_steps_through_the_game_and_a_click_returns_to_it() {
    let mut app = two_players(None);
    for square in ["c3", "d4", "f6", "g5"] {
        click(&mut app, square);
    }
    assert_eq!(record(&app).game().moves().len(), 2);
    command(&mut app, RecordCommand::ReviewBack);
    assert_eq!(record(&app).review(), Some(1));
    assert_eq!(record(&app).move_lines(&EN), ["1. [c3-d4]  f6-g5"]);
    assert_eq!(record(&app).move_lines_marked(&EN).1, Some(0));
    assert!(
        record(&app)
            .review_line(&EN)
            .is_some_and(|l| l.contains("1. c3-d4"))
    );
    command(&mut app, RecordCommand::ReviewBack);
    command(&mut app, RecordCommand::ReviewBack);
    assert_eq!(
        record(&app).review(),
        Some(0),
        "the start is as far back as it goes"
    );
    assert_eq!(record(&app).shown_ply(), 0);
    command(&mut app, RecordCommand::ReviewForward);
    command(&mut app, RecordCommand::ReviewForward);
    assert_eq!(
        record(&app).review(),
        None,
        "forward past the last ply is the game again"
    );
    command(&mut app, RecordCommand::ReviewStart);
    assert_eq!(record(&app).review(), Some(0));
    // A click while reviewing plays nothing and shows the game again.
    click(&mut app, "e3");
    assert_eq!(record(&app).review(), None);
    assert_eq!(record(&app).game().moves().len(), 2);
    assert_eq!(app.world().resource::<Selection>().piece, None);
    command(&mut app, RecordCommand::ReviewBack);
    command(&mut app, RecordCommand::Undo);
    assert_eq!(record(&app).review(), None, "taking back ends the review");
    assert_eq!(record(&app).game().moves().len(), 1);
}

#[test]
fn the_engine_waits_while_the_game_is_reviewed() {
    let mut app = app_with(None, Controller::Engine, Controller::Engine);
    update_until(&mut app, |app| record(app).game().moves().len() >= 2);
    command(&mut app, RecordCommand::ReviewStart);
    let reviewed_at = record(&app).game().moves().len();
    // At most the move already under way lands; no new search starts.
    for _ in 0..200 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert!(record(&app).game().moves().len() <= reviewed_at + 1);
    assert_eq!(
        record(&app).review(),
        Some(0),
        "a move played keeps the review"
    );
    command(&mut app, RecordCommand::ReviewEnd);
    update_until(&mut app, |app| {
        record(app).game().moves().len() >= reviewed_at + 2
    });
}

#[test]
fn missing_tablebases_are_built_in_the_background_and_given_to_the_engine() {
    use shashki_game::engine::port::EngineSetup;
    use shashki_game::engine::tablebases::{TablebaseDefaults, plugin};
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
    // Building (or, on a fast machine, built already: three pieces take moments).
    assert!(
        first.starts_with("building endgame tablebases up to 3 pieces")
            || first.contains("up to 3 pieces ready"),
        "{first}"
    );
    // The same line in Russian (building still, or ready already).
    app.world_mut().write_message(SwitchLanguage(Lang::Ru));
    app.update();
    let russian = {
        let mut texts = app
            .world_mut()
            .query::<(&Text, &shashki_game::engine::tablebases::ProgressText)>();
        texts.iter(app.world()).next().map(|(t, _)| t.0.clone())
    }
    .expect("the progress line");
    assert!(
        russian.contains("баз") || russian.contains("Баз"),
        "{russian}"
    );
    assert!(russian.contains("до 3 фигур"), "{russian}");
    app.world_mut().write_message(SwitchLanguage(Lang::En));
    app.update();
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
    assert_eq!(shashki::egtb::Tablebases::open(&dir).max_pieces(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each frame advances the game's time by `step` (the clocks run on it), whatever the wall
/// clock does.
fn manual_time(app: &mut App, step: Duration) {
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
}

fn clocks(app: &App) -> &Clocks {
    app.world().resource::<Clocks>()
}

#[test]
fn a_flag_fall_ends_the_game_and_undo_gives_the_time_back() {
    let mut app = two_players(None);
    manual_time(&mut app, Duration::from_millis(200));
    let control = TimeControl {
        base: Duration::from_secs(1),
        increment: Duration::from_secs(1),
    };
    command(&mut app, SetupCommand::TimeControl(Some(control)));
    assert_eq!(clocks(&app).control, Some(control));
    click(&mut app, "c3");
    click(&mut app, "d4");
    assert_eq!(record(&app).game().moves().len(), 1);
    // White used a few frames of its second and got the increment.
    let white = clocks(&app).left(Color::White);
    assert!(
        white > Duration::from_secs(1) && white < Duration::from_secs(2),
        "{white:?}"
    );
    assert_eq!(clocks(&app).left(Color::Black), Duration::from_secs(1));
    // Black does not move: its second runs out within a few frames of 0.2 s.
    for _ in 0..10 {
        app.update();
    }
    assert!(clocks(&app).flagged(Color::Black));
    assert_eq!(
        record(&app).outcome(),
        Outcome::TimeForfeit {
            winner: Color::White
        }
    );
    assert_game_over_shown(
        &app,
        "White won: Black ran out of time",
        "Белые выиграли: у чёрных истекло время",
        "2-0",
    );
    assert_eq!(app.world().resource::<Notice>().lines, [Say::GameOver]);
    let white_at_the_fall = clocks(&app).left(Color::White);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        clocks(&app).left(Color::White),
        white_at_the_fall,
        "the clocks stop at the end"
    );
    click(&mut app, "f6");
    assert_eq!(
        app.world().resource::<ClickFeedback>().reason,
        Some(Refusal::GameOver)
    );
    // Taking back the loss on time gives Black its second back (the time when its turn began).
    command(&mut app, RecordCommand::Undo);
    assert!(record(&app).ongoing());
    assert_eq!(record(&app).game().moves().len(), 1);
    assert!(clocks(&app).left(Color::Black) > Duration::from_millis(500));
    // Without a time control nothing runs out.
    command(&mut app, SetupCommand::TimeControl(None));
    for _ in 0..20 {
        app.update();
    }
    assert!(record(&app).ongoing());
}

#[test]
fn a_clock_loses_the_whole_time_the_window_slept() {
    let mut app = two_players(None);
    // The window sleeps a second between frames while a clock runs (view/redraw.rs).
    manual_time(&mut app, Duration::from_secs(1));
    let control = TimeControl {
        base: Duration::from_secs(60),
        increment: Duration::ZERO,
    };
    command(&mut app, SetupCommand::TimeControl(Some(control)));
    click(&mut app, "c3");
    click(&mut app, "d4");
    let before = clocks(&app).left(Color::Black);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        before - clocks(&app).left(Color::Black),
        Duration::from_secs(3)
    );
}

#[test]
fn the_engine_plays_on_its_clock_without_running_out() {
    let mut setup = setup_with(None, Controller::Engine, Controller::Human);
    // Six seconds for the game: the engine must spend a fraction of it on one move.
    setup.clock = Some(TimeControl {
        base: Duration::from_secs(6),
        increment: Duration::ZERO,
    });
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    update_until(&mut app, |app| !record(app).game().moves().is_empty());
    let left = clocks(&app).left(Color::White);
    assert!(left < Duration::from_secs(6), "its clock ran: {left:?}");
    assert!(
        left > Duration::from_secs(3),
        "it kept most of it: {left:?}"
    );
    assert!(record(&app).ongoing());
    assert_eq!(clocks(&app).left(Color::Black), Duration::from_secs(6));
}

#[test]
fn a_move_clicked_in_the_list_is_shown_and_play_goes_on_from_it() {
    let mut app = two_players(None);
    for square in ["c3", "d4", "f6", "g5", "g3", "f4"] {
        click(&mut app, square);
    }
    assert_eq!(record(&app).game().moves().len(), 3);
    let rows = record(&app).move_rows(&EN);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].moves[1], (2, "f6-g5".to_string()));
    command(&mut app, RecordCommand::ReviewAt(1));
    assert_eq!(record(&app).review(), Some(1));
    assert_eq!(record(&app).shown_position().side_to_move(), Color::Black);
    command(&mut app, RecordCommand::ReviewAt(3));
    assert_eq!(record(&app).review(), None, "the last move is the game");
    command(&mut app, RecordCommand::ReviewAt(1));
    // Playing on from there: the later moves are taken back, and Redo could replay them.
    command(&mut app, RecordCommand::PlayFromHere);
    assert_eq!(record(&app).review(), None);
    assert_eq!(record(&app).game().moves().len(), 1);
    assert_eq!(record(&app).redo_moves().len(), 2);
    assert_eq!(
        app.world().resource::<Notice>().lines,
        [Say::PlayingFromHere]
    );
    click(&mut app, "b6");
    click(&mut app, "a5");
    assert_eq!(record(&app).game().moves().len(), 2);
    assert!(
        record(&app).redo_moves().is_empty(),
        "a new move forgets them"
    );
    // Without a review there is nothing to play from.
    command(&mut app, RecordCommand::PlayFromHere);
    assert_eq!(record(&app).game().moves().len(), 2);
}

#[test]
fn the_analysis_follows_the_position_shown_until_stopped() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    click(&mut app, "c3");
    click(&mut app, "d4");
    update_until(&mut app, |app| record(app).game().moves().len() == 2);
    let live = *record(&app).game().position();
    command(&mut app, EngineCommand::ToggleAnalysis);
    assert!(app.world().resource::<Analysis>().0);
    update_until(&mut app, |app| {
        let thinking = app.world().resource::<Thinking>();
        thinking.purpose == Some(Purpose::Analysis) && thinking.progress.depth >= 4
    });
    let evaluation = app.world().resource::<Evaluation>();
    assert_eq!(evaluation.root, Some(live));
    let pv = app.world().resource::<Thinking>().progress.pv.clone();
    assert!(pv.starts_with("2. "), "numbered like the move list: {pv}");
    // The start position shown: the analysis starts again there.
    command(&mut app, RecordCommand::ReviewStart);
    update_until(&mut app, |app| {
        app.world().resource::<Evaluation>().root == Some(Position::start())
    });
    assert!(
        app.world()
            .resource::<Thinking>()
            .progress
            .pv
            .starts_with("1. ")
    );
    // Turned off, the infinite search stops (through the engine's stop handle).
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().purpose.is_none()
    });
    assert_eq!(record(&app).game().moves().len(), 2);
}

#[test]
fn the_engine_does_not_play_while_analysing_and_its_clock_waits() {
    let mut setup = setup_with(None, Controller::Engine, Controller::Human);
    setup.clock = Some(TimeControl {
        base: Duration::from_secs(6),
        increment: Duration::ZERO,
    });
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    command(&mut app, EngineCommand::ToggleAnalysis);
    let before = clocks(&app).left(Color::White);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().progress.depth >= 3
    });
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert!(record(&app).game().moves().is_empty());
    assert_eq!(
        clocks(&app).left(Color::White),
        before,
        "the engine's clock waits"
    );
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| !record(app).game().moves().is_empty());
    assert!(clocks(&app).left(Color::White) < before);
}

#[test]
fn copying_needs_a_clipboard_and_copies_the_position_shown_or_the_game() {
    let mut app = two_players(None);
    click(&mut app, "c3");
    click(&mut app, "d4");
    command(&mut app, RecordCommand::ReviewStart);
    let fen = copy_text(CopyWhat::Fen, record(&app), &OwnGames::default(), None);
    assert_eq!(fen, Position::start().to_fen());
    let pdn = copy_text(CopyWhat::Pdn, record(&app), &OwnGames::default(), None);
    assert!(
        pdn.contains("1. c3-d4") || pdn.contains("1. 22-18"),
        "{pdn}"
    );
    command(&mut app, RecordCommand::Resign);
    let pdn = copy_text(CopyWhat::Pdn, record(&app), &OwnGames::default(), None);
    // Two people: the side to move (Black) resigned.
    assert!(pdn.trim_end().ends_with("2-0"), "{pdn}");
    // No clipboard here (no display): the player is told, the game goes on.
    command(&mut app, FileCommand::Copy(CopyWhat::Fen));
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.error && matches!(notice.lines.as_slice(), [Say::CopyFailed(_)]),
        "{notice:?}"
    );
}

#[test]
fn an_analysis_cancelled_before_its_search_began_still_ends() {
    use shashki_game::engine::native_backend::{EngineHandle, ProgressSlot, think};
    use shashki_game::engine::port::Request;
    use std::sync::atomic::AtomicBool;
    let config = shashki::EngineConfig {
        hash_mb: 8,
        ..shashki::EngineConfig::default()
    };
    let engines = EngineHandle::new(&config, 1);
    let request = Request {
        purpose: Purpose::Analysis,
        strength: Strength::MoveTime(ENGINE_TIME),
        engine_side: Color::Black,
        clock: None,
    };
    // A stop sent to the engine before the search starts is cleared by the search; the job's
    // own flag is not. Without it this would search forever.
    let thought = think(
        &engines,
        &Game::default(),
        request,
        &AtomicBool::new(true),
        &ProgressSlot::new(WindowWaker::default()),
    );
    assert_eq!(thought.best, None);
}

#[test]
fn the_analysing_engine_has_no_contempt_whatever_the_players() {
    use shashki_game::engine::native_backend::EngineHandle;
    // The analysis (and the evaluation bar it feeds) is objective: the engine that plays keeps
    // its contempt, the analysing one has none, so no contempt's draw reaches its scores.
    let mut config = shashki::EngineConfig {
        hash_mb: 1,
        ..shashki::EngineConfig::default()
    };
    config.params.contempt = shashki::Contempt::new(80, 4, 60);
    let engines = EngineHandle::new(&config, 1);
    assert_eq!(
        engines.full.config().params.contempt,
        config.params.contempt
    );
    assert_eq!(
        engines.analysis.config().params.contempt,
        shashki::Contempt::OFF
    );
}

#[test]
fn the_analysis_searches_the_opening_even_with_a_book() {
    let mut setup = setup_with(None, Controller::Human, Controller::Engine);
    setup.book = shashki::BookChoice::Shipped;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    command(&mut app, EngineCommand::ToggleAnalysis);
    // A book would answer the start position at once; the analysis searches it.
    update_until(&mut app, |app| {
        let thinking = app.world().resource::<Thinking>();
        thinking.purpose == Some(Purpose::Analysis) && thinking.progress.depth >= 5
    });
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().purpose.is_none()
    });
}

#[test]
fn a_finished_analysis_stays_on_show() {
    // White to move has lost (no piece can move): the search ends at once.
    let mut app = app_with(Some("W:Wa1:Bb2,c3"), Controller::Human, Controller::Human);
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world()
            .resource::<shashki_game::engine::engine_task::AnalysisDone>()
            .at
            .is_some()
    });
    for _ in 0..10 {
        app.update();
    }
    assert!(
        app.world().resource::<Thinking>().purpose.is_none(),
        "not searched again"
    );
    let done = app
        .world()
        .resource::<shashki_game::engine::engine_task::AnalysisDone>();
    assert!(done.progress.depth > 0);
}

#[test]
fn keys_work_while_the_window_has_the_focus() {
    // Bevy gives the primary window the keyboard focus at start-up: keys sent to the window are
    // the board's shortcuts, not text.
    let mut app = keyboard_game_after_one_move();
    let window = app.world_mut().spawn(bevy::window::Window::default()).id();
    app.insert_resource(bevy::input_focus::InputFocus::from_entity(window));
    press(&mut app, KeyCode::ArrowLeft);
    assert!(record(&app).game().moves().is_empty(), "taken back");
}

#[test]
fn the_draw_rules_are_a_setting_that_ends_or_continues_the_game_in_both_languages() {
    use shashki::{DrawRule, DrawRules};
    // Two kings against one with 9 plies of 7.2.8 counted: one more king move draws under the
    // full rules, while a referee with the basic ones plays on.
    let mut app = two_players(Some("W:WK30,K32:BK5:H9"));
    assert_eq!(record(&app).game().draw_rules(), DrawRules::Full);
    click(&mut app, "c1");
    click(&mut app, "d2");
    assert_eq!(
        record(&app).outcome(),
        Outcome::DrawnByRule(DrawRule::SmallKings)
    );
    for text in [&EN, &RU] {
        let status = record(&app).status_line(text);
        assert!(
            status.contains((text.draw_rule)(DrawRule::SmallKings)),
            "{status}"
        );
    }
    let revision = record(&app).revision();
    command(&mut app, SetupCommand::DrawRules(DrawRules::Basic));
    assert_eq!(record(&app).game().draw_rules(), DrawRules::Basic);
    assert!(record(&app).revision() > revision);
    assert_eq!(record(&app).outcome(), Outcome::Ongoing);
    let notice = app.world().resource::<Notice>().clone();
    assert_eq!(notice.lines, [Say::DrawRulesSet(DrawRules::Basic)]);
    assert!(
        notice.text(&EN).contains("three kings against one"),
        "{notice:?}"
    );
    assert!(
        notice.text(&RU).contains("три дамки против одной"),
        "{notice:?}"
    );
    // Play goes on under the basic rules: Black's king moves.
    click(&mut app, "a7");
    click(&mut app, "b8");
    assert_eq!(record(&app).game().moves().len(), 2);
    assert_eq!(record(&app).outcome(), Outcome::Ongoing);
    // Back to the full rules: the game is drawn again, by the rule the status names.
    command(&mut app, SetupCommand::DrawRules(DrawRules::Full));
    assert!(matches!(record(&app).outcome(), Outcome::DrawnByRule(_)));
    // The setting outlives the game: a new game keeps it.
    command(&mut app, SetupCommand::DrawRules(DrawRules::Repetition));
    command(&mut app, RecordCommand::NewGame(Mode::TwoPlayers));
    assert_eq!(record(&app).game().draw_rules(), DrawRules::Repetition);
}

#[test]
fn the_engine_searches_under_the_draw_rules_of_the_game() {
    use shashki::DrawRules;
    // The engine (Black, a lone king against two) to move with the 7.2.8 count nearly out:
    // under every set it answers with a legal move that does not hand White its last king.
    for rules in DrawRules::ALL {
        let mut app = app_with(
            Some("B:WK15,K18:BK7:H9"),
            Controller::Human,
            Controller::Engine,
        );
        command(&mut app, SetupCommand::DrawRules(rules));
        update_until(&mut app, |app| record(app).game().moves().len() == 1);
        let game = &record(&app).game();
        let position = game.position();
        let last_king_taken = position
            .legal_moves()
            .iter()
            .any(|reply| reply.captured().count() == 1);
        assert!(!last_king_taken, "{rules}: {:?}", game.moves());
    }
}

/// The evaluation the bar shows: the engine's, when it is of the position on the board.
fn shown_evaluation(app: &App) -> Option<Evaluation> {
    app.world()
        .resource::<Evaluation>()
        .of_position(record(app).shown_position())
        .copied()
}

#[test]
fn the_evaluation_bar_shows_only_the_position_on_the_board_and_forgets_old_games() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    click(&mut app, "c3");
    click(&mut app, "d4");
    update_until(&mut app, |app| record(app).game().moves().len() == 2);
    // The engine's score of its move is the score of the position after it.
    assert!(shown_evaluation(&app).is_some());
    // An earlier position is not the one the engine scored.
    command(&mut app, RecordCommand::ReviewStart);
    assert_eq!(shown_evaluation(&app), None);
    // Analysed, it has its own score; back at the game, that score is not shown there.
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| shown_evaluation(app).is_some());
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().purpose.is_none()
    });
    command(&mut app, RecordCommand::ReviewEnd);
    assert_eq!(shown_evaluation(&app), None);
    // A new game starts without a score, though the start position was analysed before.
    command(&mut app, RecordCommand::NewGame(Mode::TwoPlayers));
    assert_eq!(app.world().resource::<Evaluation>().root, None);
    assert_eq!(shown_evaluation(&app), None);
}

/// A file holding one game that ends with a result its moves do not reach (Black to move).
fn finished_game_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-game-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(
        &path,
        "[Event \"Club\"]\n[White \"Ivanov\"]\n[Black \"Petrov\"]\n[Result \"2-0\"]\n\
         [GameType \"25\"]\n\n1. c3-d4 f6-g5 2. b2-c3 2-0\n",
    )
    .unwrap();
    path
}

#[test]
fn a_loaded_finished_game_is_finished_not_played_on_from_either_door() {
    use shashki_game::core::options::Options;
    let path = finished_game_file("finished.pdn");
    let opened = Say::Opened {
        file: "finished.pdn".into(),
        about: Some("Ivanov — Petrov, 2-0".into()),
        human: None,
    };
    // Through the panel's "Open PDN".
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, FileCommand::Load(path.clone()));
    assert_eq!(record(&app).game().moves().len(), 3);
    assert_eq!(
        record(&app).outcome(),
        Outcome::Recorded(shashki::pdn::GameResult::WhiteWins)
    );
    assert_eq!(app.world().resource::<Notice>().lines, vec![opened.clone()]);
    for _ in 0..40 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert_eq!(record(&app).game().moves().len(), 3, "the engine played on");
    assert_eq!(app.world().resource::<Thinking>().purpose, None);
    let from_panel = record(&app).players();
    // From the command line: the same game, the same sides, the same notice.
    let options = Options {
        pdn: Some(path.clone()),
        ..Options::default()
    };
    let setup = Setup::from_options(&options);
    assert!(setup.problems.is_empty(), "{:?}", setup.problems);
    assert_eq!(setup.record.game().moves().len(), 3);
    assert!(!setup.record.ongoing());
    assert_eq!(setup.record.players(), from_panel);
    assert_eq!(setup.opened, Some(opened));
    // Taking back the recorded result plays on from the last position.
    command(&mut app, RecordCommand::Undo);
    assert!(record(&app).ongoing());
    assert_eq!(record(&app).game().moves().len(), 3);
    std::fs::remove_file(path).ok();
}

/// A fresh directory for one test's files (under the system's temporary directory, never the
/// user's configuration).
fn test_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-game-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A collection of four games: the third has an illegal move and cannot be read.
fn collection_file(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("club.pdn");
    std::fs::write(
        &path,
        "[Event \"Club championship\"]\n[Date \"2024.03.01\"]\n[White \"Иванов\"]\n\
         [Black \"Петров\"]\n[Result \"2-0\"]\n\n1. c3-d4 f6-g5 2. b2-c3 2-0\n\n\
         [Event \"Club championship\"]\n[Date \"2024.03.02\"]\n[White \"Sidorov\"]\n\
         [Black \"Иванова\"]\n[Result \"1-1\"]\n\n1. c3-b4 f6-e5 1-1\n\n\
         [Event \"Club championship\"]\n[White \"Broken\"]\n[Black \"Game\"]\n\
         [Result \"0-2\"]\n\n1. c3-d4 a7-c5 2. d4-h8 0-2\n\n\
         [Event \"Friendly\"]\n[White \"Smith\"]\n[Black \"Jones\"]\n[Result \"*\"]\n\n\
         1. e3-f4 b6-a5 *\n",
    )
    .unwrap();
    path
}

#[test]
fn a_file_of_several_games_opens_as_a_list_that_counts_the_unreadable_one() {
    let dir = test_dir("list");
    let path = collection_file(&dir);
    let mut app = two_players(None);
    command(&mut app, FileCommand::Load(path.clone()));
    let list = app.world().resource::<Collection>();
    assert!(list.shown);
    let numbers: Vec<usize> = list.visible().iter().map(|g| g.number).collect();
    assert_eq!(numbers, [1, 2, 4], "the broken third game is left out");
    assert_eq!(list.failed.len(), 1);
    assert_eq!(list.failed[0].game, 3);
    let first = &list.visible()[0];
    assert_eq!(
        (
            first.white.as_str(),
            first.black.as_str(),
            first.event.as_str()
        ),
        ("Иванов", "Петров", "Club championship")
    );
    assert_eq!((first.date.as_str(), first.moves), ("2024.03.01", 2));
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::GameList {
            file: "club.pdn".into(),
            games: 3,
            failed: 1
        }]
    );
    // Nothing was opened yet: the board still shows the game that was on it.
    assert!(record(&app).game().moves().is_empty());
    // The list covers the board: the board is not played meanwhile, and the reason is shown.
    let line = shashki_game::view::game_list::problems_line(list, &EN);
    assert!(
        line.starts_with("1 game could not be read: #3 (line ")
            && line.ends_with("move 1... a7-c5 is not legal in its position"),
        "{line}"
    );
    // From the command line: the same list.
    let options = shashki_game::Options {
        pdn: Some(path),
        ..Default::default()
    };
    let setup = Setup::from_options(&options);
    assert!(setup.collection.shown);
    assert_eq!(setup.collection.games.len(), 3);
    assert!(setup.record.game().moves().is_empty());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_file_picked_in_a_browser_opens_from_its_bytes_as_a_file_does() {
    let dir = test_dir("picked");
    let bytes = std::fs::read(collection_file(&dir)).unwrap();
    std::fs::remove_dir_all(dir).ok();
    let mut app = two_players(None);
    command(
        &mut app,
        FileCommand::Opened {
            name: "club.pdn".into(),
            bytes,
        },
    );
    let list = app.world().resource::<Collection>();
    assert!(list.shown);
    assert_eq!(list.games.len(), 3);
    assert_eq!(list.path.as_deref(), Some(std::path::Path::new("club.pdn")));
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::GameList {
            file: "club.pdn".into(),
            games: 3,
            failed: 1
        }]
    );
    // Bytes that are not PDN: the file's name and why, nothing opened.
    command(
        &mut app,
        FileCommand::Opened {
            name: "photo.pdn".into(),
            bytes: vec![0xff, 0xd8, 0xff],
        },
    );
    let lines = &app.world().resource::<Notice>().lines;
    assert!(
        matches!(lines.last(), Some(Say::BadPdn(name, _) | Say::NoGameIn(name)) if name == "photo.pdn"),
        "{lines:?}"
    );
    // On the desktop there is no file chooser: the notice asks for a path.
    command(&mut app, FileCommand::Pick);
    assert_eq!(
        app.world().resource::<Notice>().lines.last(),
        Some(&Say::TypePdnFirst)
    );
}

#[test]
fn the_list_filters_by_a_players_name_as_it_is_typed() {
    let dir = test_dir("filter");
    let path = collection_file(&dir);
    let mut app = two_players(None);
    command(&mut app, FileCommand::Load(path));
    let shown = |app: &App| -> Vec<usize> {
        app.world()
            .resource::<Collection>()
            .visible()
            .iter()
            .map(|g| g.number)
            .collect()
    };
    command(&mut app, ListCommand::Filter("и".into()));
    assert_eq!(shown(&app), [1, 2]);
    command(&mut app, ListCommand::Filter("ИВАНОВА".into()));
    assert_eq!(shown(&app), [2]);
    command(&mut app, ListCommand::Filter("nobody".into()));
    assert!(shown(&app).is_empty());
    command(&mut app, ListCommand::Filter(String::new()));
    assert_eq!(shown(&app), [1, 2, 4]);
    // The keys move the highlighted game within the games shown; a new filter starts at the top.
    let cursor = |app: &App| app.world().resource::<Collection>().cursor;
    command(&mut app, ListCommand::MoveCursor(1));
    assert_eq!(cursor(&app), 1);
    command(&mut app, ListCommand::MoveCursor(10));
    assert_eq!(cursor(&app), 2, "the last game shown");
    command(&mut app, ListCommand::MoveCursor(-10));
    assert_eq!(cursor(&app), 0);
    command(&mut app, ListCommand::MoveCursor(2));
    command(&mut app, ListCommand::Filter("smith".into()));
    assert_eq!((shown(&app), cursor(&app)), (vec![4], 0));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn choosing_a_game_opens_it_at_its_start_in_review() {
    let dir = test_dir("choose");
    let path = collection_file(&dir);
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, FileCommand::Load(path.clone()));
    // The fourth game of the file, the third read: unfinished, White to move at its end.
    command(&mut app, FileCommand::OpenGame(2));
    assert!(!app.world().resource::<Collection>().shown);
    assert_eq!(record(&app).game().moves().len(), 2);
    assert_eq!(record(&app).review(), Some(0), "shown at its start");
    assert_eq!(record(&app).shown_position(), &Position::start());
    assert!(matches!(
        app.world().resource::<Notice>().lines.as_slice(),
        [Say::ReviewingOpened { file, .. }] if file == "club.pdn #4"
    ));
    // Reviewed, not played: the engine waits, the moves step forward.
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert_eq!(record(&app).game().moves().len(), 2);
    command(&mut app, RecordCommand::ReviewForward);
    assert_eq!(record(&app).review(), Some(1));
    // Under a time control no clock runs for a game shown as its file holds it.
    let clock = Clocks::new(Some(TimeControl::new(5, 3)), 0);
    assert!(!shashki_game::core::clock::clock_runs(
        record(&app),
        &clock,
        false
    ));
    // The game copies with its own tags.
    let pdn = copy_text(CopyWhat::Pdn, record(&app), &OwnGames::default(), None);
    assert!(
        pdn.contains("[White \"Smith\"]") && pdn.contains("Friendly"),
        "{pdn}"
    );
    // "Play on" plays on against the engine from the position shown, the player taking
    // the side to move (Black).
    command(&mut app, RecordCommand::PlayFromHere);
    assert_eq!(record(&app).review(), None);
    assert_eq!(record(&app).game().moves().len(), 1);
    assert_eq!(record(&app).human_side(), Some(Color::Black));
    assert!(record(&app).tags().is_empty(), "the player's own game now");
    assert!(shashki_game::core::clock::clock_runs(
        record(&app),
        &clock,
        false
    ));
    // Back to the list, and the first game, finished.
    command(&mut app, ListCommand::Show(true));
    assert!(app.world().resource::<Collection>().shown);
    command(&mut app, FileCommand::OpenGame(0));
    assert_eq!(record(&app).review(), Some(0));
    assert_eq!(
        record(&app).outcome(),
        Outcome::Recorded(shashki::pdn::GameResult::WhiteWins)
    );
    // `--pdn FILE --game 2`: the second game of the file, at its start.
    let options = shashki_game::Options {
        pdn: Some(path),
        game: Some(2),
        ..Default::default()
    };
    let setup = Setup::from_options(&options);
    assert!(setup.problems.is_empty(), "{:?}", setup.problems);
    assert!(!setup.collection.shown);
    assert_eq!(setup.record.review(), Some(0));
    assert_eq!(
        setup
            .record
            .tags()
            .iter()
            .find(|t| t.0 == "White")
            .unwrap()
            .1,
        "Sidorov"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn saving_adds_the_game_to_the_players_own_games_with_its_tags() {
    let dir = test_dir("save");
    let mine = dir.join("data").join("my-games.pdn");
    let mut setup = setup_with(None, Controller::Human, Controller::Engine);
    setup.own_games = OwnGames {
        player: "Аня".into(),
        file: Some(mine.clone()),
    };
    setup.record.set_strength(Strength::Level(4));
    setup.clock = Some(TimeControl::new(5, 3));
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    command(&mut app, RecordCommand::PlayText("c3-d4".into()));
    command(&mut app, RecordCommand::Resign);
    command(&mut app, FileCommand::Save(None));
    command(&mut app, RecordCommand::NewGame(Mode::PlayWhite));
    command(&mut app, RecordCommand::Resign);
    command(&mut app, FileCommand::Save(None));
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::Saved(mine.display().to_string(), 2)]
    );
    let reading = shashki::pdn::read_bytes(&std::fs::read(&mine).unwrap());
    let games: Vec<_> = reading.read().collect();
    assert_eq!(games.len(), 2);
    for (name, value) in [
        ("White", "Аня"),
        ("Black", "shashki"),
        ("Result", "0-2"),
        ("Level", "4"),
        ("TimeControl", "300+3"),
        ("Event", "shashki game"),
    ] {
        assert_eq!(games[0].tag(name), Some(value), "{name}");
    }
    assert!(games[0].tag("Date").is_some_and(|d| d.len() == 10));
    assert_eq!(games[0].game.moves().len(), 1);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn typed_moves_are_played_and_bad_ones_are_refused_with_a_reason() {
    use shashki_game::text::TypedRefusal;
    let mut app = two_players(None);
    for (text, plies) in [("c3d4", 1), ("f6-g5", 2), ("21-17", 3)] {
        command(&mut app, RecordCommand::PlayText(text.into()));
        assert_eq!(record(&app).game().moves().len(), plies, "{text}");
    }
    assert!(app.world().resource::<Notice>().lines.is_empty());
    let refused = |app: &App| match app.world().resource::<Notice>().lines.as_slice() {
        [Say::TypedMove(_, why)] => Some(why.clone()),
        _ => None,
    };
    // An illegal move and a text that is not a move.
    command(&mut app, RecordCommand::PlayText("a7-a5".into()));
    assert_eq!(refused(&app), Some(TypedRefusal::Illegal));
    assert_eq!(record(&app).game().moves().len(), 3);
    // After c3-d4 f6-e5 White must take on e5: a quiet move is refused for that.
    let mut capture = two_players(None);
    command(&mut capture, RecordCommand::PlayText("c3-d4".into()));
    command(&mut capture, RecordCommand::PlayText("f6-e5".into()));
    command(&mut capture, RecordCommand::PlayText("g3-h4".into()));
    assert_eq!(refused(&capture), Some(TypedRefusal::MustCapture));
    command(&mut capture, RecordCommand::PlayText("d4:f6".into()));
    assert_eq!(record(&capture).game().moves().len(), 3);
    command(&mut app, RecordCommand::PlayText("hello".into()));
    assert_eq!(refused(&app), Some(TypedRefusal::NotAMove));
    assert!(app.world().resource::<Notice>().error);
    let text = app.world().resource::<Notice>().text(&RU);
    assert!(
        text.starts_with("Ход «hello» не сыгран: это не ход"),
        "{text}"
    );
    // A capture written with a colon.
    let mut app = two_players(Some("W:Wc3:Bd4"));
    command(&mut app, RecordCommand::PlayText("c3:e5".into()));
    assert_eq!(record(&app).game().moves().len(), 1);
    // A single square is not a move.
    let mut app = two_players(Some("W:WKd4:Bc5,e5"));
    command(&mut app, RecordCommand::PlayText("d4".into()));
    assert_eq!(refused(&app), Some(TypedRefusal::NotAMove));
    // While reviewing or on the engine's turn nothing is played.
    let mut app = two_players(None);
    command(&mut app, RecordCommand::PlayText("c3-d4".into()));
    command(&mut app, RecordCommand::ReviewStart);
    command(&mut app, RecordCommand::PlayText("f6-g5".into()));
    assert_eq!(refused(&app), Some(TypedRefusal::Reviewing));
    assert_eq!(record(&app).game().moves().len(), 1);
}

#[test]
fn an_ambiguous_typed_move_lists_the_candidates() {
    use shashki_game::text::TypedRefusal;
    // The short form `ef4` (from the e file to f4) fits the man on e3 and the king on e5.
    let mut app = two_players(Some("W:We3,Ke5:Ba7"));
    command(&mut app, RecordCommand::PlayText("ef4".into()));
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::TypedMove(
            "ef4".into(),
            TypedRefusal::Ambiguous("e3-f4, e5-f4".into())
        )]
    );
    assert!(record(&app).game().moves().is_empty());
}

#[test]
fn settings_are_saved_restored_and_a_broken_file_is_ignored() {
    let dir = test_dir("settings");
    let path = dir.join("config").join("settings.json");
    let mut setup = setup_with(None, Controller::Human, Controller::Engine);
    setup.settings_path = Some(path.clone());
    // As `--tablebase-url` gives it (no move is played here, so the service is never asked).
    setup.tablebase_url = Some("http://tables.local:9090".into());
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    command(&mut app, SetupCommand::Level(6));
    command(
        &mut app,
        SetupCommand::TimeControl(Some(TimeControl::new(15, 10))),
    );
    command(&mut app, SetupCommand::Flip);
    app.world_mut().write_message(SwitchLanguage(Lang::Ru));
    app.update();
    let (saved, problem) = shashki_game::core::settings::load(&path);
    assert_eq!(problem, None);
    assert_eq!(saved.language, Some(Lang::Ru));
    assert_eq!(saved.level, Some(6));
    assert_eq!(saved.time_control(), Some(Some(TimeControl::new(15, 10))));
    assert!(saved.board_turned);
    assert_eq!(
        saved.tablebase_url.as_deref(),
        Some("http://tables.local:9090")
    );
    assert_eq!(
        app.world().resource::<SettingsFile>().saved,
        saved,
        "what is in force is what the file holds"
    );
    // The next run starts with them; a flag given wins over its setting.
    let setup = Setup::from_options_and_settings(&Default::default(), saved.clone());
    assert_eq!(setup.lang, Lang::Ru);
    assert_eq!(setup.record.strength(), Strength::Level(6));
    assert_eq!(setup.clock, Some(TimeControl::new(15, 10)));
    assert_eq!(
        setup.tablebase_url.as_deref(),
        Some("http://tables.local:9090")
    );
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    assert!(
        app.world()
            .resource::<shashki_game::core::record::Orientation>()
            .flipped,
        "the board is turned as it was left"
    );
    let options = <shashki_game::Options as clap::Parser>::try_parse_from([
        "shashki-game",
        "--lang",
        "en",
        "--level",
        "2",
    ])
    .unwrap();
    let setup = Setup::from_options_and_settings(&options, saved);
    assert_eq!(setup.lang, Lang::En);
    assert_eq!(setup.record.strength(), Strength::Level(2));
    // A broken file: the defaults and a notice, no crash.
    std::fs::write(&path, "{\"language\": \"ru\", level: oops").unwrap();
    let (broken, problem) = shashki_game::core::settings::load(&path);
    assert_eq!(broken, Settings::default());
    let aside = path.with_extension("json.bad");
    assert!(
        matches!(&problem, Some(Say::SettingsIgnored(file, _)) if *file == aside.display().to_string()),
        "{problem:?}"
    );
    // Moved aside, not lost: the next save does not overwrite what was written by hand.
    assert!(!path.exists());
    assert!(std::fs::read_to_string(&aside).unwrap().contains("oops"));
    // No file yet: the defaults, no notice.
    let (missing, problem) = shashki_game::core::settings::load(&dir.join("none.json"));
    assert_eq!((missing, problem), (Settings::default(), None));
    std::fs::remove_dir_all(dir).ok();
}

/// Two players, Аня's own games kept in `mine`.
fn two_players_saving_to(mine: &std::path::Path) -> App {
    let mut setup = setup_with(None, Controller::Human, Controller::Human);
    setup.own_games = OwnGames {
        player: "Аня".into(),
        file: Some(mine.to_path_buf()),
    };
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    app
}

#[test]
fn saving_a_game_of_a_collection_never_writes_into_it_and_never_twice() {
    let dir = test_dir("save-collection");
    let club = collection_file(&dir);
    let before = std::fs::read_to_string(&club).unwrap();
    let mine = dir.join("my-games.pdn");
    let mut app = two_players_saving_to(&mine);
    command(&mut app, FileCommand::Load(club.clone()));
    command(&mut app, FileCommand::OpenGame(0));
    // The text field still offers the collection's name: that does not make it the target.
    command(&mut app, FileCommand::Save(Some(club.clone())));
    assert_eq!(
        std::fs::read_to_string(&club).unwrap(),
        before,
        "the collection was written"
    );
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::Saved(mine.display().to_string(), 1)]
    );
    // The same game again, on another day or after another game: not added twice.
    command(&mut app, RecordCommand::NewGame(Mode::TwoPlayers));
    command(&mut app, RecordCommand::PlayText("c3-d4".into()));
    command(&mut app, FileCommand::Save(None));
    command(&mut app, FileCommand::OpenGame(0));
    command(&mut app, FileCommand::Save(None));
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::Saved(mine.display().to_string(), 2)]
    );
    let saved = shashki::pdn::read_all(&std::fs::read_to_string(&mine).unwrap());
    assert_eq!(saved.games.len(), 2);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_finished_game_of_a_collection_is_shown_with_white_at_the_bottom() {
    use shashki_game::core::options::Options;
    use shashki_game::core::record::Orientation;
    let dir = test_dir("orientation");
    let club = collection_file(&dir);
    let flipped = |app: &App| app.world().resource::<Orientation>().flipped;
    // Game 1 has three plies (Black to move at its end), game 2 two.
    let mut app = two_players(None);
    command(&mut app, FileCommand::Load(club.clone()));
    for index in [0, 1, 0] {
        command(&mut app, FileCommand::OpenGame(index));
        assert!(!flipped(&app), "game {} upside down", index + 1);
        command(&mut app, RecordCommand::ReviewForward);
        assert!(!flipped(&app));
    }
    // The player turns the board: the next game keeps it turned.
    command(&mut app, SetupCommand::Flip);
    command(&mut app, FileCommand::OpenGame(1));
    assert!(flipped(&app));
    // From the command line, `--pdn FILE --game 1`.
    let options = Options {
        pdn: Some(club),
        game: Some(1),
        ..Options::default()
    };
    let mut setup = Setup::from_options(&options);
    setup.book = shashki::BookChoice::None;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    assert!(record(&app).review().is_some());
    assert!(!flipped(&app), "game 1 upside down from the command line");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_engine_agrees_no_draw_in_the_opening() {
    let mut app = app_with(None, Controller::Human, Controller::Engine);
    command(&mut app, EngineCommand::OfferDraw);
    assert_eq!(
        app.world().resource::<Notice>().lines,
        vec![Say::DrawTooEarly]
    );
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
    assert!(record(&app).ongoing(), "{:?}", record(&app).outcome());
    assert_eq!(app.world().resource::<Thinking>().purpose, None);
}

#[test]
fn the_first_window_fits_a_small_screen() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(shashki_game::view::window_fit::plugin);
    let window = spawn_first_window(&mut app);
    app.update();
    // No screen known yet: nothing changes.
    assert_eq!(app.world().get::<Window>(window).unwrap().width(), 1200.0);
    app.world_mut().spawn((
        bevy::window::Monitor {
            name: None,
            physical_height: 768,
            physical_width: 1024,
            physical_position: IVec2::ZERO,
            refresh_rate_millihertz: None,
            scale_factor: 1.0,
            video_modes: Vec::new(),
        },
        bevy::window::PrimaryMonitor,
    ));
    app.update();
    let fitted = app.world().get::<Window>(window).unwrap();
    assert_eq!((fitted.width(), fitted.height()), (942.0, 706.0));
}

#[test]
fn a_heading_gives_the_result_as_the_move_list_does() {
    let dir = test_dir("heading-result");
    let file = dir.join("one.pdn");
    std::fs::write(
        &file,
        "[White \"Ivanov\"]\n[Black \"Petrov\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-g5 1-0\n",
    )
    .unwrap();
    let mut app = two_players(None);
    command(&mut app, FileCommand::Load(file));
    assert_eq!(record(&app).result_text().as_deref(), Some("2-0"));
    assert_eq!(
        record(&app).file_heading().as_deref(),
        Some("Ivanov — Petrov · 2-0")
    );
}

#[test]
fn a_game_of_a_collection_keeps_its_heading_while_it_is_stepped_through() {
    let dir = test_dir("heading");
    let club = collection_file(&dir);
    let mut app = two_players(None);
    command(&mut app, FileCommand::Load(club));
    command(&mut app, FileCommand::OpenGame(0));
    let heading = Some("Иванов — Петров · Club championship · 2-0".to_string());
    assert_eq!(record(&app).file_heading(), heading);
    command(&mut app, RecordCommand::ReviewForward);
    command(&mut app, EngineCommand::Hint);
    assert_eq!(record(&app).file_heading(), heading);
    // Played on from a position, it is the player's own game.
    command(&mut app, RecordCommand::PlayFromHere);
    assert_eq!(record(&app).file_heading(), None);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_game_played_on_from_a_collection_is_saved_with_its_source() {
    let dir = test_dir("source");
    let club = collection_file(&dir);
    let mine = dir.join("my-games.pdn");
    let mut app = two_players_saving_to(&mine);
    command(&mut app, FileCommand::Load(club));
    command(&mut app, FileCommand::OpenGame(0));
    command(&mut app, RecordCommand::ReviewForward);
    command(&mut app, RecordCommand::PlayFromHere);
    command(&mut app, RecordCommand::Resign);
    command(&mut app, FileCommand::Save(None));
    let saved = shashki::pdn::read_all(&std::fs::read_to_string(&mine).unwrap());
    let game = saved.games[0].as_ref().unwrap();
    assert_eq!(
        game.tag("Source"),
        Some("Иванов — Петров · Club championship · 2-0, ply 1")
    );
    assert_eq!(game.tag("White"), Some("shashki"));
    // A new game is the player's own from its start: no source.
    command(&mut app, RecordCommand::NewGame(Mode::PlayWhite));
    assert_eq!(record(&app).source(), None);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn an_empty_tablebase_directory_is_named_in_the_players_language() {
    let dir = std::env::temp_dir().join(format!("shashki-game-empty-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut setup = setup_with(None, Controller::Human, Controller::Engine);
    setup.tablebases = Some(dir.clone());
    setup.lang = Lang::Ru;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    let lines = app.world().resource::<Notice>().lines.clone();
    assert_eq!(
        lines,
        [Say::NoTablebases(dir.display().to_string())],
        "{lines:?}"
    );
    let shown = app.world().resource::<Notice>().text(&RU);
    assert!(shown.starts_with("В папке"), "{shown}");
    assert!(!shown.contains("build them"), "{shown}");
    std::fs::remove_dir_all(dir).ok();
}

/// Bevy compiles its render pipelines on the `AsyncComputeTaskPool` (one thread on two cores):
/// a search there froze the window until it ended. The engine searches on its own thread, so
/// every thread of that pool stays free while the engine thinks.
#[test]
fn a_search_leaves_every_thread_of_bevys_async_pool_free() {
    use bevy::tasks::AsyncComputeTaskPool;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut app = app_with(None, Controller::Human, Controller::Human);
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().progress.depth >= 2
    });
    // One task per thread of the pool, each waiting until all have started.
    let pool = AsyncComputeTaskPool::get();
    let threads = pool.thread_num();
    let started = Arc::new(AtomicUsize::new(0));
    let tasks: Vec<_> = (0..threads)
        .map(|_| {
            let started = Arc::clone(&started);
            pool.spawn(async move {
                started.fetch_add(1, Ordering::SeqCst);
                let until = Instant::now() + Duration::from_secs(10);
                while started.load(Ordering::SeqCst) < threads && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(10);
    while started.load(Ordering::SeqCst) < threads && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    let all_started = started.load(Ordering::SeqCst);
    command(&mut app, EngineCommand::ToggleAnalysis);
    update_until(&mut app, |app| {
        app.world().resource::<Thinking>().purpose.is_none()
    });
    tasks.into_iter().for_each(bevy::tasks::block_on);
    assert_eq!(
        all_started, threads,
        "a pool thread was busy with the search"
    );
}
