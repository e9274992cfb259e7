//! What the store keeps for meeting strangers (issue 31): a table's lobby,
//! chat and rematch fields ([`Meet`], columns of `tables`), its chat lines,
//! and the lobby's query. The statements are one text for both databases,
//! as in `sql.rs` (migrations/*/0020_meet.sql made the columns and the
//! `chat` table; on PostgreSQL its triggers announce a chat line and a
//! rematch to every process). Its writes are [`super::sql::Write`]s like
//! every other (on SQLite, the one writer's), run by `Queries::write_on`.

use super::sql::{until, Backend, Queries};
use super::*;
use sqlx::{ColumnIndex, Decode, Encode, Executor, FromRow, IntoArguments, Row, Type};

/// A table's lobby, chat and rematch fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meet {
    /// Listed in the lobby while it waits with a free seat.
    pub public: bool,
    /// Spectators may chat (the table's creator may turn it off).
    pub spectator_chat: bool,
    /// The table made for a rematch, once one was asked for.
    pub rematch: Option<String>,
    /// The seat that asked for it.
    pub rematch_by: Option<u8>,
}

impl Default for Meet {
    fn default() -> Meet {
        Meet {
            public: false,
            spectator_chat: true,
            rematch: None,
            rematch_by: None,
        }
    }
}

/// A chat line to store: already checked and cleaned (hub/meet.rs).
#[derive(Clone, Debug, PartialEq)]
pub struct NewChat {
    /// `None`: a spectator.
    pub seat: Option<u8>,
    pub name: Option<String>,
    pub text: String,
    /// A canned phrase's id (the page shows it in the reader's language).
    pub phrase: Option<String>,
    pub at_ms: i64,
}

/// A stored chat line.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatRecord {
    pub id: i64,
    pub line: NewChat,
}

/// A public table still waiting, as the lobby lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyRecord {
    pub id: String,
    pub seats: u8,
    pub mode: Mode,
    pub created_ms: i64,
    /// The seats taken: (seat, name, bot kind).
    pub taken: Vec<(u8, String, Option<String>)>,
}

