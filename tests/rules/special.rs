//! Rule tests: §7 special situations (docs/rules.md).

use super::*;

// ----- §7 special situations --------------------------------------------------------

#[test]
fn r50_without_ships_on_islands_place_two_on_tonga_or_one_elsewhere() {
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 0, -1, 0), (c("hawaii"), 1, -1, 0)];
    a.kings = vec![(c("hawaii"), 0)];
    a.ships = ships(&[("tonga", 1, 1), ("tonga", 2, 1), ("tonga", 2, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    let l = legal(&g);
    assert!(l.iter().all(|a| a["type"] == "place_new"), "{l:?}");
    assert!(l.contains(&json!({"type": "place_new", "tile": "tonga", "beaches": [0, 0]})));
    assert!(
        !l.contains(&json!({"type": "place_new", "tile": "tonga", "beaches": [2, 2]})),
        "beach 2 has one place left"
    );
    assert!(l.contains(&json!({"type": "place_new", "tile": "samoa", "beaches": [2]})));
    assert!(
        l.iter().all(|a| a["tile"] != "hawaii"),
        "not on a king island"
    );
    // 21 pairs on Tonga minus [2,2] = 20, plus samoa's 3 beaches.
    assert_eq!(l.len(), 20 + 3);
    let m = refused(&mut g, json!({"type": "resettle"}));
    assert!(m.contains("R50"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "place_new", "tile": "tonga", "beaches": [0]}),
    );
    assert!(m.contains("two new ships on Tonga"), "{m}");
    act(
        &mut g,
        json!({"type": "place_new", "tile": "tonga", "beaches": [4, 4]}),
    );
    assert_eq!(beach_ships(&g, "tonga", 4), json!([0, 0]));
}

#[test]
fn r50_a_placement_that_fills_a_beach_emigrates() {
    let mut a = arrange(2);
    a.ships = ships(&[("tonga", 3, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    act(
        &mut g,
        json!({"type": "place_new", "tile": "tonga", "beaches": [3, 3]}),
    );
    assert_eq!(snap(&g)["phase"], "emigrate");
}

#[test]
fn r50_without_tonga_only_another_island_and_else_resettle() {
    let mut a = arrange(2);
    a.tonga_removed = true;
    a.cards = vec![(c("samoa"), 0, -1, 0), (c("hawaii"), 1, -1, 0)];
    a.ships = ships(&[("samoa", 0, 1)]);
    let g = Game::arranged(&a).unwrap();
    let l = legal(&g);
    assert_eq!(l.len(), 3 + 3, "one ship on any beach of Samoa or Hawaii");
    let mut a = arrange(2);
    a.tonga_removed = true;
    a.cards = vec![(c("samoa"), 0, -1, 0)];
    a.kings = vec![(c("samoa"), 1)];
    a.pile_top = vec![c("oahu")];
    let mut g = Game::arranged(&a).unwrap();
    assert_eq!(legal(&g), vec![json!({"type": "resettle"})]);
    act(&mut g, json!({"type": "resettle"}));
    assert_eq!(snap(&g)["phase"], "place_card");
}

#[test]
fn r51_with_an_empty_supply_a_ship_moves_from_one_beach_to_another() {
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 0, -1, 0)];
    let mut s = Vec::new();
    for b in 0..6 {
        s.push(("tonga", b, 0));
        s.push(("tonga", b, 0));
    }
    s.extend([("samoa", 0, 0), ("samoa", 1, 0), ("samoa", 2, 0)]);
    a.ships = ships(&s);
    let mut g = Game::arranged(&a).unwrap();
    assert_eq!(snap(&g)["players"][0]["supply"], 0);
    let expands: Vec<_> = legal(&g)
        .into_iter()
        .filter(|a| a["type"] == "expand")
        .collect();
    assert!(!expands.is_empty());
    assert!(expands
        .iter()
        .all(|a| a.get("take").is_some() && a["beaches"].as_array().unwrap().len() == 1));
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [0]}),
    );
    assert!(m.contains("R51"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [0], "take": {"tile": "samoa", "beach": 0}}),
    );
    assert!(m.contains("another beach"), "{m}");
    let ev = act(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [1], "take": {"tile": "tonga", "beach": 0}}),
    );
    assert_eq!(
        ev[0],
        GameEvent::ShipTaken {
            seat: 0,
            tile: CardId::TONGA,
            beach: 0
        }
    );
    assert_eq!(
        ev[1],
        GameEvent::ShipPlaced {
            seat: 0,
            tile: c("samoa"),
            beach: 1
        }
    );
    assert_eq!(beach_ships(&g, "tonga", 0), json!([0]));
    assert_eq!(snap(&g)["players"][0]["supply"], 0);
}

#[test]
fn r51_the_taking_island_must_keep_a_ship() {
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 0, -1, 0), (c("hawaii"), 1, -1, 0)];
    let mut s = Vec::new();
    for b in 0..6 {
        s.push(("tonga", b, 0));
        s.push(("tonga", b, 0));
    }
    s.extend([("samoa", 0, 0), ("hawaii", 0, 0), ("hawaii", 1, 0)]);
    a.ships = ships(&s);
    let mut g = Game::arranged(&a).unwrap();
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [1], "take": {"tile": "samoa", "beach": 0}}),
    );
    assert!(m.contains("no ship left on Samoa"), "{m}");
    // On Hawaii a ship stays behind, so the move is fine there.
    act(
        &mut g,
        json!({"type": "expand", "tile": "hawaii", "beaches": [2], "take": {"tile": "hawaii", "beach": 0}}),
    );
    assert_eq!(beach_ships(&g, "hawaii", 2), json!([0]));
}

#[test]
fn r53_two_players_play_by_the_same_rules() {
    let mut g =
        Game::from_options_json(&json!({"players": [{"name": "A"}, {"name": "B"}], "seed": 11}))
            .unwrap();
    for b in [0, 1, 2, 3] {
        act(&mut g, json!({"type": "setup_place", "beach": b}));
    }
    let s = snap(&g);
    assert_eq!(s["phase"], "turn");
    assert_eq!(s["players"].as_array().unwrap().len(), 2);
}
