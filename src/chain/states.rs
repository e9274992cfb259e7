//! Chain states as exact keys, and the table of the states the R25 search
//! has met (docs/rules.md#r25).
//!
//! The states the search keeps are those where the player is to emigrate
//! (a landing is stepped over whole, `outcomes.rs`): the ships on every
//! beach of the islands on the table. A state's [`Key`] packs all of it, so
//! two states share a key only when they are the same state: the search's
//! answers do not rest on a hash being free of collisions. The key is a few
//! 64-bit words (four for a full table of three players, seven at most),
//! which keeps the states of the largest chains in a few megabytes.

use crate::board::{BeachShips, Board, Ships, MAX_SEATS};
use crate::cards::{Beach, CardId, ISLAND_COUNT, MAX_BEACHES};
use crate::hash;

/// Words of the longest key: every beach of all sixteen islands with six
/// players (387 bits, each beach within one word).
pub const KEY_WORDS: usize = 7;

/// A chain state, packed: one code per beach.
pub type Key = [u64; KEY_WORDS];

/// Where each part of a [`Key`] lies, for one table layout and player count.
#[derive(Clone, Debug, Default)]
pub struct KeyLayout {
    players: usize,
    /// Islands on the table, in the order they were laid.
    islands: Vec<CardId>,
    /// Bit position of each beach's code (word * 64 + bit), by island and beach.
    offset: [[u16; MAX_BEACHES]; ISLAND_COUNT],
    /// Bits of each beach's code, by island and beach.
    width: [[u8; MAX_BEACHES]; ISLAND_COUNT],
    /// Words the keys of this layout use.
    words: usize,
    /// The last state keyed, and its key (at first no ship, all codes 0):
    /// the next is keyed from it, the beaches that differ coded again (the
    /// states the search asks one after another differ in a few). On the
    /// heap, and only once a key is asked for: a game's search (which every
    /// copy of a game starts afresh) mostly needs none, and an online table
    /// keeps its games by value.
    last: Option<Box<[[BeachShips; MAX_BEACHES]; ISLAND_COUNT]>>,
    last_key: Key,
}

impl KeyLayout {
    /// Lays the keys out for `board`'s islands and `players` seats.
    pub fn reset(&mut self, board: &Board, players: usize) {
        self.players = players;
        self.islands.clear();
        self.islands.extend(board.islands());
        // A beach's code never straddles two words.
        let mut at = 0;
        for &c in &self.islands {
            for b in c.beaches() {
                let width = beach_width(c, b, players);
                if at % 64 + width > 64 {
                    at = at.next_multiple_of(64);
                }
                self.offset[c.index()][b.index()] = at as u16;
                self.width[c.index()][b.index()] = width as u8;
                at += width;
            }
        }
        self.words = at.div_ceil(64);
        debug_assert!(self.words <= KEY_WORDS);
        if let Some(last) = &mut self.last {
            **last = Default::default();
        }
        self.last_key = [0; KEY_WORDS];
    }

    pub fn words(&self) -> usize {
        self.words
    }

    /// Islands on the table, in the order they were laid.
    pub fn islands(&self) -> &[CardId] {
        &self.islands
    }

    /// The key of a whole state (worked out from the last one keyed).
    pub fn key(&mut self, ships: &Ships) -> Key {
        let mut key = self.last_key;
        let kept = self.last.get_or_insert_with(Box::default);
        for &c in &self.islands {
            let i = c.index();
            // Most islands are as they were: one test for the island.
            if ships.island_is(c, &kept[i]) {
                continue;
            }
            for (b, (now, last)) in ships.island(c).iter().zip(&mut kept[i]).enumerate() {
                if now != last {
                    *last = *now;
                    let code = beach_code(now, self.players);
                    set_code(&mut key, self.offset[i][b], self.width[i][b], code);
                }
            }
        }
        self.last_key = key;
        key
    }

    /// Rewrites the code of one beach in `key`.
    #[inline]
    pub fn set_beach(&self, key: &mut Key, tile: CardId, beach: Beach, ships: &BeachShips) {
        let (i, b) = (tile.index(), beach.index());
        let code = beach_code(ships, self.players);
        set_code(key, self.offset[i][b], self.width[i][b], code);
    }
}

/// Writes `code`, `width` bits, at bit position `at` of `key`.
#[inline]
fn set_code(key: &mut Key, at: u16, width: u8, code: u64) {
    let at = usize::from(at);
    let mask = ((1u64 << width) - 1) << (at % 64);
    let word = &mut key[at / 64];
    *word = (*word & !mask) | (code << (at % 64));
}

/// Bits of beach `b`'s code: its places plus one separator between seats.
#[inline]
fn beach_width(tile: CardId, b: Beach, players: usize) -> usize {
    usize::from(tile.beach_spec(b).places) + players - 1
}

/// A beach's ships as a code of [`beach_width`] bits ("stars and bars"):
/// each seat's ships as 1-bits, seats in order, a 0-bit between two seats.
/// Different contents give different codes; an empty beach's is 0.
#[inline]
fn beach_code(ships: &BeachShips, players: usize) -> u64 {
    if ships.count() == 0 {
        return 0;
    }
    let mut code = 0u64;
    for &n in &ships.by_seat()[..players.min(MAX_SEATS)] {
        code = (code << (n + 1)) | ((1 << n) - 1);
    }
    code
}

