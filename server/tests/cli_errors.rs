//! The command line's errors: `tongiaki play` prints the engine's error
//! with its key and args (moved here from tests/errors.rs with the binary).

use serde_json::{json, Value};

#[test]
fn the_cli_prints_key_and_args_next_to_message() {
    let dir = std::env::temp_dir().join(format!("tongiaki-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, text: &str| -> Value {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tongiaki"))
            .arg("play")
            .arg(&p)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let e = run(
        "illegal.json",
        &json!({"players": [{"name": "A"}, {"name": "B"}], "seed": 4, "actions": [{"type": "setup_place", "beach": 9}]}).to_string(),
    );
    assert_eq!(e["index"], 0);
    assert_eq!(e["code"], "illegal_action");
    assert_eq!(e["key"], "illegal.no_such_beach");
    assert_eq!(e["args"], json!({"island": "Tonga", "beaches": 6}));
    assert_eq!(
        e["message"],
        "Tonga has no such beach; its beaches are numbered 1 to 6."
    );
    let e = run("bad.json", "{players");
    assert_eq!(e["index"], Value::Null);
    assert_eq!(e["key"], "bad_options.script_not_json");
    let m = e["message"].as_str().unwrap();
    assert_eq!(
        m,
        format!(
            "The script is not valid JSON: {}",
            e["args"]["detail"].as_str().unwrap()
        )
    );
    let e = run(
        "actions.json",
        &json!({"players": [{}, {}], "actions": 3}).to_string(),
    );
    assert_eq!(e["key"], "bad_options.script_actions");
    assert_eq!(e["args"], json!({}));
}
