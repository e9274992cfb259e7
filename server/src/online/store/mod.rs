//! Where tables live: a trait with one implementation per database. SQLite
//! now (a file; nothing to install); PostgreSQL (issue 13) implements the
//! same trait on the same schema, so that several processes can share it:
//! every decision that two processes could race on is a database constraint
//! (the move log's primary key (table, n), a seat's (table, seat), a name's
//! (table, name_key), a conditional status change), never a lock in one
//! process.

mod sqlite;

pub use sqlite::SqliteStore;

use async_trait::async_trait;
use serde_json::Value;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Deletes the tables of `mode` untouched since `before_ms`; their ids.
    async fn expire(&self, mode: Mode, before_ms: i64) -> StoreResult<Vec<String>>;
    async fn count_tables(&self) -> StoreResult<u64>;
}

/// Opens the store a `--db` URL names and brings its schema up to date.
pub async fn open(url: &str) -> Result<Arc<dyn Store>, String> {
    if url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::open(url).await?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Err("PostgreSQL is not supported yet (issue 13); use --db sqlite:PATH".into())
    } else {
        Err(format!(
            "--db takes sqlite:PATH or postgres://USER@HOST/DB, not {url}"
        ))
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
