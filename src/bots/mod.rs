//! Bots: players that choose one of the legal actions.
//!
//! Three strengths, all playing through the same engine API:
//!
//! - `random`: uniform among the legal actions;
//! - `greedy` ([`greedy`]): a readable one-step heuristic;
//! - `search` ([`mcts`]): Monte Carlo tree search over sampled pile orders.
//!
//! A bot sees only what a player sees. The one hidden thing in Tongiaki is
//! the order of the pile, and no bot ever reads it: every decision (and every
//! search iteration) first replaces the pile by an order of
//! [`Game::unseen_cards`] drawn from the bot's own random numbers
//! ([`determinise`]) and works on that copy.
//!
//! Bot specs (the `kind` of [`make_bot`], `simulate --bots`, the browser):
//! `random`, `greedy`, `search` (default budget), `search:N` (N iterations
//! per decision), `search:Nms` (N milliseconds per decision; iterations are
//! still capped), optionally followed by search options separated by
//! colons, e.g. `search:2000:rollout=random` (see [`mcts::SearchConfig`]).

pub mod greedy;
pub mod mcts;
pub mod wayout;

use crate::action::Action;
use crate::cards::CardId;
use crate::game::Game;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use greedy::GreedyBot;
pub use mcts::{SearchBot, SearchConfig};

/// A player that picks one of `game.legal_actions()`.
pub trait Bot {
    fn name(&self) -> &'static str;
    /// Chooses one of the legal actions of `game` (which must not be over).
    fn choose(&mut self, game: &Game) -> Action;
    /// Search iterations the last `choose` ran (0 for bots that do not search).
    fn last_iterations(&self) -> u32 {
        0
    }
}

/// The same game with the hidden pile in an order drawn from `rng`: what a
/// bot works on instead of the real game (the real order stays unread).
pub fn determinise(game: &Game, rng: &mut impl Rng) -> Game {
    let mut order: Vec<CardId> = game.unseen_cards();
    order.shuffle(rng);
    game.with_pile_order(&order)
        .expect("a shuffle of unseen_cards is a permutation of the pile")
}

/// Uniformly random among the legal actions.
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }
    fn choose(&mut self, game: &Game) -> Action {
        // The legal actions never depend on the pile order.
        let legal = game.legal_actions_ref();
        legal[self.rng.random_range(0..legal.len())].clone()
    }
}

/// The bot kinds `simulate --bots` and the browser know.
pub const BOT_KINDS: [&str; 3] = ["random", "greedy", "search"];

/// How long a search bot may think about one decision. `iterations` always
/// caps the work; `millis` (if set) stops earlier on the clock. On wasm32 the
/// clock is `Date.now()` (the browser's), natively `std::time::Instant`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub millis: Option<f64>,
}

impl Budget {
    pub const fn iterations(n: u32) -> Budget {
        Budget {
            iterations: n,
            millis: None,
        }
    }
    /// A time budget; iterations are capped at a million.
    pub const fn millis(ms: f64) -> Budget {
        Budget {
            iterations: 1_000_000,
            millis: Some(ms),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::iterations(mcts::DEFAULT_ITERATIONS)
    }
}

/// Makes a bot from a spec such as `greedy`, `search:1000` or `search:300ms`.
pub fn make_bot(kind: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    let mut parts = kind.split(':');
    let base = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let no_options = |b: Box<dyn Bot>| -> Result<Box<dyn Bot>, String> {
        if rest.is_empty() {
            Ok(b)
        } else {
            Err(format!("The {base} bot takes no options (\"{kind}\")."))
        }
    };
    match base {
        "random" => no_options(Box::new(RandomBot::new(seed))),
        "greedy" => no_options(Box::new(GreedyBot::new(seed))),
        "search" => {
            let cfg = SearchConfig::parse(&rest)?;
            Ok(Box::new(SearchBot::new(seed, cfg)))
        }
        other => Err(format!(
            "Unknown bot \"{other}\"; bots are {} (search takes options, e.g. search:2000 or search:500ms).",
            BOT_KINDS.join(", ")
        )),
    }
}

/// One bot decision: the action and how much searching it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub action: Action,
    /// Search iterations run (0 for `random`, `greedy`, and forced moves).
    pub iterations: u32,
}

/// One bot decision for the player to move: what the wasm layer calls (the
/// browser runs it in a Web Worker). `kind` is `random`, `greedy` or
/// `search` (a spec such as `search:2000` works too); `budget` overrides the
/// search budget of the spec. The same game, kind, seed and budget (in
/// iterations) give the same action, whatever the hidden pile order.
pub fn choose_action(
    game: &Game,
    kind: &str,
    seed: u64,
    budget: Option<Budget>,
) -> Result<Action, String> {
    decide(game, kind, seed, budget).map(|d| d.action)
}

/// [`choose_action`] with the number of search iterations it ran.
pub fn decide(
    game: &Game,
    kind: &str,
    seed: u64,
    budget: Option<Budget>,
) -> Result<Decision, String> {
    if game.is_over() {
        return Err("The game is over: no more moves can be made.".into());
    }
    let mut bot = match (kind.split(':').next(), budget) {
        (Some("search"), Some(b)) => {
            let rest: Vec<&str> = kind.split(':').skip(1).collect();
            let mut cfg = SearchConfig::parse(&rest)?;
            cfg.budget = b;
            Box::new(SearchBot::new(seed, cfg)) as Box<dyn Bot>
        }
        _ => make_bot(kind, seed)?,
    };
    let action = bot.choose(game);
    Ok(Decision {
        action,
        iterations: bot.last_iterations(),
    })
}

/// Positions for measuring the search bot's speed (BENCHMARKS.md): `count`
/// games of 2 to 4 players, each played by greedy bots into its middle game
/// (turn 4 to 12) up to a decision with a real choice. Deterministic, so the
/// native and browser figures measure the same work.
pub fn bench_positions(count: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(count);
    let mut i = 0u64;
    while out.len() < count && i < 10 * count as u64 + 10 {
        let players = 2 + (i % 3) as usize;
        let Ok(mut g) = Game::new(crate::GameOptions::simple(players, 1000 + i)) else {
            break;
        };
        let mut bots: Vec<GreedyBot> = (0..players as u64)
            .map(|s| GreedyBot::new(i * 8 + s))
            .collect();
        let target = 4 + 2 * (i % 5) as u32;
        let mut steps = 0;
        while let Some(seat) = g.current() {
            if g.turn() >= target && g.legal_actions_ref().len() > 1 {
                out.push(g);
                break;
            }
            let a = bots[seat as usize].choose(&g);
            g.apply_trusted(&a);
            steps += 1;
            if steps > 5000 {
                break;
            }
        }
        i += 1;
    }
    out
}

/// One search decision of `iterations` on each position (seeded by its
/// index); returns the iterations run in all.
pub fn bench_search(positions: &[Game], iterations: u32) -> u64 {
    positions
        .iter()
        .enumerate()
        .map(|(i, g)| bench_search_one(g, i, iterations))
        .sum()
}

/// The search decision of [`bench_search`] on position `index`.
pub fn bench_search_one(game: &Game, index: usize, iterations: u32) -> u64 {
    let cfg = SearchConfig {
        budget: Budget::iterations(iterations),
        ..SearchConfig::default()
    };
    let mut bot = SearchBot::new(index as u64, cfg);
    bot.choose(game);
    bot.last_iterations as u64
}
