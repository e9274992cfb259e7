//! The PostgreSQL store: the same tables as SQLite (migrations/postgres/,
//! the same schema in PostgreSQL's dialect), shared by any number of
//! `tongiaki serve` processes. Every race between them is decided by a
//! constraint (see `mod.rs`); every committed change is announced to all of
//! them by a trigger's NOTIFY on the channel `tongiaki` (0003_notify.sql),
//! which [`PgStore::changes`] turns into [`Change`]s.

use super::sql::{impl_store, until, Backend, Queries, Write, MIGRATIONS_TABLE};
use super::*;
use sqlx::postgres::{PgListener, PgPoolOptions, PgQueryResult};
use sqlx::{Connection, Pool, Postgres};
use std::time::Duration;
use tokio::sync::mpsc;

/// Every operation on the database is answered within this, done or not
/// (waiting for a connection included): a database that is away is a
/// `store` error at once, rather than after the pool's ten seconds of
/// retrying (issue 29). A connection that did not answer in time is
/// dropped, not given back to the pool.
pub const DEADLINE: Duration = Duration::from_millis(1500);

/// The schema, in order; each runs once. Migrations run in one transaction
/// under an advisory lock, so that processes starting together on an empty
/// database do not race.
const MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        include_str!("../../../migrations/postgres/0001_tables.sql"),
    ),
    (
        2,
        include_str!("../../../migrations/postgres/0002_no_ended.sql"),
    ),
    (
        3,
        include_str!("../../../migrations/postgres/0003_notify.sql"),
    ),
    // Issue 31 numbers its migrations from 20 (issue 29's from 10).
    (
        20,
        include_str!("../../../migrations/postgres/0020_meet.sql"),
    ),
];

/// The advisory lock key the migrations hold ("tongiaki" in ASCII).
const MIGRATION_LOCK: i64 = 0x746f_6e67_6961_6b69;

/// The NOTIFY channel (0003_notify.sql).
pub const CHANNEL: &str = "tongiaki";

pub struct PgStore {
    /// Reads (its pool is the writes' too).
    q: Queries<Postgres>,
    write: Pool<Postgres>,
    url: String,
}

impl Backend for Postgres {
    const SNAPSHOT: Option<&'static str> =
        Some("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    fn rows_affected(r: &PgQueryResult) -> u64 {
        r.rows_affected()
    }
}

/// A NOTIFY payload as a change: `KIND TABLE N` (0003_notify.sql,
/// 0020_meet.sql), or a presence report `here TABLE FROM COUNTS` (see
/// [`Change::Presence`]).
pub fn parse_payload(p: &str) -> Option<Change> {
    let mut f = p.split(' ');
    let kind = f.next()?;
    let table = f.next()?.to_string();
    match kind {
        "move" => Some(Change::Move {
            table,
            moves: f.next()?.parse().ok()?,
        }),
        "seats" => Some(Change::Seats { table }),
        "gone" => Some(Change::Gone { table }),
        "chat" => Some(Change::Chat {
            table,
            id: f.next()?.parse().ok()?,
        }),
        "meet" => Some(Change::Meet { table }),
        "here" => {
            let from = f.next()?.to_string();
            let counts = f
                .next()?
                .split(',')
                .map(|c| c.parse().ok())
                .collect::<Option<Vec<u32>>>()?;
            Some(Change::Presence {
                table,
                from,
                counts,
            })
        }
        _ => None,
    }
}

impl PgStore {
    /// Connects to `postgres://…` and runs the migrations it has not had.
    pub async fn open(url: &str) -> Result<PgStore, String> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(DEADLINE)
            .connect(url)
            .await
            .map_err(|e| format!("cannot open {}: {e}", redact(url)))?;
        let store = PgStore {
            q: Queries {
                read: pool.clone(),
                deadline: Some(DEADLINE),
            },
            write: pool,
            url: url.to_string(),
        };
        store
            .migrate()
            .await
            .map_err(|e| format!("{}: {e}", redact(url)))?;
        Ok(store)
    }

    /// All migrations in one transaction, under the advisory lock.
    async fn migrate(&self) -> Result<(), sqlx::Error> {
        let mut tx = self.write.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *tx)
            .await?;
        sqlx::raw_sql(MIGRATIONS_TABLE).execute(&mut *tx).await?;
        for (version, sql) in MIGRATIONS {
            Queries::<Postgres>::migrate(&mut tx, *version, sql).await?;
        }
        tx.commit().await
    }
}

