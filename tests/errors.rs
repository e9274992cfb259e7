//! Error keys and arguments (src/error.rs): every error's English message is
//! its key's template filled with its arguments, each error path gives its
//! own key, and www/lang/*.js translate exactly the engine's keys.

use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use tongiaki::cards::CardId;
use tongiaki::error::{english, render, ENGLISH};
use tongiaki::position::Arrangement;
use tongiaki::{Error, ErrorCode, Game, Reason};

fn c(key: &str) -> CardId {
    CardId::from_key(key).unwrap_or_else(|| panic!("no card {key}"))
}

fn two() -> Value {
    json!({"players": [{"name": "Ana"}, {"name": "Bo"}], "seed": 1})
}

/// Renders `template` with a JSON object of arguments (as a front end gets them).
fn render_json<'t>(
    template: &str,
    args: &Map<String, Value>,
    lookup: &dyn Fn(&str) -> Option<&'t str>,
) -> String {
    let a: Vec<(&str, Value)> = args.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    render(template, &a, lookup)
}

/// The message is the English template filled with the arguments, also after
/// the arguments went through JSON.
fn check(e: &Error) {
    assert_eq!(e.reason().key(), e.key, "not a reason's key");
    let t = english(e.key).unwrap_or_else(|| panic!("{}: no template", e.key));
    assert_eq!(render(t, &e.args, &english), e.message, "{}", e.key);
    let Value::Object(m) = e.args_json() else {
        panic!("args are not an object")
    };
    assert_eq!(m.len(), e.args.len(), "{}: repeated argument names", e.key);
    assert_eq!(render_json(t, &m, &english), e.message, "{}", e.key);
    assert!(
        !e.message.contains("{@"),
        "{}: unresolved part in {}",
        e.key,
        e.message
    );
}

// ----- a corpus of real errors ---------------------------------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
    fn pick(&mut self, n: usize) -> usize {
        self.next() % n
    }
}

/// Actions of every type with random fields, most of them illegal.
fn candidates(r: &mut Rng) -> Vec<Value> {
    let cards: Vec<&str> = CardId::all().map(|c| c.key()).collect();
    let mut v = Vec::new();
    for _ in 0..12 {
        let tile = cards[r.pick(cards.len())];
        let t2 = cards[r.pick(cards.len())];
        let b = r.pick(8);
        let bs: Vec<usize> = (0..r.pick(4)).map(|_| r.pick(7)).collect();
        v.push(json!({"type": "setup_place", "beach": b}));
        v.push(json!({"type": "expand", "tile": tile, "beaches": bs}));
        v.push(json!({"type": "expand", "tile": tile, "beaches": bs, "take": {"tile": t2, "beach": r.pick(6)}}));
        v.push(json!({"type": "found_kingdom", "tile": tile}));
        v.push(json!({"type": "resettle"}));
        v.push(json!({"type": "place_new", "tile": tile, "beaches": bs}));
        v.push(json!({"type": "emigrate", "tile": tile, "beach": b, "jetty": r.pick(7)}));
        v.push(json!({"type": "land", "seat": r.pick(7), "beach": b}));
        v.push(json!({"type": "return", "seat": r.pick(7)}));
        v.push(json!({"type": "place_card", "q": r.pick(7) as i64 - 3, "r": r.pick(7) as i64 - 3, "rotation": r.pick(8)}));
        v.push(json!({"type": "place_ship", "beach": b}));
    }
    v
}

