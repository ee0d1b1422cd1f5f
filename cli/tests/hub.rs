//! Drives `shashki hub` as a subprocess through the handshake, a whole self-play game, an
//! analysis stopped by `stop`, pondering ended by `ponder-hit`, bad input, and `quit`.

mod common;

use std::process::{Child, Stdio};
use std::time::Duration;

use common::{ANSWER_TIMEOUT, HubEngine as Engine, read_lines};
use shashki::hub::{Line, write_position};
use shashki::{Game, GameStatus, Position};
/// A game longer than this many plies fails the test (the draw rules end games much sooner).
const MAX_PLIES: usize = 400;

/// Plays the `done` move of `line` in `game`, checking that it is legal.
fn play_done(game: &mut Game, line: &Line) {
    let text = line.get("move").expect("done carries a move");
    let mv = game
        .position()
        .parse_move(text)
        .unwrap_or_else(|e| panic!("engine move {text} is illegal: {e}"));
    game.play_past_draw(mv).expect("legal");
}

fn moves_text(game: &Game) -> String {
    game.move_texts(shashki::Notation::Hub).join(" ")
}

#[test]
fn hub_session_plays_a_whole_game() {
    let mut engine = Engine::start();
    engine.send("hub");
    let (_, lines) = engine.until("wait");
    assert!(
        lines[0].starts_with("id name=shashki version="),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("param name=variant value=russian"))
    );
    assert!(lines.iter().any(|l| l.starts_with("param name=hash")));
    for name in ["threads", "book", "book-file", "tb-dir"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("param name={name} "))),
            "{name}: {lines:?}"
        );
    }
    // The shipped opening book is on by default (issue 4).
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("param name=book ") && l.contains("value=true")),
        "{lines:?}"
    );
    engine.send("set-param name=hash value=8");
    // A book that cannot be loaded is reported, and the engine runs without it.
    engine.send("set-param name=book value=true");
    engine.send("set-param name=book-file value=\"/nonexistent dir/book.json\"");
    engine.send("init");
    engine.error_before("ready", "book");
    // After `init`, `set-param` takes effect at once: a book file that does not load is answered
    // with an `error` line now, not ignored until the next `init`.
    engine.send("set-param name=book-file value=\"/nonexistent dir/other.json\"");
    engine.send("ping");
    engine.error_before("pong", "other.json");
    engine.send("set-param name=book value=false");
    engine.send("init");
    let (_, before) = engine.until("ready");
    assert!(before.is_empty(), "{before:?}");
    engine.send("ping");
    assert_eq!(engine.next(), "pong");

    // Malformed lines get an error line and the session goes on; unknown commands are ignored.
    engine.send("pos moves=\"22-18");
    assert!(engine.next().starts_with("error message="));
    engine.send("pos pos=Wxyz");
    assert!(engine.next().starts_with("error message="));
    engine.send("frobnicate now");
    engine.send("ping");
    assert_eq!(engine.next(), "pong");

    // A whole game, the engine playing both sides at a small node budget.
    engine.send("new-game");
    let start = Position::start();
    let mut game = Game::new(start);
    while game.status() == GameStatus::Ongoing {
        assert!(game.moves().len() < MAX_PLIES, "game did not end");
        engine.send(&format!(
            "pos pos={} moves=\"{}\"",
            write_position(&start),
            moves_text(&game)
        ));
        engine.send("level nodes=3000");
        engine.send("go think");
        let (done, infos) = engine.until("done");
        assert!(infos.iter().all(|l| l.starts_with("info ")), "{infos:?}");
        play_done(&mut game, &done);
    }
    assert!(game.status().is_over());

    // Analysis runs until stop, then answers with a legal move.
    let mut game = Game::new(start);
    game.play_text("22-18").unwrap();
    engine.send(&format!("pos start moves=\"{}\"", moves_text(&game)));
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("ping");
    engine.send("pos start");
    engine.send("stop");
    let (done, before) = engine.until("done");
    assert!(before.iter().any(|l| l == "pong"), "{before:?}");
    assert!(
        before.iter().any(|l| l.starts_with("error message=")),
        "pos during a search is refused: {before:?}"
    );
    play_done(&mut game, &done);

    // Pondering ends after ponder-hit within the move time.
    engine.send("pos start");
    engine.send("level move-time=0.1");
    engine.send("go ponder");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("ponder-hit");
    let (done, _) = engine.until("done");
    play_done(&mut Game::default(), &done);

    // A position with no legal move: `done` without a move.
    engine.send(&format!("pos pos=Wb{}", "e".repeat(31)));
    engine.send("level depth=3");
    engine.send("go think");
    let (done, _) = engine.until("done");
    assert_eq!(done.get("move"), None);

    engine.send("quit");
    let status = engine.child.wait().expect("the engine exits");
    assert!(status.success());
}

