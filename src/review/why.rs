//! Why a move: the facts a sentence about it is made of ("three colours
//! aboard for a danger-4 route: 40% to arrive", "the jetty to the north
//! reaches Tahiti with certainty"). Numbers and ids only: the page puts
//! them in its words (www/review-words.js, every language), from the
//! snapshot of the position where the move was made.
//!
//! An emigration's facts are its voyage odds ([`crate::odds`], the figures
//! `tongiaki odds` gives) and the route on the table; the other moves'
//! are what they change at once (ships placed, beaches filled, points
//! held), read from a copy of the game with the pile in a sampled order,
//! never the real one.

use super::search::sample_order;
use crate::game::{Game, Phase};
use crate::hex::edge_to_world;
use crate::moves::Move;
use crate::odds::{action_odds, OddsConfig};
use crate::seat::Seat;
use serde_json::{json, Value};

/// A chance this close to 1 is a certainty (the exact odds are fractions;
/// sampled ones never claim it).
const CERTAIN: f64 = 1.0 - 1e-9;

/// The facts of move `m`, legal in `game` (JSON: `{"type", ...}` by the
/// move's type; docs/api.md "Review").
pub fn facts(game: &Game, m: Move) -> Value {
    let mover = game.current().unwrap_or(0);
    let seat = Seat::new(mover);
    let board = game.board();
    let points = |g: &Game| g.standings()[usize::from(mover)].score;
    // What the move changes at once, on a copy whose pile is in a sampled
    // order (a move that reveals a card is an emigration, valued by its
    // odds, or a resettlement, whose first card is not yet laid).
    let after = || {
        let mut g = game
            .with_pile_order(&sample_order(&game.unseen_cards(), 0, 0))
            .expect("a permutation of the pile");
        g.play_trusted(m);
        g
    };
    match m {
        Move::SetupPlace { beach } => json!({
            "type": "setup_place",
            "tile": "tonga",
            "beach": beach.index(),
        }),
        Move::Expand {
            tile,
            beaches,
            take,
        } => {
            let g = after();
            json!({
                "type": "expand",
                "tile": tile.key(),
                "ships": beaches.iter().count(),
                "take": take.is_some(),
                "fills": full_beaches(&g),
                "points": points(game),
                "points_after": points(&g),
            })
        }
        Move::FoundKingdom { tile } => json!({
            "type": "found_kingdom",
            "tile": tile.key(),
            "value": tile.spec().value,
            "ships_home": board.ships().seat_on(tile, seat).saturating_sub(1),
            "kings": board.king_count(seat),
        }),
        Move::Resettle => {
            let (islands, water) = game.pile_counts();
            let g = after();
            json!({
                "type": "resettle",
                "ships": board.seat_on_islands(seat),
                "points": points(game),
                "points_after": points(&g),
                "pile_islands": islands,
                "pile_water": water,
            })
        }
        Move::PlaceNew { tile, second, .. } => {
            let g = after();
            json!({
                "type": "place_new",
                "tile": tile.key(),
                "ships": 1 + usize::from(second.is_some()),
                "fills": full_beaches(&g),
                "points": points(game),
                "points_after": points(&g),
            })
        }
        Move::Emigrate { tile, beach, jetty } => {
            let mut v = json!({
                "type": "emigrate",
                "tile": tile.key(),
                "beach": beach.index(),
                "jetty": jetty.get(),
                "direction": edge_to_world(jetty, board.rotation_of(tile)),
            });
            if let Some(o) = action_odds(game, &m.to_action(), &OddsConfig::default()) {
                let reaches = crate::cards::CardId::all()
                    .find(|c| o.landing[c.index()] >= CERTAIN)
                    .map(|c| c.key());
                let fail_at = o.known.last().filter(|k| k.to.is_none());
                let f = v.as_object_mut().expect("an object");
                for (k, x) in [
                    ("arrive", o.arrive),
                    ("new_island", o.new_island),
                    ("fail", o.fail),
                    ("turn_back", o.turn_back),
                    ("stay", o.stay),
                ] {
                    f.insert(k.into(), json!(x));
                }
                f.insert("exact".into(), json!(o.exact));
                f.insert("colours".into(), json!(o.colours));
                f.insert(
                    "needs".into(),
                    json!(o.known.iter().map(|t| t.danger).max().unwrap_or(0)),
                );
                f.insert("known".into(), json!(o.known.len()));
                f.insert("reaches".into(), json!(reaches));
                f.insert(
                    "fails_at".into(),
                    json!(fail_at.map(|k| json!({"card": k.card.key(), "danger": k.danger}))),
                );
            }
            v
        }
        Move::Land { seat: who, beach } => {
            let tile = match game.phase() {
                Phase::Land(l) => l.tile,
                _ => crate::cards::CardId::TONGA,
            };
            json!({
                "type": "land",
                "seat": who.index(),
                "own": who == seat,
                "tile": tile.key(),
                "beach": beach.index(),
                "value": tile.spec().value,
                // The seat had no ship there: it gains the island (R61).
                "gains": board.ships().seat_on(tile, who) == 0,
            })
        }
        Move::Return { seat: who } => {
            let tile = match game.phase() {
                Phase::Land(l) => Some(l.tile),
                _ => None,
            };
            json!({
                "type": "return",
                "seat": who.index(),
                "own": who == seat,
                "tile": tile.map(|t| t.key()),
            })
        }
        Move::PlaceCard { .. } => {
            let action = m.to_action().to_json();
            let card = match game.phase() {
                Phase::PlaceCard { card, .. } => Some(card),
                _ => None,
            };
            json!({
                "type": "place_card",
                "card": card.map(|c| c.key()),
                "island": card.is_some_and(|c| c.is_island()),
                "q": action["q"],
                "r": action["r"],
                "rotation": action["rotation"],
            })
        }
        Move::PlaceShip { beach } => {
            let tile = match game.phase() {
                Phase::PlaceShip { tile, .. } => Some(tile),
                _ => None,
            };
            json!({
                "type": "place_ship",
                "tile": tile.map(|t| t.key()),
                "beach": beach.index(),
                "value": tile.map_or(0, |t| t.spec().value),
            })
        }
    }
}

/// Full beaches on the table (they must sail: R20).
fn full_beaches(g: &Game) -> usize {
    g.board().ships().full_beaches().count()
}