fn bad_inputs() -> Vec<Value> {
    let deck: Vec<&str> = CardId::all().skip(1).map(|c| c.key()).collect();
    let mut deck_twice = deck.clone();
    deck_twice[1] = deck_twice[0];
    let mut deck_tonga = deck.clone();
    deck_tonga[0] = "tonga";
    let mut deck_unknown = deck.clone();
    deck_unknown[0] = "atlantis";
    let mut deck_number: Vec<Value> = deck.iter().map(|&s| json!(s)).collect();
    deck_number[0] = json!(7);
    let long = "x".repeat(50);
    serde_json::from_value(json!([
        null, 1, true, "x", [], {}, {"type": 3}, {"type": "fly"}, {"type": long},
        {"type": "expand"}, {"type": "expand", "tile": "atlantis", "beaches": [0]},
        {"type": "expand", "tile": 3, "beaches": [0]}, {"type": "expand", "tile": "samoa", "beaches": "a"},
        {"type": "expand", "tile": "samoa", "beaches": [-1]}, {"type": "expand", "tile": "samoa", "beaches": [1.5]},
        {"type": "expand", "tile": "samoa", "beaches": [true]}, {"type": "expand", "tile": "samoa", "beaches": [0], "take": 5},
        {"type": "expand", "tile": "samoa", "beaches": [0], "take": {"tile": "samoa"}},
        {"type": "expand", "tile": "samoa", "beaches": vec![0; 65]},
        {"type": "place_card", "q": 1.5, "r": 0, "rotation": 0}, {"type": "place_card", "q": "a", "r": 0, "rotation": 0},
        {"type": "land", "seat": -3, "beach": 0}, {"type": "setup_place", "beach": {"a": 1}},
        {"type": "setup_place", "beach": null}, {"type": "setup_place", "beach": [1]},
        {"players": 3}, {"seed": 3}, {"players": [{"name": "A"}]}, {"players": [1, 2]},
        {"players": [{"name": 1}, {}]}, {"players": [{"name": long}, {}]},
        {"players": [{"color": "pink"}, {}]}, {"players": [{"color": "red"}, {"color": "red"}]},
        {"players": [{"color": 1}, {}]}, {"players": [{}, {}], "seed": -1}, {"players": [{}, {}], "seed": "x"},
        {"players": [{}, {}], "seed": 1, "deck": 3}, {"players": [{}, {}], "seed": 1, "deck": [1]},
        {"players": [{}, {}], "seed": 1, "deck": deck_number}, {"players": [{}, {}], "seed": 1, "deck": deck_unknown},
        {"players": [{}, {}], "seed": 1, "deck": deck_tonga}, {"players": [{}, {}], "seed": 1, "deck": deck_twice},
        {"players": [{}, {}, {}, {}, {}, {}, {}]},
        {"format": "x"}, {"format": "tongiaki-save", "version": 2}, {"format": "tongiaki-save"},
        {"format": "tongiaki-save", "options": 3}, {"format": "tongiaki-save", "options": {"players": [{}, {}]}},
        {"format": "tongiaki-save", "options": {"players": [{}, {}], "seed": 1}},
        {"format": "tongiaki-save", "options": {"players": [{}, {}], "seed": 1}, "actions": [{"type": "resettle"}]},
        {"format": "tongiaki-save", "options": {"players": [{}, {}], "seed": 1}, "actions": [{"type": "expand", "tile": "samoa"}]},
    ]))
    .unwrap()
}

