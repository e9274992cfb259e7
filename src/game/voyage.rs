//! A voyage and what follows it (docs/rules.md#r20 to #r25): the group
//! sails (R20-R22), lands one ship at a time (R23), and the chain goes on
//! while a beach is full (R24) or takes the islands out when it is endless
//! (R25).

use super::{Game, Phase};
use crate::board::{colours, expand_counts, MAX_SEATS};
use crate::cards::{Beach, CardId};
use crate::chain::{ChainSearch, LandMove, Landing};
use crate::event::GameEvent;
use crate::hex::{edge_to_world, opposite, world_to_edge, Edge};

impl Game {
    /// R11/R24: emigrate while a beach is full; R25 when the chain is endless.
    pub(super) fn enter_chain(&mut self, ev: &mut Vec<GameEvent>) {
        let ships = self.board.ships();
        if !self.board.any_full_in(ships) {
            self.end_turn(ev);
            return;
        }
        if ChainSearch::new(&self.board).emigration_resolvable(ships) {
            self.phase = Phase::Emigrate;
            return;
        }
        // R25: every island with a full beach leaves the game.
        let doomed: Vec<CardId> = self
            .board
            .islands()
            .filter(|&c| ships.any_full_on(c))
            .collect();
        for c in doomed {
            let back = self.board.remove(c);
            self.return_ships(&back);
            ev.push(GameEvent::IslandRemoved {
                tile: c,
                returned: expand_counts(&back),
            });
        }
        if self.has_island_ships(self.current) {
            self.end_turn(ev);
        } else {
            self.draw_card(false, ev);
        }
    }

    /// R20-R22: the whole beach sails through the jetty.
    pub(super) fn voyage(
        &mut self,
        tile: CardId,
        beach: Beach,
        jetty: Edge,
        ev: &mut Vec<GameEvent>,
    ) {
        let group = self.board.sail(tile, beach);
        let cols = colours(&group);
        ev.push(GameEvent::Emigrated {
            seat: self.current.into(),
            tile,
            beach: beach.into(),
            jetty: jetty.into(),
            group: expand_counts(&group),
        });
        let mut hex = self.board.hex_of(tile);
        let mut dir = edge_to_world(jetty, self.board.rotation_of(tile));
        loop {
            let next = hex.neighbor(dir);
            let mut ends = false;
            let card = match self.board.card_at(next) {
                Some(c) => c,
                None => {
                    // R21: reveal the top card, emblem edge toward the group.
                    let c = self.pop_card();
                    let rot = opposite(dir);
                    self.board.lay(c, next, rot);
                    ev.push(GameEvent::CardRevealed {
                        card: c,
                        q: next.q,
                        r: next.r,
                        rotation: rot,
                    });
                    ends = self.last_card_laid();
                    c
                }
            };
            let rot = self.board.rotation_of(card);
            if card.is_island() {
                if self.board.is_king(card) {
                    // R21/R31: back the same way, no new checks, to the start.
                    ev.push(GameEvent::TurnedBack { card, tile });
                    self.start_landing(tile, group, ends, ev);
                } else {
                    self.start_landing(card, group, ends, ev);
                }
                return;
            }
            let from = world_to_edge(opposite(dir), rot);
            let (to, danger) = card.spec().trail_from(from);
            if cols < danger {
                self.return_ships(&group);
                ev.push(GameEvent::VoyageFailed {
                    card,
                    from: from.into(),
                    danger,
                    colours: cols,
                    returned: expand_counts(&group),
                });
                if ends {
                    self.finish_game(ev);
                } else {
                    self.enter_chain(ev);
                }
                return;
            }
            ev.push(GameEvent::Crossed {
                card,
                from: from.into(),
                to: to.into(),
                danger,
                colours: cols,
            });
            if ends {
                // R60: the group stays on the last water card.
                self.board.strand(card, group);
                ev.push(GameEvent::StayedOnWater {
                    card,
                    group: expand_counts(&group),
                });
                self.finish_game(ev);
                return;
            }
            hex = next;
            dir = edge_to_world(to, rot);
        }
    }

    fn start_landing(
        &mut self,
        tile: CardId,
        group: [u8; MAX_SEATS],
        ends_game: bool,
        ev: &mut Vec<GameEvent>,
    ) {
        ev.push(GameEvent::Arrived {
            tile,
            group: expand_counts(&group),
        });
        self.land_lost.set(false);
        self.phase = Phase::Land(Landing::start(self.board.ships(), tile, group, ends_game));
    }

    /// R23: one ship of the landing `l` lands or goes home.
    pub(super) fn land_move(&mut self, mut l: Landing, m: LandMove, ev: &mut Vec<GameEvent>) {
        self.board.land(&mut l, m);
        match m {
            LandMove::Land { seat, beach } => ev.push(GameEvent::ShipLanded {
                seat: seat.into(),
                tile: l.tile,
                beach: beach.into(),
            }),
            LandMove::Return { seat } => {
                self.supply[seat.index()] += 1;
                ev.push(GameEvent::ShipReturned { seat: seat.into() });
            }
        }
        if l.remaining() > 0 {
            self.phase = Phase::Land(l);
        } else if l.ends_game {
            self.finish_game(ev);
        } else {
            self.enter_chain(ev);
        }
    }
}
