//! The online layer's refusals: `{"code", "key", "message"}` (ONLINE.md),
//! plus `args` as the engine has them. Engine refusals keep the engine's
//! code, key, arguments and message; the server's own codes are below, each
//! with a key `online.CODE` and an English message.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

/// A refused request or message. Changes nothing anywhere.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineError {
    pub status: StatusCode,
    pub code: &'static str,
    pub key: String,
    pub message: String,
    pub args: Value,
}

/// The server's own codes, their HTTP status and English message.
pub const CODES: &[(&str, u16, &str)] = &[
    // ONLINE.md
    (
        "table_full",
        409,
        "This table has no free seat, or its game has begun.",
    ),
    ("not_your_turn", 409, "It is not your turn."),
    (
        "stale",
        409,
        "The game has moved on since the state you answered: look again.",
    ),
    ("bad_token", 403, "That token proves no seat at this table."),
    ("not_started", 409, "The game has not begun yet."),
    // Additions
    (
        "bad_request",
        400,
        "The request is not what this endpoint takes: {detail}",
    ),
    (
        "bad_message",
        400,
        "The message is not one this server understands: {detail}",
    ),
    (
        "bad_name",
        400,
        "A name is plain text of 1 to 40 characters: {detail}",
    ),
    (
        "name_taken",
        409,
        "Someone at this table already has that name.",
    ),
    ("bad_seats", 400, "A table has 2 to 6 seats."),
    (
        "bad_bot",
        400,
        "Bots sit in seats 1 to {last} and are random, greedy or search: {detail}",
    ),
    ("bad_option", 400, "{detail}"),
    (
        "no_table",
        404,
        "There is no table with that id (it may have expired).",
    ),
    (
        "not_creator",
        403,
        "Only the table's creator (seat 0) may start the game early.",
    ),
    ("already_started", 409, "The game has already begun."),
    (
        "not_over",
        403,
        "The save holds the seed: it is handed out once the game is over.",
    ),
    ("too_large", 413, "Too large: at most {max} bytes."),
    ("rate_limited", 429, "Too many messages: slow down."),
    (
        "too_many_connections",
        429,
        "Too many connections from your address.",
    ),
    (
        "hello_first",
        400,
        "Say hello (with your seat's token, or none to watch) first.",
    ),
    (
        "not_gone",
        409,
        "That seat's player is not gone long enough to be replaced.",
    ),
    (
        "store",
        503,
        "The table store is not available; nothing was changed. Try again.",
    ),
];

impl OnlineError {
    /// One of the server's own refusals (see [`CODES`]) with its arguments.
    pub fn new(code: &'static str, args: Value) -> OnlineError {
        let (status, template) = CODES
            .iter()
            .find(|(c, _, _)| *c == code)
            .map(|(_, s, t)| (*s, *t))
            .unwrap_or((400, "{detail}"));
        let args_list: Vec<(&str, Value)> = match &args {
            Value::Object(m) => m.iter().map(|(k, v)| (k.as_str(), v.clone())).collect(),
            _ => Vec::new(),
        };
        let message = tongiaki::error::render(template, &args_list, &|_| None);
        OnlineError {
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
            code,
            key: format!("online.{code}"),
            message,
            args,
        }
    }

    /// A refusal without arguments.
    pub fn code(code: &'static str) -> OnlineError {
        OnlineError::new(code, Value::Object(Map::new()))
    }

    /// A refusal whose message has one argument `detail`.
    pub fn detail(code: &'static str, detail: impl Into<String>) -> OnlineError {
        OnlineError::new(code, json!({ "detail": detail.into() }))
    }

    /// The engine's own refusal, as it is (`malformed_action`,
    /// `illegal_action`, `game_over`, `bad_options`).
    pub fn engine(e: &tongiaki::Error) -> OnlineError {
        OnlineError {
            status: StatusCode::CONFLICT,
            code: e.code.as_str(),
            key: e.key.to_string(),
            message: e.message.clone(),
            args: e.args_json(),
        }
    }

    /// A store failure: logged here, reported without its details.
    pub fn store(e: impl std::fmt::Display) -> OnlineError {
        eprintln!("online: store error: {e}");
        OnlineError::code("store")
    }

    pub fn to_json(&self) -> Value {
        json!({"code": self.code, "key": self.key, "message": self.message, "args": self.args})
    }

    /// The WebSocket form: `{"type": "error", "code", "key", "message"}`.
    pub fn to_message(&self) -> String {
        let mut v = self.to_json();
        v["type"] = json!("error");
        v.to_string()
    }
}

impl IntoResponse for OnlineError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.to_json())).into_response()
    }
}

impl std::fmt::Display for OnlineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_status_and_renders() {
        for (code, status, _) in CODES {
            let e = OnlineError::new(code, json!({"detail": "x", "max": 1, "last": 5}));
            assert_eq!(e.status.as_u16(), *status);
            assert_eq!(e.key, format!("online.{code}"));
            assert!(!e.message.contains('{'), "{code}: {}", e.message);
        }
    }

    /// The page says every refusal in its six languages (www/lang/*.js has
    /// a key `online.CODE` for each code), in English the server's words.
    #[test]
    fn every_code_is_translated_for_the_page() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/lang");
        for lang in ["en", "de", "nl", "hu", "it", "he"] {
            let text = std::fs::read_to_string(dir.join(format!("{lang}.js"))).unwrap();
            for (code, _, template) in CODES {
                let key = format!("  \"online.{code}\": ");
                let line = text.lines().find(|l| l.starts_with(&key));
                let line = line.unwrap_or_else(|| panic!("{lang}.js has no online.{code}"));
                if lang == "en" {
                    let english = serde_json::to_string(template).unwrap();
                    assert_eq!(line, format!("{key}{english},"), "en.js: online.{code}");
                }
            }
        }
    }
}
