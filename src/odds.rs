//! Voyage odds (issue 14): for each legal `emigrate`, the chances of the
//! voyage's outcomes over every order of the cards not yet seen, all orders
//! equally likely (the player knows which cards are still out, never their
//! order).
//!
//! Built on the public API of [`Game`] only: a voyage's outcome depends on
//! nothing but the cards it reveals, so the emigration is played on copies
//! of the game whose pile is put in a chosen order
//! ([`Game::with_pile_order`]) and its outcome read from the events of that
//! one `apply` (`arrived`, `voyage_failed`, `turned_back`,
//! `stayed_on_water`).
//!
//! **Exact.** The tree of card sequences is walked depth first. One play of
//! an order settles the whole branch of the cards the voyage revealed; the
//! other cards at each of those depths are then tried in turn (one play per
//! leaf). A freshly revealed island always ends the voyage with a landing on
//! it (R21: it cannot be a king island; R60: the last island is still landed
//! on), so the islands of the pile are one branch with a known outcome and
//! only the water cards branch. The figures are exact fractions over the
//! number of card sequences (u128 numerators), turned into `f64` at the end.
//!
//! **Sampled.** When the tree needs more than [`OddsConfig::exact_plays`]
//! plays, the water cards are shuffled (seeded from the action, never from
//! the real pile) and played before the islands; each sample adds the
//! chance that an island would have come at each reveal exactly and the
//! rest to the outcome it reached (a Rao-Blackwellised estimate: unbiased,
//! each figure of one sample in 0..=1). Samples are taken in batches until
//! the 95% half-width of every figure is at most [`OddsConfig::half_width`],
//! at most [`OddsConfig::max_samples`] (10,000 keeps any figure within
//! ±0.0098 whatever its variance).

use crate::action::Action;
use crate::cards::{CardId, CARD_COUNT};
use crate::event::GameEvent;
use crate::game::{Game, Phase};
use crate::moves::Move;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// How a voyage ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    /// The group lands on `tile` (R23); `new`: the island was revealed on this voyage.
    Arrive { tile: CardId, new: bool },
    /// A danger the group cannot pass (R21): every ship goes home.
    Fail,
    /// A king island (R31): the group lands back where it sailed from.
    TurnBack,
    /// R60: the last water card was laid and the group stays on it.
    Stay,
}

/// A trail on the table that the voyage follows for certain, before it
/// reveals any card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KnownTrail {
    pub card: CardId,
    pub from: u8,
    /// `None` where the group cannot pass (the voyage fails there).
    pub to: Option<u8>,
    pub danger: u8,
}

/// What one play of a voyage showed: the cards it revealed, in order, and
/// how it ended.
#[derive(Clone, Debug)]
pub struct Voyage {
    pub revealed: Vec<CardId>,
    pub outcome: Outcome,
    /// The trails followed before the first reveal.
    pub known: Vec<KnownTrail>,
    /// Colours in the group.
    pub colours: u8,
}

/// Reads a voyage from the events of one `emigrate`. `None` if the events
/// are not those of an emigration.
pub fn read_voyage(events: &[GameEvent]) -> Option<Voyage> {
    let mut revealed = Vec::new();
    let mut known = Vec::new();
    let mut colours = None;
    let end = |revealed: Vec<CardId>, known: Vec<KnownTrail>, outcome, colours: Option<u8>| {
        Some(Voyage {
            revealed,
            outcome,
            known,
            colours: colours?,
        })
    };
    for e in events {
        match e {
            GameEvent::Emigrated { group, .. } => {
                let mut seats = group.clone();
                seats.dedup();
                colours = Some(seats.len() as u8);
            }
            GameEvent::CardRevealed { card, .. } => revealed.push(*card),
            GameEvent::Crossed {
                card,
                from,
                to,
                danger,
                ..
            } if revealed.is_empty() => known.push(KnownTrail {
                card: *card,
                from: *from,
                to: Some(*to),
                danger: *danger,
            }),
            GameEvent::VoyageFailed {
                card, from, danger, ..
            } => {
                if revealed.is_empty() {
                    known.push(KnownTrail {
                        card: *card,
                        from: *from,
                        to: None,
                        danger: *danger,
                    });
                }
                return end(revealed, known, Outcome::Fail, colours);
            }
            GameEvent::TurnedBack { .. } => {
                return end(revealed, known, Outcome::TurnBack, colours);
            }
            GameEvent::Arrived { tile, .. } => {
                let new = revealed.contains(tile);
                let outcome = Outcome::Arrive { tile: *tile, new };
                return end(revealed, known, outcome, colours);
            }
            GameEvent::StayedOnWater { .. } => {
                return end(revealed, known, Outcome::Stay, colours);
            }
            _ => {}
        }
    }
    None
}

