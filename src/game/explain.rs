//! The game in words: what it waits for (the prompt) and why an action is
//! refused.

use super::checks::{self, beach_of};
use super::{Game, Phase};
use crate::action::{Action, BeachRef};
use crate::cards::CardId;
use crate::error::{args, Args, Error};
use crate::hex::Hex;
use crate::landing;
use crate::moves::Move;
use crate::refusal::Refusal;

impl Game {
    // ----- explanations -------------------------------------------------

    /// What the game waits for, in words.
    pub fn pending_words(&self) -> String {
        let args = self.pending_args();
        crate::error::render("{@pending}", &args, &crate::error::english)
    }

    /// What the game waits for, as the arguments of a `{@pending}` part:
    /// `pending` (a `pending.*` key), `player` and `island` or `card`.
    pub(super) fn pending_args(&self) -> Args {
        let who = if self.is_over() {
            ""
        } else {
            self.player_name(self.current.into())
        };
        match self.phase {
            Phase::Setup { .. } => args![pending = "pending.setup", player = who],
            Phase::Turn => {
                if self.has_island_ships(self.current) {
                    args![pending = "pending.turn", player = who]
                } else {
                    args![pending = "pending.turn_new", player = who]
                }
            }
            Phase::Emigrate => args![pending = "pending.emigrate", player = who],
            Phase::Land(l) => {
                args![
                    pending = "pending.land",
                    player = who,
                    island = l.tile.name()
                ]
            }
            Phase::PlaceCard { card, .. } => {
                args![
                    pending = "pending.place_card",
                    player = who,
                    card = card.name()
                ]
            }
            Phase::PlaceShip { tile, .. } => {
                args![
                    pending = "pending.place_ship",
                    player = who,
                    island = tile.name()
                ]
            }
            Phase::Over => args![pending = "pending.over"],
        }
    }

    /// Why `a` (normalized, not legal now) is refused, in a player's words:
    /// the first of its checks that fails.
    pub(super) fn explain_illegal(&self, a: &Action) -> Error {
        match self.check(a) {
            // An action of another kind of decision.
            None => {
                let mut args = args![verb = verb(a)];
                args.extend(self.pending_args());
                Error::illegal("illegal.not_now", args)
            }
            Some(Err(refusal)) => refusal.to_error(),
            // Every check passes, yet the move generator does not list it.
            Some(Ok(())) => Error::illegal("illegal.not_allowed", self.pending_args()),
        }
    }

    /// The checks of `a` in order (`checks.rs`); `None` if the pending
    /// decision is not of `a`'s kind. Where every check but R25 passes, the
    /// action was refused by R25 (the move generator's chain search).
    fn check(&self, a: &Action) -> Option<Result<(), Refusal>> {
        let board = &self.board;
        let ships = board.ships();
        let seat = self.current;
        Some(match (self.phase, a) {
            (Phase::Setup { .. }, Action::SetupPlace { beach }) => {
                beach_of(CardId::TONGA, *beach).and_then(|b| checks::setup_beach(ships, b))
            }
            (
                Phase::Turn,
                Action::Expand {
                    tile,
                    beaches,
                    take,
                },
            ) => self.check_expand(*tile, beaches, *take),
            (Phase::Turn, Action::FoundKingdom { tile }) => checks::ships_on_islands(board, seat)
                .and_then(|()| checks::found_kingdom(board, *tile, seat)),
            (Phase::Turn, Action::Resettle) => {
                let can_place_new = self
                    .legal_moves()
                    .iter()
                    .any(|m| matches!(m, Move::PlaceNew { .. }));
                checks::resettle(self.has_island_ships(seat), can_place_new)
            }
            (Phase::Turn, Action::PlaceNew { tile, beaches }) => {
                self.check_place_new(*tile, beaches)
            }
            (Phase::Emigrate, Action::Emigrate { tile, beach, jetty }) => {
                self.check_emigrate(*tile, *beach, *jetty)
            }
            (Phase::Land(l), Action::Land { seat, beach }) => landing::arriving(&l, *seat)
                .and_then(|_| landing::land_on(ships, &l, beach_of(l.tile, *beach)?))
                // Else R25 refused it.
                .and(Err(Refusal::EndlessLanding)),
            (Phase::Land(l), Action::Return { seat }) => landing::arriving(&l, *seat)
                .and_then(|_| landing::may_return(ships, &l))
                .and(Err(Refusal::EndlessReturn)),
            (Phase::PlaceCard { card, .. }, Action::PlaceCard { q, r, rotation }) => {
                self.check_place_card(card, Hex::new(*q, *r), *rotation)
            }
            (Phase::PlaceShip { tile, .. }, Action::PlaceShip { beach }) => {
                beach_of(tile, *beach).and_then(|b| checks::free_place(ships, tile, b))
            }
            _ => return None,
        })
    }

