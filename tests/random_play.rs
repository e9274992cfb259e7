//! Random play over many games, checking the invariants of docs/rules.md §9 after
//! every action, that every game ends, that saves replay to the same state,
//! that `legal_actions` is exact, and that bad actions change nothing.

// The invariant checks read several per-seat arrays side by side; an index
// loop says that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tongiaki::board::MAX_SEATS;
use tongiaki::cards::{CardId, CARD_COUNT};
use tongiaki::seat::Seat;
use tongiaki::{Action, ErrorCode, Game, GameOptions, Phase};

/// RULES §9, checked on the public state.
fn check_invariants(g: &Game, ctx: &str) {
    let b = g.board();
    let n = g.players();
    // Ships: supply + beaches + kings + water + group under way = 15.
    let mut count = [0u32; MAX_SEATS];
    for s in 0..n {
        count[s] += g.supply(s as u8) as u32;
    }
    for c in b.islands() {
        for (i, spec) in c.spec().beaches.iter().enumerate() {
            let beach = &b.ships().island(c)[i];
            assert!(
                beach.count() <= spec.places,
                "{ctx}: beach {i} of {c} overfull"
            );
            assert_eq!(
                beach.count() as u32,
                beach.by_seat().iter().map(|&x| x as u32).sum::<u32>(),
                "{ctx}"
            );
            for s in 0..n {
                count[s] += beach.by_seat()[s] as u32;
            }
            for s in n..MAX_SEATS {
                assert_eq!(
                    beach.by_seat()[s],
                    0,
                    "{ctx}: ship of a seat not in the game"
                );
            }
        }
        if let Some(k) = b.king_of(c) {
            count[k.index()] += 1;
            assert_ne!(c, CardId::TONGA, "{ctx}: Tonga is never a king island");
            assert_eq!(
                b.ships().total_on(c),
                0,
                "{ctx}: a king island holds only its king"
            );
        }
    }
    for c in CardId::all().filter(|c| c.is_water()) {
        for s in 0..n {
            count[s] += b.water_ships(c)[s] as u32;
        }
        if b.water_ships(c).iter().any(|&x| x > 0) {
            assert!(
                g.is_over(),
                "{ctx}: ships stay on water only at the end (R60)"
            );
        }
    }
    if let Phase::Land(l) = g.phase() {
        for s in 0..n {
            count[s] += l.group[s] as u32;
        }
    }
    for (s, &c) in count.iter().enumerate().take(n) {
        assert_eq!(c, 15, "{ctx}: seat {s} has {c} ships, not 15");
    }
    // Cards: table + pile + removed + waiting = 32; no hex holds two cards.
    let (pi, pw) = g.pile_counts();
    let waiting = matches!(g.phase(), Phase::PlaceCard { .. }) as usize;
    assert_eq!(
        b.cards().len() + (pi + pw) as usize + b.removed().len() + waiting,
        CARD_COUNT,
        "{ctx}: cards"
    );
    for &c in b.cards() {
        assert_eq!(
            b.card_at(b.hex_of(c)),
            Some(c),
            "{ctx}: {c} is not where it lies"
        );
    }
    let mut hexes: Vec<_> = b.cards().iter().map(|&c| b.hex_of(c)).collect();
    hexes.sort();
    hexes.dedup();
    assert_eq!(hexes.len(), b.cards().len(), "{ctx}: two cards on one hex");
    // When a turn starts, no beach is full.
    if g.phase() == Phase::Turn {
        assert!(
            !b.any_full_in(b.ships()),
            "{ctx}: a turn starts with a full beach"
        );
    }
    // At most two king islands per player.
    for s in Seat::all(n) {
        assert!(
            b.kings_of(s).count() <= 2,
            "{ctx}: seat {s} has more than two kings"
        );
    }
    // R60: while the game runs, both kinds remain in the pile.
    if !g.is_over() {
        let (wi, ww) = match g.phase() {
            Phase::PlaceCard { card, .. } => (card.is_island() as u32, card.is_water() as u32),
            _ => (0, 0),
        };
        let finishing = match g.phase() {
            Phase::Land(l) => l.ends_game,
            Phase::PlaceShip { ends_game, .. } => ends_game,
            _ => false,
        };
        assert!(
            finishing || (pi + wi > 0 && pw + ww > 0),
            "{ctx}: the game should have ended (R60)"
        );
        assert!(!g.legal_moves().is_empty(), "{ctx}: no legal action");
    } else {
        assert!(g.legal_moves().is_empty());
        assert!(g.ranking().is_some());
    }
}

/// Plays one random game, checking after every step. Returns the number of actions.
fn play_checked(players: usize, seed: u64, exhaustive: bool, fuzz: bool) -> Game {
    let mut g = Game::new(GameOptions::simple(players, seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xABCD);
    check_invariants(&g, &format!("seed {seed} start"));
    let mut steps = 0;
    while !g.is_over() {
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: game does not end");
        let legal = g.legal_actions();
        assert!(!legal.is_empty());
        if exhaustive {
            // Everything listed applies; listed once each.
            for (i, a) in legal.iter().enumerate() {
                assert!(!legal[..i].contains(a), "seed {seed}: {a:?} listed twice");
                let mut h = g.clone();
                h.apply(a)
                    .unwrap_or_else(|e| panic!("seed {seed}: listed {a:?} refused: {e}"));
            }
        }
        if fuzz {
            fuzz_bad_actions(&g, &legal, &mut rng, seed);
        }
        let a = &legal[rng.random_range(0..legal.len())];
        g.apply(a)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
        check_invariants(&g, &format!("seed {seed} step {steps} after {a:?}"));
    }
    // A finished game refuses everything with game_over.
    let e = g
        .clone()
        .apply_json(&json!({"type": "resettle"}))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::GameOver);
    g
}

