//! The move generator: every legal action of the decision pending now, once
//! each, in a stable order, R25 filtering included
//! (docs/rules.md#how-the-engine-decides). `apply` accepts exactly these.

use super::{checks, Game, Phase};
use crate::action::Action;
use crate::cards::{Beach, CardId, ISLAND_COUNT, MAX_BEACHES};
use crate::hex::Edge;
use crate::hex::Hex;
use crate::landing::{landing_moves, Landing};
use crate::moves::{BeachSet, Move};
use crate::seat::Seat;

/// The most emigrations a decision can offer: every beach of every island
/// full, and an island's jetties point at different edges, six at most.
const MAX_EMIGRATIONS: usize = ISLAND_COUNT * 6;

impl Game {
    /// Every legal action for the decision pending now, once each, in a
    /// stable order; empty when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal_moves().iter().map(|m| m.to_action()).collect()
    }

    /// The legal moves, in the order of [`Game::legal_actions`]: computed
    /// once, kept until the next move.
    pub fn legal_moves(&self) -> &[Move] {
        self.cache.legal(|out| self.compute_legal(out))
    }

    /// Fills `out` (empty) with the legal moves.
    fn compute_legal(&self, out: &mut Vec<Move>) {
        let ships = self.board.ships();
        match self.phase {
            Phase::Over => {}
            Phase::Setup { .. } => {
                for b in CardId::TONGA.beaches() {
                    if checks::setup_beach(ships, b).is_ok() {
                        out.push(Move::SetupPlace { beach: b });
                    }
                }
            }
            Phase::Turn => self.turn_actions(out),
            Phase::Emigrate => self.emigrations(out),
            Phase::Land(l) => self.land_actions(&l, out),
            Phase::PlaceCard { .. } => self.card_placements(out),
            Phase::PlaceShip { tile, .. } => {
                for b in tile.beaches() {
                    if checks::free_place(ships, tile, b).is_ok() {
                        out.push(Move::PlaceShip { beach: b });
                    }
                }
            }
        }
    }

    /// R20: every full beach through every jetty, minus what R25 forbids.
    fn emigrations(&self, out: &mut Vec<Move>) {
        let board = &self.board;
        let ships = board.ships();
        // The full beaches, islands in laid order, each through its jetties:
        // what `Board::full_beaches` lists, written out as plain loops (the
        // iterator compiles to more work here, and this runs at every
        // emigration decision).
        let mut all = [(CardId::TONGA, Beach::new(0), Edge::new(0)); MAX_EMIGRATIONS];
        let mut count = 0;
        let with_full = board.islands_where(|c| ships.full_mask(c) != 0);
        for (_, tile) in board.islands_of(with_full) {
            for beach in Beach::in_mask(ships.full_mask(tile)) {
                for jetty in tile.beach_spec(beach).jetty_edges() {
                    all[count] = (tile, beach, jetty);
                    count += 1;
                }
            }
        }
        let all = &all[..count];
        let action =
            |&(tile, beach, jetty): &(CardId, Beach, Edge)| Move::Emigrate { tile, beach, jetty };
        // A single emigration is legal whatever R25 says of it (a decision
        // always has one): no search for it.
        if all.len() > 1 {
            self.cache
                .search()
                .resolving_emigrations(board, ships, all, |e| out.push(action(e)));
        }
        // A chain is entered only when it is resolvable (R25), so some
        // emigration keeps it so and `out` is not empty. Should it ever be,
        // every emigration stays allowed (as for landing moves), so that a
        // game not over always has a legal action.
        if out.is_empty() {
            out.extend(all.iter().map(action));
        }
    }

    /// R23 landing moves, with R25 applied: only moves after which the
    /// chain stays resolvable, as long as the current state is resolvable.
    fn land_actions(&self, l: &Landing, out: &mut Vec<Move>) {
        let board = &self.board;
        let ships = board.ships();
        let moves = landing_moves(ships, l);
        let all = || moves.clone();
        // A single move is legal whatever R25 says of it (a decision always
        // has one): no search for it.
        if moves.len() == 1 {
            out.extend(all().map(Move::from));
            return;
        }
        let mut search = self.cache.search();
        // No chain follows a landing that ends the game (R60). A full beach
        // that escapes resolves the chain whatever lands here; so does an
        // island whose every beach that could fill has a way out.
        let unrestricted = l.ends_game
            || search.landing_always_resolves(board, ships, l)
            || search.fixed_escape(board, ships);
        if !unrestricted {
            search.resolving_moves(board, ships, l, all(), |m| out.push(m.into()));
        }
        if out.is_empty() {
            // Unrestricted, or the chain is lost whatever happens (R25
            // removal follows when the landing ends): every move is legal.
            out.extend(all().map(Move::from));
        }
    }

    /// The start of a turn: R50 placements, or expansions (R10, R51), king
    /// islands (R30) and resettlement (R40).
    fn turn_actions(&self, out: &mut Vec<Move>) {
        let seat = self.current;
        if checks::no_ships_on_islands(&self.board, seat).is_ok() {
            self.new_ship_placements(out);
            if checks::resettle(false, !out.is_empty()).is_ok() {
                out.push(Move::Resettle);
            }
            return;
        }
        if self.supply[seat.index()] > 0 {
            self.expansions(seat, out);
        } else {
            self.expansions_by_taking(seat, out);
        }
        // R30 asks for an island with ships of the player's alone, and at
        // most one king island of theirs already: an exact filter read from
        // the island's sums before the full check.
        if self.board.king_count(seat) < 2 {
            let ships = self.board.ships();
            let alone = self.board.islands_where(|c| {
                let on = ships.on_island(c);
                (on.of(seat) != 0) & (on.count() == on.of(seat))
            });
            for (_, c) in self.board.islands_of(alone) {
                if checks::found_kingdom(&self.board, c, seat).is_ok() {
                    out.push(Move::FoundKingdom { tile: c });
                }
            }
        }
        out.push(Move::Resettle);
    }

    /// R50: two new ships on Tonga (a multiset of beaches), or one on any
    /// other island. (R50 applies with all ships in the supply but at most
    /// two kings, R30, so the supply always has two.)
    fn new_ship_placements(&self, out: &mut Vec<Move>) {
        let board = &self.board;
        let ships = board.ships();
        let t = CardId::TONGA;
        if checks::island_on_table(board, t).is_ok() {
            for a in t.beaches() {
                for b in t.beaches().filter(|&b| b >= a) {
                    let need = if a == b { 2 } else { 1 };
                    if checks::room_for(ships, t, a, need).is_ok()
                        && checks::room_for(ships, t, b, need).is_ok()
                    {
                        out.push(Move::PlaceNew {
                            tile: t,
                            first: a,
                            second: Some(b),
                        });
                    }
                }
            }
        }
        for c in board.islands() {
            if checks::place_new_count(c, 1).is_err() || checks::place_new_target(board, c).is_err()
            {
                continue;
            }
            for b in c.beaches() {
                if checks::room_for(ships, c, b, 1).is_ok() {
                    out.push(Move::PlaceNew {
                        tile: c,
                        first: b,
                        second: None,
                    });
                }
            }
        }
    }

    /// R10: k = min(n, b, s) ships, at most one per beach.
    fn expansions(&self, seat: Seat, out: &mut Vec<Move>) {
        let board = &self.board;
        let ships = board.ships();
        let supply = self.supply[seat.index()];
        let from = board.islands_where(|c| {
            checks::not_king_island(board, c).is_ok() & checks::expand_ships(ships, c, seat).is_ok()
        });
        for (_, c) in board.islands_of(from) {
            let Ok(n) = checks::expand_ships(ships, c, seat) else {
                continue;
            };
            // The beaches with a free place (`checks::free_place`).
            let free = ships.free_mask(c);
            let k = checks::expand_size(c, n, supply, free.count_ones() as usize);
            out.extend(SUBSETS.of(free, k).iter().map(|&subset| Move::Expand {
                tile: c,
                beaches: BeachSet::from_mask(subset),
                take: None,
            }));
        }
    }

    /// R51: with an empty supply, one ship taken from a beach goes to another.
    /// Where it may go (not onto a king island, R31, and onto a beach with
    /// a free place) does not depend on where it was taken from, so those
    /// beaches are worked out once per island.
    fn expansions_by_taking(&self, seat: Seat, out: &mut Vec<Move>) {
        let board = &self.board;
        let ships = board.ships();
        // The beaches with a free place (`checks::free_place`) of each
        // island, in the order of `board.islands()`: none on a king island.
        let mut free = [0u8; ISLAND_COUNT];
        for (free, to) in free.iter_mut().zip(board.islands()) {
            if checks::not_king_island(board, to).is_ok() {
                *free = ships.free_mask(to);
            }
        }
        // The beaches to take from and the islands to go to, as bits
        // (`Board::islands_where`: without a branch per beach or island).
        for from in board.islands() {
            let takes = from.beaches().fold(0u8, |m, fb| {
                m | u8::from(checks::take_from(board, from, fb, seat).is_ok()) << fb.index()
            });
            if takes == 0 {
                continue;
            }
            let keeps =
                board.islands_where(|to| checks::keeps_a_ship(ships, from, to, seat).is_ok());
            for fb in Beach::in_mask(takes) {
                for (i, to) in board.islands_of(keeps) {
                    for tb in Beach::in_mask(free[i]) {
                        if checks::take_elsewhere((from, fb), (to, tb)).is_ok() {
                            out.push(Move::Expand {
                                tile: to,
                                beaches: BeachSet::from_mask(tb.bit()),
                                take: Some((from, fb)),
                            });
                        }
                    }
                }
            }
        }
    }

    /// R40: empty hexes next to a card, rotated so the emblem edge faces a card.
    fn card_placements(&self, out: &mut Vec<Move>) {
        let at = Move::place_card;
        if self.board.cards().is_empty() {
            // Every card was removed (R25): the new card starts the table again.
            out.extend((0..6).map(|rot| at(Hex::ORIGIN, rot)));
            return;
        }
        // The rotations whose emblem edge faces a card
        // (`checks::emblem_faces_a_card` for all six at once) are the
        // directions in which a card lies next to the hex, as bits: each set
        // bit, lowest first.
        for (h, mut rotations) in self.board.frontier() {
            while rotations != 0 {
                out.push(at(h, rotations.trailing_zeros() as u8));
                rotations &= rotations - 1;
            }
        }
    }
}

