//! Rule tests: R25 endless chains (docs/rules.md).

use super::*;

// ----- R25 endless chains ------------------------------------------------------------

/// Tubuai at (2,-8), rotation 1, is a trap: every jetty points at a king
/// island, so every group sailing from it turns back and lands on it again.
/// Muroroa at (0,-6) reaches it through water-f (its straight trail, marked
/// 3) with beach 2's jetty 4; beach 2's jetty 5 points at an empty hex.
fn trap(
    tubuai_ships: &[(&str, u8, u8)],
    muroroa_ships: &[(&str, u8, u8)],
    tonga_ship: bool,
) -> Game {
    let mut a = arrange(3);
    a.cards = vec![
        (c("muroroa"), 0, -6, 0),
        (c("water-f"), 1, -7, 1),
        (c("tubuai"), 2, -8, 1),
        (c("nauru"), 1, -8, 0),
        (c("rarotonga"), 2, -9, 0),
        (c("rapa-nui"), 3, -8, 0),
        (c("tokelau"), 2, -7, 0),
    ];
    a.kings = vec![
        (c("nauru"), 1),
        (c("rarotonga"), 1),
        (c("rapa-nui"), 2),
        (c("tokelau"), 2),
    ];
    a.pile_top = vec![c("water-b"), c("samoa")];
    let mut s: Vec<(&str, u8, u8)> = tubuai_ships.to_vec();
    s.extend_from_slice(muroroa_ships);
    if tonga_ship {
        s.push(("tonga", 0, 0));
    }
    a.ships = ships(&s);
    Game::arranged(&a).unwrap()
}

#[test]
fn r25_an_endless_chain_takes_the_island_out_of_the_game() {
    // Five ships on Tubuai's six places: some beach is always full.
    let mut g = trap(
        &[
            ("tubuai", 0, 0),
            ("tubuai", 0, 1),
            ("tubuai", 1, 1),
            ("tubuai", 1, 2),
        ],
        &[],
        true,
    );
    let ev = act(
        &mut g,
        json!({"type": "expand", "tile": "tubuai", "beaches": [0]}),
    );
    assert!(
        ev.contains(&GameEvent::IslandRemoved {
            tile: c("tubuai"),
            returned: vec![0, 0, 1, 1, 2]
        }),
        "{ev:?}"
    );
    let s = snap(&g);
    assert_eq!(s["removed"], json!(["tubuai"]));
    assert!(s["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["card"] != "tubuai"));
    // Seat 0 still has a ship on Tonga: the turn simply ends.
    assert_eq!(s["phase"], "turn");
    assert_eq!(s["current"], 1);
    assert_eq!(s["players"][0]["supply"], 14);
    assert_eq!(
        s["revealed"]["islands"], 7,
        "a removed island still counts as laid (R60)"
    );
}

#[test]
fn r25_without_ships_left_the_player_lays_cards_until_an_island() {
    let mut g = trap(
        &[
            ("tubuai", 0, 0),
            ("tubuai", 0, 1),
            ("tubuai", 1, 1),
            ("tubuai", 1, 2),
        ],
        &[],
        false,
    );
    act(
        &mut g,
        json!({"type": "expand", "tile": "tubuai", "beaches": [0]}),
    );
    let s = snap(&g);
    assert_eq!(s["phase"], "place_card");
    assert_eq!(
        s["pending"],
        json!({"card": "water-b", "kind": "water", "reason": "chain", "name": "Water B",
               "trails": [[0, 4, 4], [1, 3, 4], [2, 5, 3]]})
    );
    // The removed island's hex is empty again and may take the card.
    assert!(legal(&g).contains(&json!({"type": "place_card", "q": 2, "r": -8, "rotation": 0})));
    act(
        &mut g,
        json!({"type": "place_card", "q": 2, "r": -8, "rotation": 0}),
    );
    assert_eq!(snap(&g)["pending"]["card"], "samoa");
    let ev = act(
        &mut g,
        json!({"type": "place_card", "q": 0, "r": 1, "rotation": 3}),
    );
    assert!(ev.contains(&GameEvent::CardRevealed {
        card: c("samoa"),
        q: 0,
        r: 1,
        rotation: 3
    }));
    // No ship is put on it; the turn ends.
    let s = snap(&g);
    assert_eq!(s["phase"], "turn");
    assert_eq!(s["current"], 1);
    assert_eq!(tile(&s, "samoa")["beaches"][0]["ships"], json!([]));
}

#[test]
fn r25_of_two_jetties_only_the_one_that_does_not_loop_is_legal() {
    // Tubuai holds four ships; Muroroa's beach 2 fills with three colours.
    // Jetty 4 leads through water-f (3 colours pass) onto Tubuai, whose
    // six places then fill for ever; jetty 5 reveals a card.
    let mut g = trap(
        &[
            ("tubuai", 0, 1),
            ("tubuai", 0, 2),
            ("tubuai", 1, 1),
            ("tubuai", 1, 2),
        ],
        &[("muroroa", 2, 1), ("muroroa", 2, 2), ("muroroa", 0, 0)],
        true,
    );
    act(
        &mut g,
        json!({"type": "expand", "tile": "muroroa", "beaches": [2]}),
    );
    assert_eq!(snap(&g)["phase"], "emigrate");
    assert_eq!(
        legal(&g),
        vec![json!({"type": "emigrate", "tile": "muroroa", "beach": 2, "jetty": 5})]
    );
    let m = refused(
        &mut g,
        json!({"type": "emigrate", "tile": "muroroa", "beach": 2, "jetty": 4}),
    );
    assert!(m.contains("R25"), "{m}");
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "muroroa", "beach": 2, "jetty": 5}),
    );
    assert!(ev.contains(&GameEvent::CardRevealed {
        card: c("water-b"),
        q: 1,
        r: -6,
        rotation: 2
    }));
}

#[test]
fn r25_the_same_voyage_is_legal_when_the_trap_has_room() {
    // With one ship on Tubuai the landing can leave every beach with room.
    let mut g = trap(
        &[("tubuai", 0, 1)],
        &[("muroroa", 2, 1), ("muroroa", 2, 2), ("muroroa", 0, 0)],
        true,
    );
    act(
        &mut g,
        json!({"type": "expand", "tile": "muroroa", "beaches": [2]}),
    );
    assert_eq!(legal(&g).len(), 2);
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "muroroa", "beach": 2, "jetty": 4}),
    );
    assert!(ev.contains(&GameEvent::Crossed {
        card: c("water-f"),
        from: 0,
        to: 3,
        danger: 3,
        colours: 3
    }));
    assert!(ev.contains(&GameEvent::Arrived {
        tile: c("tubuai"),
        group: vec![0, 1, 2]
    }));
    act(&mut g, json!({"type": "land", "seat": 0, "beach": 0}));
    act(&mut g, json!({"type": "land", "seat": 1, "beach": 1}));
    // Four ships on six places: even a full beach can empty itself and
    // spread again, so both beaches stay legal for the last ship.
    assert_eq!(
        legal(&g),
        vec![
            json!({"type": "land", "seat": 2, "beach": 0}),
            json!({"type": "land", "seat": 2, "beach": 1})
        ]
    );
    act(&mut g, json!({"type": "land", "seat": 2, "beach": 1}));
    assert_eq!(snap(&g)["phase"], "turn");
}
