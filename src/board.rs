//! The table: where each card lies, king islands, and the ships on beaches.
//!
//! The layout ([`Board`]) changes only when a card is laid or removed; the
//! ships ([`Ships`]) change with every move and are what the R25 chain search
//! copies and explores. Both keep their fields private and change only
//! through the methods below, which keep them consistent (as shakmaty's
//! `Board` does with `set_piece_at` / `remove_piece_at`): a beach's count is
//! the sum of its seats' ships and never above its places; a king island
//! holds no ships on its beaches; a card lies on one hex at most, and is in
//! [`Board::cards`] exactly while it lies there.

use crate::cards::{Beach, CardId, CARD_COUNT, ISLAND_COUNT};
use crate::chain::{LandMove, Landing};
use crate::hex::{edge_to_world, opposite, world_to_edge, Edge, Hex};
use crate::seat::Seat;

pub use crate::cards::MAX_BEACHES;
pub use crate::seat::MAX_SEATS;

pub const SHIPS_PER_PLAYER: u8 = 15;

/// Grid side; the table never grows beyond 32 cards from the origin.
const GRID: i32 = 80;
const OFFSET: i32 = GRID / 2;
const EMPTY: u8 = u8::MAX;

/// The ships on one beach, counted by seat.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct BeachShips {
    by_seat: [u8; MAX_SEATS],
    count: u8,
}

