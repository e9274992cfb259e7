//! The table: where each card lies, king islands, and the ships on beaches.
//!
//! The layout ([`Board`]) changes only when a card is laid or removed; the
//! ships ([`Ships`], `ships.rs`) change with every move and are what the R25 chain search
//! copies and explores. Both keep their fields private and change only
//! through the methods below, which keep them consistent (as shakmaty's
//! `Board` does with `set_piece_at` / `remove_piece_at`): a beach's count is
//! the sum of its seats' ships and never above its places; a king island
//! holds no ships on its beaches; a card lies on one hex at most, and is in
//! [`Board::cards`] exactly while it lies there.

use crate::cards::{Beach, CardId, CARD_COUNT, ISLAND_COUNT};
use crate::hex::{edge_to_world, opposite, world_to_edge, Edge, Hex, DIRECTIONS};
use crate::seat::Seat;

mod frontier;
use frontier::FRONTIER_WORDS;
mod ships;

pub use crate::cards::MAX_BEACHES;
pub use crate::seat::MAX_SEATS;
use ships::bits;
pub(crate) use ships::seat_bytes;
pub use ships::{colours, expand_counts, BeachShips, Ships};

pub const SHIPS_PER_PLAYER: u8 = 15;

/// Grid side. The 32 cards lie within 31 hexes of the origin (each next
/// to one laid before it, or at the origin), so every card and every hex
/// next to one lies inside the grid's rim; a multiple of 8, so that the
/// frontier's bits fill whole words.
const GRID: i32 = 72;
const OFFSET: i32 = GRID / 2;
const EMPTY: u8 = u8::MAX;
/// Hexes in the grid.
const CELLS: usize = (GRID * GRID) as usize;

/// The grid cell next to another in each world direction, as a step along
/// the grid ([`DIRECTIONS`] in cells of [`Board::cell`]); a cell at the
/// grid's edge has no neighbour this way.
const STEPS: [isize; 6] = {
    let mut steps = [0; 6];
    let mut d = 0;
    while d < 6 {
        let (dq, dr) = DIRECTIONS[d];
        steps[d] = (dq * GRID + dr) as isize;
        d += 1;
    }
    steps
};

/// Where a voyage from a jetty goes over the cards on the table, whatever
/// the group (R25 search): the island it reaches, if no card would be
/// revealed first, and the highest danger on the way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Route {
    /// The island where the group lands (the start again after a king
    /// island), or `None` when it reaches an empty hex.
    pub end: Option<CardId>,
    /// The highest danger number of the trails followed.
    pub danger: u8,
}

impl Route {
    /// The voyage of a group of `colours` colours along this route: it
    /// fails on the first trail whose danger exceeds its colours, so it
    /// lands only with at least the route's highest danger.
    #[inline]
    pub fn trace(self, colours: u8) -> Trace {
        match self.end {
            Some(island) if colours >= self.danger => Trace::Land(island),
            _ => Trace::Escape,
        }
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
    /// The card on each hex of the grid ([`Board::cell`]), or `EMPTY`.
    grid: Box<[u8; CELLS]>,
    /// The directions from each hex of the grid in which a card lies next
    /// to it, as bits `1 << direction` ([`Board::cards_around`]): kept as
    /// cards are laid and removed.
    around: Box<[u8; CELLS]>,
    /// Position and rotation of each card on the table.
    pos: [Option<(Hex, u8)>; CARD_COUNT],
    /// Cards on the table, in the order they were laid.
    order: Vec<CardId>,
    /// The islands among them, in the same order: the first `island_count`.
    islands: [CardId; ISLAND_COUNT],
    island_count: u8,
    /// Islands taken out of the game (R25).
    removed: Vec<CardId>,
    /// King islands and their owners (R30).
    king: [Option<Seat>; CARD_COUNT],
    /// King islands of each seat, counted (R30: at most two).
    kings: [u8; MAX_SEATS],
    ships: Ships,
    /// R60: ships that stayed on the last water card.
    water_ships: [[u8; MAX_SEATS]; CARD_COUNT],
    /// Cards laid so far, Tonga and removed islands included (R60).
    laid_islands: u8,
    laid_water: u8,
    /// Changes of the layout so far: cards laid, islands removed, king
    /// islands founded.
    layout_changes: u32,
    /// The empty hexes next to a card, a bit per hex in (q, r) order
    /// (the grid's cells, [`Board::cell`]): kept as cards are laid and removed.
    frontier: [u64; FRONTIER_WORDS],
    /// The words of `frontier` to read, `lo..hi`: those of the columns next
    /// to every card laid so far, so no bit lies outside them.
    frontier_words: (u8, u8),
}

impl Board {
    /// The start of every game: Tonga alone at (0, 0), rotation 0.
    pub fn new() -> Board {
        let mut b = Board {
            grid: vec![EMPTY; CELLS]
                .into_boxed_slice()
                .try_into()
                .expect("CELLS hexes"),
            around: vec![0; CELLS]
                .into_boxed_slice()
                .try_into()
                .expect("CELLS hexes"),
            pos: [None; CARD_COUNT],
            order: Vec::with_capacity(CARD_COUNT),
            islands: [CardId::TONGA; ISLAND_COUNT],
            island_count: 0,
            removed: Vec::new(),
            king: [None; CARD_COUNT],
            kings: [0; MAX_SEATS],
            ships: Ships::default(),
            water_ships: [[0; MAX_SEATS]; CARD_COUNT],
            laid_islands: 0,
            laid_water: 0,
            layout_changes: 0,
            frontier: [0; FRONTIER_WORDS],
            frontier_words: (u8::MAX, 0),
        };
        b.lay(CardId::TONGA, Hex::ORIGIN, 0);
        b
    }