fn random_action_json(rng: &mut ChaCha8Rng) -> Value {
    let types = tongiaki::action::ACTION_TYPES;
    let ty = types[rng.random_range(0..types.len())];
    let card = |rng: &mut ChaCha8Rng| CardId(rng.random_range(0..32u8)).key();
    let small = |rng: &mut ChaCha8Rng| rng.random_range(0..8u32);
    let beaches = |rng: &mut ChaCha8Rng| {
        (0..rng.random_range(0..4))
            .map(|_| rng.random_range(0..7u32))
            .collect::<Vec<_>>()
    };
    let tile = card(rng);
    let mut v = json!({"type": ty, "tile": tile, "beach": small(rng), "beaches": beaches(rng),
        "jetty": small(rng), "seat": rng.random_range(0..7u32), "q": rng.random_range(-4..5), "r": rng.random_range(-4..5),
        "rotation": small(rng)});
    if rng.random_bool(0.3) {
        v["take"] = json!({"tile": card(rng), "beach": small(rng)});
    }
    v
}

fn malformed_json(rng: &mut ChaCha8Rng) -> Value {
    let options = [
        json!(null),
        json!(7),
        json!("expand"),
        json!([1, 2]),
        json!({}),
        json!({"type": "sail"}),
        json!({"type": "setup_place"}),
        json!({"type": "setup_place", "beach": "1"}),
        json!({"type": "setup_place", "beach": -1}),
        json!({"type": "emigrate", "tile": "atlantis", "beach": 0, "jetty": 1}),
        json!({"type": "emigrate", "tile": "tonga", "beach": 0}),
        json!({"type": "expand", "tile": "tonga", "beaches": "0"}),
        json!({"type": "land", "seat": 0.5, "beach": 0}),
        json!({"type": "place_card", "q": "0", "r": 0, "rotation": 0}),
    ];
    options[rng.random_range(0..options.len())].clone()
}

fn fuzz_bad_actions(g: &Game, legal: &[Action], rng: &mut ChaCha8Rng, seed: u64) {
    let before = g.snapshot();
    let save = g.save();
    for _ in 0..3 {
        let v = random_action_json(rng);
        let parsed = Action::from_json(&v).unwrap().normalized();
        let mut h = g.clone();
        match h.apply_json(&v) {
            Ok(_) => assert!(
                legal.contains(&parsed),
                "seed {seed}: unlisted {v} was applied"
            ),
            Err(e) => {
                assert!(
                    !legal.contains(&parsed),
                    "seed {seed}: listed {v} refused: {e}"
                );
                assert_eq!(e.code, ErrorCode::IllegalAction, "{v}");
                assert!(!e.message.is_empty());
                assert_eq!(
                    h.snapshot(),
                    before,
                    "seed {seed}: refused {v} changed the state"
                );
                assert_eq!(h.save(), save);
            }
        }
        let mut h = g.clone();
        let m = malformed_json(rng);
        let e = h.apply_json(&m).unwrap_err();
        assert_eq!(e.code, ErrorCode::MalformedAction, "{m}");
        assert_eq!(h.snapshot(), before);
        assert_eq!(h.save(), save);
    }
}

fn replay_matches(g: &Game) {
    let text = g.save();
    let h = Game::load(&text).unwrap_or_else(|e| panic!("reload failed: {e}"));
    assert_eq!(h.snapshot(), g.snapshot());
    assert_eq!(h.save(), text);
}

#[test]
fn invariants_hold_and_saves_replay_in_10000_random_games() {
    for i in 0..10_000u64 {
        let players = 2 + (i % 5) as usize;
        let g = play_checked(players, 1_000_000 + i, false, false);
        replay_matches(&g);
    }
}

#[test]
fn every_listed_action_applies_in_300_games() {
    for i in 0..300u64 {
        play_checked(2 + (i % 5) as usize, 5_000_000 + i, true, false);
    }
}

#[test]
fn bad_actions_are_refused_and_change_nothing_in_200_games() {
    for i in 0..200u64 {
        play_checked(2 + (i % 5) as usize, 7_000_000 + i, false, true);
    }
}

#[test]
fn saves_replay_mid_game_and_tampering_is_named() {
    let mut g = Game::new(GameOptions::simple(3, 99)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..60 {
        let legal = g.legal_actions();
        g.apply(&legal[rng.random_range(0..legal.len())]).unwrap();
        replay_matches(&g);
    }
    let mut v: Value = serde_json::from_str(&g.save()).unwrap();
    v["actions"][7] = json!({"type": "setup_place", "beach": 9});
    let e = Game::load(&v.to_string()).unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSave);
    assert!(e.message.contains("Entry 7"), "{}", e.message);
    for bad in [
        "",
        "{",
        "[]",
        "{\"options\": 3, \"actions\": []}",
        "{\"options\": {\"players\": [{}]}, \"actions\": []}",
    ] {
        assert_eq!(
            Game::load(bad).unwrap_err().code,
            ErrorCode::BadSave,
            "{bad}"
        );
    }
    let huge = "x".repeat(10 << 20);
    assert_eq!(Game::load(&huge).unwrap_err().code, ErrorCode::BadSave);
}
