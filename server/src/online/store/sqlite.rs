//! The SQLite store: one file, WAL journal, `synchronous=NORMAL` (a commit
//! survives the process being killed at any moment; the last commits before
//! a power cut may not). Reads go through a pool of a few connections.
//!
//! Writes go through one writer task that owns the only write connection
//! (SQLite has one writer at a time; queued here rather than retried by
//! SQLite's busy handler, which sleeps in steps of milliseconds). It takes
//! every write waiting in its queue and commits them in one transaction
//! (each write of several statements in a savepoint of its own, so that one
//! refused does not undo the others), and only then answers each: under
//! load one commit serves many moves, and nothing is acknowledged before it
//! is committed.
//!
//! A write that fails for any reason but a constraint (the disk is full, an
//! I/O error) fails the whole batch, and the connection is closed and opened
//! anew before the next: SQLite may or may not have rolled its transaction
//! back, and no later write may ride on it (issue 29: after a failed
//! table creation on a full disk, every later write went into a transaction
//! that was never committed, and was lost at the next restart).
//!
//! The write-ahead log is copied into the database by a checkpointer on a
//! connection of its own, without waiting for the writer; and whenever the
//! log has grown past [`WAL_CAP`], the writer itself, between two batches,
//! copies the rest and cuts it back to nothing. (A checkpoint beside
//! steady writes never gets to restart the log: it grew without bound,
//! issue 29. Only one checkpoint runs at a time, so they share a lock.)

use super::sql::{impl_store, Backend, Queries, Write, MIGRATIONS_TABLE};
use super::*;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions,
    SqliteQueryResult, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, Sqlite};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Weak;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The schema, in order; each runs once, in a transaction. Versions may
/// leave gaps (each issue numbers its own from its own base: 0010, 0020).
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

/// How often the checkpointer copies the write-ahead log into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// Past this many bytes of write-ahead log, the writer checkpoints it whole
/// and truncates it.
pub const WAL_CAP: u64 = 32 << 20;

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 256;

/// Writes waiting for the writer; past this, a write waits to be queued.
const QUEUE: usize = 4096;

pub struct SqliteStore {
    q: Queries<Sqlite>,
    writer: mpsc::Sender<Job>,
    /// Held by the checkpointer as a `Weak`: it stops once the store is
    /// dropped.
    _alive: Arc<()>,
}

/// A write and who waits for its answer.
enum Job {
    Write(Write, oneshot::Sender<StoreResult<Option<i64>>>),
    Expire {
        mode: Mode,
        waiting_only: bool,
        before_ms: i64,
        reply: oneshot::Sender<StoreResult<Vec<String>>>,
    },
}

impl Job {
    fn several(&self) -> bool {
        match self {
            Job::Write(w, _) => w.several(),
            Job::Expire { .. } => true,
        }
    }

    /// Answers a job that was not committed.
    fn fail(self, e: &str) {
        match self {
            Job::Write(_, reply) => {
                let _ = reply.send(Err(StoreError::Other(e.to_string())));
            }
            Job::Expire { reply, .. } => {
                let _ = reply.send(Err(StoreError::Other(e.to_string())));
            }
        }
    }
}

/// What a job did inside the batch's transaction, answered once the batch
/// is committed.
enum Done {
    Write(
        oneshot::Sender<StoreResult<Option<i64>>>,
        StoreResult<Option<i64>>,
    ),
    Expire(oneshot::Sender<StoreResult<Vec<String>>>, Vec<String>),
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
        // The writer never checkpoints as it commits (a checkpoint fsyncs
        // the database file, and every write would wait for it); see the
        // module's documentation.
        let write_opts = opts.clone().pragma("wal_autocheckpoint", "0");
        let mut first = write_opts
            .connect()
            .await
            .map_err(|e| format!("cannot open {url}: {e}"))?;
        migrate(&mut first)
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_lazy_with(opts.clone().read_only(true));
        let wal = {
            let mut p = opts.get_filename().as_os_str().to_owned();
            p.push("-wal");
            PathBuf::from(p)
        };
        let (tx, rx) = mpsc::channel(QUEUE);
        let checkpointing = Arc::new(tokio::sync::Mutex::new(()));
        tokio::spawn(writer(write_opts, first, rx, wal, checkpointing.clone()));
        let alive = Arc::new(());
        tokio::spawn(checkpointer(opts, checkpointing, Arc::downgrade(&alive)));
        Ok(SqliteStore {
            // A file does not go away the way a server does: no deadline.
            q: Queries {
                read,
                deadline: None,
            },
            writer: tx,
            _alive: alive,
        })
    }

    async fn write(&self, w: Write) -> StoreResult<Option<i64>> {
        let (reply, answer) = oneshot::channel();
        self.writer
            .send(Job::Write(w, reply))
            .await
            .map_err(|_| other("the writer has stopped"))?;
        answer.await.map_err(|_| other("the writer has stopped"))?
    }
}

