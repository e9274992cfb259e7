//! The size of the R25 search in random games (BENCHMARKS.md): ignored by
//! default; `TONGIAKI_R25_GAMES=100000 cargo test --release --test r25_search -- --ignored --nocapture`.

use tongiaki::bots::{mix, play_game};

#[test]
#[ignore]
fn largest_r25_search_in_random_games() {
    let games: u64 = std::env::var("TONGIAKI_R25_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let players: Vec<usize> = std::env::var("TONGIAKI_R25_PLAYERS")
        .ok()
        .map(|v| v.split(',').map(|p| p.parse().unwrap()).collect())
        .unwrap_or(vec![2, 3, 4, 5, 6]);
    let bots = vec!["random".to_string()];
    for p in players {
        let mut largest = (0, 0);
        let t = std::time::Instant::now();
        for i in 0..games {
            let seed = mix(1u64.wrapping_add(i));
            let g = play_game(p, seed, &bots).unwrap();
            let (_, l) = g.chain_search_states();
            if l > 100_000 {
                println!("players {p} game {i} seed {seed}: {l} states");
            }
            if l > largest.0 {
                largest = (l, i);
            }
        }
        println!(
            "players {p}: {games} games, largest search {} states (game {}), {:.1} s",
            largest.0,
            largest.1,
            t.elapsed().as_secs_f64()
        );
    }
}
