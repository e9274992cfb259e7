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
mod tests {
    use super::*;

    fn record(id: &str) -> TableRecord {
        TableRecord {
            id: id.into(),
            seats: 2,
            status: Status::Waiting,
            mode: Mode::Live,
            seed: u64::MAX - 7,
            options: None,
            gone_after_secs: 120,
            turn_clock_secs: 0,
            created_ms: 1,
            updated_ms: 1,
            meet: Meet::default(),
        }
    }

    fn seat(n: u8, name: &str) -> SeatRecord {
        SeatRecord {
            seat: n,
            name: name.into(),
            token: Some(format!("t{n}")),
            bot: None,
            replaced: false,
        }
    }

    /// What every store must do: the constraints decide every race.
    async fn the_constraints_decide(s: &dyn Store) {
        s.create_table(&record("t1"), &[seat(0, "Ana")])
            .await
            .unwrap();
        assert!(matches!(
            s.create_table(&record("t1"), &[]).await,
            Err(StoreError::Conflict)
        ));
        // A seat and a name are each taken once.
        assert!(matches!(
            s.add_seat("t1", &seat(0, "Bo"), 2).await,
            Err(StoreError::Conflict)
        ));
        assert!(matches!(
            s.add_seat("t1", &seat(1, "ANA"), 2).await,
            Err(StoreError::Conflict)
        ));
        s.add_seat("t1", &seat(1, "Bo"), 2).await.unwrap();
        s.begin_game("t1", &serde_json::json!({"seed": 42}), &[], 3)
            .await
            .unwrap();
        assert!(matches!(
            s.begin_game("t1", &serde_json::json!({}), &[], 3).await,
            Err(StoreError::Conflict)
        ));
        // No seat once the game has begun.
        assert!(matches!(
            s.add_seat("t1", &seat(1, "Cy"), 2).await,
            Err(StoreError::Conflict)
        ));
        let m = MoveRecord {
            n: 0,
            seat: 0,
            action: serde_json::json!({"type": "setup_place", "beach": 0}),
            by_bot: false,
        };
        s.append_move("t1", &m, false, 4).await.unwrap();
        assert!(matches!(
            s.append_move("t1", &m, false, 4).await,
            Err(StoreError::Conflict)
        ));
        let m1 = MoveRecord {
            n: 1,
            seat: 1,
            action: serde_json::json!({"type": "setup_place", "beach": 1}),
            by_bot: true,
        };
        s.append_move("t1", &m1, true, 5).await.unwrap();
        assert_eq!(s.moves_from("t1", 1).await.unwrap(), vec![m1.clone()]);
        s.set_seat_bot("t1", 1, Some("greedy"), true).await.unwrap();
        let t = s.load("t1").await.unwrap().unwrap();
        assert_eq!(t.table.status, Status::Over);
        assert_eq!(t.table.seed, u64::MAX - 7);
        assert_eq!(t.table.updated_ms, 5, "a move touches its table");
        assert_eq!(t.table.options, Some(serde_json::json!({"seed": 42})));
        assert_eq!(t.moves, vec![m, m1]);
        assert_eq!(t.seats.len(), 2);
        assert_eq!(t.seats[1].bot.as_deref(), Some("greedy"));
        assert!(t.seats[1].replaced);
        assert_eq!(s.count_tables().await.unwrap(), 1);
        // Meeting strangers' writes (issue 31), through the same writer.
        let line = |text: &str| NewChat {
            seat: Some(0),
            name: Some("Ana".into()),
            text: text.into(),
            phrase: None,
            at_ms: 6,
        };
        let first = s.add_chat("t1", &line("hi")).await.unwrap();
        let second = s.add_chat("t1", &line("again")).await.unwrap();
        assert!(second > first);
        assert!(matches!(
            s.add_chat("nowhere", &line("hi")).await,
            Err(StoreError::Conflict)
        ));
        let tail = s.chat_tail("t1", 10).await.unwrap();
        assert_eq!(
            tail.iter().map(|r| r.id).collect::<Vec<_>>(),
            [first, second]
        );
        assert_eq!(
            s.chat_line("t1", second).await.unwrap().unwrap().line,
            line("again")
        );
        s.set_rematch("t1", "t2", 1).await.unwrap();
        assert!(matches!(
            s.set_rematch("t1", "t3", 0).await,
            Err(StoreError::Conflict)
        ));
        s.set_spectator_chat("t1", false).await.unwrap();
        let meet = s.meet("t1").await.unwrap().unwrap();
        assert_eq!(meet.rematch.as_deref(), Some("t2"));
        assert_eq!(meet.rematch_by, Some(1));
        assert!(!meet.spectator_chat && !meet.public);
        let mut public = record("t2");
        public.meet.public = true;
        s.create_table(&public, &[seat(0, "Cy")]).await.unwrap();
        let lobby = s.lobby(10).await.unwrap();
        assert_eq!(lobby.len(), 1);
        assert_eq!(lobby[0].id, "t2");
        assert_eq!(lobby[0].taken, vec![(0, "Cy".to_string(), None)]);
        s.add_chat("t2", &line("bye")).await.unwrap();
        s.delete_table("t2").await.unwrap();
        assert!(s.load("t2").await.unwrap().is_none());
        assert!(s.lobby(10).await.unwrap().is_empty());
        assert_eq!(
            s.expire(Mode::Live, false, 5).await.unwrap(),
            Vec::<String>::new()
        );
        // Waiting tables expire sooner: this one is playing.
        assert_eq!(
            s.expire(Mode::Live, true, 6).await.unwrap(),
            Vec::<String>::new()
        );
        assert_eq!(
            s.expire(Mode::Live, false, 6).await.unwrap(),
            vec!["t1".to_string()]
        );
        assert!(s.load("t1").await.unwrap().is_none());
        assert!(s.moves_from("t1", 0).await.unwrap().is_empty());
        assert_eq!(s.count_tables().await.unwrap(), 0);
    }

