//! The online wire (ONLINE.md; what the server adds: docs/api.md#online),
//! as types: what a client sends ([`ClientMessage`]), what the server
//! sends ([`ServerMessage`]), and the HTTP bodies and answers. Nothing else
//! in the server reads a client's message by its `type` or writes a
//! message or an answer by hand.
//!
//! A new message is a variant here (its fields are its wire form) and an
//! arm where it is handled (`ws.rs` for a client's, the hub for what it
//! sends); a new HTTP endpoint is its body and answer structs here and its
//! handler in `http.rs`. Answers list their fields in the order of their
//! names, the form `json!` wrote them before the wire was typed.

use super::error::{Code, OnlineError};
use super::store::{Mode, Status};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::sync::Arc;
use tongiaki::{Move, Snapshot};

/// A field of a client's message or body, read as `T` if it is one. A
/// field of the wrong type does not make the whole message unreadable: its
/// handler refuses it, in the order ONLINE.md gives (a spectator's act is
/// `bad_token`, whatever its `moves`) and with the refusal it names.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Field<T> {
    /// Not in the message.
    #[default]
    Missing,
    Is(T),
    /// There, but not a `T`.
    Bad,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Field<T>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either<T> {
            Is(T),
            Bad(IgnoredAny),
        }
        Ok(match Either::deserialize(d)? {
            Either::Is(t) => Field::Is(t),
            Either::Bad(_) => Field::Bad,
        })
    }
}

impl<T> Field<T> {
    /// The value a message must have.
    pub fn required(self) -> Option<T> {
        match self {
            Field::Is(t) => Some(t),
            Field::Missing | Field::Bad => None,
        }
    }
}

/// A field of the wrong type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongType;

impl<T> Field<Option<T>> {
    /// A value that may be left out or `null`: `Err` only for one of the
    /// wrong type.
    pub fn optional(self) -> Result<Option<T>, WrongType> {
        match self {
            Field::Is(t) => Ok(t),
            Field::Missing => Ok(None),
            Field::Bad => Err(WrongType),
        }
    }
}

// ----- WebSocket: client → server ----------------------------------------

/// A client's message, by its `type`.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// First; without a token the client watches (`name`: a spectator's,
    /// for the chat).
    Hello {
        #[serde(default)]
        token: Field<Option<String>>,
        #[serde(default)]
        name: Field<Option<String>>,
    },
    /// A move for the seat to act, answering the state of move `moves`.
    Act {
        #[serde(default)]
        moves: Field<u32>,
        /// The engine reads it (and refuses what is not an action).
        #[serde(default)]
        action: Value,
    },
    /// Hand the gone player's seat to a bot.
    Replace {
        #[serde(default)]
        seat: Field<u64>,
    },
    /// The voyage odds of move `moves` (hub/odds.rs).
    Odds {
        #[serde(default)]
        moves: Field<u32>,
    },
    Ping,
    /// A chat line: `text`, or a canned phrase by its id (chat.rs).
    Chat {
        #[serde(default)]
        text: Field<String>,
        #[serde(default)]
        phrase: Field<String>,
    },
    /// The table's creator lets spectators chat, or not.
    ChatSettings {
        #[serde(default)]
        spectators: Field<bool>,
    },
    /// A seated player asks for a rematch once the game is over.
    Rematch,
    /// The `history` message again (a client that skipped moves).
    History,
    /// A `type` this server does not know (`bad_message`).
    #[serde(other)]
    Unknown,
}

impl ClientMessage {
    /// Reads a text frame: JSON, an object whose `type` is a string, else
    /// `bad_message` saying which. Read as a JSON tree first, so that a
    /// message that is not JSON is told apart from one that is JSON but not
    /// a message (and a repeated key is the last one, as in any JSON
    /// reader); a client's messages are small and few (ws.rs bounds both).
    pub fn parse(text: &str) -> Result<ClientMessage, OnlineError> {
        let v: Value = serde_json::from_str(text)
            .map_err(|e| OnlineError::detail(Code::BadMessage, format!("not JSON ({e})")))?;
        if !v.get("type").is_some_and(Value::is_string) {
            return Err(OnlineError::detail(
                Code::BadMessage,
                "a message is an object with a type",
            ));
        }
        // Every field is a `Field` (or any JSON value) and an unknown type
        // is `Unknown`, so an object with a string type always reads.
        ClientMessage::deserialize(v)
            .map_err(|e| OnlineError::detail(Code::BadMessage, e.to_string()))
    }

