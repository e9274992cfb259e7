//! Where tables live: a trait with one implementation per database. SQLite
//! (a file; nothing to install; one process) and PostgreSQL (the same
//! schema in its dialect), which several processes can share:
//! every decision that two processes could race on is a database constraint
//! (the move log's primary key (table, n), a seat's (table, seat), a name's
//! (table, name_key), a conditional status change), never a lock in one
//! process. PostgreSQL also tells every process of every change as it
//! commits ([`Store::changes`]).

mod meet;
mod postgres;
mod sql;
mod sqlite;

pub use meet::{ChatRecord, LobbyRecord, Meet, NewChat};
pub use postgres::{parse_payload, PgStore};
pub use sqlite::SqliteStore;

use async_trait::async_trait;
use serde_json::Value;
use std::sync::Arc;

/// On the wire as `"waiting"`, `"playing"` or `"over"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Waiting,
    Playing,
    Over,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "waiting" => Some(Status::Waiting),
            "playing" => Some(Status::Playing),
            "over" => Some(Status::Over),
            _ => None,
        }
    }
}

/// A live table is played in one sitting (turn clock, short expiry); a
/// turn-based one lives for days and its players come back when they like.
/// On the wire as `"live"` or `"turn"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Live,
    Turn,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Live => "live",
            Mode::Turn => "turn",
        }
    }
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "live" => Some(Mode::Live),
            "turn" => Some(Mode::Turn),
            _ => None,
        }
    }
}

/// A table's row: everything but its seats and moves.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRecord {
    pub id: String,
    pub seats: u8,
    pub status: Status,
    pub mode: Mode,
    /// The game's seed: never sent while the game is played.
    pub seed: u64,
    /// The engine's options (players and seed), set when the game begins.
    pub options: Option<Value>,
    pub gone_after_secs: u64,
    /// 0: no clock.
    pub turn_clock_secs: u64,
    pub created_ms: i64,
    pub updated_ms: i64,
    /// Lobby, chat settings and rematch (issue 31; `meet.rs`).
    pub meet: Meet,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatRecord {
    pub seat: u8,
    pub name: String,
    /// `None` for a bot's own seat.
    pub token: Option<String>,
    /// The bot that plays the seat: its own, or one standing in for a
    /// player who is gone (`replaced`).
    pub bot: Option<String>,
    pub replaced: bool,
}

/// One accepted move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    pub n: u32,
    pub seat: u8,
    pub action: Value,
    pub by_bot: bool,
}

/// A whole table as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    pub table: TableRecord,
    pub seats: Vec<SeatRecord>,
    pub moves: Vec<MoveRecord>,
}

