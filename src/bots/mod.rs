//! Bots: players that choose one of the legal actions.
//!
//! Three kinds of bot, all playing through the same engine API:
//!
//! - `random`: uniform among the legal actions;
//! - `greedy` ([`greedy`]): a readable one-step heuristic;
//! - `search` ([`mcts`]): Monte Carlo tree search over sampled pile orders,
//!   or flat Monte Carlo on paired orders (`search:…:flat`).
//!
//! The four levels a player picks (`beginner`, `intermediate`, `strong`,
//! `expert`, [`levels`]) are fixed configurations of these.
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

mod clock;
mod flat;
pub mod greedy;
pub mod levels;
pub mod mcts;
pub mod play;
pub mod wayout;

use crate::action::Action;
use crate::cards::CardId;
use crate::error::{args, Error};
use crate::game::Game;
use crate::moves::Move;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

pub use clock::Clock;
pub use greedy::GreedyBot;
pub use levels::{Level, LEVELS};
pub use mcts::{SearchBot, SearchConfig};
pub use play::{mix, play_game, play_game_timed, PlayError, Thinking};

/// A player that picks one of `game.legal_actions()`.
pub trait Bot: Send {
    fn name(&self) -> &'static str;
    /// Chooses one of the legal actions of `game` (which must not be over).
    fn choose(&mut self, game: &Game) -> Move;
    /// Search iterations the last `choose` ran (0 for bots that do not search).
    fn last_iterations(&self) -> u32 {
        0
    }
    /// Visits the last `choose`'s search started with, kept from the
    /// decision before (`search:…:reuse`; 0 for other bots).
    fn last_reused(&self) -> u32 {
        0
    }
    /// Bytes it keeps on the heap between decisions (a reusing search's
    /// tree; 0 for other bots), about.
    fn kept_bytes(&self) -> usize {
        0
    }
    /// Is thinking time worth measuring? Not for a bot whose choice is one
    /// random draw: reading the clock twice costs more than the choice, and
    /// would weigh on a random game's time, so its decisions are counted
    /// and not timed ([`play_game_timed`]).
    fn is_timed(&self) -> bool {
        true
    }
    /// Stops each search by the clock after `ms` milliseconds (a level
    /// given the page's or the server's budget); bots that do not search
    /// need no clock.
    fn set_clock(&mut self, _ms: f64) {}
    /// Draws its random numbers from `seed` from now on (a kept
    /// [`Player`]'s next decision).
    fn reseed(&mut self, seed: u64);
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
    fn choose(&mut self, game: &Game) -> Move {
        // The legal moves never depend on the pile order.
        let legal = game.legal_moves();
        legal[self.rng.random_range(0..legal.len())]
    }
    fn is_timed(&self) -> bool {
        false
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}

/// The bot kinds `simulate --bots`, the browser and the server's seats
/// know: the four levels ([`levels`], weakest first), then the bots they
/// are made of (`search` also takes a spec, `search:2000`).
pub const BOT_KINDS: [&str; 7] = [
    "beginner",
    "intermediate",
    "strong",
    "expert",
    "random",
    "greedy",
    "search",
];

/// Does a bot of this kind search (`search…`, `strong`, `expert`)? Such a
/// bot takes far longer per decision than the others: a server limits how
/// many search at once.
pub fn searches(kind: &str) -> bool {
    match Level::parse(kind) {
        Some(level) => level.spec().starts_with("search"),
        None => kind == "search" || kind.starts_with("search:"),
    }
}

/// How long a search bot may think about one decision. `iterations` always
/// caps the work; `millis` (if set) stops earlier on the clock. On wasm32 the
/// clock is `Date.now()` (the browser's), natively `std::time::Instant`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub millis: Option<f64>,
}

/// The most a search may be given, so that no spec or budget from a
/// command line, a page or a message can keep a machine busy for long:
/// iterations (a few seconds natively) and milliseconds. More is refused,
/// naming the cap ([`BotError::IterationsCap`], [`BotError::MillisCap`]).
/// The iterations' cap leaves room for search at several times the page's
/// budget of 2000 and above the expert's 8000 (what an iteration costs:
/// BENCHMARKS.md).
pub const MAX_SEARCH_ITERATIONS: u32 = 10_000;
pub const MAX_SEARCH_MILLIS: f64 = 5_000.0;

