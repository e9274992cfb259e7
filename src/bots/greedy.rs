//! `greedy`: a readable one-step heuristic.
//!
//! Every legal action gets a value in points, from the point of view of the
//! player to move (their expected points gained minus a share of what the
//! others gain), and the best one is played. The estimates:
//!
//! - **Voyages** ([`Heuristic::emigration_value`]): follow the jetty over
//!   the cards on the table; where a card would be revealed, average over
//!   the cards still in the pile (their composition is public, their order
//!   is not): an island of the pile's mean value, or a water card whose
//!   trail from the emblem edge the group passes only with enough colours.
//!   A group that lands gives each colour the island's value if it had no
//!   ship there; a colour that leaves an island with its last ships loses it.
//! - **Expansion**: the voyages of the beaches it fills (each at its best
//!   jetty), plus a small build-up term for filling beaches of one's own.
//! - **King island** (R30): worth part of its value, more for 4–5 point
//!   islands and late in the game (it can no longer be lost), and when an
//!   opponent's voyage could land there now (blocking).
//! - **Resettlement** (R40): only when the player holds nothing of value.
//! - **Landing** (R23): land one's own colour first and spread it over the
//!   beaches; send home the surplus ships whose return hurts the others most
//!   and us least (an opponent that would gain the island loses it).
//!
//! The heuristic reads only public state: the table, the supplies and the
//! pile's composition ([`Game::unseen_cards`]).

use super::{determinise, Bot};
use crate::action::{Action, BeachRef};
use crate::board::{colours, Board, Ships, MAX_SEATS};
use crate::cards::CardId;
use crate::chain::Landing;
use crate::game::{Game, Phase};
use crate::hex::{edge_to_world, opposite, world_to_edge, Hex};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Tunable weights of the heuristic (points are the unit).
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Tonga is worth 0 points but counts for ties (R62) and is the base
    /// every voyage starts from.
    pub tonga_worth: f32,
    /// Weight of one opponent point against one of ours, 2 players.
    pub opp_weight_2p: f32,
    /// The same with more players (spread over the n - 1 opponents).
    pub opp_weight_multi: f32,
    /// A king island is worth this share of its value...
    pub king_share: f32,
    /// ...plus this share when an opponent's voyage could land there now.
    pub king_block_share: f32,
    /// Build-up: value of a beach one ship closer to full, per filled share.
    pub build: f32,
    /// Revealing a card this far ahead is valued at the mean value, times this.
    pub beyond: f32,
    /// In a long chain, search for the shortest way out ([`super::wayout`]);
    /// off in search rollouts, where a cheap varied choice does.
    pub plan_way_out: bool,
    /// Value the voyages of an emigration decision with the exact odds of
    /// [`crate::odds`] instead of the look-ahead estimate (`greedy:odds`).
    pub exact_odds: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            tonga_worth: 0.5,
            opp_weight_2p: 1.0,
            opp_weight_multi: 0.5,
            king_share: 0.35,
            king_block_share: 0.4,
            build: 0.3,
            beyond: 0.5,
            plan_way_out: true,
            exact_odds: false,
        }
    }
}

/// The greedy bot: the best action by [`Heuristic`], ties by list order.
pub struct GreedyBot {
    rng: ChaCha8Rng,
    params: Params,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_params(seed, Params::default())
    }
    pub fn with_params(seed: u64, params: Params) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            params,
        }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }
    fn choose(&mut self, game: &Game) -> Action {
        // Bots never see the real pile order: work on a sampled one (the
        // heuristic only reads the pile's composition anyway).
        let game = determinise(game, &mut self.rng);
        greedy_action(&game, &self.params)
    }
}

/// Decisions of the turn so far (since the action that started it).
pub fn chain_length(game: &Game) -> usize {
    game.log()
        .iter()
        .rev()
        .take_while(|a| {
            !matches!(
                a,
                Action::Expand { .. }
                    | Action::PlaceNew { .. }
                    | Action::FoundKingdom { .. }
                    | Action::Resettle
                    | Action::SetupPlace { .. }
            )
        })
        .count()
}

/// A chain this long is going round in circles: R25 lets a player repeat
/// emigrations between the cards on the table as long as some way out
/// exists, so the greedy player then looks for the way out (a voyage that
/// reveals a card or fails, landings that fill no beach).
pub const LONG_CHAIN: usize = 24;

