//! What an outside probe broke (issue 11), natively: echoed input is cut
//! short in every message, player names are visible plain text, bot budgets
//! have a cap. (The wasm boundary's argument types: tests/e2e/hardening.test.mjs;
//! the command line: server/tests/cli.rs.)

use serde_json::{json, Value};
use tongiaki::bots::{make_bot, BotError, Budget, MAX_SEARCH_ITERATIONS, MAX_SEARCH_MILLIS};
use tongiaki::error::ECHO_CHARS;
use tongiaki::{ErrorCode, Game, Reason};

/// No message or argument of `e` is longer than an echo's bound (plus the
/// message's own words).
fn assert_short(e: &tongiaki::Error, what: &str) {
    assert!(
        e.message.chars().count() < 400,
        "{what}: a message of {} characters",
        e.message.chars().count()
    );
    let args = e.args_json().to_string();
    assert!(args.len() < 1000, "{what}: args of {} bytes", args.len());
}

#[test]
fn echoed_values_are_cut_short_in_every_message() {
    let huge = "x".repeat(10 << 20);
    let cases: Vec<(&str, Value)> = vec![
        ("colour", json!({"players": [{"color": huge}, {}]})),
        ("deck card", json!({"players": [{}, {}], "deck": [huge]})),
        ("seed", json!({"players": [{}, {}], "seed": huge})),
        ("name", json!({"players": [{"name": huge}, {}]})),
    ];
    for (what, options) in &cases {
        let e = Game::from_options_json(options).expect_err(what);
        assert_short(&e, what);
    }
    let mut g = Game::from_options_json(&json!({"players": [{}, {}], "seed": 1})).unwrap();
    for action in [
        json!({"type": huge}),
        json!({"type": "expand", "tile": huge, "beaches": [0]}),
        json!({"type": "land", "seat": huge, "beach": 0}),
    ] {
        let e = g.apply_json(&action).expect_err("refused");
        assert_short(&e, "action");
    }
    // A save whose version is a 1 MB array: the message shows a short part.
    let save = json!({"format": "tongiaki-save", "version": vec![7; 1 << 18], "options": {}, "actions": []});
    let e = Game::load(&save.to_string()).expect_err("bad version");
    assert_eq!(e.code, ErrorCode::BadSave);
    assert_short(&e, "save version");
    // A bot spec: the kind is echoed, cut short.
    let spec = format!("{huge}:1");
    let e = make_bot(&spec, 1).err().expect("unknown bot").to_error();
    assert_short(&e, "bot spec");
    let cut = e.args_json()["bot"].as_str().unwrap().to_string();
    assert_eq!(cut.chars().count(), ECHO_CHARS + 1, "{cut}");
    assert!(cut.ends_with('…'));
}

#[test]
fn player_names_are_visible_plain_text() {
    let g = |name: &str| {
        Game::from_options_json(&json!({"players": [{"name": name}, {"name": "Bo"}], "seed": 1}))
    };
    let name_of = |name: &str| g(name).unwrap().player_name(0).to_string();
    assert_eq!(name_of("Ana\u{0}"), "Ana");
    assert_eq!(name_of("\u{202e}anA\u{202c}"), "anA");
    assert_eq!(name_of("A\u{200b}n\u{2066}a\u{2069}"), "Ana");
    assert_eq!(name_of("  Ana \t\n  Maria  "), "Ana Maria");
    assert_eq!(name_of("Ana\u{feff}\u{7}\u{1b}[31m"), "Ana[31m");
    assert_eq!(name_of("Hinemoa 🌊"), "Hinemoa 🌊");
    assert_eq!(name_of("עִבְרִית"), "עִבְרִית");
    // Whitespace only: no name given, the colour's name (as before).
    assert_eq!(name_of("   "), "Blue");
    for invisible in [
        "\u{200b}",
        "\u{202e}\u{202c}",
        "\u{0}\u{1}",
        "\u{feff} \u{2060}",
        "\u{e0041}",
    ] {
        let e = g(invisible).expect_err(&format!("{invisible:?} accepted"));
        assert_eq!(e.reason(), Reason::BadOptionsNameInvisible, "{invisible:?}");
        assert_eq!(e.code, ErrorCode::BadOptions);
    }
    // The length counts what is left: 40 visible characters and zero-width padding.
    let padded: String = "a".repeat(40) + &"\u{200b}".repeat(100);
    assert_eq!(name_of(&padded), "a".repeat(40));
    assert_eq!(
        g(&"a".repeat(41)).unwrap_err().reason(),
        Reason::BadOptionsNameTooLong
    );
}

