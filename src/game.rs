//! The rules of Tongiaki (RULES.md): state, legal actions and their effects.
//!
//! A game is its options plus the log of applied actions (boardgame.io
//! style): `save()` writes exactly that and `load()` replays it through the
//! same validation. The only randomness is the shuffle of the pile.

use crate::action::{Action, BeachRef};
use crate::board::{colours, expand_counts, Board, MAX_SEATS, SHIPS_PER_PLAYER};
use crate::cards::CardId;
use crate::chain::{landing_moves, play_land_move, ChainSearch, LandMove, Landing};
use crate::error::{args, Args, Error, ErrorCode};
use crate::event::GameEvent;
use crate::hex::{edge_to_world, opposite, world_to_edge, Hex};
use crate::options::{GameOptions, COLORS};
use crate::score::{ranking, standings, Standing};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::cell::{Cell, OnceCell};

/// What the game is waiting for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// R2: `placed` ships are on Tonga so far.
    Setup {
        placed: u8,
    },
    /// The start of a turn (§3, R50, R51).
    Turn,
    /// R20: a beach is full; the active player must emigrate.
    Emigrate,
    /// R23: a group is landing.
    Land(Landing),
    /// R40/R25: a revealed card waits to be laid.
    PlaceCard {
        card: CardId,
        resettle: bool,
    },
    /// R40: one ship goes on the island just laid.
    PlaceShip {
        tile: CardId,
        ends_game: bool,
    },
    Over,
}

impl Phase {
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Setup { .. } => "setup",
            Phase::Turn => "turn",
            Phase::Emigrate => "emigrate",
            Phase::Land(_) => "land",
            Phase::PlaceCard { .. } => "place_card",
            Phase::PlaceShip { .. } => "place_ship",
            Phase::Over => "over",
        }
    }
}

/// Largest save `load` reads.
pub const MAX_SAVE_BYTES: usize = 4 << 20;

#[derive(Clone, Debug)]
pub struct Game {
    options: GameOptions,
    seed: u64,
    n: u8,
    pub(crate) board: Board,
    /// The draw pile; the top card is the last element.
    pile: Vec<CardId>,
    supply: [u8; MAX_SEATS],
    phase: Phase,
    current: u8,
    turn: u32,
    log: Vec<Action>,
    ranking: Option<Vec<Vec<u8>>>,
    legal: OnceCell<Vec<Action>>,
    /// The landing under way can no longer keep the chain resolvable (R25).
    land_lost: Cell<bool>,
}

/// The pile of a new game, top first: `options.deck`, else the 31 cards
/// other than Tonga shuffled by `seed`.
fn initial_deck(options: &GameOptions, seed: u64) -> Vec<CardId> {
    match &options.deck {
        Some(d) => d.clone(),
        None => {
            let mut cards: Vec<CardId> = CardId::all().filter(|&c| c != CardId::TONGA).collect();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            cards.shuffle(&mut rng);
            cards
        }
    }
}

impl Game {
    /// A new game (R1, R2). Errors are `bad_options`.
    pub fn new(options: GameOptions) -> Result<Game, Error> {
        let n = options.players.len();
        if !(2..=6).contains(&n) {
            return Err(Error::bad_options(
                "bad_options.player_count",
                args![count = n],
            ));
        }
        let seed = match options.seed {
            Some(s) => s,
            None => fresh_seed()?,
        };
        let mut pile = initial_deck(&options, seed);
        pile.reverse(); // top of the pile at the end
        let mut supply = [0; MAX_SEATS];
        for s in supply.iter_mut().take(n) {
            *s = SHIPS_PER_PLAYER;
        }
        Ok(Game {
            options,
            seed,
            n: n as u8,
            board: Board::new(),
            pile,
            supply,
            phase: Phase::Setup { placed: 0 },
            current: 0,
            turn: 0,
            log: Vec::new(),
            ranking: None,
            legal: OnceCell::new(),
            land_lost: Cell::new(false),
        })
    }

    pub fn from_options_json(v: &Value) -> Result<Game, Error> {
        Game::new(GameOptions::from_json(v)?)
    }

    // ----- read access -------------------------------------------------