/// Budgets of the computation.
#[derive(Clone, Copy, Debug)]
pub struct OddsConfig {
    /// Plays allowed for the exact walk before it gives way to sampling
    /// (0: always sample).
    pub exact_plays: u32,
    /// Sampling stops once every figure's 95% half-width is at most this...
    pub half_width: f64,
    /// ...checked every `batch` samples, from `min_samples` on...
    pub min_samples: u32,
    pub batch: u32,
    /// ...and at the latest here.
    pub max_samples: u32,
}

impl Default for OddsConfig {
    fn default() -> OddsConfig {
        OddsConfig {
            exact_plays: EXACT_PLAYS,
            half_width: 0.01,
            min_samples: 2_000,
            batch: 500,
            max_samples: 10_000,
        }
    }
}

/// Plays the exact walk may take: a play is one voyage applied to a copy
/// of the game, so this bounds the exact walk to a moment's work (what a
/// play costs: BENCHMARKS.md).
pub const EXACT_PLAYS: u32 = 1_000;

/// The odds of one emigration. `arrive + fail + turn_back + stay = 1`;
/// `new_island` is the part of `arrive` on an island revealed on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct VoyageOdds {
    pub action: Action,
    pub arrive: f64,
    pub new_island: f64,
    pub fail: f64,
    pub turn_back: f64,
    pub stay: f64,
    /// False where the figures were sampled.
    pub exact: bool,
    /// Chance of landing on each island already on the table (by card
    /// index); `arrive` is their sum plus `new_island`.
    pub landing: [f64; CARD_COUNT],
    /// Where `exact`: the figures as fractions over the number of card
    /// sequences, `[arrive, new_island, fail, turn_back, stay, denominator]`.
    pub fractions: Option<[u128; 6]>,
    /// Colours in the group.
    pub colours: u8,
    /// Trails on the table the voyage follows for certain before it
    /// reveals a card (the last one is where it fails, if it fails there).
    pub known: Vec<KnownTrail>,
    /// Plays of the voyage the computation took.
    pub plays: u32,
}

