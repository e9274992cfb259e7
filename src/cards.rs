//! The 32 ocean cards of docs/rules.md §1.2 and §1.3, exactly as printed.
//!
//! A card is named by a [`CardId`], its index in [`CARDS`]: 0 is Tonga,
//! 1..=15 the other islands, 16..=31 the water cards A..P.

use crate::hex::Edge;
use std::fmt;

/// Number of cards in the game (RULES §1).
pub const CARD_COUNT: usize = 32;
/// Number of island cards, Tonga included.
pub const ISLAND_COUNT: usize = 16;
/// Number of water cards.
pub const WATER_COUNT: usize = 16;

/// One of the 32 cards (and so one tile on the table: every card exists once).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct CardId(pub u8);

impl CardId {
    pub const TONGA: CardId = CardId(0);

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn spec(self) -> &'static CardSpec {
        &CARDS[self.index()]
    }
    pub fn name(self) -> &'static str {
        self.spec().name
    }
    pub fn key(self) -> &'static str {
        self.spec().id
    }
    pub fn is_island(self) -> bool {
        (self.0 as usize) < ISLAND_COUNT
    }
    pub fn is_water(self) -> bool {
        !self.is_island()
    }
    /// Looks a card up by its id from docs/rules.md ("tonga", "water-k", ...).
    pub fn from_key(key: &str) -> Option<CardId> {
        CARDS
            .iter()
            .position(|c| c.id == key)
            .map(|i| CardId(i as u8))
    }
    /// All cards, Tonga first.
    pub fn all() -> impl Iterator<Item = CardId> {
        (0..CARD_COUNT as u8).map(CardId)
    }
    /// The beaches of an island, in the card's order (none for water).
    #[inline]
    pub fn beaches(self) -> impl Iterator<Item = Beach> {
        (0..self.spec().beaches.len() as u8).map(Beach)
    }
    /// How many beaches the card has (0 for water).
    #[inline]
    pub fn beach_count(self) -> usize {
        self.spec().beaches.len()
    }
    /// Beach `i` of this card as an action names it; `None` if it has no such beach.
    #[inline]
    pub fn beach(self, i: u32) -> Option<Beach> {
        ((i as usize) < self.beach_count()).then_some(Beach(i as u8))
    }
    /// Places and jetties of beach `b` of this island.
    #[inline]
    pub fn beach_spec(self, b: Beach) -> &'static BeachSpec {
        &self.spec().beaches[b.index()]
    }
}

/// Most beaches an island has (Tonga's six).
pub const MAX_BEACHES: usize = 6;

/// A beach of an island, by its place in the card's list (0 first; messages
/// number beaches from 1 as players see them). Which island it belongs to is
/// told beside it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Beach(u8);

impl Beach {
    /// Beach `i` (0..6) of some island; [`CardId::beach`] checks it against a card.
    pub const fn new(i: u8) -> Beach {
        assert!(
            (i as usize) < MAX_BEACHES,
            "an island has at most six beaches"
        );
        Beach(i)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The beach as players count them, from 1 (error messages).
    #[inline]
    pub fn number(self) -> usize {
        self.0 as usize + 1
    }
    /// This beach's bit in a set of beaches held as a mask (`Landing::owed`).
    #[inline]
    pub fn bit(self) -> u8 {
        1 << self.0
    }
    /// The beaches in a mask, in order.
    pub fn in_mask(mask: u8) -> impl Iterator<Item = Beach> {
        // The set bits, lowest first, each cleared once taken.
        let mut rest = mask & ((1 << MAX_BEACHES) - 1);
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Beach(i)
            })
        })
    }
}

impl From<Beach> for u8 {
    fn from(b: Beach) -> u8 {
        b.0
    }
}

