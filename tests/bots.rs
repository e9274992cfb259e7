//! Bots (issue 5): they only ever return legal actions, they never depend on
//! the hidden order of the pile, and greedy beats random.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tongiaki::bots::{choose_action, make_bot, make_bot_with, Budget, BOT_KINDS, LEVELS};
use tongiaki::{Game, GameOptions, Move};

#[path = "common/bench.rs"]
mod bench;

const KINDS: [&str; 4] = ["random", "greedy", "search:40", "search:40:flat"];

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

/// The game `g` with its unseen cards in two random orders.
fn two_orders(g: &Game, rng: &mut ChaCha8Rng) -> (Game, Game) {
    let mut a = g.unseen_cards();
    let mut b = a.clone();
    a.shuffle(rng);
    b.shuffle(rng);
    (
        g.with_pile_order(&a).unwrap(),
        g.with_pile_order(&b).unwrap(),
    )
}

#[test]
fn a_bots_choice_does_not_depend_on_the_hidden_pile_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for (i, g) in positions(5, 29).into_iter().enumerate() {
        let (ga, gb) = two_orders(&g, &mut rng);
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

/// The four levels (issue 32) choose legal actions and, like every bot,
/// never read the pile's order: the same choice on two orders of it.
#[test]
fn every_level_is_legal_and_blind_to_the_pile_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    for (i, g) in positions(3, 47).into_iter().enumerate() {
        let (ga, gb) = two_orders(&g, &mut rng);
        for kind in LEVELS {
            let ca = choose_action(&ga, kind, i as u64, None).unwrap();
            let cb = choose_action(&gb, kind, i as u64, None).unwrap();
            assert_eq!(ca, cb, "{kind} at position {i} saw the pile order");
            g.clone().apply(&ca).unwrap();
        }
    }
}

/// A level is one fixed configuration: no options after its name, and a
/// budget handed with it (the page's) adds a clock but never changes its
/// iterations.
#[test]
fn a_level_takes_no_options_and_keeps_its_iterations() {
    assert_eq!(&BOT_KINDS[..4], &LEVELS);
    for kind in LEVELS {
        let e = make_bot(&format!("{kind}:100"), 1).err().unwrap();
        assert!(e.to_string().contains(kind), "{e}");
    }
    let g = positions(1, 7)
        .into_iter()
        .find(|g| g.legal_moves().len() >= 8)
        .expect("a position with a real choice");
    let tiny = Budget {
        iterations: 5,
        millis: Some(60_000.0),
    };
    let mut strong = make_bot_with("strong", 3, Some(tiny)).unwrap();
    strong.choose(&g);
    assert!(
        strong.last_iterations() > 5,
        "strong took the budget's iterations"
    );
    let mut search = make_bot_with("search", 3, Some(tiny)).unwrap();
    search.choose(&g);
    assert!(search.last_iterations() <= 5, "search ignored the budget");
}

/// Positions where a resettlement (R40) is tempting and rarely right: few
/// cards of a kind left in the pile (the game may end before the resettling
/// player's ship lands) while the player to move holds `min_ships` ships or
/// more on islands that are not king islands (all of them go home).
fn late_resettle_positions(wanted: usize, min_ships: u8) -> Vec<Game> {
    let mut out = Vec::new();
    for i in 0..200u64 {
        let players = 2 + (i % 3) as usize;
        let mut g = Game::new(GameOptions::simple(players, 3200 + i)).unwrap();
        let mut bots: Vec<_> = (0..players)
            .map(|s| make_bot("beginner", i * 8 + s as u64).unwrap())
            .collect();
        while let Some(seat) = g.current() {
            let pile = g.unseen_cards();
            let islands = pile.iter().filter(|c| c.is_island()).count();
            let late = islands < 6 || pile.len() - islands < 6;
            let b = g.board();
            let held: u8 = b
                .islands()
                .filter(|&c| !b.is_king(c))
                .map(|c| b.ships().seat_on(c, tongiaki::seat::Seat::new(seat)))
                .sum();
            if late && held >= min_ships && g.legal_moves().contains(&Move::Resettle) {
                out.push(g.clone());
                if out.len() == wanted {
                    return out;
                }
                break; // one position a game
            }
            let a = bots[seat as usize].choose(&g);
            g.play_trusted(a);
        }
    }
    out
}

/// Does the player to move win more often (first place, shared counting
/// its share) after `a` than after `b`? Both are played on the same 300
/// sampled pile orders, then by greedy bots to the end.
fn wins_more_often_after(g: &Game, a: Move, b: Move) -> bool {
    let me = g.current().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let mut diff = 0.0;
    for k in 0..300u64 {
        let order = tongiaki::bots::determinise(g, &mut rng);
        for (m, sign) in [(a, 1.0), (b, -1.0)] {
            let mut h = order.clone();
            h.play_trusted(m);
            let mut bots: Vec<_> = (0..h.players())
                .map(|s| make_bot("greedy", k * 8 + s as u64).unwrap())
                .collect();
            while let Some(seat) = h.current() {
                let c = bots[seat as usize].choose(&h);
                h.play_trusted(c);
            }
            let first = &h.ranking().unwrap()[0];
            if first.contains(&me) {
                diff += sign / first.len() as f64;
            }
        }
    }
    diff > 0.0
}

/// R40 and R60, issue 32: the expert does not take its ships home to
/// resettle late in the game (fewer than six cards of either kind left)
/// unless resettling wins more often: where it does resettle, a separate
/// paired count (greedy play after each choice) must agree that it wins
/// more often than the greedy bot's choice. (The expert is the tree search;
/// src/bots/flat.rs, `search:…:flat`, has its own guard for this.)
#[test]
fn the_expert_resettles_late_only_when_it_wins_more_often() {
    let positions = late_resettle_positions(20, 3);
    assert!(positions.len() >= 10, "only {} positions", positions.len());
    for (i, g) in positions.iter().enumerate() {
        if choose_action(g, "expert", i as u64, None).unwrap() != tongiaki::Action::Resettle {
            continue;
        }
        let mut greedy = make_bot("greedy", 1).unwrap();
        let other = greedy.choose(g);
        assert!(
            other == Move::Resettle || wins_more_often_after(g, Move::Resettle, other),
            "the expert resettled at position {i} and loses more often by it: {}",
            g.save()
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
