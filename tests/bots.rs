//! Bots (issue 5): they only ever return legal actions, they never depend on
//! the hidden order of the pile, and greedy beats random.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tongiaki::bots::{choose_action, make_bot, Budget};
use tongiaki::{Game, GameOptions};

#[path = "common/bench.rs"]
mod bench;

const KINDS: [&str; 3] = ["random", "greedy", "search:40"];

/// Random positions from random play, a few per game.
fn positions(games: u64, every: usize) -> Vec<Game> {
    let mut out = Vec::new();
    for i in 0..games {
        let mut g = Game::new(GameOptions::simple(2 + (i % 5) as usize, 900 + i)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(i);
        let mut step = 0;
        while !g.is_over() {
            if step % every == 0 {
                out.push(g.clone());
            }
            let legal = g.legal_actions();
            g.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
            step += 1;
        }
    }
    out
}

#[test]
fn every_bot_kind_only_returns_legal_actions() {
    for (i, g) in positions(6, 23).into_iter().enumerate() {
        for kind in KINDS {
            let mut bot = make_bot(kind, i as u64).unwrap();
            let a = bot.choose(&g);
            assert!(
                g.legal_moves().contains(&a),
                "{kind} chose an illegal {a:?} in phase {:?}",
                g.phase()
            );
            let mut h = g.clone();
            h.apply(&a.to_action()).unwrap();
        }
    }
}

#[test]
fn bots_play_whole_games_by_the_rules() {
    for kind in ["greedy", "search:20"] {
        let mut g = Game::new(GameOptions::simple(3, 77)).unwrap();
        let mut bots: Vec<_> = (0..3).map(|s| make_bot(kind, s).unwrap()).collect();
        let mut n = 0;
        while let Some(seat) = g.current() {
            let a = bots[seat as usize].choose(&g);
            g.apply(&a.to_action())
                .unwrap_or_else(|e| panic!("{kind}: {a:?}: {e}"));
            n += 1;
            assert!(n < 20_000, "{kind}: the game does not end");
        }
        assert!(g.ranking().is_some());
    }
}

#[test]
fn a_bots_choice_does_not_depend_on_the_hidden_pile_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for (i, g) in positions(5, 29).into_iter().enumerate() {
        let mut a = g.unseen_cards();
        let mut b = a.clone();
        a.shuffle(&mut rng);
        b.shuffle(&mut rng);
        let ga = g.with_pile_order(&a).unwrap();
        let gb = g.with_pile_order(&b).unwrap();
        for kind in KINDS {
            let ca = choose_action(&ga, kind, i as u64, None).unwrap();
            let cb = choose_action(&gb, kind, i as u64, None).unwrap();
            assert_eq!(ca, cb, "{kind} at position {i} saw the pile order");
        }
        let ca = choose_action(&ga, "search", i as u64, Some(Budget::iterations(30))).unwrap();
        let cb = choose_action(&gb, "search", i as u64, Some(Budget::iterations(30))).unwrap();
        assert_eq!(
            ca, cb,
            "search with a budget at position {i} saw the pile order"
        );
    }
}

/// A determinised copy (the bots' view: the pile in a sampled order) is a
/// real game: its save names the whole deck and replays to the same state,
/// before and after the copy is played on.
#[test]
fn a_determinised_game_saves_and_replays_to_itself() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (i, g) in positions(5, 31).into_iter().enumerate() {
        let mut d = tongiaki::bots::determinise(&g, &mut rng);
        for _ in 0..40 {
            if d.is_over() {
                break;
            }
            let legal = d.legal_actions();
            d.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let back = Game::load(&d.save()).unwrap_or_else(|e| panic!("position {i}: {e}"));
        assert_eq!(
            serde_json::to_value(back.snapshot()).unwrap(),
            serde_json::to_value(d.snapshot()).unwrap(),
            "position {i}"
        );
        assert_eq!(back.unseen_cards(), d.unseen_cards(), "position {i}");
    }
}

/// The search bot's speed on fixed positions, natively (BENCHMARKS.md; the
/// browser figure is tests/web_bench.rs on the same positions). A benchmark,
/// not a test: run by scripts/bench-wasm.sh.
#[test]
#[ignore = "benchmark: run by scripts/bench-wasm.sh"]
fn bench_search_speed() {
    let positions = bench::bench_positions(40);
    bench::bench_search(&positions[..4], 200); // warm up
    let t = std::time::Instant::now();
    let iterations = bench::bench_search(&positions, 1000);
    let s = t.elapsed().as_secs_f64();
    println!(
        "BENCH {}",
        serde_json::json!({
            "positions": positions.len(),
            "budget": 1000,
            "iterations": iterations,
            "seconds": s,
            "iterations_per_second": iterations as f64 / s,
            "ms_per_decision": 1000.0 * s / positions.len() as f64,
        })
    );
}
