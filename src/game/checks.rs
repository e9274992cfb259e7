//! The rule conditions of an action, each written once (the landing's,
//! R23, in `src/landing.rs`).
//!
//! One function per condition of docs/rules.md, returning the [`Refusal`]
//! (an `illegal.*` key with its arguments) that a failed condition gives.
//! The move generator (`legal.rs`) keeps the candidates that pass; the
//! explainer (`explain.rs`) runs the checks of the action it was given in
//! order and reports the first that fails. The generator calls them for
//! every candidate of every decision, so they neither allocate nor format:
//! a `Refusal` is a small `Copy` value, turned into words only by
//! [`Refusal::to_error`].

use crate::board::{Board, Ships};
use crate::cards::{Beach, CardId};
use crate::hex::{Edge, Hex};
use crate::refusal::{check, Check, Refusal};
use crate::seat::Seat;

// ----- what an action names ------------------------------------------------

/// The card is an island on the table (not water, not removed by R25).
pub(crate) fn island_on_table(board: &Board, tile: CardId) -> Check {
    if tile.is_water() {
        Err(Refusal::WaterCard { card: tile })
    } else if board.is_removed(tile) {
        Err(Refusal::Removed { island: tile })
    } else {
        check(board.on_table(tile), Refusal::NotOnTable { island: tile })
    }
}

/// Beach number `b` of `tile`.
pub(crate) fn beach_of(tile: CardId, b: u32) -> Result<Beach, Refusal> {
    tile.beach(b).ok_or(Refusal::NoSuchBeach { island: tile })
}

// ----- R2, R10, R40: places on beaches -------------------------------------------

/// R2: a setup ship leaves its Tonga beach at least one free place.
#[inline]
pub(crate) fn setup_beach(ships: &Ships, beach: Beach) -> Check {
    let t = CardId::TONGA;
    check(
        ships.free_places(t, beach) >= 2,
        Refusal::SetupBeachFull {
            beach,
            ships: ships.beach(t, beach).count(),
        },
    )
}

/// A ship goes only to a beach with a free place (R10, R40, R51).
#[inline]
pub(crate) fn free_place(ships: &Ships, island: CardId, beach: Beach) -> Check {
    check(
        !ships.is_full(island, beach),
        Refusal::NoFreePlace { island, beach },
    )
}

// ----- the turn: R10, R30, R31, R50, R51 -------------------------------------------

/// R50: the player has a ship on an island's beach, so expands, founds or
/// resettles (king ships are not on beaches).
pub(crate) fn ships_on_islands(board: &Board, seat: Seat) -> Check {
    check(board.seat_on_islands(seat) > 0, Refusal::NoIslandShips)
}

/// R50: the player has no ship on an island, so places new ships.
pub(crate) fn no_ships_on_islands(board: &Board, seat: Seat) -> Check {
    check(board.seat_on_islands(seat) == 0, Refusal::PlaceNewHasShips)
}

/// R31: no one expands onto a king island.
#[inline]
pub(crate) fn not_king_island(board: &Board, island: CardId) -> Check {
    check(!board.is_king(island), Refusal::KingIsland { island })
}

/// R10/R51: ships come from the supply while it has any, else by taking one.
pub(crate) fn supply_for(supply: u8, takes: bool) -> Check {
    match (supply, takes) {
        (0, false) => Err(Refusal::SupplyEmpty),
        (1.., true) => Err(Refusal::SupplyNotEmpty),
        _ => Ok(()),
    }
}

/// R10: at most one new ship per beach (`beaches` sorted).
pub(crate) fn one_per_beach(beaches: &[u32]) -> Check {
    check(
        beaches.windows(2).all(|w| w[0] != w[1]),
        Refusal::OnePerBeach,
    )
}

/// R10: the player expands only where they have ships; how many.
#[inline]
pub(crate) fn expand_ships(ships: &Ships, island: CardId, seat: Seat) -> Result<u8, Refusal> {
    match ships.seat_on(island, seat) {
        0 => Err(Refusal::ExpandNoShip { island }),
        n => Ok(n),
    }
}

/// R10: an expansion places k = min(n, b, s) ships (R52), and no more than
/// the `room` beaches with a free place.
#[inline]
pub(crate) fn expand_size(island: CardId, n: u8, supply: u8, room: usize) -> usize {
    usize::from(n)
        .min(island.beach_count())
        .min(usize::from(supply))
        .min(room)
}

/// R10: an expansion of `count` ships by a player with `n` ships on the island.
pub(crate) fn expand_count(
    ships: &Ships,
    island: CardId,
    n: u8,
    supply: u8,
    count: usize,
) -> Check {
    let room = ships.free_mask(island).count_ones() as usize;
    let k = expand_size(island, n, supply, room);
    check(
        count == k,
        Refusal::ExpandCount {
            island,
            count: k as u8,
            ships: n,
            supply,
        },
    )
}

