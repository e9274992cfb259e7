//! The table: where each card lies, king islands, and the ships on beaches.
//!
//! The layout ([`Board`]) changes only when a card is laid or removed; the
//! ships ([`Ships`]) change with every move and are what the R25 chain search
//! copies and explores.

use crate::cards::{CardId, CARD_COUNT, ISLAND_COUNT};
use crate::hex::{edge_to_world, opposite, world_to_edge, Hex};

pub const MAX_SEATS: usize = 6;
pub const SHIPS_PER_PLAYER: u8 = 15;
pub const MAX_BEACHES: usize = 6;

/// Grid side; the table never grows beyond 32 cards from the origin.
const GRID: i32 = 80;
const OFFSET: i32 = GRID / 2;
const EMPTY: u8 = u8::MAX;

/// The ships on one beach, counted by seat.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Beach {
    pub by_seat: [u8; MAX_SEATS],
    pub count: u8,
}

impl Beach {
    pub fn add(&mut self, seat: u8) {
        self.by_seat[seat as usize] += 1;
        self.count += 1;
    }
    pub fn remove(&mut self, seat: u8) {
        debug_assert!(self.by_seat[seat as usize] > 0);
        self.by_seat[seat as usize] -= 1;
        self.count -= 1;
    }
    /// Ship owners, sorted by seat, one entry per ship.
    pub fn seats(&self) -> Vec<u8> {
        expand_counts(&self.by_seat)
    }
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

/// Number of different colours in a group (R21 danger check).
pub fn colours(by_seat: &[u8; MAX_SEATS]) -> u8 {
    by_seat.iter().filter(|&&n| n > 0).count() as u8
}

/// Ships on every beach of every island, indexed by card id and beach index
/// (island ids are 0..16; water cards have no beaches).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ships {
    pub beaches: [[Beach; MAX_BEACHES]; ISLAND_COUNT],
}

impl Default for Ships {
    fn default() -> Self {
        Ships {
            beaches: [[Beach::default(); MAX_BEACHES]; ISLAND_COUNT],
        }
    }
}

impl Ships {
    pub fn beach(&self, tile: CardId, beach: usize) -> &Beach {
        &self.beaches[tile.index()][beach]
    }
    pub fn beach_mut(&mut self, tile: CardId, beach: usize) -> &mut Beach {
        &mut self.beaches[tile.index()][beach]
    }
    pub fn is_full(&self, tile: CardId, beach: usize) -> bool {
        self.beach(tile, beach).count >= tile.spec().beaches[beach].places
    }
    pub fn free_places(&self, tile: CardId, beach: usize) -> u8 {
        tile.spec().beaches[beach].places - self.beach(tile, beach).count
    }
    /// Free places on the whole island.
    pub fn free_on(&self, tile: CardId) -> u32 {
        (0..tile.spec().beaches.len())
            .map(|b| self.free_places(tile, b) as u32)
            .sum()
    }
    /// Bitmask of the beaches of `tile` that have a free place.
    pub fn free_mask(&self, tile: CardId) -> u8 {
        let mut m = 0;
        for b in 0..tile.spec().beaches.len() {
            if !self.is_full(tile, b) {
                m |= 1 << b;
            }
        }
        m
    }
    /// Ships of `seat` on the beaches of `tile`.
    pub fn seat_on(&self, tile: CardId, seat: u8) -> u8 {
        let n = tile.spec().beaches.len();
        self.beaches[tile.index()][..n]
            .iter()
            .map(|b| b.by_seat[seat as usize])
            .sum()
    }
    /// Ships of all seats on `tile`.
    pub fn total_on(&self, tile: CardId) -> u8 {
        let n = tile.spec().beaches.len();
        self.beaches[tile.index()][..n]
            .iter()
            .map(|b| b.count)
            .sum()
    }
    /// Takes all ships off `tile`, returning how many each seat gets back.
    pub fn clear_tile(&mut self, tile: CardId) -> [u8; MAX_SEATS] {
        let mut back = [0; MAX_SEATS];
        for b in self.beaches[tile.index()].iter_mut() {
            for (s, n) in b.by_seat.iter().enumerate() {
                back[s] += n;
            }
            *b = Beach::default();
        }
        back
    }
}

/// Where the group of a voyage ends when no card may be revealed (R25 search).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Trace {
    /// The voyage reveals a card or fails: the chain is resolved this way.
    Escape,
    /// The voyage lands on this island (possibly the start, after a king island).
    Land(CardId),
}

/// The layout of the table plus the ships on it.
#[derive(Clone, Debug)]
pub struct Board {
    grid: Vec<u8>,
    /// Position and rotation of each card on the table.
    pub pos: [Option<(Hex, u8)>; CARD_COUNT],
    /// Cards on the table, in the order they were laid.
    pub order: Vec<CardId>,
    /// Islands taken out of the game (R25).
    pub removed: Vec<CardId>,
    /// King islands and their owners (R30).
    pub king: [Option<u8>; CARD_COUNT],
    pub ships: Ships,
    /// R60: ships that stayed on the last water card.
    pub water_ships: [[u8; MAX_SEATS]; CARD_COUNT],
    /// Cards laid so far, Tonga and removed islands included (R60).
    pub laid_islands: u8,
    pub laid_water: u8,
}

impl Board {
    /// The start of every game: Tonga alone at (0, 0), rotation 0.
    pub fn new() -> Board {
        let mut b = Board {
            grid: vec![EMPTY; (GRID * GRID) as usize],
            pos: [None; CARD_COUNT],
            order: Vec::with_capacity(CARD_COUNT),
            removed: Vec::new(),
            king: [None; CARD_COUNT],
            ships: Ships::default(),
            water_ships: [[0; MAX_SEATS]; CARD_COUNT],
            laid_islands: 0,
            laid_water: 0,
        };
        b.lay(CardId::TONGA, Hex::ORIGIN, 0);
        b
    }