impl From<Beach> for u32 {
    fn from(b: Beach) -> u32 {
        b.0 as u32
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A beach: its places and the card edges its jetties point at.
#[derive(Debug)]
pub struct BeachSpec {
    pub places: u8,
    pub jetties: &'static [u8],
}

impl BeachSpec {
    /// The edges the jetties point at, in order.
    #[inline]
    pub fn jetty_edges(&self) -> impl Iterator<Item = Edge> {
        self.jetties.iter().map(|&e| Edge::new(e))
    }
    #[inline]
    pub fn has_jetty(&self, edge: Edge) -> bool {
        self.jetties.contains(&edge.get())
    }
}

/// A foam trail of a water card: two edges and a danger number (0 = none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trail {
    pub a: u8,
    pub b: u8,
    pub danger: u8,
}

#[derive(Debug)]
pub struct CardSpec {
    pub id: &'static str,
    pub name: &'static str,
    /// Island value in points (0 for Tonga and for water cards).
    pub value: u8,
    /// Island beaches (empty for water cards).
    pub beaches: &'static [BeachSpec],
    /// Water trails (empty for islands).
    pub trails: &'static [Trail],
    /// The places of each beach, by beach (0 past the last beach), and
    /// their sum: the `beaches`' places where ship counts meet them.
    places: [u8; MAX_BEACHES],
    place_count: u8,
    /// For a water card, the trail from each edge: the edge it ends at and
    /// its danger (`trails` by edge, as each step of a voyage asks).
    exits: [(u8, u8); 6],
}

impl CardSpec {
    /// For a water card: the other end of the trail starting at `edge`, and its danger.
    #[inline]
    pub fn trail_from(&self, edge: Edge) -> (Edge, u8) {
        debug_assert!(!self.trails.is_empty(), "a water card");
        let (exit, danger) = self.exits[usize::from(edge.get())];
        (Edge::new(exit), danger)
    }
    /// The places of beach `b` (0 past the island's last beach).
    #[inline]
    pub fn places(&self, b: Beach) -> u8 {
        self.places[b.index()]
    }
    /// The places of all the island's beaches together.
    #[inline]
    pub fn place_count(&self) -> u8 {
        self.place_count
    }
}

const fn b(places: u8, jetties: &'static [u8]) -> BeachSpec {
    BeachSpec { places, jetties }
}
const fn t(a: u8, b: u8, danger: u8) -> Trail {
    Trail { a, b, danger }
}
const fn island(
    id: &'static str,
    name: &'static str,
    value: u8,
    beaches: &'static [BeachSpec],
) -> CardSpec {
    let mut places = [0; MAX_BEACHES];
    let mut place_count = 0;
    let mut i = 0;
    while i < beaches.len() {
        places[i] = beaches[i].places;
        place_count += beaches[i].places;
        i += 1;
    }
    CardSpec {
        id,
        name,
        value,
        beaches,
        trails: &[],
        places,
        place_count,
        exits: [(0, 0); 6],
    }
}
const fn water(id: &'static str, name: &'static str, trails: &'static [Trail]) -> CardSpec {
    // Each edge ends exactly one trail: checked as the table is built.
    const NONE: (u8, u8) = (u8::MAX, 0);
    let mut exits = [NONE; 6];
    let mut i = 0;
    while i < trails.len() {
        let t = trails[i];
        assert!(exits[t.a as usize].0 == u8::MAX && exits[t.b as usize].0 == u8::MAX);
        exits[t.a as usize] = (t.b, t.danger);
        exits[t.b as usize] = (t.a, t.danger);
        i += 1;
    }
    let mut e = 0;
    while e < 6 {
        assert!(
            exits[e].0 != u8::MAX,
            "every edge of a water card ends a trail"
        );
        e += 1;
    }
    CardSpec {
        id,
        name,
        value: 0,
        beaches: &[],
        trails,
        places: [0; MAX_BEACHES],
        place_count: 0,
        exits,
    }
}

/// RULES §1.2 and §1.3, in that order.
pub static CARDS: [CardSpec; CARD_COUNT] = [
    island(
        "tonga",
        "Tonga",
        0,
        &[
            b(3, &[0]),
            b(3, &[1]),
            b(3, &[2]),
            b(3, &[3]),
            b(3, &[4]),
            b(3, &[5]),
        ],
    ),
    island(
        "muroroa",
        "Muroroa",
        2,
        &[b(2, &[1]), b(2, &[2]), b(3, &[4, 5])],
    ),
    island(
        "nauru",
        "Nauru",
        2,
        &[b(2, &[1, 2]), b(3, &[3]), b(2, &[4, 5])],
    ),
    island("tubuai", "Tubuai", 2, &[b(3, &[1, 2]), b(3, &[4, 5])]),
    island(
        "rarotonga",
        "Rarotonga",
        3,
        &[b(3, &[1, 2]), b(4, &[3, 4, 5])],
    ),
    island(
        "rapa-nui",
        "Rapa Nui",
        3,
        &[b(5, &[1, 2]), b(3, &[3, 4, 5])],
    ),
    island(
        "tokelau",
        "Tokelau",
        3,
        &[b(4, &[1]), b(3, &[2, 3]), b(2, &[4, 5])],
    ),
    island("tuamotu", "Tuamotu", 3, &[b(4, &[1, 2, 3]), b(4, &[4, 5])]),
    island(
        "hiva-oa",
        "Hiva Oa",
        4,
        &[b(2, &[1, 2]), b(2, &[3]), b(5, &[4, 5])],
    ),
    island(
        "mangareva",
        "Mangareva",
        4,
        &[b(2, &[1, 2]), b(3, &[3, 4]), b(4, &[5])],
    ),
    island(
        "oahu",
        "Oahu",
        4,
        &[b(3, &[1, 2]), b(5, &[3]), b(3, &[4, 5])],
    ),
    island(
        "tahiti",
        "Tahiti",
        4,
        &[b(2, &[1, 2]), b(3, &[3, 4]), b(4, &[5])],
    ),
    island(
        "tuvalu",
        "Tuvalu",
        4,
        &[b(2, &[1, 2]), b(4, &[3]), b(3, &[4, 5])],
    ),
    island(
        "fidschi",
        "Fidschi",
        5,
        &[b(5, &[1]), b(4, &[2, 3]), b(4, &[4, 5])],
    ),
    island(
        "hawaii",
        "Hawaii",
        5,
        &[b(3, &[1, 2]), b(5, &[3]), b(2, &[4, 5])],
    ),
    island(
        "samoa",
        "Samoa",
        5,
        &[b(3, &[1, 2]), b(4, &[3, 4]), b(5, &[5])],
    ),
    water("water-a", "Water A", &[t(0, 3, 4), t(1, 5, 4), t(2, 4, 4)]),
    water("water-b", "Water B", &[t(0, 4, 4), t(1, 3, 4), t(2, 5, 3)]),
    water("water-c", "Water C", &[t(0, 3, 4), t(1, 5, 3), t(2, 4, 0)]),
    water("water-d", "Water D", &[t(0, 4, 3), t(1, 3, 3), t(2, 5, 4)]),
    water("water-e", "Water E", &[t(0, 1, 3), t(2, 3, 2), t(4, 5, 4)]),
    water("water-f", "Water F", &[t(0, 3, 3), t(1, 5, 3), t(2, 4, 3)]),
    water("water-g", "Water G", &[t(0, 3, 3), t(1, 5, 2), t(2, 4, 0)]),
    water("water-h", "Water H", &[t(0, 1, 3), t(2, 3, 0), t(4, 5, 2)]),
    water("water-i", "Water I", &[t(0, 4, 2), t(1, 3, 3), t(2, 5, 4)]),
    water("water-j", "Water J", &[t(0, 5, 2), t(1, 2, 2), t(3, 4, 2)]),
    water("water-k", "Water K", &[t(0, 1, 2), t(2, 3, 0), t(4, 5, 2)]),
    water("water-l", "Water L", &[t(0, 5, 0), t(1, 2, 3), t(3, 4, 4)]),
    water("water-m", "Water M", &[t(0, 4, 0), t(1, 3, 4), t(2, 5, 2)]),
    water("water-n", "Water N", &[t(0, 5, 0), t(1, 2, 4), t(3, 4, 2)]),
    water("water-o", "Water O", &[t(0, 1, 0), t(2, 3, 2), t(4, 5, 0)]),
    water("water-p", "Water P", &[t(0, 5, 0), t(1, 2, 0), t(3, 4, 0)]),
];

impl serde::Serialize for CardId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> serde::Deserialize<'de> for CardId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardId, D::Error> {
        let s = String::deserialize(d)?;
        CardId::from_key(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown card id \"{s}\"")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_counts_match_rules_1() {
        let islands: Vec<_> = CardId::all().filter(|c| c.is_island()).collect();
        assert_eq!(islands.len(), 16);
        assert_eq!(CardId::all().filter(|c| c.is_water()).count(), 16);
        for c in CardId::all() {
            let s = c.spec();
            assert_eq!(c.is_island(), !s.beaches.is_empty(), "{}", s.id);
            assert_eq!(c.is_water(), s.trails.len() == 3, "{}", s.id);
            assert_eq!(CardId::from_key(s.id), Some(c));
        }
    }

