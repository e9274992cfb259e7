//! A voyage and what follows it (docs/rules.md#r20 to #r25): the group
//! sails (R20-R22), lands one ship at a time (R23), and the chain goes on
//! while a beach is full (R24) or takes the islands out when it is endless
//! (R25).

use super::{Events, Game, Phase};
use crate::board::{colours, expand_counts, MAX_SEATS};
use crate::cards::{Beach, CardId};
use crate::event::GameEvent;
use crate::hex::{edge_to_world, opposite, world_to_edge, Edge};
use crate::landing::{LandMove, Landing};

/// Decisions in one turn after which a chain still going on is ended as
/// R25 ends one (docs/rules.md#endless-play). The rules let a player keep a
/// resolvable chain going for as long as they like; real chains take a few
/// dozen decisions, so the bound is far above any chain of real play
/// (the longest seen: BENCHMARKS.md) and only stops one kept going on
/// purpose.
pub const MAX_TURN_DECISIONS: u32 = 400;

/// Decisions in one game after which it ends as it stands, scored as at
/// R60 (docs/rules.md#endless-play): players could pass ships around for
/// ever (R51). Real games take a few hundred decisions, so the bound is
/// far above any game of real play (the longest seen: BENCHMARKS.md).
/// Every save the engine writes stays far below `MAX_SAVE_BYTES`.
pub const MAX_GAME_DECISIONS: usize = 5_000;

impl Game {
    /// The bound on endless play, after every decision: a chain at
    /// [`MAX_TURN_DECISIONS`] in its turn ends as R25 ends one; a game at
    /// [`MAX_GAME_DECISIONS`] ends, scored as it stands (only at the start
    /// of a turn or in a chain, so that no drawn card is left unlaid). A
    /// landing under way sends its ships home first.
    pub(super) fn bound_endless_play(&mut self, ev: &mut Events) {
        // Both bounds need their count reached: nearly every decision stops here.
        if self.turn_decisions < MAX_TURN_DECISIONS && self.log.len() < MAX_GAME_DECISIONS {
            return;
        }
        let in_chain = matches!(self.phase, Phase::Emigrate | Phase::Land(_));
        let game = self.log.len() >= MAX_GAME_DECISIONS && (in_chain || self.phase == Phase::Turn);
        let turn = in_chain && self.turn_decisions >= MAX_TURN_DECISIONS;
        if !game && !turn {
            return;
        }
        let (returned, ends_game) = match self.phase {
            Phase::Land(l) => (l.group, l.ends_game),
            _ => ([0; MAX_SEATS], false),
        };
        self.return_ships(&returned);
        ev.push(|| GameEvent::LimitReached {
            limit: if game { "game" } else { "turn" },
            decisions: if game {
                self.log.len() as u32
            } else {
                self.turn_decisions
            },
            returned: expand_counts(&returned),
        });
        if game || ends_game {
            self.finish_game(ev);
        } else {
            self.end_chain(ev);
        }
    }

    /// R11/R24: emigrate while a beach is full; R25 when the chain is endless.
    pub(super) fn enter_chain(&mut self, ev: &mut Events) {
        let ships = self.board.ships();
        if !self.board.any_full_in(ships) {
            self.end_turn(ev);
            return;
        }
        if self.cache.search_mut().resolvable(&self.board, ships) {
            self.phase = Phase::Emigrate;
            return;
        }
        self.end_chain(ev);
    }

    /// R25: the chain ends; every island with a full beach leaves the game,
    /// then the turn ends, or a player left without a ship on an island
    /// reveals a card.
    fn end_chain(&mut self, ev: &mut Events) {
        let ships = self.board.ships();
        let doomed: Vec<CardId> = self
            .board
            .islands()
            .filter(|&c| ships.any_full_on(c))
            .collect();
        for c in doomed {
            let back = self.board.remove(c);
            self.return_ships(&back);
            ev.push(|| GameEvent::IslandRemoved {
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
    pub(super) fn voyage(&mut self, tile: CardId, beach: Beach, jetty: Edge, ev: &mut Events) {
        let group = self.board.sail(tile, beach);
        let cols = colours(&group);
        ev.push(|| GameEvent::Emigrated {
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
                    ev.push(|| GameEvent::CardRevealed {
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
                    ev.push(|| GameEvent::TurnedBack { card, tile });
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
                ev.push(|| GameEvent::VoyageFailed {
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
            ev.push(|| GameEvent::Crossed {
                card,
                from: from.into(),
                to: to.into(),
                danger,
                colours: cols,
            });
            if ends {
                // R60: the group stays on the last water card.
                self.board.strand(card, group);
                ev.push(|| GameEvent::StayedOnWater {
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
        ev: &mut Events,
    ) {
        ev.push(|| GameEvent::Arrived {
            tile,
            group: expand_counts(&group),
        });
        self.phase = Phase::Land(Landing::start(self.board.ships(), tile, group, ends_game));
    }

    /// R23: one ship of the landing `l` lands or goes home.
    pub(super) fn land_move(&mut self, mut l: Landing, m: LandMove, ev: &mut Events) {
        // Each move lands or sends home one ship. (Counted before the move:
        // summed after it, the ships still to come were read right after
        // one of them was stored, a load the processor cannot take from
        // the pending store, and it stalls on every landing move.)
        let last = l.remaining() == 1;
        l.play(m);
        match m {
            LandMove::Land { seat, beach } => {
                self.board.land(l.tile, beach, seat);
                ev.push(|| GameEvent::ShipLanded {
                    seat: seat.into(),
                    tile: l.tile,
                    beach: beach.into(),
                });
            }
            LandMove::Return { seat } => {
                self.supply[seat.index()] += 1;
                ev.push(|| GameEvent::ShipReturned { seat: seat.into() });
            }
        }
        if !last {
            self.phase = Phase::Land(l);
        } else if l.ends_game {
            self.finish_game(ev);
        } else {
            self.enter_chain(ev);
        }
    }
}
