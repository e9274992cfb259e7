//! One line per request, with nothing of the request copied raw: every byte
//! outside printable ASCII (ESC, BEL, CR, LF, non-ASCII…) and the backslash
//! are written as `\xNN` / `\\`, so a request can neither forge log lines
//! nor send escape sequences to the terminal that shows the log.

use super::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Where the server writes its lines.
#[derive(Clone, Debug, Default)]
pub enum Log {
    /// Nothing.
    Off,
    /// Standard error (`tongiaki serve`).
    #[default]
    Stderr,
    /// Kept in memory (tests read them).
    Lines(Arc<Mutex<Vec<String>>>),
}

impl Log {
    /// Writes one line; `line` must already be escaped.
    pub fn line(&self, line: &str) {
        match self {
            Log::Off => {}
            Log::Stderr => eprintln!("{line}"),
            Log::Lines(lines) => lines
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(line.to_string()),
        }
    }
}

/// `text` with every byte outside printable ASCII written as `\xNN` and
/// `\` as `\\`.
pub fn escape(text: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text {
        match b {
            b'\\' => out.push_str("\\\\"),
            b' '..=b'~' => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

/// Middleware: `PEER METHOD PATH?QUERY STATUS MSms` for every request.
pub(crate) async fn requests(
    State(app): State<Arc<AppState>>,
    req: Request,
    next: Next,
) -> Response {
    if matches!(app.log, Log::Off) {
        return next.run(req).await;
    }
    let started = Instant::now();
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip().to_string())
        .unwrap_or_else(|| "-".into());
    let method = escape(req.method().as_str().as_bytes());
    let target = escape(
        req.uri()
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("")
            .as_bytes(),
    );
    let response = next.run(req).await;
    app.log.line(&format!(
        "{peer} {method} {target} {} {}ms",
        response.status().as_u16(),
        started.elapsed().as_millis()
    ));
    response
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn control_bytes_are_escaped() {
        assert_eq!(escape(b"GET /a b"), "GET /a b");
        assert_eq!(
            escape(b"/\x1b[31mred\x07\r\nGET /x"),
            "/\\x1b[31mred\\x07\\x0d\\x0aGET /x"
        );
        assert_eq!(escape("é\\".as_bytes()), "\\xc3\\xa9\\\\");
        assert_eq!(escape(b"\x7f\x00"), "\\x7f\\x00");
    }
}
