//! The statements both stores run, written once. The two schemas are the
//! same tables (migrations/sqlite/ and migrations/postgres/ differ only in
//! dialect), so every operation is one text for both: the placeholders are
//! PostgreSQL's `$1, $2, …`, which sqlx's SQLite driver takes too; the
//! counters are bound and read as `i32` (PostgreSQL's `INTEGER`) and the
//! flags as `bool` (PostgreSQL's `BOOLEAN`; SQLite stores and reads them as
//! the integers 0 and 1). What is a backend's own stays in its file: how it
//! opens and migrates, `expire`, and PostgreSQL's `changes` and `announce`.

use super::*;
use crate::online::names::fold;
use sqlx::database::Database;
use sqlx::{ColumnIndex, Decode, Encode, Executor, FromRow, IntoArguments, Pool, Row, Type};

/// What the shared statements need of a database beyond sqlx's traits.
pub(super) trait Backend: Database {
    /// Run first in a load's transaction so that its three reads see one
    /// snapshot (`None`: the database's transactions already do).
    const SNAPSHOT: Option<&'static str>;
    /// How many rows a statement changed (sqlx has no trait for it).
    fn rows_affected(r: &Self::QueryResult) -> u64;
}

/// A store's pools, with one method for each statement (or transaction)
/// both backends share.
pub(super) struct Queries<DB: Database> {
    /// Every write.
    pub write: Pool<DB>,
    /// Reads (loading tables, counting); may be the same pool.
    pub read: Pool<DB>,
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

    pub async fn create_table(&self, t: &TableRecord, seats: &[SeatRecord]) -> StoreResult<()> {
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
        self.then_seats(insert, &t.id, seats).await
    }

    pub async fn add_seat(&self, table: &str, seat: &SeatRecord, now_ms: i64) -> StoreResult<()> {
        // On PostgreSQL the row lock this takes orders two joins at once:
        // the second sees the first's seat (and its primary key says no).
        let touch =
            sqlx::query("UPDATE tables SET updated_ms = $1 WHERE id = $2 AND status = 'waiting'")
                .bind(now_ms)
                .bind(table);
        self.then_seats(touch, table, std::slice::from_ref(seat))
            .await
    }

    pub async fn begin_game(
        &self,
        table: &str,
        options: &Value,
        bots: &[SeatRecord],
        now_ms: i64,
    ) -> StoreResult<()> {
        let begin = sqlx::query(
            "UPDATE tables SET status = 'playing', options = $1, updated_ms = $2 WHERE id = $3 AND status = 'waiting'",
        )
        .bind(options.to_string())
        .bind(now_ms)
        .bind(table);
        self.then_seats(begin, table, bots).await
    }