#[test]
fn search_budgets_have_a_cap() {
    for spec in [
        "search:4294967295",
        "search:99999999999999999999",
        "search:infms",
        "search:1e12ms",
        "search:-5ms",
        "search:0ms",
    ] {
        let e = make_bot(spec, 1)
            .err()
            .unwrap_or_else(|| panic!("{spec} accepted"));
        assert!(
            matches!(e, BotError::IterationsCap(_) | BotError::MillisCap(_)),
            "{spec}: {e:?}"
        );
        let err = e.to_error();
        assert_eq!(err.code, ErrorCode::BadOptions);
        assert!(
            err.message.contains(&MAX_SEARCH_ITERATIONS.to_string())
                || err
                    .message
                    .contains(&(MAX_SEARCH_MILLIS as u32).to_string()),
            "{spec}: the cap is in the message: {}",
            err.message
        );
    }
    assert!(make_bot(&format!("search:{MAX_SEARCH_ITERATIONS}"), 1).is_ok());
    assert!(make_bot(&format!("search:{}ms", MAX_SEARCH_MILLIS), 1).is_ok());
    assert!(make_bot("search:1", 1).is_ok());
    assert!(Budget::checked(Some(1e7), None).is_err());
    assert!(Budget::checked(None, Some(1e12)).is_err());
    assert!(Budget::checked(Some(f64::NAN), None).is_err());
    assert!(Budget::checked(None, Some(f64::INFINITY)).is_err());
    assert_eq!(
        Budget::checked(Some(1000.0), Some(900.0)).unwrap(),
        Budget {
            iterations: 1000,
            millis: Some(900.0)
        }
    );
    // A time budget alone is capped in iterations too.
    assert_eq!(
        Budget::checked(None, Some(300.0)).unwrap().iterations,
        MAX_SEARCH_ITERATIONS
    );
}

