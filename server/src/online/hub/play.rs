//! The players at a table: hello and bye on the WebSocket, acts, handing
//! a gone player's seat to a bot; and committing a move (store first, then
//! everyone).

use super::{Hello, Hub, TableHandle};
use crate::online::error::{Code, OnlineError};
use crate::online::store::{now_ms, MoveRecord, Status, StoreError};
use crate::online::table::Table;
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

impl Hub {
    /// A client says hello: with a token it sits at its seat (taking it back
    /// from a bot that stood in), without one it watches.
    pub async fn hello(
        self: &Arc<Self>,
        id: &str,
        tok: Option<&str>,
    ) -> Result<Hello, OnlineError> {
        let (h, mut t) = self.lock(id).await?;
        let seat = match tok {
            None => None,
            Some(tok) => Some(
                t.seat_of(tok)
                    .ok_or_else(|| OnlineError::code(Code::BadToken))?,
            ),
        };
        match seat {
            Some(s) => {
                let i = s as usize;
                if t.seats[i].as_ref().is_some_and(|r| r.replaced) {
                    self.store
                        .set_seat_bot(id, s, None, false)
                        .await
                        .map_err(OnlineError::store)?;
                    if let Some(r) = t.seats[i].as_mut() {
                        r.bot = None;
                        r.replaced = false;
                    }
                }
                t.connected[i] += 1;
                h.send(t.seats_msg());
                self.announce_presence(id, &t);
            }
            None => {
                // Room is kept for people who play: spectators are bounded
                // at each table and in all.
                let all = self.watchers.load(Ordering::Relaxed);
                if t.watchers >= self.config.max_watchers_per_table
                    || all >= self.config.max_watchers
                {
                    return Err(OnlineError::code(Code::TooManyWatchers));
                }
                t.watchers += 1;
                self.watchers.fetch_add(1, Ordering::Relaxed);
            }
        }
        t.last_active = Instant::now();
        let rx = h.tx.subscribe();
        Ok(Hello {
            handle: h.clone(),
            seat,
            rx,
            seats_msg: t.seats_msg(),
            state_msg: t.state_msg.clone(),
            arrival: Some(t.arrival()),
        })
    }

    /// A client's connection closed.
    pub async fn bye(self: &Arc<Self>, h: &TableHandle, seat: Option<u8>) {
        let mut t = h.table.lock().await;
        match seat {
            Some(s) => {
                let i = s as usize;
                t.connected[i] = t.connected[i].saturating_sub(1);
                if !t.present(i) {
                    t.left_at[i] = Instant::now();
                }
                self.announce_presence(&h.id, &t);
                if !t.gone {
                    h.send(t.seats_msg());
                }
            }
            None => {
                t.watchers = t.watchers.saturating_sub(1);
                self.watchers.fetch_sub(1, Ordering::Relaxed);
            }
        }
        t.last_active = Instant::now();
    }

    /// The current seats and state (for a client that fell behind).
    pub async fn current(&self, h: &TableHandle) -> (Arc<str>, Option<Arc<str>>) {
        let t = h.table.lock().await;
        (t.seats_msg(), t.state_msg.clone())
    }

    /// A seated client's act for move `n`.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        seat: u8,
        n: u32,
        action: &Value,
    ) -> Result<(), OnlineError> {
        let (h, mut t) = self.lock(id).await?;
        self.commit(&h, &mut t, seat, n, action, false).await
    }

    /// Hands `seat`, whose player is gone, to a greedy bot.
    pub async fn replace(self: &Arc<Self>, id: &str, seat: u64) -> Result<(), OnlineError> {
        let (h, mut t) = self.lock(id).await?;
        let i = seat as usize;
        if i >= t.seats.len() {
            return Err(OnlineError::detail(Code::BadMessage, "no such seat"));
        }
        t.may_replace(i)?;
        self.store
            .set_seat_bot(id, i as u8, Some("greedy"), true)
            .await
            .map_err(OnlineError::store)?;
        if let Some(r) = t.seats[i].as_mut() {
            r.bot = Some("greedy".into());
            r.replaced = true;
        }
        h.send(t.seats_msg());
        self.kick(&h, &mut t);
        Ok(())
    }

    /// Checks and applies one move, commits it, then tells everyone.
    pub(super) async fn commit(
        self: &Arc<Self>,
        h: &Arc<TableHandle>,
        t: &mut Table,
        seat: u8,
        n: u32,
        action: &Value,
        by_bot: bool,
    ) -> Result<(), OnlineError> {
        match t.status() {
            Status::Waiting => return Err(OnlineError::code(Code::NotStarted)),
            Status::Over => return Err(OnlineError::engine(&tongiaki::Error::game_over())),
            Status::Playing => {}
        }
        let Some(game) = t.game.as_ref() else {
            return Err(OnlineError::code(Code::NotStarted));
        };
        if game.current() != Some(seat) {
            return Err(OnlineError::code(Code::NotYourTurn));
        }
        if n != t.moves {
            return Err(OnlineError::code(Code::Stale));
        }
        // On the heap: the copy is kept across the store's await, so by
        // value it would be part of every connection's task, acting or not
        // (a `Game` is large beside the rest of that task; ws.rs's test
        // keeps the task small).
        let mut next = Box::new(game.clone());
        let events = next
            .apply_json(action)
            .map_err(|e| OnlineError::engine(&e))?;
        let canonical = next.log().last().map_or(Value::Null, |a| a.to_json());
        let rec = MoveRecord {
            n,
            seat,
            action: canonical,
            by_bot,
        };
        let now = now_ms();
        match self
            .store
            .append_move(&h.id, &rec, next.is_over(), now)
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                // Another process committed move n first: catch up (and
                // tell this process's clients), and refuse this one.
                self.catch_up(h, t).await;
                return Err(OnlineError::code(Code::Stale));
            }
            Err(e) => return Err(OnlineError::store(e)),
        }
        t.game = Some(*next);
        t.after_move(events);
        t.record.updated_ms = now;
        t.refresh_state();
        if let Some(s) = &t.state_msg {
            h.send(s.clone());
        }
        if t.status() == Status::Over {
            h.send(t.seats_msg());
        }
        self.kick(h, t);
        Ok(())
    }
}
