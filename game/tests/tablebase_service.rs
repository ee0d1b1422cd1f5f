//! The game with a tablebase service instead of a directory (`--tablebase-url`), headless,
//! against a real `shashki egtb serve` on a loopback port over tables it built: the engine plays
//! the service's winning move as a tablebase move; a service that is not there, or a URL that is
//! not a service's, is told to the player in their language and play goes on.
//!
//! The `shashki` program is `SHASHKI_BIN`, else the one `cargo test --workspace` builds beside
//! this test (`target/debug/shashki`), built with `cargo build -p shashki-cli` if missing.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use shashki::{Game, Position};
use shashki_game::core::notice::Notice;
use shashki_game::core::record::{Controller, GameRecord, MoveLabel, Players, Strength};
use shashki_game::text::{EN, Lang, RU, Say, ServiceFault};
use shashki_game::{CorePlugin, Setup};
use shashki_tablebase_client::TablebaseService;

const PATIENCE: Duration = Duration::from_secs(30);

/// The `shashki` program.
fn shashki_program() -> PathBuf {
    if let Some(given) = std::env::var_os("SHASHKI_BIN") {
        return PathBuf::from(given);
    }
    // target/debug/deps/tablebase_service-… → target/debug/shashki
    let exe = std::env::current_exe().expect("the test's own path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the target directory");
    let program = dir.join(format!("shashki{}", std::env::consts::EXE_SUFFIX));
    if !program.is_file() {
        let status = Command::new(env!("CARGO"))
            .args(["build", "-p", "shashki-cli", "--bin", "shashki"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build -p shashki-cli");
    }
    program
}

/// `shashki egtb serve` over 3-piece tables built in a scratch directory; killed when dropped.
struct Service {
    child: Child,
    url: String,
    dir: PathBuf,
}

impl Service {
    fn start() -> Service {
        let program = shashki_program();
        let dir = std::env::temp_dir().join(format!("shashki-game-service-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let built = Command::new(&program)
            .args(["egtb", "build", "--pieces", "3", "--tablebases"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("shashki runs");
        assert!(built.success(), "egtb build --pieces 3");
        let mut child = Command::new(&program)
            .args(["egtb", "serve", "--bind", "127.0.0.1:0", "--threads", "1"])
            .arg("--tablebases")
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("shashki egtb serve starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut first)
            .expect("the service says where it listens");
        let address = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {first:?}"));
        Service {
            child,
            url: format!("http://{address}"),
            dir,
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The engine plays White from `fen` at its full strength, no local tables, asking `url`.
fn engine_game(fen: &str, url: &str, lang: Lang) -> App {
    let setup = Setup {
        record: GameRecord::new(
            Game::from_fen(fen).unwrap(),
            Players {
                white: Controller::Engine,
                black: Controller::Human,
            },
            Strength::MoveTime(Duration::from_millis(40)),
        ),
        book: shashki::BookChoice::None,
        tablebases: None,
        tablebase_url: Some(url.to_string()),
        lang,
        ..Setup::default()
    };
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(CorePlugin { setup });
    app.update();
    app
}

fn record(app: &App) -> &GameRecord {
    app.world().resource::<GameRecord>()
}

fn until_the_engine_has_moved(app: &mut App) {
    let start = Instant::now();
    while record(app).game().moves().is_empty() {
        assert!(start.elapsed() < PATIENCE, "the engine did not move");
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

#[test]
fn the_engine_plays_the_services_winning_move_as_a_tablebase_move() {
    let service = Service::start();
    // Two kings against a man: won; the game has no tables of its own.
    let fen = "W:WK1,K2:B28";
    let mut app = engine_game(fen, &service.url, Lang::En);
    until_the_engine_has_moved(&mut app);
    let position: Position = fen.parse().unwrap();
    let answer = TablebaseService::new(&service.url)
        .unwrap()
        .probe(&position)
        .unwrap()
        .expect("the service holds 3 pieces");
    assert_eq!(record(&app).game().moves()[0], answer.moves[0].0);
    assert_eq!(record(&app).labels()[0], Some(MoveLabel::Tablebase));
    let notice = app.world().resource::<Notice>();
    assert!(!notice.error, "{}", notice.text(&EN));
}

#[test]
fn a_service_that_is_not_there_is_told_in_the_players_language_and_the_engine_plays_on() {
    // A port that was free a moment ago: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}");
    let mut app = engine_game("W:WK1,K2:B28", &url, Lang::Ru);
    until_the_engine_has_moved(&mut app);
    // The search played instead: a legal move, no tablebase label.
    assert_eq!(record(&app).labels()[0], None);
    let notice = app.world().resource::<Notice>();
    assert!(notice.error);
    assert!(
        notice.lines.iter().any(|say| matches!(
            say,
            Say::TablebaseService { url: u, fault: ServiceFault::Unreachable(_) } if *u == url
        )),
        "{:?}",
        notice.lines
    );
    let shown = notice.text(&RU);
    assert!(
        shown.contains("Сервис баз окончаний") && shown.contains("нет связи"),
        "{shown}"
    );
}

#[test]
fn a_url_that_is_not_a_services_is_a_notice_at_start() {
    let app = engine_game("W:WK1,K2:B28", "https://tables.example", Lang::Ru);
    let lines = &app.world().resource::<Notice>().lines;
    assert!(
        lines.iter().any(|say| matches!(
            say,
            Say::TablebaseService {
                fault: ServiceFault::BadUrl(_),
                ..
            }
        )),
        "{lines:?}"
    );
    assert!(
        app.world()
            .resource::<Notice>()
            .text(&RU)
            .contains("это не адрес сервиса")
    );
}
