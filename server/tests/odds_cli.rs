//! `tongiaki odds SCRIPT.json` (docs/api.md "Voyage odds"): one JSON array
//! for the state after the script, errors like `play`.

use serde_json::{json, Value};
use std::process::Command;
use tongiaki::bots::make_bot;
use tongiaki::{Game, GameOptions, Phase};

fn write_script(name: &str, v: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tongiaki-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, v).unwrap();
    p
}

fn odds(path: &std::path::Path) -> (Option<i32>, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .arg("odds")
        .arg(path)
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), v)
}

/// A script that ends where a beach must emigrate: a greedy game's actions
/// up to its `k`-th emigration decision.
fn emigrate_script(seed: u64, k: usize) -> (Value, Game) {
    let mut g = Game::new(GameOptions::simple(3, seed)).unwrap();
    let mut bots: Vec<_> = (0..3).map(|s| make_bot("greedy", s).unwrap()).collect();
    let mut seen = 0;
    while let Some(seat) = g.current() {
        if g.phase() == Phase::Emigrate {
            if seen == k {
                break;
            }
            seen += 1;
        }
        let a = bots[seat as usize].choose(&g);
        g.apply(&a.to_action()).unwrap();
    }
    assert_eq!(g.phase(), Phase::Emigrate);
    let save: Value = serde_json::from_str(&g.save()).unwrap();
    let mut script = save["options"].clone();
    script["actions"] = save["actions"].clone();
    (script, g)
}

#[test]
fn odds_prints_one_entry_per_legal_emigration() {
    for (seed, k) in [(11, 0), (11, 3), (12, 5)] {
        let (script, g) = emigrate_script(seed, k);
        let p = write_script(&format!("s{seed}-{k}.json"), &script.to_string());
        let (code, v) = odds(&p);
        assert_eq!(code, Some(0));
        assert_eq!(v, tongiaki::odds::voyage_odds_json(&g));
        let list = v.as_array().unwrap();
        let emigrations: Vec<Value> = g
            .legal_actions()
            .iter()
            .map(|a| a.to_json())
            .filter(|a| a["type"] == "emigrate")
            .collect();
        assert_eq!(list.len(), emigrations.len());
        for (e, a) in list.iter().zip(&emigrations) {
            assert_eq!(&e["action"], a);
            let f = |k: &str| e[k].as_f64().unwrap();
            let sum = f("arrive") + f("fail") + f("turn_back") + f("stay");
            assert!((sum - 1.0).abs() < 1e-9, "{e}");
            assert!(f("new_island") <= f("arrive") + 1e-12);
            assert!(e["exact"].is_boolean());
        }
    }
}

#[test]
fn odds_is_an_empty_array_without_an_emigration() {
    let p = write_script(
        "setup.json",
        &json!({"players": [{}, {}], "seed": 4, "actions": [{"type": "setup_place", "beach": 0}]})
            .to_string(),
    );
    assert_eq!(odds(&p), (Some(0), json!([])));
    let p = write_script("none.json", &json!({"players": [{}, {}, {}]}).to_string());
    assert_eq!(odds(&p), (Some(0), json!([])));
}

#[test]
fn odds_reports_errors_like_play() {
    let p = write_script(
        "bad.json",
        &json!({"players": [{}, {}], "seed": 4, "actions": [{"type": "setup_place", "beach": 9}]})
            .to_string(),
    );
    let (code, e) = odds(&p);
    assert_eq!(code, Some(1));
    assert_eq!(e["index"], 0);
    assert_eq!(e["code"], "illegal_action");
    assert_eq!(e["key"], "illegal.no_such_beach");
    assert!(e["message"].is_string() && e["args"].is_object());
    let p = write_script("notjson.json", "{players");
    let (code, e) = odds(&p);
    assert_eq!(code, Some(1));
    assert_eq!(e["index"], Value::Null);
    assert_eq!(e["key"], "bad_options.script_not_json");
    let p = write_script("opts.json", &json!({"players": [{}]}).to_string());
    let (code, e) = odds(&p);
    assert_eq!(code, Some(1));
    assert_eq!(e["code"], "bad_options");
    // No script, or a file that cannot be read: usage, exit 2.
    let out = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .arg("odds")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .args(["odds", "/nonexistent/script.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
