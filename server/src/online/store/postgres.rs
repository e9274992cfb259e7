//! The PostgreSQL store: the same tables as SQLite (migrations/postgres/,
//! the same schema in PostgreSQL's dialect), shared by any number of
//! `tongiaki serve` processes. Every race between them is decided by a
//! constraint (see `mod.rs`); every committed change is announced to all of
//! them by a trigger's NOTIFY on the channel `tongiaki` (0003_notify.sql),
//! which [`PgStore::changes`] turns into [`Change`]s.

use super::*;
use crate::online::names::fold;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions, PgRow};
use sqlx::Row;
use std::time::Duration;
use tokio::sync::mpsc;

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
];

/// The advisory lock key the migrations hold ("tongiaki" in ASCII).
const MIGRATION_LOCK: i64 = 0x746f_6e67_6961_6b69;

/// The NOTIFY channel (0003_notify.sql).
pub const CHANNEL: &str = "tongiaki";

pub struct PgStore {
    pool: PgPool,
    url: String,
}

/// A NOTIFY payload as a change: `KIND TABLE N` (0003_notify.sql), or a
/// presence report `here TABLE FROM COUNTS` (see [`Change::Presence`]).
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
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await
            .map_err(|e| format!("cannot open {}: {e}", redact(url)))?;
        let store = PgStore {
            pool,
            url: url.to_string(),
        };
        store
            .migrate()
            .await
            .map_err(|e| format!("{}: {e}", redact(url)))?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *tx)
            .await?;
        sqlx::raw_sql(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        for (version, sql) in MIGRATIONS {
            let done: Option<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
            if done.is_none() {
                sqlx::raw_sql(sql).execute(&mut *tx).await?;
                sqlx::query("INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)")
                    .bind(version)
                    .bind(now_ms())
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await
    }

    async fn insert_seat(
        conn: &mut sqlx::PgConnection,
        table: &str,
        s: &SeatRecord,
    ) -> Result<u64, sqlx::Error> {
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
        .execute(conn)
        .await
        .map(|r| r.rows_affected())
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

fn move_from_row(r: &PgRow) -> StoreResult<MoveRecord> {
    let action: String = r.try_get("action").map_err(other)?;
    Ok(MoveRecord {
        n: r.try_get::<i32, _>("n").map_err(other)? as u32,
        seat: r.try_get::<i32, _>("seat").map_err(other)? as u8,
        action: serde_json::from_str(&action).map_err(other)?,
        by_bot: r.try_get("by_bot").map_err(other)?,
    })
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

#[async_trait]
impl Store for PgStore {
    async fn create_table(&self, t: &TableRecord, seats: &[SeatRecord]) -> StoreResult<()> {
        let mut tx = self.pool.begin().await.map_err(other)?;
        sqlx::query(
            "INSERT INTO tables (id, seats, status, mode, seed, options, gone_after, turn_clock, created_ms, updated_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
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
        // The row lock this takes orders two joins at once: the second sees
        // the first's seat (and its primary key says no).
        let touched =
            sqlx::query("UPDATE tables SET updated_ms = $1 WHERE id = $2 AND status = 'waiting'")
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
        tx.commit().await.map_err(classify)
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
            "UPDATE tables SET status = 'playing', options = $1, updated_ms = $2 WHERE id = $3 AND status = 'waiting'",
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
        tx.commit().await.map_err(classify)
    }

    async fn set_seat_bot(
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
        // One statement (its triggers touch the table and announce the
        // move when it commits): one round trip.
        sqlx::query(
            "INSERT INTO moves (table_id, n, seat, action, by_bot, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(table)
        .bind(m.n as i32)
        .bind(m.seat as i32)
        .bind(m.action.to_string())
        .bind(m.by_bot)
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .map_err(classify)?;
        if over {
            // Derivable from the log too (see the SQLite store).
            sqlx::query("UPDATE tables SET status = 'over' WHERE id = $1")
                .bind(table)
                .execute(&self.pool)
                .await
                .map_err(other)?;
        }
        Ok(())
    }

    async fn moves_from(&self, table: &str, from: u32) -> StoreResult<Vec<MoveRecord>> {
        let rows = sqlx::query(
            "SELECT n, seat, action, by_bot FROM moves WHERE table_id = $1 AND n >= $2 ORDER BY n",
        )
        .bind(table)
        .bind(from as i32)
        .fetch_all(&self.pool)
        .await
        .map_err(other)?;
        rows.iter().map(move_from_row).collect()
    }

    async fn load(&self, table: &str) -> StoreResult<Option<StoredTable>> {
        // One snapshot for the three reads.
        let mut tx = self.pool.begin().await.map_err(other)?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut *tx)
            .await
            .map_err(other)?;
        let Some(r) = sqlx::query(
            "SELECT id, seats, status, mode, seed, options, gone_after, turn_clock, created_ms, updated_ms FROM tables WHERE id = $1",
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
        };
        let seat_rows = sqlx::query(
            "SELECT seat, name, token, bot, replaced FROM seats WHERE table_id = $1 ORDER BY seat",
        )
        .bind(table)
        .fetch_all(&mut *tx)
        .await
        .map_err(other)?;
        let mut seats = Vec::new();
        for s in &seat_rows {
            seats.push(SeatRecord {
                seat: s.try_get::<i32, _>("seat").map_err(other)? as u8,
                name: s.try_get("name").map_err(other)?,
                token: s.try_get("token").map_err(other)?,
                bot: s.try_get("bot").map_err(other)?,
                replaced: s.try_get("replaced").map_err(other)?,
            });
        }
        let move_rows =
            sqlx::query("SELECT n, seat, action, by_bot FROM moves WHERE table_id = $1 ORDER BY n")
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
        // Seats and moves go with their table (ON DELETE CASCADE). Two
        // processes expiring at once delete each table once.
        sqlx::query_scalar(
            "DELETE FROM tables WHERE id IN
               (SELECT id FROM tables WHERE mode = $1 AND updated_ms < $2 LIMIT 1000)
             RETURNING id",
        )
        .bind(mode.as_str())
        .bind(before_ms)
        .fetch_all(&self.pool)
        .await
        .map_err(other)
    }

    async fn count_tables(&self) -> StoreResult<u64> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tables")
            .fetch_one(&self.pool)
            .await
            .map_err(other)?;
        Ok(n as u64)
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
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await
            .map_err(other)?;
        Ok(())
    }
}