impl PgStore {
    /// One write in a transaction of its own, within [`DEADLINE`], on a
    /// connection that is dropped rather than reused if anything failed.
    async fn write(&self, w: Write) -> StoreResult<Option<i64>> {
        let (mut conn, at) = Queries::<Postgres>::acquire(&self.write, Some(DEADLINE)).await?;
        let r = until(at, async {
            let mut tx = conn.begin().await.map_err(other)?;
            let made = Queries::<Postgres>::write_on(&mut tx, &w).await?;
            tx.commit().await.map_err(classify)?;
            Ok(made)
        })
        .await;
        Queries::<Postgres>::done(conn, &r);
        r
    }
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Forwards the channel's notifications for ever; after a lost connection
/// (notifications may have been missed) it says `Resync`.
async fn listen(url: String, first: PgListener, tx: mpsc::UnboundedSender<Change>) {
    let mut first = Some(first);
    loop {
        let mut l = match first.take() {
            Some(l) => l,
            None => {
                tokio::time::sleep(Duration::from_millis(500)).await;
                let mut l = match PgListener::connect(&url).await {
                    Ok(l) => l,
                    Err(e) => {
                        eprintln!("online: listen: {e}");
                        continue;
                    }
                };
                if let Err(e) = l.listen(CHANNEL).await {
                    eprintln!("online: listen: {e}");
                    continue;
                }
                if tx.send(Change::Resync).is_err() {
                    return;
                }
                l
            }
        };
        // try_recv: None when the connection was lost (then a fresh
        // listener and a resync, rather than sqlx's silent reconnect).
        while let Ok(Some(n)) = l.try_recv().await {
            if let Some(c) = parse_payload(n.payload()) {
                if tx.send(c).is_err() {
                    return;
                }
            }
        }
        eprintln!("online: the notification connection was lost; reconnecting");
    }
}

impl_store! {
    PgStore;

    async fn expire(
        &self,
        mode: Mode,
        waiting_only: bool,
        before_ms: i64,
    ) -> StoreResult<Vec<String>> {
        // Seats and moves go with their table (ON DELETE CASCADE). Two
        // processes expiring at once delete each table once.
        let (mut conn, at) = Queries::<Postgres>::acquire(&self.write, Some(DEADLINE)).await?;
        let r = until(at, async {
            sqlx::query_scalar(if waiting_only {
                "DELETE FROM tables WHERE id IN
                   (SELECT id FROM tables WHERE mode = $1 AND updated_ms < $2 AND status = 'waiting' LIMIT 1000)
                 RETURNING id"
            } else {
                "DELETE FROM tables WHERE id IN
                   (SELECT id FROM tables WHERE mode = $1 AND updated_ms < $2 LIMIT 1000)
                 RETURNING id"
            })
            .bind(mode.as_str())
            .bind(before_ms)
            .fetch_all(&mut *conn)
            .await
            .map_err(other)
        })
        .await;
        Queries::<Postgres>::done(conn, &r);
        r
    }


    async fn changes(&self) -> StoreResult<Option<mpsc::UnboundedReceiver<Change>>> {
        // Listening before the first table is loaded: nothing committed
        // after a load is missed.
        let mut l = PgListener::connect(&self.url).await.map_err(other)?;
        l.listen(CHANNEL).await.map_err(other)?;
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(listen(self.url.clone(), l, tx));
        Ok(Some(rx))
    }

    async fn announce(&self, payload: &str) -> StoreResult<()> {
        let (mut conn, at) = Queries::<Postgres>::acquire(&self.write, Some(DEADLINE)).await?;
        let r = until(at, async {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&mut *conn)
                .await
                .map(|_| ())
                .map_err(other)
        })
        .await;
        Queries::<Postgres>::done(conn, &r);
        r
    }
}