    #[tokio::test]
    async fn sqlite_the_constraints_decide() {
        let p = std::env::temp_dir().join(format!(
            "tongiaki-store-{}-{}.db",
            std::process::id(),
            crate::online::token::table_id()
        ));
        let url = format!("sqlite:{}", p.display());
        let s = open(&url).await.unwrap();
        the_constraints_decide(&*s).await;
        assert!(s.changes().await.unwrap().is_none(), "one process");
        // Migrations run once: opening again changes nothing.
        drop(s);
        let s = open(&url).await.unwrap();
        assert_eq!(s.count_tables().await.unwrap(), 0);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
        }
    }

    /// Issue 29: the write-ahead log grew without bound under load (1 GB in
    /// a minute): a checkpoint beside steady writes never gets to restart
    /// it. Under a steady stream of moves it stays within its cap (plus a
    /// batch's worth), and every move is there.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_the_wal_stays_bounded_under_load() {
        let p = std::env::temp_dir().join(format!(
            "tongiaki-wal-{}-{}.db",
            std::process::id(),
            crate::online::token::table_id()
        ));
        let url = format!("sqlite:{}", p.display());
        let wal = format!("{}-wal", p.display());
        let s = open(&url).await.unwrap();
        const TABLES: usize = 64;
        const MOVES: u32 = 800;
        for t in 0..TABLES {
            s.create_table(&record(&format!("w{t}")), &[seat(0, "Ana")])
                .await
                .unwrap();
        }
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watch = {
            let (done, wal) = (done.clone(), wal.clone());
            tokio::spawn(async move {
                let mut most = 0;
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    most = most.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                }
                most
            })
        };
        let mut writers = Vec::new();
        for t in 0..TABLES {
            let s = s.clone();
            writers.push(tokio::spawn(async move {
                // A move's action as the engine writes one, padded to a
                // long one's size.
                let action = serde_json::json!({"type": "emigrate", "tile": "x".repeat(200)});
                for n in 0..MOVES {
                    let m = MoveRecord {
                        n,
                        seat: 0,
                        action: action.clone(),
                        by_bot: false,
                    };
                    s.append_move(&format!("w{t}"), &m, false, n as i64)
                        .await
                        .unwrap();
                }
            }));
        }
        for w in writers {
            w.await.unwrap();
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        let most = watch.await.unwrap();
        for t in [0, TABLES - 1] {
            let stored = s.load(&format!("w{t}")).await.unwrap().unwrap();
            assert_eq!(stored.moves.len(), MOVES as usize);
        }
        let bound = sqlite::WAL_CAP + (16 << 20);
        eprintln!("the WAL reached {} MB", most >> 20);
        assert!(
            most < bound,
            "the WAL reached {} MB, over {} MB",
            most >> 20,
            bound >> 20
        );
        drop(s);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
        }
    }

    /// The PostgreSQL server of `TONGIAKI_TEST_PG` (scripts/test.sh starts
    /// one); `None` with a note when it is unset.
    pub async fn test_pg(name: &str) -> Option<String> {
        let Ok(base) = std::env::var("TONGIAKI_TEST_PG") else {
            eprintln!("note: TONGIAKI_TEST_PG is unset: skipping the PostgreSQL half of {name}");
            return None;
        };
        Some(fresh_pg_database(&base, name).await.unwrap())
    }

    #[tokio::test]
    async fn postgres_the_constraints_decide() {
        let Some(url) = test_pg("store").await else {
            return;
        };
        // Two processes starting together on an empty database: the
        // migrations run once (an advisory lock orders them).
        let (a, b) = tokio::join!(open(&url), open(&url));
        let (a, b) = (a.unwrap(), b.unwrap());
        let mut changes = b.changes().await.unwrap().expect("PostgreSQL tells");
        the_constraints_decide(&*a).await;
        // Every change was announced to the other process, in order.
        let mut seen = Vec::new();
        while let Ok(Some(c)) =
            tokio::time::timeout(std::time::Duration::from_secs(2), changes.recv()).await
        {
            // t2 (a lobby table the test deletes) goes first; t1 expires last
            let done = matches!(&c, Change::Gone { table } if table == "t1");
            seen.push(c);
            if done {
                break;
            }
        }
        let t = || "t1".to_string();
        let moves: Vec<&Change> = seen
            .iter()
            .filter(|c| matches!(c, Change::Move { .. }))
            .collect();
        assert_eq!(
            moves,
            vec![
                &Change::Move {
                    table: t(),
                    moves: 1
                },
                &Change::Move {
                    table: t(),
                    moves: 2
                }
            ]
        );
        assert!(seen.contains(&Change::Seats { table: t() }));
        assert!(seen.contains(&Change::Gone { table: "t2".into() }));
        assert_eq!(seen.last(), Some(&Change::Gone { table: t() }));
        a.announce("here t9 p1 0,2").await.unwrap();
        let c = tokio::time::timeout(std::time::Duration::from_secs(2), changes.recv())
            .await
            .unwrap();
        assert_eq!(
            c,
            Some(Change::Presence {
                table: "t9".into(),
                from: "p1".into(),
                counts: vec![0, 2]
            })
        );
    }

    #[test]
    fn payloads_parse_and_junk_is_ignored() {
        assert_eq!(
            parse_payload("move abc 12"),
            Some(Change::Move {
                table: "abc".into(),
                moves: 12
            })
        );
        assert_eq!(parse_payload("move abc x"), None);
        assert_eq!(parse_payload("here abc p 1,x"), None);
        assert_eq!(parse_payload("what abc 1"), None);
        assert_eq!(parse_payload(""), None);
    }
}
