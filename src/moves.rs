//! Moves: the engine's own form of a legal action, small and `Copy`.
//!
//! An [`Action`] is what a player sends (docs/api.md): parsed from JSON as
//! given, with numbers kept as they came, so that an out-of-range index is
//! refused by the rules with its own number in the message. A [`Move`] is an
//! action the rules can mean: every beach, seat, jetty and rotation in range,
//! each set of beaches a bit mask. The move generator lists moves, the log
//! keeps them and the game plays them; an action becomes a move when it is
//! checked ([`Move::of_action`]) and a move an action when it is shown
//! ([`Move::to_action`]). A move fits in a machine word: listing, copying and
//! comparing one is a register's work (an `Action` is six words, built on
//! the stack and copied).

use crate::action::{Action, BeachRef, Beaches};
use crate::cards::{Beach, CardId, MAX_BEACHES};
use crate::hex::{Edge, Hex};
use crate::landing::LandMove;
use crate::seat::Seat;
use serde::{Serialize, Serializer};
use serde_json::Value;

/// A set of beaches of one island, as a mask ([`Beach::bit`]); listed in
/// ascending order, as a normalized `expand` names them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BeachSet(u8);

impl BeachSet {
    pub fn of(beaches: impl IntoIterator<Item = Beach>) -> BeachSet {
        BeachSet(beaches.into_iter().fold(0, |m, b| m | b.bit()))
    }
    /// The beaches whose bits ([`Beach::bit`]) are set in `mask`.
    pub fn from_mask(mask: u8) -> BeachSet {
        BeachSet(mask)
    }
    /// The beaches, in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Beach> {
        Beach::in_mask(self.0)
    }
}

/// One decision of a player, as the engine lists and plays it (the variants
/// of [`Action`], with typed fields).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// R2: a ship on a beach of Tonga.
    SetupPlace {
        beach: Beach,
    },
    /// R10 (or R51 with `take`: the ship taken from that beach first).
    Expand {
        tile: CardId,
        beaches: BeachSet,
        take: Option<(CardId, Beach)>,
    },
    /// R30.
    FoundKingdom {
        tile: CardId,
    },
    /// R40.
    Resettle,
    /// R50: one new ship on `first`, and on Tonga a second on `second`
    /// (`first <= second`; the same beach twice is two ships there).
    PlaceNew {
        tile: CardId,
        first: Beach,
        second: Option<Beach>,
    },
    /// R20.
    Emigrate {
        tile: CardId,
        beach: Beach,
        jetty: Edge,
    },
    /// R23.
    Land {
        seat: Seat,
        beach: Beach,
    },
    Return {
        seat: Seat,
    },
    /// R21, R40: the revealed card at (q, r), turned by `rotation` (0..6).
    /// (Cards lie within 32 hexes of Tonga: the coordinates fit a byte.)
    PlaceCard {
        q: i8,
        r: i8,
        rotation: u8,
    },
    /// R40: a ship on the newly revealed island.
    PlaceShip {
        beach: Beach,
    },
}

/// A beach index as an action names it, if some island could have it.
fn any_beach(i: u32) -> Option<Beach> {
    ((i as usize) < MAX_BEACHES).then(|| Beach::new(i as u8))
}

impl Move {
    /// A card placed at `at`, turned by `rotation` (a hex of the table).
    pub fn place_card(at: Hex, rotation: u8) -> Move {
        Move::PlaceCard {
            q: at.q as i8,
            r: at.r as i8,
            rotation,
        }
    }

    /// The move a normalized action names, if it can name one: `None` when
    /// some number is out of range (no such beach, seat, jetty, rotation or
    /// hex) or a set of beaches names one twice. Such an action is never
    /// legal; one that converts is legal exactly when its move is listed.
    pub fn of_action(a: &Action) -> Option<Move> {
        Some(match *a {
            Action::SetupPlace { beach } => Move::SetupPlace {
                beach: CardId::TONGA.beach(beach)?,
            },
            Action::Expand {
                tile,
                ref beaches,
                take,
            } => {
                let mut set = 0u8;
                for &b in beaches {
                    let bit = tile.beach(b)?.bit();
                    if set & bit != 0 {
                        return None;
                    }
                    set |= bit;
                }
                Move::Expand {
                    tile,
                    beaches: BeachSet(set),
                    take: match take {
                        None => None,
                        Some(t) => Some((t.tile, t.tile.beach(t.beach)?)),
                    },
                }
            }
            Action::FoundKingdom { tile } => Move::FoundKingdom { tile },
            Action::Resettle => Move::Resettle,
            Action::PlaceNew { tile, ref beaches } => {
                let (first, second) = match **beaches {
                    [a] => (a, None),
                    [a, b] if a <= b => (a, Some(tile.beach(b)?)),
                    _ => return None,
                };
                Move::PlaceNew {
                    tile,
                    first: tile.beach(first)?,
                    second,
                }
            }
            Action::Emigrate { tile, beach, jetty } => Move::Emigrate {
                tile,
                beach: tile.beach(beach)?,
                jetty: Edge::from_u32(jetty)?,
            },
            Action::Land { seat, beach } => Move::Land {
                seat: Seat::from_u32(seat)?,
                beach: any_beach(beach)?,
            },
            Action::Return { seat } => Move::Return {
                seat: Seat::from_u32(seat)?,
            },
            Action::PlaceCard { q, r, rotation } => Move::PlaceCard {
                q: i8::try_from(q).ok()?,
                r: i8::try_from(r).ok()?,
                rotation: u8::try_from(rotation).ok().filter(|&r| r < 6)?,
            },
            Action::PlaceShip { beach } => Move::PlaceShip {
                beach: any_beach(beach)?,
            },
        })
    }

