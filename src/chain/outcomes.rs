//! The ways a landing can end (R23), for the R25 search.
//!
//! What follows a landing depends only on where its ships end up, not on
//! the order they landed in, so the search steps from a landing's start to
//! each of its ends at once. The ends are those of the landing moves
//! ([`crate::landing::landing_moves`]), worked out once:
//!
//! - **How many land.** A landing move lowers the ships still to come and
//!   the island's free places by one each; a return lowers only the ships.
//!   Returns are allowed while the ships outnumber the free places. So
//!   exactly `min(ships, free places)` ships land and the others go home,
//!   and the player chooses which (the returns can all come first).
//! - **Owed beaches first.** While a beach that had a free place on arrival
//!   has not had a ship, ships land only on such beaches, one each. So if
//!   fewer ships land than beaches are owed, they land on different owed
//!   beaches; otherwise every owed beach receives at least one, and the
//!   rest go wherever there is room (the owed ones can be served first).
//!
//! Every placement meeting these conditions is an end of the landing, and
//! no other (`tests` below compares them with the moves played out).

use crate::board::{Ships, MAX_SEATS};
use crate::cards::MAX_BEACHES;
use crate::landing::Landing;
use std::ops::ControlFlow;

/// One end of a landing: the ships each beach of the island receives, by
/// beach and seat.
pub type Outcome = [[u8; MAX_SEATS]; MAX_BEACHES];

/// Every end of the landing `l` on `ships`, each once, appended to `out`.
pub fn landing_outcomes(ships: &Ships, l: &Landing, out: &mut Vec<Outcome>) {
    let _ = each_outcome(ships, l, |x| {
        out.push(*x);
        ControlFlow::<()>::Continue(())
    });
}

/// One end of the landing `l` on an island whose beaches have `room` free
/// places that fills as few beaches as any: the owed beaches served first
/// (those with most room when not all can be), then each further ship
/// where it fills nothing if it can. The ships go in seat order; the
/// surplus goes home. (The end likeliest to let the chain end: the search
/// tries it before listing them all.)
pub fn least_filling_end(room: [u8; MAX_BEACHES], l: &Landing) -> Outcome {
    let tile = l.tile;
    let total_room: u32 = room.iter().map(|&r| u32::from(r)).sum();
    let mut left = l.remaining().min(total_room);
    let mut group = l.group;
    // The seats with ships still to place, as bits: the next is the lowest
    // (found without a branch per seat).
    let mut seats = 0u8;
    for (s, &n) in group.iter().enumerate() {
        seats |= u8::from(n != 0) << s;
    }
    let mut x = [[0; MAX_SEATS]; MAX_BEACHES];
    // The rooms as the bytes of one number, which stays in a register: as
    // an array in memory, each round stored a byte of it and read it all
    // back at once, a load the processor cannot take from the pending
    // store, and it stalls on it every round.
    let mut room = Rooms::from(room);
    // The owed beaches, those with most room first (all of them if enough
    // ships land); then always on the beach with most room left.
    let mut owed = l.owed;
    let all = (1u8 << tile.beach_count()) - 1;
    while left > 0 {
        let b = room.roomiest(if owed != 0 { owed } else { all });
        owed &= !(1 << b);
        let seat = seats.trailing_zeros() as usize;
        group[seat] -= 1;
        seats &= !(u8::from(group[seat] == 0) << seat);
        room.take_one(b);
        x[b][seat] += 1;
        left -= 1;
    }
    x
}

/// The free places of an island's beaches, a byte each, beach 0 lowest.
#[derive(Clone, Copy, Debug)]
struct Rooms(u64);

impl From<[u8; MAX_BEACHES]> for Rooms {
    fn from(r: [u8; MAX_BEACHES]) -> Rooms {
        Rooms(u64::from_le_bytes([
            r[0], r[1], r[2], r[3], r[4], r[5], 0, 0,
        ]))
    }
}

impl Rooms {
    fn of(self, b: usize) -> u8 {
        (self.0 >> (8 * b)) as u8
    }

    /// One place fewer on beach `b` (which has one).
    fn take_one(&mut self, b: usize) {
        self.0 -= 1 << (8 * b);
    }