/// Every `k`-beach subset of every set of beaches (R10's choices), as
/// masks, listed once at compile time.
struct Subsets {
    /// `start[mask][k]..start[mask][k + 1]`: the `k`-subsets of `mask` in
    /// `sets`.
    start: [[u16; MAX_BEACHES + 2]; 1 << MAX_BEACHES],
    /// For each mask and size, its subsets in lexicographic order of their
    /// ascending beach lists (3^6 in all: each beach out, in the mask only,
    /// or in the subset).
    sets: [u8; 729],
}

const SUBSETS: Subsets = {
    let mut t = Subsets {
        start: [[0; MAX_BEACHES + 2]; 1 << MAX_BEACHES],
        sets: [0; 729],
    };
    let mut at = 0;
    let mut mask = 0;
    while mask < 1 << MAX_BEACHES {
        let mut k = 0;
        while k <= MAX_BEACHES {
            t.start[mask][k] = at as u16;
            // Of two subsets the first in that order holds the lowest beach
            // where they differ: with the bits reversed (beach b at bit 5 -
            // b) it is the larger number. So the reversed numbers are taken
            // from the largest down.
            let mut r = 1 << MAX_BEACHES;
            while r > 0 {
                r -= 1;
                let s = (r as u8).reverse_bits() >> (8 - MAX_BEACHES);
                if s & !(mask as u8) == 0 && s.count_ones() as usize == k {
                    t.sets[at] = s;
                    at += 1;
                }
            }
            k += 1;
        }
        t.start[mask][MAX_BEACHES + 1] = at as u16;
        mask += 1;
    }
    assert!(at == t.sets.len());
    t
};

