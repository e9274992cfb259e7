//! What an outside probe broke (issue 11), natively: echoed input is cut
//! short in every message, player names are visible plain text, bot budgets
//! have a cap. (The wasm boundary's argument types: tests/e2e/hardening.test.mjs;
//! the command line: server/tests/cli.rs.)

use serde_json::{json, Value};
use tongiaki::bots::{make_bot, BotError, Budget, MAX_SEARCH_ITERATIONS, MAX_SEARCH_MILLIS};
use tongiaki::error::ECHO_CHARS;
use tongiaki::{ErrorCode, Game};

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
        assert_eq!(e.key, "bad_options.name_invisible", "{invisible:?}");
        assert_eq!(e.code, ErrorCode::BadOptions);
    }
    // The length counts what is left: 40 visible characters and zero-width padding.
    let padded: String = "a".repeat(40) + &"\u{200b}".repeat(100);
    assert_eq!(name_of(&padded), "a".repeat(40));
    assert_eq!(
        g(&"a".repeat(41)).unwrap_err().key,
        "bad_options.name_too_long"
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