impl BeachShips {
    /// Ships on the beach, all seats.
    #[inline]
    pub fn count(&self) -> u8 {
        self.count
    }
    /// Ships of `seat` on the beach.
    #[inline]
    pub fn of(&self, seat: Seat) -> u8 {
        self.by_seat[seat.index()]
    }
    /// Ships on the beach by seat (what sails when it emigrates, R20).
    #[inline]
    pub fn by_seat(&self) -> &[u8; MAX_SEATS] {
        &self.by_seat
    }
    /// Different colours on the beach (R21).
    #[inline]
    pub fn colours(&self) -> u8 {
        colours(&self.by_seat)
    }
    /// Ship owners, sorted by seat, one entry per ship.
    pub fn seats(&self) -> Vec<u8> {
        expand_counts(&self.by_seat)
    }
    #[inline]
    fn add(&mut self, seat: Seat) {
        self.by_seat[seat.index()] += 1;
        self.count += 1;
    }
    #[inline]
    fn remove(&mut self, seat: Seat) {
        debug_assert!(self.by_seat[seat.index()] > 0);
        self.by_seat[seat.index()] -= 1;
        self.count -= 1;
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

/// Ships on every beach of every island, by card and beach (island ids are
/// 0..16; water cards have no beaches). Changed one ship or one beach at a
/// time; no beach ever holds more ships than its places.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ships {
    beaches: [[BeachShips; MAX_BEACHES]; ISLAND_COUNT],
}

impl Default for Ships {
    fn default() -> Self {
        Ships {
            beaches: [[BeachShips::default(); MAX_BEACHES]; ISLAND_COUNT],
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
    #[inline]
    pub fn is_full(&self, tile: CardId, beach: Beach) -> bool {
        self.beach(tile, beach).count >= tile.beach_spec(beach).places
    }
    #[inline]
    pub fn free_places(&self, tile: CardId, beach: Beach) -> u8 {
        tile.beach_spec(beach).places - self.beach(tile, beach).count
    }
    /// Free places on the whole island.
    #[inline]
    pub fn free_on(&self, tile: CardId) -> u32 {
        let places = tile.spec().beaches.iter().map(|spec| spec.places);
        places
            .zip(self.island(tile))
            .map(|(p, b)| u32::from(p - b.count))
            .sum()
    }
    /// Bitmask of the beaches of `tile` that have a free place.
    #[inline]
    pub fn free_mask(&self, tile: CardId) -> u8 {
        tile.beaches()
            .filter(|&b| !self.is_full(tile, b))
            .fold(0, |m, b| m | b.bit())
    }
    /// Is some beach of `tile` full?
    #[inline]
    pub fn any_full_on(&self, tile: CardId) -> bool {
        tile.beaches().any(|b| self.is_full(tile, b))
    }
    /// Ships of `seat` on the beaches of `tile`.
    #[inline]
    pub fn seat_on(&self, tile: CardId, seat: Seat) -> u8 {
        self.island(tile).iter().map(|b| b.of(seat)).sum()
    }
    /// Ships of all seats on `tile`.
    #[inline]
    pub fn total_on(&self, tile: CardId) -> u8 {
        self.island(tile).iter().map(|b| b.count).sum()
    }
    /// One ship of `seat` onto a beach with a free place.
    #[inline]
    pub fn add(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        debug_assert!(
            !self.is_full(tile, beach),
            "no beach holds more than its places"
        );
        self.beaches[tile.index()][beach.index()].add(seat);
    }
    /// One ship of `seat` off a beach where it has one.
    #[inline]
    pub fn remove(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        self.beaches[tile.index()][beach.index()].remove(seat);
    }
    /// Every ship leaves the beach (R20): the group, by seat.
    #[inline]
    pub fn sail(&mut self, tile: CardId, beach: Beach) -> [u8; MAX_SEATS] {
        std::mem::take(&mut self.beaches[tile.index()][beach.index()]).by_seat
    }
    /// The ships of `seat` leave every beach of `tile`; how many.
    fn take_seat(&mut self, tile: CardId, seat: Seat) -> u8 {
        let mut n = 0;
        for b in &mut self.beaches[tile.index()][..tile.beach_count()] {
            let k = b.by_seat[seat.index()];
            b.by_seat[seat.index()] = 0;
            b.count -= k;
            n += k;
        }
        n
    }
    /// Takes all ships off `tile`, returning how many each seat gets back.
    fn clear_tile(&mut self, tile: CardId) -> [u8; MAX_SEATS] {
        let mut back = [0; MAX_SEATS];
        for b in self.beaches[tile.index()].iter_mut() {
            for (s, n) in b.by_seat.iter().enumerate() {
                back[s] += n;
            }
            *b = BeachShips::default();
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
    pos: [Option<(Hex, u8)>; CARD_COUNT],
    /// Cards on the table, in the order they were laid.
    order: Vec<CardId>,
    /// Islands taken out of the game (R25).
    removed: Vec<CardId>,
    /// King islands and their owners (R30).
    king: [Option<Seat>; CARD_COUNT],
    ships: Ships,
    /// R60: ships that stayed on the last water card.
    water_ships: [[u8; MAX_SEATS]; CARD_COUNT],
    /// Cards laid so far, Tonga and removed islands included (R60).
    laid_islands: u8,
    laid_water: u8,
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

    // ----- reading ------------------------------------------------------

    /// Is `h` a hex where a card may be laid at all (inside the grid)?
    pub fn in_bounds(h: Hex) -> bool {
        Board::cell(h).is_some()
    }

    #[inline]
    pub fn card_at(&self, h: Hex) -> Option<CardId> {
        Board::cell(h).and_then(|i| match self.grid[i] {
            EMPTY => None,
            c => Some(CardId(c)),
        })
    }

    #[inline]
    pub fn on_table(&self, c: CardId) -> bool {
        self.pos[c.index()].is_some()
    }

    /// Where `c` lies and its rotation, if it is on the table.
    pub fn placement(&self, c: CardId) -> Option<(Hex, u8)> {
        self.pos[c.index()]
    }

    #[inline]
    pub fn hex_of(&self, c: CardId) -> Hex {
        self.pos[c.index()].expect("card on the table").0
    }

    #[inline]
    pub fn rotation_of(&self, c: CardId) -> u8 {
        self.pos[c.index()].expect("card on the table").1
    }

    /// Cards on the table, in the order they were laid.
    pub fn cards(&self) -> &[CardId] {
        &self.order
    }

    /// Islands taken out of the game (R25), in the order they left.
    pub fn removed(&self) -> &[CardId] {
        &self.removed
    }

    pub fn is_removed(&self, c: CardId) -> bool {
        self.removed.contains(&c)
    }

    /// The ships on the beaches.
    pub fn ships(&self) -> &Ships {
        &self.ships
    }

    /// R60: the ships that stayed on water card `c` when the game ended, by seat.
    pub fn water_ships(&self, c: CardId) -> &[u8; MAX_SEATS] {
        &self.water_ships[c.index()]
    }

    /// Island cards laid so far, Tonga and removed islands included (R60).
    pub fn laid_islands(&self) -> u8 {
        self.laid_islands
    }

    /// Water cards laid so far (R60).
    pub fn laid_water(&self) -> u8 {
        self.laid_water
    }

    #[inline]
    pub fn islands(&self) -> impl Iterator<Item = CardId> + '_ {
        self.order.iter().copied().filter(|c| c.is_island())
    }

    #[inline]
    pub fn is_king(&self, c: CardId) -> bool {
        self.king[c.index()].is_some()
    }

    /// The owner of king island `c` (R30).
    pub fn king_of(&self, c: CardId) -> Option<Seat> {
        self.king[c.index()]
    }

    pub fn kings_of(&self, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
        self.order
            .iter()
            .copied()
            .filter(move |c| self.king[c.index()] == Some(seat))
    }

    /// Full beaches on the table, in laid order then beach order.
    pub fn full_beaches_in(&self, ships: &Ships) -> Vec<(CardId, Beach)> {
        let mut v = Vec::new();
        for c in self.islands() {
            for b in c.beaches() {
                if ships.is_full(c, b) {
                    v.push((c, b));
                }
            }
        }
        v
    }

    /// Is a beach full anywhere but on `except`?
    #[inline]
    pub fn any_full_except(&self, ships: &Ships, except: CardId) -> bool {
        self.islands().any(|c| c != except && ships.any_full_on(c))
    }

    #[inline]
    pub fn any_full_in(&self, ships: &Ships) -> bool {
        self.islands().any(|c| ships.any_full_on(c))
    }

    /// Ships of `seat` on beaches anywhere (king ships are not on beaches).
    #[inline]
    pub fn seat_on_islands(&self, seat: Seat) -> u32 {
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
    pub fn trace(&self, tile: CardId, jetty: Edge, colours: u8) -> Trace {
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

    // ----- changing ---------------------------------------------------------

    /// Lays card `c` on the empty hex `h` (R21, R40).
    pub(crate) fn lay(&mut self, c: CardId, h: Hex, rotation: u8) {
        let i = Board::cell(h).expect("hex inside the grid");
        debug_assert_eq!(self.grid[i], EMPTY, "no hex holds two cards");
        debug_assert!(!self.on_table(c), "a card lies once");
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
    #[inline]
    pub(crate) fn remove(&mut self, c: CardId) -> [u8; MAX_SEATS] {
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

    /// One ship of `seat` onto a free place of an island on the table that
    /// is not a king island (setup, expansion, R40, R50, R51).
    pub(crate) fn place(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        debug_assert!(self.on_table(tile) && !self.is_king(tile));
        self.ships.add(tile, beach, seat);
    }

    /// R51: one ship of `seat` taken off a beach.
    pub(crate) fn take(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        self.ships.remove(tile, beach, seat);
    }

    /// R20: the whole beach sails; returns the group by seat.
    #[inline]
    pub(crate) fn sail(&mut self, tile: CardId, beach: Beach) -> [u8; MAX_SEATS] {
        self.ships.sail(tile, beach)
    }

    /// R23: one landing move of the group under way.
    pub(crate) fn land(&mut self, l: &mut Landing, m: LandMove) {
        crate::chain::play_land_move(&mut self.ships, l, m);
    }

    /// R40: every ship of `seat` leaves every island's beaches (kings stay);
    /// how many.
    pub(crate) fn resettle(&mut self, seat: Seat) -> u8 {
        let mut n = 0;
        for &c in &self.order {
            if c.is_island() {
                n += self.ships.take_seat(c, seat);
            }
        }
        n
    }

    /// R30: `seat` crowns island `tile`: every ship leaves its beaches and
    /// one of the seat's stays apart as king. Returns the ships that left,
    /// by seat (the king among them).
    pub(crate) fn crown(&mut self, tile: CardId, seat: Seat) -> [u8; MAX_SEATS] {
        debug_assert!(tile.is_island() && tile != CardId::TONGA && !self.is_king(tile));
        self.king[tile.index()] = Some(seat);
        self.ships.clear_tile(tile)
    }

    /// Arranged positions: a ship put on a beach with a free place of an
    /// island on the table, king island or not (a rule test may need a
    /// state no game reaches).
    pub(crate) fn set_ship(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        debug_assert!(self.on_table(tile));
        self.ships.add(tile, beach, seat);
    }

    /// Arranged positions: `seat` owns king island `tile`; ships on its
    /// beaches stay (see [`Board::set_ship`]).
    pub(crate) fn set_king(&mut self, tile: CardId, seat: Seat) {
        debug_assert!(tile.is_island() && self.on_table(tile));
        self.king[tile.index()] = Some(seat);
    }

    /// R60: the group stays on water card `card`, the last one laid.
    pub(crate) fn strand(&mut self, card: CardId, group: [u8; MAX_SEATS]) {
        self.water_ships[card.index()] = group;
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}
