//! `Game.voyageOdds()` (issue 14) in real browsers, a module of
//! tests/browser.rs (see there), alone:
//!
//!     wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver -- --test browser web_odds::
//!
//! The odds across the boundary are the engine's (the same JSON as
//! `tongiaki odds`), one entry per legal emigration, their figures sum to 1,
//! the call changes nothing and never throws, and `[]` when no beach must
//! emigrate.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, JSON};
use serde_json::Value;
use tongiaki::wasm::Game;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    JSON::parse(text).unwrap()
}

fn json_of(v: &JsValue) -> Value {
    serde_json::from_str(&JSON::stringify(v).unwrap().as_string().unwrap()).unwrap()
}

/// SplitMix64, for choosing among legal actions reproducibly.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[wasm_bindgen_test]
fn voyage_odds_are_the_engines_at_every_emigration_of_random_games() {
    let mut emigrations = 0;
    for seed in 0..4u64 {
        let g = Game::new(js(&format!(
            r#"{{"players": [{{}}, {{}}, {{}}], "seed": {}}}"#,
            40 + seed
        )))
        .unwrap();
        let mut g = g;
        let mut r = seed;
        for _ in 0..600 {
            let snap = json_of(&g.snapshot().unwrap());
            if snap["phase"] == "over" {
                break;
            }
            let legal = g.legal_actions().unwrap().dyn_into::<Array>().unwrap();
            let odds = json_of(&g.voyage_odds().unwrap());
            let list = odds.as_array().unwrap();
            let emigrate: Vec<Value> = legal
                .iter()
                .map(|a| json_of(&a))
                .filter(|a| a["type"] == "emigrate")
                .collect();
            assert_eq!(list.len(), emigrate.len(), "one entry per legal emigration");
            if !list.is_empty() {
                emigrations += 1;
                // The same as the engine's own JSON for this game.
                let native = tongiaki::Game::load(&g.save().unwrap()).unwrap();
                // (through JSON.parse, as the page reads it: 0.0 is 0 there)
                let expected = json_of(&js(&tongiaki::odds::voyage_odds_json(&native).to_string()));
                assert_eq!(odds, expected);
                for (o, a) in list.iter().zip(&emigrate) {
                    assert_eq!(&o["action"], a);
                    let f = |k: &str| o[k].as_f64().unwrap();
                    let sum = f("arrive") + f("fail") + f("turn_back") + f("stay");
                    assert!((sum - 1.0).abs() < 1e-9, "{o}");
                    assert!(o["exact"].is_boolean());
                }
                // Nothing changed.
                assert_eq!(json_of(&g.snapshot().unwrap()), snap);
            } else {
                assert_eq!(odds, serde_json::json!([]));
            }
            r = mix(r);
            let pick = legal.get((r % legal.length() as u64) as u32);
            g.apply(pick).unwrap();
        }
    }
    assert!(emigrations >= 3, "only {emigrations} emigrations");
}