    /// The hex's cell of the grid, if it lies on it: cells in (q, r)
    /// order, so that the frontier's bits (`frontier.rs`) are the cells'.
    fn cell(h: Hex) -> Option<usize> {
        let x = h.q + OFFSET;
        let y = h.r + OFFSET;
        if (0..GRID).contains(&x) && (0..GRID).contains(&y) {
            Some((x * GRID + y) as usize)
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

    /// How many times the layout (where the cards lie, which islands are
    /// king islands) has changed: a card laid, an island removed, a king
    /// island founded. Each change only adds to the table's history, so two
    /// layouts of one board never share this number (what the R25 search
    /// has proven holds while it stays the same).
    pub fn layout_changes(&self) -> u32 {
        self.layout_changes
    }

    /// Islands on the table, in the order they were laid.
    #[inline]
    pub fn islands(&self) -> impl Iterator<Item = CardId> + '_ {
        self.island_list().iter().copied()
    }

    /// Islands on the table, in the order they were laid (at most
    /// [`ISLAND_COUNT`]).
    #[inline]
    pub fn island_list(&self) -> &[CardId] {
        &self.islands[..usize::from(self.island_count)]
    }

    /// The islands on the table for which `f` holds, as bits: bit `i` for
    /// the `i`th of [`Board::island_list`]. Worked out without a branch per
    /// island: the move generator asks whose ships lie where, which varies
    /// from turn to turn, and such branches are mispredicted (BENCHMARKS.md).
    #[inline]
    pub fn islands_where(&self, mut f: impl FnMut(CardId) -> bool) -> u32 {
        let mut bits = 0;
        for (i, &c) in self.island_list().iter().enumerate() {
            bits |= u32::from(f(c)) << i;
        }
        bits
    }

    /// The islands of `bits` ([`Board::islands_where`]) with their places
    /// in [`Board::island_list`], in laid order.
    #[inline]
    pub fn islands_of(&self, bits: u32) -> impl Iterator<Item = (usize, CardId)> + '_ {
        ships::bits(bits).map(move |i| (i, self.islands[i]))
    }

    #[inline]
    pub fn is_king(&self, c: CardId) -> bool {
        self.king[c.index()].is_some()
    }

    /// The owner of king island `c` (R30).
    pub fn king_of(&self, c: CardId) -> Option<Seat> {
        self.king[c.index()]
    }

    /// How many king islands `seat` owns (R30).
    #[inline]
    pub fn king_count(&self, seat: Seat) -> u8 {
        self.kings[seat.index()]
    }

    pub fn kings_of(&self, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
        self.order
            .iter()
            .copied()
            .filter(move |c| self.king[c.index()] == Some(seat))
    }

