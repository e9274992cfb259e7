//! The statements both stores run, written once. The two schemas are the
//! same tables (migrations/sqlite/ and migrations/postgres/ differ only in
//! dialect), so every operation is one text for both: the placeholders are
//! PostgreSQL's `$1, $2, …`, which sqlx's SQLite driver takes too; the
//! counters are bound and read as `i32` (PostgreSQL's `INTEGER`) and the
//! flags as `bool` (PostgreSQL's `BOOLEAN`; SQLite stores and reads them as
//! the integers 0 and 1). What is a backend's own stays in its file: how it
//! opens and migrates, how it runs a [`Write`] (SQLite: one writer that
//! commits many at once; PostgreSQL: a pool), `expire`, and PostgreSQL's
//! `changes` and `announce`.

use super::*;
use crate::online::names::fold;
use sqlx::database::Database;
use sqlx::pool::PoolConnection;
use sqlx::{
    ColumnIndex, Connection, Decode, Encode, Executor, FromRow, IntoArguments, Pool, Row, Type,
};
use std::time::{Duration, Instant};

/// What the shared statements need of a database beyond sqlx's traits.
pub(super) trait Backend: Database {
    /// Run first in a load's transaction so that its three reads see one
    /// snapshot (`None`: the database's transactions already do).
    const SNAPSHOT: Option<&'static str>;
    /// How many rows a statement changed (sqlx has no trait for it).
    fn rows_affected(r: &Self::QueryResult) -> u64;
}

/// A write: each is one operation of [`Store`], as data, so that a store
/// can queue it (SQLite's writer runs many in one transaction) and run it
/// on a connection of its choice ([`Queries::write_on`]).
#[derive(Debug)]
pub(super) enum Write {
    Create {
        table: TableRecord,
        seats: Vec<SeatRecord>,
    },
    AddSeat {
        table: String,
        seat: SeatRecord,
        now_ms: i64,
    },
    Begin {
        table: String,
        options: Value,
        bots: Vec<SeatRecord>,
        now_ms: i64,
    },
    SeatBot {
        table: String,
        seat: u8,
        bot: Option<String>,
        replaced: bool,
    },
    Move {
        table: String,
        m: MoveRecord,
        over: bool,
        now_ms: i64,
    },
    /// A chat line (the write's answer is its id).
    Chat {
        table: String,
        line: NewChat,
    },
    /// Set once: `Conflict` if a rematch was made already.
    Rematch {
        table: String,
        rematch: String,
        by: u8,
    },
    SpectatorChat {
        table: String,
        on: bool,
    },
    /// A table with everything it holds.
    Delete {
        table: String,
    },
}

impl Write {
    /// Several statements that must hold together (in a transaction or a
    /// savepoint of their own). The others are one statement each, which
    /// the database applies whole or not at all.
    pub fn several(&self) -> bool {
        matches!(
            self,
            Write::Create { .. }
                | Write::AddSeat { .. }
                | Write::Begin { .. }
                | Write::Move { over: true, .. }
                | Write::Delete { .. }
        )
    }
}

/// A store's reads (its pool), with one function for each statement (or
/// group of statements) both backends share. Writes run on a connection
/// the caller holds, inside the caller's transaction.
pub(super) struct Queries<DB: Database> {
    /// Reads (loading tables, counting).
    pub read: Pool<DB>,
    /// Every read is answered within this, done or not (PostgreSQL: a
    /// database that is away is a `store` error at once, issue 29).
    pub deadline: Option<Duration>,
}

/// `f`, unless `until` comes first: then a store error (and `f`, which
/// only borrows its connection, is dropped).
pub(super) async fn until<T>(
    until: Option<Instant>,
    f: impl std::future::Future<Output = StoreResult<T>>,
) -> StoreResult<T> {
    match until {
        None => f.await,
        Some(t) => tokio::time::timeout_at(t.into(), f)
            .await
            .unwrap_or_else(|_| Err(other("the database did not answer in time"))),
    }
}

/// The migrations' bookkeeping table (both schemas), made first.
pub(super) const MIGRATIONS_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)";

