//! The ships on the beaches ([`Ships`]): counts per seat per beach, what
//! changes with every move and what the R25 chain search copies and
//! explores. Changed only through the methods below, which keep a beach's
//! count the sum of its seats' ships and never above its places.

use crate::cards::{Beach, CardId, ISLAND_COUNT, MAX_BEACHES};
use crate::seat::{Seat, MAX_SEATS};

/// The ships on one beach, counted by seat: a byte per seat, then their
/// count ([`COUNT`]) and a zero byte. As one little-endian word, a group of
/// several seats lands on or leaves a beach in one addition or subtraction
/// ([`group_word`]; no byte ever carries: a beach holds at most five ships).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct BeachShips([u8; 8]);

impl std::hash::Hash for BeachShips {
    /// One word, not a slice of eight bytes and its length.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(u64::from_le_bytes(self.0));
    }
}

/// The byte of a [`BeachShips`] that holds its count.
const COUNT: usize = MAX_SEATS;

impl BeachShips {
    /// Ships on the beach, all seats.
    #[inline]
    pub fn count(&self) -> u8 {
        self.0[COUNT]
    }
    /// Ships of `seat` on the beach.
    #[inline]
    pub fn of(&self, seat: Seat) -> u8 {
        self.0[seat.index()]
    }
    /// Ships on the beach by seat (what sails when it emigrates, R20).
    #[inline]
    pub fn by_seat(&self) -> &[u8; MAX_SEATS] {
        self.0[..MAX_SEATS].try_into().expect("a byte per seat")
    }
    /// Different colours on the beach (R21).
    #[inline]
    pub fn colours(&self) -> u8 {
        colours(self.by_seat())
    }
    /// Ship owners, sorted by seat, one entry per ship.
    pub fn seats(&self) -> Vec<u8> {
        expand_counts(self.by_seat())
    }
    /// The beach with a group of several seats (`by_seat`) added, as
    /// [`Ships::add_group`] leaves it (the R25 search looks at a landing's
    /// end without landing it).
    #[inline]
    pub fn with_group(&self, by_seat: &[u8; MAX_SEATS]) -> BeachShips {
        BeachShips((self.word() + group_word(by_seat)).to_le_bytes())
    }
    #[inline]
    fn add(&mut self, seat: Seat) {
        self.0[seat.index()] += 1;
        self.0[COUNT] += 1;
    }
    #[inline]
    fn remove(&mut self, seat: Seat) {
        debug_assert!(self.0[seat.index()] > 0);
        self.0[seat.index()] -= 1;
        self.0[COUNT] -= 1;
    }
    #[inline]
    fn word(&self) -> u64 {
        u64::from_le_bytes(self.0)
    }
    /// Adds the ships of a word of [`group_word`] (no byte carries).
    #[inline]
    fn add_word(&mut self, group: u64) {
        self.0 = (self.word() + group).to_le_bytes();
    }
    #[inline]
    fn sub_word(&mut self, group: u64) {
        self.0 = (self.word() - group).to_le_bytes();
    }
}

/// A group of ships by seat as the word of a [`BeachShips`] holding it:
/// its seats' bytes and their count (the bytes summed by one
/// multiplication, exact below 256 ships).
#[inline]
fn group_word(by_seat: &[u8; MAX_SEATS]) -> u64 {
    let seats = seat_bytes(by_seat);
    let count = seats.wrapping_mul(0x0101_0101_0101_0101) >> 56;
    seats | count << (8 * COUNT)
}

/// `[2, 0, 1, ..]` -> `[0, 0, 2]`.
pub fn expand_counts(by_seat: &[u8; MAX_SEATS]) -> Vec<u8> {
    let mut v = Vec::new();
    for (seat, &n) in by_seat.iter().enumerate() {
        for _ in 0..n {
            v.push(seat as u8);
        }
    }
    v
}

/// A count per seat as the bytes of one number, seat 0 lowest (the other
/// two bytes 0), so that one operation serves all seats.
#[inline]
pub(crate) fn seat_bytes(by_seat: &[u8; MAX_SEATS]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..MAX_SEATS].copy_from_slice(by_seat);
    u64::from_le_bytes(bytes)
}

