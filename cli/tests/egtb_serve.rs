//! `shashki egtb serve` as users run it: the program started on a loopback port over tables it
//! built, spoken to over TCP with plain HTTP/1.1 requests. Good positions get their value and
//! every move; bad requests a status and a reason; damaged tables are reported, never served;
//! raw garbage and a short load leave it answering.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use shashki::{Game, GameStatus, Move, Position};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn build_tables(dir: &Path, pieces: &str) {
    let status = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["egtb", "build", "--pieces", pieces, "--tablebases"])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("shashki runs");
    assert!(status.success(), "egtb build --pieces {pieces}");
}

/// The service on a free loopback port; killed when dropped.
struct Service {
    child: Child,
    addr: SocketAddr,
}

impl Service {
    fn start(dir: &Path) -> Service {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
            .args(["egtb", "serve", "--bind", "127.0.0.1:0", "--threads", "2"])
            .arg("--tablebases")
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("shashki egtb serve starts");
        let lines = common::read_lines(child.stdout.take().expect("piped"));
        let first = lines
            .recv_timeout(common::ANSWER_TIMEOUT)
            .expect("the service says where it listens");
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {first:?}"));
        Service { child, addr }
    }

    /// Sends `request` as it is and returns the status and body of the answer (`None` if the
    /// service closed the connection without one).
    fn raw(&self, request: &[u8]) -> Option<(u16, String)> {
        let mut stream = TcpStream::connect(self.addr).expect("connects");
        stream
            .set_read_timeout(Some(common::ANSWER_TIMEOUT))
            .expect("timeout");
        // The service may close early on garbage: a failed write is an answer too. (No
        // half-close: the service takes a client that stops sending as gone.)
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let text = String::from_utf8_lossy(&answer).into_owned();
        let status = text.split(' ').nth(1)?.parse().ok()?;
        let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
        Some((status, body))
    }

