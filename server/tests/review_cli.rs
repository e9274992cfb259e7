//! `tongiaki review SAVE.json [--iterations N] [--seed S]` (docs/api.md
//! "Review", the shared API.md's contract): on saves of whole games for 2
//! to 6 players, values in 0..1, `best_value >= value` with equality where
//! the move was the best, and every voyage's luck the figure `tongiaki
//! odds` gives for that action at that moment; bad input refused clearly.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use tongiaki::bots::play_game;
use tongiaki::review::{MAX_ITERATIONS, MIN_ITERATIONS};

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("tongiaki-review-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(name: &str, text: &str) -> PathBuf {
    let p = dir().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn review(path: &Path, extra: &[&str]) -> Value {
    let mut args = vec!["review", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

/// `tongiaki odds` on the save cut before action `n` (a script: the save's
/// options and its first n actions).
fn odds_at(save: &Value, n: usize) -> Value {
    let mut script = save["options"].clone();
    script["actions"] = Value::Array(save["actions"].as_array().unwrap()[..n].to_vec());
    let p = write(
        &format!("odds-{}-{n}.json", save["options"]["seed"]),
        &script.to_string(),
    );
    let (code, out, err) = run(&["odds", p.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn review_of_whole_games_for_two_to_six_players() {
    let min = MIN_ITERATIONS.to_string();
    // two and four players: tests/review.rs reviews whole games of every
    // size; here the CLI's own JSON and its agreement with `tongiaki odds`
    for players in [2usize, 4] {
        // greedy players and one random one: mistakes to find
        let mut bots = vec!["greedy".to_string(); players];
        bots[0] = "random".into();
        let game = play_game(players, 60 + players as u64, &bots).unwrap();
        assert!(game.is_over());
        let save: Value = serde_json::from_str(&game.save()).unwrap();
        let p = write(&format!("game{players}.json"), &game.save());
        let v = review(&p, &["--iterations", &min]);
        let decisions = v["decisions"].as_array().unwrap();
        assert!(decisions.len() > 20, "{players} players");
        for d in decisions {
            for k in ["n", "seat", "action", "best", "value", "best_value"] {
                assert!(d.get(k).is_some(), "{k} in {d}");
            }
            let (val, best) = (
                d["value"].as_f64().unwrap(),
                d["best_value"].as_f64().unwrap(),
            );
            assert!(
                (0.0..=1.0).contains(&val) && (0.0..=1.0).contains(&best),
                "{d}"
            );
            assert!(best >= val, "{d}");
            if d["best"] == d["action"] {
                assert_eq!(best, val, "{d}");
            }
            let n = d["n"].as_u64().unwrap() as usize;
            assert_eq!(d["action"], save["actions"][n], "the action played");
        }
        let mistakes = decisions
            .iter()
            .filter(|d| d["best"] != d["action"])
            .count();
        assert!(
            mistakes > 0,
            "{players} players: a random player makes mistakes"
        );
        let luck = v["luck"].as_array().unwrap();
        assert!(!luck.is_empty());
        // the odds of a few voyages (every one for two players), through the CLI
        let step = if players == 2 { 1 } else { 3 };
        for l in luck.iter().step_by(step) {
            for k in ["n", "seat", "outcome", "chance"] {
                assert!(l.get(k).is_some(), "{k} in {l}");
            }
            let n = l["n"].as_u64().unwrap() as usize;
            let odds = odds_at(&save, n);
            let entry = odds
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["action"] == save["actions"][n])
                .unwrap_or_else(|| panic!("odds for action {n}"));
            let outcome = l["outcome"].as_str().unwrap();
            assert_eq!(
                l["chance"], entry[outcome],
                "the figure of `tongiaki odds` at {n}: {l}"
            );
        }
        let lines = v["players"].as_array().unwrap();
        assert_eq!(lines.len(), players);
        for (s, p) in lines.iter().enumerate() {
            assert_eq!(p["seat"], s);
            assert!(p["skill_loss"].as_f64().unwrap() >= 0.0);
            assert!(p["luck"].is_number());
        }
    }
}

#[test]
fn the_same_save_gives_the_same_review_and_the_seed_is_the_reviewers() {
    let game = play_game(3, 5, &["greedy".to_string()]).unwrap();
    let p = write("same.json", &game.save());
    let a = review(&p, &["--iterations", "40"]);
    let b = review(&p, &["--iterations", "40", "--seed", "1"]);
    assert_eq!(a, b, "seed 1 is the default");
    let c = review(&p, &["--seed", "2", "--iterations", "40"]);
    assert_eq!(
        a["luck"].as_array().unwrap().len(),
        c["luck"].as_array().unwrap().len()
    );
    assert_eq!(a["iterations"], 40);
}

#[test]
fn bad_input_is_refused_clearly() {
    let game = play_game(2, 3, &["greedy".to_string()]).unwrap();
    let good = write("good.json", &game.save());
    let good = good.to_str().unwrap();

    // usage errors: stderr, exit 2
    for (args, says) in [
        (vec!["review"], "which save"),
        (
            vec!["review", good, "--iterations"],
            "--iterations needs a whole number",
        ),
        (vec!["review", good, "--iterations", "lots"], "not lots"),
        (
            vec!["review", good, "--iterations", "0"],
            "playouts per decision, not 0",
        ),
        (vec!["review", good, "--iterations", "-5"], "not -5"),
        (
            vec!["review", good, "--seed", "x"],
            "--seed needs a whole number",
        ),
        (vec!["review", good, "--fast"], "unknown flag --fast"),
        (vec!["review", good, good], "one save at a time"),
        (
            vec!["review", "/no/such/save.json"],
            "cannot read /no/such/save.json",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}: nothing on stdout");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(err.contains("usage:"), "{args:?}: {err}");
    }
    let too_many = (MAX_ITERATIONS + 1).to_string();
    let (code, _, err) = run(&["review", good, "--iterations", &too_many]);
    assert_eq!(code, Some(2));
    assert!(err.contains(&MAX_ITERATIONS.to_string()), "{err}");

    // not a save: the engine's error as one JSON line, exit 1
    let mut bad_entry: Value = serde_json::from_str(&game.save()).unwrap();
    bad_entry["actions"][3] = serde_json::json!({"type": "resettle"});
    let script = serde_json::json!({"players": [{}, {}], "seed": 1, "actions": []});
    for (name, text, key) in [
        ("nojson.json", "{not json".to_string(), "bad_save.not_json"),
        ("array.json", "[1, 2]".to_string(), "bad_save.not_object"),
        ("entry.json", bad_entry.to_string(), "bad_save.entry"),
        ("script.json", script.to_string(), "bad_save.no_options"),
    ] {
        let p = write(name, &text);
        let (code, out, err) = run(&["review", p.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{name}: {err}");
        let v: Value = serde_json::from_str(out.trim()).unwrap_or_else(|_| panic!("{name}: {out}"));
        assert_eq!(v["code"], "bad_save", "{name}");
        assert_eq!(v["key"], key, "{name}: {v}");
        assert!(v["message"].as_str().unwrap().len() > 10);
    }
}