impl Subsets {
    /// The `k`-subsets of the beaches in `mask`, in lexicographic order.
    #[inline]
    fn of(&self, mask: u8, k: usize) -> &[u8] {
        let start = &self.start[usize::from(mask)];
        &self.sets[usize::from(start[k])..usize::from(start[k + 1])]
    }
}

/// Calls `f` with every `k`-element subset of `items`, in lexicographic
/// order (of the positions in `items`).
#[cfg(test)]
fn each_subset<T: Copy>(items: &[T], k: usize, mut f: impl FnMut(&[T])) {
    let n = items.len();
    if k > n {
        return;
    }
    // The positions chosen, increasing; the next subset moves the last
    // position that can move one on and puts the following ones after it.
    let mut at: [usize; MAX_BEACHES] = std::array::from_fn(|i| i);
    let Some(&fill) = items.first() else {
        // No items: the empty subset alone (k = 0).
        f(&[]);
        return;
    };
    let mut chosen = [fill; MAX_BEACHES];
    loop {
        for i in 0..k {
            chosen[i] = items[at[i]];
        }
        f(&chosen[..k]);
        let Some(i) = (0..k).rev().find(|&i| at[i] < n - k + i) else {
            return;
        };
        at[i] += 1;
        for j in i + 1..k {
            at[j] = at[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod subset_tests {
    use super::each_subset;

    fn subsets(items: &[u32], k: usize) -> Vec<Vec<u32>> {
        let mut v = Vec::new();
        each_subset(items, k, |s| v.push(s.to_vec()));
        v
    }

    /// The table of subsets lists what `each_subset` gives, for every
    /// set of beaches and size.
    #[test]
    fn the_table_of_subsets_is_each_subset() {
        use crate::cards::MAX_BEACHES;
        for mask in 0..1u8 << MAX_BEACHES {
            let items: Vec<u32> = (0..MAX_BEACHES as u32)
                .filter(|b| mask & 1 << b != 0)
                .collect();
            for k in 0..=MAX_BEACHES {
                let table: Vec<Vec<u32>> = super::SUBSETS
                    .of(mask, k)
                    .iter()
                    .map(|s| (0..8).filter(|b| s & 1 << b != 0).collect())
                    .collect();
                assert_eq!(table, subsets(&items, k), "mask {mask:#b}, k {k}");
            }
        }
    }

    #[test]
    fn subsets_are_lexicographic_and_complete() {
        assert_eq!(
            subsets(&[1, 3, 4], 2),
            vec![vec![1, 3], vec![1, 4], vec![3, 4]]
        );
        assert_eq!(subsets(&[0, 1, 2, 3, 4, 5], 3).len(), 20);
        assert_eq!(
            subsets(&[0, 1, 2, 3, 4, 5], 6),
            vec![vec![0, 1, 2, 3, 4, 5]]
        );
        let s = subsets(&[0, 1, 2, 3, 4, 5], 2);
        let mut sorted = s.clone();
        sorted.sort();
        assert_eq!(s, sorted);
    }
}