// sql.rs's bounds for `DB` (its `load` reads the lobby fields with the
// rest of a table's row: `meet_from_row`).
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
    /// The lobby fields of a row of `tables` (`load` reads them with the rest).
    pub(super) fn meet_from_row(r: &DB::Row) -> StoreResult<Meet> {
        Ok(Meet {
            public: r.try_get("public").map_err(other)?,
            spectator_chat: r.try_get("spectator_chat").map_err(other)?,
            rematch: r.try_get("rematch").map_err(other)?,
            rematch_by: r
                .try_get::<Option<i32>, _>("rematch_by")
                .map_err(other)?
                .map(|s| s as u8),
        })
    }

    pub async fn lobby(&self, limit: u32) -> StoreResult<Vec<LobbyRecord>> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, Self::lobby_on(&mut conn, limit)).await;
        Self::done(conn, &r);
        r
    }

    async fn lobby_on(conn: &mut DB::Connection, limit: u32) -> StoreResult<Vec<LobbyRecord>> {
        // One round trip: the waiting public tables (by the index
        // tables_lobby) and their seats.
        let rows = sqlx::query(
            "SELECT t.id, t.seats, t.mode, t.created_ms, s.seat, s.name, s.bot
             FROM tables t LEFT JOIN seats s ON s.table_id = t.id
             WHERE t.id IN (SELECT id FROM tables WHERE public = $1 AND status = 'waiting'
                            ORDER BY created_ms, id LIMIT $2)
             ORDER BY t.created_ms, t.id, s.seat",
        )
        .bind(true)
        .bind(limit as i64)
        .fetch_all(&mut *conn)
        .await
        .map_err(other)?;
        let mut out: Vec<LobbyRecord> = Vec::new();
        for r in &rows {
            let id: String = r.try_get("id").map_err(other)?;
            if out.last().is_none_or(|l| l.id != id) {
                let mode: String = r.try_get("mode").map_err(other)?;
                out.push(LobbyRecord {
                    id,
                    seats: r.try_get::<i32, _>("seats").map_err(other)? as u8,
                    mode: Mode::parse(&mode).ok_or_else(|| other(format!("mode {mode}")))?,
                    created_ms: r.try_get("created_ms").map_err(other)?,
                    taken: Vec::new(),
                });
            }
            let seat: Option<i32> = r.try_get("seat").map_err(other)?;
            if let (Some(seat), Some(last)) = (seat, out.last_mut()) {
                last.taken.push((
                    seat as u8,
                    r.try_get("name").map_err(other)?,
                    r.try_get("bot").map_err(other)?,
                ));
            }
        }
        Ok(out)
    }

    /// A chat line, in the writer's transaction (`Write::Chat`): its id.
    /// `Conflict` if the table is gone (its foreign key says no).
    pub(super) async fn add_chat_on(
        conn: &mut DB::Connection,
        table: &str,
        line: &NewChat,
    ) -> StoreResult<i64> {
        sqlx::query_scalar(
            "INSERT INTO chat (table_id, seat, name, text, phrase, at_ms) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(table)
        .bind(line.seat.map(i32::from))
        .bind(line.name.as_deref())
        .bind(line.text.as_str())
        .bind(line.phrase.as_deref())
        .bind(line.at_ms)
        .fetch_one(&mut *conn)
        .await
        .map_err(classify)
    }

    pub async fn chat_line(&self, table: &str, id: i64) -> StoreResult<Option<ChatRecord>> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, async {
            let row = sqlx::query(
                "SELECT id, seat, name, text, phrase, at_ms FROM chat WHERE table_id = $1 AND id = $2",
            )
            .bind(table)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(other)?;
            row.as_ref().map(Self::chat_from_row).transpose()
        })
        .await;
        Self::done(conn, &r);
        r
    }

    pub async fn chat_tail(&self, table: &str, n: u32) -> StoreResult<Vec<ChatRecord>> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, async {
            let rows = sqlx::query(
                "SELECT id, seat, name, text, phrase, at_ms FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT $2",
            )
            .bind(table)
            .bind(n as i64)
            .fetch_all(&mut *conn)
            .await
            .map_err(other)?;
            let mut lines = rows
                .iter()
                .map(Self::chat_from_row)
                .collect::<StoreResult<Vec<_>>>()?;
            lines.reverse();
            Ok(lines)
        })
        .await;
        Self::done(conn, &r);
        r
    }

    /// The rematch of `table`, set once (`Write::Rematch`): `Conflict` if
    /// one was made already (or the table is gone).
    pub(super) async fn set_rematch_on(
        conn: &mut DB::Connection,
        table: &str,
        rematch: &str,
        by: u8,
    ) -> StoreResult<()> {
        let done = sqlx::query(
            "UPDATE tables SET rematch = $1, rematch_by = $2 WHERE id = $3 AND rematch IS NULL",
        )
        .bind(rematch)
        .bind(by as i32)
        .bind(table)
        .execute(&mut *conn)
        .await
        .map_err(other)?;
        if DB::rows_affected(&done) == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    /// `Write::SpectatorChat`.
    pub(super) async fn set_spectator_chat_on(
        conn: &mut DB::Connection,
        table: &str,
        on: bool,
    ) -> StoreResult<()> {
        sqlx::query("UPDATE tables SET spectator_chat = $1 WHERE id = $2")
            .bind(on)
            .bind(table)
            .execute(&mut *conn)
            .await
            .map_err(other)?;
        Ok(())
    }

    pub async fn meet(&self, table: &str) -> StoreResult<Option<Meet>> {
        let (mut conn, at) = Self::acquire(&self.read, self.deadline).await?;
        let r = until(at, async {
            let row = sqlx::query(
                "SELECT public, spectator_chat, rematch, rematch_by FROM tables WHERE id = $1",
            )
            .bind(table)
            .fetch_optional(&mut *conn)
            .await
            .map_err(other)?;
            row.as_ref().map(Self::meet_from_row).transpose()
        })
        .await;
        Self::done(conn, &r);
        r
    }

    /// A table and everything it holds (`Write::Delete`, several
    /// statements: the caller's transaction or savepoint holds them
    /// together).
    pub(super) async fn delete_table_on(conn: &mut DB::Connection, table: &str) -> StoreResult<()> {
        for sql in [
            "DELETE FROM chat WHERE table_id = $1",
            "DELETE FROM moves WHERE table_id = $1",
            "DELETE FROM seats WHERE table_id = $1",
            "DELETE FROM tables WHERE id = $1",
        ] {
            sqlx::query(sql)
                .bind(table)
                .execute(&mut *conn)
                .await
                .map_err(other)?;
        }
        Ok(())
    }

    fn chat_from_row(r: &DB::Row) -> StoreResult<ChatRecord> {
        Ok(ChatRecord {
            id: r.try_get("id").map_err(other)?,
            line: NewChat {
                seat: r
                    .try_get::<Option<i32>, _>("seat")
                    .map_err(other)?
                    .map(|s| s as u8),
                name: r.try_get("name").map_err(other)?,
                text: r.try_get("text").map_err(other)?,
                phrase: r.try_get("phrase").map_err(other)?,
                at_ms: r.try_get("at_ms").map_err(other)?,
            },
        })
    }
}