    /// The action this move is, normalized (docs/api.md).
    pub fn to_action(self) -> Action {
        match self {
            Move::SetupPlace { beach } => Action::SetupPlace {
                beach: beach.into(),
            },
            Move::Expand {
                tile,
                beaches,
                take,
            } => {
                let mut list = [0u32; MAX_BEACHES];
                let mut n = 0;
                for b in beaches.iter() {
                    list[n] = b.into();
                    n += 1;
                }
                Action::Expand {
                    tile,
                    beaches: Beaches::from_slice(&list[..n]),
                    take: take.map(|(tile, beach)| BeachRef {
                        tile,
                        beach: beach.into(),
                    }),
                }
            }
            Move::FoundKingdom { tile } => Action::FoundKingdom { tile },
            Move::Resettle => Action::Resettle,
            Move::PlaceNew {
                tile,
                first,
                second,
            } => Action::PlaceNew {
                tile,
                beaches: match second {
                    None => [first.into()].into(),
                    Some(second) => [first.into(), second.into()].into(),
                },
            },
            Move::Emigrate { tile, beach, jetty } => Action::Emigrate {
                tile,
                beach: beach.into(),
                jetty: jetty.into(),
            },
            Move::Land { seat, beach } => Action::Land {
                seat: seat.into(),
                beach: beach.into(),
            },
            Move::Return { seat } => Action::Return { seat: seat.into() },
            Move::PlaceCard { q, r, rotation } => Action::PlaceCard {
                q: q.into(),
                r: r.into(),
                rotation: rotation.into(),
            },
            Move::PlaceShip { beach } => Action::PlaceShip {
                beach: beach.into(),
            },
        }
    }

    pub fn to_json(self) -> Value {
        self.to_action().to_json()
    }

    /// Where a `place_card` move lays its card.
    pub fn hex(q: i8, r: i8) -> Hex {
        Hex::new(q.into(), r.into())
    }
}

impl From<LandMove> for Move {
    fn from(m: LandMove) -> Move {
        match m {
            LandMove::Land { seat, beach } => Move::Land { seat, beach },
            LandMove::Return { seat } => Move::Return { seat },
        }
    }
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        m.to_action()
    }
}

/// A move is written as the action it is.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_action().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_move_fits_in_a_word() {
        assert!(std::mem::size_of::<Move>() <= 8);
    }

    #[test]
    fn moves_and_normalized_actions_convert_both_ways() {
        for s in crate::action::tests::samples() {
            let a = Action::from_json(&s).unwrap();
            let m = Move::of_action(&a).unwrap_or_else(|| panic!("{s}"));
            assert_eq!(m.to_action(), a);
            assert_eq!(m.to_json(), s);
            assert_eq!(serde_json::to_value(m).unwrap(), s);
        }
    }

    #[test]
    fn actions_no_move_can_mean_have_none() {
        for s in [
            json!({"type":"setup_place","beach":6}),
            json!({"type":"expand","tile":"samoa","beaches":[0,0]}),
            json!({"type":"expand","tile":"samoa","beaches":[9]}),
            json!({"type":"expand","tile":"samoa","beaches":[0],"take":{"tile":"tonga","beach":6}}),
            json!({"type":"place_new","tile":"tonga","beaches":[1,1,1]}),
            json!({"type":"place_new","tile":"tonga","beaches":[]}),
            json!({"type":"place_new","tile":"tonga","beaches":[3,1]}),
            json!({"type":"emigrate","tile":"tonga","beach":0,"jetty":6}),
            json!({"type":"land","seat":6,"beach":1}),
            json!({"type":"land","seat":0,"beach":4294967295u64}),
            json!({"type":"return","seat":7}),
            json!({"type":"place_card","q":200,"r":0,"rotation":0}),
            json!({"type":"place_card","q":0,"r":0,"rotation":6}),
            json!({"type":"place_ship","beach":6}),
        ] {
            let a = Action::from_json(&s).unwrap();
            assert_eq!(Move::of_action(&a), None, "{s}");
        }
    }
}