impl Budget {
    /// A budget of `iterations` and, optionally, `millis`, within the caps.
    pub fn checked(iterations: Option<f64>, millis: Option<f64>) -> Result<Budget, BotError> {
        if let Some(n) = iterations {
            if !(n >= 1.0 && n.fract() == 0.0 && n <= MAX_SEARCH_ITERATIONS as f64) {
                return Err(BotError::IterationsCap(n));
            }
        }
        if let Some(ms) = millis {
            if !(ms > 0.0 && ms <= MAX_SEARCH_MILLIS) {
                return Err(BotError::MillisCap(ms));
            }
        }
        Ok(Budget {
            iterations: iterations.map_or(MAX_SEARCH_ITERATIONS, |n| n as u32),
            millis,
        })
    }

    pub const fn iterations(n: u32) -> Budget {
        Budget {
            iterations: n,
            millis: None,
        }
    }
    /// A time budget; iterations are capped at [`MAX_SEARCH_ITERATIONS`].
    pub const fn millis(ms: f64) -> Budget {
        Budget {
            iterations: MAX_SEARCH_ITERATIONS,
            millis: Some(ms),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::iterations(mcts::DEFAULT_ITERATIONS)
    }
}

/// Why a bot could not be made, or had nothing to choose.
#[derive(Clone, Debug, PartialEq)]
pub enum BotError {
    /// No bot of that kind (see [`BOT_KINDS`]).
    UnknownKind(String),
    /// `random` and `greedy` take no options; `spec` is the whole spec.
    NoOptions { kind: String, spec: String },
    /// An option after `search:` that means nothing.
    SearchOption(String),
    /// `search:0`.
    NoIterations,
    /// More iterations than [`MAX_SEARCH_ITERATIONS`] (or not a whole
    /// number of at least one).
    IterationsCap(f64),
    /// More milliseconds than [`MAX_SEARCH_MILLIS`] (or not a positive number).
    MillisCap(f64),
    /// A budget that is not an object `{iterations?, millis?}`.
    BudgetNotObject,
    /// A field of the budget that is not a number.
    BudgetField(&'static str),
    /// The game is over: there is no decision to make.
    GameOver,
}

impl BotError {
    /// The same as an engine error (`bad_options.*` or `game_over`), with a
    /// message key for every language.
    pub fn to_error(&self) -> Error {
        match self {
            BotError::UnknownKind(kind) => Error::bad_options(
                "bad_options.bot_kind",
                args![bot = kind.as_str(), kinds = BOT_KINDS.to_vec()],
            ),
            BotError::NoOptions { kind, spec } => Error::bad_options(
                "bad_options.bot_options",
                args![bot = kind.as_str(), spec = spec.as_str()],
            ),
            BotError::SearchOption(o) => {
                Error::bad_options("bad_options.search_option", args![option = o.as_str()])
            }
            BotError::NoIterations => Error::bad_options("bad_options.search_iterations", args![]),
            BotError::IterationsCap(n) => Error::bad_options(
                "bad_options.search_iterations_cap",
                args![max = MAX_SEARCH_ITERATIONS, iterations = number(*n)],
            ),
            BotError::MillisCap(ms) => Error::bad_options(
                "bad_options.search_millis_cap",
                args![max = MAX_SEARCH_MILLIS as u32, millis = number(*ms)],
            ),
            BotError::BudgetNotObject => Error::bad_options("bad_options.bot_budget", args![]),
            BotError::BudgetField(field) => {
                Error::bad_options("bad_options.bot_budget_field", args![field = *field])
            }
            BotError::GameOver => Error::game_over(),
        }
    }
}

/// A number as a message shows it: whole numbers without ".0", others as
/// Rust prints them ("inf", "NaN", "2.5").
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string()
    }
}

impl From<BotError> for Error {
    fn from(e: BotError) -> Error {
        e.to_error()
    }
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_error().message)
    }
}

impl std::error::Error for BotError {}

/// Makes a bot from a spec such as `expert`, `greedy`, `search:1000` or
/// `search:300ms`.
pub fn make_bot(kind: &str, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    make_bot_with(kind, seed, None)
}