impl VoyageOdds {
    /// The entry of `tongiaki odds` and `Game.voyageOdds()`.
    pub fn to_json(&self) -> Value {
        json!({
            "action": self.action.to_json(),
            "arrive": self.arrive,
            "new_island": self.new_island,
            "fail": self.fail,
            "turn_back": self.turn_back,
            "stay": self.stay,
            "exact": self.exact,
            "colours": self.colours,
            "needs": self.known.iter().map(|t| t.danger).max().unwrap_or(0),
            "known": self.known.iter().map(|t| json!({
                "card": t.card.key(),
                "from": t.from,
                "to": t.to,
                "danger": t.danger,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The odds of every legal emigration of `game` (empty unless a full beach
/// must emigrate), in the order of `legal_actions`.
pub fn voyage_odds(game: &Game) -> Vec<VoyageOdds> {
    voyage_odds_with(game, &OddsConfig::default())
}

pub fn voyage_odds_with(game: &Game, cfg: &OddsConfig) -> Vec<VoyageOdds> {
    if game.phase() != Phase::Emigrate {
        return Vec::new();
    }
    game.legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Emigrate { .. }))
        .filter_map(|m| action_odds(game, &m.to_action(), cfg))
        .collect()
}

/// All of them as the JSON array of `tongiaki odds`.
pub fn voyage_odds_json(game: &Game) -> Value {
    Value::Array(voyage_odds(game).iter().map(|o| o.to_json()).collect())
}

/// The odds of one emigration `action`, legal in `game`. `None` if it is
/// not a legal emigration.
pub fn action_odds(game: &Game, action: &Action, cfg: &OddsConfig) -> Option<VoyageOdds> {
    let mv = match Move::of_action(action) {
        Some(m @ Move::Emigrate { .. }) if game.phase() == Phase::Emigrate => m,
        _ => return None,
    };
    if !game.legal_moves().contains(&mv) {
        return None;
    }
    let mut w = Walk::new(game, mv);
    let first = w.play(&w.waters.clone())?;
    let exact = if cfg.exact_plays > 0 {
        w.exact(first.clone(), cfg.exact_plays)
    } else {
        None
    };
    let mut odds = match exact {
        Some(acc) => acc.odds(action),
        None => w.sample(cfg)?,
    };
    odds.colours = first.colours;
    odds.known = first.known;
    odds.plays = w.plays;
    Some(odds)
}

/// One emigration played on orders of the unseen cards.
struct Walk<'a> {
    game: &'a Game,
    /// The emigration, a legal move.
    action: Move,
    waters: Vec<CardId>,
    islands: Vec<CardId>,
    plays: u32,
    failed: bool,
}

impl<'a> Walk<'a> {
    fn new(game: &'a Game, action: Move) -> Walk<'a> {
        let (islands, waters) = game.unseen_cards().into_iter().partition(|c| c.is_island());
        Walk {
            game,
            action,
            waters,
            islands,
            plays: 0,
            failed: false,
        }
    }

    /// Plays the emigration with the pile in the order `waters_first`
    /// followed by the islands.
    fn play(&mut self, waters_first: &[CardId]) -> Option<Voyage> {
        let mut order = Vec::with_capacity(waters_first.len() + self.islands.len());
        order.extend_from_slice(waters_first);
        order.extend(self.islands.iter().copied());
        self.play_order(&order)
    }

    fn play_order(&mut self, order: &[CardId]) -> Option<Voyage> {
        self.plays += 1;
        let v = self
            .game
            .with_pile_order(order)
            .and_then(|mut g| read_voyage(&g.apply_trusted(self.action)));
        if v.is_none() {
            self.failed = true;
        }
        v
    }

    /// The exact walk, or `None` past `limit` plays.
    fn exact(&mut self, first: Voyage, limit: u32) -> Option<Exact> {
        let r = (self.waters.len() + self.islands.len()) as u128;
        // A voyage reveals at most every water card and one island.
        let depth = self.waters.len() + 1;
        // num_at[d]: the weight of one sequence of d cards, over the number
        // of sequences of `depth` cards (a falling factorial).
        let mut num_at = vec![1u128; depth + 1];
        for d in (0..depth).rev() {
            num_at[d] = num_at[d + 1] * r.saturating_sub(d as u128).max(1);
        }
        let mut acc = Exact {
            counts: [0; 5],
            landing: [0; CARD_COUNT],
            denominator: num_at[0],
        };
        if first.revealed.is_empty() {
            acc.add(first.outcome, num_at[0]);
            return Some(acc);
        }
        let waters = self.waters.clone();
        let mut prefix = Vec::with_capacity(depth);
        let ok = self.node(&mut prefix, &waters, &first, &num_at, &mut acc, limit);
        (ok && !self.failed).then_some(acc)
    }

    /// The voyage with the cards `prefix` revealed first needs one more:
    /// each remaining card in turn. `known` is a play that went through
    /// `prefix`. False when the budget ran out.
    fn node(
        &mut self,
        prefix: &mut Vec<CardId>,
        left: &[CardId],
        known: &Voyage,
        num_at: &[u128],
        acc: &mut Exact,
        limit: u32,
    ) -> bool {
        let d = prefix.len();
        // Any island: the voyage lands on it.
        acc.counts[NEW] += self.islands.len() as u128 * num_at[d + 1];
        acc.counts[ARRIVE] += self.islands.len() as u128 * num_at[d + 1];
        for &w in left {
            let rest: Vec<CardId> = left.iter().copied().filter(|&c| c != w).collect();
            prefix.push(w);
            let owned;
            let path = if known.revealed.get(d) == Some(&w) {
                known
            } else {
                if self.plays >= limit {
                    return false;
                }
                let mut order = prefix.clone();
                order.extend_from_slice(&rest);
                match self.play(&order) {
                    Some(v) => owned = v,
                    None => return false,
                }
                &owned
            };
            if path.revealed.len() <= d + 1 {
                acc.add(path.outcome, num_at[d + 1]);
            } else if !self.node(prefix, &rest, path, num_at, acc, limit) {
                return false;
            }
            prefix.pop();
        }
        true
    }

    /// The sampled estimate (see the module comment).
    fn sample(&mut self, cfg: &OddsConfig) -> Option<VoyageOdds> {
        let mut rng = ChaCha8Rng::seed_from_u64(sample_seed(self.game, self.action));
        let i = self.islands.len() as f64;
        let w = self.waters.len();
        let r = i + w as f64;
        let mut sum = [0f64; 5];
        let mut sq = [0f64; 5];
        let mut landing = [0f64; CARD_COUNT];
        let mut order = self.waters.clone();
        let mut n = 0u32;
        let z = 1.959964;
        while n < cfg.max_samples.max(1) {
            order.shuffle(&mut rng);
            let v = self.play(&order)?;
            let mut x = [0f64; 5];
            let mut weight = 1.0;
            for j in 0..v.revealed.len() {
                let left = r - j as f64;
                x[NEW] += weight * i / left;
                weight *= (w - j) as f64 / left;
            }
            x[ARRIVE] += x[NEW];
            match v.outcome {
                Outcome::Arrive { tile, new } => {
                    x[ARRIVE] += weight;
                    if new {
                        x[NEW] += weight;
                    } else {
                        landing[tile.index()] += weight;
                    }
                }
                Outcome::Fail => x[FAIL] += weight,
                Outcome::TurnBack => x[TURN_BACK] += weight,
                Outcome::Stay => x[STAY] += weight,
            }
            for k in 0..5 {
                sum[k] += x[k];
                sq[k] += x[k] * x[k];
            }
            n += 1;
            if n >= cfg.min_samples && n.is_multiple_of(cfg.batch.max(1)) {
                let nf = n as f64;
                let wide = (0..5).any(|k| {
                    let mean = sum[k] / nf;
                    let var = (sq[k] / nf - mean * mean).max(0.0) * nf / (nf - 1.0);
                    z * (var / nf).sqrt() > cfg.half_width
                });
                if !wide {
                    break;
                }
            }
        }
        let nf = n as f64;
        let mut odds = VoyageOdds {
            action: self.action.to_action(),
            arrive: sum[ARRIVE] / nf,
            new_island: sum[NEW] / nf,
            fail: sum[FAIL] / nf,
            turn_back: sum[TURN_BACK] / nf,
            stay: sum[STAY] / nf,
            exact: false,
            landing: [0.0; CARD_COUNT],
            fractions: None,
            colours: 0,
            known: Vec::new(),
            plays: 0,
        };
        for (l, s) in odds.landing.iter_mut().zip(landing) {
            *l = s / nf;
        }
        Some(odds)
    }
}

/// The seed of the sampling: from the action and the cards still out, never
/// their order, so the figures are the same whatever the hidden order.
fn sample_seed(game: &Game, action: Move) -> u64 {
    let mut h: u64 = 0x6f64_6473_2d31_3421;
    let mut eat = |x: u64| {
        h ^= x;
        h = crate::hash::mix(h);
    };
    if let Move::Emigrate { tile, beach, jetty } = action {
        eat(tile.index() as u64);
        eat(beach.index() as u64);
        eat(jetty.get() as u64);
    }
    eat(game.log().len() as u64);
    for c in game.unseen_cards() {
        eat(c.index() as u64);
    }
    h
}

const ARRIVE: usize = 0;
const NEW: usize = 1;
const FAIL: usize = 2;
const TURN_BACK: usize = 3;
const STAY: usize = 4;

/// Exact counts: numerators over `denominator`.
struct Exact {
    counts: [u128; 5],
    landing: [u128; CARD_COUNT],
    denominator: u128,
}

impl Exact {
    fn add(&mut self, o: Outcome, n: u128) {
        match o {
            Outcome::Arrive { tile, new } => {
                self.counts[ARRIVE] += n;
                if new {
                    self.counts[NEW] += n;
                } else {
                    self.landing[tile.index()] += n;
                }
            }
            Outcome::Fail => self.counts[FAIL] += n,
            Outcome::TurnBack => self.counts[TURN_BACK] += n,
            Outcome::Stay => self.counts[STAY] += n,
        }
    }

    fn odds(&self, action: &Action) -> VoyageOdds {
        let d = self.denominator as f64;
        let f = |k: usize| self.counts[k] as f64 / d;
        let mut landing = [0.0; CARD_COUNT];
        for (l, &n) in landing.iter_mut().zip(self.landing.iter()) {
            *l = n as f64 / d;
        }
        let c = self.counts;
        VoyageOdds {
            action: action.clone(),
            arrive: f(ARRIVE),
            new_island: f(NEW),
            fail: f(FAIL),
            turn_back: f(TURN_BACK),
            stay: f(STAY),
            exact: true,
            landing,
            fractions: Some([c[0], c[1], c[2], c[3], c[4], self.denominator]),
            colours: 0,
            known: Vec::new(),
            plays: 0,
        }
    }
}