/// Each migration in a transaction of its own.
async fn migrate(c: &mut SqliteConnection) -> Result<(), sqlx::Error> {
    sqlx::raw_sql(MIGRATIONS_TABLE).execute(&mut *c).await?;
    for (version, sql) in MIGRATIONS {
        let mut tx = c.begin().await?;
        Queries::<Sqlite>::migrate(&mut tx, *version, sql).await?;
        tx.commit().await?;
    }
    Ok(())
}

/// The writer: takes every job waiting, commits them together, answers
/// them; reopens its connection after a failure. Ends when the store (every
/// sender) is gone.
/// After a batch that left the log past [`WAL_CAP`], it checkpoints and
/// truncates the log (once the checkpointer, if at work, is done:
/// `checkpointing`).
async fn writer(
    opts: SqliteConnectOptions,
    first: SqliteConnection,
    mut rx: mpsc::Receiver<Job>,
    wal: PathBuf,
    checkpointing: Arc<tokio::sync::Mutex<()>>,
) {
    let mut conn = Some(first);
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match opts.connect().await {
                Ok(c) => conn.insert(c),
                Err(e) => {
                    let e = e.to_string();
                    eprintln!("online: the store's writer cannot open the database: {e}");
                    for j in batch.drain(..) {
                        j.fail(&e);
                    }
                    continue;
                }
            },
        };
        // Boxed as `Send`: see `write_on`.
        let run: BoxedFuture<'_, Result<(), String>> = Box::pin(run_batch(c, &mut batch));
        if let Err(e) = run.await {
            eprintln!("online: store write failed, nothing of it committed: {e}");
            if let Some(c) = conn.take() {
                // Closing rolls back whatever SQLite left open.
                let _ = c.close().await;
            }
            continue;
        }
        if !std::fs::metadata(&wal).is_ok_and(|m| m.len() > WAL_CAP) {
            continue;
        }
        let _alone = checkpointing.lock().await;
        let Some(c) = conn.as_mut() else {
            continue;
        };
        if let Err(e) = exec(c, "PRAGMA wal_checkpoint(TRUNCATE)").await {
            eprintln!("online: checkpoint (truncate): {e}");
            if let Some(c) = conn.take() {
                let _ = c.close().await;
            }
        }
    }
}

/// Runs `batch` (emptied) in one transaction and answers every job; `Err`
/// when nothing of it was committed (every job answered so), and the
/// connection must not be used again.
async fn run_batch(c: &mut SqliteConnection, batch: &mut Vec<Job>) -> Result<(), String> {
    // One write of one statement needs no transaction of its own.
    let alone = batch.len() == 1 && !batch[0].several();
    let mut done = Vec::with_capacity(batch.len());
    let mut jobs = std::mem::take(batch).into_iter();
    let outcome = async {
        if !alone {
            exec(c, "BEGIN IMMEDIATE").await?;
        }
        for job in jobs.by_ref() {
            let savepoint = !alone && job.several();
            if savepoint {
                exec(c, "SAVEPOINT w").await?;
            }
            let d = match job {
                Job::Write(w, reply) => {
                    let r = write_on(c, &w).await;
                    if let Err(StoreError::Other(e)) = &r {
                        let e = e.clone();
                        Job::Write(w, reply).fail(&e);
                        return Err(e);
                    }
                    if savepoint && r.is_err() {
                        exec(c, "ROLLBACK TO w").await?;
                    }
                    Done::Write(reply, r)
                }
                Job::Expire {
                    mode,
                    waiting_only,
                    before_ms,
                    reply,
                } => match expire_on(c, mode, waiting_only, before_ms).await {
                    Ok(ids) => Done::Expire(reply, ids),
                    Err(e) => {
                        let e = e.to_string();
                        let _ = reply.send(Err(StoreError::Other(e.clone())));
                        return Err(e);
                    }
                },
            };
            if savepoint {
                exec(c, "RELEASE w").await?;
            }
            done.push(d);
        }
        if !alone {
            exec(c, "COMMIT").await?;
        }
        Ok::<(), String>(())
    }
    .await;
    match outcome {
        Ok(()) => {
            for d in done {
                match d {
                    Done::Write(reply, r) => {
                        let _ = reply.send(r);
                    }
                    Done::Expire(reply, ids) => {
                        let _ = reply.send(Ok(ids));
                    }
                }
            }
            Ok(())
        }
        Err(e) => {
            // Nothing was committed: the jobs done so far, and those not
            // reached, are refused alike.
            for d in done {
                match d {
                    Done::Write(reply, _) => {
                        let _ = reply.send(Err(StoreError::Other(e.clone())));
                    }
                    Done::Expire(reply, _) => {
                        let _ = reply.send(Err(StoreError::Other(e.clone())));
                    }
                }
            }
            for j in jobs {
                j.fail(&e);
            }
            Err(e)
        }
    }
}

