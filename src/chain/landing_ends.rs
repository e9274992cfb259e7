//! The ends of the landing under way, listed once per landing for the R25
//! questions of its decisions (docs/rules.md#r25), and what a landing has
//! done since they were listed.

use super::outcomes::{landing_outcomes, Outcome};
use super::states::Key;
use crate::board::{seat_bytes, Ships, MAX_SEATS};
use crate::landing::Landing;
use crate::seat::Seat;

/// The ends of one landing, listed at some point of it (its start), with
/// what is known of each: 0 not asked yet, [`NOT_AT_ONCE`] (it does not
/// lead out at once; not searched yet), else [`ALIVE`] or [`DEAD`].
#[derive(Debug, Default)]
pub(super) struct LandingEnds {
    pub(super) layout: Option<u32>,
    /// The landing at its start, and the ships then and their key; `None`
    /// before the first.
    pub(super) start: Option<Landing>,
    pub(super) ships: Ships,
    pub(super) key: Key,
    pub(super) ends: Vec<Outcome>,
    pub(super) known: Vec<u32>,
    /// The ends still possible at the decision being made, by index.
    pub(super) open: Vec<u32>,
}

/// An end's mark in [`LandingEnds::known`]: it does not lead out at once
/// (so it is not looked at again), and no search has started from it.
pub(super) const NOT_AT_ONCE: u32 = 1;

/// What a landing has done since its ends were listed: the ships landed, by
/// beach and seat, and the ships sent home, by seat.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Done {
    pub(super) landed: Outcome,
    pub(super) returned: [u8; MAX_SEATS],
}

impl LandingEnds {
    /// Lists the ends of the landing `l` on `ships`.
    pub(super) fn list(&mut self, layout: Option<u32>, ships: &Ships, l: &Landing) {
        self.layout = layout;
        self.start = Some(*l);
        self.ships.clone_from(ships);
        self.ends.clear();
        landing_outcomes(ships, l, &mut self.ends);
        self.known.clear();
        self.known.resize(self.ends.len(), 0);
    }

    /// Room for the ends of a landing of `ends` ends.
    pub(super) fn reserve(&mut self, ends: usize) {
        self.ends.reserve(ends);
        self.known.reserve(ends);
        self.open.reserve(ends);
    }

    /// Ships of `seat` that end `i` sends home.
    pub(super) fn returned(&self, i: usize, seat: Seat) -> u8 {
        let landed: u8 = self.ends[i].iter().map(|b| b[seat.index()]).sum();
        self.start.expect("a landing listed").group[seat.index()] - landed
    }

    /// Lists in `open` the ends still possible once the landing has done
    /// `done`: those that land at least its ships and send home at least
    /// its returns.
    pub(super) fn keep_possible(&mut self, done: &Done) {
        let mut open = std::mem::take(&mut self.open);
        open.clear();
        let nothing_done = done.returned == [0; MAX_SEATS] && done.landed == Outcome::default();
        if nothing_done {
            open.extend(0..self.ends.len() as u32);
        } else {
            // A byte per seat in one number, so that one comparison serves
            // all seats of a beach, without a branch per seat (the counts
            // vary from end to end, so such branches are mispredicted).
            let group = seat_bytes(&self.start.expect("a landing listed").group);
            let landed = done.landed.map(|b| seat_bytes(&b));
            let returned = seat_bytes(&done.returned);
            open.extend((0..self.ends.len() as u32).filter(|&i| {
                let mut lands = true;
                let mut by_seat = 0;
                for (now, &then) in self.ends[i as usize].iter().zip(&landed) {
                    let now = seat_bytes(now);
                    lands &= all_at_least(now, then);
                    by_seat += now;
                }
                // It lands at least the ships landed so far, and sends home
                // at least those sent home: group - by_seat >= returned.
                lands & all_at_least(group, by_seat + returned)
            }));
        }
        self.open = open;
    }

    /// If `l` on `ships` is the listed landing further on (the same layout,
    /// the same ships elsewhere, a state its landing moves reach from its
    /// start): what it has done since.
    pub(super) fn done_since(
        &self,
        layout: Option<u32>,
        ships: &Ships,
        l: &Landing,
    ) -> Option<Done> {
        let start = self.start.filter(|s| s.tile == l.tile)?;
        if self.layout != layout || !ships.same_except(&self.ships, l.tile) {
            return None;
        }
        let mut done = Done::default();
        let mut served = 0u8;
        let mut twice = false;
        for b in l.tile.beaches() {
            let (now, then) = (ships.beach(l.tile, b), self.ships.beach(l.tile, b));
            for s in 0..MAX_SEATS {
                done.landed[b.index()][s] = now.by_seat()[s].checked_sub(then.by_seat()[s])?;
            }
            let n = now.count() - then.count();
            if n > 0 {
                served |= b.bit();
            }
            twice |= n > 1;
        }
        let mut returned = 0;
        for s in 0..MAX_SEATS {
            let landed: u8 = done.landed.iter().map(|b| b[s]).sum();
            done.returned[s] = start.group[s]
                .checked_sub(l.group[s])?
                .checked_sub(landed)?;
            returned += u32::from(done.returned[s]);
        }
        // R23: returns only while the ships outnumber the free places; the
        // owed beaches first, one ship each, and those are no longer owed.
        let surplus = start.remaining().saturating_sub(self.ships.free_on(l.tile));
        let owed_first = served & !start.owed == 0 && !twice || start.owed & !served == 0;
        (returned <= surplus && owed_first && l.owed == start.owed & !served).then_some(done)
    }
}

/// Each byte's high bit.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Is each byte of `a` at least that of `b`, all of them below 0x80 (ship
/// counts)? Each byte of `a | HIGH` is at least 0x80, more than `b`'s, so
/// no byte borrows from the next, and its high bit survives the
/// subtraction exactly when `a`'s byte is at least `b`'s.
fn all_at_least(a: u64, b: u64) -> bool {
    ((a | HIGH) - b) & HIGH == HIGH
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `all_at_least` compares every byte, as a loop over them does.
    #[test]
    fn all_at_least_compares_each_byte() {
        let mut next = crate::test_rng::xorshift(0xb17e_5a11);
        for _ in 0..100_000 {
            let a: [u8; 8] = std::array::from_fn(|_| next(0x80) as u8);
            // Often equal or one apart, where a borrow would show.
            let b: [u8; 8] = std::array::from_fn(|i| match next(4) {
                0 => a[i],
                1 => a[i].saturating_sub(1),
                2 => (a[i] + 1).min(0x7f),
                _ => next(0x80) as u8,
            });
            let want = a.iter().zip(&b).all(|(x, y)| x >= y);
            let (a, b) = (u64::from_le_bytes(a), u64::from_le_bytes(b));
            assert_eq!(all_at_least(a, b), want, "{a:x} {b:x}");
        }
    }
}