/// Characters an echo must never carry (issue 29): controls, bidi marks,
/// embeddings, overrides and isolates, zero-width characters.
fn hidden_or_reordering(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Every string of a message and its arguments, checked.
fn assert_plain(e: &tongiaki::Error, what: &str) {
    let args = e.args_json();
    let mut texts = vec![e.message.clone()];
    for v in args.as_object().unwrap().values() {
        match v {
            Value::String(s) => texts.push(s.clone()),
            Value::Array(items) => {
                texts.extend(items.iter().filter_map(|i| i.as_str().map(String::from)))
            }
            _ => {}
        }
    }
    for t in texts {
        assert!(
            !t.chars().any(hidden_or_reordering),
            "{what}: {t:?} holds a control or bidi character"
        );
    }
}

/// Issue 29: echoes kept U+202E and U+0000. Every echo shows them as U+FFFD
/// (so that a value with one dropped cannot look like a value allowed).
#[test]
fn echoes_hold_no_control_or_bidi_characters() {
    let evil = "re\u{202E}d\u{0}\u{1b}[31m\u{2066}x\u{200B}";
    let cases: Vec<(&str, Value)> = vec![
        ("colour", json!({"players": [{"color": evil}, {}]})),
        ("deck card", json!({"players": [{}, {}], "deck": [evil]})),
        ("seed", json!({"players": [{}, {}], "seed": evil})),
    ];
    for (what, options) in &cases {
        let e = Game::from_options_json(options).expect_err(what);
        assert_plain(&e, what);
    }
    let e = Game::from_options_json(&json!({"players": [{"color": "re\u{0}d"}, {}]})).unwrap_err();
    assert_eq!(e.args_json()["color"], "re\u{FFFD}d", "{e}");
    let mut g = Game::from_options_json(&json!({"players": [{}, {}], "seed": 1})).unwrap();
    for action in [
        json!({"type": evil}),
        json!({"type": "expand", "tile": evil, "beaches": [0]}),
        json!({"type": "land", "seat": evil, "beach": 0}),
    ] {
        let e = g.apply_json(&action).expect_err("refused");
        assert_plain(&e, &format!("action {action}"));
    }
    let save = json!({"format": "tongiaki-save", "version": evil, "options": {}, "actions": []});
    assert_plain(&Game::load(&save.to_string()).unwrap_err(), "save version");
    let e = make_bot(&format!("{evil}:1"), 1).err().unwrap().to_error();
    assert_plain(&e, "bot spec");
    let e = make_bot(&format!("search:{evil}"), 1)
        .err()
        .unwrap()
        .to_error();
    assert_plain(&e, "search option");
    // The echo function itself: short, and what is hidden made visible.
    assert_eq!(tongiaki::error::echo("a\u{202E}b", 40), "a\u{FFFD}b");
    assert_eq!(
        tongiaki::error::echo(&"\u{0}".repeat(99), 3),
        "\u{FFFD}\u{FFFD}\u{FFFD}…"
    );
}

/// Issue 29: `search:N:horizon=4294967295` was accepted and wrapped (a
/// rollout's stop turn overflowed). A horizon is at most the decisions a
/// game may have; numbers that are not finite are refused too.
#[test]
fn search_options_out_of_range_are_refused() {
    for spec in [
        "search:20:horizon=4294967295".to_string(),
        format!("search:20:horizon={}", MAX_GAME_DECISIONS + 1),
        "search:20:horizon=-1".to_string(),
        "search:20:c=NaN".to_string(),
        "search:20:widen=inf".to_string(),
        "search:20:widen_base=-inf".to_string(),
    ] {
        match make_bot(&spec, 1) {
            Err(BotError::SearchOption(o)) => assert!(spec.ends_with(&o), "{spec}: {o}"),
            Err(e) => panic!("{spec}: {e:?}"),
            Ok(_) => panic!("{spec} accepted"),
        }
    }
    // The longest horizon allowed plays.
    let mut bot = make_bot(&format!("search:20:horizon={MAX_GAME_DECISIONS}"), 1).unwrap();
    let g = Game::from_options_json(&json!({"players": [{}, {}], "seed": 3})).unwrap();
    let m = bot.choose(&g);
    assert!(g.legal_moves().contains(&m));
}

// ----- endless play (docs/rules.md#endless-play) ------------------------------

use tongiaki::game::{MAX_GAME_DECISIONS, MAX_SAVE_BYTES, MAX_TURN_DECISIONS};
use tongiaki::{GameEvent, GameOptions, Phase};

/// Ships of each seat: supply + beaches + kings + a landing group (15 each).
fn assert_ships_kept(g: &Game, ctx: &str) {
    let snap = serde_json::to_value(g.snapshot()).unwrap();
    for (s, p) in snap["players"].as_array().unwrap().iter().enumerate() {
        let supply = p["supply"].as_u64().unwrap();
        let on_table = p["ships_on_table"].as_u64().unwrap();
        assert_eq!(supply + on_table, 15, "{ctx}: seat {s}");
    }
}

/// The probe's endless play: always the first legal action. Every game now
/// ends (most by the game bound), every save the engine writes loads and
/// replays to the same state, and saves stay far below the load limit.
#[test]
fn endless_play_always_the_first_legal_action_ends_and_saves_load() {
    let mut by_bound = 0;
    for players in 2..=6 {
        for seed in 0..4u64 {
            let mut g = Game::new(GameOptions::simple(players, seed)).unwrap();
            let mut limit = None;
            while !g.is_over() {
                let a = g.legal_moves()[0];
                for e in g.apply(&a.to_action()).unwrap() {
                    if let GameEvent::LimitReached {
                        limit: l,
                        decisions,
                        ..
                    } = e
                    {
                        limit = Some((l, decisions));
                    }
                }
                assert!(
                    g.log().len() <= MAX_GAME_DECISIONS,
                    "{players}p {seed}: past the bound"
                );
            }
            let ctx = format!("{players} players, seed {seed}");
            if let Some((l, decisions)) = limit {
                assert_eq!(l, "game", "{ctx}");
                assert_eq!(decisions as usize, MAX_GAME_DECISIONS, "{ctx}");
                assert_eq!(g.log().len(), MAX_GAME_DECISIONS, "{ctx}");
                by_bound += 1;
            }
            assert!(g.ranking().is_some(), "{ctx}: scored");
            assert_ships_kept(&g, &ctx);
            let save = g.save();
            assert!(
                save.len() < MAX_SAVE_BYTES / 4,
                "{ctx}: a save of {} bytes",
                save.len()
            );
            let back = Game::load(&save).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(
                serde_json::to_value(back.snapshot()).unwrap(),
                serde_json::to_value(g.snapshot()).unwrap(),
                "{ctx}"
            );
        }
    }
    // Most of these games never end by the cards (the probe's finding).
    assert!(by_bound >= 10, "only {by_bound} games reached the bound");
}

/// A chain kept going for MAX_TURN_DECISIONS decisions in one turn ends as
/// R25 ends one: a recorded five-player game (greedy and random bots) in
/// which turn 50 reaches the bound; the game then goes on to its normal end.
#[test]
fn endless_play_a_turn_at_the_bound_ends_its_chain_as_r25() {
    let text = std::fs::read_to_string("tests/fixtures/limit-turn-5p.json").unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut g = Game::new(tongiaki::GameOptions::from_json(&v["options"]).unwrap()).unwrap();
    let mut cut = 0;
    for (i, a) in v["actions"].as_array().unwrap().iter().enumerate() {
        let events = g.apply_json(a).unwrap();
        let Some(k) = events
            .iter()
            .position(|e| matches!(e, GameEvent::LimitReached { .. }))
        else {
            continue;
        };
        cut += 1;
        let GameEvent::LimitReached {
            limit, decisions, ..
        } = &events[k]
        else {
            unreachable!()
        };
        assert_eq!(*limit, "turn");
        assert_eq!(*decisions, MAX_TURN_DECISIONS);
        // As R25: the islands with a full beach leave, then the turn ends
        // (or the player reveals a card); no beach is full afterwards.
        assert!(events[k + 1..]
            .iter()
            .any(|e| matches!(e, GameEvent::IslandRemoved { .. })));
        assert!(
            matches!(g.phase(), Phase::Turn | Phase::PlaceCard { .. }),
            "action {i}: {:?}",
            g.phase()
        );
        let b = g.board();
        assert!(
            !b.any_full_in(b.ships()),
            "action {i}: a beach is still full"
        );
        assert_ships_kept(&g, &format!("action {i}"));
    }
    assert_eq!(cut, 1);
    assert!(g.is_over(), "the recorded game ends");
    assert_eq!(Game::load(&g.save()).unwrap().save(), g.save());
}