/// A GUI that goes away (end of input) during a search only `stop` would end must not leave the
/// engine running forever: `level infinite` with `go think` counts as such a search.
#[test]
fn end_of_input_ends_an_infinite_search() {
    let mut engine = Engine::start();
    engine.send("hub");
    engine.until("wait");
    // Out of the opening book, so that the engine searches (and prints `info`) instead of
    // answering at once with a book move.
    engine.send("set-param name=book value=false");
    engine.send("init");
    engine.until("ready");
    engine.send("level infinite");
    engine.send("go think");
    engine.until("info");
    let Engine {
        mut child, stdin, ..
    } = engine;
    drop(stdin);
    let deadline = std::time::Instant::now() + ANSWER_TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the engine can be waited for") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the engine still runs after its input ended");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());
}

#[test]
fn hub_builds_missing_tablebases_in_the_background_and_uses_them() {
    let dir = std::env::temp_dir().join(format!("shashki-hub-tb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut engine = Engine::start_with(&["--tablebase-pieces", "3"], &dir, Stdio::piped());
    let stderr = engine.child.stderr.take().expect("stderr is piped");
    let errors = read_lines(stderr);
    engine.send("hub");
    engine.until("wait");
    engine.send("init");
    engine.until("ready");
    // The protocol keeps answering while the tables are built; the engine takes them once
    // complete, between two commands.
    let mut said = Vec::new();
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while !said.iter().any(|l: &String| l.contains("in use")) {
        assert!(std::time::Instant::now() < deadline, "{said:?}");
        engine.send("ping");
        engine.until("pong");
        said.extend(errors.try_iter());
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        said[0].contains("building them in the background"),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|l| l.contains("building endgame tablebases up to 3 pieces: ")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|l| l.contains("up to 3 pieces in ") && l.contains("in use")),
        "{said:?}"
    );
    assert_eq!(shashki::egtb::Tablebases::open(&dir).max_pieces(), 3);
    // A won 3-piece position is answered from the tables at once (no search, so no `info`
    // line), where the engine without tables searches.
    let infos_before_done = |engine: &mut Engine| {
        let position = Position::from_fen("W:WK29,K30:B5").expect("FEN");
        engine.send(&format!("pos pos={}", write_position(&position)));
        engine.send("level move-time=0.2");
        engine.send("go think");
        let (done, infos) = engine.until("done");
        assert!(done.get("move").is_some(), "{done:?}");
        engine.send("quit");
        let _ = engine.child.wait();
        infos.len()
    };
    assert_eq!(infos_before_done(&mut engine), 0);
    let mut without = Engine::start();
    without.send("hub");
    without.until("wait");
    without.send("init");
    without.until("ready");
    assert!(infos_before_done(&mut without) > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits for the engine to exit (killing it and failing after [`ANSWER_TIMEOUT`]).
fn wait_for_exit(mut child: Child) -> std::process::ExitStatus {
    let deadline = std::time::Instant::now() + ANSWER_TIMEOUT;
    loop {
        if let Some(status) = child.try_wait().expect("the engine can be waited for") {
            return status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the engine still runs {ANSWER_TIMEOUT:?} after `quit`");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// An engine out of its book (so that it searches), ready, with `level infinite`: only `stop`
/// ends its searches.
fn infinite_engine() -> Engine {
    let mut engine = Engine::start();
    engine.send("hub");
    engine.until("wait");
    engine.send("set-param name=book value=false");
    engine.send("init");
    engine.until("ready");
    engine.send("level infinite");
    engine
}

/// `stop` written together with `go` (one write, before the search thread can start) still ends
/// the search: the stop that arrives before the search starts is kept. The input stays open, so
/// only the `stop` can bring the `done`.
#[test]
fn stop_right_after_go_is_kept() {
    let mut engine = infinite_engine();
    for mode in ["think", "ponder", "analyze"] {
        engine.send(&format!("go {mode}\nstop"));
        let (done, _) = engine.until("done");
        assert!(done.get("move").is_some(), "go {mode}: {done:?}");
        // Exactly one `done`: the next answer is the `pong`.
        engine.send("ping");
        let (_, before) = engine.until("pong");
        assert!(
            before.iter().all(|line| !line.starts_with("done")),
            "go {mode}: a second done: {before:?}"
        );
    }
    engine.send("quit");
    assert!(wait_for_exit(engine.child).success());
}

/// `quit` written together with `go` ends the program (it used to hang with the search running).
#[test]
fn quit_right_after_go_ends_the_program() {
    let mut engine = infinite_engine();
    engine.send("go think\nquit");
    let Engine { child, stdin, .. } = engine;
    let status = wait_for_exit(child);
    drop(stdin);
    assert!(status.success());
}
