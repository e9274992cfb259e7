//! The bots through the browser API (`Game.botAction`, `Game.botDecision`,
//! src/wasm_bots.rs) in real browsers; a module of tests/browser.rs (see
//! there), alone:
//!
//!     wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver -- --test browser web_bots::
//!
//! Every bot kind plays whole games through `apply` (each choice must be
//! accepted: it is legal); the same seed gives the same choice; a search
//! reports its iterations and keeps to its budget; bad kinds, seeds and
//! budgets and a finished game are refused with the right code, leaving the
//! game unchanged.
#![cfg(target_arch = "wasm32")]

use js_sys::{Reflect, JSON};
use tongiaki::wasm::Game;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or_else(|e| panic!("bad JSON in the test: {text}: {e:?}"))
}

fn text(v: &JsValue) -> String {
    JSON::stringify(v)
        .expect("stringify")
        .as_string()
        .unwrap_or_else(|| "undefined".into())
}

fn new_game(options: &str) -> Game {
    Game::new(js(options)).unwrap_or_else(|e| panic!("new Game({options}) threw {e:?}"))
}

fn code_of(e: &JsValue) -> String {
    let err = e
        .dyn_ref::<js_sys::Error>()
        .unwrap_or_else(|| panic!("threw a non-Error: {e:?}"));
    Reflect::get(err, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_else(|| panic!("the Error has no code: {e:?}"))
}

fn message_of(e: &JsValue) -> String {
    String::from(e.dyn_ref::<js_sys::Error>().expect("an Error").message())
}

fn legal_texts(g: &Game) -> Vec<String> {
    let a: js_sys::Array = g.legal_actions().unwrap().dyn_into().unwrap();
    a.iter().map(|x| text(&x)).collect()
}

fn budget(iterations: u32) -> JsValue {
    js(&format!("{{\"iterations\": {iterations}}}"))
}

/// The seat to move (`snapshot().current`).
fn current(g: &Game) -> usize {
    let snap = g.snapshot().unwrap();
    Reflect::get(&snap, &"current".into())
        .unwrap()
        .as_f64()
        .unwrap() as usize
}

/// Plays a game to the end with `kinds[seat]` choosing; every choice must
/// be one of the legal actions and accepted by `apply`.
fn play(kinds: &[&str], seed: u32, search_iterations: u32) -> usize {
    let players: Vec<String> = (0..kinds.len())
        .map(|i| format!("{{\"name\": \"P{i}\"}}"))
        .collect();
    let mut g = new_game(&format!(
        "{{\"players\": [{}], \"seed\": {seed}}}",
        players.join(",")
    ));
    let mut n = 0;
    let mut turn_decisions = 0;
    let mut last_turn = 0;
    while !legal_texts(&g).is_empty() {
        let snap = g.snapshot().unwrap();
        let seat = current(&g);
        let turn = Reflect::get(&snap, &"turn".into())
            .unwrap()
            .as_f64()
            .unwrap_or(0.0) as u32;
        if turn != last_turn {
            last_turn = turn;
            turn_decisions = 0;
        }
        turn_decisions += 1;
        // A bot may keep an R25 chain going; past this, let random break it.
        let kind = if turn_decisions > 200 {
            "random"
        } else {
            kinds[seat]
        };
        let legal = legal_texts(&g);
        let a = g
            .bot_action(
                JsValue::from(kind),
                JsValue::from((n as f64) * 7.0 + 1.0),
                budget(search_iterations),
            )
            .unwrap_or_else(|e| panic!("{kind}: botAction threw {}", message_of(&e)));
        assert!(
            legal.contains(&text(&a)),
            "{kind} chose {} which is not legal",
            text(&a)
        );
        g.apply(a)
            .unwrap_or_else(|e| panic!("{kind}: its choice was refused: {}", message_of(&e)));
        n += 1;
        assert!(n < 20_000, "the game did not end");
    }
    n
}

#[wasm_bindgen_test]
fn every_bot_kind_plays_a_whole_game_with_legal_actions() {
    assert!(play(&["random", "greedy", "random"], 5, 20) > 50);
    assert!(play(&["search", "greedy"], 6, 12) > 50);
}

#[wasm_bindgen_test]
fn the_same_seed_gives_the_same_choice_and_search_reports_its_iterations() {
    let mut g = new_game("{\"players\": [{}, {}, {}], \"seed\": 41}");
    // Move on until a real choice among several actions is pending.
    for i in 0..40 {
        if legal_texts(&g).len() > 3 {
            break;
        }
        let a = g
            .bot_action(
                JsValue::from("random"),
                JsValue::from(i as f64),
                JsValue::UNDEFINED,
            )
            .unwrap();
        g.apply(a).unwrap();
    }
    assert!(legal_texts(&g).len() > 1, "a choice is pending");
    for kind in ["random", "greedy", "search"] {
        let a = g
            .bot_action(JsValue::from(kind), JsValue::from(77.0), budget(30))
            .unwrap();
        let b = g
            .bot_action(JsValue::from(kind), JsValue::from(77.0), budget(30))
            .unwrap();
        assert_eq!(text(&a), text(&b), "{kind}: same seed, same choice");
    }
    let d = g
        .bot_decision(JsValue::from("search"), JsValue::from(3.0), budget(25))
        .unwrap();
    let iterations = Reflect::get(&d, &"iterations".into())
        .unwrap()
        .as_f64()
        .unwrap();
    assert!(
        (1.0..=25.0).contains(&iterations),
        "search:25 ran {iterations} iterations"
    );
    let millis = Reflect::get(&d, &"millis".into()).unwrap().as_f64();
    assert!(millis.is_some_and(|m| m >= 0.0), "millis is a number");
    assert!(legal_texts(&g).contains(&text(&Reflect::get(&d, &"action".into()).unwrap())));
    let greedy = g
        .bot_decision(
            JsValue::from("greedy"),
            JsValue::from(3.0),
            JsValue::UNDEFINED,
        )
        .unwrap();
    assert_eq!(
        Reflect::get(&greedy, &"iterations".into())
            .unwrap()
            .as_f64(),
        Some(0.0)
    );
}

#[wasm_bindgen_test]
fn bad_kinds_seeds_and_budgets_are_refused_and_change_nothing() {
    let g = new_game("{\"players\": [{}, {}], \"seed\": 9}");
    let before = text(&g.snapshot().unwrap());
    let cases: Vec<(&str, f64, JsValue)> = vec![
        ("clever", 1.0, JsValue::UNDEFINED),
        ("", 1.0, JsValue::UNDEFINED),
        ("greedy:5", 1.0, JsValue::UNDEFINED),
        ("search:0", 1.0, JsValue::UNDEFINED),
        ("search:fast", 1.0, JsValue::UNDEFINED),
        ("random", -1.0, JsValue::UNDEFINED),
        ("random", 1.5, JsValue::UNDEFINED),
        ("random", f64::NAN, JsValue::UNDEFINED),
        ("random", 1e300, JsValue::UNDEFINED),
        ("search", 1.0, js("5")),
        ("search", 1.0, js("[1]")),
        ("search", 1.0, js("{\"iterations\": 0}")),
        ("search", 1.0, js("{\"iterations\": 2.5}")),
        ("search", 1.0, js("{\"iterations\": \"10\"}")),
        ("search", 1.0, js("{\"millis\": -3}")),
        ("search", 1.0, js("{\"iterations\": 1e12}")),
    ];
    for (kind, seed, b) in cases {
        let what = format!("botAction({kind:?}, {seed}, {})", text(&b));
        let e = g
            .bot_action(JsValue::from(kind), JsValue::from(seed), b)
            .err()
            .unwrap_or_else(|| panic!("{what} was accepted"));
        assert_eq!(code_of(&e), "bad_options", "{what}");
        assert!(message_of(&e).len() > 10, "{what}: a real message");
    }
    assert_eq!(
        text(&g.snapshot().unwrap()),
        before,
        "the game is unchanged"
    );
}

#[wasm_bindgen_test]
fn a_finished_game_has_no_bot_move() {
    let mut g = new_game("{\"players\": [{}, {}], \"seed\": 3}");
    let mut n = 0;
    while !legal_texts(&g).is_empty() && n < 20_000 {
        let a = g
            .bot_action(
                JsValue::from("random"),
                JsValue::from(n as f64),
                JsValue::UNDEFINED,
            )
            .unwrap();
        g.apply(a).unwrap();
        n += 1;
    }
    let e = g
        .bot_action(
            JsValue::from("greedy"),
            JsValue::from(1.0),
            JsValue::UNDEFINED,
        )
        .unwrap_err();
    assert_eq!(code_of(&e), "game_over");
}

/// The worker's kept bot (`BotPlayer`, issue 32): it plays legal actions
/// through a game, its searches start from the tree its last decision
/// kept (`reused` > 0) while the game goes on from there, and it refuses
/// an unknown kind and a finished game with the codes `botDecision` uses.
#[wasm_bindgen_test]
fn a_kept_bot_player_reuses_its_tree_along_the_game() {
    use tongiaki::wasm::BotPlayer;
    let e = BotPlayer::new(JsValue::from("expert:9"))
        .err()
        .expect("refused");
    assert_eq!(code_of(&e), "bad_options");
    let mut p = BotPlayer::new(JsValue::from("search:150:reuse")).unwrap();
    assert_eq!(p.kind(), "search:150:reuse");
    let mut greedy = BotPlayer::new(JsValue::from("greedy")).unwrap();
    let mut g = new_game("{\"players\": [{}, {}], \"seed\": 12}");
    let (mut decisions, mut reused) = (0, 0);
    let mut n = 0;
    while !legal_texts(&g).is_empty() {
        let seat = current(&g);
        let legal = legal_texts(&g);
        let bot = if seat == 0 { &mut p } else { &mut greedy };
        let d = bot
            .decide(&g, JsValue::from(n as f64), JsValue::UNDEFINED)
            .unwrap_or_else(|e| panic!("decide threw {}", message_of(&e)));
        let a = Reflect::get(&d, &"action".into()).unwrap();
        assert!(legal.contains(&text(&a)), "{} is not legal", text(&a));
        if seat == 0 && legal.len() > 1 {
            decisions += 1;
            let r = Reflect::get(&d, &"reused".into())
                .unwrap()
                .as_f64()
                .unwrap();
            reused += (r > 0.0) as u32;
        }
        g.apply(a).unwrap();
        n += 1;
        assert!(n < 20_000, "the game did not end");
    }
    assert!(
        decisions > 20 && reused * 2 > decisions,
        "reused {reused} of {decisions}"
    );
    let e = p
        .decide(&g, JsValue::from(1.0), JsValue::UNDEFINED)
        .unwrap_err();
    assert_eq!(code_of(&e), "game_over");
}
