//! The reviewer's search: how good was a move, and is there a better one?
//!
//! A position's value for a seat is its chance to win the game (a shared
//! first place counting 1/k), estimated as the bots' search estimates it:
//! over orders of the unseen cards only (each playout draws an order of
//! [`Game::unseen_cards`] from the reviewer's own random numbers and plays
//! on that copy), with the bots' greedy player finishing the game
//! ([`greedy_action`], as the search bot's rollouts do). The real order of
//! the pile is never read.
//!
//! One decision is a flat Monte Carlo search at its root, in two stages:
//!
//! 1. **Screening.** The legal moves but the one played, best first by the
//!    greedy heuristic (the bots' prior), at most [`SCREEN_WIDTH`] of them,
//!    are played out by successive halving: each round gives every
//!    survivor the same playouts (the same pile orders: common random
//!    numbers, so the comparison is between the moves, not between the
//!    cards) and keeps the better half, until one challenger is left.
//! 2. **Final.** The played move and the challenger get fresh playouts on
//!    the same orders, so neither figure is biased by the selection. The
//!    challenger is `best` only if it wins more often by a clear margin (its
//!    mean gain over the played move is more than [`CLEAR_MARGIN`]
//!    standard errors of the paired differences, and at least
//!    [`MIN_GAIN`]); otherwise the played move is `best`. Both values come
//!    from this one stage, so `best_value >= value` always, with equality
//!    exactly where the played move is the best.
//!
//! The same playouts give every seat's chance after the move (the chart of
//! the page's review), and the same orders, without the cards a voyage
//! revealed, give the value of the position after the reveal (the luck).

use crate::bots::greedy::{greedy_action, Heuristic, Params};
use crate::bots::mcts::ROLLOUT_CHAIN_STATES;
use crate::cards::CardId;
use crate::game::Game;
use crate::hash::mix;
use crate::moves::Move;
use crate::score::ranking;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Moves besides the played one that the screening considers, best first
/// by the greedy heuristic. Enough for every landing and most turn
/// choices; among many emigrations or card placements, the heuristic's
/// best few.
pub const SCREEN_WIDTH: usize = 6;

/// The challenger is the better move only when its mean gain is more than
/// this many standard errors of the paired differences: a reviewer that
/// says "better" only where its playouts show it clearly, so a game played
/// well is not charged for the noise of the estimate.
pub const CLEAR_MARGIN: f64 = 2.0;

/// ... and at least this much (a chance to win): smaller differences are
/// not worth a player's attention.
pub const MIN_GAIN: f64 = 0.01;

/// The final stage's playouts per move are at least this many, whatever
/// the budget (a smaller sample says nothing).
pub const MIN_FINAL: u32 = 16;

/// A playout stops (and is scored as it stands) after this many decisions
/// in one turn (a chain going round) or in all: the limits of the search
/// bot's rollouts.
const PLAYOUT_TURN_DECISIONS: u32 = 100;
const PLAYOUT_DECISIONS: u32 = 3000;

/// What the reviewer found about one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The move the reviewer prefers (the played one unless another is clearly better).
    pub best: Move,
    /// The mover's chance to win after the played move, and after `best`.
    pub value: f64,
    pub best_value: f64,
    /// Every seat's chance to win after the played move, and after `best`.
    pub wins: Vec<f64>,
    pub best_wins: Vec<f64>,
    /// Moves the search compared (the played one included).
    pub compared: usize,
    /// Playouts run in all.
    pub playouts: u32,
    /// The final stage's samples (indexes of the pile orders), for
    /// [`value_after_reveal`]: the orders the played move's value was
    /// measured on.
    pub samples: SampleRange,
}

/// A run of sample indexes: sample `j` of a decision is the pile order
/// [`sample_order`]`(unseen, seed, j)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleRange {
    pub seed: u64,
    pub first: u64,
    pub count: u32,
}

/// The order of the unseen cards of sample `j` (seeded by `seed` and `j`
/// only: never by the real pile).
pub fn sample_order(unseen: &[CardId], seed: u64, j: u64) -> Vec<CardId> {
    let mut order = unseen.to_vec();
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ mix(j.wrapping_add(1))));
    order.shuffle(&mut rng);
    order
}

