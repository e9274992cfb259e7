//! The online layer's refusals: `{"code", "key", "message"}` (ONLINE.md),
//! plus `args` as the engine has them. Engine refusals keep the engine's
//! code, key, arguments and message; the server's own codes are [`Code`],
//! each with its HTTP status, a key `online.CODE` and an English message.
//!
//! A new code is one line of the `codes!` table below (its variant, wire
//! name, status and English template) and one `online.CODE` line in each
//! www/lang/*.js (the test at the end of this file checks both).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// Writes [`Code`] and its table from one list: variant = "wire name",
/// HTTP status, English template.
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $code:literal, $status:literal, $template:literal;)*) => {
        /// The server's own refusal codes (its engine's are
        /// [`tongiaki::ErrorCode`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in the table's order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code on the wire: `"table_full"`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $code,)*
                }
            }

            /// The message key: `"online.table_full"`.
            pub fn key(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!("online.", $code),)*
                }
            }

            pub fn status(self) -> StatusCode {
                let status: u16 = match self {
                    $(Code::$variant => $status,)*
                };
                StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST)
            }

            /// The English template, filled with the refusal's `args`.
            pub fn english(self) -> &'static str {
                match self {
                    $(Code::$variant => $template,)*
                }
            }
        }
    };
}

codes! {
    // ONLINE.md
    TableFull = "table_full", 409, "This table has no free seat, or its game has begun.";
    NotYourTurn = "not_your_turn", 409, "It is not your turn.";
    Stale = "stale", 409, "The game has moved on since the state you answered: look again.";
    BadToken = "bad_token", 403, "That token proves no seat at this table.";
    NotStarted = "not_started", 409, "The game has not begun yet.";
    // Additions
    BadRequest = "bad_request", 400, "The request is not what this endpoint takes: {detail}";
    BadMessage = "bad_message", 400, "The message is not one this server understands: {detail}";
    BadName = "bad_name", 400, "A name is plain text of 1 to 40 characters: {detail}";
    NameTaken = "name_taken", 409, "Someone at this table already has that name.";
    BadSeats = "bad_seats", 400, "A table has 2 to 6 seats.";
    BadBot = "bad_bot", 400, "Bots sit in seats 1 to {last} and are random, greedy or search: {detail}";
    BadOption = "bad_option", 400, "{detail}";
    NoTable = "no_table", 404, "There is no table with that id (it may have expired).";
    NotCreator = "not_creator", 403, "Only the table's creator (seat 0) may start the game early.";
    AlreadyStarted = "already_started", 409, "The game has already begun.";
    NotOver = "not_over", 403, "The save holds the seed: it is handed out once the game is over.";
    TooLarge = "too_large", 413, "Too large: at most {max} bytes.";
    RateLimited = "rate_limited", 429, "Too many messages: slow down.";
    TooManyConnections = "too_many_connections", 429, "Too many connections from your address.";
    HelloFirst = "hello_first", 400, "Say hello (with your seat's token, or none to watch) first.";
    NotGone = "not_gone", 409, "That seat's player is not gone long enough to be replaced.";
    // Meeting strangers (issue 31): chat, rematch
    BadChat = "bad_chat", 400, "A chat line is 1 to 300 characters of text: {detail}";
    ChatOff = "chat_off", 403, "The table's creator has turned chat off for spectators.";
    StillPlaying = "still_playing", 409, "The game is not over yet: a rematch comes after its end.";
    CreatorOnly = "creator_only", 403, "Only the table's creator (seat 0) may change that.";
    /// 503: the store failed; nothing was changed.
    Store = "store", 503, "The table store is not available; nothing was changed. Try again.";
    // Issue 29
    /// Past the limits on making tables (hub/limits.rs).
    TooManyTables = "too_many_tables", 429, "Too many new tables: try again in {retry_secs} s.";
    /// Past the spectators a table, or the server, takes.
    TooManyWatchers = "too_many_watchers", 429, "Too many people are watching this table (or the server): try again later.";
}

/// Whose refusal: the server's own, or the engine's as it gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Online(Code),
    Engine(tongiaki::ErrorCode),
}

impl Cause {
    pub fn as_str(self) -> &'static str {
        match self {
            Cause::Online(c) => c.as_str(),
            Cause::Engine(c) => c.as_str(),
        }
    }
}

/// `e.code == Code::Stale`.
impl PartialEq<Code> for Cause {
    fn eq(&self, other: &Code) -> bool {
        *self == Cause::Online(*other)
    }
}

impl Serialize for Cause {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A refused request or message. Changes nothing anywhere. Its wire form
/// (the HTTP body; with `"type": "error"` the WebSocket message) is its
/// fields but the status.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OnlineError {
    #[serde(skip)]
    pub status: StatusCode,
    // Fields in the order of their names: the form `json!` wrote before.
    pub args: Value,
    pub code: Cause,
    pub key: &'static str,
    pub message: String,
}

