//! # shashki-tablebase-client — a client of the shashki tablebase service
//!
//! The answer of `shashki egtb serve` (its JSON API: `cli/src/commands/egtb/egtb_serve.rs`) for a
//! position, for the programs that have no tables of their own but know a machine that has: the
//! CLI's Hub engine (`tb-url`) and the desktop game (`--tablebase-url`). One crate, so both use
//! the same client and the library `shashki` gains no HTTP.
//!
//! [`TablebaseService::new`] checks the URL once (`http://HOST:PORT[/PATH]`; plain HTTP, as on
//! a local network or behind a TLS-ending proxy); [`TablebaseService::probe`] sends one `GET
//! PATH?fen=FEN` on a fresh connection through hyper's HTTP/1 client on a one-thread tokio
//! runtime, with a time limit, and reads the result for the side to move, the plies to the end
//! where the service's full tables know them, and every legal move with its own result, best
//! first. A position the service does not hold (404) is `Ok(None)`; everything else that goes
//! wrong (no connection, no answer in time, another status, a body that is not the service's
//! JSON, a move that is not legal here) is a [`ServiceError`] naming the URL, never a move taken
//! on trust. [`TablebaseService::max_pieces`] asks `GET /status` how many pieces it holds, so a
//! program need not ask about positions it cannot know.

use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper::{Request, StatusCode, Uri};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use shashki::egtb::Wdl;
use shashki::{Game, Move, Position, Score};

/// Time one probe may take, connection included.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(2);
/// Largest answer body read (a position has at most a few dozen moves).
const MAX_BODY: usize = 256 << 10;

/// A tablebase service (`shashki egtb serve`) at a URL.
#[derive(Clone, Debug)]
pub struct TablebaseService {
    url: String,
    /// `HOST:PORT` to connect to.
    address: String,
    /// The `Host` header.
    host: String,
    /// The path the query goes after (`/` when the URL has none).
    path: String,
    timeout: Duration,
}

/// What went wrong with a tablebase service; each names the service's URL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ServiceError {
    /// The URL does not name a service this client can speak to.
    #[error("tablebase service URL {url:?}: {why}")]
    BadUrl {
        /// The URL given.
        url: String,
        /// What is wrong with it.
        why: String,
    },
    /// No connection could be made.
    #[error("tablebase service {url}: cannot connect: {detail}")]
    Unreachable {
        /// The service's URL.
        url: String,
        /// The system's reason.
        detail: String,
    },
    /// The service did not answer in time.
    #[error("tablebase service {url}: no answer within {after:?}")]
    Timeout {
        /// The service's URL.
        url: String,
        /// The time it had.
        after: Duration,
    },
    /// The service answered with an error status.
    #[error("tablebase service {url}: status {status}: {reason}")]
    Status {
        /// The service's URL.
        url: String,
        /// The HTTP status.
        status: u16,
        /// The reason the service gave (its `error`), or the start of its body.
        reason: String,
    },
    /// The exchange broke off, or the answer is not the service's answer for the position.
    #[error("tablebase service {url}: {detail}")]
    BadAnswer {
        /// The service's URL.
        url: String,
        /// What was wrong.
        detail: String,
    },
}

impl ServiceError {
    /// The URL of the service concerned.
    #[must_use]
    pub fn url(&self) -> &str {
        match self {
            ServiceError::BadUrl { url, .. }
            | ServiceError::Unreachable { url, .. }
            | ServiceError::Timeout { url, .. }
            | ServiceError::Status { url, .. }
            | ServiceError::BadAnswer { url, .. } => url,
        }
    }
}

/// How one exchange failed, before the URL is added.
enum Failure {
    Connect(String),
    Exchange(String),
}

/// The service's answer for a position: its result for the side to move and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceAnswer {
    /// The result for the side to move.
    pub wdl: Wdl,
    /// Plies to the end with best play, where the service's full tables know them.
    pub plies: Option<u32>,
    /// Every legal move with its result for the side that plays it (and its plies), best first;
    /// `None` for a move into a position the service does not hold.
    pub moves: Vec<(Move, Option<MoveValue>)>,
}

