//! Determinism fixtures shared by the native engine and the browser.
//!
//! Each `tests/fixtures/*.json` holds a script (docs/api.md "Scripts") and what
//! the native command line made of it: the final snapshot
//! (`tongiaki play SCRIPT.json`), the legal actions at the end and the save.
//! `tests/web.rs` replays the same scripts through the JS API in Chrome and
//! Firefox and must reach exactly the same state.
//!
//! These tests replay every fixture natively through the library (and
//! server/tests/fixtures_cli.rs through the `tongiaki play` binary) and fail
//! when the engine no longer produces the stored result, so a fixture cannot
//! silently rot. When the
//! engine changes on purpose (a rule fix), regenerate them with
//!
//!     TONGIAKI_UPDATE_FIXTURES=1 cargo test --release --test fixtures
//!
//! and review the diff. The scripts themselves are made here too, by a
//! seeded random player, from the specs in [`SPECS`].

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use tongiaki::script::run_script;
use tongiaki::Game;

/// A fixture to generate: a seeded game and a seeded random chooser.
struct Spec {
    name: &'static str,
    players: &'static [&'static str],
    seed: u64,
    /// Use an explicit pile order (the `deck` option) made from this seed.
    deck_seed: Option<u64>,
    chooser_seed: u64,
    /// Stop after this many actions (the game may be unfinished), or play
    /// to the end when `None`.
    max_actions: Option<usize>,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "complete-4p-seed-7",
        players: &["Ana", "Bo", "Cy", "Di"],
        seed: 7,
        deck_seed: None,
        chooser_seed: 1,
        max_actions: None,
    },
    Spec {
        name: "complete-2p-deck",
        players: &["Hina", "Maui"],
        seed: 2024,
        deck_seed: Some(99),
        chooser_seed: 2,
        max_actions: None,
    },
    Spec {
        name: "midgame-6p-seed-123",
        players: &["A", "B", "C", "D", "E", "F"],
        seed: 123,
        deck_seed: None,
        chooser_seed: 3,
        max_actions: Some(150),
    },
];

#[path = "common/json.rs"]
mod json;
use json::assert_same;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn updating() -> bool {
    std::env::var_os("TONGIAKI_UPDATE_FIXTURES").is_some_and(|v| v != "0" && !v.is_empty())
}

/// SplitMix64: a tiny, fully specified generator, so the scripts do not
/// depend on any crate's RNG.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The 31 non-Tonga card ids, shuffled by `seed`.
fn deck(seed: u64) -> Vec<Value> {
    // The pile of a game is exactly those 31 cards; read them off a fresh
    // game rather than hard-coding the card list.
    let g = Game::from_options_json(&json!({"players": [{}, {}], "seed": 0})).unwrap();
    let mut cards: Vec<String> = g
        .unseen_cards()
        .iter()
        .map(|c| c.key().to_string())
        .collect();
    cards.sort();
    assert_eq!(cards.len(), 31, "the pile holds the 31 non-Tonga cards");
    let mut rng = SplitMix(seed);
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    cards.into_iter().map(Value::String).collect()
}

/// Plays the spec's game with a random chooser and returns the script.
fn make_script(spec: &Spec) -> Value {
    let mut script = json!({
        "players": spec.players.iter().map(|n| json!({"name": n})).collect::<Vec<_>>(),
        "seed": spec.seed,
    });
    if let Some(d) = spec.deck_seed {
        script["deck"] = Value::Array(deck(d));
    }
    let mut g = Game::from_options_json(&script).expect("fixture options are valid");
    let mut rng = SplitMix(spec.chooser_seed);
    let mut actions = Vec::new();
    loop {
        if spec.max_actions.is_some_and(|m| actions.len() >= m) {
            break;
        }
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.below(legal.len())].to_json();
        g.apply_json(&a).expect("a legal action applies");
        actions.push(a);
        assert!(
            actions.len() < 100_000,
            "{}: the game does not end",
            spec.name
        );
    }
    script["actions"] = Value::Array(actions);
    script
}

/// The fixture for a script: the script and the native results.
fn fixture_for(spec_name: &str, script: Value) -> Value {
    let g = run_script(&script, |_, _| {})
        .unwrap_or_else(|e| panic!("{spec_name}: the script fails: {:?}", e.to_json()));
    let snapshot = g.snapshot_json();
    json!({
        "about": "Generated by tests/fixtures.rs (TONGIAKI_UPDATE_FIXTURES=1 cargo test --release --test fixtures): a script, and the final snapshot `tongiaki play` printed for it, the legal actions then and the save. tests/web.rs replays it in browsers.",
        "name": spec_name,
        "script": script,
        "snapshot": snapshot,
        "legal": g.legal_actions().iter().map(|a| a.to_json()).collect::<Vec<_>>(),
        "save": g.save(),
    })
}

fn write_json(path: &Path, v: &Value) {
    let mut text = serde_json::to_string_pretty(v).unwrap();
    text.push('\n');
    std::fs::write(path, text).unwrap();
}

#[test]
fn fixtures_match_the_native_engine() {
    let dir = fixtures_dir();
    if updating() {
        std::fs::create_dir_all(&dir).unwrap();
        for spec in SPECS {
            let fixture = fixture_for(spec.name, make_script(spec));
            write_json(&dir.join(format!("{}.json", spec.name)), &fixture);
            eprintln!("wrote tests/fixtures/{}.json", spec.name);
        }
    }
    for spec in SPECS {
        let path = dir.join(format!("{}.json", spec.name));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; generate it with TONGIAKI_UPDATE_FIXTURES=1 cargo test --release --test fixtures",
                path.display()
            )
        });
        let stored: Value = serde_json::from_str(&text).unwrap();
        // The script is what the spec makes: the chooser and the engine's
        // legal-action order still agree.
        let script = make_script(spec);
        assert_same(
            &stored["script"],
            &script,
            &format!("{}: the stored script is no longer what its spec plays (the engine's legal actions or their order changed); regenerate with TONGIAKI_UPDATE_FIXTURES=1 and review the diff", spec.name),
        );
        let fresh = fixture_for(spec.name, script);
        for key in ["snapshot", "legal", "save"] {
            assert_same(
                &fresh[key],
                &stored[key],
                &format!("{}: the native engine no longer produces the stored {key}; if the change is intended, regenerate with TONGIAKI_UPDATE_FIXTURES=1 and review the diff", spec.name),
            );
        }
    }
    check_coverage();
}

/// The browser test relies on both finished and unfinished games.
fn check_coverage() {
    let mut finished = 0;
    let mut unfinished = 0;
    for spec in SPECS {
        let text = std::fs::read_to_string(fixtures_dir().join(format!("{}.json", spec.name)))
            .expect("fixture present (see fixtures_match_the_native_engine)");
        let v: Value = serde_json::from_str(&text).unwrap();
        match v["snapshot"]["phase"].as_str() {
            Some("over") => {
                finished += 1;
                assert_eq!(v["legal"], json!([]), "{}", spec.name);
                assert!(v["snapshot"]["ranking"].is_array(), "{}", spec.name);
            }
            Some(_) => {
                unfinished += 1;
                assert!(!v["legal"].as_array().unwrap().is_empty(), "{}", spec.name);
            }
            None => panic!("{}: the snapshot has no phase", spec.name),
        }
    }
    assert!(finished >= 1 && unfinished >= 1);
}