/// The greedy choice for the player to move in `game` (not over).
pub fn greedy_action(game: &Game, params: &Params) -> Action {
    let legal = game.legal_actions_ref();
    if legal.len() == 1 {
        return legal[0].clone();
    }
    let mut h = Heuristic::new(game, params);
    let chain = match game.phase() {
        Phase::Emigrate | Phase::Land(_) => chain_length(game),
        _ => 0,
    };
    if chain > LONG_CHAIN {
        if params.plan_way_out {
            if let Some(a) = super::wayout::way_out(game) {
                return a;
            }
        }
        h.break_loops = true;
        if chain > 8 * LONG_CHAIN {
            // Still going round: vary the choice (deterministically).
            return legal[(super::mix(chain as u64) % legal.len() as u64) as usize].clone();
        }
    }
    let mut best = 0;
    let mut best_v = f32::NEG_INFINITY;
    for (i, a) in legal.iter().enumerate() {
        let v = h.action_value(a);
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    legal[best].clone()
}

/// What a player can know of the pile: how many cards of each kind, the mean
/// value of the islands, and for each water card the trail a group entering
/// through its emblem edge (edge 0) takes.
struct PileView {
    islands: u32,
    water: u32,
    mean_island: f32,
    /// (exit edge, danger) of the trail from edge 0, per unseen water card.
    water_trails: Vec<(u8, u8)>,
}

impl PileView {
    fn new(game: &Game) -> PileView {
        let mut islands = 0;
        let mut value = 0u32;
        let mut water_trails = Vec::with_capacity(16);
        for c in game.unseen_cards() {
            if c.is_island() {
                islands += 1;
                value += c.spec().value as u32;
            } else {
                water_trails.push(c.spec().trail_from(0));
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
    fn total(&self) -> u32 {
        self.islands + self.water
    }
    /// Chance that a group with `cols` colours passes a freshly revealed water card.
    fn pass_chance(&self, cols: u8) -> f32 {
        if self.water == 0 {
            return 1.0;
        }
        let ok = self.water_trails.iter().filter(|t| t.1 <= cols).count();
        ok as f32 / self.water as f32
    }
}

/// Where a voyage may end, with probabilities.
#[derive(Default)]
struct Dist {
    /// Landing on an island on the table, by card index.
    known: [f32; 16],
    /// Landing on an island revealed from the pile.
    new_island: f32,
    /// Still sailing past the look-ahead depth (valued roughly).
    beyond: f32,
    /// A card is revealed on the way.
    revealed: f32,
}

/// Reveals followed before the estimate turns rough.
const MAX_REVEALS: u8 = 2;

/// The heuristic's view of one decision.
pub struct Heuristic<'a> {
    game: &'a Game,
    board: &'a Board,
    params: &'a Params,
    me: u8,
    n: usize,
    opp_weight: f32,
    pile: PileView,
    /// Set in a long chain: prefer ways out over everything else.
    pub break_loops: bool,
    /// Points for revealing a card when the game stalls (see [`stalled`]).
    stall_bonus: f32,
    /// The exact odds of the legal emigrations ([`Params::exact_odds`]).
    exact: Vec<crate::odds::VoyageOdds>,
}

/// Has the game gone round without laying cards? Players could otherwise
/// avoid revealing cards for ever (all voyages landing on known islands or
/// failing); then the greedy player pushes the game on.
/// The answer is how many turns past the usual pace the game is (0: none).
pub fn stalled(game: &Game) -> u32 {
    let b = game.board();
    game.turn()
        .saturating_sub(30 + 3 * (b.laid_islands as u32 + b.laid_water as u32))
}

impl<'a> Heuristic<'a> {
    pub fn new(game: &'a Game, params: &'a Params) -> Heuristic<'a> {
        let n = game.players();
        Heuristic {
            game,
            board: game.board(),
            params,
            me: game.current().unwrap_or(0),
            n,
            opp_weight: if n == 2 {
                params.opp_weight_2p
            } else {
                params.opp_weight_multi / (n - 1) as f32
            },
            pile: PileView::new(game),
            break_loops: false,
            stall_bonus: 0.25 * stalled(game) as f32,
            exact: if params.exact_odds {
                crate::odds::voyage_odds(game)
            } else {
                Vec::new()
            },
        }
    }

    fn worth(&self, c: CardId) -> f32 {
        if c == CardId::TONGA {
            self.params.tonga_worth
        } else {
            c.spec().value as f32
        }
    }

    /// Our points minus the weighted points of the others.
    fn weigh(&self, delta: &[f32; MAX_SEATS]) -> f32 {
        let mut v = 0.0;
        for (s, d) in delta.iter().enumerate().take(self.n) {
            if s == self.me as usize {
                v += d;
            } else {
                v -= self.opp_weight * d;
            }
        }
        v
    }

    fn sign(&self, seat: u8) -> f32 {
        if seat == self.me {
            1.0
        } else {
            -self.opp_weight
        }
    }

    /// The value of one legal action.
    pub fn action_value(&self, a: &Action) -> f32 {
        let ships = &self.board.ships;
        match a {
            Action::SetupPlace { beach } => {
                let b = ships.beach(CardId::TONGA, *beach as usize);
                // Spread our two ships; join other colours (mixed groups pass danger).
                -(b.by_seat[self.me as usize] as f32) * 2.0
                    + (colours(&b.by_seat) as f32) * 0.5
                    + (b.count as f32) * 0.1
            }
            Action::Expand {
                tile,
                beaches,
                take,
            } => self.expand_value(*tile, beaches, *take),
            Action::FoundKingdom { tile } => self.king_value(*tile),
            Action::Resettle => self.resettle_value(),
            Action::PlaceNew { tile, beaches } => self.place_new_value(*tile, beaches),
            Action::Emigrate { tile, beach, jetty } => {
                let v = self.emigration_value(ships, *tile, *beach as usize, *jetty as u8);
                if self.break_loops {
                    v + self.way_out(*tile, *beach as usize, *jetty as u8)
                } else {
                    v
                }
            }
            Action::Land { seat, beach } => match self.game.phase() {
                Phase::Land(l) => self.land_value(&l, *seat as u8, *beach as usize),
                _ => 0.0,
            },
            Action::Return { seat } => match self.game.phase() {
                Phase::Land(l) => self.return_value(&l, *seat as u8),
                _ => 0.0,
            },
            Action::PlaceCard { q, r, rotation } => {
                self.place_card_value(Hex::new(*q, *r), *rotation as u8)
            }
            Action::PlaceShip { beach } => {
                // A lone ship: the beach that takes longest to fill keeps it longest.
                match self.game.phase() {
                    Phase::PlaceShip { tile, .. } => {
                        tile.spec().beaches[*beach as usize].places as f32
                    }
                    _ => 0.0,
                }
            }
        }
    }

    // ----- voyages ------------------------------------------------------

    /// Expected value of emigrating (`tile`, `beach`) through `jetty` when
    /// the ships are `ships` (R20-R23).
    pub fn emigration_value(&self, ships: &Ships, tile: CardId, beach: usize, jetty: u8) -> f32 {
        let group = ships.beach(tile, beach).by_seat;
        let mut after = ships.clone();
        *after.beach_mut(tile, beach) = Default::default();
        let mut delta = [0f32; MAX_SEATS];
        for s in 0..self.n {
            if group[s] > 0 && after.seat_on(tile, s as u8) == 0 {
                delta[s] -= self.worth(tile);
            }
        }
        let cols = colours(&group);
        let mut dist = Dist::default();
        let start = self.board.hex_of(tile);
        let dir = edge_to_world(jetty, self.board.rotation_of(tile));
        self.follow(start, dir, cols, tile, 1.0, 0, &mut dist);
        if std::ptr::eq(ships, &self.board.ships) {
            if let Some(o) = self.exact.iter().find(|o| {
                o.action
                    == Action::Emigrate {
                        tile,
                        beach: beach as u32,
                        jetty: jetty as u32,
                    }
            }) {
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
                let gains = self.landing_gains(&after, CardId(i as u8), &group);
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

    /// Follows a voyage from `hex` leaving in world direction `dir`.
    #[allow(clippy::too_many_arguments)]
    fn follow(
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
    fn reveal(
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
    fn landing_gains(
        &self,
        ships: &Ships,
        dest: CardId,
        group: &[u8; MAX_SEATS],
    ) -> [f32; MAX_SEATS] {
        let mut gains = [0f32; MAX_SEATS];
        let free = ships.free_on(dest);
        if free == 0 {
            return gains;
        }
        let total: u32 = group.iter().map(|&g| g as u32).sum();
        let mut surplus = total.saturating_sub(free);
        let mut order: Vec<usize> = (0..self.n).filter(|&s| group[s] > 0).collect();
        order.sort_by_key(|&s| group[s]);
        for s in order {
            if ships.seat_on(dest, s as u8) > 0 {
                continue;
            }
            if s != self.me as usize && group[s] as u32 <= surplus {
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
    fn way_out(&self, tile: CardId, beach: usize, jetty: u8) -> f32 {
        let ships = &self.board.ships;
        let group = ships.beach(tile, beach).by_seat;
        let size: u32 = group.iter().map(|&g| g as u32).sum();
        match self.board.trace(tile, jetty, colours(&group)) {
            crate::board::Trace::Escape => 100.0,
            crate::board::Trace::Land(dest) => {
                let mut after = ships.clone();
                *after.beach_mut(tile, beach) = Default::default();
                let room: u32 = (0..dest.spec().beaches.len())
                    .map(|b| (after.free_places(dest, b) as u32).saturating_sub(1))
                    .sum();
                let calm = room >= size && !self.board.any_full_in(&after);
                // Varies from one decision to the next (0..8 points).
                let key = (self.game.log().len() as u64) << 16
                    | (tile.0 as u64) << 8
                    | (beach as u64) << 4
                    | jetty as u64;
                let jitter = (super::mix(key) >> 40) as f32 / (1u64 << 21) as f32;
                if calm {
                    50.0 + jitter
                } else {
                    jitter
                }
            }
        }
    }

    /// The best jetty of a full beach: what emigrating it is worth.
    fn best_emigration(&self, ships: &Ships, tile: CardId, beach: usize) -> f32 {
        tile.spec().beaches[beach]
            .jetties
            .iter()
            .map(|&j| self.emigration_value(ships, tile, beach, j))
            .fold(f32::NEG_INFINITY, f32::max)
    }

    /// Full beaches after a placement sail (at their best jetty); the other
    /// beaches we put ships on count as build-up toward a later voyage.
    fn after_placing(&self, ships: &Ships, tile: CardId, beaches: &[u32]) -> f32 {
        let mut v = 0.0;
        for (i, &b) in beaches.iter().enumerate() {
            let b = b as usize;
            if beaches[..i].contains(&(b as u32)) {
                continue;
            }
            if ships.is_full(tile, b) {
                v += self.best_emigration(ships, tile, b);
            } else {
                let spec = &tile.spec().beaches[b];
                let beach = ships.beach(tile, b);
                let fill = beach.count as f32 / spec.places as f32;
                // Closer to full is closer to a voyage of ours; mixed beaches sail safer.
                v += self.params.build
                    * fill
                    * (1.0 + 0.25 * (colours(&beach.by_seat) as f32 - 1.0));
            }
        }
        v
    }

    fn expand_value(&self, tile: CardId, beaches: &[u32], take: Option<BeachRef>) -> f32 {
        let mut ships = self.board.ships.clone();
        let mut v = 0.0;
        if let Some(t) = take {
            ships.beach_mut(t.tile, t.beach as usize).remove(self.me);
            if ships.seat_on(t.tile, self.me) == 0 {
                v -= self.worth(t.tile);
            }
        }
        for &b in beaches {
            ships.beach_mut(tile, b as usize).add(self.me);
        }
        v + self.after_placing(&ships, tile, beaches)
    }

    fn place_new_value(&self, tile: CardId, beaches: &[u32]) -> f32 {
        let mut ships = self.board.ships.clone();
        for &b in beaches {
            ships.beach_mut(tile, b as usize).add(self.me);
        }
        self.worth(tile) + self.after_placing(&ships, tile, beaches)
    }

    // ----- king island and resettlement -----------------------------------

    /// Share of the game still to come: 1 at the start, 0 at the end (R60).
    fn remaining_share(&self) -> f32 {
        let (i, w) = self.game.pile_counts();
        (i.min(w) as f32 / 15.0).clamp(0.0, 1.0)
    }

    fn king_value(&self, tile: CardId) -> f32 {
        let v = tile.spec().value as f32;
        let late = 1.0 - self.remaining_share();
        let mut share = self.params.king_share * (0.5 + late);
        if v >= 4.0 {
            share *= 1.5;
        }
        // Blocking: could a beach of another colour, once full, land there now?
        if self.opponent_can_reach(tile) {
            share += self.params.king_block_share;
        }
        // Two king islands at most (R30): keep the second for a good one.
        if self.board.kings_of(self.me).count() == 1 && v < 4.0 {
            share *= 0.5;
        }
        v * share
    }

    fn opponent_can_reach(&self, tile: CardId) -> bool {
        let ships = &self.board.ships;
        for c in self.board.islands() {
            if c == tile {
                continue;
            }
            for (b, spec) in c.spec().beaches.iter().enumerate() {
                let beach = ships.beach(c, b);
                let others = (0..self.n).any(|s| s != self.me as usize && beach.by_seat[s] > 0);
                if !others {
                    continue;
                }
                let cols = colours(&beach.by_seat).max(1);
                for &j in spec.jetties {
                    let mut dist = Dist::default();
                    let start = self.board.hex_of(c);
                    let dir = edge_to_world(j, self.board.rotation_of(c));
                    self.follow(start, dir, cols, c, 1.0, MAX_REVEALS, &mut dist);
                    if dist.known[tile.index()] > 0.0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn resettle_value(&self) -> f32 {
        // All our ships come home and one goes on the next island revealed:
        // only worth it when we hold (almost) nothing outside king islands.
        let ships = &self.board.ships;
        let held: f32 = self
            .board
            .islands()
            .filter(|&c| !self.board.is_king(c) && ships.seat_on(c, self.me) > 0)
            .map(|c| c.spec().value as f32)
            .sum();
        if self.pile.islands == 0 {
            return -100.0;
        }
        self.pile.mean_island - held - 2.0 + self.stall_bonus
    }

    // ----- landing (R23) ----------------------------------------------------

    fn land_value(&self, l: &Landing, seat: u8, beach: usize) -> f32 {
        let mut ships = self.board.ships.clone();
        let before = ships.seat_on(l.tile, seat);
        ships.beach_mut(l.tile, beach).add(seat);
        let mut v = 0.0;
        if before == 0 {
            v += self.sign(seat) * self.worth(l.tile);
        }
        let b = ships.beach(l.tile, beach);
        if ships.is_full(l.tile, beach) && self.break_loops {
            v -= 10.0;
        } else if ships.is_full(l.tile, beach) {
            // We choose the next emigration: this beach sails at its best jetty.
            v += 0.8 * self.best_emigration(&ships, l.tile, beach);
        } else if seat == self.me {
            // Spread our ships (one emigration cannot take them all) and mix colours.
            if b.by_seat[seat as usize] == 1 {
                v += 0.3;
            }
            v += 0.1 * colours(&b.by_seat) as f32;
        } else if b.by_seat[self.me as usize] > 0 {
            v += 0.05; // another colour with ours: our groups sail safer
        }
        v
    }

    fn return_value(&self, l: &Landing, seat: u8) -> f32 {
        let present = self.board.ships.seat_on(l.tile, seat) > 0;
        if !present && l.group[seat as usize] == 1 {
            // Its last ship of this group: sending it home denies the island.
            -self.sign(seat) * self.worth(l.tile)
        } else if seat == self.me {
            0.05 // our ship back in the supply; nothing lost
        } else {
            0.0
        }
    }

    // ----- laying cards (R40, R25) -----------------------------------------

    fn place_card_value(&self, hex: Hex, _rotation: u8) -> f32 {
        let card = match self.game.phase() {
            Phase::PlaceCard { card, .. } => card,
            _ => return 0.0,
        };
        // Islands close to the table (many neighbours) are easy to reach;
        // water is laid out of the way.
        let neighbours = (0..6)
            .filter(|&d| self.board.card_at(hex.neighbor(d)).is_some())
            .count() as f32;
        if card.is_island() {
            neighbours
        } else {
            -neighbours
        }
    }
}
