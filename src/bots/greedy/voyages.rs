//! The greedy bot's voyage estimates (docs/rules.md#r20 to #r23): where a
//! group may end, over the cards on the table and, where a card would be
//! revealed, over the composition of the pile, and what each colour gains
//! or loses by it.

use super::Heuristic;
use crate::action::Action;
use crate::board::{colours, Ships, Trace, MAX_SEATS};
use crate::cards::{Beach, CardId};
use crate::game::Game;
use crate::hex::{edge_to_world, opposite, world_to_edge, Edge, Hex};
use crate::seat::Seat;

/// What a player can know of the pile: how many cards of each kind, the mean
/// value of the islands, and for each water card the trail a group entering
/// through its emblem edge (edge 0) takes.
pub(super) struct PileView {
    pub(super) islands: u32,
    pub(super) water: u32,
    pub(super) mean_island: f32,
    /// (exit edge, danger) of the trail from edge 0, per unseen water card.
    pub(super) water_trails: Vec<(Edge, u8)>,
}

impl PileView {
    pub(super) fn new(game: &Game) -> PileView {
        let mut islands = 0;
        let mut value = 0u32;
        let mut water_trails = Vec::with_capacity(16);
        // By card id, as `unseen_cards` lists them (the sums below add in
        // that order), without sorting a copy of the pile each decision.
        let drawn = crate::bots::mcts::drawn_mask(game);
        let unseen = move || CardId::all().filter(move |c| drawn & (1 << c.0) == 0);
        debug_assert!(unseen().eq(game.unseen_cards()));
        for c in unseen() {
            if c.is_island() {
                islands += 1;
                value += c.spec().value as u32;
            } else {
                water_trails.push(c.spec().trail_from(Edge::EMBLEM));
            }
        }
        PileView {
            islands,
            water: water_trails.len() as u32,
            mean_island: if islands > 0 {
                value as f32 / islands as f32
            } else {
                0.0
            },
            water_trails,
        }
    }
    pub(super) fn total(&self) -> u32 {
        self.islands + self.water
    }
    /// Chance that a group with `cols` colours passes a freshly revealed water card.
    pub(super) fn pass_chance(&self, cols: u8) -> f32 {
        if self.water == 0 {
            return 1.0;
        }
        let ok = self.water_trails.iter().filter(|t| t.1 <= cols).count();
        ok as f32 / self.water as f32
    }
}

/// Where a voyage may end, with probabilities.
#[derive(Clone, Copy, Default)]
pub(super) struct Dist {
    /// Landing on an island on the table, by card index.
    pub(super) known: [f32; 16],
    /// Landing on an island revealed from the pile.
    pub(super) new_island: f32,
    /// Still sailing past the look-ahead depth (valued roughly).
    pub(super) beyond: f32,
    /// A card is revealed on the way.
    pub(super) revealed: f32,
}

/// The ships once `group` has sailed from its beach of `from`.
struct After<'a> {
    ships: &'a Ships,
    from: CardId,
    group: &'a [u8; MAX_SEATS],
}

impl After<'_> {
    fn seat_on(&self, tile: CardId, seat: Seat) -> u8 {
        let n = self.ships.seat_on(tile, seat);
        if tile == self.from {
            n - self.group[seat.index()]
        } else {
            n
        }
    }
    fn free_on(&self, tile: CardId) -> u32 {
        let n = self.ships.free_on(tile);
        if tile == self.from {
            n + self.group.iter().map(|&g| u32::from(g)).sum::<u32>()
        } else {
            n
        }
    }
}

/// Reveals followed before the estimate turns rough.
pub(super) const MAX_REVEALS: u8 = 2;

