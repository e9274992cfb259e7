//! The browser API (src/wasm.rs) in real browsers, a module of
//! tests/browser.rs (see there how to run it):
//!
//!     wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver
//!     wasm-pack test --headless --firefox --geckodriver "$(command -v geckodriver)"
//!
//! (`-- --profile wasm-release`, the profile the shipped pkg/ is built
//! with, or `--release` work too.)
//!
//! Everything goes through the JS-facing methods with JS values built the
//! way a page builds them (`JSON.parse` of text, or objects put together
//! with `Reflect.set`): complete random games, a table of bad inputs (each
//! must be refused with the right `code`, leave the snapshot unchanged and
//! the game usable), save/load round trips, and the determinism fixtures of
//! tests/fixtures/ that the native engine produced.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect, JSON};
use serde_json::Value;
use tongiaki::wasm::{version, Game};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

// ----- helpers --------------------------------------------------------------

#[path = "common/splitmix.rs"]
mod splitmix;
use splitmix::SplitMix;

#[path = "common/json.rs"]
mod json;
use json::assert_same;

/// A JS value from JSON text, as a page would build it.
fn js(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or_else(|e| panic!("bad JSON in the test: {text}: {e:?}"))
}

/// A JS value as JSON (for comparisons that ignore key order).
fn json_of(v: &JsValue) -> Value {
    let text = JSON::stringify(v)
        .expect("stringify")
        .as_string()
        .unwrap_or_else(|| "null".into());
    serde_json::from_str(&text).expect("valid JSON")
}

fn new_game(options: &str) -> Game {
    Game::new(js(options)).unwrap_or_else(|e| panic!("new Game({options}) threw {}", describe(&e)))
}

fn legal(g: &Game) -> Array {
    g.legal_actions()
        .expect("legalActions()")
        .dyn_into::<Array>()
        .expect("legalActions() returns an array")
}

fn snapshot(g: &Game) -> Value {
    json_of(&g.snapshot().expect("snapshot()"))
}

/// `code` and `message` of a thrown value; asserts it is a real JS Error.
fn error_parts(e: &JsValue) -> (String, String) {
    let err = e
        .dyn_ref::<js_sys::Error>()
        .unwrap_or_else(|| panic!("threw a non-Error: {e:?}"));
    let code = Reflect::get(err, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_else(|| panic!("the Error has no string code: {e:?}"));
    (code, String::from(err.message()))
}

fn describe(e: &JsValue) -> String {
    match e.dyn_ref::<js_sys::Error>() {
        Some(_) => {
            let (c, m) = error_parts(e);
            format!("{c}: {m}")
        }
        None => format!("{e:?}"),
    }
}

/// A fresh copy of an engine-made action, rebuilt field by field with
/// `Reflect.set` (like a page assembling an action from clicks).
fn rebuild(action: &JsValue) -> JsValue {
    let obj = Object::new();
    let source: &Object = action.unchecked_ref();
    let keys = Object::keys(source);
    for k in keys.iter() {
        let v = Reflect::get(action, &k).unwrap();
        let v = if v.is_object() {
            // nested arrays/objects (beaches, take): copy via JSON text
            js(&JSON::stringify(&v).unwrap().as_string().unwrap())
        } else {
            v
        };
        Reflect::set(&obj, &k, &v).unwrap();
    }
    obj.into()
}

/// Plays random legal actions until the game ends (or `max` actions).
/// Checks the API's promises on the way. Returns the number of actions.
fn play_random(g: &mut Game, rng: &mut SplitMix, max: usize, ctx: &str) -> usize {
    let mut n = 0;
    while n < max {
        let actions = legal(g);
        let snap = snapshot(g);
        if actions.length() == 0 {
            assert_eq!(snap["phase"], "over", "{ctx}: no legal action but not over");
            break;
        }
        assert_ne!(
            snap["phase"], "over",
            "{ctx}: over but legal actions remain"
        );
        assert!(
            snap["current"].is_u64(),
            "{ctx}: current seat while playing"
        );
        let pick = actions.get(rng.below(actions.length() as usize) as u32);
        // Alternate how the action reaches the engine.
        let action = if n % 2 == 0 {
            js(&JSON::stringify(&pick).unwrap().as_string().unwrap())
        } else {
            rebuild(&pick)
        };
        let events = g.apply(action).unwrap_or_else(|e| {
            panic!(
                "{ctx}: legal action {} refused: {}",
                json_of(&pick),
                describe(&e)
            )
        });
        let events = events
            .dyn_into::<Array>()
            .expect("apply() returns an array");
        for ev in events.iter() {
            let ty = Reflect::get(&ev, &"type".into()).unwrap();
            assert!(
                ty.is_string(),
                "{ctx}: event without a type: {}",
                json_of(&ev)
            );
        }
        n += 1;
    }
    n
}

// ----- tests ----------------------------------------------------------------

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(version(), env!("CARGO_PKG_VERSION"));
}

