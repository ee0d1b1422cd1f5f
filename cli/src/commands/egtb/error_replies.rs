//! JSON bodies for the error replies hyper writes on its own.
//!
//! hyper answers some bad requests before the service sees them: a head it cannot parse (400),
//! a head larger than its buffer (431), a target it cannot hold (414). Those replies carry no
//! body, and hyper 1 offers no hook to give them one. So `egtb serve` wraps each connection's
//! stream in [`JsonErrors`], which watches what hyper writes: a write that ends in a bodiless
//! error head (hyper writes it last, then closes the connection) has that head replaced by the
//! same status with `{"error": REASON}` as JSON, as every other error reply of the service.
//! Everything else passes through untouched: the service's own replies always name their
//! content type, hyper's automatic ones never do. The wrapper does not offer vectored writes,
//! so hyper flattens each reply into one buffer and an error head arrives whole in one write.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection's stream whose bodiless error replies get a JSON reason.
pub struct JsonErrors<S> {
    inner: S,
    /// Largest request head hyper reads (named in the 431 reason).
    max_head: usize,
    /// Bytes of a rewritten reply not yet passed on, and how many of them were.
    pending: Vec<u8>,
    sent: usize,
}

impl<S> JsonErrors<S> {
    /// Wraps `inner`, whose requests' heads are limited to `max_head` bytes.
    pub fn new(inner: S, max_head: usize) -> JsonErrors<S> {
        JsonErrors {
            inner,
            max_head,
            pending: Vec::new(),
            sent: 0,
        }
    }
}

impl<S: AsyncWrite + Unpin> JsonErrors<S> {
    /// Passes the pending bytes on; ready once none is left.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let written =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if written == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += written;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonErrors<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonErrors<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        if let Some(rewritten) = with_json_error(buf, this.max_head) {
            this.pending = rewritten;
            // The whole buffer is taken: the rewritten bytes follow in the next write, flush
            // or shutdown (hyper flushes and shuts down after an error reply).
            if let Poll::Ready(Err(error)) = this.drain(cx) {
                return Poll::Ready(Err(error));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// `bytes` with a bodiless error head at its end given a JSON body, or `None` when they do not
/// end in one.
fn with_json_error(bytes: &[u8], max_head: usize) -> Option<Vec<u8>> {
    if !bytes.ends_with(b"\r\n\r\n") {
        return None;
    }
    let start = bytes
        .windows(9)
        .rposition(|w| w == b"HTTP/1.1 " || w == b"HTTP/1.0 ")?;
    let head = std::str::from_utf8(&bytes[start..bytes.len() - 4]).ok()?;
    let mut lines = head.split("\r\n");
    let status: u16 = lines.next()?.get(9..12)?.parse().ok()?;
    if !(400..600).contains(&status) {
        return None;
    }
    let headers: Vec<&str> = lines.collect();
    let named = |name: &str| {
        headers.iter().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    };
    // The service's own replies name their type; hyper's have no body at all.
    if named("content-type").is_some() || named("content-length").is_some_and(|n| n != "0") {
        return None;
    }
    let reason = match status {
        431 => format!("request head larger than {max_head} bytes"),
        414 => "request target too long".to_string(),
        400 => "not a request this service reads: a bad method, target, version or header line"
            .to_string(),
        other => format!("request refused ({other})"),
    };
    let mut body = serde_json::json!({ "error": reason }).to_string();
    body.push('\n');
    let phrase = hyper::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Error");
    let mut out = bytes[..start].to_vec();
    out.extend_from_slice(format!("HTTP/1.1 {status} {phrase}\r\n").as_bytes());
    for line in &headers {
        let key = line.split_once(':').map_or(*line, |(key, _)| key).trim();
        if !["content-length", "connection"]
            .iter()
            .any(|k| key.eq_ignore_ascii_case(k))
        {
            out.extend_from_slice(line.as_bytes());
            out.extend_from_slice(b"\r\n");
        }
    }
    out.extend_from_slice(
        format!(
            "content-type: application/json\r\naccess-control-allow-origin: *\r\n\
             content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body_of(reply: &[u8]) -> serde_json::Value {
        let text = std::str::from_utf8(reply).expect("text");
        let (head, body) = text.split_once("\r\n\r\n").expect("a head");
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .expect("a length")
            .parse()
            .expect("a number");
        assert_eq!(length, body.len(), "{text}");
        serde_json::from_str(body).expect("JSON")
    }

    #[test]
    fn hypers_bodiless_error_heads_get_a_json_reason() {
        let hyper_431 = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\
                          date: Mon, 07 Dec 2026 23:30:00 GMT\r\n\r\n";
        let reply = with_json_error(hyper_431, 16384).expect("rewritten");
        let text = String::from_utf8_lossy(&reply);
        assert!(text.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"));
        assert!(text.contains("date: Mon, 07 Dec 2026"), "{text}");
        assert!(
            body_of(&reply)["error"]
                .as_str()
                .is_some_and(|r| r.contains("16384 bytes"))
        );
        let hyper_400 = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n";
        let reply = with_json_error(hyper_400, 16384).expect("rewritten");
        assert!(
            body_of(&reply)["error"]
                .as_str()
                .is_some_and(|r| !r.is_empty())
        );
        // Earlier bytes in the same write (a reply to a pipelined request) are kept.
        let both = [
            b"HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\n{}\n".as_slice(),
            hyper_400,
        ]
        .concat();
        let reply = with_json_error(&both, 16384).expect("rewritten");
        assert!(reply.starts_with(b"HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\n{}\n"));
        assert!(reply.ends_with(b"}\n"));
    }

    #[test]
    fn the_services_own_replies_pass_untouched() {
        for bytes in [
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 14\r\n\r\n{\"error\":\"x\"}\n".as_slice(),
            // A reply to HEAD: the head alone, with its type.
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 14\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"{\"fen\":\"W:WK1:B20\"}\n",
            b"",
        ] {
            assert_eq!(with_json_error(bytes, 16384), None, "{:?}", String::from_utf8_lossy(bytes));
        }
    }
}