    #[test]
    fn island_values_match_rules_1_2() {
        let mut by_value = [0; 6];
        for c in CardId::all().filter(|c| c.is_island() && *c != CardId::TONGA) {
            by_value[c.spec().value as usize] += 1;
        }
        // three islands of 2, four of 3, five of 4, three of 5
        assert_eq!(by_value, [0, 0, 3, 4, 5, 3]);
        assert_eq!(CardId::TONGA.spec().value, 0);
    }

    #[test]
    fn no_island_but_tonga_has_a_jetty_at_the_emblem_edge() {
        for c in CardId::all().filter(|c| c.is_island() && *c != CardId::TONGA) {
            for beach in c.spec().beaches {
                assert!(!beach.jetties.contains(&0), "{}", c.key());
                assert!(beach.places >= 2);
                assert!(beach.jetties.windows(2).all(|w| w[0] < w[1]));
            }
        }
    }

    #[test]
    fn water_trails_pair_every_edge_once_and_twelve_are_unnumbered() {
        let mut unnumbered = 0;
        for c in CardId::all().filter(|c| c.is_water()) {
            let mut seen = [false; 6];
            for t in c.spec().trails {
                for e in [t.a, t.b] {
                    assert!(!seen[e as usize], "{} edge {e}", c.key());
                    seen[e as usize] = true;
                }
                assert!([0, 2, 3, 4].contains(&t.danger));
                if t.danger == 0 {
                    unnumbered += 1;
                }
            }
            assert!(seen.iter().all(|s| *s));
            for e in 0..6 {
                let (o, d) = c.spec().trail_from(Edge::new(e));
                assert_eq!(c.spec().trail_from(o), (Edge::new(e), d));
            }
        }
        assert_eq!(unnumbered, 12);
    }
}
