//! A game of Tongiaki: its state, read access, `apply` / `apply_trusted`
//! and the effects of the turn's actions (docs/rules.md).
//!
//! A game is its options plus the log of applied actions (boardgame.io
//! style): `save()` writes exactly that and `load()` replays it through the
//! same validation. The only randomness is the shuffle of the pile.
//!
//! - `cache.rs`: what a game keeps only to answer faster (the legal moves,
//!   the R25 search's proofs), beside its state;
//! - `checks.rs`: each rule condition once, with the refusal it gives;
//! - `legal.rs`: the move generator (`legal_actions`), built on the checks;
//! - `explain.rs`: why an action is refused (the same checks) and what the
//!   game waits for, in words;
//! - `voyage.rs`: a voyage and what follows it (R20-R25);
//! - `save.rs`: save and load;
//! - `chain_tests.rs`: the R25 search's shortcuts checked in random games.

use crate::action::Action;
use crate::board::{Board, MAX_SEATS, SHIPS_PER_PLAYER};
use crate::cards::{Beach, CardId};
use crate::error::{args, Error};
use crate::event::GameEvent;
use crate::landing::{LandMove, Landing};
use crate::moves::Move;
use crate::options::{GameOptions, COLORS};
use crate::score::{ranking, standings, Standing};
use crate::seat::Seat;
use cache::Cache;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::Value;

mod cache;
#[cfg(test)]
mod chain_tests;
pub(crate) mod checks;
mod explain;
mod legal;
mod save;
mod voyage;

pub use save::MAX_SAVE_BYTES;
pub use voyage::{MAX_GAME_DECISIONS, MAX_TURN_DECISIONS};

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

/// A game: the rules' state (options and seed, board, pile, supplies,
/// phase, whose turn, the log), and beside it `cache`, what the game keeps
/// only to answer faster (`cache.rs`). A plain value: it clones, and a
/// copy plays on by itself.
#[derive(Clone, Debug)]
pub struct Game {
    options: GameOptions,
    seed: u64,
    /// Players at the table (2..=6).
    n: usize,
    board: Board,
    /// The draw pile; the top card is the last element.
    pile: Vec<CardId>,
    supply: [u8; MAX_SEATS],
    phase: Phase,
    current: Seat,
    turn: u32,
    /// Decisions applied since the current turn began (the bound on
    /// endless play, docs/rules.md#endless-play).
    turn_decisions: u32,
    log: Vec<Move>,
    ranking: Option<Vec<Vec<u8>>>,
    /// Not the game: the legal moves (forgotten at every change of the
    /// state above) and the R25 search's proofs (kept while the layout
    /// lasts), to answer faster.
    cache: Cache,
}