/// Number of different colours in a group (R21 danger check).
#[inline]
pub fn colours(by_seat: &[u8; MAX_SEATS]) -> u8 {
    // The seats' bytes in one word; a byte's high bit is set after adding
    // 0x7f to its low seven bits, or-ed with itself, exactly when it is not
    // zero (no byte carries into the next). Those bits summed by one
    // multiplication are the seats with ships.
    let w = seat_bytes(by_seat);
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let nonzero = (((w & LOW7) + LOW7) | w) & !LOW7;
    ((nonzero >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// Ships on every beach of every island, by card and beach (island ids are
/// 0..16; water cards have no beaches). Changed one ship or one beach at a
/// time; no beach ever holds more ships than its places.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ships {
    beaches: [[BeachShips; MAX_BEACHES]; ISLAND_COUNT],
    /// The ships on each island, its beaches summed (kept with them: what
    /// R10, R30 and R51 ask of every island each turn).
    islands: [BeachShips; ISLAND_COUNT],
    /// The full beaches of each island, as a mask of beach bits (kept with
    /// the counts: what the move generator and the R25 search ask most).
    full: [u8; ISLAND_COUNT],
    /// The islands with a full beach, as a mask of island bits.
    full_islands: u16,
}

impl std::hash::Hash for Ships {
    /// The beaches alone, a word each: the rest is their sums (equal
    /// beaches, equal ships), and this is the key of the bots' way-out
    /// search, hashed for every state it visits.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for island in &self.beaches {
            for b in island {
                b.hash(state);
            }
        }
    }
}

impl Default for Ships {
    fn default() -> Self {
        Ships {
            beaches: [[BeachShips::default(); MAX_BEACHES]; ISLAND_COUNT],
            islands: [BeachShips::default(); ISLAND_COUNT],
            full: [0; ISLAND_COUNT],
            full_islands: 0,
        }
    }
}

