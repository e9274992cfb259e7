//! Rule tests: §4 emigration and voyages (docs/rules.md).

use super::*;

// ----- §4 emigration and voyages ------------------------------------------------

/// Seat 0 fills Tonga beach 3 (jetty north) with ships of seats 0, 0, 1.
fn tonga_beach_3_full(
    players: usize,
    pile_top: &[&str],
    cards: Vec<(CardId, i32, i32, u8)>,
    kings: Vec<(CardId, u8)>,
) -> Game {
    let mut a = arrange(players);
    a.cards = cards;
    a.kings = kings;
    a.pile_top = pile_top.iter().map(|k| c(k)).collect();
    a.ships = ships(&[("tonga", 3, 0), ("tonga", 3, 1), ("tonga", 0, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    act(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [3]}),
    );
    g
}

#[test]
fn r20_a_full_beach_must_emigrate_as_one_group_through_its_jetty() {
    let mut g = tonga_beach_3_full(2, &["samoa"], vec![], vec![]);
    let s = snap(&g);
    assert_eq!(s["phase"], "emigrate");
    assert_eq!(
        s["pending"],
        json!({"full": [{"tile": "tonga", "beach": 3}]})
    );
    assert_eq!(
        legal(&g),
        vec![json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3})]
    );
    let m = refused(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 0, "jetty": 0}),
    );
    assert!(m.contains("not full"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 4}),
    );
    assert!(m.contains("no jetty toward edge 4"), "{m}");
    let m = refused(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [1]}),
    );
    assert!(m.contains("emigrate from a full beach"), "{m}");
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    assert_eq!(
        ev[0],
        GameEvent::Emigrated {
            seat: 0,
            tile: CardId::TONGA,
            beach: 3,
            jetty: 3,
            group: vec![0, 0, 1]
        }
    );
    assert_eq!(beach_ships(&g, "tonga", 3), json!([]));
}

#[test]
fn r21_a_revealed_card_is_laid_with_its_emblem_toward_the_group() {
    // North from Tonga: the new card lies at (0,-1) with rotation (3+3)%6 = 0.
    let mut g = tonga_beach_3_full(2, &["samoa"], vec![], vec![]);
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    assert!(ev.contains(&GameEvent::CardRevealed {
        card: c("samoa"),
        q: 0,
        r: -1,
        rotation: 0
    }));
    assert!(ev.contains(&GameEvent::Arrived {
        tile: c("samoa"),
        group: vec![0, 0, 1]
    }));
    let s = snap(&g);
    assert_eq!(s["phase"], "land");
    assert_eq!(s["pending"]["tile"], "samoa");
    assert_eq!(s["pending"]["group"], json!([0, 0, 1]));
    assert_eq!(s["revealed"]["islands"], 2);
    // South-east from Tonga: the card lies at (1,0) with rotation (5+3)%6 = 2.
    let mut a = arrange(2);
    a.pile_top = vec![c("hawaii")];
    a.ships = ships(&[("tonga", 5, 0), ("tonga", 5, 1)]);
    let mut g = Game::arranged(&a).unwrap();
    act(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [5]}),
    );
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 5, "jetty": 5}),
    );
    assert!(ev.contains(&GameEvent::CardRevealed {
        card: c("hawaii"),
        q: 1,
        r: 0,
        rotation: 2
    }));
}

/// The rulebook's example: two yellow, one orange and one green ship meet a
/// trail marked 4 — three colours, the voyage fails; with a purple ship
/// instead of one yellow, four colours, it passes.
fn rulebook_group(purple: bool) -> (Game, Vec<GameEvent>) {
    let (yellow, green, orange, purple_seat) = (1, 2, 3, 5);
    let mut a = arrange(6);
    a.current = yellow;
    // Samoa beach 1: 4 places, jetties [3, 4]; water-a (all trails 4) north of it.
    a.cards = vec![(c("samoa"), 3, 0, 0), (c("water-a"), 3, -1, 0)];
    a.pile_top = vec![c("hawaii")];
    let third = if purple { purple_seat } else { yellow };
    // Yellow has exactly one ship on Samoa, so the expansion places one (R10).
    let yellow_beach = if purple { 0 } else { 1 };
    a.ships = ships(&[
        ("samoa", 1, third),
        ("samoa", 1, orange),
        ("samoa", 1, green),
        ("tonga", 0, 0),
    ]);
    if purple {
        a.ships.push((c("samoa"), yellow_beach, yellow));
    }
    let mut g = Game::arranged(&a).unwrap();
    act(
        &mut g,
        json!({"type": "expand", "tile": "samoa", "beaches": [1]}),
    );
    assert_eq!(snap(&g)["phase"], "emigrate");
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "samoa", "beach": 1, "jetty": 3}),
    );
    (g, ev)
}

