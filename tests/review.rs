//! The review of a game (issue 32, docs/api.md "Review"): values in 0..1,
//! `best_value >= value` with equality exactly where the move played is
//! the best, the luck of every voyage into the unknown equal to the voyage
//! odds, the players' lines the sums of those, and none of it depending on
//! the hidden order of the pile. The hint: a legal move of the strongest
//! bot, as blind as the bots.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use tongiaki::bots::{make_bot, play_game, Budget};
use tongiaki::odds::{action_odds, OddsConfig};
use tongiaki::review::search::{evaluate, MIN_GAIN};
use tongiaki::review::{
    hint, review_game, ReviewConfig, Reviewer, HINT_FALLBACK, HINT_KIND, MAX_ITERATIONS,
    MIN_ITERATIONS,
};
use tongiaki::{Action, Game, GameEvent, GameOptions, Move, Phase};

/// The smallest budget: the whole-game tests check the review's shape,
/// which holds at any budget.
const FEW: u32 = MIN_ITERATIONS;

fn cfg(iterations: u32) -> ReviewConfig {
    ReviewConfig {
        iterations,
        seed: 7,
    }
}

/// A whole game of greedy players, one of them (the last seat) random, so
/// the review has mistakes to find.
fn whole_game(players: usize, seed: u64) -> Game {
    let mut bots = vec!["greedy".to_string(); players];
    bots[players - 1] = "random".into();
    play_game(players, seed, &bots).unwrap()
}