/// Errors from bad options, malformed actions, illegal actions during
/// random games, tampered saves and finished games.
fn corpus() -> Vec<Error> {
    let mut out = Vec::new();
    for v in bad_inputs() {
        let mut g = Game::from_options_json(&two()).unwrap();
        out.extend(g.apply_json(&v).err());
        out.extend(Game::from_options_json(&v).err());
        out.extend(Game::load(&v.to_string()).err());
    }
    out.extend(Game::load("{not json").err());
    out.extend(Game::load(&" ".repeat(tongiaki::game::MAX_SAVE_BYTES + 1)).err());
    let mut r = Rng(11);
    for seed in 0..24u64 {
        let n = 2 + (seed % 5) as usize;
        let players: Vec<Value> = (0..n).map(|i| json!({"name": format!("P{i}")})).collect();
        let mut g = Game::from_options_json(&json!({"players": players, "seed": seed})).unwrap();
        let mut steps = 0;
        loop {
            let legal = g.legal_actions();
            if legal.is_empty() {
                out.extend(g.apply_json(&json!({"type": "resettle"})).err());
                break;
            }
            if g.snapshot_json()["phase"] == "land" {
                out.extend(g.apply_json(&json!({"type": "resettle"})).err());
                for seat in 0..7 {
                    out.extend(g.apply_json(&json!({"type": "return", "seat": seat})).err());
                    for beach in 0..6 {
                        out.extend(
                            g.apply_json(&json!({"type": "land", "seat": seat, "beach": beach}))
                                .err(),
                        );
                    }
                }
            }
            if steps % 2 == 0 {
                for a in candidates(&mut r) {
                    match g.apply_json(&a) {
                        Err(e) => out.push(e),
                        Ok(_) => break,
                    }
                }
            }
            let legal = g.legal_actions();
            if legal.is_empty() {
                continue;
            }
            g.apply(&legal[r.pick(legal.len())]).unwrap();
            steps += 1;
            if steps % 40 == 0 {
                let mut s: Value = serde_json::from_str(&g.save()).unwrap();
                let acts = s["actions"].as_array_mut().unwrap();
                let i = r.pick(acts.len());
                acts[i] = candidates(&mut r)[r.pick(12)].clone();
                out.extend(Game::load(&s.to_string()).err());
            }
        }
    }
    out.extend(scenarios().into_iter().map(|(_, e)| e));
    // The bots' refusals (simulate --bots, Game.botAction).
    #[cfg(feature = "bots")]
    for spec in [
        "oracle",
        "greedy:3",
        "search:fast",
        "search:0",
        "search:4294967295",
        "search:infms",
    ] {
        out.extend(
            tongiaki::bots::make_bot(spec, 1)
                .err()
                .map(|e| e.to_error()),
        );
    }
    #[cfg(feature = "bots")]
    {
        use tongiaki::bots::BotError;
        out.push(BotError::BudgetNotObject.to_error());
        out.push(BotError::BudgetField("millis").to_error());
        // The review's budget (tongiaki review --iterations, Review's options).
        out.extend(tongiaki::review::ReviewConfig::checked(0.0, 1).err());
    }
    // A name of invisible characters only (issue 11).
    out.extend(
        Game::from_options_json(&json!({"players": [{"name": "\u{200b}\u{202e}"}, {}]})).err(),
    );
    out
}

