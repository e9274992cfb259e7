//! The command line as API.md "Scripts" describes it.

use serde_json::{json, Value};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tongiaki"))
}

fn write_script(name: &str, v: &Value) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tongiaki-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, v.to_string()).unwrap();
    p
}

/// Output of one JSON value a line (`play --trace`), parsed.
fn json_lines(out: &[u8]) -> Vec<Value> {
    std::str::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn setup_actions() -> Vec<Value> {
    [0, 1, 2, 3]
        .iter()
        .map(|b| json!({"type": "setup_place", "beach": b}))
        .collect()
}

#[test]
fn play_prints_the_final_snapshot() {
    let p = write_script(
        "ok.json",
        &json!({"players": [{"name": "A"}, {"name": "B"}], "seed": 4, "actions": setup_actions()}),
    );
    let out = bin().arg("play").arg(&p).output().unwrap();
    assert!(out.status.success());
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["phase"], "turn");
    assert_eq!(s["current"], 0);
    assert_eq!(s["turn"], 1);
    assert_eq!(s["players"][1]["supply"], 13);
    // The same script gives the same snapshot as the library.
    let g = tongiaki::script::run_script(
        &json!({"players": [{"name": "A"}, {"name": "B"}], "seed": 4, "actions": setup_actions()}),
        |_, _| {},
    )
    .unwrap();
    assert_eq!(s, g.snapshot_json());
}

#[test]
fn play_reports_the_first_bad_action_and_exits_1() {
    let mut actions = setup_actions();
    actions.insert(2, json!({"type": "setup_place", "beach": 0}));
    actions.insert(3, json!({"type": "setup_place", "beach": 0}));
    let p = write_script(
        "bad.json",
        &json!({"players": [{}, {}], "seed": 4, "actions": actions}),
    );
    let out = bin().arg("play").arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(e["index"], 3);
    assert_eq!(e["code"], "illegal_action");
    assert!(e["message"].as_str().unwrap().contains("R2"));
    let p = write_script("opts.json", &json!({"players": [{}], "actions": []}));
    let out = bin().arg("play").arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(e["index"], Value::Null);
    assert_eq!(e["code"], "bad_options");
    let p = write_script(
        "malformed.json",
        &json!({"players": [{}, {}], "seed": 1, "actions": [{"type": "setup_place", "beach": "0"}]}),
    );
    let out = bin().arg("play").arg(&p).output().unwrap();
    let e: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (e["index"].clone(), e["code"].clone()),
        (json!(0), json!("malformed_action"))
    );
}

#[test]
fn play_trace_prints_each_decision_point() {
    let p = write_script(
        "trace.json",
        &json!({"players": [{}, {}], "seed": 4, "actions": setup_actions()}),
    );
    let out = bin().args(["play", "--trace"]).arg(&p).output().unwrap();
    assert!(out.status.success());
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 5);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["index"], i);
        assert!(l["legal"].is_array() && l["snapshot"].is_object());
    }
    assert_eq!(lines[0]["legal"].as_array().unwrap().len(), 6);
    assert_eq!(lines[4]["snapshot"]["phase"], "turn");
    // A refused action: the trace up to it, then the error line, exit 1.
    let mut actions = setup_actions();
    actions[1] = json!({"type": "land", "seat": 0, "beach": 0});
    let p = write_script(
        "trace-bad.json",
        &json!({"players": [{}, {}], "seed": 4, "actions": actions}),
    );
    let out = bin().args(["play", "--trace"]).arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["index"], 1);
    assert_eq!(lines[2]["code"], "illegal_action");
}

#[test]
fn simulate_json_has_the_contracted_shape() {
    let simulate = || {
        bin()
            .args([
                "simulate",
                "--players",
                "3",
                "--games",
                "40",
                "--seed",
                "9",
                "--json",
            ])
            .output()
            .unwrap()
    };
    let out = simulate();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 40);
    assert_eq!(v["players"], 3);
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["mean_turns"].as_f64().unwrap() > 10.0);
    let laid = v["mean_cards_laid"].as_f64().unwrap();
    assert!((15.0..=31.0).contains(&laid), "{laid}");
    let ended = v["ended_by"]["last_island"].as_u64().unwrap()
        + v["ended_by"]["last_water"].as_u64().unwrap();
    assert_eq!(ended, 40);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let total: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap()).sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "shares of first place sum to 1: {total}"
    );
    for s in seats {
        assert_eq!(s["bot"], "random");
        let (lo, hi) = (
            s["ci95"][0].as_f64().unwrap(),
            s["ci95"][1].as_f64().unwrap(),
        );
        let w = s["win_share"].as_f64().unwrap();
        assert!(lo <= w && w <= hi);
    }
    // Same seed, same games.
    let again = simulate();
    let w: Value = serde_json::from_slice(&again.stdout).unwrap();
    // Same seed, same games (timings aside).
    let fixed = |v: &Value| -> Vec<Value> {
        v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| json!([s["bot"], s["win_share"], s["ci95"]]))
            .collect()
    };
    assert_eq!(fixed(&v), fixed(&w));
    assert_eq!(v["mean_turns"], w["mean_turns"]);
}

#[test]
fn simulate_rejects_bad_arguments() {
    let out = bin()
        .args(["simulate", "--players", "7", "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin()
        .args(["simulate", "--players", "2", "--bots", "oracle"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("oracle"));
}

/// Issue 11: `--games 0` is refused (it used to print "win share -0.000"),
/// and so is a count past the bound (it used to abort on an allocation),
/// at once and with a message naming the bound.
#[test]
fn simulate_refuses_zero_and_unbounded_game_counts() {
    for games in ["0", "100000000000000", "18446744073709551615"] {
        let start = std::time::Instant::now();
        let out = bin()
            .args(["simulate", "--players", "2", "--games", games])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--games {games}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--games must be 1 to 10000000"),
            "--games {games}: {err}"
        );
        assert!(out.stdout.is_empty(), "--games {games}: nothing on stdout");
        assert!(start.elapsed().as_secs() < 10, "--games {games} took long");
    }
    let out = bin()
        .args(["simulate", "--players", "2", "--games", "1", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 1);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("-0.0"), "{text}");
}

/// Issue 11: a 10 MB colour name (or bot name, or number) gives a short
/// message, not 20 MB of output.
#[test]
fn echoed_input_is_cut_short_on_the_command_line() {
    let huge = "q".repeat(10 << 20);
    let p = write_script(
        "huge-colour.json",
        &json!({"players": [{"color": huge}, {}], "seed": 1}),
    );
    let out = bin().arg("play").arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.len() < 2000,
        "{} bytes on stdout",
        out.stdout.len()
    );
    let e: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(e["key"], "bad_options.unknown_color");
    let small = "z".repeat(100_000);
    for args in [
        vec![
            "simulate",
            "--players",
            "2",
            "--games",
            "1",
            "--bots",
            small.as_str(),
        ],
        vec!["simulate", "--players", small.as_str()],
    ] {
        let out = bin().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            out.stderr.len() < 2000,
            "{} bytes on stderr",
            out.stderr.len()
        );
        assert!(out.stdout.is_empty());
    }
}
