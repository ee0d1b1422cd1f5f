//! `shashki egtb serve`: the tables of one directory as an HTTP JSON service, in the manner of
//! lichess's tablebase API, so that one machine's tables serve many players.
//!
//! `GET /?fen=FEN` (also `/russian?fen=`): the result for the side to move, the plies to the end
//! with best play where the full tables know them (the WDL tables of the same directory answer
//! for the materials without a full table, without plies), and every legal move with its own result for the side that plays it, best
//! first. `GET /status`: what the directory holds and which files were refused. The answer is a
//! pure function of the tables and the request target ([`answer`], tested on its own); the
//! rest is hyper's HTTP/1 server on a small tokio runtime. Bounds: at most `max_connections`
//! connections at once (the next wait in the kernel's queue), request heads of at most 16 KiB
//! and a target of at most [`MAX_TARGET`] bytes, 10 s to send a request's head; bodies are
//! never read. Bad requests get a status and `{"error": "..."}`: 400 for a bad or missing FEN,
//! 404 for a position the tables do not hold (too many pieces, a table not there), 503 for a
//! table that is there but damaged (refused when the directory was opened, or a block that
//! fails its checksum), 405 for another method, 414 for a target too long; the replies hyper
//! writes itself (400 for a head it cannot parse, 431 for a head over 16 KiB) get their JSON
//! reason from `error_replies`.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use serde_json::{Value, json};
use shashki::egtb::{Material, Tablebases, TbError, Wdl, WdlTables};
use shashki::{Color, Notation, Position};

use super::error_replies::JsonErrors;
use crate::cli_error::CliError;

/// Longest request target (path and query) answered: a FEN of every square fits many times.
pub const MAX_TARGET: usize = 2048;
/// Largest request head hyper buffers (its minimum is 8 KiB).
const MAX_HEAD: usize = 16 << 10;
/// Time a client has to send a request's head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How the service runs.
#[derive(Clone, Copy, Debug)]
pub struct ServeOptions {
    /// Address and port to listen on.
    pub bind: SocketAddr,
    /// Threads answering requests.
    pub threads: usize,
    /// Connections served at once.
    pub max_connections: usize,
}

/// An answer: the HTTP status and the JSON body.
#[derive(Debug)]
pub struct Reply {
    /// HTTP status code.
    pub status: u16,
    /// JSON body.
    pub body: Value,
}

impl Reply {
    fn ok(body: Value) -> Reply {
        Reply { status: 200, body }
    }

    fn error(status: u16, reason: impl std::fmt::Display) -> Reply {
        Reply {
            status,
            body: json!({ "error": reason.to_string() }),
        }
    }
}

/// Opens `dir` and serves it until the process is stopped.
///
/// # Errors
/// The directory holds no usable table, the address cannot be bound, or the runtime cannot start.
pub fn serve(dir: &Path, options: ServeOptions) -> Result<(), CliError> {
    let tables = Tablebases::open(dir).with_wdl(WdlTables::open(dir));
    if covered(&tables) == 0 {
        return Err(super::no_tables(dir, &tables));
    }
    for problem in problems(&tables) {
        errln!("warning: not served: {problem}");
    }
    let tables = Arc::new(tables);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.threads.max(1))
        .thread_name("shashki-serve")
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the service's threads: {e}")))?;
    runtime.block_on(run(tables, dir, options))
}

async fn run(tables: Arc<Tablebases>, dir: &Path, options: ServeOptions) -> Result<(), CliError> {
    let listener = tokio::net::TcpListener::bind(options.bind)
        .await
        .map_err(|e| CliError::input(format!("--bind {}: {e}", options.bind)))?;
    let local = listener
        .local_addr()
        .map_err(|e| CliError::failure(format!("--bind {}: {e}", options.bind)))?;
    // The first line tells scripts (and the tests) where to connect, also with port 0.
    crate::output::write_stdout(&format!(
        "serving the tables of {} (up to {} pieces) on http://{local}/?fen=FEN\n",
        dir.display(),
        covered(&tables)
    ))?;
    let slots = Arc::new(tokio::sync::Semaphore::new(options.max_connections.max(1)));
    loop {
        let Ok(permit) = Arc::clone(&slots).acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: wait a little rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let tables = Arc::clone(&tables);
        tokio::spawn(async move {
            let service = service_fn(move |request: Request<Incoming>| {
                let reply = respond(&tables, &request);
                async move { Ok::<_, std::convert::Infallible>(reply) }
            });
            // A client that closes early or sends garbage ends its own connection only.
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .max_buf_size(MAX_HEAD)
                .serve_connection(TokioIo::new(JsonErrors::new(stream, MAX_HEAD)), service)
                .await;
            drop(permit);
        });
    }
}