    /// `moves` of an act or an odds question.
    pub fn moves(moves: Field<u32>) -> Result<u32, OnlineError> {
        moves
            .required()
            .ok_or_else(|| OnlineError::detail(Code::BadMessage, "moves is a whole number"))
    }
}

// ----- WebSocket: server → client ----------------------------------------

/// A message the server sends, by its `type`. Fields borrow what they
/// show; [`ServerMessage::frame`] writes the message once, however many
/// clients get it.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// After the hello; `seat` null for a spectator.
    Welcome {
        seat: Option<u8>,
        table: &'a str,
    },
    /// Who sits where, and the table's status.
    Seats {
        gone_after: u64,
        seats: Vec<SeatView>,
        status: Status,
        table: &'a str,
    },
    /// The game as every player sees it, after every move. Never the seed
    /// or the pile.
    State {
        moves: u32,
        snapshot: &'a Snapshot,
        /// The legal actions of the seat to act (none once it is over).
        legal: &'a [Move],
        /// The last move in the engine's form (`Move::to_json`, as the
        /// store keeps it); `null` before the first.
        action: Option<Value>,
        /// Those of the last move, written when it was made.
        events: &'a RawValue,
        /// Time left on the turn clock when the state was made.
        clock_ms: Option<u64>,
    },
    /// A refused message, to its sender alone.
    Error(&'a OnlineError),
    /// The table expired; the connection closes.
    Expired,
    /// The voyage odds of move `moves` to the asker alone: `null` when it
    /// is not the current move.
    Odds {
        moves: u32,
        odds: Option<Value>,
    },
    Pong,
    /// After the welcome: every move so far, in order (what every player
    /// saw: no seed, no pile order).
    History {
        moves: &'a [HistoryMove],
    },
    /// After the welcome: the last chat lines, oldest first, and whether
    /// spectators may chat.
    ChatHistory {
        lines: &'a [ChatLine],
        spectators: bool,
    },
    /// A chat line, to everyone at the table.
    Chat(&'a ChatLine),
    /// The creator let spectators chat, or not.
    ChatSettings {
        spectators: bool,
    },
    /// A rematch: to everyone at the old table (and to a newcomer), and
    /// with `seat` and `token` to the player who asked (their seat at it).
    Rematch {
        table: &'a str,
        /// The seat at the old table that asked, and its name.
        by: Option<u8>,
        name: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        token: Option<&'a str>,
    },
}

/// One move of the `history` message.
#[derive(Debug, Serialize)]
pub struct HistoryMove {
    pub n: u32,
    /// The seat that made it (a bot standing in for its player too).
    pub seat: Option<u8>,
    /// In the engine's form, as the `state` message has it.
    pub action: Value,
    pub events: Box<RawValue>,
}

/// A chat line as everyone at the table gets it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChatLine {
    /// Its number at the table: a line heard twice (history and live) is
    /// one line.
    pub id: i64,
    /// `null`: a spectator.
    pub seat: Option<u8>,
    /// The speaker's name (`null`: a spectator without one).
    pub name: Option<String>,
    /// Plain text as sent, less control and bidi characters (chat.rs);
    /// a phrase's English text.
    pub text: String,
    /// A canned phrase's id: the page shows it in its reader's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phrase: Option<String>,
    /// When it was said (ms since the Unix epoch).
    pub at: i64,
}

/// The `expired` message as sent (ws.rs closes the connection after it).
pub const EXPIRED: &str = r#"{"type":"expired"}"#;

impl ServerMessage<'_> {
    /// The message's text, for one client or a table's broadcast.
    pub fn frame(&self) -> Arc<str> {
        match serde_json::to_string(self) {
            Ok(text) => text.into(),
            // Cannot happen: every map here has string keys and nothing
            // here refuses to be written. Were it to, the client gets an
            // object without a type, which it ignores, and the server
            // goes on.
            Err(e) => {
                eprintln!("online: a message could not be written: {e}");
                "{}".into()
            }
        }
    }
}

/// The events of a move, kept as written (the `state` message shows the
/// last move's).
pub fn events(events: &[tongiaki::GameEvent]) -> Box<RawValue> {
    serde_json::value::to_raw_value(events).unwrap_or_else(|e| {
        eprintln!("online: events could not be written: {e}");
        no_events()
    })
}