/// The review's own account of a game, checked against the game itself.
fn check_review(game: &Game, json: &Value) {
    let decisions = json["decisions"].as_array().unwrap();
    let luck = json["luck"].as_array().unwrap();
    let players = json["players"].as_array().unwrap();
    assert_eq!(players.len(), game.players());
    // Replay: one decision entry per action with more than one legal
    // action, one luck entry per emigration that revealed a card.
    let mut save: Value = serde_json::from_str(&game.save()).unwrap();
    let actions = save["actions"].as_array().unwrap().clone();
    save["actions"] = Value::Array(vec![]);
    let mut g = Game::load_value(&save).unwrap();
    let (mut d, mut l) = (0, 0);
    for (n, a) in actions.iter().enumerate() {
        let action = Action::from_json(a).unwrap();
        if g.legal_moves().len() > 1 {
            let e = &decisions[d];
            d += 1;
            assert_eq!(e["n"], n);
            assert_eq!(e["seat"], g.current().unwrap());
            assert_eq!(&e["action"], a);
            let best = Action::from_json(&e["best"]).unwrap();
            assert!(g.legal_actions().contains(&best), "best is legal at {n}");
            let (v, bv) = (
                e["value"].as_f64().unwrap(),
                e["best_value"].as_f64().unwrap(),
            );
            assert!((0.0..=1.0).contains(&v) && (0.0..=1.0).contains(&bv), "{e}");
            assert!(bv >= v, "best_value >= value: {e}");
            if e["best"] == e["action"] {
                assert_eq!(v, bv, "equality where the move was the best: {e}");
                assert!(e.get("why").is_none());
            } else {
                assert!(bv > v, "a better move is better: {e}");
                assert_eq!(e["why"]["action"]["type"], a["type"]);
                assert_eq!(e["why"]["best"]["type"], e["best"]["type"]);
            }
            let wins: Vec<f64> = e["wins"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            assert_eq!(wins.len(), game.players());
            assert!(
                (wins.iter().sum::<f64>() - 1.0).abs() < 1e-3,
                "win chances add up to 1: {e}"
            );
            assert_eq!(wins[usize::from(g.current().unwrap())], v);
        }
        let before = g.clone();
        let events = g.apply(&action).unwrap();
        let revealed = events
            .iter()
            .any(|e| matches!(e, GameEvent::CardRevealed { .. }));
        if action.type_name() == "emigrate" && revealed {
            let e = &luck[l];
            l += 1;
            assert_eq!(e["n"], n);
            assert_eq!(e["seat"], before.current().unwrap());
            let odds = action_odds(&before, &action, &OddsConfig::default()).unwrap();
            let outcome = e["outcome"].as_str().unwrap();
            let chance = match outcome {
                "arrive" => odds.arrive,
                "fail" => odds.fail,
                "turn_back" => odds.turn_back,
                "stay" => odds.stay,
                other => panic!("outcome {other}"),
            };
            assert_eq!(
                e["chance"].as_f64().unwrap(),
                chance,
                "the odds' figure: {e}"
            );
            assert!(chance > 0.0, "what happened could happen: {e}");
            let after = e["after"].as_array().unwrap();
            if g.is_over() {
                // The game ended on this voyage: the result itself.
                let ranking = g.ranking().unwrap();
                for &s in &ranking[0] {
                    assert_eq!(
                        after[usize::from(s)].as_f64().unwrap(),
                        tongiaki_round(1.0 / ranking[0].len() as f64)
                    );
                }
            }
        }
    }
    assert_eq!(d, decisions.len(), "one entry per decision with a choice");
    assert_eq!(l, luck.len(), "one entry per voyage into the unknown");
    // The players' lines are the sums of the entries.
    for p in players {
        let s = p["seat"].as_u64().unwrap();
        let loss: f64 = decisions
            .iter()
            .filter(|e| e["seat"] == s)
            .map(|e| e["best_value"].as_f64().unwrap() - e["value"].as_f64().unwrap())
            .sum();
        assert!(
            (p["skill_loss"].as_f64().unwrap() - loss).abs() < 1e-3,
            "{p}"
        );
        assert!(p["skill_loss"].as_f64().unwrap() >= 0.0);
        let swing: f64 = luck
            .iter()
            .map(|e| {
                e["after"][s as usize].as_f64().unwrap()
                    - e["expected"][s as usize].as_f64().unwrap()
            })
            .sum();
        assert!((p["luck"].as_f64().unwrap() - swing).abs() < 2e-3, "{p}");
    }
    assert_eq!(json["moves"], actions.len());
    assert_eq!(json["reviewed"], actions.len());
}

fn tongiaki_round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

#[test]
fn the_review_of_whole_games_for_two_to_six_players() {
    // two, four and six players: the sizes between add time, not cases
    // (server/tests/review_cli.rs reviews other games of two and four)
    for players in [2, 4, 6] {
        let game = whole_game(players, 100 + players as u64);
        assert!(game.is_over());
        let json = review_game(&game, cfg(FEW)).to_json();
        check_review(&game, &json);
        assert!(
            !json["luck"].as_array().unwrap().is_empty(),
            "{players} players: voyages into the unknown"
        );
        let f = json["final"].as_array().unwrap();
        assert!((f.iter().map(|x| x.as_f64().unwrap()).sum::<f64>() - 1.0).abs() < 1e-3);
    }
}

#[test]
fn an_unfinished_game_is_reviewed_as_far_as_it_went() {
    let game = whole_game(3, 5);
    let mut save: Value = serde_json::from_str(&game.save()).unwrap();
    let cut: Vec<Value> = save["actions"].as_array().unwrap()[..60].to_vec();
    save["actions"] = Value::Array(cut);
    let part = Game::load_value(&save).unwrap();
    let json = review_game(&part, cfg(FEW)).to_json();
    check_review(&part, &json);
    assert_eq!(json["final"], Value::Null);
}

#[test]
fn the_reviewer_steps_one_search_at_a_time_to_the_same_review() {
    let game = whole_game(2, 9);
    let mut r = Reviewer::new(&game, cfg(FEW));
    let (done, total) = r.progress();
    assert_eq!(done, 0);
    assert!(total > 10);
    let mut last = 0;
    loop {
        let more = r.step();
        let (d, t) = r.progress();
        assert_eq!(t, total);
        assert!(
            (1..=2).contains(&(d - last)) || (!more && d == last),
            "a step is one search or two (a decision that sailed): {last} then {d}"
        );
        last = d;
        if !more {
            break;
        }
    }
    assert_eq!(r.progress(), (total, total));
    assert_eq!(r.review().to_json(), review_game(&game, cfg(FEW)).to_json());
}

/// The first `n` actions of `game`, as a game of their own.
fn cut(game: &Game, n: usize) -> Game {
    let mut save: Value = serde_json::from_str(&game.save()).unwrap();
    let actions: Vec<Value> = save["actions"].as_array().unwrap()[..n].to_vec();
    save["actions"] = Value::Array(actions);
    Game::load_value(&save).unwrap()
}

/// Games whose decks agree on every card the game revealed and differ in
/// the rest: the same game to every player, and the same review. (Cut a
/// third of the way: a whole game may end with every card revealed.)
#[test]
fn the_review_never_reads_the_order_of_the_pile() {
    for (players, seed) in [(2, 31), (4, 32)] {
        let whole = whole_game(players, seed);
        let game = cut(&whole, whole.log().len() / 3);
        let save: Value = serde_json::from_str(&game.save()).unwrap();
        // The deck the game was dealt, with its unrevealed part shuffled.
        let drawn = game.board().cards().len() - 1 + game.board().removed().len();
        let full: Vec<String> = {
            // the pile top first: the drawn cards in the order they were laid, then the rest
            let mut g = Game::load_value(&{
                let mut s = save.clone();
                s["actions"] = Value::Array(vec![]);
                s
            })
            .unwrap();
            let mut order = Vec::new();
            for a in save["actions"].as_array().unwrap() {
                for e in g.apply_json(a).unwrap() {
                    if let GameEvent::CardDrawn { card } | GameEvent::CardRevealed { card, .. } = e
                    {
                        let k = card.key().to_string();
                        if !order.contains(&k) {
                            order.push(k);
                        }
                    }
                }
            }
            assert_eq!(order.len(), drawn);
            let mut rest: Vec<String> = game
                .unseen_cards()
                .iter()
                .map(|c| c.key().to_string())
                .collect();
            assert!(rest.len() > 1, "cards left unrevealed");
            rest.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
            order.extend(rest);
            order
        };
        let mut other = save.clone();
        other["options"]["deck"] = serde_json::json!(full);
        let twin = Game::load_value(&other).unwrap();
        assert_eq!(twin.snapshot_json(), game.snapshot_json());
        assert_ne!(twin.save(), game.save(), "another deck");
        assert_eq!(
            review_game(&twin, cfg(FEW)).to_json(),
            review_game(&game, cfg(FEW)).to_json(),
            "{players} players"
        );
    }
}

/// Positions from greedy games, a few per game.
fn positions(games: u64, every: usize) -> Vec<Game> {
    let mut out = Vec::new();
    for i in 0..games {
        let n = 2 + (i % 5) as usize;
        let mut g = Game::new(GameOptions::simple(n, 300 + i)).unwrap();
        let mut bots: Vec<_> = (0..n)
            .map(|s| make_bot("greedy", s as u64).unwrap())
            .collect();
        let mut step = 0;
        while let Some(seat) = g.current() {
            if step % every == 0 && g.legal_moves().len() > 1 {
                out.push(g.clone());
            }
            let m = bots[seat as usize].choose(&g);
            g.play_trusted(m);
            step += 1;
        }
    }
    out
}

#[test]
fn a_decision_is_valued_the_same_whatever_the_hidden_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (i, g) in positions(5, 37).into_iter().enumerate() {
        let played = g.legal_moves()[i % g.legal_moves().len()];
        let mut a = g.unseen_cards();
        a.shuffle(&mut rng);
        let ga = g.with_pile_order(&a).unwrap();
        assert_eq!(
            evaluate(&ga, played, 64, 11),
            evaluate(&g, played, 64, 11),
            "position {i}"
        );
        let why = tongiaki::review::why::facts(&g, played);
        assert_eq!(tongiaki::review::why::facts(&ga, played), why);
    }
}