#[test]
fn r21_rulebook_example_three_colours_fail_on_a_trail_marked_4() {
    let (g, ev) = rulebook_group(false);
    assert!(ev.contains(&GameEvent::VoyageFailed {
        card: c("water-a"),
        from: 0,
        danger: 4,
        colours: 3,
        returned: vec![1, 1, 2, 3]
    }));
    let s = snap(&g);
    assert_eq!(s["players"][1]["supply"], 15, "both yellow ships went home");
    assert_eq!(s["players"][3]["supply"], 15);
    assert_eq!(s["phase"], "turn");
    assert_eq!(s["revealed"]["islands"], 2, "no card was revealed");
}

#[test]
fn r21_rulebook_example_with_purple_four_colours_pass() {
    let (g, ev) = rulebook_group(true);
    assert!(ev.contains(&GameEvent::Crossed {
        card: c("water-a"),
        from: 0,
        to: 3,
        danger: 4,
        colours: 4
    }));
    // The trail leads straight on north into an empty hex: Hawaii is revealed.
    assert!(ev.contains(&GameEvent::CardRevealed {
        card: c("hawaii"),
        q: 3,
        r: -2,
        rotation: 0
    }));
    assert_eq!(snap(&g)["pending"]["group"], json!([1, 2, 3, 5]));
}

#[test]
fn r21_r31_a_king_island_turns_the_group_back_to_where_it_sailed_from() {
    let mut g = tonga_beach_3_full(
        2,
        &["samoa"],
        vec![(c("hawaii"), 0, -1, 0)],
        vec![(c("hawaii"), 1)],
    );
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    assert!(ev.contains(&GameEvent::TurnedBack {
        card: c("hawaii"),
        tile: CardId::TONGA
    }));
    assert!(ev.contains(&GameEvent::Arrived {
        tile: CardId::TONGA,
        group: vec![0, 0, 1]
    }));
    assert!(!has(&ev, |e| matches!(e, GameEvent::CardRevealed { .. })));
    assert_eq!(snap(&g)["pending"]["tile"], "tonga");
}

#[test]
fn r22_a_voyage_can_reveal_several_cards_in_a_row() {
    // water-p's unnumbered trail from edge 0 leads to edge 5 (south-east).
    let mut g = tonga_beach_3_full(2, &["water-p", "samoa"], vec![], vec![]);
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    let want = [
        GameEvent::CardRevealed {
            card: c("water-p"),
            q: 0,
            r: -1,
            rotation: 0,
        },
        GameEvent::Crossed {
            card: c("water-p"),
            from: 0,
            to: 5,
            danger: 0,
            colours: 2,
        },
        GameEvent::CardRevealed {
            card: c("samoa"),
            q: 1,
            r: -1,
            rotation: 2,
        },
        GameEvent::Arrived {
            tile: c("samoa"),
            group: vec![0, 0, 1],
        },
    ];
    assert_eq!(&ev[1..], &want);
}

#[test]
fn r22_a_revealed_water_card_is_checked_like_one_on_the_table() {
    // water-a: every trail is marked 4; a two-colour group fails on the card just revealed.
    let mut g = tonga_beach_3_full(2, &["water-a"], vec![], vec![]);
    let ev = act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    assert!(ev.contains(&GameEvent::VoyageFailed {
        card: c("water-a"),
        from: 0,
        danger: 4,
        colours: 2,
        returned: vec![0, 0, 1]
    }));
    assert_eq!(
        tile(&snap(&g), "water-a")["trails"],
        json!([[0, 3, 4], [1, 5, 4], [2, 4, 4]])
    );
}

