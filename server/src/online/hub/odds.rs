//! Voyage odds at an online table (added to ONLINE.md: docs/api.md#online).
//!
//! A client asks with `{"type": "odds", "moves": N}` and alone gets
//! `{"type": "odds", "moves": N, "odds": [...]}`: the engine's
//! `voyage_odds` of the current position (docs/api.md#odds), the same
//! entries the local page shows. They are a function of what every player
//! sees: the odds count every order of the cards still out (sorted before
//! use) and the sampled ones seed from the action and those cards, never
//! from the pile's real order (src/odds.rs; tests/odds.rs
//! `odds_do_not_depend_on_the_hidden_order_of_the_pile`), so they tell
//! nothing of the seed or the pile.
//!
//! The cost is bounded per table and move: the first client to ask works
//! them out (on the blocking pool, sharing the search bots' slots: one per
//! core) and every later one gets the same message. Asking about a move that
//! is not the current one answers `"odds": null` (the table has moved on);
//! outside a full beach's emigration the list is empty.

use super::Hub;
use crate::online::error::{Code, OnlineError};
use crate::online::store::Status;
use crate::online::wire::ServerMessage;
use serde_json::Value;
use std::sync::Arc;
use tongiaki::Phase;

/// The `odds` message for move `n`.
fn message(n: u32, odds: Option<Value>) -> Arc<str> {
    ServerMessage::Odds { moves: n, odds }.frame()
}

/// No odds: not a full beach's emigration.
fn none() -> Option<Value> {
    Some(Value::Array(Vec::new()))
}

impl Hub {
    /// The `odds` message for move `n` of table `id`.
    pub async fn odds(self: &Arc<Self>, id: &str, n: u32) -> Result<Arc<str>, OnlineError> {
        let (_h, mut t) = self.lock(id).await?;
        if t.status() == Status::Waiting {
            return Err(OnlineError::code(Code::NotStarted));
        }
        let Some(phase) = t.game.as_ref().map(|g| g.phase()) else {
            return Err(OnlineError::code(Code::NotStarted));
        };
        if n != t.moves {
            return Ok(message(n, None));
        }
        if phase != Phase::Emigrate || t.status() != Status::Playing {
            return Ok(message(n, none()));
        }
        let cell = match &t.odds {
            Some((m, cell)) if *m == n => cell.clone(),
            _ => {
                let cell = Arc::default();
                t.odds = Some((n, Arc::clone(&cell)));
                cell
            }
        };
        // (There is a game: its phase was read above.)
        let Some(game) = t.game.clone() else {
            return Err(OnlineError::code(Code::NotStarted));
        };
        drop(t); // the table goes on while the odds are worked out
        let msg = cell
            .get_or_try_init(|| async {
                let _slot = self.search_slots.acquire().await.ok();
                tokio::task::spawn_blocking(move || tongiaki::odds::voyage_odds_json(&game))
                    .await
                    .map(|odds| message(n, Some(odds)))
            })
            .await;
        match msg {
            Ok(msg) => Ok(msg.clone()),
            Err(e) => {
                // A bug, not the client's doing: no odds (and none kept, so
                // the next client asks again).
                eprintln!("online: table {id}: the odds of move {n} failed: {e}");
                Ok(message(n, none()))
            }
        }
    }
}