    /// R10 and R51 (an expansion by taking a ship).
    fn check_expand(
        &self,
        tile: CardId,
        beaches: &[u32],
        take: Option<BeachRef>,
    ) -> Result<(), Refusal> {
        let board = &self.board;
        let ships = board.ships();
        let seat = self.current;
        let supply = self.supply[seat.index()];
        checks::island_on_table(board, tile)?;
        checks::ships_on_islands(board, seat)?;
        checks::not_king_island(board, tile)?;
        checks::supply_for(supply, take.is_some())?;
        checks::one_per_beach(beaches)?;
        for &b in beaches {
            checks::free_place(ships, tile, beach_of(tile, b)?)?;
        }
        if let Some(t) = take {
            checks::island_on_table(board, t.tile)?;
            let from = beach_of(t.tile, t.beach)?;
            checks::take_from(board, t.tile, from, seat)?;
            checks::take_one(beaches.len())?;
            let to = beach_of(tile, beaches[0])?;
            checks::take_elsewhere((t.tile, from), (tile, to))?;
            return checks::keeps_a_ship(ships, t.tile, tile, seat);
        }
        let n = checks::expand_ships(ships, tile, seat)?;
        checks::expand_count(ships, tile, n, supply, beaches.len())
    }

    /// R20, then R25.
    fn check_emigrate(&self, tile: CardId, beach: u32, jetty: u32) -> Result<(), Refusal> {
        let ships = self.board.ships();
        checks::island_on_table(&self.board, tile)?;
        let b = beach_of(tile, beach)?;
        checks::full_beach(ships, tile, b)?;
        checks::jetty_of(tile, b, jetty)?;
        // Else R25 refused it.
        Err(Refusal::EndlessVoyage)
    }

    /// R40: laying the card drawn.
    fn check_place_card(&self, card: CardId, h: Hex, rotation: u32) -> Result<(), Refusal> {
        let board = &self.board;
        checks::hex_free(board, h)?;
        let rotation = checks::rotation(rotation)?;
        checks::next_to_a_card(board, h, card)?;
        checks::emblem_faces_a_card(board, h, rotation, card)
    }

    /// R50: new ships when the player has none on an island.
    fn check_place_new(&self, tile: CardId, beaches: &[u32]) -> Result<(), Refusal> {
        let board = &self.board;
        checks::no_ships_on_islands(board, self.current)?;
        checks::island_on_table(board, tile)?;
        checks::place_new_target(board, tile)?;
        checks::place_new_count(tile, beaches.len())?;
        for &b in beaches {
            // A multiset: each beach needs room for all its new ships.
            let need = beaches.iter().filter(|&&x| x == b).count();
            let need = u8::try_from(need).unwrap_or(u8::MAX);
            checks::room_for(board.ships(), tile, beach_of(tile, b)?, need)?;
        }
        Ok(())
    }
}

/// The `verb.*` key of an action (the action in words).
fn verb(a: &Action) -> String {
    format!("verb.{}", a.type_name())
}
