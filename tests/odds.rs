//! Voyage odds (issue 14): against a brute-force enumeration of every order
//! of the unseen cards on small positions (exact equality of the
//! fractions), against plain sampling on random mid-game positions (within
//! tolerance), sums of 1, and blind to the real order of the pile.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tongiaki::action::Action;
use tongiaki::bots::make_bot;
use tongiaki::cards::CardId;
use tongiaki::odds::{action_odds, voyage_odds, voyage_odds_with, OddsConfig, VoyageOdds};
use tongiaki::position::Arrangement;
use tongiaki::{Game, GameEvent, GameOptions, Phase};

/// How a voyage ended, read from the events by the test itself: arrive
/// (new island or not), fail, turn back, stay.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    Known,
    New,
    Fail,
    TurnBack,
    Stay,
}

fn ending(events: &[GameEvent]) -> End {
    let mut revealed = Vec::new();
    for e in events {
        match e {
            GameEvent::CardRevealed { card, .. } => revealed.push(*card),
            GameEvent::VoyageFailed { .. } => return End::Fail,
            GameEvent::TurnedBack { .. } => return End::TurnBack,
            GameEvent::StayedOnWater { .. } => return End::Stay,
            GameEvent::Arrived { tile, .. } => {
                return if revealed.contains(tile) {
                    End::New
                } else {
                    End::Known
                }
            }
            _ => {}
        }
    }
    panic!("no end of the voyage in {events:?}")
}

