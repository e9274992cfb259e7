//! The SQLite store: one file, WAL journal, `synchronous=NORMAL` (a commit
//! survives the process being killed at any moment; the last commits before
//! a power cut may not). SQLite has one writer at a time, so writes go
//! through one connection (queued in this process rather than retried by
//! SQLite's busy handler, which sleeps in steps of milliseconds) and reads
//! through a few others.

use super::*;
use crate::online::names::fold;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

/// The schema, in order; each runs once, in a transaction.
const MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        include_str!("../../../migrations/sqlite/0001_tables.sql"),
    ),
    (
        2,
        include_str!("../../../migrations/sqlite/0002_no_ended.sql"),
    ),
];

/// How often the write-ahead log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

pub struct SqliteStore {
    /// One connection: every write.
    pool: SqlitePool,
    /// Reads (loading tables, counting).
    read: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if need be) the database at `sqlite:PATH` and runs
    /// the migrations it has not had.
    pub async fn open(url: &str) -> Result<SqliteStore, String> {
        let opts = SqliteConnectOptions::from_str(url)
            .map_err(|e| format!("{url}: {e}"))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        // The writer never checkpoints (a checkpoint fsyncs the database
        // file, and every write would wait for it); a task of its own does,
        // without blocking the writer.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(opts.clone().pragma("wal_autocheckpoint", "0"))
            .await
            .map_err(|e| format!("cannot open {url}: {e}"))?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_lazy_with(opts.clone().read_only(true));
        let checkpointer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_lazy_with(opts);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
            loop {
                tick.tick().await;
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&checkpointer)
                    .await
                {
                    eprintln!("online: checkpoint: {e}");
                }
            }
        });
        let store = SqliteStore { pool, read };
        store.migrate().await.map_err(|e| format!("{url}: {e}"))?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), sqlx::Error> {
        sqlx::raw_sql(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await?;
        for (version, sql) in MIGRATIONS {
            let mut tx = self.pool.begin().await?;
            let done: Option<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = ?")
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
            if done.is_none() {
                sqlx::raw_sql(sql).execute(&mut *tx).await?;
                sqlx::query("INSERT INTO schema_migrations (version, applied_ms) VALUES (?, ?)")
                    .bind(version)
                    .bind(now_ms())
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        }
        Ok(())
    }

    async fn insert_seat(
        conn: &mut sqlx::SqliteConnection,
        table: &str,
        s: &SeatRecord,
    ) -> Result<u64, sqlx::Error> {
        sqlx::query(
            "INSERT INTO seats (table_id, seat, name, name_key, token, bot, replaced) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(table)
        .bind(s.seat as i64)
        .bind(&s.name)
        .bind(fold(&s.name))
        .bind(&s.token)
        .bind(&s.bot)
        .bind(s.replaced as i64)
        .execute(conn)
        .await
        .map(|r| r.rows_affected())
    }
}

fn move_from_row(r: &sqlx::sqlite::SqliteRow) -> StoreResult<MoveRecord> {
    let action: String = r.try_get("action").map_err(other)?;
    Ok(MoveRecord {
        n: r.try_get::<i64, _>("n").map_err(other)? as u32,
        seat: r.try_get::<i64, _>("seat").map_err(other)? as u8,
        action: serde_json::from_str(&action).map_err(other)?,
        by_bot: r.try_get::<i64, _>("by_bot").map_err(other)? != 0,
    })
}

#[async_trait]
impl Store for SqliteStore {
    async fn create_table(&self, t: &TableRecord, seats: &[SeatRecord]) -> StoreResult<()> {
        let mut tx = self.pool.begin().await.map_err(other)?;
        sqlx::query(
            "INSERT INTO tables (id, seats, status, mode, seed, options, gone_after, turn_clock, created_ms, updated_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&t.id)
        .bind(t.seats as i64)
        .bind(t.status.as_str())
        .bind(t.mode.as_str())
        .bind(t.seed as i64)
        .bind(t.options.as_ref().map(|o| o.to_string()))
        .bind(t.gone_after_secs as i64)
        .bind(t.turn_clock_secs as i64)
        .bind(t.created_ms)
        .bind(t.updated_ms)
        .execute(&mut *tx)
        .await
        .map_err(classify)?;
        for s in seats {
            Self::insert_seat(&mut tx, &t.id, s)
                .await
                .map_err(classify)?;
        }
        tx.commit().await.map_err(other)
    }

    async fn add_seat(&self, table: &str, seat: &SeatRecord, now_ms: i64) -> StoreResult<()> {
        let mut tx = self.pool.begin().await.map_err(other)?;
        let touched =
            sqlx::query("UPDATE tables SET updated_ms = ? WHERE id = ? AND status = 'waiting'")
                .bind(now_ms)
                .bind(table)
                .execute(&mut *tx)
                .await
                .map_err(other)?
                .rows_affected();
        if touched == 0 {
            return Err(StoreError::Conflict);
        }
        Self::insert_seat(&mut tx, table, seat)
            .await
            .map_err(classify)?;
        tx.commit().await.map_err(other)
    }

    async fn begin_game(
        &self,
        table: &str,
        options: &Value,
        bots: &[SeatRecord],
        now_ms: i64,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await.map_err(other)?;
        let began = sqlx::query(
            "UPDATE tables SET status = 'playing', options = ?, updated_ms = ? WHERE id = ? AND status = 'waiting'",
        )
        .bind(options.to_string())
        .bind(now_ms)
        .bind(table)
        .execute(&mut *tx)
        .await
        .map_err(other)?
        .rows_affected();
        if began == 0 {
            return Err(StoreError::Conflict);
        }
        for s in bots {
            Self::insert_seat(&mut tx, table, s)
                .await
                .map_err(classify)?;
        }
        tx.commit().await.map_err(other)
    }

    async fn set_seat_bot(
        &self,
        table: &str,
        seat: u8,
        bot: Option<&str>,
        replaced: bool,
    ) -> StoreResult<()> {
        sqlx::query("UPDATE seats SET bot = ?, replaced = ? WHERE table_id = ? AND seat = ?")
            .bind(bot)
            .bind(replaced as i64)
            .bind(table)
            .bind(seat as i64)
            .execute(&self.pool)
            .await
            .map_err(other)?;
        Ok(())
    }

    async fn append_move(
        &self,
        table: &str,
        m: &MoveRecord,
        over: bool,
        now_ms: i64,
    ) -> StoreResult<()> {
        // One statement (the trigger touches the table): the common case
        // costs one round trip to the writer.
        sqlx::query(
            "INSERT INTO moves (table_id, n, seat, action, by_bot, at_ms) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(table)
        .bind(m.n as i64)
        .bind(m.seat as i64)
        .bind(m.action.to_string())
        .bind(m.by_bot as i64)
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .map_err(classify)?;
        if over {
            // Derivable from the log too: a crash before this line loses
            // nothing (loading replays the log and sees the end).
            sqlx::query("UPDATE tables SET status = 'over' WHERE id = ?")
                .bind(table)
                .execute(&self.pool)
                .await
                .map_err(other)?;
        }
        Ok(())
    }

    async fn moves_from(&self, table: &str, from: u32) -> StoreResult<Vec<MoveRecord>> {
        let rows = sqlx::query(
            "SELECT n, seat, action, by_bot FROM moves WHERE table_id = ? AND n >= ? ORDER BY n",
        )
        .bind(table)
        .bind(from as i64)
        .fetch_all(&self.read)
        .await
        .map_err(other)?;
        rows.iter().map(move_from_row).collect()
    }

    async fn load(&self, table: &str) -> StoreResult<Option<StoredTable>> {
        let mut tx = self.read.begin().await.map_err(other)?;
        let Some(r) = sqlx::query(
            "SELECT id, seats, status, mode, seed, options, gone_after, turn_clock, created_ms, updated_ms FROM tables WHERE id = ?",
        )
        .bind(table)
        .fetch_optional(&mut *tx)
        .await
        .map_err(other)?
        else {
            return Ok(None);
        };
        let options: Option<String> = r.try_get("options").map_err(other)?;
        let status: String = r.try_get("status").map_err(other)?;
        let mode: String = r.try_get("mode").map_err(other)?;
        let record = TableRecord {
            id: r.try_get("id").map_err(other)?,
            seats: r.try_get::<i64, _>("seats").map_err(other)? as u8,
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
        };
        let seat_rows = sqlx::query(
            "SELECT seat, name, token, bot, replaced FROM seats WHERE table_id = ? ORDER BY seat",
        )
        .bind(table)
        .fetch_all(&mut *tx)
        .await
        .map_err(other)?;
        let mut seats = Vec::new();
        for s in &seat_rows {
            seats.push(SeatRecord {
                seat: s.try_get::<i64, _>("seat").map_err(other)? as u8,
                name: s.try_get("name").map_err(other)?,
                token: s.try_get("token").map_err(other)?,
                bot: s.try_get("bot").map_err(other)?,
                replaced: s.try_get::<i64, _>("replaced").map_err(other)? != 0,
            });
        }
        let move_rows =
            sqlx::query("SELECT n, seat, action, by_bot FROM moves WHERE table_id = ? ORDER BY n")
                .bind(table)
                .fetch_all(&mut *tx)
                .await
                .map_err(other)?;
        let moves = move_rows
            .iter()
            .map(move_from_row)
            .collect::<StoreResult<Vec<_>>>()?;
        tx.commit().await.map_err(other)?;
        Ok(Some(StoredTable {
            table: record,
            seats,
            moves,
        }))
    }

    async fn expire(&self, mode: Mode, before_ms: i64) -> StoreResult<Vec<String>> {
        let mut tx = self.pool.begin().await.map_err(other)?;
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM tables WHERE mode = ? AND updated_ms < ? LIMIT 1000",
        )
        .bind(mode.as_str())
        .bind(before_ms)
        .fetch_all(&mut *tx)
        .await
        .map_err(other)?;
        for id in &ids {
            for sql in [
                "DELETE FROM moves WHERE table_id = ?",
                "DELETE FROM seats WHERE table_id = ?",
                "DELETE FROM tables WHERE id = ?",
            ] {
                sqlx::query(sql)
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .map_err(other)?;
            }
        }
        tx.commit().await.map_err(other)?;
        Ok(ids)
    }

    async fn count_tables(&self) -> StoreResult<u64> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tables")
            .fetch_one(&self.read)
            .await
            .map_err(other)?;
        Ok(n as u64)
    }
}
