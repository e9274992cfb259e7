//! The chain of emigrations (R23-R25): a landing under way, its moves, and
//! the R25 question whether a chain is resolvable.
//!
//! A chain state is resolvable if some finite sequence of the active
//! player's choices reaches no full beach, a voyage that reveals a card, or
//! a voyage that fails. The states reachable without revealing a card are
//! finite (ships only move between beaches of cards already on the table),
//! so a search over them decides it exactly ([`ChainSearch`]).
//!
//! - `search.rs`: the search, and what it keeps between questions;
//! - `states.rs`: chain states as exact keys, and the table of them;
//! - `outcomes.rs`: the ways a landing can end;
//! - `landing_ends.rs`: the ends of the landing under way, kept across its
//!   decisions;
//! - `way_out.rs`: states that lead out at once, and the jetties' voyages.

use crate::action::Action;
use crate::board::{Ships, MAX_SEATS};
use crate::cards::{Beach, CardId, MAX_BEACHES};
use crate::game::checks;
use crate::seat::Seat;

mod landing_ends;
mod outcomes;
mod search;
mod states;
mod way_out;

pub(crate) use search::ChainSearch;

/// A landing in progress (R23).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Landing {
    pub tile: CardId,
    /// Ships still to land or return, by seat.
    pub group: [u8; MAX_SEATS],
    /// Beaches that had a free place on arrival and have not yet had a ship
    /// of this landing: they must be served first (R23).
    pub owed: u8,
    /// Beaches that have received a ship of this landing.
    pub received: u8,
    /// R60: the last card was laid during this voyage; no chain follows.
    pub ends_game: bool,
}

impl Landing {
    pub fn start(ships: &Ships, tile: CardId, group: [u8; MAX_SEATS], ends_game: bool) -> Landing {
        Landing {
            tile,
            group,
            owed: ships.free_mask(tile),
            received: 0,
            ends_game,
        }
    }
    #[inline]
    pub fn remaining(&self) -> u32 {
        self.group.iter().map(|&n| n as u32).sum()
    }
    /// Ships of `seat` still to land or return.
    #[inline]
    pub fn left(&self, seat: Seat) -> u8 {
        self.group[seat.index()]
    }
    /// Must the next ship go to an owed beach, and is `beach` one (R23)?
    #[inline]
    pub fn is_owed(&self, beach: Beach) -> bool {
        self.owed & beach.bit() != 0
    }
}

/// One landing decision: a ship of `seat` to `beach`, or back home.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LandMove {
    Land { seat: Seat, beach: Beach },
    Return { seat: Seat },
}

impl LandMove {
    /// The landing move a `land` or `return` action names, if its seat and
    /// beach exist (the landing's island has the beach).
    pub fn of_action(a: &Action, l: &Landing) -> Option<LandMove> {
        match *a {
            Action::Land { seat, beach } => Some(LandMove::Land {
                seat: Seat::from_u32(seat)?,
                beach: l.tile.beach(beach)?,
            }),
            Action::Return { seat } => Some(LandMove::Return {
                seat: Seat::from_u32(seat)?,
            }),
            _ => None,
        }
    }
}

impl From<LandMove> for Action {
    fn from(m: LandMove) -> Action {
        match m {
            LandMove::Land { seat, beach } => Action::Land {
                seat: seat.into(),
                beach: beach.into(),
            },
            LandMove::Return { seat } => Action::Return { seat: seat.into() },
        }
    }
}

/// Most landing moves of one decision: a landing per seat and beach, and a
/// return per seat.
pub const MAX_LAND_MOVES: usize = MAX_SEATS * MAX_BEACHES + MAX_SEATS;

/// The landing moves the rules allow, before R25 filtering, in a stable
/// order: by seat, then beach; returns last. (Listed at once into an array
/// on the stack: no allocation, the beach checks made once per beach.)
pub fn landing_moves(
    ships: &Ships,
    l: &Landing,
) -> impl ExactSizeIterator<Item = LandMove> + Clone {
    let mut moves = [LandMove::Return { seat: Seat::FIRST }; MAX_LAND_MOVES];
    let mut count = 0;
    let open: u8 = l
        .tile
        .beaches()
        .filter(|&b| checks::land_on(ships, l, b).is_ok())
        .fold(0, |m, b| m | b.bit());
    let arriving = || Seat::all(MAX_SEATS).filter(|&seat| l.left(seat) > 0);
    for seat in arriving() {
        for beach in Beach::in_mask(open) {
            moves[count] = LandMove::Land { seat, beach };
            count += 1;
        }
    }
    // R23: surplus ships return when the group is larger than the free places.
    if checks::may_return(ships, l).is_ok() {
        for seat in arriving() {
            moves[count] = LandMove::Return { seat };
            count += 1;
        }
    }
    moves.into_iter().take(count)
}

/// Applies a landing move to `ships` and `l`.
pub fn play_land_move(ships: &mut Ships, l: &mut Landing, m: LandMove) {
    match m {
        LandMove::Land { seat, beach } => {
            ships.add(l.tile, beach, seat);
            l.group[seat.index()] -= 1;
            l.owed &= !beach.bit();
            l.received |= beach.bit();
        }
        LandMove::Return { seat } => {
            l.group[seat.index()] -= 1;
        }
    }
}