#[wasm_bindgen_test]
fn complete_random_games_for_every_player_count() {
    let mut rng = SplitMix(2024);
    for players in 2..=6 {
        for k in 0..3 {
            let names: Vec<String> = (0..players)
                .map(|i| format!("{{\"name\":\"P{i}\"}}"))
                .collect();
            let seed = players * 100 + k;
            let options = format!("{{\"players\":[{}],\"seed\":{seed}}}", names.join(","));
            let mut g = new_game(&options);
            let ctx = format!("{players} players, seed {seed}");
            let n = play_random(&mut g, &mut rng, 100_000, &ctx);
            assert!(n > 0, "{ctx}");
            let snap = snapshot(&g);
            assert_eq!(snap["phase"], "over", "{ctx}: the game ended");
            assert!(snap["current"].is_null(), "{ctx}");
            let ranking = snap["ranking"].as_array().expect("ranking when over");
            let ranked: usize = ranking.iter().map(|p| p.as_array().unwrap().len()).sum();
            assert_eq!(ranked, players as usize, "{ctx}: everyone is ranked once");
            assert_eq!(legal(&g).length(), 0, "{ctx}");
            // Any action after the end: game_over, nothing changes.
            let before = snapshot(&g);
            let err = g
                .apply(js(r#"{"type":"resettle"}"#))
                .expect_err("apply after the end");
            assert_eq!(error_parts(&err).0, "game_over", "{ctx}");
            assert_same(&snapshot(&g), &before, &ctx);
            // The finished game survives a save/load round trip.
            let loaded = Game::load(g.save().unwrap().into())
                .unwrap_or_else(|e| panic!("{ctx}: {}", describe(&e)));
            assert_same(&snapshot(&loaded), &before, &format!("{ctx}: load(save())"));
        }
    }
}

#[wasm_bindgen_test]
fn games_without_a_seed_use_fresh_entropy() {
    // getrandom's wasm_js backend (crypto.getRandomValues): two unseeded
    // games get different seeds, recorded in their saves.
    let a = new_game(r#"{"players":[{"name":"A"},{"name":"B"}]}"#);
    let b = new_game(r#"{"players":[{"name":"A"},{"name":"B"}]}"#);
    let seed_of = |g: &Game| {
        let save: Value = serde_json::from_str(&g.save().unwrap()).unwrap();
        save["options"]["seed"]
            .as_u64()
            .expect("the save records the seed")
    };
    assert_ne!(seed_of(&a), seed_of(&b));
    // ... and they are playable.
    let mut a = a;
    let n = play_random(&mut a, &mut SplitMix(5), 30, "unseeded");
    assert_eq!(n, 30);
}

#[wasm_bindgen_test]
fn save_and_load_round_trip_mid_game() {
    let mut g = new_game(r#"{"players":[{"name":"Ana"},{"name":"Bo"},{"name":"Cy"}],"seed":42}"#);
    let mut rng = SplitMix(9);
    for step in 0..12 {
        play_random(&mut g, &mut rng, 17, "round trip");
        let text = g.save().unwrap();
        let mut loaded = Game::load(text.as_str().into())
            .unwrap_or_else(|e| panic!("step {step}: {}", describe(&e)));
        assert_same(
            &snapshot(&loaded),
            &snapshot(&g),
            &format!("step {step}: snapshot"),
        );
        assert_eq!(
            json_of(&legal(&loaded)),
            json_of(&legal(&g)),
            "step {step}: legal actions"
        );
        assert_eq!(
            loaded.save().unwrap(),
            text,
            "step {step}: save(load(save))"
        );
        // The loaded game goes on exactly like the original.
        if legal(&g).length() > 0 {
            let a = legal(&g).get(0);
            let e1 = json_of(&g.apply(rebuild(&a)).unwrap());
            let e2 = json_of(&loaded.apply(rebuild(&a)).unwrap());
            assert_eq!(e1, e2, "step {step}: events after load");
            assert_same(&snapshot(&loaded), &snapshot(&g), "snapshot");
        }
    }
}

/// What a bad input must produce.
struct Bad {
    what: &'static str,
    input: JsValue,
    code: &'static str,
}

fn bad(what: &'static str, json_text: &str, code: &'static str) -> Bad {
    Bad {
        what,
        input: js(json_text),
        code,
    }
}

/// Checks that each bad action is refused with its code, changes nothing,
/// and that the game still takes a legal action afterwards.
fn check_bad_actions(g: &mut Game, table: Vec<Bad>, ctx: &str) {
    for b in table {
        let before = snapshot(g);
        let legal_before = json_of(&legal(g));
        let save_before = g.save().unwrap();
        let err = match g.apply(b.input.clone()) {
            Ok(ev) => panic!("{ctx}: {} was accepted: {}", b.what, json_of(&ev)),
            Err(e) => e,
        };
        let (code, message) = error_parts(&err);
        assert_eq!(code, b.code, "{ctx}: {}: wrong code ({message})", b.what);
        assert!(
            !message.trim().is_empty(),
            "{ctx}: {}: empty message",
            b.what
        );
        assert!(
            !message.contains("panicked") && !message.contains("unreachable"),
            "{ctx}: {}: {message}",
            b.what
        );
        assert_same(
            &snapshot(g),
            &before,
            &format!("{ctx}: {} changed the snapshot", b.what),
        );
        assert_eq!(
            json_of(&legal(g)),
            legal_before,
            "{ctx}: {} changed the legal actions",
            b.what
        );
        assert_eq!(
            g.save().unwrap(),
            save_before,
            "{ctx}: {} changed the save",
            b.what
        );
    }
    // Still usable: a legal action applies.
    let a = legal(g).get(0);
    g.apply(rebuild(&a)).unwrap_or_else(|e| {
        panic!(
            "{ctx}: the game is unusable after bad inputs: {}",
            describe(&e)
        )
    });
}

#[wasm_bindgen_test]
fn bad_actions_are_refused_with_the_right_code() {
    let mut g = new_game(r#"{"players":[{"name":"Ana"},{"name":"Bo"},{"name":"Cy"}],"seed":1}"#);
    assert_eq!(snapshot(&g)["phase"], "setup");

    // Values JSON text cannot express.
    let cyclic = Object::new();
    Reflect::set(&cyclic, &"type".into(), &"setup_place".into()).unwrap();
    Reflect::set(&cyclic, &"self".into(), &cyclic).unwrap();
    let bigint = Object::new();
    Reflect::set(&bigint, &"type".into(), &"setup_place".into()).unwrap();
    Reflect::set(&bigint, &"beach".into(), &js_sys::BigInt::from(1u32).into()).unwrap();
    let nan = Object::new();
    Reflect::set(&nan, &"type".into(), &"setup_place".into()).unwrap();
    Reflect::set(&nan, &"beach".into(), &JsValue::from_f64(f64::NAN)).unwrap();
    let function: JsValue = js_sys::Function::new_no_args("return 1").into();
    let mut deep = String::new();
    for _ in 0..100_000 {
        deep.push('[');
    }
    for _ in 0..100_000 {
        deep.push(']');
    }
    let deep = js(&deep);

    let mut table = vec![
        Bad {
            what: "undefined",
            input: JsValue::UNDEFINED,
            code: "malformed_action",
        },
        Bad {
            what: "a cyclic object",
            input: cyclic.into(),
            code: "malformed_action",
        },
        Bad {
            what: "a BigInt field",
            input: bigint.into(),
            code: "malformed_action",
        },
        Bad {
            what: "NaN as an index",
            input: nan.into(),
            code: "malformed_action",
        },
        Bad {
            what: "a function",
            input: function,
            code: "malformed_action",
        },
        Bad {
            what: "100000 nested arrays",
            input: deep,
            code: "malformed_action",
        },
        Bad {
            what: "a JS string",
            input: JsValue::from_str("setup_place"),
            code: "malformed_action",
        },
        Bad {
            what: "a JS number",
            input: JsValue::from_f64(0.0),
            code: "malformed_action",
        },
        Bad {
            what: "true",
            input: JsValue::TRUE,
            code: "malformed_action",
        },
    ];
    table.extend([
        bad("null", "null", "malformed_action"),
        bad(
            "an array",
            r#"[{"type":"setup_place","beach":0}]"#,
            "malformed_action",
        ),
        bad("an empty object", "{}", "malformed_action"),
        bad(
            "type not a string",
            r#"{"type":3,"beach":0}"#,
            "malformed_action",
        ),
        bad(
            "unknown type",
            r#"{"type":"fly","beach":0}"#,
            "malformed_action",
        ),
        bad(
            "type in capitals",
            r#"{"type":"SETUP_PLACE","beach":0}"#,
            "malformed_action",
        ),
        bad(
            "missing beach",
            r#"{"type":"setup_place"}"#,
            "malformed_action",
        ),
        bad(
            "beach null",
            r#"{"type":"setup_place","beach":null}"#,
            "malformed_action",
        ),
        bad(
            "number as a string",
            r#"{"type":"setup_place","beach":"0"}"#,
            "malformed_action",
        ),
        bad(
            "negative index",
            r#"{"type":"setup_place","beach":-1}"#,
            "malformed_action",
        ),
        bad(
            "fractional index",
            r#"{"type":"setup_place","beach":1.5}"#,
            "malformed_action",
        ),
        bad(
            "index beyond 2^64",
            r#"{"type":"setup_place","beach":1e21}"#,
            "malformed_action",
        ),
        bad(
            "index as an array",
            r#"{"type":"setup_place","beach":[0]}"#,
            "malformed_action",
        ),
        bad(
            "unknown card id",
            r#"{"type":"found_kingdom","tile":"atlantis"}"#,
            "malformed_action",
        ),
        bad(
            "card id not a string",
            r#"{"type":"found_kingdom","tile":7}"#,
            "malformed_action",
        ),
        bad(
            "beaches not an array",
            r#"{"type":"expand","tile":"tonga","beaches":0}"#,
            "malformed_action",
        ),
        bad(
            "negative beach in a list",
            r#"{"type":"expand","tile":"tonga","beaches":[0,-2]}"#,
            "malformed_action",
        ),
        bad(
            "take not an object",
            r#"{"type":"expand","tile":"tonga","beaches":[0],"take":5}"#,
            "malformed_action",
        ),
        bad(
            "place_card q fractional",
            r#"{"type":"place_card","q":0.5,"r":0,"rotation":0}"#,
            "malformed_action",
        ),
        // Well formed, but not allowed now.
        bad(
            "beach out of range",
            r#"{"type":"setup_place","beach":6}"#,
            "illegal_action",
        ),
        bad(
            "huge index",
            r#"{"type":"setup_place","beach":4294967296}"#,
            "illegal_action",
        ),
        bad(
            "very huge index",
            r#"{"type":"setup_place","beach":1e15}"#,
            "illegal_action",
        ),
        bad(
            "wrong phase: resettle",
            r#"{"type":"resettle"}"#,
            "illegal_action",
        ),
        bad(
            "wrong phase: land",
            r#"{"type":"land","seat":0,"beach":0}"#,
            "illegal_action",
        ),
        bad(
            "wrong phase: place_card",
            r#"{"type":"place_card","q":0,"r":1,"rotation":0}"#,
            "illegal_action",
        ),
        bad(
            "wrong phase: expand",
            r#"{"type":"expand","tile":"tonga","beaches":[0]}"#,
            "illegal_action",
        ),
    ]);
    check_bad_actions(&mut g, table, "setup");

    // Extra fields are ignored: a legal action with junk beside it applies.
    let a = legal(&g).get(0);
    let with_extra = rebuild(&a);
    Reflect::set(&with_extra, &"note".into(), &"ignored".into()).unwrap();
    g.apply(with_extra).expect("extra fields are ignored");

    // Later phases: play on and try the table again at several decisions.
    let mut rng = SplitMix(77);
    for round in 0..6 {
        play_random(&mut g, &mut rng, 11, "bad actions");
        if legal(&g).length() == 0 {
            break;
        }
        let phase = snapshot(&g)["phase"].as_str().unwrap().to_string();
        let table = vec![
            bad("null", "null", "malformed_action"),
            bad("unknown type", r#"{"type":"sail"}"#, "malformed_action"),
            bad(
                "missing fields",
                r#"{"type":"emigrate","tile":"tonga"}"#,
                "malformed_action",
            ),
            bad(
                "negative seat",
                r#"{"type":"return","seat":-3}"#,
                "malformed_action",
            ),
            bad(
                "huge coordinates",
                r#"{"type":"place_card","q":99999999999,"r":-99999999999,"rotation":0}"#,
                "illegal_action",
            ),
            bad(
                "seat out of range",
                r#"{"type":"land","seat":9,"beach":0}"#,
                "illegal_action",
            ),
            bad(
                "rotation out of range",
                r#"{"type":"place_card","q":0,"r":1,"rotation":6}"#,
                "illegal_action",
            ),
        ];
        check_bad_actions(&mut g, table, &format!("round {round}, phase {phase}"));
    }
}

#[wasm_bindgen_test]
fn bad_options_are_refused() {
    let cases: Vec<(&str, JsValue)> = vec![
        ("undefined", JsValue::UNDEFINED),
        ("null", JsValue::NULL),
        ("a number", JsValue::from_f64(3.0)),
        ("a string", JsValue::from_str("players")),
        ("no players", js("{}")),
        ("players not an array", js(r#"{"players":2}"#)),
        ("one player", js(r#"{"players":[{"name":"Solo"}]}"#)),
        ("seven players", js(r#"{"players":[{},{},{},{},{},{},{}]}"#)),
        (
            "a player that is a string",
            js(r#"{"players":["Ana","Bo"]}"#),
        ),
        (
            "a name that is a number",
            js(r#"{"players":[{"name":1},{"name":"Bo"}]}"#),
        ),
        (
            "an unknown colour",
            js(r#"{"players":[{"color":"pink"},{}]}"#),
        ),
        (
            "a colour twice",
            js(r#"{"players":[{"color":"red"},{"color":"red"}]}"#),
        ),
        ("a negative seed", js(r#"{"players":[{},{}],"seed":-1}"#)),
        (
            "a seed as a string",
            js(r#"{"players":[{},{}],"seed":"42"}"#),
        ),
        ("a fractional seed", js(r#"{"players":[{},{}],"seed":0.5}"#)),
        (
            "a seed beyond 2^53",
            js(r#"{"players":[{},{}],"seed":18014398509481984}"#),
        ),
        (
            "a deck too short",
            js(r#"{"players":[{},{}],"seed":1,"deck":["samoa"]}"#),
        ),
        (
            "a deck with Tonga",
            js(r#"{"players":[{},{}],"seed":1,"deck":["tonga"]}"#),
        ),
        (
            "a deck that is a string",
            js(r#"{"players":[{},{}],"seed":1,"deck":"samoa"}"#),
        ),
    ];
    for (what, input) in cases {
        match Game::new(input) {
            Ok(g) => panic!("{what}: accepted, snapshot {}", snapshot(&g)),
            Err(e) => {
                let (code, message) = error_parts(&e);
                assert_eq!(code, "bad_options", "{what}: {message}");
                assert!(!message.is_empty(), "{what}");
            }
        }
    }
    // The module is still fine afterwards.
    let g = new_game(r#"{"players":[{},{}],"seed":1}"#);
    assert_eq!(snapshot(&g)["players"][0]["name"], "Blue");
}

#[wasm_bindgen_test]
fn bad_saves_are_refused() {
    let mut g = new_game(r#"{"players":[{"name":"Ana"},{"name":"Bo"}],"seed":11}"#);
    play_random(&mut g, &mut SplitMix(4), 40, "save source");
    let good = g.save().unwrap();
    let v: Value = serde_json::from_str(&good).unwrap();
    assert!(v["actions"].as_array().unwrap().len() >= 40);

    let mut tampered_action = v.clone();
    tampered_action["actions"][20] = serde_json::json!({"type": "setup_place", "beach": 99});
    let mut unknown_type = v.clone();
    unknown_type["actions"][3] = serde_json::json!({"type": "teleport"});
    let mut bad_players = v.clone();
    bad_players["options"]["players"] = serde_json::json!([]);
    let mut no_seed = v.clone();
    no_seed["options"].as_object_mut().unwrap().remove("seed");
    let mut other_seed = v.clone();
    other_seed["options"]["seed"] = serde_json::json!(12);
    let mut extra = v.clone();
    extra["actions"]
        .as_array_mut()
        .unwrap()
        .insert(0, serde_json::json!({"type": "resettle"})); // not a setup move
    let mut future = v.clone();
    future["version"] = serde_json::json!(99);
    let truncated = &good[..good.len() / 2];
    let ten_mb = "x".repeat(10 * 1024 * 1024);
    let ten_mb_json = format!("\"{}\"", "a".repeat(10 * 1024 * 1024));

    let cases: Vec<(&str, String)> = vec![
        ("an empty string", String::new()),
        ("not JSON", "save me".into()),
        ("JSON null", "null".into()),
        ("a JSON array", "[]".into()),
        ("an empty object", "{}".into()),
        ("a truncated save", truncated.into()),
        ("a 10 MB string", ten_mb),
        ("a 10 MB JSON string", ten_mb_json),
        ("an illegal action in the log", tampered_action.to_string()),
        (
            "an unknown action type in the log",
            unknown_type.to_string(),
        ),
        ("no players", bad_players.to_string()),
        ("no seed", no_seed.to_string()),
        ("a newer format version", future.to_string()),
        ("an action inserted out of turn", extra.to_string()),
    ];
    for (what, text) in &cases {
        match Game::load(text.into()) {
            Ok(l) => panic!("{what}: loaded, snapshot {}", snapshot(&l)),
            Err(e) => {
                let (code, message) = error_parts(&e);
                assert_eq!(code, "bad_save", "{what}: {message}");
                assert!(
                    !message.is_empty() && message.len() < 2000,
                    "{what}: message {message:?}"
                );
            }
        }
    }
    // A changed seed is a different game: it either loads to a different
    // state or names the first entry that no longer fits.
    match Game::load(other_seed.to_string().into()) {
        Ok(l) => assert_ne!(snapshot(&l), snapshot(&g)),
        Err(e) => assert_eq!(error_parts(&e).0, "bad_save"),
    }
    // The good save still loads after all that.
    let l = Game::load(good.as_str().into()).expect("the untouched save loads");
    assert_same(&snapshot(&l), &snapshot(&g), "snapshot");
}

/// The determinism fixtures: the native engine's results (tests/fixtures.rs).
const FIXTURES: &[(&str, &str)] = &[
    (
        "complete-4p-seed-7",
        include_str!("fixtures/complete-4p-seed-7.json"),
    ),
    (
        "complete-2p-deck",
        include_str!("fixtures/complete-2p-deck.json"),
    ),
    (
        "midgame-6p-seed-123",
        include_str!("fixtures/midgame-6p-seed-123.json"),
    ),
];

#[wasm_bindgen_test]
fn fixtures_replay_to_the_native_results() {
    for (name, text) in FIXTURES {
        let fixture: Value = serde_json::from_str(text).expect("fixture JSON");
        let script = &fixture["script"];
        // Options: the script minus its actions, as JS.
        let mut options = script.clone();
        options.as_object_mut().unwrap().remove("actions");
        let mut g = new_game(&options.to_string());
        let actions = js(&script["actions"].to_string())
            .dyn_into::<Array>()
            .unwrap();
        assert!(actions.length() > 0, "{name}");
        for (i, a) in actions.iter().enumerate() {
            g.apply(a)
                .unwrap_or_else(|e| panic!("{name}: action {i} refused: {}", describe(&e)));
        }
        assert_same(
            &snapshot(&g),
            &fixture["snapshot"],
            &format!("{name}: final snapshot"),
        );
        assert_same(
            &json_of(&legal(&g)),
            &fixture["legal"],
            &format!("{name}: legal actions"),
        );
        assert_same(
            &Value::String(g.save().unwrap()),
            &fixture["save"],
            &format!("{name}: save"),
        );
        // And the native save loads in the browser to the same state.
        let l = Game::load(fixture["save"].as_str().unwrap().into()).expect("native save loads");
        assert_same(
            &snapshot(&l),
            &fixture["snapshot"],
            &format!("{name}: loaded snapshot"),
        );
    }
}

// ----- free() (issue 29) --------------------------------------------------------

/// `obj.name(...args)` through JS, as a page calls it.
fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = Reflect::get(obj, &name.into())
        .expect("the method is there")
        .dyn_into()
        .expect("a function");
    f.apply(obj, &args.iter().collect::<Array>())
}

/// Issue 29: after `free()` every method threw wasm-bindgen's plain Error
/// ("null pointer passed to rust") without a `code`, where docs/api.md
/// promises a TongiakiError; now they throw one with code `freed`.
#[wasm_bindgen_test]
fn a_freed_game_throws_a_tongiaki_error() {
    let action = legal(&new_game(r#"{"players": [{}, {}], "seed": 1}"#)).get(0);
    let g: JsValue = new_game(r#"{"players": [{}, {}], "seed": 1}"#).into();
    call(&g, "free", &[]).expect("free() works");
    for (name, args) in [
        ("legalActions", vec![]),
        ("snapshot", vec![]),
        ("save", vec![]),
        ("apply", vec![action.clone()]),
    ] {
        let e = call(&g, name, &args).expect_err(name);
        let (code, message) = error_parts(&e);
        assert_eq!(code, "freed", "{name}: {message}");
        let key = Reflect::get(&e, &"key".into()).unwrap().as_string();
        assert_eq!(key.as_deref(), Some("internal.freed"), "{name}");
    }
    // Freeing twice is harmless.
    call(&g, "free", &[]).expect("free() again");
}

/// Issue 29: an action whose `toJSON` frees the game inside `apply` left a
/// game that only said "null pointer". That `apply` fails as an action
/// that cannot be read, and the game goes on as it was.
#[wasm_bindgen_test]
fn an_action_that_frees_the_game_inside_apply_fails_cleanly() {
    let g: JsValue = new_game(r#"{"players": [{}, {}], "seed": 1}"#).into();
    let before = call(&g, "save", &[]).unwrap();
    let legal: Array = call(&g, "legalActions", &[]).unwrap().dyn_into().unwrap();
    let first = legal.get(0);
    let sly =
        js_sys::Function::new_with_args("g, a", "return { toJSON() { g.free(); return a; } };")
            .call2(&JsValue::NULL, &g, &first)
            .unwrap();
    let e = call(&g, "apply", &[sly]).expect_err("refused");
    let (code, message) = error_parts(&e);
    assert_eq!(code, "malformed_action", "{message}");
    assert_eq!(
        call(&g, "save", &[]).unwrap(),
        before,
        "the game is unchanged"
    );
    call(&g, "apply", &[first]).expect("and plays on");
    call(&g, "free", &[]).unwrap();
}
