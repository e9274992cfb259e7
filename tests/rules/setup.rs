//! Rule tests: §2 setup and §3 expansion (docs/rules.md).

use super::*;

// ----- §2 setup ------------------------------------------------------------

fn three_players() -> Game {
    Game::from_options_json(
        &json!({"players": [{"name": "Ana"}, {"name": "Bo"}, {"name": "Cy"}], "seed": 7}),
    )
    .unwrap()
}

#[test]
fn r1_seat_order_is_the_order_given_with_colours_in_rule_order() {
    let g = three_players();
    let s = snap(&g);
    let names: Vec<_> = s["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].clone())
        .collect();
    assert_eq!(names, vec![json!("Ana"), json!("Bo"), json!("Cy")]);
    let colors: Vec<_> = s["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["color"].clone())
        .collect();
    assert_eq!(colors, vec![json!("blue"), json!("yellow"), json!("green")]);
    assert_eq!(s["phase"], "setup");
    assert_eq!(s["current"], 0);
    assert_eq!(s["turn"], 0);
    assert_eq!(s["tiles"].as_array().unwrap().len(), 1);
    assert_eq!(tile(&s, "tonga")["q"], 0);
    assert_eq!(s["pile"], json!({"islands": 15, "water": 16}));
    assert_eq!(s["revealed"], json!({"islands": 1, "water": 0}));
}

#[test]
fn r2_setup_twice_around_and_every_tonga_beach_keeps_a_free_place() {
    let mut g = three_players();
    act(&mut g, json!({"type": "setup_place", "beach": 0}));
    assert_eq!(snap(&g)["current"], 1);
    act(&mut g, json!({"type": "setup_place", "beach": 0}));
    // Beach 0 now has two ships: a third would leave it without a free place.
    assert!(!legal(&g).contains(&json!({"type": "setup_place", "beach": 0})));
    let m = refused(&mut g, json!({"type": "setup_place", "beach": 0}));
    assert!(m.contains("R2"), "{m}");
    assert_eq!(legal(&g).len(), 5);
    for b in [1, 2, 3, 4] {
        act(&mut g, json!({"type": "setup_place", "beach": b}));
    }
    let s = snap(&g);
    for p in s["players"].as_array().unwrap() {
        assert_eq!(p["supply"], 13);
        assert_eq!(p["ships_on_table"], 2);
    }
    assert_eq!(beach_ships(&g, "tonga", 0), json!([0, 1]));
    assert_eq!(beach_ships(&g, "tonga", 4), json!([2]));
}

#[test]
fn r2_six_players_fill_every_tonga_beach_to_two() {
    let mut g =
        Game::from_options_json(&json!({"players": [{}, {}, {}, {}, {}, {}], "seed": 3})).unwrap();
    for i in 0..12 {
        let b = i / 2;
        act(&mut g, json!({"type": "setup_place", "beach": b}));
    }
    assert_eq!(snap(&g)["phase"], "turn");
    for b in 0..6 {
        assert_eq!(beach_ships(&g, "tonga", b).as_array().unwrap().len(), 2);
    }
}

#[test]
fn r3_seat_zero_takes_the_first_turn_after_setup() {
    let mut g = three_players();
    let mut last = Vec::new();
    for b in [0, 1, 2, 3, 4, 5] {
        last = act(&mut g, json!({"type": "setup_place", "beach": b}));
    }
    assert!(last.contains(&GameEvent::TurnStarted { seat: 0, turn: 1 }));
    let s = snap(&g);
    assert_eq!(
        (s["phase"].clone(), s["current"].clone(), s["turn"].clone()),
        (json!("turn"), json!(0), json!(1))
    );
}

// ----- §3 expansion ----------------------------------------------------------

#[test]
fn r10_expansion_places_min_of_ships_beaches_supply_one_per_beach() {
    let mut a = arrange(2);
    a.ships = ships(&[("tonga", 0, 0), ("tonga", 1, 0), ("tonga", 2, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    // n = 2 ships on Tonga, b = 6 beaches, s = 13: exactly 2 ships, C(6,2) ways.
    let expands: Vec<_> = legal(&g)
        .into_iter()
        .filter(|a| a["type"] == "expand")
        .collect();
    assert_eq!(expands.len(), 15);
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [3]}),
    );
    assert!(m.contains("exactly 2") && m.contains("R10"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [3, 3]}),
    );
    assert!(m.contains("one new ship on each beach"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [0]}),
    );
    assert!(m.contains("not on the table"), "{m}");
    // Beaches are a set: any order means the same expansion.
    let ev = act(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [5, 3]}),
    );
    assert!(ev.contains(&GameEvent::ShipPlaced {
        seat: 0,
        tile: CardId::TONGA,
        beach: 3
    }));
    assert!(ev.contains(&GameEvent::ShipPlaced {
        seat: 0,
        tile: CardId::TONGA,
        beach: 5
    }));
    assert_eq!(snap(&g)["players"][0]["supply"], 11);
}

#[test]
fn r10_only_where_the_player_has_ships() {
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 0, -1, 0)];
    a.ships = ships(&[("tonga", 0, 0), ("samoa", 0, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [1]}),
    );
    assert!(m.contains("no ship on Samoa"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "water-a", "beaches": [1]}),
    );
    assert!(m.contains("water card"), "{m}");
}

#[test]
fn r11_turn_ends_when_no_beach_is_full() {
    let mut a = arrange(2);
    a.ships = ships(&[("tonga", 0, 0)]);
    let mut g = Game::arranged(&a).unwrap();
    let ev = act(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [2]}),
    );
    assert_eq!(
        ev.last(),
        Some(&GameEvent::TurnStarted { seat: 1, turn: 2 })
    );
    assert_eq!(snap(&g)["phase"], "turn");
}

#[test]
fn r52_too_few_ships_places_only_what_the_supply_has() {
    // Seat 0 has 14 ships out: supply 1, so an expansion places exactly one.
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 3, 0, 0)];
    let mut s = Vec::new();
    for b in 0..6 {
        s.push(("tonga", b, 0));
        s.push(("tonga", b, 0));
    }
    s.push(("samoa", 0, 0));
    s.push(("samoa", 1, 0));
    a.ships = ships(&s);
    let g = Game::arranged(&a).unwrap();
    assert_eq!(snap(&g)["players"][0]["supply"], 1);
    for e in legal(&g).into_iter().filter(|a| a["type"] == "expand") {
        assert_eq!(e["beaches"].as_array().unwrap().len(), 1, "{e}");
    }
}