    /// The beach of `mask` with most room, the first of those. Worked out
    /// without a branch per beach (the rooms vary from call to call, so
    /// such branches are mispredicted): each beach of the mask gets the
    /// key room, then the lower beach first, and the largest key wins.
    fn roomiest(self, mask: u8) -> usize {
        debug_assert!(mask != 0, "a beach to land on");
        let mut best = 0u16;
        for b in 0..MAX_BEACHES {
            let key = (u16::from(self.of(b)) << 8 | (0xff - b as u16)) * u16::from(mask >> b & 1);
            best = best.max(key);
        }
        0xff - usize::from(best & 0xff)
    }
}

/// Calls `f` with every end of the landing `l` on `ships`, each once, until
/// it breaks.
pub fn each_outcome<B>(
    ships: &Ships,
    l: &Landing,
    f: impl FnMut(&Outcome) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let ends = Ends::of(ships, l);
    #[cfg(not(target_arch = "wasm32"))]
    return recent::each(&ends, f);
    #[cfg(target_arch = "wasm32")]
    ends.each(f)
}

/// What decides the ends of a landing: the room of each beach (only the
/// owed beaches, one place each, when fewer ships land than are owed), the
/// ships of each seat still to come, the owed beaches that must receive a
/// ship, how many ships land and how many are still to come. (Not the
/// island: a beach it does not have has no room.)
#[derive(Clone, Copy, Debug)]
struct Ends {
    room: [u8; MAX_BEACHES],
    group: [u8; MAX_SEATS],
    need: u8,
    landing: u8,
    ships: u8,
}

impl Ends {
    /// Those of the landing `l` on `ships`.
    fn of(ships: &Ships, l: &Landing) -> Ends {
        let tile = l.tile;
        let mut room = [0u8; MAX_BEACHES];
        for b in tile.beaches() {
            room[b.index()] = ships.free_places(tile, b);
        }
        let total_room: u32 = room.iter().map(|&f| u32::from(f)).sum();
        let landing = l.remaining().min(total_room) as u8;
        let owed = l.owed.count_ones() as u8;
        if landing < owed {
            // One ship each on as many owed beaches.
            for b in tile.beaches() {
                room[b.index()] = u8::from(l.is_owed(b));
            }
        }
        Ends {
            room,
            group: l.group,
            // Owed beaches that must still receive a ship.
            need: if landing >= owed { l.owed } else { 0 },
            landing,
            ships: l.remaining() as u8,
        }
    }

    /// Calls `f` with every end, each once, until it breaks.
    fn each<B>(&self, f: impl FnMut(&Outcome) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut p = Placer {
            seats: [0; MAX_SEATS],
            seat_count: 0,
            beaches: [0; MAX_BEACHES],
            beach_count: 0,
            room: self.room,
            group: self.group,
            need: self.need,
            f,
            x: [[0; MAX_SEATS]; MAX_BEACHES],
        };
        for (s, &n) in self.group.iter().enumerate() {
            if n > 0 {
                p.seats[p.seat_count] = s as u8;
                p.seat_count += 1;
            }
        }
        for (b, &r) in self.room.iter().enumerate() {
            if r > 0 {
                p.beaches[p.beach_count] = b as u8;
                p.beach_count += 1;
            }
        }
        if self.landing == 0 {
            return p.end();
        }
        p.place(0, 0, self.landing, self.ships)
    }

    /// The whole of it as one number (15 bytes).
    #[cfg(not(target_arch = "wasm32"))]
    fn key(&self) -> u128 {
        let mut k = [0u8; 16];
        k[..MAX_BEACHES].copy_from_slice(&self.room);
        k[MAX_BEACHES..MAX_BEACHES + MAX_SEATS].copy_from_slice(&self.group);
        k[12] = self.need;
        k[13] = self.landing;
        k[14] = self.ships;
        u128::from_le_bytes(k)
    }
}

/// The ends of recent landings, kept by what decides them ([`Ends`]), in
/// native builds (the page's wasm stays small): random play lists the
/// same landings over and over (a landing of 2 to 4 ships of 2 or 3 seats
/// on an island with a given room): few of its listings differ. A table
/// per thread of [`recent::PLACES`] places, each keeping the last listing
/// whose key falls there if it has at most [`recent::KEPT`] ends and the
/// table's room for ends allows ([`recent::ROOM`] ends, filled as a thread
/// lists landings: its memory is bounded whatever is played); nothing
/// changes but the time (the same ends in the same order; how often a
/// listing is found and the memory it takes: BENCHMARKS.md).
#[cfg(not(target_arch = "wasm32"))]
mod recent {
    use super::{Ends, Outcome};
    use crate::hash;
    use std::cell::RefCell;
    use std::ops::ControlFlow;

