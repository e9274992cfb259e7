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
//!
//! Here the bot, the choice among the legal actions and the action values by
//! kind; the voyage estimates in `voyages.rs`, the values of placing ships,
//! king islands, resettling, landing and laying cards in `choices.rs`.

use super::{determinise, Bot};
use crate::board::{Board, MAX_SEATS};
use crate::cards::CardId;
use crate::game::{Game, Phase};
use crate::moves::Move;
use crate::seat::Seat;
use rand::{Rng, SeedableRng};

mod choices;
mod voyages;

use rand_chacha::ChaCha8Rng;
use voyages::PileView;

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
    /// The share of decisions (with a choice) the bot makes without
    /// thinking: any legal action but the blunders no player makes
    /// (the `light` choice, [`super::mcts::light_action`]). The beginner.
    pub careless: f32,
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
            careless: 0.0,
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
    fn choose(&mut self, game: &Game) -> Move {
        // Bots never see the real pile order: work on a sampled one (the
        // heuristic only reads the pile's composition anyway).
        let game = determinise(game, &mut self.rng);
        if self.params.careless > 0.0
            && game.legal_moves().len() > 1
            && self.rng.random::<f32>() < self.params.careless
        {
            return super::mcts::light_action(&game, &mut self.rng);
        }
        greedy_action(&game, &self.params)
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
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
                Move::Expand { .. }
                    | Move::PlaceNew { .. }
                    | Move::FoundKingdom { .. }
                    | Move::Resettle
                    | Move::SetupPlace { .. }
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
pub fn greedy_action(game: &Game, params: &Params) -> Move {
    let legal = game.legal_moves();
    if legal.len() == 1 {
        return legal[0];
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
            return legal[(crate::hash::mix(chain as u64) % legal.len() as u64) as usize];
        }
    }
    let mut best = 0;
    let mut best_v = f32::NEG_INFINITY;
    for (i, a) in legal.iter().enumerate() {
        let v = h.action_value(*a);
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    legal[best]
}

/// The heuristic's view of one decision.
pub struct Heuristic<'a> {
    game: &'a Game,
    board: &'a Board,
    params: &'a Params,
    me: Seat,
    n: usize,
    opp_weight: f32,
    pile: PileView,
    /// Set in a long chain: prefer ways out over everything else.
    pub break_loops: bool,
    /// Points for revealing a card when the game stalls (see [`stalled`]).
    stall_bonus: f32,
    /// The exact odds of the legal emigrations ([`Params::exact_odds`]).
    pub(super) exact: Vec<crate::odds::VoyageOdds>,
    /// Voyages already followed in this decision ([`Heuristic::voyage`]):
    /// (tile, jetty, colours) as one key.
    voyages: std::cell::RefCell<Vec<(u32, voyages::Dist)>>,
    /// A copy of the table's ships to try an action's placements on and
    /// take them back after, made at the first action that needs it (a
    /// copy per action would cost more than the rest of its value).
    scratch: std::cell::RefCell<Option<crate::board::Ships>>,
}

/// Has the game gone round without laying cards? Players could otherwise
/// avoid revealing cards for ever (all voyages landing on known islands or
/// failing); then the greedy player pushes the game on.
/// The answer is how many turns past the usual pace the game is (0: none).
pub fn stalled(game: &Game) -> u32 {
    let b = game.board();
    game.turn()
        .saturating_sub(30 + 3 * (u32::from(b.laid_islands()) + u32::from(b.laid_water())))
}

impl<'a> Heuristic<'a> {
    pub fn new(game: &'a Game, params: &'a Params) -> Heuristic<'a> {
        let n = game.players();
        Heuristic {
            game,
            board: game.board(),
            params,
            me: Seat::new(game.current().unwrap_or(0)),
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
            voyages: std::cell::RefCell::new(Vec::new()),
            scratch: std::cell::RefCell::new(None),
        }
    }

    /// The table's ships to change and restore ([`Heuristic::scratch`]).
    fn scratch(&self) -> std::cell::RefMut<'_, crate::board::Ships> {
        std::cell::RefMut::map(self.scratch.borrow_mut(), |s| {
            s.get_or_insert_with(|| self.board.ships().clone())
        })
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
            if s == self.me.index() {
                v += d;
            } else {
                v -= self.opp_weight * d;
            }
        }
        v
    }

    fn sign(&self, seat: Seat) -> f32 {
        if seat == self.me {
            1.0
        } else {
            -self.opp_weight
        }
    }

    /// The value of one legal action.
    pub fn action_value(&self, a: Move) -> f32 {
        let ships = self.board.ships();
        match a {
            Move::SetupPlace { beach } => {
                let b = ships.beach(CardId::TONGA, beach);
                // Spread our two ships; join other colours (mixed groups pass danger).
                -(b.of(self.me) as f32) * 2.0
                    + (b.colours() as f32) * 0.5
                    + (b.count() as f32) * 0.1
            }
            Move::Expand {
                tile,
                beaches,
                take,
            } => self.expand_value(tile, beaches, take),
            Move::FoundKingdom { tile } => self.king_value(tile),
            Move::Resettle => self.resettle_value(),
            Move::PlaceNew {
                tile,
                first,
                second,
            } => self.place_new_value(tile, first, second),
            Move::Emigrate { tile, beach, jetty } => {
                let v = self.emigration_value(ships, tile, beach, jetty);
                if self.break_loops {
                    v + self.way_out(tile, beach, jetty)
                } else {
                    v
                }
            }
            Move::Land { seat, beach } => match self.game.phase() {
                Phase::Land(l) => self.land_value(&l, seat, beach),
                _ => 0.0,
            },
            Move::Return { seat } => match self.game.phase() {
                Phase::Land(l) => self.return_value(&l, seat),
                _ => 0.0,
            },
            Move::PlaceCard { q, r, rotation } => self.place_card_value(Move::hex(q, r), rotation),
            Move::PlaceShip { beach } => {
                // A lone ship: the beach that takes longest to fill keeps it longest.
                match self.game.phase() {
                    Phase::PlaceShip { tile, .. } => tile.beach_spec(beach).places as f32,
                    _ => 0.0,
                }
            }
        }
    }
}
