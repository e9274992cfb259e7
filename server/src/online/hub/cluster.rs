//! Several processes on one database (PostgreSQL; docs/architecture.md,
//! "Several processes"). Every committed change is announced to every
//! process ([`crate::online::store::Change`]); a process that has the table
//! in memory reads what changed from the store and tells its own clients.
//! Nothing here decides anything: the store's constraints do (a move number
//! is taken once, so a bot's move or an act is accepted at most once, by
//! whichever process commits it first).
//!
//! Presence: each process reports its connections per seat at a table when
//! they change and every [`PRESENCE_EVERY`]; a report older than
//! [`PRESENCE_STALE`] is forgotten (its process died), so the seats it
//! showed count as left.

use super::{Hub, TableHandle};
use crate::online::store::Change;
use crate::online::table::Table;
use crate::online::wire::EXPIRED;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedReceiver;

/// How often a process repeats its presence at the tables it has clients at.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(5);
/// A presence report not repeated within this is forgotten.
pub const PRESENCE_STALE: Duration = Duration::from_secs(16);

impl Hub {
    /// Follows the store's changes (if it announces any) and repeats this
    /// process's presence, for ever.
    pub async fn spawn_cluster(self: &Arc<Self>) -> Result<(), String> {
        let Some(rx) = self.store.changes().await.map_err(|e| e.to_string())? else {
            return Ok(());
        };
        self.shared
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let hub = self.clone();
        tokio::spawn(async move { hub.follow(rx).await });
        let hub = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(PRESENCE_EVERY);
            loop {
                tick.tick().await;
                hub.presence_round().await;
            }
        });
        Ok(())
    }

    async fn follow(self: Arc<Self>, mut rx: UnboundedReceiver<Change>) {
        while let Some(c) = rx.recv().await {
            // One task per change: a table waiting for its lock holds up no
            // other. Catching up is idempotent, so order does not matter.
            let hub = self.clone();
            tokio::spawn(async move { hub.apply_change(c).await });
        }
    }

    /// The table if this process has it in memory.
    pub(super) fn loaded_handle(&self, id: &str) -> Option<Arc<TableHandle>> {
        self.map().get(id).cloned()
    }

    pub(super) async fn apply_change(self: &Arc<Self>, c: Change) {
        match c {
            Change::Move { table, moves } => {
                let Some(h) = self.loaded_handle(&table) else {
                    return;
                };
                let mut t = h.table.lock().await;
                if t.gone || t.moves >= moves {
                    // Ours, or seen already.
                    return;
                }
                self.catch_up(&h, &mut t).await;
            }
            Change::Seats { table } => {
                let Some(h) = self.loaded_handle(&table) else {
                    return;
                };
                let mut t = h.table.lock().await;
                if t.gone {
                    return;
                }
                if let Err(e) = self.reload(&h, &mut t).await {
                    eprintln!("online: table {table}: reload: {}", e.code.as_str());
                    return;
                }
                t.fresh = false;
                self.kick(&h, &mut t);
            }
            Change::Gone { table } => {
                let h = self.map().remove(&table);
                if let Some(h) = h {
                    h.table.lock().await.gone = true;
                    h.send(EXPIRED);
                }
            }
            Change::Presence {
                table,
                from,
                counts,
            } => {
                if from == self.process_id {
                    return;
                }
                let Some(h) = self.loaded_handle(&table) else {
                    return;
                };
                let mut t = h.table.lock().await;
                if !t.gone && t.set_remote(&from, Some(counts)) {
                    h.send(t.seats_msg());
                }
            }
            Change::Chat { table, id } => self.chat_elsewhere(&table, id).await,
            Change::Meet { table } => self.meet_elsewhere(&table).await,
            Change::Resync => {
                let handles: Vec<Arc<TableHandle>> = self.map().values().cloned().collect();
                for h in handles {
                    let mut t = h.table.lock().await;
                    if !t.gone && self.reload(&h, &mut t).await.is_ok() {
                        t.fresh = false;
                        self.kick(&h, &mut t);
                    }
                }
            }
        }
    }

    /// Reads the moves another process committed, applies them, tells this
    /// process's clients and starts what comes next (a bot, the clock).
    pub(super) async fn catch_up(self: &Arc<Self>, h: &Arc<TableHandle>, t: &mut Table) {
        let more = match self.store.moves_from(&h.id, t.moves).await {
            Ok(m) => m,
            Err(e) => {
                eprintln!("online: table {}: catching up: {e}", h.id);
                return;
            }
        };
        if more.is_empty() {
            return;
        }
        if let Err(e) = t.replay(&more) {
            eprintln!("online: table {}: {e}; reloading", h.id);
            if self.reload(h, t).await.is_err() {
                return;
            }
        } else {
            if let Some(s) = &t.state_msg {
                h.send(s.clone());
            }
            if t.status() == crate::online::store::Status::Over {
                h.send(t.seats_msg());
            }
        }
        self.kick(h, t);
    }

    /// Tells the other processes who is connected here at a table.
    pub(super) fn announce_presence(self: &Arc<Self>, id: &str, t: &Table) {
        if !self.is_shared() {
            return;
        }
        let counts: Vec<String> = t.connected.iter().map(|c| c.to_string()).collect();
        let payload = format!("here {id} {} {}", self.process_id, counts.join(","));
        let hub = self.clone();
        tokio::spawn(async move {
            if let Err(e) = hub.store.announce(&payload).await {
                eprintln!("online: presence: {e}");
            }
        });
    }

    /// Repeats this process's presence where it has clients, and forgets
    /// other processes' reports that were not repeated.
    async fn presence_round(self: &Arc<Self>) {
        let handles: Vec<Arc<TableHandle>> = self.map().values().cloned().collect();
        for h in handles {
            let mut t = h.table.lock().await;
            if t.gone {
                continue;
            }
            if t.connected.iter().any(|&c| c > 0) {
                self.announce_presence(&h.id, &t);
            }
            let stale: Vec<String> = t
                .remote
                .iter()
                .filter(|(_, (_, at))| at.elapsed() > PRESENCE_STALE)
                .map(|(k, _)| k.clone())
                .collect();
            let mut changed = false;
            for k in stale {
                changed |= t.set_remote(&k, None);
            }
            if changed {
                h.send(t.seats_msg());
            }
        }
    }
}
