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

/// What the R25 search keeps between questions (proven states, a landing's
/// ends) never changes an answer: in random games of every size, the legal
/// actions of each decision are those a fresh copy of the game (which
/// proves everything again) computes.
#[test]
fn what_the_r25_search_keeps_never_changes_a_legal_set() {
    use tongiaki::bots::{make_bot, Bot};
    use tongiaki::{Game, GameOptions};
    for i in 0..300u64 {
        let players = 2 + (i % 5) as usize;
        let seed = mix(77 + i);
        let mut g = Game::new(GameOptions::simple(
            players,
            seed & tongiaki::options::MAX_SEED,
        ))
        .unwrap();
        let mut bot: Box<dyn Bot> = make_bot("random", seed).unwrap();
        while !g.is_over() {
            let fresh = g.clone();
            assert_eq!(
                g.legal_actions_ref(),
                fresh.legal_actions_ref(),
                "game {i}, decision {}",
                g.log().len()
            );
            let a = bot.choose(&g);
            g.apply_trusted(&a);
        }
    }
}