fn play(g: &Game, order: &[CardId], a: &Action) -> End {
    let mut h = g.with_pile_order(order).unwrap();
    ending(&h.apply(a).unwrap())
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn reduced(n: u128, d: u128) -> (u128, u128) {
    let g = gcd(n, d).max(1);
    (n / g, d / g)
}

/// Every permutation of `cards`, in place (Heap's algorithm).
fn permutations(cards: &mut [CardId], k: usize, f: &mut impl FnMut(&[CardId])) {
    if k <= 1 {
        f(cards);
        return;
    }
    for i in 0..k - 1 {
        permutations(cards, k - 1, f);
        if k.is_multiple_of(2) {
            cards.swap(i, k - 1);
        } else {
            cards.swap(0, k - 1);
        }
    }
    permutations(cards, k - 1, f);
}

/// Counts over every order of the unseen cards: [arrive, new, fail, turn
/// back, stay] and the number of orders.
fn brute_force(g: &Game, a: &Action) -> ([u128; 5], u128) {
    let mut cards = g.unseen_cards();
    let mut counts = [0u128; 5];
    let mut total = 0u128;
    let k = cards.len();
    permutations(&mut cards, k, &mut |order| {
        total += 1;
        match play(g, order, a) {
            End::Known => counts[0] += 1,
            End::New => {
                counts[0] += 1;
                counts[1] += 1
            }
            End::Fail => counts[2] += 1,
            End::TurnBack => counts[3] += 1,
            End::Stay => counts[4] += 1,
        }
    });
    (counts, total)
}

fn check_sums(o: &VoyageOdds) {
    let sum = o.arrive + o.fail + o.turn_back + o.stay;
    assert!((sum - 1.0).abs() < 1e-9, "{o:?} sums to {sum}");
    assert!(o.new_island <= o.arrive + 1e-12, "{o:?}");
    let known: f64 = o.landing.iter().sum();
    assert!((known + o.new_island - o.arrive).abs() < 1e-9, "{o:?}");
    for p in [o.arrive, o.new_island, o.fail, o.turn_back, o.stay] {
        assert!((0.0..=1.0 + 1e-12).contains(&p), "{o:?}");
    }
    if let Some(f) = o.fractions {
        assert_eq!(f[0] + f[2] + f[3] + f[4], f[5], "{o:?}");
    }
}

/// Positions in the emigrate phase from bot games: (game, seat count).
fn emigrate_positions(games: u64, kind: &str, keep: impl Fn(&Game) -> bool) -> Vec<Game> {
    let mut out = Vec::new();
    for i in 0..games {
        let n = 2 + (i % 5) as usize;
        let mut g = Game::new(GameOptions::simple(n, 4000 + i)).unwrap();
        let mut bots: Vec<_> = (0..n)
            .map(|s| make_bot(kind, i * 10 + s as u64).unwrap())
            .collect();
        let mut steps = 0;
        while let Some(seat) = g.current() {
            if g.phase() == Phase::Emigrate && keep(&g) {
                out.push(g.clone());
            }
            let a = bots[seat as usize].choose(&g);
            g.apply(&a.to_action()).unwrap();
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
    }
    out
}

/// Late positions of random games with few cards left: every order of the
/// pile is played.
#[test]
fn odds_equal_a_brute_force_enumeration_on_small_positions() {
    let positions = emigrate_positions(60, "random", |g| g.unseen_cards().len() <= 7);
    assert!(positions.len() >= 20, "only {} positions", positions.len());
    let mut seen = [false; 5];
    let mut checked = 0;
    for g in positions.iter().step_by((positions.len() / 40).max(1)) {
        for o in voyage_odds(g) {
            check_sums(&o);
            let f = o.fractions.expect("small positions are exact");
            assert!(o.exact);
            let (counts, total) = brute_force(g, &o.action);
            for k in 0..5 {
                assert_eq!(
                    reduced(f[k], f[5]),
                    reduced(counts[k], total),
                    "figure {k} of {:?} (unseen {:?})",
                    o.action,
                    g.unseen_cards()
                );
                seen[k] |= counts[k] > 0;
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} voyages");
    // arrive, new island, fail and stay all occur (turning back needs a
    // king island in the way: the arranged test below).
    assert_eq!([seen[0], seen[1], seen[2], seen[4]], [true; 4], "{seen:?}");
}

fn c(key: &str) -> CardId {
    CardId::from_key(key).unwrap()
}

/// An arranged position: Tonga with Samoa to its north-east as a king
/// island, Hawaii to the south, most cards laid far away so that 6 remain
/// in the pile (3 water, 3 islands); seat 0's Tonga beach 4 fills up.
fn arranged_small() -> Game {
    let near = [c("samoa"), c("hawaii"), c("water-c")];
    let keep_in_pile = [
        c("water-a"),
        c("water-p"),
        c("water-o"),
        c("tuvalu"),
        c("oahu"),
        c("nauru"),
    ];
    let mut cards = vec![
        (c("samoa"), 1, -1, 1),
        (c("hawaii"), 0, 2, 3),
        (c("water-c"), 0, -1, 0),
    ];
    // Far away, in a row: they only count as laid (R60).
    let mut x = -30;
    for card in CardId::all() {
        if card == CardId::TONGA || near.contains(&card) || keep_in_pile.contains(&card) {
            continue;
        }
        cards.push((card, x, 30, 0));
        x += 2;
    }
    let a = Arrangement {
        players: 3,
        cards,
        ships: vec![
            (CardId::TONGA, 4, 0),
            (CardId::TONGA, 4, 1),
            (CardId::TONGA, 3, 2),
            (CardId::TONGA, 3, 1),
            (c("hawaii"), 1, 1),
        ],
        kings: vec![(c("samoa"), 2)],
        pile_top: keep_in_pile.to_vec(),
        current: 0,
        tonga_removed: false,
    };
    let mut g = Game::arranged(&a).unwrap();
    assert_eq!(g.unseen_cards().len(), 6);
    // Seat 0 has one ship on Tonga: expanding puts one more, on beach 4.
    g.apply_json(&json!({"type": "expand", "tile": "tonga", "beaches": [4]}))
        .unwrap();
    assert_eq!(g.phase(), Phase::Emigrate);
    g
}

#[test]
fn odds_equal_a_brute_force_enumeration_on_an_arranged_position() {
    let g = arranged_small();
    let odds = voyage_odds(&g);
    assert_eq!(odds.len(), 1);
    let o = &odds[0];
    check_sums(o);
    let f = o.fractions.unwrap();
    let (counts, total) = brute_force(&g, &o.action);
    for k in 0..5 {
        assert_eq!(reduced(f[k], f[5]), reduced(counts[k], total), "{k}");
    }
}

#[test]
fn a_king_island_in_the_way_turns_the_group_back() {
    // Tonga's beach 4 (jetty edge 4, north-east) leads straight to Samoa,
    // a king island: the group turns back, whatever the pile holds.
    let g = arranged_small();
    let o = &voyage_odds(&g)[0];
    assert_eq!(o.turn_back, 1.0);
    assert_eq!(o.fractions.unwrap()[3], o.fractions.unwrap()[5]);
    assert!(o.known.is_empty());
    // Sampling agrees.
    let s = action_odds(
        &g,
        &o.action,
        &OddsConfig {
            exact_plays: 0,
            ..OddsConfig::default()
        },
    )
    .unwrap();
    assert_eq!(s.turn_back, 1.0);
    assert!(!s.exact);
}

/// Mid-game positions of greedy games.
fn mid_game(games: u64) -> Vec<Game> {
    let mut v = emigrate_positions(games, "greedy", |g| {
        let n = g.unseen_cards().len();
        (8..=26).contains(&n)
    });
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    v.shuffle(&mut rng);
    v
}

/// Plain sampling: whole random orders of the unseen cards.
fn sampled(g: &Game, a: &Action, n: usize, rng: &mut ChaCha8Rng) -> [f64; 5] {
    let mut counts = [0usize; 5];
    let mut order = g.unseen_cards();
    for _ in 0..n {
        order.shuffle(rng);
        match play(g, &order, a) {
            End::Known => counts[0] += 1,
            End::New => {
                counts[0] += 1;
                counts[1] += 1
            }
            End::Fail => counts[2] += 1,
            End::TurnBack => counts[3] += 1,
            End::Stay => counts[4] += 1,
        }
    }
    counts.map(|c| c as f64 / n as f64)
}

fn figures(o: &VoyageOdds) -> [f64; 5] {
    [o.arrive, o.new_island, o.fail, o.turn_back, o.stay]
}

#[test]
fn odds_agree_with_sampling_on_random_mid_game_positions() {
    let positions = mid_game(12);
    assert!(positions.len() >= 30, "only {}", positions.len());
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut voyages = 0;
    let mut sampled_ones = 0;
    for g in positions.iter().take(30) {
        for o in voyage_odds(g) {
            check_sums(&o);
            voyages += 1;
            sampled_ones += usize::from(!o.exact);
            let n = 3000;
            let s = sampled(g, &o.action, n, &mut rng);
            for (k, (p, q)) in figures(&o).iter().zip(s).enumerate() {
                // 4.5 standard errors of the plain sample, plus the
                // engine's own ±0.01 where it sampled.
                let se = (p * (1.0 - p) / n as f64).sqrt().max(0.5 / n as f64);
                let tol = 4.5 * se + if o.exact { 0.0 } else { 0.015 };
                assert!(
                    (p - q).abs() <= tol,
                    "figure {k} of {:?}: engine {p}, sampled {q} (exact {})",
                    o.action,
                    o.exact
                );
            }
        }
    }
    assert!(voyages >= 30, "{voyages}");
    eprintln!("{voyages} voyages, {sampled_ones} sampled by the engine");
}

#[test]
fn sampled_odds_are_within_a_hundredth_of_the_exact_ones() {
    let sample_only = OddsConfig {
        exact_plays: 0,
        ..OddsConfig::default()
    };
    let mut worst = 0f64;
    let mut n = 0;
    for g in mid_game(8).iter().take(25) {
        for o in voyage_odds_with(
            g,
            &OddsConfig {
                exact_plays: 100_000,
                ..OddsConfig::default()
            },
        ) {
            if !o.exact {
                continue;
            }
            let s = action_odds(g, &o.action, &sample_only).unwrap();
            assert!(!s.exact);
            check_sums(&s);
            for (p, q) in figures(&o).iter().zip(figures(&s)) {
                worst = worst.max((p - q).abs());
            }
            n += 1;
        }
    }
    assert!(n >= 20, "{n}");
    // ±0.01 is a 95% bound per figure; over a hundred figures the worst
    // may go a little past it, never far.
    assert!(worst < 0.02, "worst difference {worst}");
    eprintln!("{n} voyages, worst difference {worst}");
}

#[test]
fn odds_do_not_depend_on_the_hidden_order_of_the_pile() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for g in mid_game(6).iter().take(12) {
        let mut order = g.unseen_cards();
        order.shuffle(&mut rng);
        let h = g.with_pile_order(&order).unwrap();
        assert_eq!(voyage_odds(g), voyage_odds(&h));
        // The sampled figures too.
        let cfg = OddsConfig {
            exact_plays: 0,
            ..OddsConfig::default()
        };
        assert_eq!(voyage_odds_with(g, &cfg), voyage_odds_with(&h, &cfg));
    }
}

#[test]
fn no_odds_outside_the_emigrate_phase() {
    let g = Game::new(GameOptions::simple(3, 1)).unwrap();
    assert!(voyage_odds(&g).is_empty());
    let mut g = arranged_small();
    let a = g.legal_actions()[0].clone();
    g.apply(&a).unwrap();
    assert_ne!(g.phase(), Phase::Emigrate);
    assert!(voyage_odds(&g).is_empty());
    assert_eq!(tongiaki::odds::voyage_odds_json(&g), json!([]));
}

#[test]
fn the_json_entry_has_the_contract_fields() {
    let g = arranged_small();
    let v = tongiaki::odds::voyage_odds_json(&g);
    let e = &v[0];
    assert_eq!(
        e["action"],
        json!({"type": "emigrate", "tile": "tonga", "beach": 4, "jetty": 4})
    );
    for k in ["arrive", "new_island", "fail", "turn_back", "stay"] {
        assert!(e[k].is_f64(), "{k}: {e}");
    }
    assert_eq!(e["exact"], true);
    assert_eq!(e["colours"], 2);
}

#[test]
fn known_trails_are_those_before_the_first_reveal() {
    // From Tonga's beach 3 (jetty edge 3, north) the group crosses
    // water-c (rotation 0) from edge 0 to edge 3 (danger 4): a group of
    // two colours fails there for certain.
    let mut g = arranged_small();
    // Land the turned-back group, then fill beach 3 in a later turn.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    while g.phase() != Phase::Emigrate
        || !g
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Emigrate { beach: 3, .. }))
    {
        if g.is_over() {
            panic!("no emigration from beach 3");
        }
        let legal = g.legal_actions();
        // Prefer expanding on Tonga's beach 3.
        let a = legal
            .iter()
            .find(|a| matches!(a, Action::Expand { tile, beaches, .. } if *tile == CardId::TONGA && beaches.contains(&3)))
            .cloned()
            .unwrap_or_else(|| legal[rng.random_range(0..legal.len())].clone());
        g.apply(&a).unwrap();
    }
    let o = voyage_odds(&g)
        .into_iter()
        .find(|o| matches!(o.action, Action::Emigrate { beach: 3, .. }))
        .unwrap();
    assert_eq!(o.known.len(), 1, "{o:?}");
    let t = o.known[0];
    assert_eq!((t.card, t.from, t.danger), (c("water-c"), 0, 4));
    if o.colours < 4 {
        assert_eq!(t.to, None);
        assert_eq!(o.fail, 1.0);
    }
}

/// The exact-vs-sampled split and the time per call over every emigration
/// decision of greedy games (BENCHMARKS.md):
/// `cargo test --release --test engine odds::bench_odds_split -- --ignored --nocapture`
#[test]
#[ignore]
fn bench_odds_split() {
    let positions = emigrate_positions(60, "greedy", |_| true);
    let mut voyages = 0;
    let mut exact = 0;
    let mut calls_exact_only = Vec::new();
    let mut calls_sampled = Vec::new();
    let mut plays = Vec::new();
    for g in &positions {
        let t0 = std::time::Instant::now();
        let odds = voyage_odds(g);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        voyages += odds.len();
        exact += odds.iter().filter(|o| o.exact).count();
        plays.extend(odds.iter().map(|o| o.plays));
        if odds.iter().all(|o| o.exact) {
            calls_exact_only.push(ms);
        } else {
            calls_sampled.push(ms);
        }
    }
    let stats = |v: &mut Vec<f64>| -> String {
        if v.is_empty() {
            return "-".into();
        }
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        format!(
            "{} calls, mean {:.2} ms, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            v.len(),
            mean,
            v[v.len() / 2],
            v[(v.len() * 95 / 100).min(v.len() - 1)],
            v[v.len() - 1]
        )
    };
    plays.sort();
    println!(
        "{} positions, {voyages} voyages: {exact} exact ({:.1}%), {} sampled",
        positions.len(),
        100.0 * exact as f64 / voyages as f64,
        voyages - exact
    );
    println!(
        "plays per voyage: median {}, max {}",
        plays[plays.len() / 2],
        plays[plays.len() - 1]
    );
    println!("all exact: {}", stats(&mut calls_exact_only));
    println!("with a sampled one: {}", stats(&mut calls_sampled));
}

#[test]
fn the_greedy_odds_bot_plays_legal_moves_and_other_greedy_options_are_refused() {
    for g in mid_game(2).iter().take(10) {
        let mut bot = make_bot("greedy:odds", 1).unwrap();
        let a = bot.choose(g);
        assert!(g.legal_moves().contains(&a), "{a:?}");
    }
    for spec in [
        "greedy:0",
        "greedy:odds:odds",
        "greedy:oddsx",
        "greedy:careless=0.5:careless=0.1",
    ] {
        assert!(make_bot(spec, 1).is_err(), "{spec}");
    }
}