/// What is known of a state: proven resolvable, proven not, or (during a
/// search) its place in the search's order while it is still open.
pub const ALIVE: u32 = u32::MAX;
pub const DEAD: u32 = u32::MAX - 1;

/// The states met so far, each with its mark ([`ALIVE`], [`DEAD`] or a
/// search order): an exact hash set of keys by open addressing over flat
/// arrays, so that a state costs its key's words and a few bytes, and no
/// allocation of its own.
#[derive(Clone, Debug, Default)]
pub struct StateTable {
    words: usize,
    /// The keys, `words` words each, by state number.
    keys: Vec<u64>,
    marks: Vec<u32>,
    /// Hash slots: 0 is empty, else a state number plus one.
    slots: Vec<u32>,
}

impl StateTable {
    /// Forgets every state; keys will have `words` words.
    pub fn clear(&mut self, words: usize) {
        self.words = words;
        self.keys.clear();
        self.marks.clear();
        self.slots.clear();
        self.slots.resize(64, 0);
    }

    pub fn len(&self) -> usize {
        self.marks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// The mark of the state with `key`, if it is in the table.
    pub fn find(&self, key: &Key) -> Option<u32> {
        let key = &key[..self.words];
        let mask = self.slots.len() - 1;
        let mut i = hash::words(key) as usize & mask;
        loop {
            match self.slots[i] {
                0 => return None,
                s if same(self.key_of(s - 1), key) => return Some(self.marks[s as usize - 1]),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The number of the state with `key`, and whether it was new (then
    /// it is added, marked `mark`).
    pub fn find_or_add(&mut self, key: &Key, mark: u32) -> (u32, bool) {
        let key = &key[..self.words];
        let mask = self.slots.len() - 1;
        let mut i = hash::words(key) as usize & mask;
        loop {
            match self.slots[i] {
                0 => break,
                s => {
                    let id = s - 1;
                    if same(self.key_of(id), key) {
                        return (id, false);
                    }
                }
            }
            i = (i + 1) & mask;
        }
        let id = self.marks.len() as u32;
        self.keys.extend_from_slice(key);
        self.marks.push(mark);
        self.slots[i] = id + 1;
        if 2 * self.marks.len() > self.slots.len() {
            self.grow();
        }
        (id, true)
    }

    #[inline]
    pub fn mark(&self, id: u32) -> u32 {
        self.marks[id as usize]
    }

    #[inline]
    pub fn set_mark(&mut self, id: u32, mark: u32) {
        self.marks[id as usize] = mark;
    }

    fn key_of(&self, id: u32) -> &[u64] {
        let at = id as usize * self.words;
        &self.keys[at..at + self.words]
    }

    /// Twice the slots, every state hashed again.
    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        self.slots.clear();
        self.slots.resize(size, 0);
        for id in 0..self.marks.len() as u32 {
            let mut i = hash::words(self.key_of(id)) as usize & (size - 1);
            while self.slots[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            self.slots[i] = id + 1;
        }
    }
}

/// Are two keys of one layout equal? (Word by word: a few words, most
/// differing in the first, cost less than a call to `memcmp`.)
#[inline]
fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;

    #[test]
    fn beach_codes_differ_for_different_contents() {
        let mut seen = std::collections::HashSet::new();
        // Every content of a five-place beach with six seats.
        let mut count = 0;
        for code in 0..6u32.pow(6) {
            let mut by_seat = [0u8; MAX_SEATS];
            let mut n = code;
            for s in &mut by_seat {
                *s = (n % 6) as u8;
                n /= 6;
            }
            if by_seat.iter().map(|&k| k as u32).sum::<u32>() > 5 {
                continue;
            }
            let mut ships = Ships::default();
            let (rapa_nui, beach) = (CardId::from_key("rapa-nui").unwrap(), Beach::new(0));
            for (s, &k) in by_seat.iter().enumerate() {
                for _ in 0..k {
                    ships.add(rapa_nui, beach, Seat::new(s as u8));
                }
            }
            let c = beach_code(ships.beach(rapa_nui, beach), 6);
            assert!(c < 1 << 10, "within places + players - 1 bits");
            assert!(seen.insert(c), "{by_seat:?}");
            count += 1;
        }
        assert_eq!(count, 462, "C(11, 6) contents");
    }

    #[test]
    fn the_table_finds_what_it_holds_and_grows() {
        let mut t = StateTable::default();
        t.clear(2);
        for i in 0..1000u64 {
            let mut k = [0; KEY_WORDS];
            k[0] = i;
            k[1] = i * 7;
            assert_eq!(t.find_or_add(&k, DEAD), (i as u32, true));
        }
        for i in 0..1000u64 {
            let mut k = [0; KEY_WORDS];
            k[0] = i;
            k[1] = i * 7;
            assert_eq!(t.find_or_add(&k, ALIVE), (i as u32, false));
            assert_eq!(t.mark(i as u32), DEAD);
        }
        assert_eq!(t.len(), 1000);
    }
}
