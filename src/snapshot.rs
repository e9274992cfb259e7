//! The public state (docs/api.md "Snapshot"). Never the pile order.

use crate::board::expand_counts;
use crate::cards::CardId;
use crate::game::{Game, Phase};
use crate::options::COLORS;
use crate::seat::Seat;
use serde::Serialize;

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub phase: &'static str,
    pub current: Option<u8>,
    pub turn: u32,
    pub players: Vec<PlayerView>,
    pub tiles: Vec<TileView>,
    pub pile: Counts,
    pub revealed: Counts,
    pub removed: Vec<CardId>,
    pub pending: Option<Pending>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranking: Option<Vec<Vec<u8>>>,
    /// What the current decision is, in words.
    pub prompt: String,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct PlayerView {
    pub name: String,
    pub color: &'static str,
    pub supply: u8,
    pub ships_on_table: u8,
    pub kings: Vec<CardId>,
    pub score: u32,
    pub islands: u32,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct BeachView {
    pub places: u8,
    pub jetties: Vec<u8>,
    pub ships: Vec<u8>,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct TileView {
    pub card: CardId,
    pub kind: &'static str,
    pub q: i32,
    pub r: i32,
    pub rotation: u8,
    pub name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u8>,
    /// Island only: the owner of the king, or null.
    #[serde(skip_serializing_if = "is_water_king")]
    pub king: KingField,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beaches: Option<Vec<BeachView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trails: Option<Vec<[u8; 3]>>,
    /// Water only: ships that stayed on the last card (R60).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ships: Option<Vec<u8>>,
}

/// `king` is present (possibly null) on islands and absent on water.
#[derive(Clone, Debug, PartialEq)]
pub enum KingField {
    Island(Option<u8>),
    Water,
}

fn is_water_king(k: &KingField) -> bool {
    *k == KingField::Water
}

impl Serialize for KingField {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            KingField::Island(k) => k.serialize(s),
            KingField::Water => s.serialize_none(),
        }
    }
}

#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct Counts {
    pub islands: u32,
    pub water: u32,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct BeachRefView {
    pub tile: CardId,
    pub beach: u8,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum Pending {
    Emigrate {
        full: Vec<BeachRefView>,
    },
    Land {
        tile: CardId,
        group: Vec<u8>,
        received: Vec<u8>,
        /// Beaches that had room on arrival and still wait for their first ship (R23).
        owed: Vec<u8>,
        /// R60: the game ends when this landing is done.
        last: bool,
    },
    PlaceCard {
        card: CardId,
        kind: &'static str,
        /// "resettle" (R40) or "chain" (R25).
        reason: &'static str,
        /// The face of the revealed card, so a UI can show it before it is laid.
        name: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        beaches: Option<Vec<BeachView>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        trails: Option<Vec<[u8; 3]>>,
    },
    PlaceShip {
        tile: CardId,
    },
}

fn mask_list(m: u8) -> Vec<u8> {
    (0..8).filter(|i| m & (1 << i) != 0).collect()
}

impl Game {
    pub fn snapshot(&self) -> Snapshot {
        let board = self.board();
        let st = self.standings();
        let players = (0..self.players() as u8)
            .map(|s| PlayerView {
                name: self.player_name(s).to_string(),
                color: COLORS[self.options().players[s as usize].color as usize],
                supply: self.supply(s),
                ships_on_table: 15 - self.supply(s),
                kings: board.kings_of(Seat::new(s)).collect(),
                score: st[s as usize].score,
                islands: st[s as usize].islands,
            })
            .collect();
        let tiles = board
            .cards()
            .iter()
            .map(|&c| {
                let (h, rot) = board.placement(c).expect("on the table");
                let spec = c.spec();
                let island = c.is_island();
                TileView {
                    card: c,
                    kind: if island { "island" } else { "water" },
                    q: h.q,
                    r: h.r,
                    rotation: rot,
                    name: spec.name,
                    value: island.then_some(spec.value),
                    king: if island {
                        KingField::Island(board.king_of(c).map(u8::from))
                    } else {
                        KingField::Water
                    },
                    beaches: island.then(|| {
                        c.beaches()
                            .map(|b| BeachView {
                                places: c.beach_spec(b).places,
                                jetties: c.beach_spec(b).jetties.to_vec(),
                                ships: board.ships().beach(c, b).seats(),
                            })
                            .collect()
                    }),
                    trails: (!island)
                        .then(|| spec.trails.iter().map(|t| [t.a, t.b, t.danger]).collect()),
                    ships: (!island).then(|| expand_counts(board.water_ships(c))),
                }
            })
            .collect();
        let (pi, pw) = self.pile_counts();
        let pending = match self.phase() {
            Phase::Emigrate => Some(Pending::Emigrate {
                full: board
                    .full_beaches(board.ships())
                    .map(|(tile, beach)| BeachRefView {
                        tile,
                        beach: beach.into(),
                    })
                    .collect(),
            }),
            Phase::Land(l) => Some(Pending::Land {
                tile: l.tile,
                group: expand_counts(&l.group),
                received: mask_list(l.received),
                owed: mask_list(l.owed),
                last: l.ends_game,
            }),
            Phase::PlaceCard { card, resettle } => {
                let spec = card.spec();
                let island = card.is_island();
                Some(Pending::PlaceCard {
                    card,
                    kind: if island { "island" } else { "water" },
                    reason: if resettle { "resettle" } else { "chain" },
                    name: spec.name,
                    value: island.then_some(spec.value),
                    beaches: island.then(|| {
                        spec.beaches
                            .iter()
                            .map(|b| BeachView {
                                places: b.places,
                                jetties: b.jetties.to_vec(),
                                ships: Vec::new(),
                            })
                            .collect()
                    }),
                    trails: (!island)
                        .then(|| spec.trails.iter().map(|t| [t.a, t.b, t.danger]).collect()),
                })
            }
            Phase::PlaceShip { tile, .. } => Some(Pending::PlaceShip { tile }),
            _ => None,
        };
        Snapshot {
            phase: self.phase().name(),
            current: self.current(),
            turn: self.turn(),
            players,
            tiles,
            pile: Counts {
                islands: pi,
                water: pw,
            },
            revealed: Counts {
                islands: board.laid_islands().into(),
                water: board.laid_water().into(),
            },
            removed: board.removed().to_vec(),
            pending,
            ranking: self.ranking().cloned(),
            prompt: self.pending_words(),
        }
    }

    pub fn snapshot_json(&self) -> serde_json::Value {
        serde_json::to_value(self.snapshot()).expect("snapshots always serialize")
    }
}