/// A move's result for the side that plays it, and its plies where known.
pub type MoveValue = (Wdl, Option<u32>);

impl ServiceAnswer {
    /// The move to play and its score when this answer, for the live position of `game`, knows
    /// a win or loss to the ply and the game's draw counters leave the plies for it (else a
    /// draw-rule count would end the game first): what a program plays at once instead of
    /// searching. `None` for a draw, a result without plies, or a best move the answer does not
    /// value the same way.
    #[must_use]
    pub fn decisive_move(&self, game: &Game) -> Option<(Move, Score)> {
        let plies = self.plies?;
        let left = game
            .draw_state()
            .plies_left_under(game.draw_rules(), game.position())
            .map_or(u32::MAX, u32::from);
        if plies > left {
            return None;
        }
        let plies = i32::try_from(plies).ok()?;
        let (mv, value) = self.moves.first()?;
        let score = match (self.wdl, value) {
            (Wdl::Win, Some((Wdl::Win, _))) => Score::win_in_plies(plies),
            (Wdl::Loss, Some((Wdl::Loss, _))) => Score::loss_in_plies(plies),
            _ => return None,
        };
        Some((*mv, score))
    }
}

impl TablebaseService {
    /// The service at `url` (`http://HOST[:PORT][/PATH]`).
    ///
    /// # Errors
    /// [`ServiceError::BadUrl`]: a URL that does not parse, another scheme than `http`, or a
    /// query in it.
    pub fn new(url: &str) -> Result<TablebaseService, ServiceError> {
        let bad = |why: &str| ServiceError::BadUrl {
            url: url.to_string(),
            why: why.to_string(),
        };
        let uri: Uri = url.parse().map_err(|e| bad(&format!("{e}")))?;
        match uri.scheme_str() {
            Some("http") => {}
            Some(other) => return Err(bad(&format!("scheme {other} (only http is spoken)"))),
            None => return Err(bad("no scheme (write http://HOST:PORT)")),
        }
        let authority = uri.authority().ok_or_else(|| bad("no host"))?;
        if uri.query().is_some() {
            return Err(bad("a query (the fen is added to the path)"));
        }
        let port = authority.port_u16().unwrap_or(80);
        Ok(TablebaseService {
            url: url.to_string(),
            address: format!("{}:{port}", authority.host()),
            host: authority.as_str().to_string(),
            path: uri.path().to_string(),
            timeout: PROBE_TIMEOUT,
        })
    }

    /// The service's URL, as given.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The service's answer for `position`; `Ok(None)` if the service does not hold it.
    ///
    /// # Errors
    /// No connection, no answer within [`PROBE_TIMEOUT`], a status other than 200 and 404, or a
    /// body that is not the service's answer for this position.
    pub fn probe(&self, position: &Position) -> Result<Option<ServiceAnswer>, ServiceError> {
        let fen: String = form_urlencoded::byte_serialize(position.to_fen().as_bytes()).collect();
        let (status, body) = self.exchange(&format!("{}?fen={fen}", self.path))?;
        match status {
            StatusCode::OK => read_answer(position, &body)
                .map(Some)
                .map_err(|detail| self.bad_answer(detail)),
            StatusCode::NOT_FOUND => Ok(None),
            other => Err(self.status_error(other, &body)),
        }
    }

