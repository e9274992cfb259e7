//! The SQLite store: one file, WAL journal, `synchronous=NORMAL` (a commit
//! survives the process being killed at any moment; the last commits before
//! a power cut may not). SQLite has one writer at a time, so writes go
//! through one connection (queued in this process rather than retried by
//! SQLite's busy handler, which sleeps in steps of milliseconds) and reads
//! through a few others.

use super::sql::{impl_store, Backend, Queries, MIGRATIONS_TABLE};
use super::*;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteQueryResult,
    SqliteSynchronous,
};
use sqlx::Sqlite;
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
    // Issue 31 numbers its migrations from 20 (issue 29's from 10).
    (20, include_str!("../../../migrations/sqlite/0020_meet.sql")),
];

/// How often the write-ahead log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

pub struct SqliteStore {
    /// Writes through one connection, reads through a few others.
    q: Queries<Sqlite>,
}

impl Backend for Sqlite {
    /// A read transaction in WAL mode sees one snapshot already.
    const SNAPSHOT: Option<&'static str> = None;
    fn rows_affected(r: &SqliteQueryResult) -> u64 {
        r.rows_affected()
    }
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
        let write = SqlitePoolOptions::new()
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
        let store = SqliteStore {
            q: Queries { write, read },
        };
        store.migrate().await.map_err(|e| format!("{url}: {e}"))?;
        Ok(store)
    }

    /// Each migration in a transaction of its own.
    async fn migrate(&self) -> Result<(), sqlx::Error> {
        sqlx::raw_sql(MIGRATIONS_TABLE)
            .execute(&self.q.write)
            .await?;
        for (version, sql) in MIGRATIONS {
            let mut tx = self.q.write.begin().await?;
            Queries::<Sqlite>::migrate(&mut tx, *version, sql).await?;
            tx.commit().await?;
        }
        Ok(())
    }
}

impl_store! {
    SqliteStore;

    async fn expire(&self, mode: Mode, before_ms: i64) -> StoreResult<Vec<String>> {
        let mut tx = self.q.write.begin().await.map_err(other)?;
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM tables WHERE mode = $1 AND updated_ms < $2 LIMIT 1000",
        )
        .bind(mode.as_str())
        .bind(before_ms)
        .fetch_all(&mut *tx)
        .await
        .map_err(other)?;
        for id in &ids {
            for sql in [
                "DELETE FROM moves WHERE table_id = $1",
                "DELETE FROM seats WHERE table_id = $1",
                "DELETE FROM tables WHERE id = $1",
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
}
