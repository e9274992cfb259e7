//! Expiry (idle tables leave the store) and eviction (tables no one uses
//! leave memory).

use super::{Hub, TableHandle};
use crate::online::store::{now_ms, Mode};
use crate::online::wire::EXPIRED;
use std::sync::Arc;

impl Hub {
    /// Runs expiry and eviction every `sweep_every`, for ever.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(hub.config.sweep_every);
            loop {
                tick.tick().await;
                hub.sweep().await;
            }
        });
    }

    /// Deletes idle tables from the store, and drops tables no one uses
    /// from memory.
    pub async fn sweep(&self) {
        let now = now_ms();
        self.prune_limits();
        for (mode, waiting_only, after) in [
            (Mode::Live, false, self.config.live_expiry),
            (Mode::Turn, false, self.config.turn_expiry),
            // Nobody joined: sooner.
            (Mode::Live, true, self.config.waiting_expiry),
            (Mode::Turn, true, self.config.turn_waiting_expiry),
        ] {
            match self
                .store
                .expire(mode, waiting_only, now - after.as_millis() as i64)
                .await
            {
                Ok(ids) => {
                    for id in ids {
                        let h = self.map().remove(&id);
                        if let Some(h) = h {
                            h.table.lock().await.gone = true;
                            h.send(EXPIRED);
                        }
                    }
                }
                Err(e) => eprintln!("online: expiry: {e}"),
            }
        }
        self.forget_idle_addresses();
        let handles: Vec<Arc<TableHandle>> = self.map().values().cloned().collect();
        for h in handles {
            let Ok(mut t) = h.table.try_lock() else {
                continue;
            };
            let idle = t.connected.iter().all(|&c| c == 0)
                && t.watchers == 0
                && t.bot_thinking.is_none()
                && t.last_active.elapsed() >= self.config.evict_after;
            if idle {
                t.gone = true;
                let mut m = self.map();
                if m.get(&h.id).is_some_and(|x| Arc::ptr_eq(x, &h)) {
                    m.remove(&h.id);
                }
            }
        }
    }
}