    /// The largest number of pieces of the positions the service holds (`GET /status`, beside
    /// the path of the URL).
    ///
    /// # Errors
    /// As [`TablebaseService::probe`]; an answer without `max_pieces` is a
    /// [`ServiceError::BadAnswer`].
    pub fn max_pieces(&self) -> Result<u32, ServiceError> {
        let directory = &self.path[..self.path.rfind('/').map_or(0, |i| i + 1)];
        let (status, body) = self.exchange(&format!("{directory}status"))?;
        if status != StatusCode::OK {
            return Err(self.status_error(status, &body));
        }
        serde_json::from_slice::<Value>(&body)
            .ok()
            .and_then(|json| json["max_pieces"].as_u64())
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| self.bad_answer("a status without max_pieces".to_string()))
    }

    /// One `GET target` within the time limit: the status and the body.
    fn exchange(&self, target: &str) -> Result<(StatusCode, Bytes), ServiceError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| self.bad_answer(format!("runtime: {e}")))?;
        let reply = runtime.block_on(async {
            tokio::time::timeout(self.timeout, self.get(target))
                .await
                .ok()
        });
        match reply {
            None => Err(ServiceError::Timeout {
                url: self.url.clone(),
                after: self.timeout,
            }),
            Some(Ok(reply)) => Ok(reply),
            Some(Err(Failure::Connect(detail))) => Err(ServiceError::Unreachable {
                url: self.url.clone(),
                detail,
            }),
            Some(Err(Failure::Exchange(detail))) => Err(self.bad_answer(detail)),
        }
    }

    fn bad_answer(&self, detail: String) -> ServiceError {
        ServiceError::BadAnswer {
            url: self.url.clone(),
            detail,
        }
    }

    /// An error status, with the service's JSON reason when it gave one.
    fn status_error(&self, status: StatusCode, body: &[u8]) -> ServiceError {
        let reason = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|json| json["error"].as_str().map(str::to_string))
            .unwrap_or_else(|| String::from_utf8_lossy(&body[..body.len().min(200)]).into_owned());
        ServiceError::Status {
            url: self.url.clone(),
            status: status.as_u16(),
            reason,
        }
    }

    /// One `GET target` on a new connection: the status and the body.
    async fn get(&self, target: &str) -> Result<(StatusCode, Bytes), Failure> {
        let stream = tokio::net::TcpStream::connect(&self.address)
            .await
            .map_err(|e| Failure::Connect(format!("{}: {e}", self.address)))?;
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .map_err(|e| Failure::Exchange(format!("handshake: {e}")))?;
        let driver = tokio::spawn(connection);
        let request = Request::get(target)
            .header(hyper::header::HOST, &self.host)
            .body(Empty::<Bytes>::new())
            .map_err(|e| Failure::Exchange(format!("request: {e}")))?;
        let response = sender
            .send_request(request)
            .await
            .map_err(|e| Failure::Exchange(format!("request: {e}")))?;
        let status = response.status();
        let body = http_body_util::Limited::new(response.into_body(), MAX_BODY)
            .collect()
            .await
            .map_err(|e| Failure::Exchange(format!("reading the answer: {e}")))?
            .to_bytes();
        driver.abort();
        Ok((status, body))
    }
}