/// The reported case (issue 32): a player with points on the table takes
/// every ship back to resettle on one of the last turns. The reviewer finds
/// a better move and charges it, by a clear margin as a rule (a player who
/// was winning anyway loses less: a chance of 0.91 against 1.0, say).
#[test]
fn resettling_late_with_points_on_the_table_is_a_costly_mistake() {
    let mut found = 0;
    let mut costs = Vec::new();
    for i in 0..30u64 {
        let mut g = Game::new(GameOptions::simple(2, 700 + i)).unwrap();
        let mut bots: Vec<_> = (0..2).map(|s| make_bot("greedy", s).unwrap()).collect();
        while let Some(seat) = g.current() {
            let (islands, water) = g.pile_counts();
            let me = usize::from(seat);
            let st = g.standings();
            if g.phase() == Phase::Turn
                && islands.min(water) <= 2
                && st[me].score >= st[1 - me].score + 4
                && g.legal_moves().contains(&Move::Resettle)
            {
                found += 1;
                let e = evaluate(&g, Move::Resettle, 400, i);
                if e.best != Move::Resettle {
                    assert!(e.best_value - e.value >= MIN_GAIN, "{e:?}");
                    costs.push(e.best_value - e.value);
                }
                break;
            }
            let m = bots[me].choose(&g);
            g.play_trusted(m);
        }
    }
    assert!(found >= 5, "positions found: {found}");
    let charged = costs.len();
    assert!(charged * 10 >= found * 9, "charged {charged} of {found}");
    costs.sort_by(f64::total_cmp);
    let median = costs[charged / 2];
    assert!(median > 0.1, "a costly mistake as a rule: {costs:?}");
}