/// The parameters of the greedy player that finishes every playout: the
/// greedy bot's own, with its way out of long chains (R25 lets a chain go
/// round as long as a way out exists; a playout that went round until its
/// limit would score the position as it stood, and every move that broke
/// the circle would look like a win).
fn playout_params() -> Params {
    Params::default()
}

/// Every seat's share of the win where the game stands: first place
/// shared by k players gives each 1/k (R62; a game cut short is ranked
/// as it stands).
pub fn win_shares(g: &Game) -> Vec<f64> {
    let n = g.players();
    let places = match g.ranking() {
        Some(p) => p.clone(),
        None => ranking(&g.standings()),
    };
    let mut out = vec![0.0; n];
    if let Some(first) = places.first() {
        for &s in first {
            out[s as usize] = 1.0 / first.len() as f64;
        }
    }
    out
}

/// Plays `g` to its end with the greedy player (or until a limit), and
/// returns every seat's share of the win.
fn playout(g: &mut Game, params: &Params) -> Vec<f64> {
    g.limit_chain_search(ROLLOUT_CHAIN_STATES);
    let mut turn = (g.turn(), 0u32);
    for _ in 0..PLAYOUT_DECISIONS {
        if g.is_over() || g.chain_search_cut() {
            break;
        }
        if turn.0 != g.turn() {
            turn = (g.turn(), 0);
        }
        turn.1 += 1;
        if turn.1 > PLAYOUT_TURN_DECISIONS {
            break;
        }
        let m = greedy_action(g, params);
        g.play_trusted(m);
    }
    win_shares(g)
}

/// Sums of every seat's shares over some playouts of one move, and the
/// mover's share of each playout (for the paired differences).
#[derive(Clone, Default)]
struct Tally {
    sums: Vec<f64>,
    mine: Vec<f64>,
}

impl Tally {
    fn mean(&self, seat: usize) -> f64 {
        if self.mine.is_empty() {
            0.0
        } else {
            self.sums[seat] / self.mine.len() as f64
        }
    }
    fn means(&self) -> Vec<f64> {
        (0..self.sums.len()).map(|s| self.mean(s)).collect()
    }
}

/// The playouts of one position: its game, its unseen cards, the seed of
/// its pile orders and the seat whose share is the value.
struct Sampler<'a> {
    game: &'a Game,
    unseen: Vec<CardId>,
    seed: u64,
    mover: usize,
    params: Params,
}

