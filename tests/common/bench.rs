//! Positions and a workload for measuring the search bot's speed
//! (BENCHMARKS.md), shared by the native benchmark (tests/bots.rs) and the
//! browser one (tests/web_bench.rs) so both measure the same work. Test
//! code, not the engine's: it only uses the engine's public API.

use tongiaki::bots::{Bot, Budget, GreedyBot, SearchBot, SearchConfig};
use tongiaki::{Game, GameOptions};

/// Positions for measuring the search bot's speed (BENCHMARKS.md): `count`
/// games of 2 to 4 players, each played by greedy bots into its middle game
/// (turn 4 to 12) up to a decision with a real choice. Deterministic, so the
/// native and browser figures measure the same work.
pub fn bench_positions(count: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(count);
    let mut i = 0u64;
    while out.len() < count && i < 10 * count as u64 + 10 {
        let players = 2 + (i % 3) as usize;
        let Ok(mut g) = Game::new(GameOptions::simple(players, 1000 + i)) else {
            break;
        };
        let mut bots: Vec<GreedyBot> = (0..players as u64)
            .map(|s| GreedyBot::new(i * 8 + s))
            .collect();
        let target = 4 + 2 * (i % 5) as u32;
        let mut steps = 0;
        while let Some(seat) = g.current() {
            if g.turn() >= target && g.legal_moves().len() > 1 {
                out.push(g);
                break;
            }
            let a = bots[seat as usize].choose(&g);
            g.apply_trusted(a);
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