/// R51: the ship is taken from a beach where the player has one, not from a
/// king island.
#[inline]
pub(crate) fn take_from(board: &Board, island: CardId, beach: Beach, seat: Seat) -> Check {
    if board.ships().beach(island, beach).of(seat) == 0 {
        return Err(Refusal::TakeNoShip { island, beach });
    }
    check(!board.is_king(island), Refusal::TakeKing { island })
}

/// R51: exactly one ship is placed.
pub(crate) fn take_one(count: usize) -> Check {
    check(count == 1, Refusal::TakeOneShip)
}

/// R51: not back onto the beach it came from.
#[inline]
pub(crate) fn take_elsewhere(from: (CardId, Beach), to: (CardId, Beach)) -> Check {
    check(from != to, Refusal::TakeSameBeach)
}

/// R51: the island the ship goes to keeps a ship of the player after the taking.
#[inline]
pub(crate) fn keeps_a_ship(ships: &Ships, from: CardId, to: CardId, seat: Seat) -> Check {
    let left = ships.seat_on(to, seat) - u8::from(to == from);
    check(left > 0, Refusal::TakeLastShip { island: to })
}

/// R30: `seat` may make `island` a king island.
#[inline]
pub(crate) fn found_kingdom(board: &Board, island: CardId, seat: Seat) -> Check {
    use Refusal::*;
    let ships = board.ships();
    if island == CardId::TONGA {
        return Err(TongaKing);
    }
    if !board.on_table(island) {
        return Err(KingNotOnTable { island });
    }
    if island.is_water() {
        return Err(KingWater { island });
    }
    if board.is_king(island) {
        return Err(AlreadyKing { island });
    }
    let on = ships.on_island(island);
    let mine = on.of(seat);
    if mine == 0 {
        return Err(KingNoShip { island });
    }
    if on.count() > mine {
        return Err(KingOthers { island });
    }
    check(board.king_count(seat) < 2, TwoKings)
}

/// R50: while new ships can be placed, the player may not resettle instead.
pub(crate) fn resettle(has_island_ships: bool, can_place_new: bool) -> Check {
    check(has_island_ships || !can_place_new, Refusal::Resettle)
}

/// R31: no one puts new ships on a king island.
#[inline]
pub(crate) fn place_new_target(board: &Board, island: CardId) -> Check {
    check(!board.is_king(island), Refusal::PlaceNewKing { island })
}

/// R50: two new ships on Tonga, one on any other island.
#[inline]
pub(crate) fn place_new_count(island: CardId, count: usize) -> Check {
    let want = if island == CardId::TONGA { 2 } else { 1 };
    check(count == want, Refusal::PlaceNewCount { island, count })
}

/// R50: the beach has room for the `need` new ships put on it.
#[inline]
pub(crate) fn room_for(ships: &Ships, island: CardId, beach: Beach, need: u8) -> Check {
    check(
        ships.free_places(island, beach) >= need,
        Refusal::NoRoom { island, beach },
    )
}

// ----- emigration: R20 (the landing, R23: `src/landing.rs`) ------------------

/// R20: only a full beach sails.
pub(crate) fn full_beach(ships: &Ships, island: CardId, beach: Beach) -> Check {
    check(
        ships.is_full(island, beach),
        Refusal::BeachNotFull { island, beach },
    )
}

/// R20: through one of the beach's own jetties.
pub(crate) fn jetty_of(island: CardId, beach: Beach, jetty: u32) -> Result<Edge, Refusal> {
    Edge::from_u32(jetty)
        .filter(|&e| island.beach_spec(beach).has_jetty(e))
        .ok_or(Refusal::NoJetty {
            island,
            beach,
            jetty,
        })
}

// ----- laying a card: R40 ------------------------------------------------------

/// R40: the hex is empty.
pub(crate) fn hex_free(board: &Board, h: Hex) -> Check {
    match board.card_at(h) {
        Some(card) => Err(Refusal::HexTaken { card }),
        None => Ok(()),
    }
}

/// A rotation is 0..6 (steps of 60°).
pub(crate) fn rotation(rotation: u32) -> Result<u8, Refusal> {
    u8::try_from(rotation)
        .ok()
        .filter(|&r| r < 6)
        .ok_or(Refusal::Rotation { rotation })
}

/// R40: `card` is laid next to a card on the table.
pub(crate) fn next_to_a_card(board: &Board, h: Hex, card: CardId) -> Check {
    check(
        (0..6).any(|d| board.card_at(h.neighbor(d)).is_some()),
        Refusal::NotAdjacent { card },
    )
}

/// R40: with rotation k the emblem edge faces world direction k: a card must lie there.
#[inline]
pub(crate) fn emblem_faces_a_card(board: &Board, h: Hex, rotation: u8, card: CardId) -> Check {
    check(
        board.card_at(h.neighbor(rotation)).is_some(),
        Refusal::Emblem { card },
    )
}
