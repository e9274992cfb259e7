//! Voyage odds at an online table (docs/api.md#online, the `odds` message):
//! the engine's own figures for the current move, for anyone at the table,
//! worked out once per move, and telling nothing of the seed or the pile.

use crate::online_common::*;
use serde_json::{json, Value};
use tongiaki::Game;

fn emigrations(state: &Value) -> usize {
    state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["type"] == "emigrate")
        .count()
}

/// The same JSON, numbers equal to within reading them back from text
/// (serde_json's default parser may be off in the last bit).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() <= 1e-12
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The answer to an `odds` question for move `n` (asked again when the
/// message rate refused it).
async fn ask(c: &mut Client, n: u64) -> Value {
    c.answer(json!({"type": "odds", "moves": n}), "odds").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odds_at_an_online_table_are_the_engines_for_everyone_and_leak_nothing() {
    let s = server(quick()).await;
    let (id, _, mut a) = create_seated(
        s.addr,
        json!({"seats": 2, "name": "Ana", "bots": {"1": "greedy"}}),
    )
    .await;
    let mut w = Client::at(s.addr, &id, None).await;
    let mut asked: Vec<(u64, Value)> = Vec::new();
    let mut empty = 0;
    // Ana plays the game out; at each of her turns, before she acts, the
    // questions.
    let last = a
        .play_while(0, &mut Pick(3), async |a: &mut Client, v: &Value| {
            let n = v["moves"].as_u64().unwrap();
            if emigrations(v) > 0 || empty < 3 {
                // Three questions a move at most: keep under the message rate.
                tokio::time::sleep(std::time::Duration::from_millis(150)).await;
                let o = ask(a, n).await;
                assert_eq!(
                    (o["type"].as_str(), o["moves"].as_u64()),
                    (Some("odds"), Some(n)),
                    "{o}"
                );
                let list = o["odds"].as_array().expect("odds for the current move");
                assert_eq!(
                    list.len(),
                    emigrations(v),
                    "one entry per legal emigration: {o}"
                );
                if list.is_empty() {
                    empty += 1;
                } else {
                    // Anyone at the table may ask, and gets the very same answer.
                    let wo = ask(&mut w, n).await;
                    assert_eq!(wo, o, "the spectator's odds");
                    for e in list {
                        let sum = ["arrive", "fail", "turn_back", "stay"]
                            .iter()
                            .map(|k| e[k].as_f64().unwrap())
                            .sum::<f64>();
                        assert!((sum - 1.0).abs() < 1e-9, "the outcomes add up to 1: {e}");
                    }
                    asked.push((n, o["odds"].clone()));
                    // A question about a move gone by is answered with null.
                    if n > 0 {
                        let old = ask(a, n - 1).await;
                        assert_eq!(old, json!({"type": "odds", "moves": n - 1, "odds": null}));
                    }
                }
            }
            true
        })
        .await;
    assert!(asked.len() >= 2, "the game had emigrations to ask about");
    assert!(empty > 0, "and decisions that were not emigrations");

    // The figures are the engine's for that move (the save, handed out at
    // the end, replays the game).
    let (st, save) = table_save(s.addr, &id).await;
    assert_eq!(st, 200);
    let mut g = Game::from_options_json(&save["options"]).unwrap();
    let actions = save["actions"].as_array().unwrap();
    let mut k = 0;
    for (n, odds) in &asked {
        while k < *n {
            g.apply_json(&actions[k as usize]).unwrap();
            k += 1;
        }
        let engine = tongiaki::odds::voyage_odds_json(&g);
        assert!(same(&engine, odds), "move {n}: {engine} against {odds}");
    }
    assert_eq!(last["moves"].as_u64().unwrap() as usize, actions.len());
    // Nothing sent, the odds included, names a card still in the pile or the seed.
    check_no_leak(&save, &[&a.log, &w.log]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odds_questions_that_cannot_be_answered_are_refused_and_change_nothing() {
    let s = server(quick()).await;
    let (id, _, mut a) = create_seated(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    // Before the game begins.
    assert_eq!(ask(&mut a, 0).await["code"], "not_started");
    let (_, bo) = join(s.addr, &id, "Bo").await;
    let st = a.state_at(0).await;
    for bad in [
        json!({"type": "odds"}),
        json!({"type": "odds", "moves": -1}),
        json!({"type": "odds", "moves": "0"}),
        json!({"type": "odds", "moves": 1u64 << 40}),
    ] {
        a.send(bad.clone()).await;
        assert_eq!(a.error().await["code"], "bad_message", "{bad}");
    }
    // Not an emigration: no odds. A move not yet made: null.
    assert_eq!(
        ask(&mut a, 0).await,
        json!({"type": "odds", "moves": 0, "odds": []})
    );
    assert_eq!(ask(&mut a, 5).await["odds"], Value::Null);
    // Nothing changed: the table is at move 0, and the seat to act plays.
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["moves"], 0);
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    let seat = st["snapshot"]["current"].as_u64().unwrap();
    let c = if seat == 0 { &mut a } else { &mut b };
    let action = st["legal"][0].clone();
    c.act(0, &action).await;
    assert_eq!(c.state_at(1).await["moves"], 1);
}