// What sqlx must be told of `DB` to run the statements below: that its
// connections (so its pools and transactions) execute them, that rows are
// read by column name, and which Rust types it binds and reads.
impl<DB> Queries<DB>
where
    DB: Backend,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'r> &'r str: ColumnIndex<DB::Row>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'q> Option<&'q str>: Encode<'q, DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> i32: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> bool: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    (i64,): for<'r> FromRow<'r, DB::Row>,
    for<'q> Option<i32>: Encode<'q, DB>,
{
    /// Runs migration `version` on `conn` unless it ran before, and records
    /// it; the caller holds the transaction.
    pub async fn migrate(
        conn: &mut DB::Connection,
        version: i64,
        sql: &str,
    ) -> Result<(), sqlx::Error> {
        let done: Option<i64> =
            sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *conn)
                .await?;
        if done.is_none() {
            sqlx::raw_sql(sql).execute(&mut *conn).await?;
            sqlx::query("INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)")
                .bind(version)
                .bind(now_ms())
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }

    /// Runs one write on `conn`, inside the caller's transaction (or
    /// savepoint, for a write of [`Write::several`] statements): `Conflict`
    /// if a constraint says no or the table is no longer in the status the
    /// change needs. Its answer: the id of the row it made, for a write
    /// that makes one (a chat line).
    pub async fn write_on(conn: &mut DB::Connection, w: &Write) -> StoreResult<Option<i64>> {
        match w {
            Write::Create { table: t, seats } => {
                let insert = sqlx::query(
                    "INSERT INTO tables (id, seats, status, mode, seed, options, gone_after, turn_clock, created_ms, updated_ms, public, spectator_chat)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                )
                .bind(&t.id)
                .bind(t.seats as i32)
                .bind(t.status.as_str())
                .bind(t.mode.as_str())
                .bind(t.seed as i64)
                .bind(t.options.as_ref().map(|o| o.to_string()))
                .bind(t.gone_after_secs as i64)
                .bind(t.turn_clock_secs as i64)
                .bind(t.created_ms)
                .bind(t.updated_ms)
                .bind(t.meet.public)
                .bind(t.meet.spectator_chat);
                Self::then_seats(conn, insert, &t.id, seats)
                    .await
                    .map(|()| None)
            }
            Write::AddSeat {
                table,
                seat,
                now_ms,
            } => {
                // On PostgreSQL the row lock this takes orders two joins at
                // once: the second sees the first's seat (and its primary
                // key says no).
                let touch = sqlx::query(
                    "UPDATE tables SET updated_ms = $1 WHERE id = $2 AND status = 'waiting'",
                )
                .bind(*now_ms)
                .bind(table.as_str());
                Self::then_seats(conn, touch, table, std::slice::from_ref(seat))
                    .await
                    .map(|()| None)
            }
            Write::Begin {
                table,
                options,
                bots,
                now_ms,
            } => {
                let begin = sqlx::query(
                    "UPDATE tables SET status = 'playing', options = $1, updated_ms = $2 WHERE id = $3 AND status = 'waiting'",
                )
                .bind(options.to_string())
                .bind(*now_ms)
                .bind(table.as_str());
                Self::then_seats(conn, begin, table, bots)
                    .await
                    .map(|()| None)
            }
            Write::SeatBot {
                table,
                seat,
                bot,
                replaced,
            } => {
                sqlx::query(
                    "UPDATE seats SET bot = $1, replaced = $2 WHERE table_id = $3 AND seat = $4",
                )
                .bind(bot.as_deref())
                .bind(*replaced)
                .bind(table.as_str())
                .bind(*seat as i32)
                .execute(&mut *conn)
                .await
                .map_err(other)?;
                Ok(None)
            }
            Write::Move {
                table,
                m,
                over,
                now_ms,
            } => {
                // One statement (its trigger touches the table; PostgreSQL's
                // also announce the move when it commits).
                sqlx::query(
                    "INSERT INTO moves (table_id, n, seat, action, by_bot, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(table.as_str())
                .bind(m.n as i32)
                .bind(m.seat as i32)
                .bind(m.action.to_string())
                .bind(m.by_bot)
                .bind(*now_ms)
                .execute(&mut *conn)
                .await
                .map_err(classify)?;
                if *over {
                    // Derivable from the log too: were this lost, loading
                    // replays the log and sees the end.
                    sqlx::query("UPDATE tables SET status = 'over' WHERE id = $1")
                        .bind(table.as_str())
                        .execute(&mut *conn)
                        .await
                        .map_err(other)?;
                }
                Ok(None)
            }
            // Meeting strangers (issue 31): the statements are in meet.rs.
            Write::Chat { table, line } => Self::add_chat_on(conn, table, line).await.map(Some),
            Write::Rematch { table, rematch, by } => {
                Self::set_rematch_on(conn, table, rematch, *by)
                    .await
                    .map(|()| None)
            }
            Write::SpectatorChat { table, on } => Self::set_spectator_chat_on(conn, table, *on)
                .await
                .map(|()| None),
            Write::Delete { table } => Self::delete_table_on(conn, table).await.map(|()| None),
        }
    }

    /// `first` (a table's insert, or a change to a waiting table), then
    /// `seats` at `table`: `Conflict` if `first` changed no row (the table
    /// is no longer waiting) or a constraint says no.
    async fn then_seats<'q>(
        conn: &mut DB::Connection,
        first: sqlx::query::Query<'q, DB, DB::Arguments<'q>>,
        table: &str,
        seats: &[SeatRecord],
    ) -> StoreResult<()> {
        let changed = first.execute(&mut *conn).await.map_err(classify)?;
        if DB::rows_affected(&changed) == 0 {
            return Err(StoreError::Conflict);
        }
        for s in seats {
            sqlx::query(
                "INSERT INTO seats (table_id, seat, name, name_key, token, bot, replaced) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(table)
            .bind(s.seat as i32)
            .bind(&s.name)
            .bind(fold(&s.name))
            .bind(&s.token)
            .bind(&s.bot)
            .bind(s.replaced)
            .execute(&mut *conn)
            .await
            .map_err(classify)?;
        }
        Ok(())
    }

    /// A connection of `pool` before `deadline` (from now); give it back
    /// with [`Queries::done`]. The time left for using it.
    pub async fn acquire(
        pool: &Pool<DB>,
        deadline: Option<Duration>,
    ) -> StoreResult<(PoolConnection<DB>, Option<Instant>)> {
        let at = deadline.map(|d| Instant::now() + d);
        let conn = until(at, async { pool.acquire().await.map_err(other) }).await?;
        Ok((conn, at))
    }

    /// Gives a connection back to its pool, or drops it if it saw an error
    /// (without a word to the database, which may not be listening): a
    /// connection that failed mid-way may still be inside a transaction (the
    /// database may or may not have rolled it back), and nothing after it
    /// may run in that (issue 29).
    pub fn done<T>(conn: PoolConnection<DB>, r: &StoreResult<T>) {
        if r.is_err() {
            drop(conn.detach());
        }
    }

    pub async fn moves_from(&self, table: &str, from: u32) -> StoreResult<Vec<MoveRecord>> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, async {
            sqlx::query(
                "SELECT n, seat, action, by_bot FROM moves WHERE table_id = $1 AND n >= $2 ORDER BY n",
            )
            .bind(table)
            .bind(from as i32)
            .fetch_all(&mut *conn)
            .await
            .map_err(other)
            .and_then(|rows| rows.iter().map(Self::move_from_row).collect())
        })
        .await;
        Self::done(conn, &r);
        r
    }

    pub async fn load(&self, table: &str) -> StoreResult<Option<StoredTable>> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, Self::load_on(&mut conn, table)).await;
        Self::done(conn, &r);
        r
    }

    /// The three reads of a table, in one snapshot.
    async fn load_on(conn: &mut DB::Connection, table: &str) -> StoreResult<Option<StoredTable>> {
        let mut tx = conn.begin().await.map_err(other)?;
        if let Some(snapshot) = DB::SNAPSHOT {
            sqlx::query(snapshot)
                .execute(&mut *tx)
                .await
                .map_err(other)?;
        }
        let Some(r) = sqlx::query(
            "SELECT id, seats, status, mode, seed, options, gone_after, turn_clock, created_ms, updated_ms, public, spectator_chat, rematch, rematch_by FROM tables WHERE id = $1",
        )
        .bind(table)
        .fetch_optional(&mut *tx)
        .await
        .map_err(other)?
        else {
            return Ok(None);
        };
        let record = Self::table_from_row(&r)?;
        let seats = sqlx::query(
            "SELECT seat, name, token, bot, replaced FROM seats WHERE table_id = $1 ORDER BY seat",
        )
        .bind(table)
        .fetch_all(&mut *tx)
        .await
        .map_err(other)?
        .iter()
        .map(Self::seat_from_row)
        .collect::<StoreResult<Vec<_>>>()?;
        let moves =
            sqlx::query("SELECT n, seat, action, by_bot FROM moves WHERE table_id = $1 ORDER BY n")
                .bind(table)
                .fetch_all(&mut *tx)
                .await
                .map_err(other)?
                .iter()
                .map(Self::move_from_row)
                .collect::<StoreResult<Vec<_>>>()?;
        tx.commit().await.map_err(other)?;
        Ok(Some(StoredTable {
            table: record,
            seats,
            moves,
        }))
    }

    pub async fn count_tables(&self) -> StoreResult<u64> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, async {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM tables")
                .fetch_one(&mut *conn)
                .await
                .map(|n| n as u64)
                .map_err(other)
        })
        .await;
        Self::done(conn, &r);
        r
    }

    fn table_from_row(r: &DB::Row) -> StoreResult<TableRecord> {
        let options: Option<String> = r.try_get("options").map_err(other)?;
        let status: String = r.try_get("status").map_err(other)?;
        let mode: String = r.try_get("mode").map_err(other)?;
        Ok(TableRecord {
            id: r.try_get("id").map_err(other)?,
            seats: r.try_get::<i32, _>("seats").map_err(other)? as u8,
            status: Status::parse(&status).ok_or_else(|| other(format!("status {status}")))?,
            mode: Mode::parse(&mode).ok_or_else(|| other(format!("mode {mode}")))?,
            seed: r.try_get::<i64, _>("seed").map_err(other)? as u64,
            options: match options {
                Some(o) => Some(serde_json::from_str(&o).map_err(other)?),
                None => None,
            },
            gone_after_secs: r.try_get::<i64, _>("gone_after").map_err(other)? as u64,
            turn_clock_secs: r.try_get::<i64, _>("turn_clock").map_err(other)? as u64,
            created_ms: r.try_get("created_ms").map_err(other)?,
            updated_ms: r.try_get("updated_ms").map_err(other)?,
            meet: Self::meet_from_row(r)?,
        })
    }

    fn seat_from_row(r: &DB::Row) -> StoreResult<SeatRecord> {
        Ok(SeatRecord {
            seat: r.try_get::<i32, _>("seat").map_err(other)? as u8,
            name: r.try_get("name").map_err(other)?,
            token: r.try_get("token").map_err(other)?,
            bot: r.try_get("bot").map_err(other)?,
            replaced: r.try_get("replaced").map_err(other)?,
        })
    }

    fn move_from_row(r: &DB::Row) -> StoreResult<MoveRecord> {
        let action: String = r.try_get("action").map_err(other)?;
        Ok(MoveRecord {
            n: r.try_get::<i32, _>("n").map_err(other)? as u32,
            seat: r.try_get::<i32, _>("seat").map_err(other)? as u8,
            action: serde_json::from_str(&action).map_err(other)?,
            by_bot: r.try_get("by_bot").map_err(other)?,
        })
    }
}