/// Decisions a new game's log has room for: more than most games take
/// (a game's length: BENCHMARKS.md), so that the log seldom grows.
const LOG_CAPACITY: usize = 512;

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
            n,
            board: Board::new(),
            pile,
            supply,
            phase: Phase::Setup { placed: 0 },
            current: Seat::FIRST,
            turn: 0,
            turn_decisions: 0,
            // Room for the decisions of most games and the actions of most
            // decisions, so that neither list grows by steps as it is played.
            log: Vec::with_capacity(LOG_CAPACITY),
            ranking: None,
            cache: Cache::for_new_game(n),
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
        self.n
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
    /// Seat to act (a seat number, as in the snapshot); `None` when the
    /// game is over.
    pub fn current(&self) -> Option<u8> {
        (!self.is_over()).then_some(self.current.into())
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Ships in the supply of seat number `seat`.
    pub fn supply(&self, seat: u8) -> u8 {
        self.supply[usize::from(seat)]
    }
    pub fn supplies(&self) -> &[u8] {
        &self.supply[..self.n]
    }
    /// The moves played so far, in order.
    pub fn log(&self) -> &[Move] {
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
        g.cache.forget_legal();
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
        &self.options.players[usize::from(seat)].name
    }
    pub fn color_name(&self, seat: u8) -> &'static str {
        COLORS[self.options.players[usize::from(seat)].color as usize]
    }

    /// What the R25 search holds (for measurements, BENCHMARKS.md): the
    /// chain states proven on the current layout, and the most states one
    /// question has added since the game began (or was copied).
    pub fn chain_search_states(&self) -> (usize, usize) {
        self.cache.search_ref().stats()
    }

    /// How often the R25 search's proofs of a lost chain have served
    /// (docs/rules.md#r25): states lost by a locked island, questions
    /// answered by the colour-blind copy.
    pub fn chain_search_proofs(&self) -> (u32, u32) {
        self.cache.search_ref().proofs()
    }

    /// For a search bot's rollouts: R25 questions that need more than
    /// `states` chain states are given up from now on and answered
    /// "resolvable" (so the legal actions are no longer the rules' own), and
    /// [`Game::chain_search_cut`] says it happened. The rollout stops there.
    pub fn limit_chain_search(&mut self, states: u32) {
        self.cache.search_mut().limit(states);
    }

    /// Has an R25 question been given up since [`Game::limit_chain_search`]?
    pub fn chain_search_cut(&self) -> bool {
        self.cache.search_ref().was_cut()
    }

    /// Has `seat` a ship on an island's beach? (R50; king ships are not on beaches.)
    pub(crate) fn has_island_ships(&self, seat: Seat) -> bool {
        checks::ships_on_islands(&self.board, seat).is_ok()
    }

    // ----- arranged positions (src/position.rs) ---------------------------

    pub(crate) fn pile_len(&self) -> usize {
        self.pile.len()
    }
    /// The pile, top first.
    pub(crate) fn set_pile(&mut self, top_first: Vec<CardId>) {
        self.pile = top_first.into_iter().rev().collect();
        self.cache.forget_legal();
    }
    /// The board, to lay cards and put ships and kings on it.
    pub(crate) fn arrange_board(&mut self) -> &mut Board {
        self.cache.forget_legal();
        &mut self.board
    }
    pub(crate) fn set_supply(&mut self, seat: Seat, n: u8) {
        self.supply[seat.index()] = n;
        self.cache.forget_legal();
    }
    pub(crate) fn start_arranged_turn(&mut self, seat: Seat, phase: Phase) {
        self.current = seat;
        self.turn = 1;
        self.turn_decisions = 0;
        self.phase = phase;
        self.cache.forget_legal();
    }

    // ----- applying -----------------------------------------------------

    /// Parses and applies a JSON action (docs/api.md `apply`).
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
        match Move::of_action(&a) {
            Some(m) if self.legal_moves().contains(&m) => Ok(self.apply_trusted(m)),
            _ => Err(self.explain_illegal(&a)),
        }
    }

    /// Applies a move taken from [`Game::legal_moves`] without checking it
    /// again. A move that is not legal here leaves the game in an
    /// unspecified state.
    pub fn apply_trusted(&mut self, m: Move) -> Vec<GameEvent> {
        let mut ev = Events(Some(Vec::new()));
        self.perform(m, &mut ev);
        ev.0.unwrap_or_default()
    }

    /// [`Game::apply_trusted`] without telling what happened: no event is
    /// even built. What bots and simulations play.
    pub fn play_trusted(&mut self, m: Move) {
        self.perform(m, &mut Events(None));
    }

    fn perform(&mut self, a: Move, ev: &mut Events) {
        self.cache.forget_legal();
        self.log.push(a);
        self.turn_decisions += 1;
        let seat = self.current;
        match a {
            Move::SetupPlace { beach } => {
                self.place_from_supply(seat, CardId::TONGA, beach, ev);
                let Phase::Setup { placed } = self.phase else {
                    unreachable!()
                };
                let placed = placed + 1;
                if usize::from(placed) == 2 * self.n {
                    // R3: seat 0 takes the first turn.
                    self.current = Seat::FIRST;
                    self.start_turn(ev);
                } else {
                    // R2: twice round the table.
                    self.phase = Phase::Setup { placed };
                    self.current = seat.next(self.n);
                }
            }
            Move::Expand {
                tile,
                beaches,
                take,
            } => {
                if let Some((from, beach)) = take {
                    // R51: the taken ship is the one placed.
                    self.board.take(from, beach, seat);
                    self.supply[seat.index()] += 1;
                    ev.push(|| GameEvent::ShipTaken {
                        seat: seat.into(),
                        tile: from,
                        beach: beach.into(),
                    });
                }
                for b in beaches.iter() {
                    self.place_from_supply(seat, tile, b, ev);
                }
                self.enter_chain(ev);
            }
            Move::PlaceNew {
                tile,
                first,
                second,
            } => {
                self.place_from_supply(seat, tile, first, ev);
                if let Some(b) = second {
                    self.place_from_supply(seat, tile, b, ev);
                }
                self.enter_chain(ev);
            }
            Move::FoundKingdom { tile } => {
                // R30: one ship stays as king, the others go home.
                let mine = self.board.crown(tile, seat)[seat.index()];
                self.supply[seat.index()] += mine - 1;
                ev.push(|| GameEvent::KingdomFounded {
                    seat: seat.into(),
                    tile,
                    returned: mine - 1,
                });
                self.end_turn(ev);
            }
            Move::Resettle => {
                // R40: all ships off the islands (kings stay), then reveal.
                let returned = self.board.resettle(seat);
                self.supply[seat.index()] += returned;
                ev.push(|| GameEvent::Resettled {
                    seat: seat.into(),
                    returned,
                });
                self.draw_card(true, ev);
            }
            Move::Emigrate { tile, beach, jetty } => {
                self.voyage(tile, beach, jetty, ev);
            }
            Move::Land { seat, beach } => {
                let Phase::Land(l) = self.phase else {
                    unreachable!()
                };
                self.land_move(l, LandMove::Land { seat, beach }, ev);
            }
            Move::Return { seat } => {
                let Phase::Land(l) = self.phase else {
                    unreachable!()
                };
                self.land_move(l, LandMove::Return { seat }, ev);
            }
            Move::PlaceCard { q, r, rotation } => {
                let Phase::PlaceCard { card, resettle } = self.phase else {
                    unreachable!()
                };
                self.board.lay(card, Move::hex(q, r), rotation);
                ev.push(|| GameEvent::CardRevealed {
                    card,
                    q: q.into(),
                    r: r.into(),
                    rotation,
                });
                let ends = self.last_card_laid();
                if card.is_island() {
                    if resettle {
                        self.phase = Phase::PlaceShip {
                            tile: card,
                            ends_game: ends,
                        };
                    } else if ends {
                        self.finish_game(ev);
                    } else {
                        // R25: no ship is put on it; the turn ends.
                        self.end_turn(ev);
                    }
                } else if ends {
                    self.finish_game(ev);
                } else {
                    self.draw_card(resettle, ev);
                }
            }
            Move::PlaceShip { beach } => {
                let Phase::PlaceShip { tile, ends_game } = self.phase else {
                    unreachable!()
                };
                self.place_from_supply(seat, tile, beach, ev);
                if ends_game {
                    self.finish_game(ev);
                } else {
                    self.end_turn(ev);
                }
            }
        }
        self.bound_endless_play(ev);
    }

    fn place_from_supply(&mut self, seat: Seat, tile: CardId, beach: Beach, ev: &mut Events) {
        self.supply[seat.index()] -= 1;
        self.board.place(tile, beach, seat);
        ev.push(|| GameEvent::ShipPlaced {
            seat: seat.into(),
            tile,
            beach: beach.into(),
        });
    }

    /// Ships go back to their owners' supplies, counted by seat.
    pub(super) fn return_ships(&mut self, back: &[u8; MAX_SEATS]) {
        for (s, n) in self.supply.iter_mut().zip(back) {
            *s += n;
        }
    }

    fn start_turn(&mut self, ev: &mut Events) {
        self.turn += 1;
        self.turn_decisions = 0;
        self.phase = Phase::Turn;
        ev.push(|| GameEvent::TurnStarted {
            seat: self.current.into(),
            turn: self.turn,
        });
    }

    pub(super) fn end_turn(&mut self, ev: &mut Events) {
        self.current = self.current.next(self.n);
        self.start_turn(ev);
    }

    /// R60: has the last water card or the last island card been laid?
    pub(super) fn last_card_laid(&self) -> bool {
        usize::from(self.board.laid_islands()) == crate::cards::ISLAND_COUNT
            || usize::from(self.board.laid_water()) == crate::cards::WATER_COUNT
    }

    pub(super) fn finish_game(&mut self, ev: &mut Events) {
        let st = self.standings();
        let r = ranking(&st);
        self.phase = Phase::Over;
        ev.push(|| GameEvent::GameOver {
            ranking: r.clone(),
            scores: st.iter().map(|s| s.score).collect(),
        });
        self.ranking = Some(r);
    }

    /// The top card of the pile (R60 ends the game before it runs dry).
    pub(super) fn pop_card(&mut self) -> CardId {
        self.pile
            .pop()
            .expect("R60 ends the game before the pile runs dry")
    }

    /// R40/R25: reveal the top card; it waits to be laid.
    pub(super) fn draw_card(&mut self, resettle: bool, ev: &mut Events) {
        let card = self.pop_card();
        ev.push(|| GameEvent::CardDrawn { card });
        self.phase = Phase::PlaceCard { card, resettle };
    }
}

/// Where the effects of an action tell what happens, in order: collected
/// for [`Game::apply_trusted`], or not even built for
/// [`Game::play_trusted`].
pub(crate) struct Events(Option<Vec<GameEvent>>);

impl Events {
    #[inline]
    pub(crate) fn push(&mut self, event: impl FnOnce() -> GameEvent) {
        if let Some(list) = &mut self.0 {
            list.push(event());
        }
    }
}

/// A seed from the operating system (or the browser, via getrandom's wasm_js).
fn fresh_seed() -> Result<u64, Error> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b)
        .map_err(|e| Error::bad_options("bad_options.no_random", args![detail = e.to_string()]))?;
    Ok(u64::from_le_bytes(b) & crate::options::MAX_SEED)
}