    pub fn options(&self) -> &GameOptions {
        &self.options
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn players(&self) -> usize {
        self.n as usize
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// Seat to act; `None` when the game is over.
    pub fn current(&self) -> Option<u8> {
        (!self.is_over()).then_some(self.current)
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn supply(&self, seat: u8) -> u8 {
        self.supply[seat as usize]
    }
    pub fn supplies(&self) -> &[u8] {
        &self.supply[..self.n as usize]
    }
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// Cards left in the pile: (islands, water). Never their order.
    pub fn pile_counts(&self) -> (u32, u32) {
        let islands = self.pile.iter().filter(|c| c.is_island()).count() as u32;
        (islands, self.pile.len() as u32 - islands)
    }
    /// The composition of the pile (what a player can work out), sorted by card id.
    pub fn unseen_cards(&self) -> Vec<CardId> {
        let mut v = self.pile.clone();
        v.sort();
        v
    }
    /// The same game with the cards still in the pile in another order (top
    /// first). For bots that sample the hidden order; `order` must be a
    /// permutation of [`Game::unseen_cards`].
    pub fn with_pile_order(&self, order: &[CardId]) -> Option<Game> {
        let mut a = order.to_vec();
        a.sort();
        if a != self.unseen_cards() {
            return None;
        }
        let mut g = self.clone();
        g.pile = order.iter().rev().copied().collect();
        g.legal = OnceCell::new();
        // The save of the copy replays to the copy: its deck is the cards
        // drawn so far (in the order they came) followed by the new order.
        let full = initial_deck(&self.options, self.seed);
        let drawn = full.len() - self.pile.len();
        let mut deck = full[..drawn].to_vec();
        deck.extend_from_slice(order);
        g.options.deck = Some(deck);
        Some(g)
    }
    pub fn standings(&self) -> Vec<Standing> {
        standings(&self.board, self.supplies())
    }
    /// R62 places when the game is over.
    pub fn ranking(&self) -> Option<&Vec<Vec<u8>>> {
        self.ranking.as_ref()
    }
    pub fn player_name(&self, seat: u8) -> &str {
        &self.options.players[seat as usize].name
    }
    pub fn color_name(&self, seat: u8) -> &'static str {
        COLORS[self.options.players[seat as usize].color as usize]
    }

    pub(crate) fn pile_len(&self) -> usize {
        self.pile.len()
    }
    /// Arranged positions: the pile, top first.
    pub(crate) fn set_pile(&mut self, top_first: Vec<CardId>) {
        self.pile = top_first.into_iter().rev().collect();
        self.legal = OnceCell::new();
    }
    pub(crate) fn set_supply(&mut self, seat: u8, n: u8) {
        self.supply[seat as usize] = n;
    }
    pub(crate) fn start_arranged_turn(&mut self, seat: u8, phase: Phase) {
        self.current = seat;
        self.turn = 1;
        self.phase = phase;
        self.legal = OnceCell::new();
    }

    // ----- legal actions ------------------------------------------------

    /// Every legal action for the decision pending now, once each, in a
    /// stable order; empty when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal_actions_ref().to_vec()
    }

    pub fn legal_actions_ref(&self) -> &[Action] {
        self.legal.get_or_init(|| self.compute_legal())
    }

    fn compute_legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Setup { .. } => {
                let t = CardId::TONGA;
                for b in 0..t.spec().beaches.len() {
                    // R2: the beach keeps at least one free place.
                    if self.board.ships.free_places(t, b) >= 2 {
                        out.push(Action::SetupPlace { beach: b as u32 });
                    }
                }
            }
            Phase::Turn => self.turn_actions(&mut out),
            Phase::Emigrate => {
                let mut search = ChainSearch::new(&self.board);
                let mut all = Vec::new();
                for (tile, beach) in self.board.full_beaches_in(&self.board.ships) {
                    for &jetty in tile.spec().beaches[beach as usize].jetties {
                        let ships = &self.board.ships;
                        let a = Action::Emigrate {
                            tile,
                            beach: beach as u32,
                            jetty: jetty as u32,
                        };
                        if search.ask(|s| s.emigration_keeps_resolvable(ships, tile, beach, jetty))
                        {
                            out.push(a);
                        } else {
                            all.push(a);
                        }
                    }
                }
                // This state was judged resolvable (R25) when it was reached,
                // but only within the search's budget (NODE_LIMIT,
                // DEPTH_LIMIT): if no emigration now proves to keep it so,
                // every emigration stays allowed (as for landing moves), so
                // a game that is not over always has a legal action.
                if out.is_empty() {
                    out = all;
                }
            }
            Phase::Land(l) => {
                for m in self.legal_land_moves(&l) {
                    out.push(match m {
                        LandMove::Land { seat, beach } => Action::Land {
                            seat: seat as u32,
                            beach: beach as u32,
                        },
                        LandMove::Return { seat } => Action::Return { seat: seat as u32 },
                    });
                }
            }
            Phase::PlaceCard { .. } => {
                for (h, rot) in self.card_placements() {
                    out.push(Action::PlaceCard {
                        q: h.q,
                        r: h.r,
                        rotation: rot as u32,
                    });
                }
            }
            Phase::PlaceShip { tile, .. } => {
                for b in 0..tile.spec().beaches.len() {
                    if !self.board.ships.is_full(tile, b) {
                        out.push(Action::PlaceShip { beach: b as u32 });
                    }
                }
            }
        }
        out
    }

    /// R25 applied to landing placements: only moves after which the chain
    /// stays resolvable, as long as the current state is resolvable.
    fn legal_land_moves(&self, l: &Landing) -> Vec<LandMove> {
        let mut raw = Vec::new();
        landing_moves(&self.board.ships, l, &mut raw);
        if l.ends_game || self.land_lost.get() {
            return raw;
        }
        let mut search = ChainSearch::new(&self.board);
        // A full beach elsewhere that escapes resolves the chain whatever
        // lands here; so does an island whose every beach has a way out.
        if search.landing_always_resolves(&self.board.ships, l)
            || search.fixed_escape(&self.board.ships, l.tile)
        {
            return raw;
        }
        let ok: Vec<LandMove> = raw
            .iter()
            .copied()
            .filter(|&m| {
                let mut ships = self.board.ships.clone();
                let mut nl = *l;
                play_land_move(&mut ships, &mut nl, m);
                // fixed_escape is known false here and cannot change while landing.
                l.ends_game || search.ask(|s| s.land_dfs(&ships, &nl))
            })
            .collect();
        if ok.is_empty() {
            // The chain is lost whatever happens (R25 removal follows); every
            // later state of this landing is lost too.
            self.land_lost.set(true);
            raw
        } else {
            ok
        }
    }

    fn has_island_ships(&self, seat: u8) -> bool {
        self.board.seat_on_islands(seat) > 0
    }

    fn turn_actions(&self, out: &mut Vec<Action>) {
        let seat = self.current;
        let ships = &self.board.ships;
        if !self.has_island_ships(seat) {
            // R50: no ship on an island.
            let t = CardId::TONGA;
            if self.board.on_table(t) {
                let nb = t.spec().beaches.len();
                for a in 0..nb {
                    for b in a..nb {
                        let need_same = a == b && ships.free_places(t, a) >= 2;
                        let fits = if a == b {
                            need_same
                        } else {
                            !ships.is_full(t, a) && !ships.is_full(t, b)
                        };
                        if fits && self.supply[seat as usize] >= 2 {
                            out.push(Action::PlaceNew {
                                tile: t,
                                beaches: vec![a as u32, b as u32],
                            });
                        }
                    }
                }
            }
            for c in self.board.islands() {
                if c == t || self.board.is_king(c) {
                    continue;
                }
                for b in 0..c.spec().beaches.len() {
                    if !ships.is_full(c, b) {
                        out.push(Action::PlaceNew {
                            tile: c,
                            beaches: vec![b as u32],
                        });
                    }
                }
            }
            if out.is_empty() {
                out.push(Action::Resettle);
            }
            return;
        }
        let s = self.supply[seat as usize];
        if s > 0 {
            // R10: k = min(n, b, s) ships, at most one per beach.
            for c in self.board.islands() {
                if self.board.is_king(c) {
                    continue;
                }
                let n = ships.seat_on(c, seat);
                if n == 0 {
                    continue;
                }
                let nb = c.spec().beaches.len();
                let free: Vec<u32> = (0..nb)
                    .filter(|&b| !ships.is_full(c, b))
                    .map(|b| b as u32)
                    .collect();
                let k = (n as usize).min(nb).min(s as usize).min(free.len());
                for subset in subsets(&free, k) {
                    out.push(Action::Expand {
                        tile: c,
                        beaches: subset,
                        take: None,
                    });
                }
            }
        } else {
            // R51: take one ship from an island, place it elsewhere.
            for from in self.board.islands() {
                if self.board.is_king(from) {
                    continue;
                }
                for fb in 0..from.spec().beaches.len() {
                    if ships.beach(from, fb).by_seat[seat as usize] == 0 {
                        continue;
                    }
                    for to in self.board.islands() {
                        if self.board.is_king(to) {
                            continue;
                        }
                        let left = ships.seat_on(to, seat) - u8::from(to == from);
                        if left == 0 {
                            continue;
                        }
                        for tb in 0..to.spec().beaches.len() {
                            if to == from && tb == fb {
                                continue;
                            }
                            if ships.is_full(to, tb) {
                                continue;
                            }
                            out.push(Action::Expand {
                                tile: to,
                                beaches: vec![tb as u32],
                                take: Some(BeachRef {
                                    tile: from,
                                    beach: fb as u32,
                                }),
                            });
                        }
                    }
                }
            }
        }
        for c in self.board.islands() {
            if self.can_found_kingdom(c, seat).is_ok() {
                out.push(Action::FoundKingdom { tile: c });
            }
        }
        out.push(Action::Resettle);
    }

    /// R30, with the reason when it is not allowed.
    /// The reason is a message key; its only argument is `island`, the
    /// card's name (see `explain_illegal`). No allocation: legal action
    /// generation calls this for every island.
    fn can_found_kingdom(&self, c: CardId, seat: u8) -> Result<(), &'static str> {
        if c == CardId::TONGA {
            return Err("illegal.tonga_king");
        }
        if !self.board.on_table(c) {
            return Err("illegal.king_not_on_table");
        }
        if c.is_water() {
            return Err("illegal.king_water");
        }
        if self.board.is_king(c) {
            return Err("illegal.already_king");
        }
        if self.board.ships.seat_on(c, seat) == 0 {
            return Err("illegal.king_no_ship");
        }
        if self.board.ships.total_on(c) > self.board.ships.seat_on(c, seat) {
            return Err("illegal.king_others");
        }
        if self.board.kings_of(seat).count() >= 2 {
            return Err("illegal.two_kings");
        }
        Ok(())
    }

    /// R40: empty hexes next to a card, rotated so edge 0 faces a card.
    fn card_placements(&self) -> Vec<(Hex, u8)> {
        if self.board.order.is_empty() {
            // Every card was removed (R25): the new card starts the table again.
            return (0..6).map(|r| (Hex::ORIGIN, r)).collect();
        }
        let mut v = Vec::new();
        for h in self.board.frontier() {
            for rot in 0..6 {
                // Rotation k: edge 0 faces world direction k.
                if self.board.card_at(h.neighbor(rot)).is_some() {
                    v.push((h, rot));
                }
            }
        }
        v
    }

    // ----- applying -----------------------------------------------------

    /// Parses and applies a JSON action (API.md `apply`).
    pub fn apply_json(&mut self, v: &Value) -> Result<Vec<GameEvent>, Error> {
        if self.is_over() {
            return Err(Error::game_over());
        }
        let a = Action::from_json(v)?;
        self.apply(&a)
    }

    /// Applies a legal action; on error the game is exactly as before.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<GameEvent>, Error> {
        if self.is_over() {
            return Err(Error::game_over());
        }
        let a = action.normalized();
        if !self.legal_actions_ref().contains(&a) {
            return Err(self.explain_illegal(&a));
        }
        Ok(self.apply_trusted(&a))
    }

    /// Applies an action taken from [`Game::legal_actions`] without checking
    /// it again (bots and simulations). An action that is not legal here
    /// leaves the game in an unspecified state.
    pub fn apply_trusted(&mut self, a: &Action) -> Vec<GameEvent> {
        let mut ev = Vec::new();
        self.legal = OnceCell::new();
        self.log.push(a.clone());
        let seat = self.current;
        match *a {
            Action::SetupPlace { beach } => {
                self.place_from_supply(seat, CardId::TONGA, beach as u8, &mut ev);
                let Phase::Setup { placed } = self.phase else {
                    unreachable!()
                };
                let placed = placed + 1;
                if placed as usize == 2 * self.n as usize {
                    // R3: seat 0 takes the first turn.
                    self.current = 0;
                    self.start_turn(&mut ev);
                } else {
                    self.phase = Phase::Setup { placed };
                    self.current = placed % self.n;
                }
            }
            Action::Expand {
                tile,
                ref beaches,
                take,
            } => {
                if let Some(t) = take {
                    // R51: the taken ship is the one placed.
                    self.board
                        .ships
                        .beach_mut(t.tile, t.beach as usize)
                        .remove(seat);
                    self.supply[seat as usize] += 1;
                    ev.push(GameEvent::ShipTaken {
                        seat,
                        tile: t.tile,
                        beach: t.beach as u8,
                    });
                }
                for &b in beaches {
                    self.place_from_supply(seat, tile, b as u8, &mut ev);
                }
                self.enter_chain(&mut ev);
            }
            Action::PlaceNew { tile, ref beaches } => {
                for &b in beaches {
                    self.place_from_supply(seat, tile, b as u8, &mut ev);
                }
                self.enter_chain(&mut ev);
            }
            Action::FoundKingdom { tile } => {
                // R30: one ship stays as king, the others go home.
                let back = self.board.ships.clear_tile(tile);
                let mine = back[seat as usize];
                self.supply[seat as usize] += mine - 1;
                self.board.king[tile.index()] = Some(seat);
                ev.push(GameEvent::KingdomFounded {
                    seat,
                    tile,
                    returned: mine - 1,
                });
                self.end_turn(&mut ev);
            }
            Action::Resettle => {
                // R40: all ships off the islands (kings stay), then reveal.
                let mut returned = 0;
                let islands: Vec<CardId> = self.board.islands().collect();
                for c in islands {
                    for b in 0..c.spec().beaches.len() {
                        let beach = self.board.ships.beach_mut(c, b);
                        let k = beach.by_seat[seat as usize];
                        beach.by_seat[seat as usize] = 0;
                        beach.count -= k;
                        returned += k;
                    }
                }
                self.supply[seat as usize] += returned;
                ev.push(GameEvent::Resettled { seat, returned });
                self.draw_card(true, &mut ev);
            }
            Action::Emigrate { tile, beach, jetty } => {
                self.voyage(tile, beach as u8, jetty as u8, &mut ev);
            }
            Action::Land { seat: s, beach } => self.land_move(
                LandMove::Land {
                    seat: s as u8,
                    beach: beach as u8,
                },
                &mut ev,
            ),
            Action::Return { seat: s } => {
                self.land_move(LandMove::Return { seat: s as u8 }, &mut ev)
            }
            Action::PlaceCard { q, r, rotation } => {
                let Phase::PlaceCard { card, resettle } = self.phase else {
                    unreachable!()
                };
                self.board.lay(card, Hex::new(q, r), rotation as u8);
                ev.push(GameEvent::CardRevealed {
                    card,
                    q,
                    r,
                    rotation: rotation as u8,
                });
                let ends = self.last_card_laid();
                if card.is_island() {
                    if resettle {
                        self.phase = Phase::PlaceShip {
                            tile: card,
                            ends_game: ends,
                        };
                    } else if ends {
                        self.finish_game(&mut ev);
                    } else {
                        // R25: no ship is put on it; the turn ends.
                        self.end_turn(&mut ev);
                    }
                } else if ends {
                    self.finish_game(&mut ev);
                } else {
                    self.draw_card(resettle, &mut ev);
                }
            }
            Action::PlaceShip { beach } => {
                let Phase::PlaceShip { tile, ends_game } = self.phase else {
                    unreachable!()
                };
                self.place_from_supply(seat, tile, beach as u8, &mut ev);
                if ends_game {
                    self.finish_game(&mut ev);
                } else {
                    self.end_turn(&mut ev);
                }
            }
        }
        ev
    }

    fn place_from_supply(&mut self, seat: u8, tile: CardId, beach: u8, ev: &mut Vec<GameEvent>) {
        self.supply[seat as usize] -= 1;
        self.board.ships.beach_mut(tile, beach as usize).add(seat);
        ev.push(GameEvent::ShipPlaced { seat, tile, beach });
    }

    fn start_turn(&mut self, ev: &mut Vec<GameEvent>) {
        self.turn += 1;
        self.phase = Phase::Turn;
        ev.push(GameEvent::TurnStarted {
            seat: self.current,
            turn: self.turn,
        });
    }

    fn end_turn(&mut self, ev: &mut Vec<GameEvent>) {
        self.current = (self.current + 1) % self.n;
        self.start_turn(ev);
    }

    /// R60: has the last water card or the last island card been laid?
    fn last_card_laid(&self) -> bool {
        self.board.laid_islands as usize == crate::cards::ISLAND_COUNT
            || self.board.laid_water as usize == crate::cards::WATER_COUNT
    }

    fn finish_game(&mut self, ev: &mut Vec<GameEvent>) {
        let st = self.standings();
        let r = ranking(&st);
        self.phase = Phase::Over;
        ev.push(GameEvent::GameOver {
            ranking: r.clone(),
            scores: st.iter().map(|s| s.score).collect(),
        });
        self.ranking = Some(r);
    }

    /// R40/R25: reveal the top card; it waits to be laid.
    fn draw_card(&mut self, resettle: bool, ev: &mut Vec<GameEvent>) {
        let card = self
            .pile
            .pop()
            .expect("R60 ends the game before the pile runs dry");
        ev.push(GameEvent::CardDrawn { card });
        self.phase = Phase::PlaceCard { card, resettle };
    }

    /// R11/R24: emigrate while a beach is full; R25 when the chain is endless.
    fn enter_chain(&mut self, ev: &mut Vec<GameEvent>) {
        if !self.board.any_full_in(&self.board.ships) {
            self.end_turn(ev);
            return;
        }
        if ChainSearch::new(&self.board).emigration_resolvable(&self.board.ships) {
            self.phase = Phase::Emigrate;
            return;
        }
        // R25: every island with a full beach leaves the game.
        let doomed: Vec<CardId> = self
            .board
            .islands()
            .filter(|&c| (0..c.spec().beaches.len()).any(|b| self.board.ships.is_full(c, b)))
            .collect();
        for c in doomed {
            let back = self.board.remove(c);
            for (s, n) in back.iter().enumerate() {
                self.supply[s] += n;
            }
            ev.push(GameEvent::IslandRemoved {
                tile: c,
                returned: expand_counts(&back),
            });
        }
        if self.has_island_ships(self.current) {
            self.end_turn(ev);
        } else {
            self.draw_card(false, ev);
        }
    }

    /// R20-R22: the whole beach sails through the jetty.
    fn voyage(&mut self, tile: CardId, beach: u8, jetty: u8, ev: &mut Vec<GameEvent>) {
        let b = self.board.ships.beach_mut(tile, beach as usize);
        let group = b.by_seat;
        *b = Default::default();
        let cols = colours(&group);
        ev.push(GameEvent::Emigrated {
            seat: self.current,
            tile,
            beach,
            jetty,
            group: expand_counts(&group),
        });
        let mut hex = self.board.hex_of(tile);
        let mut dir = edge_to_world(jetty, self.board.rotation_of(tile));
        loop {
            let next = hex.neighbor(dir);
            let mut ends = false;
            let card = match self.board.card_at(next) {
                Some(c) => c,
                None => {
                    // R21: reveal the top card, emblem edge toward the group.
                    let c = self
                        .pile
                        .pop()
                        .expect("R60 ends the game before the pile runs dry");
                    let rot = opposite(dir);
                    self.board.lay(c, next, rot);
                    ev.push(GameEvent::CardRevealed {
                        card: c,
                        q: next.q,
                        r: next.r,
                        rotation: rot,
                    });
                    ends = self.last_card_laid();
                    c
                }
            };
            let rot = self.board.rotation_of(card);
            if card.is_island() {
                if self.board.is_king(card) {
                    // R21/R31: back the same way, no new checks, to the start.
                    ev.push(GameEvent::TurnedBack { card, tile });
                    self.start_landing(tile, group, ends, ev);
                } else {
                    self.start_landing(card, group, ends, ev);
                }
                return;
            }
            let from = world_to_edge(opposite(dir), rot);
            let (to, danger) = card.spec().trail_from(from);
            if cols < danger {
                for (s, n) in group.iter().enumerate() {
                    self.supply[s] += n;
                }
                ev.push(GameEvent::VoyageFailed {
                    card,
                    from,
                    danger,
                    colours: cols,
                    returned: expand_counts(&group),
                });
                if ends {
                    self.finish_game(ev);
                } else {
                    self.enter_chain(ev);
                }
                return;
            }
            ev.push(GameEvent::Crossed {
                card,
                from,
                to,
                danger,
                colours: cols,
            });
            if ends {
                // R60: the group stays on the last water card.
                self.board.water_ships[card.index()] = group;
                ev.push(GameEvent::StayedOnWater {
                    card,
                    group: expand_counts(&group),
                });
                self.finish_game(ev);
                return;
            }
            hex = next;
            dir = edge_to_world(to, rot);
        }
    }

    fn start_landing(
        &mut self,
        tile: CardId,
        group: [u8; MAX_SEATS],
        ends_game: bool,
        ev: &mut Vec<GameEvent>,
    ) {
        ev.push(GameEvent::Arrived {
            tile,
            group: expand_counts(&group),
        });
        self.land_lost.set(false);
        self.phase = Phase::Land(Landing::start(&self.board.ships, tile, group, ends_game));
    }

    fn land_move(&mut self, m: LandMove, ev: &mut Vec<GameEvent>) {
        let Phase::Land(mut l) = self.phase else {
            unreachable!()
        };
        play_land_move(&mut self.board.ships, &mut l, m);
        match m {
            LandMove::Land { seat, beach } => ev.push(GameEvent::ShipLanded {
                seat,
                tile: l.tile,
                beach,
            }),
            LandMove::Return { seat } => {
                self.supply[seat as usize] += 1;
                ev.push(GameEvent::ShipReturned { seat });
            }
        }
        if l.remaining() > 0 {
            self.phase = Phase::Land(l);
        } else if l.ends_game {
            self.finish_game(ev);
        } else {
            self.enter_chain(ev);
        }
    }

    // ----- explanations -------------------------------------------------

    /// What the game waits for, in words.
    pub fn pending_words(&self) -> String {
        let args = self.pending_args();
        crate::error::render("{@pending}", &args, &crate::error::english)
    }

    /// What the game waits for, as the arguments of a `{@pending}` part:
    /// `pending` (a `pending.*` key), `player` and `island` or `card`.
    fn pending_args(&self) -> Args {
        let who = if self.is_over() {
            ""
        } else {
            self.player_name(self.current)
        };
        match self.phase {
            Phase::Setup { .. } => args![pending = "pending.setup", player = who],
            Phase::Turn => {
                if self.has_island_ships(self.current) {
                    args![pending = "pending.turn", player = who]
                } else {
                    args![pending = "pending.turn_new", player = who]
                }
            }
            Phase::Emigrate => args![pending = "pending.emigrate", player = who],
            Phase::Land(l) => {
                args![
                    pending = "pending.land",
                    player = who,
                    island = l.tile.name()
                ]
            }
            Phase::PlaceCard { card, .. } => {
                args![
                    pending = "pending.place_card",
                    player = who,
                    card = card.name()
                ]
            }
            Phase::PlaceShip { tile, .. } => {
                args![
                    pending = "pending.place_ship",
                    player = who,
                    island = tile.name()
                ]
            }
            Phase::Over => args![pending = "pending.over"],
        }
    }

    /// Why `a` (normalized, not legal now) is refused, in a player's words.
    fn explain_illegal(&self, a: &Action) -> Error {
        let wrong_time = || {
            let mut args = args![verb = verb(a)];
            args.extend(self.pending_args());
            Error::illegal("illegal.not_now", args)
        };
        let no = Error::illegal;
        let seat = self.current;
        let ships = &self.board.ships;
        let beach_of = |tile: CardId, b: u32| -> Result<usize, Error> {
            let nb = tile.spec().beaches.len();
            if (b as usize) < nb {
                Ok(b as usize)
            } else {
                Err(no(
                    "illegal.no_such_beach",
                    args![island = tile.name(), beaches = nb],
                ))
            }
        };
        let island_on_table = |tile: CardId| -> Result<(), Error> {
            if tile.is_water() {
                Err(no("illegal.water_card", args![card = tile.name()]))
            } else if self.board.removed.contains(&tile) {
                Err(no("illegal.removed", args![island = tile.name()]))
            } else if !self.board.on_table(tile) {
                Err(no("illegal.not_on_table", args![island = tile.name()]))
            } else {
                Ok(())
            }
        };
        let at = |key, b: usize, tile: CardId| no(key, args![beach = b + 1, island = tile.name()]);
        let r: Result<(), Error> = (|| match (self.phase, a) {
            (Phase::Setup { .. }, Action::SetupPlace { beach }) => {
                let b = beach_of(CardId::TONGA, *beach)?;
                if ships.free_places(CardId::TONGA, b) < 2 {
                    return Err(no(
                        "illegal.setup_beach_full",
                        args![beach = b + 1, ships = ships.beach(CardId::TONGA, b).count],
                    ));
                }
                Ok(())
            }
            (
                Phase::Turn,
                Action::Expand {
                    tile,
                    beaches,
                    take,
                },
            ) => {
                island_on_table(*tile)?;
                if !self.has_island_ships(seat) {
                    return Err(no("illegal.no_island_ships", args![]));
                }
                if self.board.is_king(*tile) {
                    return Err(no("illegal.king_island", args![island = tile.name()]));
                }
                let s = self.supply[seat as usize];
                match take {
                    None if s == 0 => return Err(no("illegal.supply_empty", args![])),
                    Some(_) if s > 0 => return Err(no("illegal.supply_not_empty", args![])),
                    _ => {}
                }
                for w in beaches.windows(2) {
                    if w[0] == w[1] {
                        return Err(no("illegal.one_per_beach", args![]));
                    }
                }
                for &b in beaches {
                    let b = beach_of(*tile, b)?;
                    if ships.is_full(*tile, b) {
                        return Err(at("illegal.no_free_place", b, *tile));
                    }
                }
                if let Some(t) = take {
                    island_on_table(t.tile)?;
                    let fb = beach_of(t.tile, t.beach)?;
                    if ships.beach(t.tile, fb).by_seat[seat as usize] == 0 {
                        return Err(at("illegal.take_no_ship", fb, t.tile));
                    }
                    if self.board.is_king(t.tile) {
                        return Err(no("illegal.take_king", args![island = t.tile.name()]));
                    }
                    if beaches.len() != 1 {
                        return Err(no("illegal.take_one_ship", args![]));
                    }
                    if t.tile == *tile && beaches[0] == t.beach {
                        return Err(no("illegal.take_same_beach", args![]));
                    }
                    let left = ships.seat_on(*tile, seat) - u8::from(t.tile == *tile);
                    if left == 0 {
                        return Err(no("illegal.take_last_ship", args![island = tile.name()]));
                    }
                    return Ok(());
                }
                let n = ships.seat_on(*tile, seat);
                if n == 0 {
                    return Err(no("illegal.expand_no_ship", args![island = tile.name()]));
                }
                let nb = tile.spec().beaches.len();
                let k = (n as usize).min(nb).min(s as usize);
                if beaches.len() != k {
                    return Err(no(
                        "illegal.expand_count",
                        args![
                            island = tile.name(),
                            count = k,
                            ships = n,
                            beaches = nb,
                            supply = s
                        ],
                    ));
                }
                Ok(())
            }
            (Phase::Turn, Action::FoundKingdom { tile }) => {
                if !self.has_island_ships(seat) {
                    return Err(no("illegal.no_island_ships", args![]));
                }
                self.can_found_kingdom(*tile, seat)
                    .map_err(|key| match key {
                        "illegal.tonga_king" | "illegal.two_kings" => no(key, args![]),
                        _ => no(key, args![island = tile.name()]),
                    })
            }
            (Phase::Turn, Action::Resettle) => Err(no("illegal.resettle", args![])),
            (Phase::Turn, Action::PlaceNew { tile, beaches }) => {
                if self.has_island_ships(seat) {
                    return Err(no("illegal.place_new_has_ships", args![]));
                }
                island_on_table(*tile)?;
                if self.board.is_king(*tile) {
                    return Err(no("illegal.place_new_king", args![island = tile.name()]));
                }
                let want = if *tile == CardId::TONGA { 2 } else { 1 };
                if beaches.len() != want {
                    return Err(no(
                        "illegal.place_new_count",
                        args![count = beaches.len(), island = tile.name()],
                    ));
                }
                for &b in beaches {
                    let b = beach_of(*tile, b)?;
                    let need = beaches.iter().filter(|&&x| x as usize == b).count() as u8;
                    if ships.free_places(*tile, b) < need {
                        return Err(at("illegal.no_room", b, *tile));
                    }
                }
                Ok(())
            }
            (Phase::Emigrate, Action::Emigrate { tile, beach, jetty }) => {
                island_on_table(*tile)?;
                let b = beach_of(*tile, *beach)?;
                if !ships.is_full(*tile, b) {
                    return Err(at("illegal.beach_not_full", b, *tile));
                }
                let jetties = tile.spec().beaches[b].jetties;
                if !jetties.iter().any(|&j| j as u32 == *jetty) {
                    return Err(no(
                        "illegal.no_jetty",
                        args![
                            beach = b + 1,
                            island = tile.name(),
                            jetty = *jetty,
                            jetties = jetties.to_vec(),
                        ],
                    ));
                }
                Err(no("illegal.endless_voyage", args![]))
            }
            (Phase::Land(l), Action::Land { seat: s, beach }) => {
                if *s as usize >= MAX_SEATS || l.group[*s as usize] == 0 {
                    return Err(no("illegal.no_arriving_ship", args![seat = *s]));
                }
                let b = beach_of(l.tile, *beach)?;
                if ships.is_full(l.tile, b) {
                    return Err(at("illegal.beach_full", b, l.tile));
                }
                if l.owed != 0 && l.owed & (1 << b) == 0 {
                    let owed: Vec<u32> = (0..8)
                        .filter(|i| l.owed & (1 << i) != 0)
                        .map(|i| i + 1)
                        .collect();
                    return Err(no("illegal.owed_beach", args![beaches = owed]));
                }
                Err(no("illegal.endless_landing", args![]))
            }
            (Phase::Land(l), Action::Return { seat: s }) => {
                if *s as usize >= MAX_SEATS || l.group[*s as usize] == 0 {
                    return Err(no("illegal.no_arriving_ship", args![seat = *s]));
                }
                if l.remaining() <= ships.free_on(l.tile) {
                    return Err(no("illegal.room_for_all", args![island = l.tile.name()]));
                }
                Err(no("illegal.endless_return", args![]))
            }
            (Phase::PlaceCard { card, .. }, Action::PlaceCard { q, r, rotation }) => {
                let h = Hex::new(*q, *r);
                if let Some(c) = self.board.card_at(h) {
                    return Err(no("illegal.hex_taken", args![card = c.name()]));
                }
                if *rotation >= 6 {
                    return Err(no("illegal.rotation", args![rotation = *rotation]));
                }
                if !(0..6).any(|d| self.board.card_at(h.neighbor(d)).is_some()) {
                    return Err(no("illegal.not_adjacent", args![card = card.name()]));
                }
                Err(no("illegal.emblem", args![card = card.name()]))
            }
            (Phase::PlaceShip { tile, .. }, Action::PlaceShip { beach }) => {
                beach_of(tile, *beach)?;
                Ok(())
            }
            _ => Err(wrong_time()),
        })();
        match r {
            Err(e) => e,
            Ok(()) => Error::illegal("illegal.not_allowed", self.pending_args()),
        }
    }

    // ----- save and load --------------------------------------------------

    /// The options (with the seed actually used) plus the action log.
    pub fn save(&self) -> String {
        self.save_value().to_string()
    }

    pub fn save_value(&self) -> Value {
        json!({
            "format": "tongiaki-save",
            "version": 1,
            "options": self.options.to_json(self.seed),
            "actions": self.log.iter().map(|a| a.to_json()).collect::<Vec<_>>(),
        })
    }

    /// Replays a save through the same validation; errors are `bad_save`
    /// and name the entry that failed.
    pub fn load(text: &str) -> Result<Game, Error> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(Error::bad_save(
                "bad_save.too_large",
                args![bytes = text.len(), max = MAX_SAVE_BYTES],
            ));
        }
        let v: Value = serde_json::from_str(text)
            .map_err(|e| Error::bad_save("bad_save.not_json", args![detail = e.to_string()]))?;
        Game::load_value(&v)
    }

    pub fn load_value(v: &Value) -> Result<Game, Error> {
        let obj = v
            .as_object()
            .ok_or_else(|| Error::bad_save("bad_save.not_object", args![]))?;
        match obj.get("format") {
            Some(Value::String(f)) if f == "tongiaki-save" => {}
            None => {}
            _ => return Err(Error::bad_save("bad_save.format", args![])),
        }
        match obj.get("version") {
            None => {}
            Some(x) if x.as_u64() == Some(1) => {}
            Some(x) => {
                return Err(Error::bad_save(
                    "bad_save.version",
                    args![version = x.to_string()],
                ))
            }
        }
        let options = obj
            .get("options")
            .ok_or_else(|| Error::bad_save("bad_save.no_options", args![]))?;
        let mut opts = GameOptions::from_json(options)
            .map_err(|e| Error::wrap(ErrorCode::BadSave, "bad_save.options", args![], &e))?;
        if opts.seed.is_none() {
            return Err(Error::bad_save("bad_save.no_seed", args![]));
        }
        opts.seed = opts.seed.or(Some(0));
        let actions = match obj.get("actions") {
            Some(Value::Array(a)) => a,
            _ => return Err(Error::bad_save("bad_save.no_actions", args![])),
        };
        let mut g = Game::new(opts)
            .map_err(|e| Error::wrap(ErrorCode::BadSave, "bad_save.game", args![], &e))?;
        for (i, a) in actions.iter().enumerate() {
            g.apply_json(a).map_err(|e| {
                let ty = a.get("type").and_then(|t| t.as_str()).unwrap_or("?");
                Error::wrap(
                    ErrorCode::BadSave,
                    "bad_save.entry",
                    args![entry = i, entry_type = ty],
                    &e,
                )
            })?;
        }
        Ok(g)
    }
}

/// The `verb.*` key of an action (the action in words).
fn verb(a: &Action) -> String {
    format!("verb.{}", a.type_name())
}

/// All `k`-element subsets of `items`, in lexicographic order.
fn subsets(items: &[u32], k: usize) -> Vec<Vec<u32>> {
    let n = items.len();
    let mut masks: Vec<u32> = (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .collect();
    // Lexicographic order of the chosen items = reversed bit order of the mask.
    masks.sort_by_key(|m| std::cmp::Reverse(m.reverse_bits()));
    masks
        .into_iter()
        .map(|m| {
            (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// A seed from the operating system (or the browser, via getrandom's wasm_js).
fn fresh_seed() -> Result<u64, Error> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b)
        .map_err(|e| Error::bad_options("bad_options.no_random", args![detail = e.to_string()]))?;
    Ok(u64::from_le_bytes(b) & crate::options::MAX_SEED)
}

#[cfg(test)]
mod subset_tests {
    use super::subsets;

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