/// [`Queries::write_on`] for SQLite, boxed: awaited inline in the writer,
/// whose future must be `Send` for any lifetime, the generic function's
/// bounds are more than the compiler can see through.
fn write_on<'a>(
    c: &'a mut SqliteConnection,
    w: &'a Write,
) -> BoxedFuture<'a, StoreResult<Option<i64>>> {
    Box::pin(Queries::<Sqlite>::write_on(c, w))
}

type BoxedFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

fn exec<'a>(c: &'a mut SqliteConnection, sql: &'a str) -> BoxedFuture<'a, Result<(), String>> {
    Box::pin(async move {
        sqlx::query(sql)
            .execute(&mut *c)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
}

/// Deletes the tables untouched since `before_ms` (at most 1,000 at once),
/// in the writer's transaction.
fn expire_on(
    c: &mut SqliteConnection,
    mode: Mode,
    waiting_only: bool,
    before_ms: i64,
) -> BoxedFuture<'_, Result<Vec<String>, sqlx::Error>> {
    Box::pin(expire_unboxed(c, mode, waiting_only, before_ms))
}

async fn expire_unboxed(
    c: &mut SqliteConnection,
    mode: Mode,
    waiting_only: bool,
    before_ms: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let ids: Vec<String> = sqlx::query_scalar(if waiting_only {
        "SELECT id FROM tables WHERE mode = $1 AND updated_ms < $2 AND status = 'waiting' LIMIT 1000"
    } else {
        "SELECT id FROM tables WHERE mode = $1 AND updated_ms < $2 LIMIT 1000"
    })
    .bind(mode.as_str())
    .bind(before_ms)
    .fetch_all(&mut *c)
    .await?;
    for id in &ids {
        for sql in [
            "DELETE FROM moves WHERE table_id = $1",
            "DELETE FROM seats WHERE table_id = $1",
            "DELETE FROM tables WHERE id = $1",
        ] {
            sqlx::query(sql).bind(id).execute(&mut *c).await?;
        }
    }
    Ok(ids)
}

/// Every [`CHECKPOINT_EVERY`], copies the write-ahead log into the
/// database without waiting for the writer or any reader (holding
/// `checkpointing`, which the writer's truncation takes too). Stops with
/// the store.
async fn checkpointer(
    opts: SqliteConnectOptions,
    checkpointing: Arc<tokio::sync::Mutex<()>>,
    alive: Weak<()>,
) {
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_lazy_with(opts);
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    loop {
        tick.tick().await;
        if alive.upgrade().is_none() {
            break;
        }
        let _alone = checkpointing.lock().await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            eprintln!("online: checkpoint: {e}");
        }
    }
    pool.close().await;
}

impl_store! {
    SqliteStore;

    async fn expire(
        &self,
        mode: Mode,
        waiting_only: bool,
        before_ms: i64,
    ) -> StoreResult<Vec<String>> {
        let (reply, answer) = oneshot::channel();
        self.writer
            .send(Job::Expire {
                mode,
                waiting_only,
                before_ms,
                reply,
            })
            .await
            .map_err(|_| other("the writer has stopped"))?;
        answer.await.map_err(|_| other("the writer has stopped"))?
    }
}