    /// Full beaches on the table, in laid order then beach order.
    pub fn full_beaches<'a>(
        &'a self,
        ships: &'a Ships,
    ) -> impl Iterator<Item = (CardId, Beach)> + 'a {
        // The islands left, and the full beaches left on the last one taken.
        let mut islands = self.islands();
        let (mut tile, mut full) = (CardId::TONGA, 0u8);
        std::iter::from_fn(move || {
            while full == 0 {
                tile = islands.next()?;
                full = ships.full_mask(tile);
            }
            let beach = Beach::new(full.trailing_zeros() as u8);
            full &= full - 1;
            Some((tile, beach))
        })
    }

    /// Is a beach full anywhere but on `except`?
    #[inline]
    pub fn any_full_except(&self, ships: &Ships, except: CardId) -> bool {
        // Ships lie only on islands on the table.
        ships.full_islands() & !(1 << except.index()) != 0
    }

    #[inline]
    pub fn any_full_in(&self, ships: &Ships) -> bool {
        ships.full_islands() != 0
    }

    /// Ships of `seat` on beaches anywhere (king ships are not on beaches).
    #[inline]
    pub fn seat_on_islands(&self, seat: Seat) -> u32 {
        // Ships lie only on islands on the table.
        u32::from(self.ships.on_beaches().of(seat))
    }

    /// R25 search: follow a voyage from `tile`'s edge `jetty` without revealing
    /// anything. `colours` is the number of colours in the group.
    pub fn trace(&self, tile: CardId, jetty: Edge, colours: u8) -> Trace {
        self.route(tile, jetty).trace(colours)
    }

    /// R25 search: where a voyage from `tile`'s edge `jetty` goes without
    /// revealing anything, whatever the group.
    pub fn route(&self, tile: CardId, jetty: Edge) -> Route {
        let (start, rot) = self.placement(tile).expect("card on the table");
        let mut cell = Board::cell(start).expect("a card lies inside the grid");
        let mut dir = edge_to_world(jetty, rot);
        let mut danger = 0;
        // A path through water cannot cycle (trails pair edges, so each step
        // is reversible and the start is an island); 64 steps is a safe cap.
        for _ in 0..64 {
            // The voyage meets cards and the empty hexes next to them only,
            // all well inside the grid: the next hex is a step along it.
            cell = cell.wrapping_add_signed(STEPS[usize::from(dir)]);
            let card = match self.grid[cell] {
                EMPTY => return Route { end: None, danger }, // a card would be revealed
                c => CardId(c),
            };
            if card.is_water() {
                let rot = self.rotation_of(card);
                let (exit, d) = card.spec().trail_from(world_to_edge(opposite(dir), rot));
                danger = danger.max(d);
                dir = edge_to_world(exit, rot);
            } else if self.is_king(card) {
                // R21: turn back, land where it sailed from.
                return Route {
                    end: Some(tile),
                    danger,
                };
            } else {
                return Route {
                    end: Some(card),
                    danger,
                };
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
        self.update_frontier(h, true);
        self.layout_changes += 1;
        if c.is_island() {
            self.islands[usize::from(self.island_count)] = c;
            self.island_count += 1;
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
        if let Some((h, _)) = self.pos[c.index()] {
            let i = Board::cell(h).expect("a card lies inside the grid");
            self.grid[i] = EMPTY;
            self.update_frontier(h, false);
            let islands = &mut self.islands[..usize::from(self.island_count)];
            let at = islands
                .iter()
                .position(|&x| x == c)
                .expect("an island on the table");
            islands[at..].rotate_left(1);
            self.island_count -= 1;
            if let Some(owner) = self.king[c.index()] {
                self.kings[owner.index()] -= 1;
            }
        }
        self.pos[c.index()] = None;
        self.order.retain(|&x| x != c);
        self.removed.push(c);
        self.layout_changes += 1;
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

    /// R23: a ship of `seat` of the group under way lands on a beach with a
    /// free place (which, the landing's rules: `src/landing.rs`).
    pub(crate) fn land(&mut self, tile: CardId, beach: Beach, seat: Seat) {
        self.ships.add(tile, beach, seat);
    }

    /// R40: every ship of `seat` leaves every island's beaches (kings stay);
    /// how many.
    pub(crate) fn resettle(&mut self, seat: Seat) -> u8 {
        // The islands with a ship of the seat (`islands_where`: without a
        // branch per card on whether it is an island or holds one).
        let mine = self.islands_where(|c| self.ships.seat_on(c, seat) != 0);
        let mut n = 0;
        for i in bits(mine) {
            n += self.ships.take_seat(self.islands[i], seat);
        }
        n
    }

    /// R30: `seat` crowns island `tile`: every ship leaves its beaches and
    /// one of the seat's stays apart as king. Returns the ships that left,
    /// by seat (the king among them).
    pub(crate) fn crown(&mut self, tile: CardId, seat: Seat) -> [u8; MAX_SEATS] {
        debug_assert!(tile.is_island() && tile != CardId::TONGA && !self.is_king(tile));
        self.king[tile.index()] = Some(seat);
        self.kings[seat.index()] += 1;
        self.layout_changes += 1;
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
        if let Some(owner) = self.king[tile.index()] {
            self.kings[owner.index()] -= 1;
        }
        self.king[tile.index()] = Some(seat);
        self.kings[seat.index()] += 1;
        self.layout_changes += 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The islands where a test holds, as bits and back, are those of the
    /// island list it holds for, in laid order, as islands are laid.
    #[test]
    fn islands_where_are_the_listed_islands_it_holds_for() {
        let mut next = crate::test_rng::xorshift(0x5eed_1e55);
        for _ in 0..50 {
            let mut b = Board::new();
            for c in 1..CARD_COUNT as u8 {
                let f: Vec<Hex> = b.frontier().map(|(h, _)| h).collect();
                b.lay(CardId(c), f[next(f.len())], next(6) as u8);
                let pick = next(1 << 16) as u32;
                let test = |c: CardId| pick >> (c.index() % 16) & 1 != 0;
                let bits = b.islands_where(test);
                let want: Vec<(usize, CardId)> = b
                    .island_list()
                    .iter()
                    .copied()
                    .enumerate()
                    .filter(|&(_, c)| test(c))
                    .collect();
                assert_eq!(b.islands_of(bits).collect::<Vec<_>>(), want);
                assert_eq!(bits.count_ones() as usize, want.len());
            }
        }
    }
}
