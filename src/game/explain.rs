//! The game in words: what it waits for (the prompt) and why an action is
//! refused.

use super::{Game, Phase};
use crate::action::Action;
use crate::cards::{Beach, CardId};
use crate::error::{args, Args, Error};
use crate::hex::{Edge, Hex};
use crate::seat::Seat;

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

    /// Why `a` (normalized, not legal now) is refused, in a player's words.
    pub(super) fn explain_illegal(&self, a: &Action) -> Error {
        let wrong_time = || {
            let mut args = args![verb = verb(a)];
            args.extend(self.pending_args());
            Error::illegal("illegal.not_now", args)
        };
        let no = Error::illegal;
        let seat = self.current;
        let ships = self.board.ships();
        let beach_of = |tile: CardId, b: u32| -> Result<Beach, Error> {
            tile.beach(b).ok_or_else(|| {
                no(
                    "illegal.no_such_beach",
                    args![island = tile.name(), beaches = tile.beach_count()],
                )
            })
        };
        let island_on_table = |tile: CardId| -> Result<(), Error> {
            if tile.is_water() {
                Err(no("illegal.water_card", args![card = tile.name()]))
            } else if self.board.is_removed(tile) {
                Err(no("illegal.removed", args![island = tile.name()]))
            } else if !self.board.on_table(tile) {
                Err(no("illegal.not_on_table", args![island = tile.name()]))
            } else {
                Ok(())
            }
        };
        let at =
            |key, b: Beach, tile: CardId| no(key, args![beach = b.number(), island = tile.name()]);
        let r: Result<(), Error> = (|| match (self.phase, a) {
            (Phase::Setup { .. }, Action::SetupPlace { beach }) => {
                let b = beach_of(CardId::TONGA, *beach)?;
                if ships.free_places(CardId::TONGA, b) < 2 {
                    return Err(no(
                        "illegal.setup_beach_full",
                        args![
                            beach = b.number(),
                            ships = ships.beach(CardId::TONGA, b).count()
                        ],
                    ));
                }
                Ok(())
            }
            (
                Phase::Turn,
                Action::Expand {
                    tile,
                    beaches,
                    take,
                },
            ) => {
                island_on_table(*tile)?;
                if !self.has_island_ships(seat) {
                    return Err(no("illegal.no_island_ships", args![]));
                }
                if self.board.is_king(*tile) {
                    return Err(no("illegal.king_island", args![island = tile.name()]));
                }
                let s = self.supply[seat.index()];
                match take {
                    None if s == 0 => return Err(no("illegal.supply_empty", args![])),
                    Some(_) if s > 0 => return Err(no("illegal.supply_not_empty", args![])),
                    _ => {}
                }
                for w in beaches.windows(2) {
                    if w[0] == w[1] {
                        return Err(no("illegal.one_per_beach", args![]));
                    }
                }
                for &b in beaches {
                    let b = beach_of(*tile, b)?;
                    if ships.is_full(*tile, b) {
                        return Err(at("illegal.no_free_place", b, *tile));
                    }
                }
                if let Some(t) = take {
                    island_on_table(t.tile)?;
                    let fb = beach_of(t.tile, t.beach)?;
                    if ships.beach(t.tile, fb).of(seat) == 0 {
                        return Err(at("illegal.take_no_ship", fb, t.tile));
                    }
                    if self.board.is_king(t.tile) {
                        return Err(no("illegal.take_king", args![island = t.tile.name()]));
                    }
                    if beaches.len() != 1 {
                        return Err(no("illegal.take_one_ship", args![]));
                    }
                    if t.tile == *tile && beaches[0] == t.beach {
                        return Err(no("illegal.take_same_beach", args![]));
                    }
                    let left = ships.seat_on(*tile, seat) - u8::from(t.tile == *tile);
                    if left == 0 {
                        return Err(no("illegal.take_last_ship", args![island = tile.name()]));
                    }
                    return Ok(());
                }
                let n = ships.seat_on(*tile, seat);
                if n == 0 {
                    return Err(no("illegal.expand_no_ship", args![island = tile.name()]));
                }
                let nb = tile.beach_count();
                let k = usize::from(n).min(nb).min(usize::from(s));
                if beaches.len() != k {
                    return Err(no(
                        "illegal.expand_count",
                        args![
                            island = tile.name(),
                            count = k,
                            ships = n,
                            beaches = nb,
                            supply = s
                        ],
                    ));
                }
                Ok(())
            }
            (Phase::Turn, Action::FoundKingdom { tile }) => {
                if !self.has_island_ships(seat) {
                    return Err(no("illegal.no_island_ships", args![]));
                }
                self.can_found_kingdom(*tile, seat)
                    .map_err(|key| match key {
                        "illegal.tonga_king" | "illegal.two_kings" => no(key, args![]),
                        _ => no(key, args![island = tile.name()]),
                    })
            }
            (Phase::Turn, Action::Resettle) => Err(no("illegal.resettle", args![])),
            (Phase::Turn, Action::PlaceNew { tile, beaches }) => {
                if self.has_island_ships(seat) {
                    return Err(no("illegal.place_new_has_ships", args![]));
                }
                island_on_table(*tile)?;
                if self.board.is_king(*tile) {
                    return Err(no("illegal.place_new_king", args![island = tile.name()]));
                }
                let want = if *tile == CardId::TONGA { 2 } else { 1 };
                if beaches.len() != want {
                    return Err(no(
                        "illegal.place_new_count",
                        args![count = beaches.len(), island = tile.name()],
                    ));
                }
                for &b in beaches {
                    let b = beach_of(*tile, b)?;
                    let need = beaches.iter().filter(|&&x| x == u32::from(b)).count();
                    if usize::from(ships.free_places(*tile, b)) < need {
                        return Err(at("illegal.no_room", b, *tile));
                    }
                }
                Ok(())
            }
            (Phase::Emigrate, Action::Emigrate { tile, beach, jetty }) => {
                island_on_table(*tile)?;
                let b = beach_of(*tile, *beach)?;
                if !ships.is_full(*tile, b) {
                    return Err(at("illegal.beach_not_full", b, *tile));
                }
                let spec = tile.beach_spec(b);
                if !Edge::from_u32(*jetty).is_some_and(|j| spec.has_jetty(j)) {
                    return Err(no(
                        "illegal.no_jetty",
                        args![
                            beach = b.number(),
                            island = tile.name(),
                            jetty = *jetty,
                            jetties = spec.jetties.to_vec(),
                        ],
                    ));
                }
                Err(no("illegal.endless_voyage", args![]))
            }
            (Phase::Land(l), Action::Land { seat: s, beach }) => {
                if Seat::from_u32(*s).is_none_or(|s| l.left(s) == 0) {
                    return Err(no("illegal.no_arriving_ship", args![seat = *s]));
                }
                let b = beach_of(l.tile, *beach)?;
                if ships.is_full(l.tile, b) {
                    return Err(at("illegal.beach_full", b, l.tile));
                }
                if l.owed != 0 && !l.is_owed(b) {
                    let owed: Vec<usize> = Beach::in_mask(l.owed).map(Beach::number).collect();
                    return Err(no("illegal.owed_beach", args![beaches = owed]));
                }
                Err(no("illegal.endless_landing", args![]))
            }
            (Phase::Land(l), Action::Return { seat: s }) => {
                if Seat::from_u32(*s).is_none_or(|s| l.left(s) == 0) {
                    return Err(no("illegal.no_arriving_ship", args![seat = *s]));
                }
                if l.remaining() <= ships.free_on(l.tile) {
                    return Err(no("illegal.room_for_all", args![island = l.tile.name()]));
                }
                Err(no("illegal.endless_return", args![]))
            }
            (Phase::PlaceCard { card, .. }, Action::PlaceCard { q, r, rotation }) => {
                let h = Hex::new(*q, *r);
                if let Some(c) = self.board.card_at(h) {
                    return Err(no("illegal.hex_taken", args![card = c.name()]));
                }
                if *rotation >= 6 {
                    return Err(no("illegal.rotation", args![rotation = *rotation]));
                }
                if !(0..6).any(|d| self.board.card_at(h.neighbor(d)).is_some()) {
                    return Err(no("illegal.not_adjacent", args![card = card.name()]));
                }
                Err(no("illegal.emblem", args![card = card.name()]))
            }
            (Phase::PlaceShip { tile, .. }, Action::PlaceShip { beach }) => {
                beach_of(tile, *beach)?;
                Ok(())
            }
            _ => Err(wrong_time()),
        })();
        match r {
            Err(e) => e,
            Ok(()) => Error::illegal("illegal.not_allowed", self.pending_args()),
        }
    }
}

/// The `verb.*` key of an action (the action in words).
fn verb(a: &Action) -> String {
    format!("verb.{}", a.type_name())
}
