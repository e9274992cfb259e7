//! The review of a game (issue 32): what was skill and what was luck.
//!
//! For every decision with a choice, the chance that the mover wins the
//! game after the move played and after the move the reviewer prefers
//! ([`search::evaluate`]: a search over orders of the unseen cards, never
//! the real order); for every voyage into the unknown, the chance of what
//! happened before the cards were revealed (the voyage odds, as `tongiaki
//! odds` gives them) and every seat's chance to win before and after the
//! reveal; per seat, the wins lost to its choices and the wins the cards
//! gave or took. And the hint: the move the strongest bot would make.
//!
//! The review works one action of the save at a time ([`Reviewer::step`]),
//! so the page's worker can report progress and stop between steps; the
//! command line runs it to the end ([`review_game`]). The contract is
//! docs/api.md "Review" (`tongiaki review`).

pub mod search;
pub mod why;

use crate::bots::{decide, BotError, Budget};
use crate::error::{args, Error};
use crate::event::GameEvent;
use crate::game::Game;
use crate::hash::mix;
use crate::moves::Move;
use crate::odds::{action_odds, read_voyage, OddsConfig, Outcome};
use search::{evaluate, value_after_reveal, value_of_move, win_shares, SampleRange, MIN_FINAL};
use serde_json::{json, Value};

/// Playouts per decision when none are asked for (the page's reviews and
/// `tongiaki review`); what it costs in the page's worker: BENCHMARKS.md,
/// "Review".
pub const DEFAULT_ITERATIONS: u32 = 600;

/// The most playouts per decision a review may be given (a command line or
/// a page cannot keep a machine busy for hours), and the fewest (what the
/// final stage needs for both moves: [`search::MIN_FINAL`]).
pub const MAX_ITERATIONS: u32 = 20_000;
pub const MIN_ITERATIONS: u32 = 2 * MIN_FINAL;

/// The bot kind the hint asks: the strongest level. Where this build has
/// no such kind (before the four levels), [`HINT_FALLBACK`], the strongest
/// search until then.
pub const HINT_KIND: &str = "expert";
pub const HINT_FALLBACK: &str = "search";

/// How much a review may search, and its random numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewConfig {
    /// Playouts per decision (the final stage gets half, see [`search`]).
    pub iterations: u32,
    pub seed: u64,
}

impl Default for ReviewConfig {
    fn default() -> ReviewConfig {
        ReviewConfig {
            iterations: DEFAULT_ITERATIONS,
            seed: 1,
        }
    }
}

impl ReviewConfig {
    /// A config of `iterations` playouts per decision, refused outside
    /// `MIN_ITERATIONS..=MAX_ITERATIONS` (a `bad_options` error that says so).
    pub fn checked(iterations: f64, seed: u64) -> Result<ReviewConfig, Error> {
        let ok = iterations.fract() == 0.0
            && (f64::from(MIN_ITERATIONS)..=f64::from(MAX_ITERATIONS)).contains(&iterations);
        if !ok {
            return Err(Error::bad_options(
                "bad_options.review_iterations",
                args![
                    min = MIN_ITERATIONS,
                    max = MAX_ITERATIONS,
                    iterations = number(iterations)
                ],
            ));
        }
        Ok(ReviewConfig {
            iterations: iterations as u32,
            seed,
        })
    }
}

fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string()
    }
}

/// A figure as the review prints it: four decimals (an estimate's noise is
/// far larger), so equal figures stay equal and the order of two figures
/// never turns.
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// One decision with a choice.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionReview {
    /// Index of the action in the save's log.
    pub n: usize,
    pub seat: u8,
    pub action: Move,
    pub best: Move,
    pub value: f64,
    pub best_value: f64,
    /// Every seat's chance to win after the move played.
    pub wins: Vec<f64>,
    /// Legal moves at the decision, and how many the search compared.
    pub options: usize,
    pub compared: usize,
    /// Where `best` is not the move played: the facts of both ([`why::facts`]).
    pub why: Option<(Value, Value)>,
}

/// One voyage into the unknown.
#[derive(Clone, Debug, PartialEq)]
pub struct LuckReview {
    pub n: usize,
    pub seat: u8,
    /// `arrive`, `fail`, `turn_back` or `stay`.
    pub outcome: &'static str,
    /// Its chance before the cards were revealed (the odds).
    pub chance: f64,
    /// Every seat's chance to win before the reveal (after the move, over
    /// the orders of the unseen cards) and after it.
    pub expected: Vec<f64>,
    pub after: Vec<f64>,
    /// The cards the voyage revealed, in order.
    pub revealed: Vec<&'static str>,
}

