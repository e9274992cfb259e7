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

/// Tree reuse (`search:…:reuse`, issue 32): a decision starts from what
/// the bot's last decision searched below the position reached, and only
/// when the game continues that one; what it kept was gathered on sampled
/// orders only, so the choice stays blind to the hidden order.
#[test]
fn a_reusing_search_starts_from_its_last_tree_and_stays_blind() {
    use tongiaki::bots::{Bot, SearchBot, SearchConfig};
    let cfg = SearchConfig::parse(&["300", "reuse"]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut reused, mut checked, mut max_nodes, mut max_bytes) = (0, 0, 0, 0);
    for seed in 0..6u64 {
        let mut g = Game::new(GameOptions::simple(2 + (seed % 3) as usize, 500 + seed)).unwrap();
        let mut greedy = make_bot("greedy", seed).unwrap();
        // Seat 0 is the reusing search; the others play greedy.
        let mut bot = SearchBot::new(seed, cfg);
        let mut last_choice_at = None;
        while let Some(seat) = g.current() {
            let m = if seat == 0 && g.legal_moves().len() > 1 {
                // The same decision on another order of the unseen cards,
                // by a copy of the bot with the same tree and random numbers.
                let (_, other) = two_orders(&g, &mut rng);
                let mut twin = bot.clone();
                let m = bot.choose(&g);
                assert_eq!(
                    twin.choose(&other),
                    m,
                    "seed {seed}: the reused tree saw the pile order"
                );
                // The kept tree: a node per iteration through its root at most.
                let bound = (bot.reused_visits + bot.last_iterations + 1) as usize;
                assert!(
                    bot.kept_nodes() <= bound,
                    "{} nodes kept for {bound} visits",
                    bot.kept_nodes()
                );
                max_nodes = max_nodes.max(bot.kept_nodes());
                max_bytes = max_bytes.max(bot.kept_bytes());
                assert!(g.legal_moves().contains(&m));
                if last_choice_at == Some(g.log().len() - 1) {
                    // Right after its own decision, with no card drawn or
                    // by the search's most visited action: a subtree is kept
                    // whenever the search went there.
                    checked += 1;
                    if bot.reused_visits > 0 {
                        reused += 1;
                    }
                }
                last_choice_at = Some(g.log().len());
                m
            } else if seat == 0 {
                bot.choose(&g)
            } else {
                greedy.choose(&g)
            };
            g.apply(&m.to_action()).unwrap();
        }
        // A game it never saw: nothing is reused.
        let fresh = Game::new(GameOptions::simple(2, 9_999)).unwrap();
        bot.choose(&fresh);
        assert_eq!(
            bot.reused_visits, 0,
            "seed {seed}: reused a tree of another game"
        );
    }
    assert!(checked > 50, "only {checked} consecutive decisions");
    eprintln!("reused {reused} of {checked}; at most {max_nodes} nodes, {max_bytes} B kept");
    // The move just played is the most visited: its subtree was searched.
    assert!(reused * 10 >= checked * 9, "reused {reused} of {checked}");
}

/// The page's kept bot (`Player`, the worker's `BotPlayer`): its first
/// decision is `decide`'s; later ones start from the tree kept, only while
/// the game goes on from it (a take-back starts afresh).
#[test]
fn a_kept_player_reuses_only_along_its_game() {
    use tongiaki::bots::{decide, Player};
    let kind = "search:200:reuse";
    let mut g = Game::new(GameOptions::simple(2, 321)).unwrap();
    let mut p = Player::new(kind, 0, None).unwrap();
    let mut other = make_bot("greedy", 1).unwrap();
    let (mut decisions, mut reused) = (0, 0);
    let mut taken_back = None;
    while let Some(seat) = g.current() {
        let m = if seat == 0 && g.legal_moves().len() > 1 {
            let seed = g.log().len() as u64;
            let d = p.decide(&g, seed, None).unwrap();
            if decisions == 0 {
                assert_eq!(d, decide(&g, kind, seed, None).unwrap());
                assert_eq!(d.reused, 0);
                taken_back = Some(g.clone());
            }
            decisions += 1;
            reused += (d.reused > 0) as u32;
            d.action
        } else {
            other.choose(&g).to_action()
        };
        g.apply(&m).unwrap();
        if decisions == 30 {
            break;
        }
    }
    assert!(reused >= 20, "reused {reused} of {decisions}");
    // Back to the first decision's position (a take-back): nothing kept fits.
    let back = taken_back.unwrap();
    let d = p.decide(&back, 5, None).unwrap();
    assert_eq!(d.reused, 0);
    assert!(back.legal_actions().contains(&d.action));
    // Another budget makes the bot afresh.
    let d = p.decide(&g, 6, Some(Budget::iterations(50))).unwrap();
    assert_eq!(d.reused, 0);
}

/// What a kept expert costs (BENCHMARKS.md, "Bots: speed"): the largest tree
/// it keeps between decisions and the visits its decisions start from, in
/// one game against greedy bots, 2 and 4 players.
#[test]
#[ignore = "benchmark: cargo test --release --test engine bots::kept_tree_size -- --ignored --nocapture"]
fn kept_tree_size() {
    use tongiaki::bots::{Bot, Level, SearchBot, SearchConfig};
    let spec: Vec<&str> = Level::Expert.spec().split(':').skip(1).collect();
    for players in [2usize, 4] {
        let mut g = Game::new(GameOptions::simple(players, 77)).unwrap();
        let mut bot = SearchBot::new(1, SearchConfig::parse(&spec).unwrap());
        let mut greedy = make_bot("greedy", 2).unwrap();
        let (mut bytes, mut nodes, mut kept, mut decisions, mut from_kept) = (0, 0, 0u64, 0u64, 0);
        while let Some(seat) = g.current() {
            let m = if seat == 0 {
                let m = bot.choose(&g);
                if bot.last_iterations > 0 {
                    bytes = bytes.max(bot.kept_bytes());
                    nodes = nodes.max(bot.kept_nodes());
                    kept += bot.reused_visits as u64;
                    decisions += 1;
                    from_kept += (bot.reused_visits > 0) as u32;
                }
                m
            } else {
                greedy.choose(&g)
            };
            g.play_trusted(m);
        }
        eprintln!(
            "{players} players: {decisions} searches, {from_kept} from a kept tree, mean {} visits kept; largest kept tree {nodes} nodes, {} KiB",
            kept / decisions.max(1),
            bytes / 1024
        );
        assert!(decisions > 0);
    }
}