/// `impl Store for STORE`, where STORE keeps its [`Queries`] in a field `q`
/// and runs a [`Write`] with its own `async fn write(&self, Write) ->
/// StoreResult<Option<i64>>` (the answer of [`Queries::write_on`]): every operation both backends share; the items after
/// `STORE;` are the backend's own (`expire`, and PostgreSQL's `changes` and
/// `announce`).
macro_rules! impl_store {
    ($store:ident; $($own:tt)*) => {
        #[async_trait]
        impl Store for $store {
            async fn create_table(&self, t: &TableRecord, seats: &[SeatRecord]) -> StoreResult<()> {
                self.write(Write::Create {
                    table: t.clone(),
                    seats: seats.to_vec(),
                })
                .await
                .map(drop)
            }

            async fn add_seat(
                &self,
                table: &str,
                seat: &SeatRecord,
                now_ms: i64,
            ) -> StoreResult<()> {
                self.write(Write::AddSeat {
                    table: table.to_string(),
                    seat: seat.clone(),
                    now_ms,
                })
                .await
                .map(drop)
            }

            async fn begin_game(
                &self,
                table: &str,
                options: &Value,
                bots: &[SeatRecord],
                now_ms: i64,
            ) -> StoreResult<()> {
                self.write(Write::Begin {
                    table: table.to_string(),
                    options: options.clone(),
                    bots: bots.to_vec(),
                    now_ms,
                })
                .await
                .map(drop)
            }

            async fn set_seat_bot(
                &self,
                table: &str,
                seat: u8,
                bot: Option<&str>,
                replaced: bool,
            ) -> StoreResult<()> {
                self.write(Write::SeatBot {
                    table: table.to_string(),
                    seat,
                    bot: bot.map(str::to_string),
                    replaced,
                })
                .await
                .map(drop)
            }

            async fn append_move(
                &self,
                table: &str,
                m: &MoveRecord,
                over: bool,
                now_ms: i64,
            ) -> StoreResult<()> {
                self.write(Write::Move {
                    table: table.to_string(),
                    m: m.clone(),
                    over,
                    now_ms,
                })
                .await
                .map(drop)
            }

            async fn moves_from(&self, table: &str, from: u32) -> StoreResult<Vec<MoveRecord>> {
                self.q.moves_from(table, from).await
            }

            async fn load(&self, table: &str) -> StoreResult<Option<StoredTable>> {
                self.q.load(table).await
            }

            async fn count_tables(&self) -> StoreResult<u64> {
                self.q.count_tables().await
            }

            // Meeting strangers (issue 31): the statements are in meet.rs.
            async fn lobby(&self, limit: u32) -> StoreResult<Vec<LobbyRecord>> {
                self.q.lobby(limit).await
            }

            async fn add_chat(&self, table: &str, line: &NewChat) -> StoreResult<i64> {
                self.write(Write::Chat {
                    table: table.to_string(),
                    line: line.clone(),
                })
                .await?
                .ok_or_else(|| other("a chat line without an id"))
            }

            async fn chat_line(&self, table: &str, id: i64) -> StoreResult<Option<ChatRecord>> {
                self.q.chat_line(table, id).await
            }

            async fn chat_tail(&self, table: &str, n: u32) -> StoreResult<Vec<ChatRecord>> {
                self.q.chat_tail(table, n).await
            }

            async fn set_rematch(&self, table: &str, rematch: &str, by: u8) -> StoreResult<()> {
                self.write(Write::Rematch {
                    table: table.to_string(),
                    rematch: rematch.to_string(),
                    by,
                })
                .await
                .map(drop)
            }

            async fn set_spectator_chat(&self, table: &str, on: bool) -> StoreResult<()> {
                self.write(Write::SpectatorChat {
                    table: table.to_string(),
                    on,
                })
                .await
                .map(drop)
            }

            async fn meet(&self, table: &str) -> StoreResult<Option<Meet>> {
                self.q.meet(table).await
            }

            async fn delete_table(&self, table: &str) -> StoreResult<()> {
                self.write(Write::Delete {
                    table: table.to_string(),
                })
                .await
                .map(drop)
            }

            $($own)*
        }
    };
}
pub(super) use impl_store;