/// The whole review (so far).
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub decisions: Vec<DecisionReview>,
    pub luck: Vec<LuckReview>,
    pub players: usize,
    /// Actions in the save, and how many were reviewed.
    pub moves: usize,
    pub reviewed: usize,
    pub iterations: u32,
    /// Every seat's share of the win when the game is over.
    pub final_shares: Option<Vec<f64>>,
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Arrive { .. } => "arrive",
        Outcome::Fail => "fail",
        Outcome::TurnBack => "turn_back",
        Outcome::Stay => "stay",
    }
}

impl Review {
    /// Per seat: the wins lost to its choices (the sum of `best_value -
    /// value` over its decisions) and its luck (the sum, over every voyage
    /// into the unknown of the game, anyone's, of its chance to win after
    /// the reveal minus its chance before: what the cards gave, or took
    /// when negative), with its decisions and the ones the reviewer would
    /// have made otherwise.
    pub fn player_lines(&self) -> Vec<Value> {
        (0..self.players)
            .map(|s| {
                let mine = self.decisions.iter().filter(|d| usize::from(d.seat) == s);
                let skill: f64 = mine.clone().map(|d| d.best_value - d.value).sum();
                let luck: f64 = self.luck.iter().map(|l| l.after[s] - l.expected[s]).sum();
                json!({
                    "seat": s,
                    "skill_loss": round4(skill),
                    "luck": round4(luck),
                    "decisions": mine.clone().count(),
                    "mistakes": mine.filter(|d| d.best != d.action).count(),
                })
            })
            .collect()
    }

    /// The JSON of `tongiaki review` and the page's worker.
    pub fn to_json(&self) -> Value {
        let wins = |v: &[f64]| v.iter().map(|x| round4(*x)).collect::<Vec<_>>();
        json!({
            "decisions": self.decisions.iter().map(|d| {
                let mut v = json!({
                    "n": d.n,
                    "seat": d.seat,
                    "action": d.action.to_action().to_json(),
                    "best": d.best.to_action().to_json(),
                    "value": d.value,
                    "best_value": d.best_value,
                    "wins": wins(&d.wins),
                    "options": d.options,
                    "compared": d.compared,
                });
                if let Some((played, best)) = &d.why {
                    v["why"] = json!({"action": played, "best": best});
                }
                v
            }).collect::<Vec<_>>(),
            "luck": self.luck.iter().map(|l| json!({
                "n": l.n,
                "seat": l.seat,
                "outcome": l.outcome,
                "chance": l.chance,
                "expected": wins(&l.expected),
                "after": wins(&l.after),
                "revealed": l.revealed,
            })).collect::<Vec<_>>(),
            "players": self.player_lines(),
            "moves": self.moves,
            "reviewed": self.reviewed,
            "iterations": self.iterations,
            "final": self.final_shares.as_deref().map(wins),
        })
    }
}

/// A review under way: the position before the next action of the save,
/// and what was found so far.
pub struct Reviewer {
    game: Game,
    moves: Vec<Move>,
    next: usize,
    cfg: ReviewConfig,
    /// Searches to run in all (decisions with a choice, and voyages into
    /// the unknown), and run so far: the progress.
    units: u32,
    done: u32,
    review: Review,
}

impl Reviewer {
    /// A review of `game` (finished or not), from its first action.
    pub fn new(game: &Game, cfg: ReviewConfig) -> Reviewer {
        let mut save = game.save_value();
        save["actions"] = json!([]);
        let start = Game::load_value(&save).expect("a game's own options load");
        let moves = game.log().to_vec();
        // Count the work: one search per decision with a choice, one per
        // voyage that revealed a card.
        let mut g = start.clone();
        let mut units = 0;
        for &m in &moves {
            if g.legal_moves().len() > 1 {
                units += 1;
            }
            if revealed(&g.apply_trusted(m)).next().is_some() && matches!(m, Move::Emigrate { .. })
            {
                units += 1;
            }
        }
        Reviewer {
            review: Review {
                decisions: Vec::new(),
                luck: Vec::new(),
                players: start.players(),
                moves: moves.len(),
                reviewed: 0,
                iterations: cfg.iterations,
                final_shares: game.is_over().then(|| win_shares(game)),
            },
            game: start,
            moves,
            next: 0,
            cfg,
            units,
            done: 0,
        }
    }

    /// The searches done and to do in all.
    pub fn progress(&self) -> (u32, u32) {
        (self.done, self.units)
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.moves.len()
    }