    pub(super) const PLACES: usize = 2048;
    const _: () = assert!(PLACES.is_power_of_two());
    /// Longer listings are not kept. (Listings of 65 to 256 ends are few,
    /// but each costs as much as many short ones: worth keeping.)
    pub(super) const KEPT: usize = 256;
    /// The most ends the table holds, counted by the room its places have
    /// taken (a listing that would go past it is not kept): 16 a place on
    /// average.
    pub(super) const ROOM: usize = 16 * PLACES;
    /// The key of an empty place: no landing's (their 16th byte is 0).
    const EMPTY: u128 = u128::MAX;

    struct Place {
        key: u128,
        ends: Vec<Outcome>,
    }

    /// The places, and the room for ends they have taken (their lists'
    /// capacities summed).
    struct Table {
        places: Vec<Place>,
        room: usize,
    }

    thread_local! {
        static RECENT: RefCell<Table> = const {
            RefCell::new(Table {
                places: Vec::new(),
                room: 0,
            })
        };
    }

    /// Calls `f` with every end of `ends`, as [`Ends::each`], from the kept
    /// listing (listed and kept first if it is not); listed anew if the
    /// table is in use already (an `f` that asks about a landing itself).
    pub(super) fn each<B>(
        ends: &Ends,
        mut f: impl FnMut(&Outcome) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        RECENT.with(|table| {
            let Ok(mut table) = table.try_borrow_mut() else {
                return ends.each(f);
            };
            let Table { places, room } = &mut *table;
            if places.is_empty() {
                places.extend((0..PLACES).map(|_| Place {
                    key: EMPTY,
                    ends: Vec::new(),
                }));
            }
            let key = ends.key();
            let h = hash::words(&[key as u64, (key >> 64) as u64]);
            let place = &mut places[h as usize & (PLACES - 1)];
            if place.key != key {
                // Marked empty while it is filled: a listing cut short (by
                // a panic the caller survives) is never read back.
                place.key = EMPTY;
                place.ends.clear();
                let before = place.ends.capacity();
                let _ = ends.each(|x| {
                    place.ends.push(*x);
                    ControlFlow::<()>::Continue(())
                });
                let taken = *room - before + place.ends.capacity();
                if place.ends.len() <= KEPT && taken <= ROOM {
                    place.key = key;
                    *room = taken;
                } else {
                    *room -= before;
                }
            }
            let flow = place.ends.iter().try_for_each(&mut f);
            if place.key == EMPTY {
                // Not kept: its room is given back.
                place.ends = Vec::new();
            }
            flow
        })
    }

    /// The room the table has taken, and its places' capacities summed
    /// (for tests: the two are the same, and never above [`ROOM`]).
    #[cfg(test)]
    pub(super) fn room_taken() -> (usize, usize) {
        RECENT.with(|table| {
            let table = table.borrow();
            let capacities = table.places.iter().map(|p| p.ends.capacity()).sum();
            (table.room, capacities)
        })
    }
}

/// Enumerates placements cell by cell, over the seats with ships to land
/// and the beaches with room: how many of a seat's ships go to a beach. The
/// recursion is at most one level per cell (6 seats by 6 beaches).
struct Placer<F> {
    seats: [u8; MAX_SEATS],
    seat_count: usize,
    beaches: [u8; MAX_BEACHES],
    beach_count: usize,
    room: [u8; MAX_BEACHES],
    /// Ships of each seat not yet placed (those left at the end go home).
    group: [u8; MAX_SEATS],
    need: u8,
    f: F,
    x: Outcome,
}

