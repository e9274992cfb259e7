//! How many tables may be made: per client address and in all, each a
//! token bucket refilled at so many tables a minute (issue 29: one address
//! made 53,182 tables in 30 s). Every new table, whatever made it, passes
//! [`Hub::admit_table`] (called by `Hub::open_table`, lobby.rs), so a new
//! way to make one (quick play, a rematch) is bounded with the rest.

use super::Hub;
use crate::online::error::{Code, OnlineError};
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Instant;

/// Tables a minute, and as many at once.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(per_min: u32, now: Instant) -> Bucket {
        Bucket {
            tokens: per_min as f64,
            at: now,
        }
    }

    /// The tokens now, refilled at `per_min` a minute up to `per_min`.
    fn refilled(self, per_min: u32, now: Instant) -> Bucket {
        let per_min = per_min as f64;
        let tokens = self.tokens + (now - self.at).as_secs_f64() * per_min / 60.0;
        Bucket {
            tokens: tokens.min(per_min),
            at: now,
        }
    }

    /// Seconds until one token is there (at least 1).
    fn wait_secs(self, per_min: u32) -> u64 {
        let missing = (1.0 - self.tokens).max(0.0);
        ((missing * 60.0 / per_min.max(1) as f64).ceil() as u64).max(1)
    }
}

/// The buckets: one for all, one per address that made a table lately
/// (an address whose bucket is full again is forgotten, [`Limits::prune`]).
pub(super) struct Limits {
    all: Bucket,
    per_address: HashMap<IpAddr, Bucket>,
}

impl Limits {
    pub(super) fn new(per_min: u32) -> Limits {
        Limits {
            all: Bucket::full(per_min, Instant::now()),
            per_address: HashMap::new(),
        }
    }

    /// Forgets addresses whose bucket has refilled (a full bucket is what a
    /// new address gets anyway), so the map holds only recent makers.
    pub(super) fn prune(&mut self, per_addr_per_min: u32) {
        let now = Instant::now();
        self.per_address.retain(|_, b| {
            let b = b.refilled(per_addr_per_min, now);
            b.tokens < per_addr_per_min as f64
        });
    }
}

impl Hub {
    /// May `from` make a table now? Takes a token from its address's
    /// bucket and from everyone's, or neither: `too_many_tables` (429) with
    /// the seconds to wait. `None`: an address not known (a test calling
    /// the hub directly): only the bucket for all counts.
    pub fn admit_table(&self, from: Option<IpAddr>) -> Result<(), OnlineError> {
        let per_addr = self.config.tables_per_min_per_addr;
        let per_all = self.config.tables_per_min;
        let now = Instant::now();
        let mut l = self.limits.lock().unwrap_or_else(|e| e.into_inner());
        let key = from.map(crate::serve::client_key);
        let mine = key.map(|k| match l.per_address.get(&k) {
            Some(b) => b.refilled(per_addr, now),
            None => Bucket::full(per_addr, now),
        });
        let refuse = |wait: u64| {
            OnlineError::new(Code::TooManyTables, serde_json::json!({"retry_secs": wait}))
        };
        if let Some(m) = mine {
            if m.tokens < 1.0 {
                return Err(refuse(m.wait_secs(per_addr)));
            }
        }
        let all = l.all.refilled(per_all, now);
        if all.tokens < 1.0 {
            l.all = all;
            return Err(refuse(all.wait_secs(per_all)));
        }
        l.all = Bucket {
            tokens: all.tokens - 1.0,
            ..all
        };
        if let (Some(k), Some(m)) = (key, mine) {
            l.per_address.insert(
                k,
                Bucket {
                    tokens: m.tokens - 1.0,
                    ..m
                },
            );
        }
        Ok(())
    }

    /// Forgets addresses that may make as many tables as a new one (the
    /// sweeper calls it).
    pub(super) fn prune_limits(&self) {
        let per_addr = self.config.tables_per_min_per_addr;
        self.limits
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .prune(per_addr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_refills_by_the_minute_up_to_its_size() {
        let t0 = Instant::now();
        let b = Bucket {
            tokens: 0.0,
            at: t0,
        };
        assert_eq!(b.wait_secs(60), 1);
        assert_eq!(b.wait_secs(2), 30);
        let later = b.refilled(60, t0 + Duration::from_secs(30));
        assert!((later.tokens - 30.0).abs() < 1e-9);
        let much_later = b.refilled(60, t0 + Duration::from_secs(3600));
        assert_eq!(much_later.tokens, 60.0);
    }
}