#[derive(Debug)]
pub enum StoreError {
    /// A constraint said no: the seat, name or move number is taken, or the
    /// table is no longer in the status the change needs.
    Conflict,
    /// Anything else (I/O, a broken database, a bad row).
    Other(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("conflict"),
            StoreError::Other(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for StoreError {}

pub type StoreResult<T> = Result<T, StoreError>;

/// Any failure of the database as `Other` (both stores).
fn other(e: impl std::fmt::Display) -> StoreError {
    StoreError::Other(e.to_string())
}

/// Constraint violations are `Conflict`; everything else `Other` (both
/// stores: sqlx names the kinds alike for SQLite and PostgreSQL).
fn classify(e: sqlx::Error) -> StoreError {
    match e.as_database_error() {
        Some(d)
            if matches!(
                d.kind(),
                sqlx::error::ErrorKind::UniqueViolation
                    | sqlx::error::ErrorKind::ForeignKeyViolation
            ) =>
        {
            StoreError::Conflict
        }
        _ => other(e),
    }
}

/// A change to a table, committed by this process or another on the same
/// database (PostgreSQL's NOTIFY; migrations/postgres/0003_notify.sql).
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The move log of `table` now has `moves` moves.
    Move { table: String, moves: u32 },
    /// A seat was taken or changed hands, or the game began.
    Seats { table: String },
    /// The table was deleted (expiry).
    Gone { table: String },
    /// Process `from` has `counts[seat]` connections at each seat of
    /// `table` (sent by the processes themselves, see [`Store::announce`]).
    Presence {
        table: String,
        from: String,
        counts: Vec<u32>,
    },
    /// Chat line `id` was said at `table` (issue 31).
    Chat { table: String, id: i64 },
    /// A rematch was made at `table`, or its chat settings changed.
    Meet { table: String },
    /// Notifications may have been missed (the listening connection was
    /// lost): every table in memory must be read again.
    Resync,
}

#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// A new table with its first seats.
    async fn create_table(&self, t: &TableRecord, seats: &[SeatRecord]) -> StoreResult<()>;
    /// A player takes a free seat while the table is waiting; `Conflict` if
    /// the seat or name is taken or the table is no longer waiting.
    async fn add_seat(&self, table: &str, seat: &SeatRecord, now_ms: i64) -> StoreResult<()>;
    /// The game begins: bots take the seats in `bots`, the options are
    /// recorded; `Conflict` unless the table was waiting.
    async fn begin_game(
        &self,
        table: &str,
        options: &Value,
        bots: &[SeatRecord],
        now_ms: i64,
    ) -> StoreResult<()>;
    /// Who plays a seat: a bot standing in for its player, or the player.
    async fn set_seat_bot(
        &self,
        table: &str,
        seat: u8,
        bot: Option<&str>,
        replaced: bool,
    ) -> StoreResult<()>;
    /// Appends move `m.n`; `Conflict` if that number is taken. `over`: the
    /// game ended with it. Committed when this returns.
    async fn append_move(
        &self,
        table: &str,
        m: &MoveRecord,
        over: bool,
        now_ms: i64,
    ) -> StoreResult<()>;
    /// Moves after the first `from` (another process may have added them).
    async fn moves_from(&self, table: &str, from: u32) -> StoreResult<Vec<MoveRecord>>;
    async fn load(&self, table: &str) -> StoreResult<Option<StoredTable>>;
    /// Deletes the tables of `mode` untouched since `before_ms` (with
    /// `waiting_only`, only those still waiting for players); their ids.
    async fn expire(
        &self,
        mode: Mode,
        waiting_only: bool,
        before_ms: i64,
    ) -> StoreResult<Vec<String>>;
    async fn count_tables(&self) -> StoreResult<u64>;
    /// The changes every process commits, from now on; `None` for a store
    /// only one process uses (SQLite).
    async fn changes(&self) -> StoreResult<Option<tokio::sync::mpsc::UnboundedReceiver<Change>>> {
        Ok(None)
    }
    /// Tells every process on the store (a presence report, see
    /// [`Change::Presence`]); nothing for a store only one process uses.
    async fn announce(&self, _payload: &str) -> StoreResult<()> {
        Ok(())
    }

    // ----- meeting strangers (issue 31; the statements in meet.rs) -------

    /// Public tables still waiting, oldest first, at most `limit`, with
    /// their seats (full ones included: the caller leaves them out).
    async fn lobby(&self, limit: u32) -> StoreResult<Vec<LobbyRecord>>;
    /// Stores a chat line; its id. `Conflict` if the table is gone.
    async fn add_chat(&self, table: &str, line: &NewChat) -> StoreResult<i64>;
    /// One chat line of `table` (another process said it).
    async fn chat_line(&self, table: &str, id: i64) -> StoreResult<Option<ChatRecord>>;
    /// The last `n` chat lines of `table`, oldest first.
    async fn chat_tail(&self, table: &str, n: u32) -> StoreResult<Vec<ChatRecord>>;
    /// Records the table made for a rematch of `table`, asked by seat
    /// `by`; `Conflict` if one was made already.
    async fn set_rematch(&self, table: &str, rematch: &str, by: u8) -> StoreResult<()>;
    /// May spectators chat at `table`?
    async fn set_spectator_chat(&self, table: &str, on: bool) -> StoreResult<()>;
    /// The lobby, chat and rematch fields of `table` as stored now.
    async fn meet(&self, table: &str) -> StoreResult<Option<Meet>>;
    /// Deletes a table with its seats, moves and chat (a rematch table
    /// another process made first).
    async fn delete_table(&self, table: &str) -> StoreResult<()>;
}

/// Opens the store a `--db` URL names and brings its schema up to date.
pub async fn open(url: &str) -> Result<Arc<dyn Store>, String> {
    if url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::open(url).await?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::open(url).await?))
    } else {
        Err(format!(
            "--db takes sqlite:PATH or postgres://USER@HOST/DB, not {url}"
        ))
    }
}

/// A new empty database on the PostgreSQL server `base` names (for tests
/// and the load test: each gets a database of its own); its URL.
pub async fn fresh_pg_database(base: &str, name: &str) -> Result<String, String> {
    use sqlx::Connection;
    let db = format!("tongiaki_{name}_{}", crate::online::token::table_id())
        .to_ascii_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let mut c = sqlx::PgConnection::connect(base)
        .await
        .map_err(|e| format!("{base}: {e}"))?;
    sqlx::raw_sql(&format!("CREATE DATABASE {db}"))
        .execute(&mut c)
        .await
        .map_err(|e| format!("CREATE DATABASE {db}: {e}"))?;
    let _ = c.close().await;
    let (url, query) = match base.split_once('?') {
        Some((u, q)) => (u, format!("?{q}")),
        None => (base, String::new()),
    };
    let scheme_end = url.find("://").map_or(0, |i| i + 3);
    let host_end = url[scheme_end..]
        .find('/')
        .map_or(url.len(), |i| scheme_end + i);
    Ok(format!("{}/{db}{query}", &url[..host_end]))
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;