/// [`make_bot`] with a budget from the caller (the page's, the server's):
/// it replaces a `search` spec's budget; a level keeps its own iterations
/// and takes only the budget's clock (`millis`); other bots ignore it.
pub fn make_bot_with(
    kind: &str,
    seed: u64,
    budget: Option<Budget>,
) -> Result<Box<dyn Bot>, BotError> {
    levels::check_no_options(kind)?;
    if let Some(level) = Level::parse(kind) {
        let mut bot = make_bot_with(level.spec(), seed, None)?;
        if let Some(ms) = budget.and_then(|b| b.millis) {
            bot.set_clock(ms);
        }
        return Ok(bot);
    }
    let mut parts = kind.split(':');
    let base = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let no_options = |b: Box<dyn Bot>| -> Result<Box<dyn Bot>, BotError> {
        if rest.is_empty() {
            Ok(b)
        } else {
            Err(BotError::NoOptions {
                kind: base.to_string(),
                spec: kind.to_string(),
            })
        }
    };
    match base {
        "random" => no_options(Box::new(RandomBot::new(seed))),
        "greedy" if !rest.is_empty() => {
            // `greedy:odds`: voyages valued by the exact odds (BENCHMARKS.md);
            // `greedy:careless=F`: a share F of decisions made carelessly
            // (the beginner).
            let mut params = greedy::Params::default();
            let refused = || BotError::NoOptions {
                kind: base.to_string(),
                spec: kind.to_string(),
            };
            for (i, &o) in rest.iter().enumerate() {
                // an option named twice (`greedy:odds:odds`) is a typo, not a setting
                let name = o.split_once('=').map_or(o, |(n, _)| n);
                if rest[..i]
                    .iter()
                    .any(|p| p.split_once('=').map_or(*p, |(n, _)| n) == name)
                {
                    return Err(refused());
                }
                match o.split_once('=') {
                    None if o == "odds" => params.exact_odds = true,
                    Some(("careless", v)) => {
                        params.careless = v
                            .parse::<f32>()
                            .ok()
                            .filter(|c| (0.0..=1.0).contains(c))
                            .ok_or_else(|| BotError::NoOptions {
                                kind: base.to_string(),
                                spec: kind.to_string(),
                            })?
                    }
                    _ => {
                        return Err(BotError::NoOptions {
                            kind: base.to_string(),
                            spec: kind.to_string(),
                        })
                    }
                }
            }
            Ok(Box::new(GreedyBot::with_params(seed, params)))
        }
        "greedy" => Ok(Box::new(GreedyBot::new(seed))),
        "search" => {
            let mut cfg = SearchConfig::parse(&rest)?;
            if let Some(b) = budget {
                cfg.budget = b;
            }
            Ok(Box::new(SearchBot::new(seed, cfg)))
        }
        other => Err(BotError::UnknownKind(other.to_string())),
    }
}

/// One bot decision: the action and how much searching it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub action: Action,
    /// Search iterations run (0 for `random`, `greedy`, and forced moves).
    pub iterations: u32,
    /// Visits the search started with, kept from the same [`Player`]'s
    /// decision before (0 for a fresh search and for other bots).
    pub reused: u32,
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
) -> Result<Action, BotError> {
    decide(game, kind, seed, budget).map(|d| d.action)
}

/// [`choose_action`] with the number of search iterations it ran: a new
/// [`Player`]'s first decision.
pub fn decide(
    game: &Game,
    kind: &str,
    seed: u64,
    budget: Option<Budget>,
) -> Result<Decision, BotError> {
    if game.is_over() {
        return Err(BotError::GameOver);
    }
    Player::new(kind, seed, budget)?.decide(game, seed, budget)
}

/// A bot kept for a seat across a game's decisions (the page's bots'
/// worker keeps one per seat, `BotPlayer` in the JS API): a search with
/// `reuse` (the expert) starts each decision from what its last one
/// searched below the position reached ([`mcts`]). Its decision depends on
/// the game, the seed and what it kept, never on the hidden order of the
/// pile; what it kept counts only while the game goes on from the kept
/// position (a take-back or another game starts afresh). [`decide`] is a
/// new player's first decision.
pub struct Player {
    kind: String,
    budget: Option<Budget>,
    bot: Box<dyn Bot>,
}

impl Player {
    /// A player of `kind` (as [`make_bot_with`]).
    pub fn new(kind: &str, seed: u64, budget: Option<Budget>) -> Result<Player, BotError> {
        Ok(Player {
            kind: kind.to_string(),
            budget,
            bot: make_bot_with(kind, seed, budget)?,
        })
    }

    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// Bytes it keeps between decisions (the expert's tree), about.
    pub fn kept_bytes(&self) -> usize {
        self.bot.kept_bytes()
    }

    /// The decision for the player to move in `game`, with random numbers
    /// from `seed`. Another `budget` than the last makes the bot afresh
    /// (what it kept is dropped).
    pub fn decide(
        &mut self,
        game: &Game,
        seed: u64,
        budget: Option<Budget>,
    ) -> Result<Decision, BotError> {
        if game.is_over() {
            return Err(BotError::GameOver);
        }
        if budget != self.budget {
            *self = Player::new(&self.kind, seed, budget)?;
        }
        self.bot.reseed(seed);
        let action = self.bot.choose(game).to_action();
        Ok(Decision {
            action,
            iterations: self.bot.last_iterations(),
            reused: self.bot.last_reused(),
        })
    }
}