/// No events (before the first move).
pub fn no_events() -> Box<RawValue> {
    RawValue::from_string("[]".to_string()).expect("[] is JSON")
}

// ----- HTTP ----------------------------------------------------------------

/// A request body: an object's fields (an empty body is `{}`), `None` for
/// JSON that is not an object.
pub fn body<T: DeserializeOwned + Default>(v: Value) -> Option<T> {
    if !v.is_object() {
        return None;
    }
    // Every field of a body is a `Field`, so an object always reads.
    Some(T::deserialize(v).unwrap_or_default())
}

/// `POST /api/tables`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct CreateTable {
    pub seats: Field<Option<u64>>,
    pub name: Field<String>,
    pub mode: Field<Option<Mode>>,
    pub gone_after: Field<Option<u64>>,
    pub turn_clock: Field<Option<u64>>,
    /// Seat (a number as a key) → bot kind; checked one by one so that a
    /// refusal names the seat or kind that is wrong.
    pub bots: Field<Option<Map<String, Value>>>,
    /// Listed in the lobby while it waits (default false).
    pub public: Field<Option<bool>>,
    /// Spectators may chat (default true).
    pub spectator_chat: Field<Option<bool>>,
}

/// `POST /api/quick`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct QuickPlay {
    pub name: Field<String>,
    pub seats: Field<Option<u64>>,
    pub mode: Field<Option<Mode>>,
}

/// `200` to `POST /api/quick`.
#[derive(Debug, Serialize)]
pub struct QuickSeat {
    /// A new table was made (no waiting table fitted).
    pub created: bool,
    pub seat: u8,
    pub table: String,
    pub token: String,
}

/// `GET /api/lobby`.
#[derive(Debug, Serialize)]
pub struct Lobby {
    pub tables: Vec<LobbyTable>,
}

/// A public table waiting with a free seat. Never a token.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LobbyTable {
    /// When it was made (ms since the Unix epoch).
    pub created: i64,
    pub free: u8,
    pub mode: Mode,
    /// The seated players' names and the bots' kinds, in seat order.
    pub names: Vec<String>,
    /// The same seats as they are: seat, name, bot kind (`null`: a person).
    pub players: Vec<LobbySeat>,
    pub seats: u8,
    pub table: String,
    /// Seconds it has waited (by the server's clock).
    pub waited: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LobbySeat {
    pub bot: Option<String>,
    pub name: String,
    pub seat: u8,
}

/// `POST /api/tables/ID/join`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct JoinTable {
    pub name: Field<String>,
}

/// `POST /api/tables/ID/start`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct StartTable {
    pub token: Field<String>,
}

/// `201` to `POST /api/tables`.
#[derive(Debug, Serialize)]
pub struct Created {
    pub seat: u8,
    pub table: String,
    pub token: String,
}

/// `200` to `POST /api/tables/ID/join`.
#[derive(Debug, Serialize)]
pub struct Joined {
    pub seat: u8,
    pub token: String,
}

/// `200` to `POST /api/tables/ID/start`.
#[derive(Debug, Serialize)]
pub struct Started {
    pub status: Status,
    pub table: String,
}

/// `GET /api/tables/ID`. Never the seed or the options.
#[derive(Debug, Serialize)]
pub struct TableInfo {
    /// The seat to act while the game is played ("My tables": whose turn).
    pub current: Option<u8>,
    pub gone_after: u64,
    pub mode: Mode,
    pub moves: u32,
    /// Listed in the lobby while it waits (issue 31).
    pub public: bool,
    /// The table made for a rematch, once one was asked for.
    pub rematch: Option<String>,
    pub seats: Vec<SeatView>,
    /// Spectators may chat.
    pub spectator_chat: bool,
    pub status: Status,
    pub table: String,
    pub turn_clock: u64,
}

/// A seat as `GET` and the `seats` message show it; a free seat has a
/// `null` name and `"free": true`. Never its token.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatView {
    /// Seconds since its player's last connection closed; `null` while
    /// connected, for a bot's seat and for one a bot was handed.
    pub away_secs: Option<u64>,
    pub bot: Option<String>,
    pub connected: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub free: bool,
    pub name: Option<String>,
    pub replaced: bool,
}

/// `GET /api/stats`.
#[derive(Debug, Serialize)]
pub struct Stats {
    pub connections: usize,
    pub loaded: usize,
    /// `null` when the store could not count.
    pub stored: Option<u64>,
}

#[cfg(test)]
mod tests;
