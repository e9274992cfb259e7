//! Why an action is refused: one [`Refusal`] per failed rule condition,
//! a small `Copy` value that names what its message needs and is turned
//! into words only by [`Refusal::to_error`].
//!
//! Below every module with a rule check (the landing's in `landing.rs`,
//! the rest in `game/checks.rs`), so that each check is written once and
//! returns the same value to the move generator and the explainer.

use crate::cards::{Beach, CardId};
use crate::error::{args, Error};

/// Why an action is refused: one variant per `illegal.*` key of
/// `src/error.rs`, holding what its message names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Refusal {
    NoSuchBeach {
        island: CardId,
    },
    WaterCard {
        card: CardId,
    },
    Removed {
        island: CardId,
    },
    NotOnTable {
        island: CardId,
    },
    SetupBeachFull {
        beach: Beach,
        ships: u8,
    },
    NoIslandShips,
    KingIsland {
        island: CardId,
    },
    SupplyEmpty,
    SupplyNotEmpty,
    OnePerBeach,
    NoFreePlace {
        island: CardId,
        beach: Beach,
    },
    TakeNoShip {
        island: CardId,
        beach: Beach,
    },
    TakeKing {
        island: CardId,
    },
    TakeOneShip,
    TakeSameBeach,
    TakeLastShip {
        island: CardId,
    },
    ExpandNoShip {
        island: CardId,
    },
    ExpandCount {
        island: CardId,
        count: u8,
        ships: u8,
        supply: u8,
    },
    TongaKing,
    KingNotOnTable {
        island: CardId,
    },
    KingWater {
        island: CardId,
    },
    AlreadyKing {
        island: CardId,
    },
    KingNoShip {
        island: CardId,
    },
    KingOthers {
        island: CardId,
    },
    TwoKings,
    Resettle,
    PlaceNewHasShips,
    PlaceNewKing {
        island: CardId,
    },
    PlaceNewCount {
        island: CardId,
        count: usize,
    },
    NoRoom {
        island: CardId,
        beach: Beach,
    },
    BeachNotFull {
        island: CardId,
        beach: Beach,
    },
    NoJetty {
        island: CardId,
        beach: Beach,
        jetty: u32,
    },
    EndlessVoyage,
    NoArrivingShip {
        seat: u32,
    },
    BeachFull {
        island: CardId,
        beach: Beach,
    },
    OwedBeach {
        owed: u8,
    },
    EndlessLanding,
    RoomForAll {
        island: CardId,
    },
    EndlessReturn,
    HexTaken {
        card: CardId,
    },
    Rotation {
        rotation: u32,
    },
    NotAdjacent {
        card: CardId,
    },
    Emblem {
        card: CardId,
    },
}

impl Refusal {
    /// The `illegal_action` error: the key and the arguments its template names.
    pub(crate) fn to_error(self) -> Error {
        use Refusal::*;
        let at = |key, island: CardId, beach: Beach| {
            Error::illegal(key, args![beach = beach.number(), island = island.name()])
        };
        let on = |key, island: CardId| Error::illegal(key, args![island = island.name()]);
        let plain = |key| Error::illegal(key, args![]);
        match self {
            NoSuchBeach { island } => Error::illegal(
                "illegal.no_such_beach",
                args![island = island.name(), beaches = island.beach_count()],
            ),
            WaterCard { card } => Error::illegal("illegal.water_card", args![card = card.name()]),
            Removed { island } => on("illegal.removed", island),
            NotOnTable { island } => on("illegal.not_on_table", island),
            SetupBeachFull { beach, ships } => Error::illegal(
                "illegal.setup_beach_full",
                args![beach = beach.number(), ships = ships],
            ),
            NoIslandShips => plain("illegal.no_island_ships"),
            KingIsland { island } => on("illegal.king_island", island),
            SupplyEmpty => plain("illegal.supply_empty"),
            SupplyNotEmpty => plain("illegal.supply_not_empty"),
            OnePerBeach => plain("illegal.one_per_beach"),
            NoFreePlace { island, beach } => at("illegal.no_free_place", island, beach),
            TakeNoShip { island, beach } => at("illegal.take_no_ship", island, beach),
            TakeKing { island } => on("illegal.take_king", island),
            TakeOneShip => plain("illegal.take_one_ship"),
            TakeSameBeach => plain("illegal.take_same_beach"),
            TakeLastShip { island } => on("illegal.take_last_ship", island),
            ExpandNoShip { island } => on("illegal.expand_no_ship", island),
            ExpandCount {
                island,
                count,
                ships,
                supply,
            } => Error::illegal(
                "illegal.expand_count",
                args![
                    island = island.name(),
                    count = count,
                    ships = ships,
                    beaches = island.beach_count(),
                    supply = supply
                ],
            ),
            TongaKing => plain("illegal.tonga_king"),
            KingNotOnTable { island } => on("illegal.king_not_on_table", island),
            KingWater { island } => on("illegal.king_water", island),
            AlreadyKing { island } => on("illegal.already_king", island),
            KingNoShip { island } => on("illegal.king_no_ship", island),
            KingOthers { island } => on("illegal.king_others", island),
            TwoKings => plain("illegal.two_kings"),
            Resettle => plain("illegal.resettle"),
            PlaceNewHasShips => plain("illegal.place_new_has_ships"),
            PlaceNewKing { island } => on("illegal.place_new_king", island),
            PlaceNewCount { island, count } => Error::illegal(
                "illegal.place_new_count",
                args![count = count, island = island.name()],
            ),
            NoRoom { island, beach } => at("illegal.no_room", island, beach),
            BeachNotFull { island, beach } => at("illegal.beach_not_full", island, beach),
            NoJetty {
                island,
                beach,
                jetty,
            } => Error::illegal(
                "illegal.no_jetty",
                args![
                    beach = beach.number(),
                    island = island.name(),
                    jetty = jetty,
                    jetties = island.beach_spec(beach).jetties.to_vec(),
                ],
            ),
            EndlessVoyage => plain("illegal.endless_voyage"),
            NoArrivingShip { seat } => {
                Error::illegal("illegal.no_arriving_ship", args![seat = seat])
            }
            BeachFull { island, beach } => at("illegal.beach_full", island, beach),
            OwedBeach { owed } => {
                let beaches: Vec<usize> = Beach::in_mask(owed).map(Beach::number).collect();
                Error::illegal("illegal.owed_beach", args![beaches = beaches])
            }
            EndlessLanding => plain("illegal.endless_landing"),
            RoomForAll { island } => on("illegal.room_for_all", island),
            EndlessReturn => plain("illegal.endless_return"),
            HexTaken { card } => Error::illegal("illegal.hex_taken", args![card = card.name()]),
            Rotation { rotation } => Error::illegal("illegal.rotation", args![rotation = rotation]),
            NotAdjacent { card } => {
                Error::illegal("illegal.not_adjacent", args![card = card.name()])
            }
            Emblem { card } => Error::illegal("illegal.emblem", args![card = card.name()]),
        }
    }
}

/// What a rule check gives: `Ok`, or the refusal of the condition that failed.
pub(crate) type Check = Result<(), Refusal>;

/// `Ok` if `ok`, else `refusal`.
pub(crate) fn check(ok: bool, refusal: Refusal) -> Check {
    if ok {
        Ok(())
    } else {
        Err(refusal)
    }
}
