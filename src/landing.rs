//! The landing (R23): a group lands one ship at a time on the island its
//! voyage reached. [`Landing`] is the landing under way, [`LandMove`] one
//! of its decisions, and the checks below are R23 written once: the move
//! generator ([`landing_moves`], which the game's legal list and the R25
//! search's filter of landing decisions both take their moves from) and
//! the explanation of a refused landing (`game/explain.rs`) ask them.
//!
//! Below the chain (`src/chain/`: whether a chain of landings can end,
//! R25), above the board, whose ships it moves.

use crate::action::Action;
use crate::board::{Ships, MAX_SEATS};
use crate::cards::{Beach, CardId};
use crate::refusal::{check, Check, Refusal};
use crate::seat::Seat;

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
    /// are moved by [`play_land_move`], or in a game by the board).
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
    let open = open_beaches(ships, l);
    LandMoves {
        open,
        landing: arriving,
        beaches: if arriving != 0 { open } else { 0 },
        returning: if may_return(ships, l).is_ok() {
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

// ----- the landing's checks (R23) ---------------------------------------------

/// R23: the beaches a ship of the landing may land on, as a mask: those
/// with a free place, and while some beaches are owed, only those. (An
/// owed beach has had no ship since the landing began, so it still has
/// its free place.) The one statement of where a ship lands: the move
/// generator lists these beaches, `land_on` explains the others.
#[inline]
pub fn open_beaches(ships: &Ships, l: &Landing) -> u8 {
    let free = ships.free_mask(l.tile);
    if l.owed != 0 {
        l.owed & free
    } else {
        free
    }
}

/// R23: a ship lands on one of the [`open_beaches`]; why not, if `beach`
/// is not one: it is full, or other beaches are owed.
pub(crate) fn land_on(ships: &Ships, l: &Landing, beach: Beach) -> Check {
    if open_beaches(ships, l) & beach.bit() != 0 {
        Ok(())
    } else if ships.is_full(l.tile, beach) {
        Err(Refusal::BeachFull {
            island: l.tile,
            beach,
        })
    } else {
        Err(Refusal::OwedBeach { owed: l.owed })
    }
}

/// R23: ships go home only while they outnumber the island's free places.
#[inline]
pub(crate) fn may_return(ships: &Ships, l: &Landing) -> Check {
    check(
        l.remaining() > ships.free_on(l.tile),
        Refusal::RoomForAll { island: l.tile },
    )
}

/// R23: a ship of `seat` is among those still to land or return.
pub(crate) fn arriving(l: &Landing, seat: u32) -> Result<Seat, Refusal> {
    Seat::from_u32(seat)
        .filter(|&s| l.left(s) > 0)
        .ok_or(Refusal::NoArrivingShip { seat })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R23, written once: at every decision of random landings, the moves
    /// [`landing_moves`] lists are exactly those of an arriving seat that
    /// [`land_on`] and [`may_return`] accept, and a refused landing says
    /// why: the beach is full, or other beaches are owed.
    #[test]
    fn r23_the_moves_listed_are_those_the_checks_accept() {
        let mut next = crate::test_rng::xorshift(0x1a4d_0e23);
        let (mut full, mut owed, mut returns) = (0, 0, 0);
        for _ in 0..2000 {
            // A random island of the first 16 cards, its beaches filled at
            // random, and a group of 1 to 6 ships of random seats.
            let tile = CardId(next(16) as u8);
            let mut ships = Ships::default();
            for b in tile.beaches() {
                for _ in 0..next(usize::from(tile.beach_spec(b).places) + 1) {
                    ships.add(tile, b, Seat::new(next(6) as u8));
                }
            }
            let mut group = [0u8; MAX_SEATS];
            for _ in 0..1 + next(6) {
                group[next(6)] += 1;
            }
            let mut l = Landing::start(&ships, tile, group, false);
            while l.remaining() > 0 {
                let listed: Vec<LandMove> = landing_moves(&ships, &l).collect();
                let mut accepted = Vec::new();
                for seat in 0..MAX_SEATS as u32 {
                    let Ok(s) = arriving(&l, seat) else {
                        assert_eq!(l.left(Seat::new(seat as u8)), 0);
                        continue;
                    };
                    for beach in tile.beaches() {
                        match land_on(&ships, &l, beach) {
                            Ok(()) => accepted.push(LandMove::Land { seat: s, beach }),
                            Err(Refusal::BeachFull { .. }) => {
                                assert!(ships.is_full(tile, beach));
                                full += 1;
                            }
                            Err(Refusal::OwedBeach { owed: o }) => {
                                assert!(o != 0 && !l.is_owed(beach));
                                owed += 1;
                            }
                            Err(r) => panic!("{r:?}"),
                        }
                    }
                }
                for seat in Seat::all(MAX_SEATS).filter(|&s| l.left(s) > 0) {
                    if may_return(&ships, &l).is_ok() {
                        accepted.push(LandMove::Return { seat });
                        returns += 1;
                    }
                }
                assert_eq!(listed, accepted, "{l:?}");
                if listed.is_empty() {
                    break;
                }
                play_land_move(&mut ships, &mut l, listed[next(listed.len())]);
            }
        }
        assert!(
            full > 1000 && owed > 1000 && returns > 1000,
            "{full} {owed} {returns}"
        );
    }
}