impl Ships {
    #[inline]
    pub fn beach(&self, tile: CardId, beach: Beach) -> &BeachShips {
        &self.beaches[tile.index()][beach.index()]
    }
    /// The beaches of `tile`, in order.
    #[inline]
    pub fn island(&self, tile: CardId) -> &[BeachShips] {
        &self.beaches[tile.index()][..tile.beach_count()]
    }
    /// Are the beaches of `tile` as in `beaches` (those it does not have
    /// empty)? Compared as six words, without a branch per beach.
    #[inline]
    pub fn island_is(&self, tile: CardId, beaches: &[BeachShips; MAX_BEACHES]) -> bool {
        let now = &self.beaches[tile.index()];
        now.iter()
            .zip(beaches)
            .fold(0, |differ, (a, b)| differ | (a.word() ^ b.word()))
            == 0
    }
    #[inline]
    pub fn is_full(&self, tile: CardId, beach: Beach) -> bool {
        self.full[tile.index()] & beach.bit() != 0
    }
    /// The full beaches of `tile`, as a mask of beach bits.
    #[inline]
    pub fn full_mask(&self, tile: CardId) -> u8 {
        self.full[tile.index()]
    }
    #[inline]
    pub fn free_places(&self, tile: CardId, beach: Beach) -> u8 {
        tile.spec().places(beach) - self.beach(tile, beach).count()
    }
    /// Free places on the whole island.
    #[inline]
    pub fn free_on(&self, tile: CardId) -> u32 {
        u32::from(tile.spec().place_count() - self.total_on(tile))
    }
    /// Bitmask of the beaches of `tile` that have a free place.
    #[inline]
    pub fn free_mask(&self, tile: CardId) -> u8 {
        !self.full[tile.index()] & ((1 << tile.beach_count()) - 1)
    }
    /// The islands with a full beach, as a mask of bits `1 << index`.
    #[inline]
    pub fn full_islands(&self) -> u16 {
        self.full_islands
    }
    /// The full beaches, island by island in index order.
    #[inline]
    pub fn full_beaches(&self) -> impl Iterator<Item = (CardId, Beach)> + '_ {
        bits(u32::from(self.full_islands)).flat_map(move |i| {
            let tile = CardId(i as u8);
            bits(u32::from(self.full[i])).map(move |b| (tile, Beach::new(b as u8)))
        })
    }
    /// Is some beach of `tile` full?
    #[inline]
    pub fn any_full_on(&self, tile: CardId) -> bool {
        self.full[tile.index()] != 0
    }
    /// The ships on all beaches of `tile` together, by seat and in all.
    #[inline]
    pub fn on_island(&self, tile: CardId) -> BeachShips {
        self.islands[tile.index()]
    }
    /// The ships on every beach together, by seat and in all (the
    /// islands' words summed: at most 90 ships, so no byte carries).
    #[inline]
    pub fn on_beaches(&self) -> BeachShips {
        let sum = self.islands.iter().fold(0u64, |sum, b| sum + b.word());
        BeachShips(sum.to_le_bytes())
    }
    /// Ships of `seat` on the beaches of `tile`.
    #[inline]
    pub fn seat_on(&self, tile: CardId, seat: Seat) -> u8 {
        self.on_island(tile).of(seat)
    }
    /// Ships of all seats on `tile`.
    #[inline]
    pub fn total_on(&self, tile: CardId) -> u8 {
        self.on_island(tile).count()
    }
    /// The same ships as `other` on every island but `tile`?
    pub fn same_except(&self, other: &Ships, tile: CardId) -> bool {
        let (i, a, b) = (tile.index(), &self.beaches, &other.beaches);
        a[..i] == b[..i] && a[i + 1..] == b[i + 1..]
    }
    /// One ship of `seat` onto a beach with a free place.
    #[inline]
    pub fn add(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        debug_assert!(
            !self.is_full(tile, beach),
            "no beach holds more than its places"
        );
        self.beaches[tile.index()][beach.index()].add(seat);
        self.islands[tile.index()].add(seat);
        self.refresh(tile, beach);
    }
    /// One ship of `seat` off a beach where it has one.
    #[inline]
    pub fn remove(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        self.beaches[tile.index()][beach.index()].remove(seat);
        self.islands[tile.index()].remove(seat);
        self.refresh(tile, beach);
    }
    /// Ships of several seats (`by_seat`) onto one beach with room for them
    /// all (a landing's end in the R25 search).
    #[inline]
    pub fn add_group(&mut self, tile: CardId, beach: Beach, by_seat: &[u8; MAX_SEATS]) {
        let group = group_word(by_seat);
        let b = &mut self.beaches[tile.index()][beach.index()];
        b.add_word(group);
        debug_assert!(
            b.count() <= tile.beach_spec(beach).places,
            "no beach holds more than its places"
        );
        self.islands[tile.index()].add_word(group);
        self.refresh(tile, beach);
    }
    /// Takes back [`Ships::add_group`].
    #[inline]
    pub fn remove_group(&mut self, tile: CardId, beach: Beach, by_seat: &[u8; MAX_SEATS]) {
        let group = group_word(by_seat);
        let b = &mut self.beaches[tile.index()][beach.index()];
        debug_assert!(b.by_seat().iter().zip(by_seat).all(|(have, n)| have >= n));
        b.sub_word(group);
        self.islands[tile.index()].sub_word(group);
        self.refresh(tile, beach);
    }
    /// Every ship leaves the beach (R20): the group, by seat.
    #[inline]
    pub fn sail(&mut self, tile: CardId, beach: Beach) -> [u8; MAX_SEATS] {
        self.full[tile.index()] &= !beach.bit();
        self.refresh_island(tile);
        let group = std::mem::take(&mut self.beaches[tile.index()][beach.index()]);
        self.islands[tile.index()].sub_word(group.word());
        *group.by_seat()
    }
    /// The group of [`Ships::sail`] back onto its empty beach (the R25
    /// search takes back the emigrations it tries).
    #[inline]
    pub fn put_back(&mut self, tile: CardId, beach: Beach, group: [u8; MAX_SEATS]) {
        let b = &mut self.beaches[tile.index()][beach.index()];
        debug_assert_eq!(b.count(), 0, "the beach the group sailed from");
        let group = group_word(&group);
        b.0 = group.to_le_bytes();
        self.islands[tile.index()].add_word(group);
        self.refresh(tile, beach);
    }
    /// The same counts on every beach with every ship given to the first
    /// seat: each group then has one colour. (The R25 search's colour-blind
    /// copy of a chain state, `chain/search.rs`.)
    pub fn colour_blind(&self) -> Ships {
        let mut blind = self.clone();
        let one_colour = |b: &mut BeachShips| {
            let n = b.count();
            *b = BeachShips::default();
            b.0[0] = n;
            b.0[COUNT] = n;
        };
        blind.beaches.iter_mut().flatten().for_each(one_colour);
        blind.islands.iter_mut().for_each(one_colour);
        blind
    }
    /// Sets whether `beach` of `tile` is full from its count.
    #[inline]
    fn refresh(&mut self, tile: CardId, beach: Beach) {
        // Without a branch on whether it is full (it varies from move to
        // move, so such a branch is mispredicted).
        let full = self.beach(tile, beach).count() >= tile.spec().places(beach);
        let mask = &mut self.full[tile.index()];
        *mask = *mask & !beach.bit() | u8::from(full) << beach.index();
        self.refresh_island(tile);
    }
    #[inline]
    fn refresh_island(&mut self, tile: CardId) {
        let any = self.full[tile.index()] != 0;
        self.full_islands =
            self.full_islands & !(1 << tile.index()) | u16::from(any) << tile.index();
    }
    /// The ships of `seat` leave every beach of `tile`; how many.
    pub(super) fn take_seat(&mut self, tile: CardId, seat: Seat) -> u8 {
        let mut n = 0;
        for b in &mut self.beaches[tile.index()][..tile.beach_count()] {
            let k = b.of(seat);
            b.0[seat.index()] = 0;
            b.0[COUNT] -= k;
            n += k;
        }
        let island = &mut self.islands[tile.index()];
        island.0[seat.index()] = 0;
        island.0[COUNT] -= n;
        for b in tile.beaches() {
            self.refresh(tile, b);
        }
        n
    }
    /// Takes all ships off `tile`, returning how many each seat gets back.
    pub(super) fn clear_tile(&mut self, tile: CardId) -> [u8; MAX_SEATS] {
        let mut back = [0; MAX_SEATS];
        for b in self.beaches[tile.index()].iter_mut() {
            for (s, n) in b.by_seat().iter().enumerate() {
                back[s] += n;
            }
            *b = BeachShips::default();
        }
        self.islands[tile.index()] = BeachShips::default();
        self.full[tile.index()] = 0;
        self.refresh_island(tile);
        back
    }
}