    fn cell(h: Hex) -> Option<usize> {
        let x = h.q + OFFSET;
        let y = h.r + OFFSET;
        if (0..GRID).contains(&x) && (0..GRID).contains(&y) {
            Some((y * GRID + x) as usize)
        } else {
            None
        }
    }

    /// Is `h` a hex where a card may be laid at all (inside the grid)?
    pub fn in_bounds(h: Hex) -> bool {
        Board::cell(h).is_some()
    }

    pub fn card_at(&self, h: Hex) -> Option<CardId> {
        Board::cell(h).and_then(|i| match self.grid[i] {
            EMPTY => None,
            c => Some(CardId(c)),
        })
    }

    pub fn on_table(&self, c: CardId) -> bool {
        self.pos[c.index()].is_some()
    }

    pub fn hex_of(&self, c: CardId) -> Hex {
        self.pos[c.index()].expect("card on the table").0
    }

    pub fn rotation_of(&self, c: CardId) -> u8 {
        self.pos[c.index()].expect("card on the table").1
    }

    pub fn lay(&mut self, c: CardId, h: Hex, rotation: u8) {
        let i = Board::cell(h).expect("hex inside the grid");
        debug_assert_eq!(self.grid[i], EMPTY, "no hex holds two cards");
        self.grid[i] = c.0;
        self.pos[c.index()] = Some((h, rotation));
        self.order.push(c);
        if c.is_island() {
            self.laid_islands += 1;
        } else {
            self.laid_water += 1;
        }
    }

    /// R25: the island leaves the table for good; returns the ships it held.
    pub fn remove(&mut self, c: CardId) -> [u8; MAX_SEATS] {
        debug_assert!(c.is_island(), "only islands leave the table");
        let back = self.ships.clear_tile(c);
        if let Some(i) = self.pos[c.index()].and_then(|(h, _)| Board::cell(h)) {
            self.grid[i] = EMPTY;
        }
        self.pos[c.index()] = None;
        self.order.retain(|&x| x != c);
        self.removed.push(c);
        back
    }

    pub fn islands(&self) -> impl Iterator<Item = CardId> + '_ {
        self.order.iter().copied().filter(|c| c.is_island())
    }

    pub fn is_king(&self, c: CardId) -> bool {
        self.king[c.index()].is_some()
    }

    pub fn kings_of(&self, seat: u8) -> impl Iterator<Item = CardId> + '_ {
        self.order
            .iter()
            .copied()
            .filter(move |c| self.king[c.index()] == Some(seat))
    }

    /// Full beaches on the table, in laid order then beach order.
    pub fn full_beaches_in(&self, ships: &Ships) -> Vec<(CardId, u8)> {
        let mut v = Vec::new();
        for c in self.islands() {
            for b in 0..c.spec().beaches.len() {
                if ships.is_full(c, b) {
                    v.push((c, b as u8));
                }
            }
        }
        v
    }

    /// Is a beach full anywhere but on `except`?
    pub fn any_full_except(&self, ships: &Ships, except: CardId) -> bool {
        self.islands()
            .any(|c| c != except && (0..c.spec().beaches.len()).any(|b| ships.is_full(c, b)))
    }

    pub fn any_full_in(&self, ships: &Ships) -> bool {
        self.islands()
            .any(|c| (0..c.spec().beaches.len()).any(|b| ships.is_full(c, b)))
    }

    /// Ships of `seat` on beaches anywhere (king ships are not on beaches).
    pub fn seat_on_islands(&self, seat: u8) -> u32 {
        self.islands()
            .map(|c| self.ships.seat_on(c, seat) as u32)
            .sum()
    }

    /// Empty hexes next to at least one card (R40 placement), sorted by (q, r).
    pub fn frontier(&self) -> Vec<Hex> {
        let mut v: Vec<Hex> = Vec::new();
        for &c in &self.order {
            let h = self.hex_of(c);
            for d in 0..6 {
                let n = h.neighbor(d);
                if Board::in_bounds(n) && self.card_at(n).is_none() && !v.contains(&n) {
                    v.push(n);
                }
            }
        }
        v.sort();
        v
    }

    /// R25 search: follow a voyage from `tile`'s edge `jetty` without revealing
    /// anything. `colours` is the number of colours in the group.
    pub fn trace(&self, tile: CardId, jetty: u8, colours: u8) -> Trace {
        let mut hex = self.hex_of(tile);
        let mut dir = edge_to_world(jetty, self.rotation_of(tile));
        // A path through water cannot cycle (trails pair edges, so each step
        // is reversible and the start is an island); 64 steps is a safe cap.
        for _ in 0..64 {
            let next = hex.neighbor(dir);
            let Some(card) = self.card_at(next) else {
                return Trace::Escape; // a card would be revealed
            };
            let rot = self.rotation_of(card);
            if card.is_water() {
                let (exit, danger) = card.spec().trail_from(world_to_edge(opposite(dir), rot));
                if colours < danger {
                    return Trace::Escape; // the voyage fails
                }
                hex = next;
                dir = edge_to_world(exit, rot);
            } else if self.is_king(card) {
                return Trace::Land(tile); // R21: turn back, land where it sailed from
            } else {
                return Trace::Land(card);
            }
        }
        unreachable!("a voyage through water always ends")
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}