#[test]
fn a_move_that_is_the_best_is_not_charged() {
    // Where every other move is the same move in effect (no choice that
    // matters), the reviewer never prefers another: equal playouts on the
    // same orders show no gain. The first setup placement of a game: the
    // six beaches of Tonga differ, so look for landings with one colour.
    let mut seen = 0;
    for g in positions(8, 3) {
        let Phase::Land(landing) = g.phase() else {
            continue;
        };
        let legal = g.legal_moves();
        let one_colour = landing.group.iter().filter(|&&k| k > 0).count() == 1;
        if !one_colour || legal.iter().any(|m| matches!(m, Move::Return { .. })) {
            continue;
        }
        // Landing one ship of one colour on either of two beaches with the
        // same free places can still differ (jetties): only check that the
        // review is consistent.
        for &m in legal {
            let e = evaluate(&g, m, 64, 5);
            assert!(e.best_value >= e.value);
            if e.best == m {
                assert_eq!(e.best_value, e.value);
            }
        }
        seen += 1;
        if seen == 6 {
            break; // enough such positions; each costs a search per move
        }
    }
    assert!(seen > 0);
}

#[test]
fn the_review_budget_is_checked() {
    for bad in [
        0.0,
        1.0,
        f64::from(MIN_ITERATIONS - 1),
        f64::from(MAX_ITERATIONS + 1),
        100.5,
        f64::NAN,
    ] {
        let e = ReviewConfig::checked(bad, 1).unwrap_err();
        assert_eq!(e.key, "bad_options.review_iterations", "{bad}");
        assert!(
            e.message.contains(&MAX_ITERATIONS.to_string()),
            "{}",
            e.message
        );
    }
    assert_eq!(
        ReviewConfig::checked(600.0, 3).unwrap(),
        ReviewConfig {
            iterations: 600,
            seed: 3
        }
    );
}

#[test]
fn the_hint_is_the_strongest_bots_move_and_blind_to_the_pile() {
    let strongest = if make_bot(HINT_KIND, 1).is_ok() {
        HINT_KIND
    } else {
        HINT_FALLBACK
    };
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for (i, g) in positions(4, 41).into_iter().take(8).enumerate() {
        let budget = Some(Budget::iterations(200));
        let h = hint(&g, i as u64, budget).unwrap();
        assert_eq!(h.kind, strongest);
        assert!(g.legal_actions().contains(&h.action));
        let mine = tongiaki::bots::choose_action(&g, strongest, i as u64, budget).unwrap();
        assert_eq!(h.action, mine, "the bot's own choice");
        assert_eq!(h.facts["type"], h.action.type_name());
        let mut a = g.unseen_cards();
        a.shuffle(&mut rng);
        let ga = g.with_pile_order(&a).unwrap();
        assert_eq!(hint(&ga, i as u64, budget).unwrap(), h);
    }
    let over = whole_game(2, 4);
    assert!(hint(&over, 1, None).is_err());
}

/// What a review costs natively: `cargo test --release --test engine
/// review::bench_review_speed -- --ignored --nocapture` (BENCHMARKS.md, "Review").
#[test]
#[ignore]
fn bench_review_speed() {
    let iterations = std::env::var("REVIEW_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(tongiaki::review::DEFAULT_ITERATIONS);
    for players in 2..=6 {
        let mut bots = vec!["greedy".to_string(); players];
        bots[0] = "search:200".into();
        let game = play_game(players, 40 + players as u64, &bots).unwrap();
        let t = std::time::Instant::now();
        let r = review_game(&game, cfg(iterations));
        let s = t.elapsed().as_secs_f64();
        let json = r.to_json();
        let d = json["decisions"].as_array().unwrap().len();
        println!(
            "{players} players: {} actions, {d} decisions, {} voyages; {s:.1} s, {:.0} ms per decision; players {}",
            json["moves"],
            json["luck"].as_array().unwrap().len(),
            1000.0 * s / d as f64,
            json["players"]
        );
    }
}