    /// `first` (a table's insert, or a change to a waiting table), then
    /// `seats` at `table`, in one transaction: `Conflict` if `first` changed
    /// no row (the table is no longer waiting) or a constraint says no.
    async fn then_seats<'q>(
        &self,
        first: sqlx::query::Query<'q, DB, DB::Arguments<'q>>,
        table: &str,
        seats: &[SeatRecord],
    ) -> StoreResult<()> {
        let mut tx = self.write.begin().await.map_err(other)?;
        let changed = first.execute(&mut *tx).await.map_err(classify)?;
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
            .execute(&mut *tx)
            .await
            .map_err(classify)?;
        }
        // No constraint is deferred to the commit today; if one were, its
        // no would be a `Conflict` too.
        tx.commit().await.map_err(classify)
    }

    pub async fn set_seat_bot(
        &self,
        table: &str,
        seat: u8,
        bot: Option<&str>,
        replaced: bool,
    ) -> StoreResult<()> {
        sqlx::query("UPDATE seats SET bot = $1, replaced = $2 WHERE table_id = $3 AND seat = $4")
            .bind(bot)
            .bind(replaced)
            .bind(table)
            .bind(seat as i32)
            .execute(&self.write)
            .await
            .map_err(other)?;
        Ok(())
    }

    pub async fn append_move(
        &self,
        table: &str,
        m: &MoveRecord,
        over: bool,
        now_ms: i64,
    ) -> StoreResult<()> {
        // One statement (its trigger touches the table; PostgreSQL's also
        // announce the move when it commits): one round trip to the writer.
        sqlx::query(
            "INSERT INTO moves (table_id, n, seat, action, by_bot, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(table)
        .bind(m.n as i32)
        .bind(m.seat as i32)
        .bind(m.action.to_string())
        .bind(m.by_bot)
        .bind(now_ms)
        .execute(&self.write)
        .await
        .map_err(classify)?;
        if over {
            // Derivable from the log too: a crash before this line loses
            // nothing (loading replays the log and sees the end).
            sqlx::query("UPDATE tables SET status = 'over' WHERE id = $1")
                .bind(table)
                .execute(&self.write)
                .await
                .map_err(other)?;
        }
        Ok(())
    }

    pub async fn moves_from(&self, table: &str, from: u32) -> StoreResult<Vec<MoveRecord>> {
        let rows = sqlx::query(
            "SELECT n, seat, action, by_bot FROM moves WHERE table_id = $1 AND n >= $2 ORDER BY n",
        )
        .bind(table)
        .bind(from as i32)
        .fetch_all(&self.read)
        .await
        .map_err(other)?;
        rows.iter().map(Self::move_from_row).collect()
    }

    pub async fn load(&self, table: &str) -> StoreResult<Option<StoredTable>> {
        let mut tx = self.read.begin().await.map_err(other)?;
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
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tables")
            .fetch_one(&self.read)
            .await
            .map_err(other)?;
        Ok(n as u64)
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

/// `impl Store for STORE`, where STORE keeps its [`Queries`] in a field `q`:
/// every operation both backends share runs the statement above; the items
/// after `STORE;` are the backend's own (`expire`, and PostgreSQL's
/// `changes` and `announce`).
macro_rules! impl_store {
    ($store:ident; $($own:tt)*) => {
        #[async_trait]
        impl Store for $store {
            async fn create_table(&self, t: &TableRecord, seats: &[SeatRecord]) -> StoreResult<()> {
                self.q.create_table(t, seats).await
            }

            async fn add_seat(
                &self,
                table: &str,
                seat: &SeatRecord,
                now_ms: i64,
            ) -> StoreResult<()> {
                self.q.add_seat(table, seat, now_ms).await
            }

            async fn begin_game(
                &self,
                table: &str,
                options: &Value,
                bots: &[SeatRecord],
                now_ms: i64,
            ) -> StoreResult<()> {
                self.q.begin_game(table, options, bots, now_ms).await
            }

            async fn set_seat_bot(
                &self,
                table: &str,
                seat: u8,
                bot: Option<&str>,
                replaced: bool,
            ) -> StoreResult<()> {
                self.q.set_seat_bot(table, seat, bot, replaced).await
            }

            async fn append_move(
                &self,
                table: &str,
                m: &MoveRecord,
                over: bool,
                now_ms: i64,
            ) -> StoreResult<()> {
                self.q.append_move(table, m, over, now_ms).await
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
                self.q.add_chat(table, line).await
            }

            async fn chat_line(&self, table: &str, id: i64) -> StoreResult<Option<ChatRecord>> {
                self.q.chat_line(table, id).await
            }

            async fn chat_tail(&self, table: &str, n: u32) -> StoreResult<Vec<ChatRecord>> {
                self.q.chat_tail(table, n).await
            }

            async fn set_rematch(&self, table: &str, rematch: &str, by: u8) -> StoreResult<()> {
                self.q.set_rematch(table, rematch, by).await
            }

            async fn set_spectator_chat(&self, table: &str, on: bool) -> StoreResult<()> {
                self.q.set_spectator_chat(table, on).await
            }

            async fn meet(&self, table: &str) -> StoreResult<Option<Meet>> {
                self.q.meet(table).await
            }

            async fn delete_table(&self, table: &str) -> StoreResult<()> {
                self.q.delete_table(table).await
            }

            $($own)*
        }
    };
}
pub(super) use impl_store;