/// Arranged positions for the refusals random play seldom reaches.
fn scenarios() -> Vec<(&'static str, Error)> {
    let mut out = Vec::new();
    let arranged = |f: &dyn Fn(&mut Arrangement)| {
        let mut a = Arrangement {
            players: 2,
            ..Default::default()
        };
        f(&mut a);
        Game::arranged(&a).unwrap()
    };
    let mut refuse = |name: &'static str, g: &mut Game, a: Value| {
        let e = g.apply_json(&a).expect_err(name);
        out.push((name, e));
    };
    // A king island (R31), two kings (R30), founding where others are.
    let mut g = arranged(&|a| {
        a.cards = vec![
            (c("samoa"), 0, -1, 0),
            (c("hawaii"), 1, -1, 0),
            (c("oahu"), -1, 0, 0),
        ];
        a.kings = vec![(c("samoa"), 1)];
        a.ships = vec![(c("tonga"), 0, 0), (c("hawaii"), 0, 0), (c("hawaii"), 1, 1)];
    });
    refuse(
        "king_island",
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [0]}),
    );
    refuse(
        "already_king",
        &mut g,
        json!({"type": "found_kingdom", "tile": "samoa"}),
    );
    refuse(
        "king_others",
        &mut g,
        json!({"type": "found_kingdom", "tile": "hawaii"}),
    );
    refuse(
        "tonga_king",
        &mut g,
        json!({"type": "found_kingdom", "tile": "tonga"}),
    );
    refuse(
        "king_no_ship",
        &mut g,
        json!({"type": "found_kingdom", "tile": "oahu"}),
    );
    refuse(
        "place_new_has_ships",
        &mut g,
        json!({"type": "place_new", "tile": "tonga", "beaches": [0, 1]}),
    );
    let mut g = arranged(&|a| {
        a.cards = vec![
            (c("samoa"), 0, -1, 0),
            (c("hawaii"), 1, -1, 0),
            (c("oahu"), -1, 0, 0),
        ];
        a.kings = vec![(c("samoa"), 0), (c("hawaii"), 0)];
        a.ships = vec![(c("oahu"), 0, 0)];
    });
    refuse(
        "two_kings",
        &mut g,
        json!({"type": "found_kingdom", "tile": "oahu"}),
    );
    // No ship on an island (R50).
    let mut g = arranged(&|a| {
        a.cards = vec![(c("samoa"), 0, -1, 0), (c("hawaii"), 1, -1, 0)];
        a.kings = vec![(c("samoa"), 1)];
        a.ships = vec![(c("tonga"), 0, 1), (c("tonga"), 0, 1)];
    });
    refuse(
        "no_room",
        &mut g,
        json!({"type": "place_new", "tile": "tonga", "beaches": [0, 0]}),
    );
    refuse("resettle", &mut g, json!({"type": "resettle"}));
    refuse(
        "no_island_ships",
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [1]}),
    );
    refuse(
        "no_island_ships_king",
        &mut g,
        json!({"type": "found_kingdom", "tile": "hawaii"}),
    );
    refuse(
        "place_new_king",
        &mut g,
        json!({"type": "place_new", "tile": "samoa", "beaches": [0]}),
    );
    refuse(
        "place_new_count",
        &mut g,
        json!({"type": "place_new", "tile": "hawaii", "beaches": [0, 1]}),
    );
    // An empty supply (R51): taking a ship from an island.
    let mut g = arranged(&|a| {
        a.cards = vec![
            (c("samoa"), 0, -1, 0),
            (c("hawaii"), 1, -1, 0),
            (c("oahu"), -1, 0, 0),
            (c("tahiti"), 0, 1, 0),
        ];
        a.kings = vec![(c("hawaii"), 0)];
        let mut ships = vec![(c("hawaii"), 0, 0), (c("tahiti"), 0, 0)];
        for (b, n) in [(0, 3), (1, 4), (2, 3)] {
            ships.extend(std::iter::repeat_n((c("oahu"), b, 0), n));
        }
        ships.extend(std::iter::repeat_n((c("samoa"), 0, 0), 2));
        a.ships = ships;
    });
    refuse(
        "supply_empty",
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [1]}),
    );
    let take = |tile: &str, beaches: Value, from: &str, beach: u32| json!({"type": "expand", "tile": tile, "beaches": beaches, "take": {"tile": from, "beach": beach}});
    refuse(
        "no_free_place",
        &mut g,
        take("oahu", json!([0]), "samoa", 0),
    );
    refuse(
        "take_no_ship",
        &mut g,
        take("samoa", json!([1]), "samoa", 2),
    );
    refuse("take_king", &mut g, take("samoa", json!([1]), "hawaii", 0));
    refuse(
        "take_one_ship",
        &mut g,
        take("samoa", json!([1, 2]), "oahu", 0),
    );
    refuse(
        "take_same_beach",
        &mut g,
        take("oahu", json!([1]), "oahu", 1),
    );
    refuse(
        "take_last_ship",
        &mut g,
        take("tahiti", json!([1]), "tahiti", 0),
    );
    // Tonga removed (R25).
    let mut g = arranged(&|a| {
        a.cards = vec![(c("samoa"), 0, -1, 0)];
        a.tonga_removed = true;
        a.ships = vec![(c("samoa"), 0, 0)];
    });
    refuse(
        "removed",
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [0]}),
    );
    // Game over.
    let mut g = Game::from_options_json(&two()).unwrap();
    let mut r = Rng(3);
    while !g.is_over() {
        let l = g.legal_actions();
        g.apply(&l[r.pick(l.len())]).unwrap();
    }
    refuse("game_over", &mut g, json!({"type": "resettle"}));
    out
}

/// Keys no test here reaches: the browser wrapper's and the CLI's own
/// (tests/web.rs, tests below), the free-form text, a missing random source,
/// and refusals that need an endless R25 chain.
const UNREACHED: &[&str] = &[
    "text",
    "bad_options.bot_kind_not_text",
    // The browser's `Review` options that are not an object, or an
    // `iterations` that is not a number (src/wasm/review.rs).
    "bad_options.review_options",
    "bad_options.review_iterations_not_number",
    "bad_save.not_text",
    "bad_options.not_json",
    "malformed.not_json",
    "bad_options.no_random",
    "bad_options.script_not_json",
    "bad_options.script_actions",
    "internal.serialize",
    "internal.invalid_json",
    "internal.freed",
    "illegal.endless_voyage",
    "illegal.endless_landing",
    "illegal.endless_return",
    "illegal.not_allowed",
    "pending.over",
    "bad_save.game",
];

