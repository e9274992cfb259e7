//! The greedy bot's value of every other kind of action: placing ships
//! (R10, R50, R51), king islands (R30), resettlement (R40), landing (R23)
//! and laying cards (R40, R25).

use super::voyages::{Dist, MAX_REVEALS};
use super::Heuristic;
use crate::board::Ships;
use crate::cards::{Beach, CardId};
use crate::game::Phase;
use crate::hex::{edge_to_world, Hex};
use crate::landing::Landing;
use crate::moves::BeachSet;
use crate::seat::Seat;

impl Heuristic<'_> {
    /// Full beaches after a placement sail (at their best jetty); the other
    /// beaches we put ships on count as build-up toward a later voyage.
    pub(super) fn after_placing(&self, ships: &Ships, tile: CardId, beaches: BeachSet) -> f32 {
        let mut v = 0.0;
        for b in beaches.iter() {
            if ships.is_full(tile, b) {
                v += self.best_emigration(ships, tile, b);
            } else {
                let beach = ships.beach(tile, b);
                let fill = beach.count() as f32 / tile.beach_spec(b).places as f32;
                // Closer to full is closer to a voyage of ours; mixed beaches sail safer.
                v += self.params.build * fill * (1.0 + 0.25 * (beach.colours() as f32 - 1.0));
            }
        }
        v
    }

    pub(super) fn expand_value(
        &self,
        tile: CardId,
        beaches: BeachSet,
        take: Option<(CardId, Beach)>,
    ) -> f32 {
        let mut ships = self.scratch();
        let mut v = 0.0;
        if let Some((from, beach)) = take {
            ships.remove(from, beach, self.me);
            if ships.seat_on(from, self.me) == 0 {
                v -= self.worth(from);
            }
        }
        for b in beaches.iter() {
            ships.add(tile, b, self.me);
        }
        v += self.after_placing(&ships, tile, beaches);
        for b in beaches.iter() {
            ships.remove(tile, b, self.me);
        }
        if let Some((from, beach)) = take {
            ships.add(from, beach, self.me);
        }
        v
    }

    /// R50: `first`, and on Tonga `second` (perhaps the same beach again).
    pub(super) fn place_new_value(&self, tile: CardId, first: Beach, second: Option<Beach>) -> f32 {
        let mut ships = self.scratch();
        ships.add(tile, first, self.me);
        if let Some(b) = second {
            ships.add(tile, b, self.me);
        }
        let beaches = BeachSet::of([Some(first), second].into_iter().flatten());
        let v = self.worth(tile) + self.after_placing(&ships, tile, beaches);
        ships.remove(tile, first, self.me);
        if let Some(b) = second {
            ships.remove(tile, b, self.me);
        }
        v
    }

    // ----- king island and resettlement -----------------------------------

    /// Share of the game still to come: 1 at the start, 0 at the end (R60).
    pub(super) fn remaining_share(&self) -> f32 {
        let (i, w) = self.game.pile_counts();
        (i.min(w) as f32 / 15.0).clamp(0.0, 1.0)
    }

    pub(super) fn king_value(&self, tile: CardId) -> f32 {
        let v = tile.spec().value as f32;
        let late = 1.0 - self.remaining_share();
        let mut share = self.params.king_share * (0.5 + late);
        if v >= 4.0 {
            share *= 1.5;
        }
        // Blocking: could a beach of another colour, once full, land there now?
        if self.opponent_can_reach(tile) {
            share += self.params.king_block_share;
        }
        // Two king islands at most (R30): keep the second for a good one.
        if self.board.kings_of(self.me).count() == 1 && v < 4.0 {
            share *= 0.5;
        }
        v * share
    }

    pub(super) fn opponent_can_reach(&self, tile: CardId) -> bool {
        let ships = self.board.ships();
        for c in self.board.islands() {
            if c == tile {
                continue;
            }
            for b in c.beaches() {
                let beach = ships.beach(c, b);
                let others = Seat::all(self.n).any(|s| s != self.me && beach.of(s) > 0);
                if !others {
                    continue;
                }
                let cols = beach.colours().max(1);
                for j in c.beach_spec(b).jetty_edges() {
                    let mut dist = Dist::default();
                    let start = self.board.hex_of(c);
                    let dir = edge_to_world(j, self.board.rotation_of(c));
                    self.follow(start, dir, cols, c, 1.0, MAX_REVEALS, &mut dist);
                    if dist.known[tile.index()] > 0.0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(super) fn resettle_value(&self) -> f32 {
        // All our ships come home and one goes on the next island revealed:
        // only worth it when we hold (almost) nothing outside king islands.
        let ships = self.board.ships();
        let held: f32 = self
            .board
            .islands()
            .filter(|&c| !self.board.is_king(c) && ships.seat_on(c, self.me) > 0)
            .map(|c| c.spec().value as f32)
            .sum();
        if self.pile.islands == 0 {
            return -100.0;
        }
        self.pile.mean_island - held - 2.0 + self.stall_bonus
    }

    // ----- landing (R23) ----------------------------------------------------

    pub(super) fn land_value(&self, l: &Landing, seat: Seat, beach: Beach) -> f32 {
        let mut ships = self.scratch();
        let before = ships.seat_on(l.tile, seat);
        ships.add(l.tile, beach, seat);
        let v = self.land_value_on(&ships, l, seat, beach, before);
        ships.remove(l.tile, beach, seat);
        v
    }

    /// [`Heuristic::land_value`] on the ships after the landing.
    fn land_value_on(
        &self,
        ships: &Ships,
        l: &Landing,
        seat: Seat,
        beach: Beach,
        before: u8,
    ) -> f32 {
        let mut v = 0.0;
        if before == 0 {
            v += self.sign(seat) * self.worth(l.tile);
        }
        let b = ships.beach(l.tile, beach);
        if ships.is_full(l.tile, beach) && self.break_loops {
            v -= 10.0;
        } else if ships.is_full(l.tile, beach) {
            // We choose the next emigration: this beach sails at its best jetty.
            v += 0.8 * self.best_emigration(ships, l.tile, beach);
        } else if seat == self.me {
            // Spread our ships (one emigration cannot take them all) and mix colours.
            if b.of(seat) == 1 {
                v += 0.3;
            }
            v += 0.1 * b.colours() as f32;
        } else if b.of(self.me) > 0 {
            v += 0.05; // another colour with ours: our groups sail safer
        }
        v
    }

    pub(super) fn return_value(&self, l: &Landing, seat: Seat) -> f32 {
        let present = self.board.ships().seat_on(l.tile, seat) > 0;
        if !present && l.left(seat) == 1 {
            // Its last ship of this group: sending it home denies the island.
            -self.sign(seat) * self.worth(l.tile)
        } else if seat == self.me {
            0.05 // our ship back in the supply; nothing lost
        } else {
            0.0
        }
    }

    // ----- laying cards (R40, R25) -----------------------------------------

    pub(super) fn place_card_value(&self, hex: Hex, _rotation: u8) -> f32 {
        let card = match self.game.phase() {
            Phase::PlaceCard { card, .. } => card,
            _ => return 0.0,
        };
        // Islands close to the table (many neighbours) are easy to reach;
        // water is laid out of the way.
        let neighbours = (0..6)
            .filter(|&d| self.board.card_at(hex.neighbor(d)).is_some())
            .count() as f32;
        if card.is_island() {
            neighbours
        } else {
            -neighbours
        }
    }
}
