//! What happens at a table without a player: a bot's move (on a task of
//! its own; the search bot on the blocking pool, a few at a time), and the
//! turn clock of a live table.

use super::{Hub, TableHandle};
use crate::online::error::Code;
use crate::online::store::Status;
use crate::online::table::{Mover, Table};
use crate::online::token;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tongiaki::bots::Player;

/// What the kept bots of all tables of a process may hold (their search
/// trees: the expert keeps up to ~5 MB, BENCHMARKS.md): past it, a bot
/// searches afresh at its next decision instead of being kept.
pub const KEPT_BOTS_BYTES: usize = 256 << 20;

/// A bot seat's bot kept between its decisions (the expert goes on from
/// its last search's tree, `tongiaki::bots::Player`), counted in the
/// process's total while kept.
pub struct KeptBot {
    player: Option<Player>,
    bytes: usize,
    total: Arc<AtomicUsize>,
}

impl KeptBot {
    /// Keeps `player` if its tree fits in what is left of `cap` bytes in
    /// `total`; else `None` (dropped: the next decision searches afresh).
    pub fn keep(player: Player, total: &Arc<AtomicUsize>, cap: usize) -> Option<KeptBot> {
        let bytes = player.kept_bytes();
        total
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |t| {
                (t + bytes <= cap).then_some(t + bytes)
            })
            .ok()?;
        Some(KeptBot {
            player: Some(player),
            bytes,
            total: total.clone(),
        })
    }

    /// The player, no longer counted.
    pub fn take(mut self) -> Player {
        self.player.take().expect("a kept bot holds its player")
    }

    pub fn kind(&self) -> &str {
        self.player.as_ref().map_or("", |p| p.kind())
    }
}

impl Drop for KeptBot {
    fn drop(&mut self) {
        self.total.fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

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
                    .filter(|p| p.kind() == kind)
                    .map(KeptBot::take);
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
                let kept = KeptBot::keep(player, &self.kept_bytes, KEPT_BOTS_BYTES);
                if let (Some(seat), Some(kept)) = (seat, kept) {
                    t.kept_bots.insert(seat, kept);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept bot counts in the process's total while kept and leaves it
    /// when taken back or dropped (with its table); past the cap it is not
    /// kept.
    #[test]
    fn kept_bots_are_counted_and_capped() {
        let total = Arc::new(AtomicUsize::new(0));
        let g = tongiaki::Game::new(tongiaki::GameOptions::simple(2, 5)).unwrap();
        let mut p = Player::new("search:100:reuse", 1, None).unwrap();
        let mut g2 = g.clone();
        while g2.legal_moves().len() < 2 {
            let m = g2.legal_moves()[0];
            g2.play_trusted(m);
        }
        p.decide(&g2, 1, None).unwrap();
        let bytes = p.kept_bytes();
        assert!(bytes > 0, "the search kept its tree");
        let k = KeptBot::keep(p, &total, 10 * bytes).expect("fits");
        assert_eq!(total.load(Ordering::Acquire), bytes);
        let p = k.take();
        assert_eq!(total.load(Ordering::Acquire), 0);
        let k = KeptBot::keep(p, &total, 10 * bytes).expect("fits");
        assert_eq!(k.kind(), "search:100:reuse");
        // The rest of the cap does not hold a second one this large.
        let mut q = Player::new("search:100:reuse", 2, None).unwrap();
        q.decide(&g2, 2, None).unwrap();
        let big = q.kept_bytes();
        assert!(KeptBot::keep(q, &total, bytes + big - 1).is_none());
        assert_eq!(total.load(Ordering::Acquire), bytes);
        drop(k);
        assert_eq!(total.load(Ordering::Acquire), 0);
    }
}
