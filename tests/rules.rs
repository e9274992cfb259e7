//! One or more scenario tests per rule of docs/rules.md, named after it. Each
//! starts from a fixed deck (a script from the start) or an arranged
//! position, applies real actions through the checked API, and asserts the
//! snapshot and the events. The helpers are here; the tests are in
//! `rules/`, one file per part of the rules.

use serde_json::{json, Value};
use tongiaki::cards::CardId;
use tongiaki::position::Arrangement;
use tongiaki::{ErrorCode, Game, GameEvent, Phase};

fn c(key: &str) -> CardId {
    CardId::from_key(key).unwrap_or_else(|| panic!("no card {key}"))
}

fn act(g: &mut Game, a: Value) -> Vec<GameEvent> {
    g.apply_json(&a)
        .unwrap_or_else(|e| panic!("{a} refused: {e}\nlegal: {:?}", legal(g)))
}

/// Applies an action that must be refused as illegal, checks nothing
/// changed, and returns the message.
fn refused(g: &mut Game, a: Value) -> String {
    let before = g.snapshot();
    let e = g.apply_json(&a).expect_err(&format!("{a} was accepted"));
    assert_eq!(e.code, ErrorCode::IllegalAction, "{a}: {e}");
    assert_eq!(g.snapshot(), before, "{a} changed the state");
    e.message
}

fn legal(g: &Game) -> Vec<Value> {
    g.legal_actions().iter().map(|a| a.to_json()).collect()
}

fn snap(g: &Game) -> Value {
    g.snapshot_json()
}

fn tile<'a>(s: &'a Value, card: &str) -> &'a Value {
    s["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["card"] == card)
        .unwrap_or_else(|| panic!("{card} not on the table"))
}

fn beach_ships(g: &Game, card: &str, beach: usize) -> Value {
    tile(&snap(g), card)["beaches"][beach]["ships"].clone()
}

fn arrange(players: usize) -> Arrangement {
    Arrangement {
        players,
        ..Default::default()
    }
}

fn ships(list: &[(&str, u8, u8)]) -> Vec<(CardId, u8, u8)> {
    list.iter().map(|&(k, b, s)| (c(k), b, s)).collect()
}

fn has(ev: &[GameEvent], pred: impl Fn(&GameEvent) -> bool) -> bool {
    ev.iter().any(pred)
}

#[path = "rules/end.rs"]
mod end;
#[path = "rules/kings.rs"]
mod kings;
#[path = "rules/r25.rs"]
mod r25;
#[path = "rules/r25_large.rs"]
mod r25_large;
#[path = "rules/setup.rs"]
mod setup;
#[path = "rules/special.rs"]
mod special;
#[path = "rules/voyages.rs"]
mod voyages;
