//! Rule tests: §5 king islands and §6 resettlement (docs/rules.md).

use super::*;

// ----- §5 king islands ----------------------------------------------------------------

#[test]
fn r30_founding_a_king_island_keeps_one_ship_as_king() {
    let mut a = arrange(2);
    a.cards = vec![
        (c("samoa"), 0, -1, 0),
        (c("hawaii"), 1, -1, 0),
        (c("oahu"), -1, 0, 0),
        (c("tahiti"), 0, 1, 0),
    ];
    a.ships = ships(&[
        ("samoa", 0, 0),
        ("samoa", 1, 0),
        ("samoa", 2, 0),
        ("hawaii", 0, 0),
        ("hawaii", 1, 1),
        ("tonga", 0, 0),
    ]);
    let mut g = Game::arranged(&a).unwrap();
    assert!(legal(&g).contains(&json!({"type": "found_kingdom", "tile": "samoa"})));
    let m = refused(&mut g, json!({"type": "found_kingdom", "tile": "tonga"}));
    assert!(m.contains("Tonga can never"), "{m}");
    let m = refused(&mut g, json!({"type": "found_kingdom", "tile": "hawaii"}));
    assert!(m.contains("Other players"), "{m}");
    let m = refused(&mut g, json!({"type": "found_kingdom", "tile": "oahu"}));
    assert!(m.contains("no ship on Oahu"), "{m}");
    let ev = act(&mut g, json!({"type": "found_kingdom", "tile": "samoa"}));
    assert_eq!(
        ev[0],
        GameEvent::KingdomFounded {
            seat: 0,
            tile: c("samoa"),
            returned: 2
        }
    );
    let s = snap(&g);
    assert_eq!(tile(&s, "samoa")["king"], 0);
    assert_eq!(s["players"][0]["kings"], json!(["samoa"]));
    assert_eq!(s["players"][0]["supply"], 15 - 5 + 2);
    assert_eq!(s["current"], 1, "founding is the whole turn");
}

#[test]
fn r30_at_most_two_king_islands() {
    let mut a = arrange(2);
    a.cards = vec![
        (c("samoa"), 0, -1, 0),
        (c("hawaii"), 1, -1, 0),
        (c("oahu"), -1, 0, 0),
    ];
    a.kings = vec![(c("samoa"), 0), (c("hawaii"), 0)];
    a.ships = ships(&[("oahu", 0, 0)]);
    let mut g = Game::arranged(&a).unwrap();
    let m = refused(&mut g, json!({"type": "found_kingdom", "tile": "oahu"}));
    assert!(m.contains("two king islands"), "{m}");
}

#[test]
fn r31_no_one_expands_or_lands_on_a_king_island() {
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 0, -1, 0)];
    a.kings = vec![(c("samoa"), 1)];
    a.ships = ships(&[("tonga", 0, 0)]);
    let mut g = Game::arranged(&a).unwrap();
    assert!(legal(&g).iter().all(|a| a["tile"] != "samoa"));
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [0]}),
    );
    assert!(m.contains("king island"), "{m}");
    let m = refused(&mut g, json!({"type": "found_kingdom", "tile": "samoa"}));
    assert!(m.contains("already a king island"), "{m}");
}

// ----- §6 resettlement ----------------------------------------------------------------

#[test]
fn r40_resettlement_lays_cards_until_an_island_and_puts_one_ship_on_it() {
    let mut a = arrange(2);
    a.cards = vec![(c("samoa"), 0, -1, 0)];
    a.kings = vec![(c("samoa"), 0)];
    a.pile_top = vec![c("water-o"), c("hawaii")];
    a.ships = ships(&[("tonga", 0, 0), ("tonga", 1, 0), ("tonga", 1, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    let ev = act(&mut g, json!({"type": "resettle"}));
    assert_eq!(
        ev[0],
        GameEvent::Resettled {
            seat: 0,
            returned: 2
        }
    );
    assert_eq!(ev[1], GameEvent::CardDrawn { card: c("water-o") });
    let s = snap(&g);
    assert_eq!(s["players"][0]["supply"], 14, "the king stays");
    assert_eq!(beach_ships(&g, "tonga", 1), json!([1]));
    assert_eq!(s["phase"], "place_card");
    // Every legal placement touches the table with edge 0 toward a card.
    for a in legal(&g) {
        let (q, r, rot) = (
            a["q"].as_i64().unwrap() as i32,
            a["r"].as_i64().unwrap() as i32,
            a["rotation"].as_u64().unwrap() as u8,
        );
        let h = tongiaki::hex::Hex::new(q, r);
        assert!(g.board().card_at(h).is_none());
        assert!(g.board().card_at(h.neighbor(rot)).is_some(), "{a}");
    }
    let m = refused(
        &mut g,
        json!({"type": "place_card", "q": 5, "r": 5, "rotation": 0}),
    );
    assert!(m.contains("next to a card"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "place_card", "q": 0, "r": 1, "rotation": 0}),
    );
    assert!(m.contains("emblem edge"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "place_card", "q": 0, "r": -1, "rotation": 0}),
    );
    assert!(m.contains("already holds Samoa"), "{m}");
    act(
        &mut g,
        json!({"type": "place_card", "q": 0, "r": 1, "rotation": 3}),
    );
    let p = &snap(&g)["pending"];
    assert_eq!(p["card"], "hawaii");
    assert_eq!(
        (p["name"].clone(), p["value"].clone()),
        (json!("Hawaii"), json!(5))
    );
    assert_eq!(
        p["beaches"][1],
        json!({"places": 5, "jetties": [3], "ships": []})
    );
    act(
        &mut g,
        json!({"type": "place_card", "q": 1, "r": 1, "rotation": 2}),
    );
    let s = snap(&g);
    assert_eq!(s["phase"], "place_ship");
    assert_eq!(s["pending"], json!({"tile": "hawaii"}));
    assert_eq!(legal(&g).len(), 3);
    let ev = act(&mut g, json!({"type": "place_ship", "beach": 1}));
    assert!(ev.contains(&GameEvent::ShipPlaced {
        seat: 0,
        tile: c("hawaii"),
        beach: 1
    }));
    assert_eq!(snap(&g)["current"], 1);
}
