//! The rules of Tongiaki (RULES.md): state, legal actions and their effects.
//!
//! A game is its options plus the log of applied actions (boardgame.io
//! style): `save()` writes exactly that and `load()` replays it through the
//! same validation. The only randomness is the shuffle of the pile.

use crate::action::{Action, BeachRef};
use crate::board::{colours, expand_counts, Board, MAX_SEATS, SHIPS_PER_PLAYER};
use crate::cards::CardId;
use crate::chain::{landing_moves, play_land_move, ChainSearch, LandMove, Landing};
use crate::error::{Error, ErrorCode};
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

impl Game {
    /// A new game (R1, R2). Errors are `bad_options`.
    pub fn new(options: GameOptions) -> Result<Game, Error> {
        let n = options.players.len();
        if !(2..=6).contains(&n) {
            return Err(Error::bad_options(format!(
                "Tongiaki is played by 2 to 6 players, not {n}."
            )));
        }
        let seed = match options.seed {
            Some(s) => s,
            None => fresh_seed()?,
        };
        let mut pile: Vec<CardId> = match &options.deck {
            Some(d) => d.clone(),
            None => {
                let mut cards: Vec<CardId> =
                    CardId::all().filter(|&c| c != CardId::TONGA).collect();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                cards.shuffle(&mut rng);
                cards
            }
        };
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
                for (tile, beach) in self.board.full_beaches_in(&self.board.ships) {
                    for &jetty in tile.spec().beaches[beach as usize].jetties {
                        let ships = &self.board.ships;
                        if search.ask(|s| s.emigration_keeps_resolvable(ships, tile, beach, jetty))
                        {
                            out.push(Action::Emigrate {
                                tile,
                                beach: beach as u32,
                                jetty: jetty as u32,
                            });
                        }
                    }
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
    fn can_found_kingdom(&self, c: CardId, seat: u8) -> Result<(), String> {
        if c == CardId::TONGA {
            return Err("Tonga can never be a king island (R30).".into());
        }
        if !self.board.on_table(c) {
            return Err(format!("{} is not on the table.", c.name()));
        }
        if c.is_water() {
            return Err(format!(
                "{} is a water card; only an island can be a king island.",
                c.name()
            ));
        }
        if self.board.is_king(c) {
            return Err(format!("{} is already a king island (R30).", c.name()));
        }
        if self.board.ships.seat_on(c, seat) == 0 {
            return Err(format!(
                "You have no ship on {}: found a king island only where you have ships (R30).",
                c.name()
            ));
        }
        if self.board.ships.total_on(c) > self.board.ships.seat_on(c, seat) {
            return Err(format!(
                "Other players have ships on {}: a king island needs you alone there (R30).",
                c.name()
            ));
        }
        if self.board.kings_of(seat).count() >= 2 {
            return Err("You already have two king islands (R30).".into());
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
            return Err(Error::new(ErrorCode::GameOver, self.game_over_message()));
        }
        let a = Action::from_json(v)?;
        self.apply(&a)
    }

    /// Applies a legal action; on error the game is exactly as before.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<GameEvent>, Error> {
        if self.is_over() {
            return Err(Error::new(ErrorCode::GameOver, self.game_over_message()));
        }
        let a = action.normalized();
        if !self.legal_actions_ref().contains(&a) {
            return Err(Error::illegal(self.explain_illegal(&a)));
        }
        Ok(self.apply_trusted(&a))
    }

    fn game_over_message(&self) -> String {
        "The game is over: no more moves can be made.".into()
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
        let who = if self.is_over() {
            ""
        } else {
            self.player_name(self.current)
        };
        match self.phase {
            Phase::Setup { .. } => format!("{who}: place a ship on a beach of Tonga (setup, R2)."),
            Phase::Turn => {
                if self.has_island_ships(self.current) {
                    format!("{who}: expand, found a king island or resettle.")
                } else {
                    format!("{who}: no ship on an island, so place new ships (R50).")
                }
            }
            Phase::Emigrate => format!("{who}: emigrate from a full beach (R20)."),
            Phase::Land(l) => format!("{who}: land the arriving ships on {} (R23).", l.tile.name()),
            Phase::PlaceCard { card, .. } => {
                format!(
                    "{who}: lay the revealed card {} next to the table.",
                    card.name()
                )
            }
            Phase::PlaceShip { tile, .. } => format!("{who}: put a ship on {}.", tile.name()),
            Phase::Over => "The game is over.".into(),
        }
    }

    /// Why `a` (normalized, not legal now) is refused, in a player's words.
    fn explain_illegal(&self, a: &Action) -> String {
        let wrong_time = || format!("You cannot {} now: {}", verb(a), self.pending_words());
        let seat = self.current;
        let ships = &self.board.ships;
        let beach_of = |tile: CardId, b: u32| -> Result<usize, String> {
            let nb = tile.spec().beaches.len();
            if (b as usize) < nb {
                Ok(b as usize)
            } else {
                Err(format!(
                    "{} has no such beach; its beaches are numbered 1 to {nb}.",
                    tile.name()
                ))
            }
        };
        let island_on_table = |tile: CardId| -> Result<(), String> {
            if tile.is_water() {
                Err(format!(
                    "{} is a water card; ships stay on islands.",
                    tile.name()
                ))
            } else if self.board.removed.contains(&tile) {
                Err(format!("{} has left the game (R25).", tile.name()))
            } else if !self.board.on_table(tile) {
                Err(format!("{} is not on the table yet.", tile.name()))
            } else {
                Ok(())
            }
        };
        let r: Result<(), String> = (|| match (self.phase, a) {
            (Phase::Setup { .. }, Action::SetupPlace { beach }) => {
                let b = beach_of(CardId::TONGA, *beach)?;
                if ships.free_places(CardId::TONGA, b) < 2 {
                    return Err(format!(
                        "Beach {} of Tonga already has {} ships: during setup every beach keeps a free place (R2).",
                        b + 1,
                        ships.beach(CardId::TONGA, b).count
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
                    return Err(
                        "You have no ship on an island: place new ships instead (R50).".into(),
                    );
                }
                if self.board.is_king(*tile) {
                    return Err(format!(
                        "{} is a king island: no one may expand there (R31).",
                        tile.name()
                    ));
                }
                let s = self.supply[seat as usize];
                match take {
                    None if s == 0 => {
                        return Err("Your supply is empty: to expand, take one of your ships from an island (R51).".into())
                    }
                    Some(_) if s > 0 => {
                        return Err("You still have ships in your supply; taking a ship from an island is only for an empty supply (R51).".into())
                    }
                    _ => {}
                }
                for w in beaches.windows(2) {
                    if w[0] == w[1] {
                        return Err(
                            "An expansion puts at most one new ship on each beach (R10).".into(),
                        );
                    }
                }
                for &b in beaches {
                    let b = beach_of(*tile, b)?;
                    if ships.is_full(*tile, b) {
                        return Err(format!(
                            "Beach {} of {} has no free place.",
                            b + 1,
                            tile.name()
                        ));
                    }
                }
                if let Some(t) = take {
                    island_on_table(t.tile)?;
                    let fb = beach_of(t.tile, t.beach)?;
                    if ships.beach(t.tile, fb).by_seat[seat as usize] == 0 {
                        return Err(format!(
                            "You have no ship on beach {} of {} to take (R51).",
                            fb + 1,
                            t.tile.name()
                        ));
                    }
                    if self.board.is_king(t.tile) {
                        return Err(format!(
                            "{} is a king island: its king stays (R51).",
                            t.tile.name()
                        ));
                    }
                    if beaches.len() != 1 {
                        return Err("With an empty supply exactly one ship is placed (R51).".into());
                    }
                    if t.tile == *tile && beaches[0] == t.beach {
                        return Err("The ship must go to another beach than the one it was taken from (R51).".into());
                    }
                    let left = ships.seat_on(*tile, seat) - u8::from(t.tile == *tile);
                    if left == 0 {
                        return Err(format!(
                            "After taking that ship you have no ship left on {} (R51).",
                            tile.name()
                        ));
                    }
                    return Ok(());
                }
                let n = ships.seat_on(*tile, seat);
                if n == 0 {
                    return Err(format!(
                        "You have no ship on {}: expand only where you have ships (R10).",
                        tile.name()
                    ));
                }
                let nb = tile.spec().beaches.len();
                let k = (n as usize).min(nb).min(s as usize);
                if beaches.len() != k {
                    return Err(format!(
                        "An expansion on {} places exactly {k} ship{} — the least of your {n} ship{} there, its {nb} beaches and your supply of {s} (R10).",
                        tile.name(),
                        if k == 1 { "" } else { "s" },
                        if n == 1 { "" } else { "s" },
                    ));
                }
                Ok(())
            }
            (Phase::Turn, Action::FoundKingdom { tile }) => {
                if !self.has_island_ships(seat) {
                    return Err(
                        "You have no ship on an island: place new ships instead (R50).".into(),
                    );
                }
                self.can_found_kingdom(*tile, seat)
            }
            (Phase::Turn, Action::Resettle) => Err(
                "You have no ship on an island and can place new ships: do that instead (R50)."
                    .into(),
            ),
            (Phase::Turn, Action::PlaceNew { tile, beaches }) => {
                if self.has_island_ships(seat) {
                    return Err("You have ships on islands: new ships are placed only by a player who has none (R50).".into());
                }
                island_on_table(*tile)?;
                if self.board.is_king(*tile) {
                    return Err(format!(
                        "{} is a king island: no one may put ships there (R31).",
                        tile.name()
                    ));
                }
                let want = if *tile == CardId::TONGA { 2 } else { 1 };
                if beaches.len() != want {
                    return Err(format!(
                        "Place two new ships on Tonga or one on another island, not {} on {} (R50).",
                        beaches.len(),
                        tile.name()
                    ));
                }
                for &b in beaches {
                    let b = beach_of(*tile, b)?;
                    let need = beaches.iter().filter(|&&x| x as usize == b).count() as u8;
                    if ships.free_places(*tile, b) < need {
                        return Err(format!(
                            "Beach {} of {} has no room for that.",
                            b + 1,
                            tile.name()
                        ));
                    }
                }
                Ok(())
            }
            (Phase::Emigrate, Action::Emigrate { tile, beach, jetty }) => {
                island_on_table(*tile)?;
                let b = beach_of(*tile, *beach)?;
                if !ships.is_full(*tile, b) {
                    return Err(format!(
                        "Beach {} of {} is not full: only a full beach sails off (R20).",
                        b + 1,
                        tile.name()
                    ));
                }
                let jetties = tile.spec().beaches[b].jetties;
                if !jetties.iter().any(|&j| j as u32 == *jetty) {
                    return Err(format!(
                        "Beach {} of {} has no jetty toward edge {jetty}; its jett{} point{} to edge {} (R20).",
                        b + 1,
                        tile.name(),
                        if jetties.len() == 1 { "y" } else { "ies" },
                        if jetties.len() == 1 { "s" } else { "" },
                        jetties.iter().map(|j| j.to_string()).collect::<Vec<_>>().join(" and "),
                    ));
                }
                Err("That voyage would only send ships round between the cards on the table for ever; choose another way out (R25).".into())
            }
            (Phase::Land(l), Action::Land { seat: s, beach }) => {
                if *s as usize >= MAX_SEATS || l.group[*s as usize] == 0 {
                    return Err(format!(
                        "No ship of seat {s} is left in the arriving group."
                    ));
                }
                let b = beach_of(l.tile, *beach)?;
                if ships.is_full(l.tile, b) {
                    return Err(format!("Beach {} of {} is full.", b + 1, l.tile.name()));
                }
                if l.owed != 0 && l.owed & (1 << b) == 0 {
                    let owed: Vec<String> = (0..8)
                        .filter(|i| l.owed & (1 << i) != 0)
                        .map(|i| i + 1)
                        .map(|i| i.to_string())
                        .collect();
                    return Err(format!(
                        "First every beach that had room when the group arrived gets one ship: choose beach {} (R23).",
                        owed.join(" or ")
                    ));
                }
                Err("That landing would leave an endless chain of emigrations; place the ship elsewhere (R25).".into())
            }
            (Phase::Land(l), Action::Return { seat: s }) => {
                if *s as usize >= MAX_SEATS || l.group[*s as usize] == 0 {
                    return Err(format!(
                        "No ship of seat {s} is left in the arriving group."
                    ));
                }
                if l.remaining() <= ships.free_on(l.tile) {
                    return Err(format!(
                        "There is room on {} for every arriving ship: none is sent home (R23).",
                        l.tile.name()
                    ));
                }
                Err(
                    "Sending that ship home would leave an endless chain of emigrations (R25)."
                        .into(),
                )
            }
            (Phase::PlaceCard { card, .. }, Action::PlaceCard { q, r, rotation }) => {
                let h = Hex::new(*q, *r);
                if let Some(c) = self.board.card_at(h) {
                    return Err(format!("That hex already holds {}.", c.name()));
                }
                if *rotation >= 6 {
                    return Err(format!(
                        "A rotation is 0 to 5 (steps of 60°), not {rotation}."
                    ));
                }
                if !(0..6).any(|d| self.board.card_at(h.neighbor(d)).is_some()) {
                    return Err(format!(
                        "{} must be laid next to a card on the table (R40).",
                        card.name()
                    ));
                }
                Err(format!(
                    "{}'s emblem edge must face a card on the table: try another rotation (R40).",
                    card.name()
                ))
            }
            (Phase::PlaceShip { tile, .. }, Action::PlaceShip { beach }) => {
                beach_of(tile, *beach)?;
                Ok(())
            }
            _ => Err(wrong_time()),
        })();
        match r {
            Err(m) => m,
            Ok(()) => format!("That move is not allowed now: {}", self.pending_words()),
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
            return Err(Error::bad_save(format!(
                "This file is {} bytes long; a Tongiaki save is never larger than {} bytes.",
                text.len(),
                MAX_SAVE_BYTES
            )));
        }
        let v: Value = serde_json::from_str(text).map_err(|e| {
            Error::bad_save(format!(
                "This is not a Tongiaki save: it is not valid JSON ({e})."
            ))
        })?;
        Game::load_value(&v)
    }

    pub fn load_value(v: &Value) -> Result<Game, Error> {
        let obj = v.as_object().ok_or_else(|| {
            Error::bad_save("This is not a Tongiaki save: it is not a JSON object.")
        })?;
        match obj.get("format") {
            Some(Value::String(f)) if f == "tongiaki-save" => {}
            None => {}
            _ => {
                return Err(Error::bad_save(
                    "This is not a Tongiaki save (its \"format\" is wrong).",
                ))
            }
        }
        match obj.get("version") {
            None => {}
            Some(x) if x.as_u64() == Some(1) => {}
            Some(x) => {
                return Err(Error::bad_save(format!(
                    "This save has version {x}; this game reads version 1."
                )))
            }
        }
        let options = obj
            .get("options")
            .ok_or_else(|| Error::bad_save("The save has no \"options\"."))?;
        let mut opts = GameOptions::from_json(options).map_err(|e| {
            Error::bad_save(format!("The save's options are not valid: {}", e.message))
        })?;
        if opts.seed.is_none() {
            return Err(Error::bad_save(
                "The save's options have no seed, so the game cannot be replayed.",
            ));
        }
        opts.seed = opts.seed.or(Some(0));
        let actions = match obj.get("actions") {
            Some(Value::Array(a)) => a,
            _ => return Err(Error::bad_save("The save has no \"actions\" list.")),
        };
        let mut g = Game::new(opts).map_err(|e| Error::bad_save(e.message))?;
        for (i, a) in actions.iter().enumerate() {
            g.apply_json(a).map_err(|e| {
                let ty = a.get("type").and_then(|t| t.as_str()).unwrap_or("?");
                Error::bad_save(format!(
                    "Entry {i} of the save ({ty}) cannot be replayed: {}",
                    e.message
                ))
            })?;
        }
        Ok(g)
    }
}

fn verb(a: &Action) -> &'static str {
    match a {
        Action::SetupPlace { .. } => "place a setup ship",
        Action::Expand { .. } => "expand",
        Action::FoundKingdom { .. } => "found a king island",
        Action::Resettle => "resettle",
        Action::PlaceNew { .. } => "place new ships",
        Action::Emigrate { .. } => "emigrate",
        Action::Land { .. } => "land a ship",
        Action::Return { .. } => "send a ship home",
        Action::PlaceCard { .. } => "lay a card",
        Action::PlaceShip { .. } => "place a ship on a new island",
    }
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
    getrandom::fill(&mut b).map_err(|e| {
        Error::bad_options(format!(
            "No seed was given and no random source is available ({e})."
        ))
    })?;
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