impl OnlineError {
    /// One of the server's own refusals with its arguments (an object).
    /// What they repeat of a client's input is bounded as the engine's
    /// echoes are (short, every control or bidi character made visible:
    /// [`tongiaki::error::bound_echo`]).
    pub fn new(code: Code, mut args: Value) -> OnlineError {
        if let Value::Object(m) = &mut args {
            for (k, v) in m.iter_mut() {
                tongiaki::error::bound_echo(k, v);
            }
        }
        let args_list: Vec<(&str, Value)> = match &args {
            Value::Object(m) => m.iter().map(|(k, v)| (k.as_str(), v.clone())).collect(),
            _ => Vec::new(),
        };
        let message = tongiaki::error::render(code.english(), &args_list, &|_| None);
        OnlineError {
            status: code.status(),
            code: Cause::Online(code),
            key: code.key(),
            message,
            args,
        }
    }

    /// A refusal without arguments.
    pub fn code(code: Code) -> OnlineError {
        OnlineError::new(code, Value::Object(Map::new()))
    }

    /// A refusal whose message has one argument `detail`.
    pub fn detail(code: Code, detail: impl Into<String>) -> OnlineError {
        OnlineError::new(code, json!({ "detail": detail.into() }))
    }

    /// `too_large`: at most `max` bytes.
    pub fn too_large(max: usize) -> OnlineError {
        OnlineError::new(Code::TooLarge, json!({ "max": max }))
    }

    /// The engine's own refusal, as it is (`malformed_action`,
    /// `illegal_action`, `game_over`, `bad_options`).
    pub fn engine(e: &tongiaki::Error) -> OnlineError {
        OnlineError {
            status: StatusCode::CONFLICT,
            code: Cause::Engine(e.code),
            key: e.key,
            message: e.message.clone(),
            args: e.args_json(),
        }
    }

    /// A store failure: logged here, reported without its details.
    pub fn store(e: impl std::fmt::Display) -> OnlineError {
        eprintln!("online: store error: {e}");
        OnlineError::code(Code::Store)
    }
}

impl IntoResponse for OnlineError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(&self)).into_response()
    }
}

impl std::fmt::Display for OnlineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_status_and_renders() {
        let mut seen = std::collections::HashSet::new();
        for &code in Code::ALL {
            assert!(seen.insert(code.as_str()), "{code:?} twice");
            let e = OnlineError::new(
                code,
                json!({"detail": "x", "max": 1, "last": 5, "retry_secs": 3}),
            );
            assert_eq!(e.status, code.status());
            assert!(e.status.is_client_error() || e.status.is_server_error());
            assert_eq!(e.key, format!("online.{}", code.as_str()));
            assert_eq!(e.code, code);
            assert!(!e.message.contains('{'), "{code:?}: {}", e.message);
        }
        // ONLINE.md's statuses.
        assert_eq!(Code::TableFull.status(), StatusCode::CONFLICT);
        assert_eq!(Code::BadToken.status(), StatusCode::FORBIDDEN);
        assert_eq!(Code::NoTable.status(), StatusCode::NOT_FOUND);
        assert_eq!(Code::Store.status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    /// The wire form: exactly `args`, `code`, `key` and `message`.
    #[test]
    fn a_refusal_is_written_as_before() {
        let e = OnlineError::too_large(16);
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": "too_large", "key": "online.too_large",
                   "message": "Too large: at most 16 bytes.", "args": {"max": 16}})
        );
        let g = tongiaki::Game::from_options_json(&json!({"players": [{}, {}], "seed": 1}));
        let mut g = g.unwrap();
        let engine = g.apply_json(&json!({"type": "resettle"})).unwrap_err();
        let e = OnlineError::engine(&engine);
        assert_eq!(e.code, Cause::Engine(tongiaki::ErrorCode::IllegalAction));
        assert_eq!(e.code.as_str(), "illegal_action");
        assert_eq!(e.key, engine.key);
    }

    /// The page says every refusal in its six languages (www/lang/*.js has
    /// a key `online.CODE` for each code), in English the server's words.
    #[test]
    fn every_code_is_translated_for_the_page() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/lang");
        for lang in ["en", "de", "nl", "hu", "it", "he"] {
            let text = std::fs::read_to_string(dir.join(format!("{lang}.js"))).unwrap();
            for &code in Code::ALL {
                let key = format!("  \"{}\": ", code.key());
                let line = text.lines().find(|l| l.starts_with(&key));
                let line = line.unwrap_or_else(|| panic!("{lang}.js has no {}", code.key()));
                if lang == "en" {
                    let english = serde_json::to_string(code.english()).unwrap();
                    assert_eq!(line, format!("{key}{english},"), "en.js: {}", code.key());
                }
            }
        }
    }
}