impl<B, F: FnMut(&Outcome) -> ControlFlow<B>> Placer<F> {
    /// Places `left` (at least one) more ships from the cell (`seat`,
    /// `beach`) on (indexes into the lists); `ships` of this seat and the
    /// later ones are unplaced. A cell's ships are chosen and the next
    /// cell's call made here, the end reached when none are left: one call
    /// per cell with ships still to place (the recursion is at most 6 seats
    /// by 6 beaches deep).
    fn place(&mut self, seat: usize, beach: usize, left: u8, ships: u8) -> ControlFlow<B> {
        let s = usize::from(self.seats[seat]);
        let b = usize::from(self.beaches[beach]);
        let most = self.group[s].min(self.room[b]).min(left);
        // Ships of the later seats, and whether this is the seat's last
        // beach: then at least as many as the later seats cannot land go
        // here (the seat's ships not placed go home).
        let later = ships - self.group[s];
        let last_beach = beach + 1 == self.beach_count;
        let least = if last_beach {
            left.saturating_sub(later)
        } else {
            0
        };
        for n in least..most + 1 {
            let rest = left - n;
            self.x[b][s] = n;
            self.group[s] -= n;
            self.room[b] -= n;
            let flow = if rest == 0 {
                self.end()
            } else if !last_beach {
                self.place(seat, beach + 1, rest, ships - n)
            } else if seat + 1 < self.seat_count {
                self.place(seat + 1, 0, rest, later)
            } else {
                ControlFlow::Continue(())
            };
            self.group[s] += n;
            self.room[b] += n;
            self.x[b][s] = 0;
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Every ship placed: an end, if every owed beach that must be served
    /// has a ship.
    fn end(&mut self) -> ControlFlow<B> {
        let mut need = self.need;
        while need != 0 {
            let b = need.trailing_zeros() as usize;
            if self.x[b] == [0; MAX_SEATS] {
                return ControlFlow::Continue(());
            }
            need &= need - 1;
        }
        (self.f)(&self.x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use crate::chain::way_out::free_places;
    use crate::landing::{landing_moves, play_land_move, LandMove};
    use crate::seat::Seat;
    use std::collections::BTreeSet;

    /// Every end of the landing by playing every sequence of landing moves.
    fn ends_by_moves(
        ships: &Ships,
        l: &Landing,
        seen: &mut BTreeSet<Outcome>,
        visited: &mut BTreeSet<(Outcome, [u8; MAX_SEATS], u8)>,
        x: Outcome,
    ) {
        if !visited.insert((x, l.group, l.owed)) {
            return;
        }
        if l.remaining() == 0 {
            seen.insert(x);
            return;
        }
        let moves = landing_moves(ships, l);
        assert_eq!(moves.len(), moves.clone().count(), "the moves' count");
        for m in moves {
            let (mut s, mut nl, mut nx) = (ships.clone(), *l, x);
            if let LandMove::Land { seat, beach } = m {
                nx[beach.index()][seat.index()] += 1;
            }
            play_land_move(&mut s, &mut nl, m);
            ends_by_moves(&s, &nl, seen, visited, nx);
        }
    }

    /// A landing at its start on a random island of the first 16 cards,
    /// its beaches filled at random, of 1 to 5 ships of random seats.
    fn random_landing(next: &mut impl FnMut(usize) -> usize) -> (Ships, Landing) {
        let tile = CardId(next(16) as u8);
        let mut ships = Ships::default();
        for b in tile.beaches() {
            let fill = next(usize::from(tile.beach_spec(b).places) + 1);
            for _ in 0..fill {
                ships.add(tile, b, Seat::new(next(6) as u8));
            }
        }
        let mut group = [0u8; MAX_SEATS];
        for _ in 0..1 + next(5) {
            group[next(6)] += 1;
        }
        let l = Landing::start(&ships, tile, group, false);
        (ships, l)
    }

    #[test]
    fn the_ends_are_those_of_the_landing_moves() {
        let mut next = crate::test_rng::xorshift(0x1234_5678_9abc_def0);
        let mut checked = 0;
        for _ in 0..3000 {
            let (mut ships, mut l) = random_landing(&mut next);
            let (tile, group) = (l.tile, l.group);
            // Sometimes start part-way through: a few moves already made.
            for _ in 0..next(3) {
                let moves: Vec<_> = landing_moves(&ships, &l).collect();
                if l.remaining() <= 1 || moves.is_empty() {
                    break;
                }
                let m = moves[next(moves.len())];
                play_land_move(&mut ships, &mut l, m);
            }
            let mut by_moves = BTreeSet::new();
            let start = [[0; MAX_SEATS]; MAX_BEACHES];
            ends_by_moves(&ships, &l, &mut by_moves, &mut BTreeSet::new(), start);
            let mut out = Vec::new();
            landing_outcomes(&ships, &l, &mut out);
            let listed: BTreeSet<Outcome> = out.iter().copied().collect();
            assert_eq!(listed.len(), out.len(), "each end once");
            assert_eq!(listed, by_moves, "{tile:?} {group:?} {:?}", l);
            // The least filling end is one of them, and fills no more than any.
            let least = least_filling_end(free_places(&ships, tile), &l);
            assert!(listed.contains(&least), "{least:?} {l:?}");
            let fills = |x: &Outcome| {
                tile.beaches()
                    .filter(|&b| {
                        let n: u8 = x[b.index()].iter().sum();
                        n > 0 && n == ships.free_places(tile, b)
                    })
                    .count()
            };
            assert_eq!(fills(&least), out.iter().map(fills).min().unwrap());
            checked += 1;
        }
        assert_eq!(checked, 3000);
    }

    /// The beach with most room is the first of the mask with the largest
    /// room, for every mask and rooms 0 to 4 on six beaches.
    #[test]
    fn roomiest_is_the_first_with_most_room() {
        let mut next = crate::test_rng::xorshift(0x0bad_cafe);
        for _ in 0..2000 {
            let room: [u8; MAX_BEACHES] = std::array::from_fn(|_| next(5) as u8);
            for mask in 1..1u8 << MAX_BEACHES {
                let in_mask = |b: &usize| mask & 1 << b != 0;
                let most = (0..MAX_BEACHES).filter(in_mask).map(|b| room[b]).max();
                let first = (0..MAX_BEACHES)
                    .filter(in_mask)
                    .find(|&b| Some(room[b]) == most);
                assert_eq!(
                    Some(Rooms::from(room).roomiest(mask)),
                    first,
                    "{room:?} {mask:#b}"
                );
            }
        }
    }

    /// The ends read back from the table of recent listings are those of
    /// the listing itself, in its order: asked for the first time or again,
    /// by a question that stops after a few ends, and by a question asked
    /// while another is being answered (that one is listed anew). The room
    /// the table has taken is what its places hold, and never more than
    /// its bound, though the rounds fill it. (Native builds: the page's
    /// wasm has no table.)
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn kept_ends_are_the_listed_ends() {
        let mut next = crate::test_rng::xorshift(0x005e_ed0f_e4d5);
        let all = |ships: &Ships, l: &Landing| {
            let mut v = Vec::new();
            let _ = each_outcome(ships, l, |x| {
                v.push(*x);
                ControlFlow::<()>::Continue(())
            });
            v
        };
        let (mut most_room, mut longest) = (0, 0);
        for round in 0..20_000 {
            let (ships, l) = random_landing(&mut next);
            let mut listed = Vec::new();
            let _ = Ends::of(&ships, &l).each(|x| {
                listed.push(*x);
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(all(&ships, &l), listed, "first time, round {round}");
            assert_eq!(all(&ships, &l), listed, "again, round {round}");
            let stop = next(listed.len() + 1);
            let mut seen = Vec::new();
            let flow = each_outcome(&ships, &l, |x| {
                if seen.len() == stop {
                    return ControlFlow::Break(seen.len());
                }
                seen.push(*x);
                ControlFlow::Continue(())
            });
            assert_eq!(flow.is_break(), stop < listed.len());
            assert_eq!(seen, listed[..stop]);
            let mut inner = None;
            let _ = each_outcome(&ships, &l, |_| {
                inner = Some(all(&ships, &l));
                ControlFlow::Break(())
            });
            if !listed.is_empty() {
                assert_eq!(
                    inner.as_ref(),
                    Some(&listed),
                    "inside another, round {round}"
                );
            }
            let (room, capacities) = recent::room_taken();
            assert_eq!(room, capacities, "round {round}");
            assert!(room <= recent::ROOM, "round {round}: {room}");
            most_room = most_room.max(room);
            longest = longest.max(listed.len());
        }
        // The rounds met listings too long to keep, and filled the room.
        assert!(longest > recent::KEPT, "{longest}");
        assert!(most_room > recent::ROOM - recent::KEPT, "{most_room}");
    }
}
