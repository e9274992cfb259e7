//! What happens at a table without a player: a bot's move (on a task of
//! its own; the search bot on the blocking pool, a few at a time), and the
//! turn clock of a live table.

use super::{Hub, TableHandle};
use crate::online::error::Code;
use crate::online::store::Status;
use crate::online::table::{Mover, Table};
use crate::online::token;
use std::sync::Arc;
use std::time::{Duration, Instant};

impl Hub {
    /// Starts whatever must happen next at the table without a player: a
    /// bot's move, or the turn clock.
    pub(super) fn kick(self: &Arc<Self>, h: &Arc<TableHandle>, t: &mut Table) {
        t.last_active = Instant::now();
        match t.mover() {
            Some(Mover::Bot(kind)) => {
                if t.bot_thinking == Some(t.moves) {
                    return;
                }
                let (Some(game), n) = (t.game.clone(), t.moves) else {
                    return;
                };
                t.bot_thinking = Some(n);
                let kept = game
                    .current()
                    .and_then(|seat| t.kept_bots.remove(&seat))
                    .filter(|p| p.kind() == kind);
                let hub = self.clone();
                let h = h.clone();
                tokio::spawn(async move { hub.bot_move(h, n, kind, game, kept).await });
            }
            Some(Mover::Player) => {
                let clock = Duration::from_secs(t.record.turn_clock_secs);
                if clock.is_zero() || t.clock_armed == Some(t.turn_serial) {
                    return;
                }
                t.clock_armed = Some(t.turn_serial);
                let key = t.turn_serial;
                let at = t.turn_started + clock;
                let hub = self.clone();
                let h = h.clone();
                tokio::spawn(async move {
                    tokio::time::sleep_until(at.into()).await;
                    let mut t = h.table.lock().await;
                    if !t.gone && t.turn_serial == key && t.status() == Status::Playing {
                        t.clock_out = true;
                        hub.kick(&h, &mut t);
                    }
                });
            }
            None => {}
        }
    }

    pub(super) async fn bot_move(
        self: Arc<Self>,
        h: Arc<TableHandle>,
        n: u32,
        kind: String,
        game: tongiaki::Game,
        kept: Option<tongiaki::bots::Player>,
    ) {
        if !self.config.bot_delay.is_zero() {
            tokio::time::sleep(self.config.bot_delay).await;
        }
        let permit = if tongiaki::bots::searches(&kind) {
            self.search_slots.acquire().await.ok()
        } else {
            None
        };
        let budget = self.config.search_budget;
        let seed = token::bot_seed();
        let seat = game.current();
        let decided = tokio::task::spawn_blocking(move || {
            let mut player = match kept {
                Some(p) => p,
                None => tongiaki::bots::Player::new(&kind, seed, Some(budget))?,
            };
            let d = player.decide(&game, seed, Some(budget))?;
            Ok::<_, tongiaki::bots::BotError>((d, player))
        })
        .await;
        drop(permit);
        let mut t = h.table.lock().await;
        let decided = decided.map(|r| {
            r.map(|(d, player)| {
                // Kept for the seat's next decision (dropped with the table).
                if let Some(seat) = seat {
                    t.kept_bots.insert(seat, player);
                }
                d
            })
        });
        if t.bot_thinking == Some(n) {
            t.bot_thinking = None;
        }
        if t.gone || t.moves != n {
            return;
        }
        let (Ok(Ok(d)), Some(seat)) = (decided, seat) else {
            eprintln!("online: table {}: the bot could not decide move {n}", h.id);
            return;
        };
        if !matches!(t.mover(), Some(Mover::Bot(_))) {
            // The player came back meanwhile.
            self.kick(&h, &mut t);
            return;
        }
        if let Err(e) = self
            .commit(&h, &mut t, seat, n, &d.action.to_json(), true)
            .await
        {
            if e.code == Code::Stale {
                // Another process's bot moved first (the move log's key
                // decided): its move is the one everyone gets.
                return;
            }
            eprintln!("online: table {}: bot move {n}: {e}", h.id);
            if e.code == Code::Store {
                // Try again a little later.
                let hub = self.clone();
                let h = h.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    let mut t = h.table.lock().await;
                    if !t.gone {
                        hub.kick(&h, &mut t);
                    }
                });
            }
        }
    }
}