/// The HTTP response to `request`.
fn respond(tables: &Tablebases, request: &Request<Incoming>) -> Response<Full<Bytes>> {
    let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let reply = if request.method() != Method::GET && request.method() != Method::HEAD {
        Reply::error(
            405,
            format!("method {}: only GET is served", request.method()),
        )
    } else {
        answer(tables, target)
    };
    let mut body = reply.body.to_string();
    body.push('\n');
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() =
        StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    response.headers_mut().insert(
        hyper::header::ACCESS_CONTROL_ALLOW_ORIGIN,
        hyper::header::HeaderValue::from_static("*"),
    );
    response
}

/// The answer to a request for `target` (path and query string).
#[must_use]
pub fn answer(tables: &Tablebases, target: &str) -> Reply {
    if target.len() > MAX_TARGET {
        return Reply::error(
            414,
            format!(
                "request target of {} bytes, longer than {MAX_TARGET}",
                target.len()
            ),
        );
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    match path {
        "/" | "/russian" => {}
        "/status" => return status(tables),
        _ => {
            return Reply::error(
                404,
                format!("no such endpoint: {path}; ask GET /?fen=FEN or GET /status"),
            );
        }
    }
    let mut fen = None;
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        if key == "fen" {
            fen = Some(value.into_owned());
        }
    }
    let Some(fen) = fen else {
        return Reply::error(400, "missing the fen parameter: ask GET /?fen=FEN");
    };
    let position: Position = match fen.parse() {
        Ok(position) => position,
        Err(error) => return Reply::error(400, format!("fen {fen:?}: {error}")),
    };
    if position
        .pieces(position.side_to_move().opposite())
        .is_empty()
    {
        return Reply::error(
            400,
            format!("fen {fen:?}: the side not to move has no pieces: the game is over"),
        );
    }
    let pieces = position.piece_count();
    let material = Material::of(&white_to_move(&position));
    let Some(value) = value_of(tables, &position) else {
        return unknown(tables, material, pieces);
    };
    let mut moves: Vec<(Option<TbValue>, Value)> = position
        .legal_moves()
        .iter()
        .map(|mv| {
            let after = position.play_unchecked(mv);
            // The reply's value is the opponent's: turned to the mover's.
            let ours = if after.pieces(after.side_to_move()).is_empty() {
                Some((Wdl::Win, Some(1)))
            } else {
                value_of(tables, &after).map(|(wdl, plies)| match wdl {
                    Wdl::Draw => (Wdl::Draw, None),
                    Wdl::Win => (Wdl::Loss, plies.map(|p| p + 1)),
                    Wdl::Loss => (Wdl::Win, plies.map(|p| p + 1)),
                })
            };
            let json = json!({
                "move": position.write_move(mv, Notation::Algebraic),
                "numeric": position.write_move(mv, Notation::Numeric),
                "wdl": ours.map(|(wdl, _)| wdl.to_string()),
                "plies": ours.and_then(|(_, plies)| plies),
            });
            (ours, json)
        })
        .collect();
    moves.sort_by_key(|(value, _)| rank(*value));
    Reply::ok(json!({
        "fen": position.to_fen(),
        "pieces": pieces,
        "material": material.to_string(),
        "wdl": value.0.to_string(),
        "plies": value.1,
        "moves": moves.into_iter().map(|(_, json)| json).collect::<Vec<_>>(),
    }))
}

/// A result for the side to move and, when the full tables know it, the plies to the end
/// (`None` for a draw and for a WDL table's answer).
type TbValue = (Wdl, Option<u16>);

/// The value of `position`: from its full table, else from the WDL tables.
fn value_of(tables: &Tablebases, position: &Position) -> Option<TbValue> {
    match tables.probe(position) {
        Some(entry) => Some((
            entry.wdl,
            (entry.wdl != Wdl::Draw).then_some(entry.distance),
        )),
        None => tables.probe_wdl(position).map(|wdl| (wdl, None)),
    }
}

/// Sort key of a move's value for its mover, best first: the fastest win, a win of unknown
/// length, draws, a loss of unknown length, the longest loss, then moves the tables do not know.
fn rank(value: Option<TbValue>) -> (u8, i32) {
    match value {
        Some((Wdl::Win, Some(plies))) => (0, i32::from(plies)),
        Some((Wdl::Win, None)) => (1, 0),
        Some((Wdl::Draw, _)) => (2, 0),
        Some((Wdl::Loss, None)) => (3, 0),
        Some((Wdl::Loss, Some(plies))) => (4, -i32::from(plies)),
        None => (5, 0),
    }
}

