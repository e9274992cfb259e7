//! Speed of the engine inside a browser, for BENCHMARKS.md. Ignored in the
//! normal test run (tests assert behaviour, not time); `scripts/bench-wasm.sh`
//! runs it next to the native `tongiaki simulate` and reads the `BENCH {...}`
//! line it prints:
//!
//!     wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver \
//!       -- --profile wasm-release --test web_bench -- --include-ignored --nocapture
//!
//! Two figures:
//! - `engine`: the very games `tongiaki simulate --players 4 --seed S`
//!   plays (same seeds, same random bots, `bots::play_game`), so the
//!   games per second compare one to one with the native figure;
//! - `js_api`: random games played through the JS-facing `Game` (legal
//!   actions out as JS objects, an action back in, as a page or worker does),
//!   so the cost of the boundary shows too.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect, JSON};
use tongiaki::bots::{mix, play_game};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/bench.rs"]
mod bench;

/// Games per figure; `TONGIAKI_BENCH_GAMES` at build time overrides.
fn games() -> usize {
    option_env!("TONGIAKI_BENCH_GAMES")
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

fn seed() -> u64 {
    option_env!("TONGIAKI_BENCH_SEED")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Milliseconds from `performance.now()` (falls back to `Date.now()`).
fn now_ms() -> f64 {
    let perf = Reflect::get(&js_sys::global(), &JsValue::from_str("performance")).ok();
    if let Some(perf) = perf.filter(|p| p.is_object()) {
        if let Ok(f) = Reflect::get(&perf, &JsValue::from_str("now")) {
            if let Some(f) = f.dyn_ref::<js_sys::Function>() {
                if let Some(t) = f.call0(&perf).ok().and_then(|v| v.as_f64()) {
                    return t;
                }
            }
        }
    }
    js_sys::Date::now()
}

fn user_agent() -> String {
    Reflect::get(&js_sys::global(), &"navigator".into())
        .and_then(|n| Reflect::get(&n, &"userAgent".into()))
        .ok()
        .and_then(|u| u.as_string())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
#[ignore = "benchmark: run by scripts/bench-wasm.sh"]
fn bench_random_games() {
    let n = games();
    let seed = seed();
    let bots = vec!["random".to_string()];

    // Warm up (JIT tiers, allocator).
    for i in 0..20 {
        play_game(4, mix(seed.wrapping_add(1_000_000 + i)), &bots).expect("game ends");
    }

    // 1. The games `tongiaki simulate --players 4 --seed S --games N` plays.
    let t0 = now_ms();
    let mut turns = 0u64;
    for i in 0..n {
        let g = play_game(4, mix(seed.wrapping_add(i as u64)), &bots).expect("game ends");
        assert!(g.is_over());
        turns += g.turn() as u64;
    }
    let engine_ms = now_ms() - t0;

    // 2. Random games through the JS-facing API.
    let api_games = (n / 4).max(1);
    let mut rng = mix(seed ^ 0xA5A5);
    let t1 = now_ms();
    let mut decisions = 0u64;
    for i in 0..api_games {
        let options = JSON::parse(&format!(
            r#"{{"players":[{{}},{{}},{{}},{{}}],"seed":{}}}"#,
            mix(seed.wrapping_add(i as u64)) & ((1 << 53) - 1)
        ))
        .unwrap();
        let mut g = tongiaki::wasm::Game::new(options).expect("new Game");
        loop {
            let legal: Array = g.legal_actions().unwrap().dyn_into().unwrap();
            if legal.length() == 0 {
                break;
            }
            rng = mix(rng);
            let pick = legal.get((rng % legal.length() as u64) as u32);
            g.apply(pick).expect("legal action applies");
            decisions += 1;
        }
    }
    let api_ms = now_ms() - t1;

    let report = serde_json::json!({
        "games": n,
        "players": 4,
        "seed": seed,
        "engine_games_per_second": n as f64 / (engine_ms / 1000.0),
        "engine_seconds": engine_ms / 1000.0,
        "mean_turns": turns as f64 / n as f64,
        "js_api_games": api_games,
        "js_api_games_per_second": api_games as f64 / (api_ms / 1000.0),
        "js_api_decisions_per_second": decisions as f64 / (api_ms / 1000.0),
        "user_agent": user_agent(),
    });
    console_log!("BENCH {}", report);
}

/// The search bot's speed on the positions of tests/bots.rs
/// `bench_search_speed` (the native figure), with the same budget.
/// Lets the browser breathe between decisions (the test driver polls the
/// page and gives up on one blocked for 20 s).
async fn pause() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        let g = js_sys::global();
        if let Ok(f) = Reflect::get(&g, &"setTimeout".into()) {
            if let Some(f) = f.dyn_ref::<js_sys::Function>() {
                let _ = f.call2(&g, &resolve, &JsValue::from(0));
                return;
            }
        }
        let _ = resolve.call0(&JsValue::NULL);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

#[wasm_bindgen_test]
#[ignore = "benchmark: run by scripts/bench-wasm.sh"]
async fn bench_search_speed() {
    let positions = bench::bench_positions(40);
    bench::bench_search(&positions[..4], 200); // warm up
    let mut ms = 0.0;
    let mut iterations = 0;
    for (i, g) in positions.iter().enumerate() {
        pause().await;
        let t = now_ms();
        iterations += bench::bench_search_one(g, i, 1000);
        ms += now_ms() - t;
    }
    let report = serde_json::json!({
        "positions": positions.len(),
        "budget": 1000,
        "iterations": iterations,
        "seconds": ms / 1000.0,
        "iterations_per_second": iterations as f64 / (ms / 1000.0),
        "ms_per_decision": ms / positions.len() as f64,
        "user_agent": user_agent(),
    });
    console_log!("BENCH_SEARCH {}", report);
}