/// The service's JSON answer for `position`, checked: its moves must be legal here.
fn read_answer(position: &Position, body: &[u8]) -> Result<ServiceAnswer, String> {
    let json: Value = serde_json::from_slice(body).map_err(|e| format!("answer not JSON: {e}"))?;
    let wdl = |value: &Value| -> Result<Option<Wdl>, String> {
        match value {
            Value::Null => Ok(None),
            Value::String(text) => match text.as_str() {
                "win" => Ok(Some(Wdl::Win)),
                "draw" => Ok(Some(Wdl::Draw)),
                "loss" => Ok(Some(Wdl::Loss)),
                other => Err(format!("result {other:?} is not win, draw or loss")),
            },
            other => Err(format!("result {other} is not a string")),
        }
    };
    let plies = |value: &Value| -> Result<Option<u32>, String> {
        match value {
            Value::Null => Ok(None),
            other => other
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| format!("plies {other} is not a count")),
        }
    };
    let result = wdl(&json["wdl"])?.ok_or("answer without a result")?;
    let mut moves = Vec::new();
    for entry in json["moves"].as_array().ok_or("answer without moves")? {
        let text = entry["numeric"].as_str().ok_or("a move without its text")?;
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("move {text:?}: {e}"))?;
        let value = match wdl(&entry["wdl"])? {
            Some(result) => Some((result, plies(&entry["plies"])?)),
            None => None,
        };
        moves.push((mv, value));
    }
    if moves.len() != position.legal_moves().len() {
        return Err(format!(
            "{} moves in the answer, {} legal ones",
            moves.len(),
            position.legal_moves().len()
        ));
    }
    Ok(ServiceAnswer {
        wdl: result,
        plies: plies(&json["plies"])?,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_checked() {
        let service = TablebaseService::new("http://127.0.0.1:8080").unwrap();
        assert_eq!(
            (service.address.as_str(), service.path.as_str()),
            ("127.0.0.1:8080", "/")
        );
        let service = TablebaseService::new("http://tables.example/russian").unwrap();
        assert_eq!(
            (service.address.as_str(), service.path.as_str()),
            ("tables.example:80", "/russian")
        );
        for (url, why) in [
            ("https://tables.example", "only http"),
            ("tables.example:80", "scheme"),
            ("http://tables.example/?fen=x", "query"),
            ("http://", "http://"),
        ] {
            let error = TablebaseService::new(url).unwrap_err();
            assert!(matches!(error, ServiceError::BadUrl { .. }), "{url}");
            assert!(error.to_string().contains(why), "{url}: {error}");
        }
    }

    #[test]
    fn a_service_that_is_not_there_is_unreachable_and_named() {
        // A port that was free a moment ago: nothing listens there.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let url = format!("http://127.0.0.1:{port}");
        let service = TablebaseService::new(&url).unwrap();
        let position: Position = "W:WK1,K2:B20".parse().unwrap();
        let error = service.probe(&position).unwrap_err();
        assert!(matches!(error, ServiceError::Unreachable { .. }), "{error}");
        assert_eq!(error.url(), url);
        assert!(matches!(
            service.max_pieces(),
            Err(ServiceError::Unreachable { .. })
        ));
    }

    #[test]
    fn answers_are_read_and_checked_against_the_position() {
        let position: Position = "W:WK1,K2:B20".parse().unwrap();
        let moves: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|mv| {
                format!(
                    r#"{{"numeric":"{}","wdl":"draw","plies":null}}"#,
                    position.write_move(mv, shashki::Notation::Numeric)
                )
            })
            .collect();
        let body = format!(
            r#"{{"wdl":"draw","plies":null,"moves":[{}]}}"#,
            moves.join(",")
        );
        let answer = read_answer(&position, body.as_bytes()).unwrap();
        assert_eq!(answer.wdl, Wdl::Draw);
        assert_eq!(answer.moves.len(), position.legal_moves().len());
        for (body, why) in [
            ("not json", "not JSON"),
            (r#"{"wdl":"maybe","moves":[]}"#, "maybe"),
            (r#"{"wdl":"win","moves":[{"numeric":"9-13"}]}"#, "9-13"),
            (r#"{"wdl":"win","moves":[]}"#, "legal ones"),
        ] {
            let error = read_answer(&position, body.as_bytes()).unwrap_err();
            assert!(error.contains(why), "{body}: {error}");
        }
    }

    #[test]
    fn a_decisive_move_needs_plies_and_the_draw_counters_room_for_them() {
        // An answer of a win in 11 plies (made up: only its fields and the counters matter), in
        // a position with kings on both sides, where the 7.2.5 count runs (30 plies).
        let fresh = Game::from_fen("W:WK25,10,15,23:BK24,12,16,17").unwrap();
        let mv = fresh.position().legal_moves()[0];
        let win = ServiceAnswer {
            wdl: Wdl::Win,
            plies: Some(11),
            moves: vec![(mv, Some((Wdl::Win, Some(10))))],
        };
        assert_eq!(
            win.decisive_move(&fresh),
            Some((mv, Score::win_in_plies(11)))
        );
        // The same with the count at 29 plies: a draw comes first, so it is to be searched.
        let counted = Game::from_fen("W:WK25,10,15,23:BK24,12,16,17:H29").unwrap();
        let left = counted
            .draw_state()
            .plies_left_under(counted.draw_rules(), counted.position());
        assert!(left.is_some_and(|left| u32::from(left) < 11), "{left:?}");
        assert_eq!(win.decisive_move(&counted), None);
        // Without plies, or a draw, nothing is decisive.
        let without_plies = ServiceAnswer {
            plies: None,
            ..win.clone()
        };
        assert_eq!(without_plies.decisive_move(&fresh), None);
        let draw = ServiceAnswer {
            wdl: Wdl::Draw,
            plies: None,
            moves: vec![(mv, Some((Wdl::Draw, None)))],
        };
        assert_eq!(draw.decisive_move(&fresh), None);
    }
}
