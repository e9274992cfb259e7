//! Flat Monte Carlo on paired pile orders, by sequential halving.
//!
//! Tongiaki's outcomes swing on the order of the pile far more than on most
//! single decisions, so comparing two actions on different sampled orders
//! mostly measures luck. Here every candidate action is played on the same
//! sampled orders (each order once per action), followed by the rollout
//! policy to the end: the difference between two actions' results on one
//! order is the difference the action made. Sequential halving spreads the
//! budget: each round gives every action still in the race the same number
//! of new orders and drops the worse half, until one is left.
//!
//! Late in the game (fewer than [`LATE_PILE`] cards of either kind left) a
//! resettlement (R40) is chosen only if it beats the best other action on
//! the same orders beyond the 95% interval of the paired differences.

use super::greedy::{Heuristic, Params};
use super::mcts::{reward, rollout, SearchConfig};
use super::{determinise, Clock};
use crate::game::Game;
use crate::moves::Move;
use rand_chacha::ChaCha8Rng;

/// The result of a flat search: the chosen action (an index into the legal
/// actions) and the rollouts run.
pub(super) struct FlatResult {
    pub best: usize,
    pub rollouts: u32,
}

/// Chooses among `legal` (the legal actions of `game`, at least two) with
/// at most `cap` rollouts, stopping early when `millis` have passed.
pub(super) fn flat_search(
    game: &Game,
    legal: &[Move],
    cap: u32,
    millis: Option<f64>,
    cfg: &SearchConfig,
    params: &Params,
    rng: &mut ChaCha8Rng,
) -> FlatResult {
    let me = game.current().unwrap_or(0) as usize;
    // Candidates by the heuristic's order: it breaks ties between equal means.
    let h = Heuristic::new(game, params);
    let vals: Vec<f32> = legal.iter().map(|&a| h.action_value(a)).collect();
    let mut alive: Vec<usize> = (0..legal.len()).collect();
    alive.sort_by(|&a, &b| vals[b].total_cmp(&vals[a]));
    let prior_rank: Vec<usize> = {
        let mut r = vec![0; legal.len()];
        for (k, &a) in alive.iter().enumerate() {
            r[a] = k;
        }
        r
    };
    let mut sum = vec![0f64; legal.len()];
    let mut n = vec![0u32; legal.len()];
    // Each action's reward on each sampled order it was played on (order
    // number, reward), for the paired comparison of a late resettlement.
    let mut on_order: Vec<Vec<(u32, f32)>> = vec![Vec::new(); legal.len()];
    let mut orders = 0u32;
    let clock = Clock::start();
    let mut used = 0u32;
    let rounds = (usize::BITS - (alive.len() - 1).leading_zeros()).max(1);
    let mut out_of_time = false;
    for round in 0..rounds {
        let left = rounds - round;
        let per = ((cap - used) / (left * alive.len() as u32)).max(1);
        for _ in 0..per {
            if used + alive.len() as u32 > cap {
                break;
            }
            if let Some(ms) = millis {
                if used > 0 && clock.elapsed_ms() >= ms {
                    out_of_time = true;
                    break;
                }
            }
            let order = determinise(game, rng);
            for &a in &alive {
                let mut g = order.clone();
                g.play_trusted(legal[a]);
                rollout(cfg, params, &mut g, rng);
                let r = reward(cfg, &g)[me];
                sum[a] += r as f64;
                n[a] += 1;
                on_order[a].push((orders, r));
            }
            orders += 1;
            used += alive.len() as u32;
        }
        let mean = |a: usize| if n[a] == 0 { 0.0 } else { sum[a] / n[a] as f64 };
        alive.sort_by(|&a, &b| {
            mean(b)
                .total_cmp(&mean(a))
                .then(prior_rank[a].cmp(&prior_rank[b]))
        });
        if out_of_time || round + 1 == rounds {
            break;
        }
        alive.truncate(alive.len().div_ceil(2));
    }
    let mut best = alive[0];
    if legal[best] == Move::Resettle && late(game) {
        // The best other action by its mean (ties by the heuristic's order).
        let mean = |a: usize| if n[a] == 0 { 0.0 } else { sum[a] / n[a] as f64 };
        let other = (0..legal.len())
            .filter(|&a| a != best && n[a] > 0)
            .max_by(|&a, &b| {
                mean(a)
                    .total_cmp(&mean(b))
                    .then(prior_rank[b].cmp(&prior_rank[a]))
            });
        if let Some(other) = other {
            if !clearly_better(&on_order[best], &on_order[other]) {
                best = other;
            }
        }
    }
    FlatResult {
        best,
        rollouts: used,
    }
}

/// Cards left in the pile below which a resettlement (R40) must prove
/// itself: taking every ship home to reveal cards one at a time is a gamble
/// the end of the game (R60) often cuts short, and a search on few samples
/// overrates it by luck.
pub(super) const LATE_PILE: usize = 6;

/// Fewer than [`LATE_PILE`] island cards or water cards left in the pile?
pub(super) fn late(game: &Game) -> bool {
    let pile = game.unseen_cards();
    let islands = pile.iter().filter(|c| c.is_island()).count();
    islands < LATE_PILE || pile.len() - islands < LATE_PILE
}

/// Does `a` win more than `b` on the orders both were played on, beyond
/// the 95% interval of the paired differences?
fn clearly_better(a: &[(u32, f32)], b: &[(u32, f32)]) -> bool {
    let mut diffs = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                diffs.push(f64::from(a[i].1 - b[j].1));
                i += 1;
                j += 1;
            }
        }
    }
    let k = diffs.len() as f64;
    if diffs.len() < 2 {
        return false;
    }
    let mean = diffs.iter().sum::<f64>() / k;
    let var = diffs.iter().map(|d| (d - mean) * (d - mean)).sum::<f64>() / (k - 1.0);
    mean - 1.96 * (var / k).sqrt() > 0.0
}