impl Heuristic<'_> {
    // ----- voyages ------------------------------------------------------

    /// Expected value of emigrating (`tile`, `beach`) through `jetty` when
    /// the ships are `ships` (R20-R23).
    pub fn emigration_value(&self, ships: &Ships, tile: CardId, beach: Beach, jetty: Edge) -> f32 {
        // The ships once the group has sailed: only `tile`'s change, so
        // they are read through [`After`] rather than copied.
        let group = *ships.beach(tile, beach).by_seat();
        let after = After {
            ships,
            from: tile,
            group: &group,
        };
        let mut delta = [0f32; MAX_SEATS];
        for seat in Seat::all(self.n) {
            let s = seat.index();
            if group[s] > 0 && after.seat_on(tile, seat) == 0 {
                delta[s] -= self.worth(tile);
            }
        }
        let cols = colours(&group);
        let mut dist = self.voyage(tile, jetty, cols);
        if std::ptr::eq(ships, self.board.ships()) {
            let action = Action::Emigrate {
                tile,
                beach: beach.into(),
                jetty: jetty.into(),
            };
            if let Some(o) = self.exact.iter().find(|o| o.action == action) {
                // The exact odds: where it lands (a king island sends it
                // home), a new island; nothing left to guess beyond.
                for (k, &p) in dist.known.iter_mut().zip(o.landing.iter()) {
                    *k = p as f32;
                }
                dist.known[tile.index()] += o.turn_back as f32;
                dist.new_island = o.new_island as f32;
                dist.beyond = 0.0;
            }
        }
        for (i, &p) in dist.known.iter().enumerate() {
            if p > 0.0 {
                let gains = self.landing_gains(&after, CardId(i as u8));
                for s in 0..self.n {
                    delta[s] += p * gains[s];
                }
            }
        }
        let fresh = dist.new_island * self.pile.mean_island
            + dist.beyond * self.params.beyond * self.pile.mean_island;
        for s in 0..self.n {
            if group[s] > 0 {
                delta[s] += fresh;
            }
        }
        self.weigh(&delta) + self.stall_bonus * dist.revealed
    }

    /// Where a group of `cols` colours sailing from `tile` through `jetty`
    /// may end. It depends on the cards only, not on the ships, so one
    /// decision asks it once per voyage: every expansion that fills the
    /// same beach, and every landing that does, asks the same voyages.
    pub(super) fn voyage(&self, tile: CardId, jetty: Edge, cols: u8) -> Dist {
        let key = u32::from(tile.0) | u32::from(jetty.get()) << 8 | u32::from(cols) << 16;
        if let Some(d) = self.voyages.borrow().iter().find(|v| v.0 == key) {
            return d.1;
        }
        let mut dist = Dist::default();
        let start = self.board.hex_of(tile);
        let dir = edge_to_world(jetty, self.board.rotation_of(tile));
        self.follow(start, dir, cols, tile, 1.0, 0, &mut dist);
        self.voyages.borrow_mut().push((key, dist));
        dist
    }

    /// Follows a voyage from `hex` leaving in world direction `dir`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn follow(
        &self,
        mut hex: Hex,
        mut dir: u8,
        cols: u8,
        origin: CardId,
        p: f32,
        depth: u8,
        dist: &mut Dist,
    ) {
        for _ in 0..64 {
            let next = hex.neighbor(dir);
            let Some(card) = self.board.card_at(next) else {
                self.reveal(next, dir, cols, origin, p, depth, dist);
                return;
            };
            if card.is_island() {
                // R21: a king island sends the group back where it came from.
                let dest = if self.board.is_king(card) {
                    origin
                } else {
                    card
                };
                dist.known[dest.index()] += p;
                return;
            }
            let rot = self.board.rotation_of(card);
            let (exit, danger) = card.spec().trail_from(world_to_edge(opposite(dir), rot));
            if cols < danger {
                return; // the voyage fails: the ships go home
            }
            hex = next;
            dir = edge_to_world(exit, rot);
        }
    }

    /// A card is revealed at `hex`, entered from direction `dir` (R21).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn reveal(
        &self,
        hex: Hex,
        dir: u8,
        cols: u8,
        origin: CardId,
        p: f32,
        depth: u8,
        dist: &mut Dist,
    ) {
        let total = self.pile.total();
        if total == 0 {
            return;
        }
        let each = p / total as f32;
        if depth == 0 {
            dist.revealed += p;
        }
        dist.new_island += each * self.pile.islands as f32;
        if depth + 1 >= MAX_REVEALS {
            dist.beyond += each
                * self.pile.water as f32
                * self.pile.pass_chance(cols)
                * (self.pile.islands as f32 / total as f32);
            return;
        }
        // The new card lies with its emblem edge toward the group.
        let rot = opposite(dir);
        for &(exit, danger) in &self.pile.water_trails {
            if cols >= danger {
                self.follow(
                    hex,
                    edge_to_world(exit, rot),
                    cols,
                    origin,
                    each,
                    depth + 1,
                    dist,
                );
            }
        }
    }

    /// What each colour of `group` gains by landing on `dest` (R23): the
    /// island's value if it had no ship there. When the group is larger than
    /// the free places, the player to move sends home the colours that
    /// would gain most from the others first.
    fn landing_gains(&self, ships: &After, dest: CardId) -> [f32; MAX_SEATS] {
        let group = ships.group;
        let mut gains = [0f32; MAX_SEATS];
        let free = ships.free_on(dest);
        if free == 0 {
            return gains;
        }
        let total: u32 = group.iter().map(|&g| g as u32).sum();
        let mut surplus = total.saturating_sub(free);
        // The colours aboard, fewest ships first (ties by seat).
        let mut order = [0usize; MAX_SEATS];
        let mut len = 0;
        for s in (0..self.n).filter(|&s| group[s] > 0) {
            let mut k = len;
            while k > 0 && group[order[k - 1]] > group[s] {
                order[k] = order[k - 1];
                k -= 1;
            }
            order[k] = s;
            len += 1;
        }
        for &s in &order[..len] {
            if ships.seat_on(dest, Seat::new(s as u8)) > 0 {
                continue;
            }
            if s != self.me.index() && group[s] as u32 <= surplus {
                surplus -= group[s] as u32;
                continue; // denied: all its ships sent home
            }
            gains[s] = self.worth(dest);
        }
        gains
    }

    /// In a long chain: how surely this voyage ends it. Revealing a card or
    /// failing ends it; landing where every beach keeps a free place
    /// afterwards nearly does; anything else gets a varying small bonus so
    /// that the same round is not chosen again and again.
    pub(super) fn way_out(&self, tile: CardId, beach: Beach, jetty: Edge) -> f32 {
        let ships = self.board.ships();
        let group = ships.beach(tile, beach);
        let size = u32::from(group.count());
        match self.board.trace(tile, jetty, group.colours()) {
            Trace::Escape => 100.0,
            Trace::Land(dest) => {
                let mut after = ships.clone();
                after.sail(tile, beach);
                let room: u32 = dest
                    .beaches()
                    .map(|b| (after.free_places(dest, b) as u32).saturating_sub(1))
                    .sum();
                let calm = room >= size && !self.board.any_full_in(&after);
                // Varies from one decision to the next (0..8 points).
                let key = (self.game.log().len() as u64) << 16
                    | (tile.0 as u64) << 8
                    | (beach.index() as u64) << 4
                    | jetty.get() as u64;
                let jitter = (crate::hash::mix(key) >> 40) as f32 / (1u64 << 21) as f32;
                if calm {
                    50.0 + jitter
                } else {
                    jitter
                }
            }
        }
    }

    /// The best jetty of a full beach: what emigrating it is worth.
    pub(super) fn best_emigration(&self, ships: &Ships, tile: CardId, beach: Beach) -> f32 {
        tile.beach_spec(beach)
            .jetty_edges()
            .map(|j| self.emigration_value(ships, tile, beach, j))
            .fold(f32::NEG_INFINITY, f32::max)
    }
}
