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
use crate::cards::{Beach, CardId};
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
    /// Takes the move `m` off the ships still to come (the ships themselves
    /// are moved by [`play_land_move`]).
    pub fn play(&mut self, m: LandMove) {
        match m {
            LandMove::Land { seat, beach } => {
                self.group[seat.index()] -= 1;
                self.owed &= !beach.bit();
                self.received |= beach.bit();
            }
            LandMove::Return { seat } => self.group[seat.index()] -= 1,
        }
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

/// The landing moves the rules allow, before R25 filtering, in a stable
/// order: by seat, then beach; returns last. (Made as they are asked for,
/// from the masks of the seats arriving and the beaches open: no list.)
pub fn landing_moves(
    ships: &Ships,
    l: &Landing,
) -> impl ExactSizeIterator<Item = LandMove> + Clone {
    let arriving = Seat::all(MAX_SEATS)
        .filter(|&seat| l.left(seat) > 0)
        .fold(0u8, |m, seat| m | 1 << seat.index());
    // R23 (`checks::land_on`): a beach with a free place, and while some
    // beaches are owed, only those. (An owed beach has had no ship since
    // the landing began, so it still has its free place.)
    let free = ships.free_mask(l.tile);
    let open = if l.owed != 0 { l.owed & free } else { free };
    LandMoves {
        open,
        landing: arriving,
        beaches: if arriving != 0 { open } else { 0 },
        // R23: surplus ships return when the group is larger than the free
        // places.
        returning: if checks::may_return(ships, l).is_ok() {
            arriving
        } else {
            0
        },
    }
}

/// The landing moves of a decision still to come ([`landing_moves`]).
#[derive(Clone, Copy, Debug)]
struct LandMoves {
    /// The beaches open to every arriving ship.
    open: u8,
    /// The seats still to land (as bits), the first of them on `beaches`
    /// (the open beaches it has not landed on yet), the later ones on all.
    landing: u8,
    beaches: u8,
    /// The seats still to return (as bits), once the landings are done.
    returning: u8,
}

impl Iterator for LandMoves {
    type Item = LandMove;

    #[inline]
    fn next(&mut self) -> Option<LandMove> {
        while self.landing != 0 {
            let seat = Seat::new(self.landing.trailing_zeros() as u8);
            if self.beaches != 0 {
                let beach = Beach::new(self.beaches.trailing_zeros() as u8);
                self.beaches &= self.beaches - 1;
                return Some(LandMove::Land { seat, beach });
            }
            self.landing &= self.landing - 1;
            self.beaches = self.open;
        }
        (self.returning != 0).then(|| {
            let seat = Seat::new(self.returning.trailing_zeros() as u8);
            self.returning &= self.returning - 1;
            LandMove::Return { seat }
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let later_seats = self.landing.count_ones().saturating_sub(1);
        let n = self.beaches.count_ones()
            + later_seats * self.open.count_ones()
            + self.returning.count_ones();
        (n as usize, Some(n as usize))
    }
}

impl ExactSizeIterator for LandMoves {}

/// Applies a landing move to `ships` and `l`.
pub fn play_land_move(ships: &mut Ships, l: &mut Landing, m: LandMove) {
    if let LandMove::Land { seat, beach } = m {
        ships.add(l.tile, beach, seat);
    }
    l.play(m);
}