#[test]
fn r23_landing_serves_every_free_beach_first() {
    let mut g = tonga_beach_3_full(2, &["samoa"], vec![], vec![]);
    act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    assert_eq!(
        legal(&g).len(),
        6,
        "two colours x three free beaches; no return"
    );
    act(&mut g, json!({"type": "land", "seat": 0, "beach": 0}));
    assert_eq!(snap(&g)["pending"]["owed"], json!([1, 2]));
    assert_eq!(snap(&g)["pending"]["received"], json!([0]));
    let m = refused(&mut g, json!({"type": "land", "seat": 0, "beach": 0}));
    assert!(m.contains("R23") && m.contains("beach 2 or 3"), "{m}");
    let m = refused(&mut g, json!({"type": "land", "seat": 4, "beach": 1}));
    assert!(m.contains("No ship of seat 4"), "{m}");
    let m = refused(&mut g, json!({"type": "return", "seat": 0}));
    assert!(m.contains("room"), "{m}");
    act(&mut g, json!({"type": "land", "seat": 1, "beach": 2}));
    let ev = act(&mut g, json!({"type": "land", "seat": 0, "beach": 1}));
    assert!(ev.contains(&GameEvent::ShipLanded {
        seat: 0,
        tile: c("samoa"),
        beach: 1
    }));
    assert_eq!(beach_ships(&g, "samoa", 0), json!([0]));
    assert_eq!(beach_ships(&g, "samoa", 2), json!([1]));
    assert_eq!(snap(&g)["phase"], "turn");
}

/// Tubuai (two beaches of 3) north of Tonga with two ships on each beach.
fn landing_on_nearly_full_tubuai() -> Game {
    let mut a = arrange(3);
    a.cards = vec![(c("tubuai"), 0, -1, 0)];
    a.ships = ships(&[
        ("tonga", 3, 0),
        ("tonga", 3, 1),
        ("tubuai", 0, 2),
        ("tubuai", 0, 2),
        ("tubuai", 1, 1),
        ("tubuai", 1, 2),
    ]);
    let mut g = Game::arranged(&a).unwrap();
    act(
        &mut g,
        json!({"type": "expand", "tile": "tonga", "beaches": [3]}),
    );
    act(
        &mut g,
        json!({"type": "emigrate", "tile": "tonga", "beach": 3, "jetty": 3}),
    );
    g
}

#[test]
fn r23_surplus_ships_return_and_the_active_player_chooses_which() {
    let mut g = landing_on_nearly_full_tubuai();
    let l = legal(&g);
    assert!(l.contains(&json!({"type": "return", "seat": 0})));
    assert!(l.contains(&json!({"type": "return", "seat": 1})));
    act(&mut g, json!({"type": "land", "seat": 0, "beach": 0}));
    act(&mut g, json!({"type": "land", "seat": 0, "beach": 1}));
    // No free place is left: the last ship (seat 1) can only go home.
    assert_eq!(legal(&g), vec![json!({"type": "return", "seat": 1})]);
    let ev = act(&mut g, json!({"type": "return", "seat": 1}));
    assert_eq!(ev[0], GameEvent::ShipReturned { seat: 1 });
    assert_eq!(snap(&g)["players"][1]["supply"], 14);
}

#[test]
fn r24_a_landing_that_fills_beaches_continues_the_chain() {
    let mut g = landing_on_nearly_full_tubuai();
    act(&mut g, json!({"type": "return", "seat": 1}));
    act(&mut g, json!({"type": "land", "seat": 0, "beach": 0}));
    act(&mut g, json!({"type": "land", "seat": 0, "beach": 1}));
    let s = snap(&g);
    assert_eq!(s["phase"], "emigrate");
    assert_eq!(s["current"], 0, "the active player goes on");
    assert_eq!(
        s["pending"]["full"],
        json!([{"tile": "tubuai", "beach": 0}, {"tile": "tubuai", "beach": 1}])
    );
    // The player chooses the order: both beaches may go first.
    assert_eq!(legal(&g).len(), 4);
}
