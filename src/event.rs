//! Everything that happens inside one `apply`, in order (docs/api.md "GameEvent"),
//! so a UI can animate it and a log can tell it.

use crate::cards::CardId;
use serde::Serialize;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameEvent {
    /// A new turn begins (R3, R24 end).
    TurnStarted {
        seat: u8,
        turn: u32,
    },
    /// A ship from the supply is put on a beach (setup, expansion, R50, R40).
    ShipPlaced {
        seat: u8,
        tile: CardId,
        beach: u8,
    },
    /// R51: a ship taken from a beach to be used for expansion.
    ShipTaken {
        seat: u8,
        tile: CardId,
        beach: u8,
    },
    /// R20: a full beach sails off through a jetty; `group` lists the ships by seat.
    Emigrated {
        seat: u8,
        tile: CardId,
        beach: u8,
        jetty: u8,
        group: Vec<u8>,
    },
    /// R40/R25: a card is drawn from the pile and waits to be laid.
    CardDrawn {
        card: CardId,
    },
    /// A card is laid on the table (during a voyage, R40 or R25).
    CardRevealed {
        card: CardId,
        q: i32,
        r: i32,
        rotation: u8,
    },
    /// A group follows a trail of a water card from edge `from` to edge `to`.
    Crossed {
        card: CardId,
        from: u8,
        to: u8,
        danger: u8,
        colours: u8,
    },
    /// The group had fewer colours than the danger number: all ships go home.
    VoyageFailed {
        card: CardId,
        from: u8,
        danger: u8,
        colours: u8,
        returned: Vec<u8>,
    },
    /// R21/R31: the group reached a king island and turns back to `tile`.
    TurnedBack {
        card: CardId,
        tile: CardId,
    },
    /// The group arrives at an island and lands there (R23).
    Arrived {
        tile: CardId,
        group: Vec<u8>,
    },
    ShipLanded {
        seat: u8,
        tile: CardId,
        beach: u8,
    },
    /// A ship goes back to its owner's supply (R23 surplus).
    ShipReturned {
        seat: u8,
    },
    /// R60: the last card was a water card the group passed; the group stays on it.
    StayedOnWater {
        card: CardId,
        group: Vec<u8>,
    },
    KingdomFounded {
        seat: u8,
        tile: CardId,
        returned: u8,
    },
    Resettled {
        seat: u8,
        returned: u8,
    },
    /// R25: an island in an endless chain leaves the game.
    IslandRemoved {
        tile: CardId,
        returned: Vec<u8>,
    },
    /// The bound on endless play (docs/rules.md#endless-play): `limit` is
    /// `"turn"` (the turn reached the game's `MAX_TURN_DECISIONS`
    /// decisions in a chain, which ends as R25 ends one) or `"game"` (the
    /// game reached its `MAX_GAME_DECISIONS` and ends as it stands);
    /// `returned` lists the landing group's ships sent home. (Events lie
    /// below the game, which emits them: the bounds are named, not linked.)
    LimitReached {
        limit: &'static str,
        decisions: u32,
        returned: Vec<u8>,
    },
    GameOver {
        ranking: Vec<Vec<u8>>,
        scores: Vec<u32>,
    },
}