/// The largest piece count every table of which is served, full or WDL.
fn covered(tables: &Tablebases) -> u32 {
    tables
        .max_pieces()
        .max(tables.wdl().map_or(0, WdlTables::max_pieces))
}

/// The files of either kind that were refused.
fn problems(tables: &Tablebases) -> impl Iterator<Item = &TbError> {
    tables
        .problems()
        .iter()
        .chain(tables.wdl().into_iter().flat_map(WdlTables::problems))
}

/// The position with White to move (tables are indexed so).
fn white_to_move(position: &Position) -> Position {
    if position.side_to_move() == Color::White {
        *position
    } else {
        position.flipped()
    }
}

/// Why a position with a legal FEN has no value: too many pieces, a table missing or damaged.
fn unknown(tables: &Tablebases, material: Material, pieces: u32) -> Reply {
    let name = material.file_name();
    let wdl_name = shashki::egtb::wdl_file_name(material);
    if let Some(problem) = problems(tables)
        .find(|p| p.to_string().contains(&name) || p.to_string().contains(&wdl_name))
    {
        return Reply::error(503, format!("table {material} is not served: {problem}"));
    }
    if tables.has(material)
        || tables
            .wdl()
            .is_some_and(|w| w.materials().contains(&material))
    {
        return Reply::error(
            503,
            format!("table {material}: a block fails its checksum; the file is damaged"),
        );
    }
    if pieces > covered(tables) {
        return Reply::error(
            404,
            format!(
                "{pieces} pieces: the tables hold positions of up to {} pieces",
                covered(tables)
            ),
        );
    }
    Reply::error(404, format!("no table for {material} ({name})"))
}

fn status(tables: &Tablebases) -> Reply {
    Reply::ok(json!({
        "max_pieces": covered(tables),
        "full": {
            "max_pieces": tables.max_pieces(),
            "tables": tables.materials().len(),
            "bytes": tables.stored_bytes(),
        },
        "wdl": {
            "max_pieces": tables.wdl().map_or(0, WdlTables::max_pieces),
            "tables": tables.wdl().map_or(0, |w| w.materials().len()),
            "bytes": tables.wdl().map_or(0, WdlTables::stored_bytes),
        },
        "not_served": problems(tables).map(ToString::to_string).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> Tablebases {
        shashki::egtb::build(
            shashki::egtb::BuildOptions {
                max_pieces: 3,
                ..Default::default()
            },
            &|_| {},
        )
        .expect("3-piece tables build")
    }

    #[test]
    fn a_position_gets_its_value_and_every_move_best_first() {
        let tables = tables();
        // Two White kings against one Black king: answered; moves sorted best first.
        let reply = answer(&tables, "/?fen=W%3AWK1%2CK2%3AB20");
        assert_eq!(reply.status, 200, "{}", reply.body);
        let moves = reply.body["moves"].as_array().expect("moves");
        let position: Position = "W:WK1,K2:B20".parse().expect("fen");
        assert_eq!(moves.len(), position.legal_moves().len());
        let ranks: Vec<(u8, i32)> = moves
            .iter()
            .map(|m| {
                let wdl = m["wdl"].as_str().expect("known");
                let plies = m["plies"].as_i64().unwrap_or(0) as i32;
                match wdl {
                    "win" => (0, plies),
                    "draw" => (1, 0),
                    _ => (2, -plies),
                }
            })
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
        // The position's value is its best move's.
        assert_eq!(reply.body["wdl"], moves[0]["wdl"]);
        assert_eq!(reply.body["plies"], moves[0]["plies"]);
        // Algebraic FEN, '+' for a space and the /russian path give the same answer.
        let again = answer(&tables, "/russian?fen=W:Wka1,kc1:Bd2+");
        assert_eq!(again.status, 200, "{}", again.body);
    }

    #[test]
    fn bad_requests_get_a_status_and_a_reason() {
        let tables = tables();
        for (target, status, words) in [
            ("/?fen=W:W99:B1", 400, "fen"),
            ("/?fen=", 400, "fen"),
            ("/", 400, "missing the fen"),
            ("/?fen=%ZZ", 400, "fen"),
            ("/?fen=W:W21,22,23:B10", 404, "4 pieces"),
            ("/?fen=W:W20:B", 400, "game is over"),
            ("/elsewhere", 404, "no such endpoint"),
        ] {
            let reply = answer(&tables, target);
            assert_eq!(reply.status, status, "{target}: {}", reply.body);
            let reason = reply.body["error"].as_str().expect("a reason");
            assert!(reason.contains(words), "{target}: {reason}");
        }
        let long = format!("/?fen={}", "1".repeat(MAX_TARGET));
        assert_eq!(answer(&tables, &long).status, 414);
        assert_eq!(answer(&tables, "/status").status, 200);
    }
}