    fn get(&self, target: &str) -> (u16, Value) {
        let request = format!("GET {target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
        let (status, body) = self.raw(request.as_bytes()).expect("an answer");
        let json = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{body:?}: {e}"));
        (status, json)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_service_answers_positions_bad_requests_garbage_and_a_short_load() {
    let dir = scratch("tables");
    build_tables(&dir, "3");
    let service = Service::start(&dir);

    // A won position (two kings against one), numeric FEN percent-encoded.
    let (status, json) = service.get("/?fen=W%3AWK1%2CK2%3AB20");
    assert_eq!(status, 200, "{json}");
    assert_eq!(json["pieces"], 3);
    let moves = json["moves"].as_array().expect("moves");
    assert!(!moves.is_empty());
    assert_eq!(json["wdl"], moves[0]["wdl"], "the best move first: {json}");
    assert_eq!(json["plies"], moves[0]["plies"]);
    // The same position with algebraic squares, on /russian.
    let (status, again) = service.get("/russian?fen=W:Wka1,kc1:Bd2");
    assert_eq!(status, 200, "{again}");
    // Black to move: answered from the colour-flipped table.
    let (status, black) = service.get("/?fen=B:WK1,K2:B20");
    assert_eq!(status, 200, "{black}");

    // Bad requests: a status and a reason, never a crash.
    for (target, expected) in [
        ("/?fen=W:W99:B1", 400),
        ("/?fen=nonsense", 400),
        ("/", 400),
        ("/?fen=W:W21,22,23:B10", 404),
        ("/nowhere", 404),
    ] {
        let (status, json) = service.get(target);
        assert_eq!(status, expected, "{target}: {json}");
        assert!(json["error"].as_str().is_some_and(|r| !r.is_empty()));
    }
    let (status, body) = service
        .raw(b"POST /?fen=W:WK1:B20 HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
        .expect("an answer");
    assert_eq!(status, 405, "{body}");
    let long = format!("/?fen={}", "9".repeat(4000));
    assert_eq!(service.get(&long).0, 414);

    // An oversized head and an unreadable one: hyper's own replies, with a JSON reason too.
    for (request, expected) in [
        (
            format!(
                "GET /?fen=W:WK1:B20 HTTP/1.1\r\nX: {}\r\n\r\n",
                "a".repeat(20 << 10)
            ),
            431,
        ),
        ("GET / HTTP/1.1\r\nBad Header\r\n\r\n".to_string(), 400),
    ] {
        let (status, body) = service.raw(request.as_bytes()).expect("an answer");
        assert_eq!(status, expected, "{body}");
        let json: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{body:?}: {e}"));
        assert!(
            json["error"].as_str().is_some_and(|r| !r.is_empty()),
            "{json}"
        );
    }

    // Garbage and an oversized head: answered with an error or the connection closed.
    for garbage in [
        b"\x00\x01\x02 not http at all\r\n\r\n".to_vec(),
        b"GET\r\n\r\n".to_vec(),
        format!(
            "GET /?fen=W:WK1:B20 HTTP/1.1\r\nX: {}\r\n\r\n",
            "a".repeat(64 << 10)
        )
        .into_bytes(),
    ] {
        if let Some((status, body)) = service.raw(&garbage) {
            assert!((400..500).contains(&status), "garbage answered {status}");
            assert!(
                body.contains("\"error\""),
                "garbage answered {status} {body:?}"
            );
        }
    }

    // A short load from four clients at once: every answer right.
    let workers: Vec<_> = (0..4)
        .map(|_| {
            let addr = service.addr;
            std::thread::spawn(move || {
                let client = Service::client(addr);
                (0..50)
                    .filter(|_| client.get("/?fen=W:WK1,K2:B20").0 == 200)
                    .count()
            })
        })
        .collect();
    let answered: usize = workers.into_iter().map(|w| w.join().expect("joins")).sum();
    assert_eq!(answered, 200);
    assert_eq!(service.get("/status").0, 200, "still serving");
    let _ = std::fs::remove_dir_all(&dir);
}

impl Service {
    /// A client of a service started elsewhere (no process of its own to stop).
    fn client(addr: SocketAddr) -> Client {
        Client { addr }
    }
}

struct Client {
    addr: SocketAddr,
}

impl Client {
    fn get(&self, target: &str) -> (u16, Value) {
        let mut stream = TcpStream::connect(self.addr).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        let request = format!("GET {target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).expect("writes");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or("null");
        (status, serde_json::from_str(body).unwrap_or(Value::Null))
    }
}

#[test]
fn damaged_tables_are_reported_and_never_served() {
    let dir = scratch("damaged");
    build_tables(&dir, "3");
    // One file with a damaged header (refused when opened), one with a damaged block (refused
    // when the block is read).
    let header = dir.join("KK-K.shtb");
    let mut bytes = std::fs::read(&header).expect("KK-K.shtb");
    bytes[20] ^= 0x55;
    std::fs::write(&header, bytes).expect("writes");
    let block = dir.join("KM-K.shtb");
    let mut bytes = std::fs::read(&block).expect("KM-K.shtb");
    let last = bytes.len() - 3;
    bytes[last] ^= 0xFF;
    std::fs::write(&block, bytes).expect("writes");
    let service = Service::start(&dir);
    let (status, json) = service.get("/?fen=W:WK1,K2:B20");
    assert_eq!(status, 503, "{json}");
    assert!(
        json["error"].as_str().is_some_and(|r| r.contains("KK-K")),
        "{json}"
    );
    // A position of KM-K in its last block, the damaged one.
    let material: shashki::egtb::Material = "KM-K".parse().expect("material");
    let last = (0..shashki::egtb::slot_count(material))
        .rev()
        .find_map(|i| shashki::egtb::slot_position(material, i))
        .expect("a position");
    let target = format!("/?fen={}", last.to_fen());
    let (status, json) = service.get(&target);
    assert_eq!(status, 503, "{target}: {json}");
    assert!(
        json["error"]
            .as_str()
            .is_some_and(|r| r.contains("damaged")),
        "{json}"
    );
    let (status, json) = service.get("/status");
    assert_eq!(status, 200);
    assert!(json["not_served"].to_string().contains("KK-K"), "{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_of_wdl_tables_is_served_without_plies() {
    let full = scratch("wdl-full");
    let wdl = scratch("wdl-only");
    build_tables(&full, "3");
    let derive = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["egtb", "wdl", "--tablebases"])
        .arg(&full)
        .arg("--out")
        .arg(&wdl)
        .output()
        .expect("runs");
    assert!(derive.status.success());
    let with_plies = Service::start(&full);
    let without = Service::start(&wdl);
    for fen in ["W:WK1,K2:B20", "B:WK1,K2:B20", "W:W22:B10", "B:WK30:B5,6"] {
        let target = format!("/?fen={fen}");
        let (status, exact) = with_plies.get(&target);
        assert_eq!(status, 200, "{exact}");
        let (status, json) = without.get(&target);
        assert_eq!(status, 200, "{json}");
        assert_eq!(json["wdl"], exact["wdl"], "{fen}");
        assert!(json["plies"].is_null(), "{json}");
        // Every move's result agrees; the best first by result.
        let results = |j: &Value| -> Vec<(String, String)> {
            let mut all: Vec<(String, String)> = j["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| (m["move"].to_string(), m["wdl"].to_string()))
                .collect();
            all.sort();
            all
        };
        assert_eq!(results(&json), results(&exact), "{fen}");
        assert_eq!(json["moves"][0]["wdl"], exact["moves"][0]["wdl"], "{fen}");
    }
    let (_, status) = without.get("/status");
    assert_eq!(status["wdl"]["max_pieces"], 3, "{status}");
    let _ = std::fs::remove_dir_all(&full);
    let _ = std::fs::remove_dir_all(&wdl);
}

/// The service's value of `position` (`wdl`, `plies`) and its best move.
fn service_best(service: &Service, position: &Position) -> (Value, Value, Move) {
    let fen: String = position.to_fen().replace(':', "%3A").replace(',', "%2C");
    let (status, json) = service.get(&format!("/?fen={fen}"));
    assert_eq!(status, 200, "{json}");
    let best = json["moves"][0]["numeric"].as_str().expect("a best move");
    let mv = position.parse_move(best).expect("a legal move");
    (json["wdl"].clone(), json["plies"].clone(), mv)
}

#[test]
fn the_hub_engine_plays_a_services_wins_to_the_ply() {
    let dir = scratch("hub");
    build_tables(&dir, "3");
    let service = Service::start(&dir);
    let url = format!("http://{}", service.addr);
    // No local tables, and a search of one node a move: only the service's answers
    // win in exactly the plies the tables say against the tables' longest defence.
    let nowhere = scratch("hub-no-local-tables");
    let mut hub = common::HubEngine::start_with(
        &["--tablebase-pieces", "0", "--tablebase-url", &url],
        &nowhere,
        Stdio::inherit(),
    );
    hub.send("hub");
    let (_, params) = hub.until("wait");
    assert!(
        params
            .iter()
            .any(|l| l.starts_with("param name=tb-url ") && l.contains(&url)),
        "{params:?}"
    );
    hub.send("init");
    hub.until("ready");
    hub.send("level nodes=1");
    let start: Position = "W:WK1,K2:B28".parse().unwrap();
    let (wdl, plies, _) = service_best(&service, &start);
    assert_eq!(wdl, "win");
    let plies = plies.as_u64().expect("plies") as usize;
    assert!(plies >= 5, "{plies}");
    let mut game = Game::new(start);
    while game.status() == GameStatus::Ongoing && game.moves().len() <= plies {
        let position = *game.position();
        let mv = if position.side_to_move() == shashki::Color::White {
            hub.send(&format!(
                "pos pos={}",
                shashki::hub::write_position(&position)
            ));
            hub.send("go think");
            let (done, _) = hub.until("done");
            let text = done.get("move").expect("a move");
            position.parse_move(text).expect("a legal move")
        } else {
            service_best(&service, &position).2
        };
        game.play(mv).expect("legal");
    }
    assert_eq!(
        (game.status(), game.moves().len()),
        (
            GameStatus::Won {
                winner: shashki::Color::White,
                reason: shashki::WinReason::NoLegalMove
            },
            plies
        ),
        "{:?}",
        game.move_texts(shashki::Notation::Algebraic)
    );

    // A service that does not answer is reported, and the engine searches instead.
    hub.send("set-param name=tb-url value=http://127.0.0.1:1");
    hub.send("init");
    hub.until("ready");
    hub.send(&format!("pos pos={}", shashki::hub::write_position(&start)));
    hub.send("go think");
    hub.error_before("done", "127.0.0.1:1");
    // A URL that is not one is reported when set.
    hub.send("set-param name=tb-url value=ftp://tables");
    hub.send("init");
    hub.error_before("ready", "ftp://tables");
    hub.send("quit");
    let _ = std::fs::remove_dir_all(&dir);
}