#[test]
fn every_message_is_its_template_filled_with_its_args() {
    let errors = corpus();
    assert!(errors.len() > 1000, "only {} errors", errors.len());
    let mut seen = BTreeSet::new();
    for e in &errors {
        check(e);
        seen.insert(e.key);
        for (k, v) in &e.args {
            if let Some(part) = v
                .as_str()
                .filter(|_| matches!(*k, "got" | "verb" | "pending" | "reason"))
            {
                seen.insert(
                    ENGLISH
                        .iter()
                        .find(|(x, _)| *x == part)
                        .map(|(x, _)| *x)
                        .unwrap(),
                );
            }
        }
    }
    let missing: Vec<&str> = ENGLISH
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !seen.contains(k) && !UNREACHED.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "keys no error here produced: {missing:?}"
    );
}

#[test]
fn keys_are_unique_dotted_snake_case() {
    let mut keys = BTreeSet::new();
    for (k, _) in ENGLISH {
        assert!(keys.insert(*k), "{k} twice");
        assert!(
            k.split('.').all(|p| !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')),
            "{k}"
        );
    }
}

/// Every whole message's key is a [`Reason`], named as its key in
/// CamelCase, and only those are; parts (`{@…}`) are not reasons.
#[test]
fn reasons_are_the_whole_messages_keys() {
    let camel = |k: &str| -> String {
        k.split(['.', '_'])
            .map(|w| w[..1].to_ascii_uppercase() + &w[1..])
            .collect()
    };
    let mut whole = 0;
    for (k, t) in ENGLISH {
        let part = ["json.", "verb.", "pending."]
            .iter()
            .any(|p| k.starts_with(p));
        match Reason::of_key(k) {
            Some(r) => {
                assert!(!part, "{k} is a part, not a reason");
                assert_eq!(r.key(), *k);
                assert_eq!(r.english(), *t);
                assert_eq!(format!("{r:?}"), camel(k));
                whole += 1;
            }
            None => assert!(part, "{k} has no reason"),
        }
    }
    assert_eq!(whole, Reason::ALL.len());
    // The wire keeps its keys.
    assert_eq!(Reason::IllegalKingIsland.key(), "illegal.king_island");
    assert_eq!(Reason::GameOver.key(), "game_over");
    assert_eq!(Error::game_over().reason(), Reason::GameOver);
}

/// code, reason, args, message, and the error the engine gave.
type Case = (ErrorCode, Reason, Map<String, Value>, &'static str, Error);

#[test]
fn each_error_path_has_its_key_and_args() {
    let a = |v: Value| -> Map<String, Value> { v.as_object().unwrap().clone() };
    let mut cases: Vec<Case> = Vec::new();
    let sc: BTreeMap<&str, Error> = scenarios().into_iter().collect();
    cases.push((
        ErrorCode::IllegalAction,
        Reason::IllegalKingIsland,
        a(json!({"island": "Samoa"})),
        "Samoa is a king island: no one may expand there (R31).",
        sc["king_island"].clone(),
    ));
    cases.push((
        ErrorCode::IllegalAction,
        Reason::IllegalTwoKings,
        a(json!({})),
        "You already have two king islands (R30).",
        sc["two_kings"].clone(),
    ));
    cases.push((
        ErrorCode::IllegalAction,
        Reason::IllegalPlaceNewCount,
        a(json!({"count": 2, "island": "Hawaii"})),
        "Place two new ships on Tonga or one on another island, not 2 on Hawaii (R50).",
        sc["place_new_count"].clone(),
    ));
    cases.push((
        ErrorCode::GameOver,
        Reason::GameOver,
        a(json!({})),
        "The game is over: no more moves can be made.",
        sc["game_over"].clone(),
    ));
    let mut g = Game::from_options_json(&two()).unwrap();
    cases.push((
        ErrorCode::IllegalAction,
        Reason::IllegalNotNow,
        a(json!({"verb": "verb.expand", "pending": "pending.setup", "player": "Ana"})),
        "You cannot expand now: Ana: place a ship on a beach of Tonga (setup, R2).",
        g.apply_json(&json!({"type": "expand", "tile": "tonga", "beaches": [0]}))
            .unwrap_err(),
    ));
    cases.push((
        ErrorCode::IllegalAction,
        Reason::IllegalNoSuchBeach,
        a(json!({"island": "Tonga", "beaches": 6})),
        "Tonga has no such beach; its beaches are numbered 1 to 6.",
        g.apply_json(&json!({"type": "setup_place", "beach": 9}))
            .unwrap_err(),
    ));
    cases.push((
        ErrorCode::MalformedAction,
        Reason::MalformedMissingField,
        a(json!({"field": "tile", "action": "expand"})),
        "The expand action needs a \"tile\" field.",
        g.apply_json(&json!({"type": "expand"})).unwrap_err(),
    ));
    cases.push((
        ErrorCode::MalformedAction,
        Reason::MalformedNotNumber,
        a(json!({"field": "beach", "action": "setup_place", "got": "json.string", "value": "one"})),
        "\"beach\" of the setup_place action must be a number, not the string \"one\".",
        g.apply_json(&json!({"type": "setup_place", "beach": "one"}))
            .unwrap_err(),
    ));
    cases.push((
        ErrorCode::BadOptions,
        Reason::BadOptionsPlayerCount,
        a(json!({"count": 1})),
        "Tongiaki is played by 2 to 6 players, not 1.",
        Game::from_options_json(&json!({"players": [{}]})).unwrap_err(),
    ));
    cases.push((
        ErrorCode::BadOptions,
        Reason::BadOptionsUnknownColor,
        a(json!({"player": 1, "color": "pink", "colors": ["blue", "yellow", "green", "orange", "red", "purple"]})),
        "Player 1 asks for the colour \"pink\"; the colours are blue, yellow, green, orange, red, purple.",
        Game::from_options_json(&json!({"players": [{"color": "pink"}, {}]})).unwrap_err(),
    ));
    // A tampered save names the entry and carries the inner refusal.
    let mut g = Game::from_options_json(&two()).unwrap();
    g.apply_json(&json!({"type": "setup_place", "beach": 0}))
        .unwrap();
    let mut save: Value = serde_json::from_str(&g.save()).unwrap();
    save["actions"][0] = json!({"type": "setup_place", "beach": 7});
    cases.push((
        ErrorCode::BadSave,
        Reason::BadSaveEntry,
        a(json!({"entry": 0, "entry_type": "setup_place", "reason": "illegal.no_such_beach", "island": "Tonga", "beaches": 6})),
        "Entry 0 of the save (setup_place) cannot be replayed: Tonga has no such beach; its beaches are numbered 1 to 6.",
        Game::load(&save.to_string()).unwrap_err(),
    ));
    cases.push((
        ErrorCode::BadSave,
        Reason::BadSaveOptions,
        a(json!({"reason": "bad_options.player_count", "count": 1})),
        "The save's options are not valid: Tongiaki is played by 2 to 6 players, not 1.",
        Game::load(r#"{"options": {"players": [{}], "seed": 1}, "actions": []}"#).unwrap_err(),
    ));
    for (code, reason, args, message, e) in cases {
        assert_eq!(e.code, code, "{reason:?}: {e}");
        assert_eq!(e.reason(), reason, "{e}");
        assert_eq!(e.args_json(), Value::Object(args), "{reason:?}");
        assert_eq!(e.message, message, "{reason:?}");
        check(&e);
    }
}

#[test]
fn templates_render_plurals_lists_and_parts() {
    let look = |k: &str| -> Option<&'static str> {
        match k {
            "part" => Some("in {where}"),
            _ => None,
        }
    };
    let r = |t: &str, a: Value| render_json(t, a.as_object().unwrap(), &look);
    assert_eq!(r("{n} {n|ship|ships}", json!({"n": 1})), "1 ship");
    assert_eq!(r("{n} {n|ship|ships}", json!({"n": 3})), "3 ships");
    assert_eq!(r("{l|one|many}: {l/ or }", json!({"l": [2]})), "one: 2");
    assert_eq!(
        r("{l|one|many}: {l/ or }", json!({"l": [1, 3]})),
        "many: 1 or 3"
    );
    assert_eq!(
        r("go {@p}!", json!({"p": "part", "where": "Tonga"})),
        "go in Tonga!"
    );
    // Not placeholders: literal text, and missing arguments stay visible.
    assert_eq!(
        r("{\"name\": \"Ana\"} {tile, beach}", json!({})),
        "{\"name\": \"Ana\"} {tile, beach}"
    );
    assert_eq!(
        r("{missing} {@nope}", json!({"nope": "no.such"})),
        "{missing} {@nope}"
    );
}

// ----- the translations ----------------------------------------------------------

const LANGS: &[&str] = &["en", "de", "nl", "hu", "it", "he"];

/// The `errors` table of www/lang/LANG.js: one `"key": "template",` per line
/// (JSON strings), between `  errors: {` and `  },`. Anything else inside
/// the table (but comments) fails the test, so it cannot pass by not
/// seeing an entry.
fn lang_errors(lang: &str) -> Vec<(String, String)> {
    let path = format!("{}/www/lang/{lang}.js", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines().skip_while(|l| l.trim_end() != "  errors: {");
    assert!(lines.next().is_some(), "{path}: no `  errors: {{` line");
    let mut out = Vec::new();
    for line in lines {
        let t = line.trim();
        if line.trim_end() == "  }," {
            return out;
        }
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        let v: Value = serde_json::from_str(&format!("{{{}}}", t.trim_end_matches(',')))
            .unwrap_or_else(|e| panic!("{path}: not a \"key\": \"template\" line ({e}): {line}"));
        let (k, v) = v
            .as_object()
            .unwrap()
            .iter()
            .next()
            .map(|(k, v)| (k.clone(), v.clone()))
            .unwrap();
        out.push((
            k,
            v.as_str()
                .unwrap_or_else(|| panic!("{path}: {line}"))
                .to_string(),
        ));
    }
    panic!("{path}: the errors table does not end with `  }},`");
}

/// The placeholders of a template: names, and which of them are `{@...}`.
fn placeholders(t: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut names = BTreeSet::new();
    let mut refs = BTreeSet::new();
    let b = t.as_bytes();
    for (i, _) in t.match_indices('{') {
        let at = b.get(i + 1) == Some(&b'@');
        let start = i + 1 + usize::from(at);
        let end = start
            + b[start..]
                .iter()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || **c == b'_')
                .count();
        if end > start && matches!(b.get(end), Some(b'}' | b'|' | b'/')) && !(at && b[end] != b'}')
        {
            let n = t[start..end].to_string();
            if at {
                refs.insert(n);
            } else {
                names.insert(n);
            }
        }
    }
    (names, refs)
}

#[test]
fn every_language_translates_exactly_the_engine_keys() {
    let engine: BTreeSet<&str> = ENGLISH.iter().map(|(k, _)| *k).collect();
    assert!(engine.len() > 100);
    for lang in LANGS {
        let table = lang_errors(lang);
        let mut keys = BTreeSet::new();
        for (k, _) in &table {
            assert!(keys.insert(k.as_str()), "{lang}.js: {k} twice");
        }
        let missing: Vec<_> = engine.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&engine).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}.js: missing {missing:?}, unknown {extra:?}"
        );
        for (k, t) in &table {
            let en = english(k).unwrap();
            if *lang == "en" {
                assert_eq!(t, en, "en.js: {k} differs from src/error.rs");
                continue;
            }
            let (names, refs) = placeholders(t);
            let (en_names, en_refs) = placeholders(en);
            assert_eq!(refs, en_refs, "{lang}.js: {k}: parts {{@...}}");
            let unknown: Vec<_> = names.difference(&en_names).collect();
            assert!(
                unknown.is_empty(),
                "{lang}.js: {k}: no such argument {unknown:?}"
            );
            if !matches!(k.as_str(), "text" | "json.null" | "bad_save.game") {
                assert_ne!(t, en, "{lang}.js: {k} is not translated");
            }
        }
    }
}
