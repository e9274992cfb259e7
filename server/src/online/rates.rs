//! How often one connection or one address may use the inputs of meeting
//! strangers (chat, the lobby, quick play): at most `count` in any `per`,
//! beyond which the server answers `rate_limited` and changes nothing.
//! Every window holds at most `count` instants, and the table of addresses
//! forgets an address once its window is over, and is bounded as a whole.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most `count` in any `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub count: usize,
    pub per: Duration,
}

impl Rate {
    pub const fn new(count: usize, secs: u64) -> Rate {
        Rate {
            count,
            per: Duration::from_secs(secs),
        }
    }
}

/// The limits of meeting strangers (docs/api.md#online; a part of the hub's
/// `Config`). Behind a proxy every client has the proxy's address: raise
/// the per-address ones as for `--max-ws-per-addr`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeetLimits {
    /// Chat lines per connection (ONLINE.md: 5 in 10 s).
    pub chat: Rate,
    /// Chat lines per address, every connection and table together.
    pub chat_per_addr: Rate,
    /// `GET /api/lobby` per address (the page asks every few seconds
    /// while its lobby is shown).
    pub lobby_per_addr: Rate,
    /// `POST /api/quick` per address.
    pub quick_per_addr: Rate,
    /// `{"type": "history"}` asked again per connection and per address
    /// (each replays the whole game; a client needs it only after it
    /// skipped moves).
    pub history: Rate,
    pub history_per_addr: Rate,
    /// A process reads the lobby from the store at most this often; in
    /// between it answers what it read last (or what it changed itself).
    pub lobby_cache: Duration,
}

impl Default for MeetLimits {
    fn default() -> MeetLimits {
        MeetLimits {
            chat: Rate::new(5, 10),
            chat_per_addr: Rate::new(15, 10),
            lobby_per_addr: Rate::new(120, 60),
            quick_per_addr: Rate::new(10, 60),
            history: Rate::new(4, 60),
            history_per_addr: Rate::new(30, 60),
            lobby_cache: Duration::from_secs(1),
        }
    }
}

/// The last uses of one connection or address, at most `rate.count`.
#[derive(Debug, Default)]
pub struct Window {
    times: VecDeque<Instant>,
}

impl Window {
    /// Counts a use at `now` if the rate allows it.
    pub fn allow(&mut self, rate: Rate, now: Instant) -> bool {
        while self
            .times
            .front()
            .is_some_and(|&t| now.duration_since(t) >= rate.per)
        {
            self.times.pop_front();
        }
        if self.times.len() >= rate.count {
            return false;
        }
        self.times.push_back(now);
        true
    }

    /// Nothing within the last `per`: the window may be forgotten.
    fn idle(&self, per: Duration, now: Instant) -> bool {
        self.times
            .back()
            .is_none_or(|&t| now.duration_since(t) >= per)
    }
}

/// Addresses tracked at once, at most; beyond, the idle ones are forgotten
/// first, then (a flood of fresh addresses) all of them.
const MAX_ADDRS: usize = 100_000;

/// One window per address.
#[derive(Debug, Default)]
pub struct AddrWindows {
    map: Mutex<HashMap<IpAddr, Window>>,
}

impl AddrWindows {
    /// Counts a use by `addr` if `rate` allows it (no address: a test's or
    /// a Unix socket's client, which the per-connection limits bound).
    pub fn allow(&self, addr: Option<IpAddr>, rate: Rate) -> bool {
        let Some(a) = addr else {
            return true;
        };
        let now = Instant::now();
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() >= MAX_ADDRS && !m.contains_key(&a) {
            m.retain(|_, w| !w.idle(rate.per, now));
            if m.len() >= MAX_ADDRS {
                m.clear();
            }
        }
        m.entry(a).or_default().allow(rate, now)
    }

    /// Forgets the addresses idle for `per` (the sweeper calls this).
    pub fn forget_idle(&self, per: Duration) {
        let now = Instant::now();
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.retain(|_, w| !w.idle(per, now));
    }

    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_count_in_any_window() {
        let rate = Rate::new(5, 10);
        let mut w = Window::default();
        let t0 = Instant::now();
        for i in 0..5 {
            assert!(w.allow(rate, t0 + Duration::from_secs(i)), "line {i}");
        }
        assert!(!w.allow(rate, t0 + Duration::from_secs(9)));
        // The first line is 10 s old: one more, not two.
        assert!(w.allow(rate, t0 + Duration::from_secs(10)));
        assert!(!w.allow(rate, t0 + Duration::from_millis(10_500)));
        assert!(w.allow(rate, t0 + Duration::from_secs(11)));
        assert!(w.times.len() <= rate.count);
    }

    #[test]
    fn addresses_are_counted_apart_and_forgotten_when_idle() {
        let rate = Rate::new(2, 60);
        let a: Option<IpAddr> = Some("10.0.0.1".parse().unwrap());
        let b: Option<IpAddr> = Some("10.0.0.2".parse().unwrap());
        let w = AddrWindows::default();
        assert!(w.allow(a, rate) && w.allow(a, rate));
        assert!(!w.allow(a, rate));
        assert!(w.allow(b, rate));
        assert!(w.allow(None, rate) && w.allow(None, rate) && w.allow(None, rate));
        assert_eq!(w.len(), 2);
        w.forget_idle(Duration::from_secs(60));
        assert_eq!(w.len(), 2, "used within the minute");
        w.forget_idle(Duration::ZERO);
        assert!(w.is_empty());
    }
}