impl<'a> Sampler<'a> {
    fn new(game: &'a Game, seed: u64) -> Sampler<'a> {
        Sampler {
            game,
            unseen: game.unseen_cards(),
            seed,
            mover: usize::from(game.current().unwrap_or(0)),
            params: playout_params(),
        }
    }

    /// Plays move `m` on the orders of samples `first..first + count`,
    /// adding to `tally`.
    fn play(&self, m: Move, first: u64, count: u32, tally: &mut Tally) {
        if tally.sums.is_empty() {
            tally.sums = vec![0.0; self.game.players()];
        }
        for j in first..first + u64::from(count) {
            let order = sample_order(&self.unseen, self.seed, j);
            let mut g = self
                .game
                .with_pile_order(&order)
                .expect("a shuffle of unseen_cards is a permutation of the pile");
            g.play_trusted(m);
            let shares = playout(&mut g, &self.params);
            for (s, x) in shares.iter().enumerate() {
                tally.sums[s] += x;
            }
            tally.mine.push(shares[self.mover]);
        }
    }
}

/// Reviews the decision of `game` (not over) at which `played`, one of its
/// legal moves, was made; `budget` playouts in all (at least what the
/// final stage needs), `seed` the reviewer's random numbers.
pub fn evaluate(game: &Game, played: Move, budget: u32, seed: u64) -> Evaluation {
    let legal = game.legal_moves().to_vec();
    let sampler = Sampler::new(game, seed);
    let (mover, unseen) = (sampler.mover, &sampler.unseen);
    let mut next = 0u64; // the next unused sample index
    let mut playouts = 0u32;

    // The others, best first by the greedy heuristic (on a copy with a
    // sampled pile: the heuristic reads only the pile's composition, and
    // the copy makes sure of it).
    let others: Vec<Move> = {
        let g = game
            .with_pile_order(&sample_order(unseen, seed, u64::MAX))
            .expect("a permutation of the pile");
        let params = Params::default();
        let h = Heuristic::new(&g, &params);
        let mut scored: Vec<(f32, usize, Move)> = legal
            .iter()
            .enumerate()
            .filter(|(_, &m)| m != played)
            .map(|(i, &m)| (h.action_value(m), i, m))
            .collect();
        // Stable: ties keep the engine's order.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(SCREEN_WIDTH).map(|x| x.2).collect()
    };

    // Half the budget for the final stage; all of it where there is
    // nothing to screen (one other move).
    let final_each = if others.len() > 1 {
        budget / 4
    } else {
        budget / 2
    }
    .max(MIN_FINAL);
    let screen_budget = budget.saturating_sub(2 * final_each);

    // 1. Screening by successive halving.
    let mut alive: Vec<(Move, Tally)> = others.iter().map(|&m| (m, Tally::default())).collect();
    if alive.len() > 1 {
        let rounds = (alive.len() as f64).log2().ceil().max(1.0) as u32;
        let per_round = screen_budget / rounds;
        while alive.len() > 1 {
            let each = (per_round / alive.len() as u32).max(1);
            for (m, tally) in alive.iter_mut() {
                sampler.play(*m, next, each, tally);
                playouts += each;
            }
            next += u64::from(each);
            alive.sort_by(|a, b| b.1.mean(mover).total_cmp(&a.1.mean(mover)));
            alive.truncate(alive.len().div_ceil(2).min(alive.len() - 1).max(1));
        }
    }

    // 2. The final stage: the played move and the challenger, fresh
    // samples, the same orders.
    let samples = SampleRange {
        seed,
        first: next,
        count: final_each,
    };
    let mut mine = Tally::default();
    sampler.play(played, next, final_each, &mut mine);
    playouts += final_each;
    let value = mine.mean(mover);
    let wins = mine.means();
    let mut eval = Evaluation {
        best: played,
        value,
        best_value: value,
        wins: wins.clone(),
        best_wins: wins,
        compared: 1 + others.len(),
        playouts,
        samples,
    };
    if let Some((challenger, _)) = alive.first() {
        let mut theirs = Tally::default();
        sampler.play(*challenger, next, final_each, &mut theirs);
        eval.playouts += final_each;
        let diffs: Vec<f64> = theirs
            .mine
            .iter()
            .zip(&mine.mine)
            .map(|(c, p)| c - p)
            .collect();
        let n = diffs.len() as f64;
        let gain = diffs.iter().sum::<f64>() / n;
        let var = diffs.iter().map(|d| (d - gain) * (d - gain)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        if gain >= MIN_GAIN && gain > CLEAR_MARGIN * se {
            eval.best = *challenger;
            eval.best_value = theirs.mean(mover);
            eval.best_wins = theirs.means();
        }
    }
    eval
}

/// Every seat's chance to win after `m` (one of the legal moves of `game`),
/// on the orders of `samples` (the played move's value of a decision with
/// no choice).
pub fn value_of_move(game: &Game, m: Move, samples: SampleRange) -> Vec<f64> {
    let mut t = Tally::default();
    Sampler::new(game, samples.seed).play(m, samples.first, samples.count, &mut t);
    t.means()
}

/// Every seat's chance to win in `after`, the position a voyage left once
/// its cards were revealed, on the orders of `samples` (those the move's
/// value was measured on, drawn from `unseen_before`, the cards unseen
/// before it) without the cards it revealed: the same pile orders as far
/// as they can be, so the difference is the cards' doing, not the
/// sampling's. A finished game is scored as it ended.
pub fn value_after_reveal(
    after: &Game,
    unseen_before: &[CardId],
    samples: SampleRange,
) -> Vec<f64> {
    if after.is_over() {
        return win_shares(after);
    }
    let params = playout_params();
    let unseen = after.unseen_cards();
    let mut sums = vec![0.0; after.players()];
    for j in samples.first..samples.first + u64::from(samples.count) {
        let order: Vec<CardId> = sample_order(unseen_before, samples.seed, j)
            .into_iter()
            .filter(|c| unseen.binary_search(c).is_ok())
            .collect();
        let mut g = after
            .with_pile_order(&order)
            .expect("the unseen cards in a sampled order");
        for (s, x) in playout(&mut g, &params).iter().enumerate() {
            sums[s] += x;
        }
    }
    let n = f64::from(samples.count.max(1));
    sums.iter().map(|x| x / n).collect()
}