    /// Reviews actions of the save up to and including the next one that
    /// needed a search (or to the end); false once the whole save is done.
    pub fn step(&mut self) -> bool {
        while self.next < self.moves.len() {
            if self.review_next() {
                break;
            }
        }
        !self.is_done()
    }

    /// The review so far.
    pub fn review(&self) -> &Review {
        &self.review
    }

    /// Reviews action `next` and plays it; true if that took a search.
    fn review_next(&mut self) -> bool {
        let n = self.next;
        let m = self.moves[n];
        let before = self.game.clone();
        let options = before.legal_moves().len();
        let seat = before.current().unwrap_or(0);
        let seed = mix(self.cfg.seed ^ mix(n as u64 + 1));
        let mut searched = false;
        let eval = (options > 1).then(|| evaluate(&before, m, self.cfg.iterations, seed));
        if let Some(e) = &eval {
            searched = true;
            self.done += 1;
            let value = round4(e.value);
            let best_value = if e.best == m {
                value
            } else {
                round4(e.best_value)
            };
            self.review.decisions.push(DecisionReview {
                n,
                seat,
                action: m,
                best: e.best,
                value,
                best_value,
                wins: e.wins.clone(),
                options,
                compared: e.compared,
                why: (e.best != m).then(|| (why::facts(&before, m), why::facts(&before, e.best))),
            });
        }
        let unseen_before = before.unseen_cards();
        let events = self.game.apply_trusted(m);
        let cards: Vec<&'static str> = revealed(&events).map(|c| c.key()).collect();
        if matches!(m, Move::Emigrate { .. }) && !cards.is_empty() {
            // One unit of the progress (as `new` counted it), whatever the odds say.
            searched = true;
            self.done += 1;
            if let (Some(voyage), Some(odds)) = (
                read_voyage(&events),
                action_odds(&before, &m.to_action(), &OddsConfig::default()),
            ) {
                let outcome = outcome_name(voyage.outcome);
                let chance = match voyage.outcome {
                    Outcome::Arrive { .. } => odds.arrive,
                    Outcome::Fail => odds.fail,
                    Outcome::TurnBack => odds.turn_back,
                    Outcome::Stay => odds.stay,
                };
                let (samples, expected) = match &eval {
                    Some(e) => (e.samples, e.wins.clone()),
                    None => {
                        let samples = SampleRange {
                            seed,
                            first: 0,
                            count: (self.cfg.iterations / 2).max(MIN_FINAL),
                        };
                        (samples, value_of_move(&before, m, samples))
                    }
                };
                let after = value_after_reveal(&self.game, &unseen_before, samples);
                self.review.luck.push(LuckReview {
                    n,
                    seat,
                    outcome,
                    chance,
                    expected,
                    after,
                    revealed: cards,
                });
            }
        }
        self.next += 1;
        self.review.reviewed = self.next;
        searched
    }
}

/// The cards an action's events revealed.
fn revealed(events: &[GameEvent]) -> impl Iterator<Item = crate::cards::CardId> + '_ {
    events.iter().filter_map(|e| match e {
        GameEvent::CardRevealed { card, .. } => Some(*card),
        _ => None,
    })
}

/// The whole review of `game` (what `tongiaki review` prints).
pub fn review_game(game: &Game, cfg: ReviewConfig) -> Review {
    let mut r = Reviewer::new(game, cfg);
    while r.step() {}
    r.review
}

/// The hint: the move the strongest bot ([`HINT_KIND`]) would make for the
/// player to move, with its facts ([`why::facts`]) and the kind that chose
/// it. `budget` as for [`decide`] (the page passes its bots' budget).
pub fn hint(game: &Game, seed: u64, budget: Option<Budget>) -> Result<Hint, BotError> {
    let (kind, d) = match decide(game, HINT_KIND, seed, budget) {
        Err(BotError::UnknownKind(_)) => {
            (HINT_FALLBACK, decide(game, HINT_FALLBACK, seed, budget)?)
        }
        other => (HINT_KIND, other?),
    };
    let m = Move::of_action(&d.action).expect("a bot's action names a move");
    Ok(Hint {
        facts: why::facts(game, m),
        action: d.action,
        kind,
        iterations: d.iterations,
    })
}

/// What [`hint`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: crate::action::Action,
    pub kind: &'static str,
    pub iterations: u32,
    pub facts: Value,
}

impl Hint {
    pub fn to_json(&self) -> Value {
        json!({
            "action": self.action.to_json(),
            "kind": self.kind,
            "iterations": self.iterations,
            "why": self.facts,
        })
    }
}
