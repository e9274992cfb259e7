//! The determinism fixtures (tests/fixtures/*.json, made and checked against
//! the library by tests/fixtures.rs) through the `tongiaki play` binary: it
//! prints exactly the stored final snapshot for each stored script.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

#[test]
fn tongiaki_play_prints_each_fixtures_snapshot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let tmp = std::env::temp_dir().join(format!("tongiaki-fixtures-cli-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stored: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // Fixtures made by tests/fixtures.rs carry a script and its snapshot;
        // other files there (regression cases) are read by other tests.
        let (Some(script), Some(snapshot)) = (stored.get("script"), stored.get("snapshot")) else {
            continue;
        };
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let script_path = tmp.join(format!("{name}.json"));
        std::fs::write(&script_path, serde_json::to_string(script).unwrap()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
            .arg("play")
            .arg(&script_path)
            .output()
            .expect("run tongiaki play");
        assert!(
            out.status.success(),
            "{name}: tongiaki play failed ({}): {}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let printed: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{name}: tongiaki play did not print one JSON snapshot ({e}): {}",
                String::from_utf8_lossy(&out.stdout)
            )
        });
        assert_eq!(
            &printed, snapshot,
            "{name}: the CLI and the library disagree"
        );
        checked += 1;
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        checked >= 3,
        "only {checked} fixtures with a script and a snapshot"
    );
}