/// The set bits of `mask`, lowest first.
#[inline]
pub(super) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `on_island` and `on_beaches` are the beaches' ships summed, and the
    /// full beaches and islands kept are those whose beaches are full, as
    /// ships come and go every way they can.
    #[test]
    fn island_sums_follow_the_beaches() {
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1du64);
        let mut ships = Ships::default();
        for _ in 0..20_000 {
            let tile = CardId(next(ISLAND_COUNT) as u8);
            let beach = Beach::new(next(tile.beach_count()) as u8);
            let seat = Seat::new(next(MAX_SEATS) as u8);
            match next(8) {
                0..=2 if !ships.is_full(tile, beach) => ships.add(tile, beach, seat),
                3 if ships.beach(tile, beach).of(seat) > 0 => ships.remove(tile, beach, seat),
                4 => {
                    let group = ships.sail(tile, beach);
                    if next(2) == 0 {
                        ships.put_back(tile, beach, group);
                    }
                }
                5 if ships.beach(tile, beach).count() > 0 => {
                    let group = *ships.beach(tile, beach).by_seat();
                    ships.remove_group(tile, beach, &group);
                    ships.add_group(tile, beach, &group);
                }
                6 if next(20) == 0 => {
                    ships.take_seat(tile, seat);
                }
                7 if next(50) == 0 => {
                    ships.clear_tile(tile);
                }
                _ => {}
            }
            let sum = |beaches: &[BeachShips]| beaches.iter().map(BeachShips::word).sum::<u64>();
            assert_eq!(ships.on_island(tile).word(), sum(ships.island(tile)));
            let all: u64 = CardId::all()
                .take(ISLAND_COUNT)
                .map(|c| sum(ships.island(c)))
                .sum();
            assert_eq!(ships.on_beaches().word(), all);
            let by_seat = ships.beach(tile, beach).by_seat();
            let seats = by_seat.iter().filter(|&&n| n > 0).count() as u8;
            assert_eq!(colours(by_seat), seats);
            let blind = ships.colour_blind();
            assert_eq!(blind.on_island(tile).word(), sum(blind.island(tile)));
            let full = |c: CardId| {
                c.beaches()
                    .filter(|&b| ships.beach(c, b).count() == c.beach_spec(b).places)
                    .fold(0, |m, b| m | b.bit())
            };
            assert_eq!(ships.full_mask(tile), full(tile));
            let islands = CardId::all()
                .take(ISLAND_COUNT)
                .filter(|&c| full(c) != 0)
                .fold(0, |m, c| m | 1 << c.index());
            assert_eq!(ships.full_islands(), islands);
        }
    }
}
