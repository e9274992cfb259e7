//! Ways out at once (docs/rules.md#r25): a chain state that leads out
//! without a search, and the voyages of each jetty on one layout.

use super::outcomes::Outcome;
use crate::board::{BeachShips, Board, Route, Ships, Trace, MAX_SEATS};
use crate::cards::{Beach, CardId, ISLAND_COUNT, MAX_BEACHES};
use crate::hex::Edge;

/// Where each jetty's voyage goes on one layout, by island and edge, and
/// how few colours a group must have to escape from each beach; each
/// worked out when first asked. Both are kept as codes whose 0 means "not
/// worked out yet", so a new layout forgets them with one fill of zeros
/// ([`Routes::clear`]) rather than a store per jetty.
#[derive(Debug, Default)]
pub(super) struct Routes {
    /// Each jetty's route as [`route_code`], 0 if not worked out.
    routes: [[u16; 6]; ISLAND_COUNT],
    /// Each beach's [`Routes::escape_limit`] plus [`LIMIT_KNOWN`], 0 if
    /// not worked out.
    limits: [[u8; MAX_BEACHES]; ISLAND_COUNT],
}

/// The mark of a code that is worked out.
const KNOWN: u16 = 0x8000;
/// The same for an escape limit.
const LIMIT_KNOWN: u8 = 0x80;
/// The escape limit of a jetty whose voyage reaches an empty hex: more
/// colours than any group has.
pub(super) const REVEALS: u8 = MAX_SEATS as u8 + 1;

/// A route as a code: the island's id (0xff for an empty hex) in the low
/// byte, the danger and [`KNOWN`] in the high one (never 0).
#[inline]
fn route_code(r: Route) -> u16 {
    KNOWN | u16::from(r.danger) << 8 | u16::from(r.end.map_or(0xff, |c| c.0))
}

#[inline]
fn route_of(code: u16) -> Route {
    let end = code as u8;
    Route {
        end: (end != 0xff).then_some(CardId(end)),
        danger: (code >> 8) as u8 & 0x7f,
    }
}

impl Routes {
    /// Forgets every route (the layout has changed).
    pub(super) fn clear(&mut self) {
        *self = Routes::default();
    }

    /// The voyage of a group with `colours` colours from (`tile`, `jetty`).
    pub(super) fn trace(&mut self, board: &Board, tile: CardId, jetty: Edge, colours: u8) -> Trace {
        self.route(board, tile, jetty).trace(colours)
    }

    /// The route of the jetty `jetty` of `tile`, whatever the group.
    #[inline]
    pub(super) fn route(&mut self, board: &Board, tile: CardId, jetty: Edge) -> Route {
        let code = &mut self.routes[tile.index()][usize::from(jetty.get())];
        if *code == 0 {
            *code = route_code(board.route(tile, jetty));
        }
        route_of(*code)
    }

    /// How few colours a group sailing from (`tile`, `beach`) must have
    /// for one of its jetties' voyages to reveal a card or fail: a group
    /// escapes with fewer colours than this. A voyage that lands fails
    /// with fewer colours than its route's highest danger, and one that
    /// reaches an empty hex reveals a card whatever the group
    /// ([`REVEALS`]); 0 if every voyage lands whatever the group. (One
    /// comparison where every jetty's route would be looked at.)
    #[inline]
    pub(super) fn escape_limit(&mut self, board: &Board, tile: CardId, beach: Beach) -> u8 {
        let code = self.limits[tile.index()][beach.index()];
        if code != 0 {
            return code & !LIMIT_KNOWN;
        }
        self.work_out_escape_limit(board, tile, beach)
    }

    /// [`Routes::escape_limit`] when it is first asked on a layout (kept
    /// out of line: the limit is read far more often than worked out).
    #[inline(never)]
    fn work_out_escape_limit(&mut self, board: &Board, tile: CardId, beach: Beach) -> u8 {
        let limit = tile
            .beach_spec(beach)
            .jetty_edges()
            .map(|j| {
                let r = self.route(board, tile, j);
                if r.end.is_some() {
                    r.danger
                } else {
                    REVEALS
                }
            })
            .max()
            .unwrap_or(0);
        self.limits[tile.index()][beach.index()] = LIMIT_KNOWN | limit;
        limit
    }
}

/// Does the chain state `ships` (the player to emigrate) lead out at once?
/// It does when no beach is full, when a full beach has a
/// voyage that reveals a card or fails, and when the only full beach has a
/// voyage after which its group can land with every beach keeping a free
/// place.
pub(super) fn leads_out(routes: &mut Routes, board: &Board, ships: &Ships) -> bool {
    let mut full = None;
    let mut count = 0;
    for (c, b) in ships.full_beaches() {
        full = Some((c, b));
        count += 1;
        if escapes(routes, board, c, b, ships.beach(c, b).colours()) {
            return true;
        }
    }
    let Some((tile, beach)) = full else {
        return true;
    };
    if count > 1 {
        return false;
    }
    lands_calmly(
        routes,
        board,
        tile,
        beach,
        ships.beach(tile, beach),
        |dest| free_places(ships, dest),
    )
}

/// The full beaches of a chain state off one island, as far as [`leads_out`]
/// needs them: whether one has a voyage that reveals a card or fails, how
/// many there are, and the last. A landing on the island changes none of
/// them, so one `Beyond` serves all the ends of a landing
/// ([`leads_out_after`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Beyond {
    pub(super) tile: CardId,
    pub(super) escapes: bool,
    count: u32,
    last: Option<(CardId, Beach)>,
}

impl Beyond {
    /// The full beaches of `ships` off `tile`.
    pub(super) fn of(routes: &mut Routes, board: &Board, ships: &Ships, tile: CardId) -> Beyond {
        let mut beyond = Beyond {
            tile,
            escapes: false,
            count: 0,
            last: None,
        };
        for (c, b) in ships.full_beaches().filter(|&(c, _)| c != tile) {
            beyond.count += 1;
            beyond.last = Some((c, b));
            if escapes(routes, board, c, b, ships.beach(c, b).colours()) {
                beyond.escapes = true;
                break;
            }
        }
        beyond
    }
}

/// Does the chain state `ships` lead out at once after the landing end `x`
/// on `beyond.tile` (`beyond` being that of `ships`)? [`leads_out`] of the
/// ships with the end landed, worked out without landing it.
pub(super) fn leads_out_after(
    routes: &mut Routes,
    board: &Board,
    ships: &Ships,
    beyond: &Beyond,
    x: &Outcome,
) -> bool {
    if beyond.escapes {
        return true;
    }
    let tile = beyond.tile;
    // The island's beaches after the end, and its full beaches then as
    // bits (found without a branch per beach: which fill varies from end to
    // end, so such branches are mispredicted); then those off the island.
    let mut island = [BeachShips::default(); MAX_BEACHES];
    let mut full = 0u8;
    let beaches = tile.spec().beaches.iter().zip(ships.island(tile));
    for (i, ((spec, now), x)) in beaches.zip(x).enumerate() {
        let after = now.with_group(x);
        island[i] = after;
        full |= u8::from(after.count() == spec.places) << i;
    }
    let (mut count, mut last) = (beyond.count, beyond.last);
    for b in Beach::in_mask(full) {
        count += 1;
        last = Some((tile, b));
        if escapes(routes, board, tile, b, island[b.index()].colours()) {
            return true;
        }
    }
    let Some((c, beach)) = last else {
        return true;
    };
    if count > 1 {
        return false;
    }
    let group = if c == tile {
        island[beach.index()]
    } else {
        *ships.beach(c, beach)
    };
    lands_calmly(routes, board, c, beach, &group, |dest| {
        if dest != tile {
            return free_places(ships, dest);
        }
        let mut free = [0; MAX_BEACHES];
        for b in tile.beaches() {
            free[b.index()] = tile.beach_spec(b).places - island[b.index()].count();
        }
        free
    })
}

/// Has the full beach (`tile`, `beach`), its group of `colours` colours, a
/// voyage that reveals a card or fails?
#[inline]
pub(super) fn escapes(
    routes: &mut Routes,
    board: &Board,
    tile: CardId,
    beach: Beach,
    colours: u8,
) -> bool {
    colours < routes.escape_limit(board, tile, beach)
}

/// Can `group`, the only full beach (`tile`, `beach`), sail through one of
/// its jetties and land with every beach of its destination keeping a free
/// place? (`free_of`: the free places of an island's beaches, the group
/// still on its own.)
#[inline]
fn lands_calmly(
    routes: &mut Routes,
    board: &Board,
    tile: CardId,
    beach: Beach,
    group: &BeachShips,
    free_of: impl Fn(CardId) -> [u8; MAX_BEACHES],
) -> bool {
    let ships_landing = u32::from(group.count());
    let cols = group.colours();
    tile.beach_spec(beach).jetty_edges().any(|j| {
        let Trace::Land(dest) = routes.trace(board, tile, j, cols) else {
            return false;
        };
        // The beaches of `dest` once the group has sailed; all with room are owed.
        let mut free = free_of(dest);
        if dest == tile {
            free[beach.index()] = tile.beach_spec(beach).places;
        }
        let free = &free[..dest.beach_count()];
        let owed = (0..free.len())
            .filter(|&b| free[b] > 0)
            .fold(0, |m, b| m | 1 << b);
        calm(free, owed, ships_landing)
    })
}

/// Free places of each beach of `tile`.
pub(super) fn free_places(ships: &Ships, tile: CardId) -> [u8; MAX_BEACHES] {
    let mut free = [0; MAX_BEACHES];
    for b in tile.beaches() {
        free[b.index()] = ships.free_places(tile, b);
    }
    free
}

/// Can `r` more ships land on an island whose beaches have `free` places
/// (the `owed` ones still to be served, R23) with every beach keeping a free
/// place? Each keeps one: the owed beaches first (one ship each), then the
/// rest.
pub(super) fn calm(free: &[u8], owed: u8, r: u32) -> bool {
    // (Summed without a branch per beach: the rooms vary from call to
    // call, so such branches are mispredicted.)
    let mut full = false;
    let mut spare = 0u32;
    let mut owed_beaches = 0u32;
    let mut owed_with_spare = 0u32;
    for (b, &f) in free.iter().enumerate() {
        let owed = u32::from(owed >> b & 1);
        full |= f == 0;
        spare += u32::from(f.saturating_sub(1));
        owed_beaches += owed;
        owed_with_spare += owed & u32::from(f >= 2);
    }
    !full && spare >= r && owed_with_spare >= r.min(owed_beaches)
}

/// Is the chain state `ships` (the player to emigrate, no way out at once)
/// lost whatever the player does? It is when
///
/// - an island is **locked**: every beach full, and every jetty's voyage
///   with that beach's own colours lands back on it. A group that sails
///   from it finds only its own beach free and lands there again as it
///   was (R23); a group that arrives from elsewhere finds no free place
///   and goes home. So the island stays as it is, and a beach stays full:
///   the chain can end only by a voyage that reveals a card or fails;
/// - and no such voyage can happen: the islands whose ships can move (a
///   full beach now, or a route of such an island leading there) have no
///   jetty, locked islands aside, whose voyage reaches an empty hex or has
///   a trail of danger 2 or more (which a group of few colours fails).
///
/// A cheap proof for chains that go round for ever, which a search would
/// prove only by visiting every state they reach (docs/rules.md#r25).
pub(super) fn lost_at_once(routes: &mut Routes, board: &Board, ships: &Ships) -> bool {
    let full = ships.full_islands();
    let mut locked = 0u16;
    let mut each = full;
    while each != 0 {
        let i = each.trailing_zeros() as usize;
        each &= each - 1;
        let tile = CardId(i as u8);
        if ships.full_mask(tile) != (1u8 << tile.beach_count()) - 1 {
            continue;
        }
        let returns = tile.beaches().all(|b| {
            let cols = ships.beach(tile, b).colours();
            tile.beach_spec(b)
                .jetty_edges()
                .all(|j| routes.trace(board, tile, j, cols) == Trace::Land(tile))
        });
        if returns {
            locked |= 1 << i;
        }
    }
    if locked == 0 {
        return false;
    }
    // The islands whose ships can move, and whether one could lead out.
    let mut reached = full;
    let mut todo = full & !locked;
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let tile = CardId(i as u8);
        for b in tile.beaches() {
            for j in tile.beach_spec(b).jetty_edges() {
                let route = routes.route(board, tile, j);
                let Some(end) = route.end else {
                    return false;
                };
                if route.danger >= 2 {
                    return false;
                }
                let bit = 1u16 << end.index();
                if reached & bit == 0 {
                    reached |= bit;
                    todo |= bit & !locked;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CARD_COUNT;

    /// `calm` is the rule as written plainly: no beach full, every beach
    /// keeping a free place leaves room for the ships, and the owed beaches
    /// that must be served keep one too.
    #[test]
    fn calm_is_the_plain_rule() {
        let plain = |free: &[u8], owed: u8, r: u32| {
            if free.contains(&0) {
                return false;
            }
            let spare: u32 = free.iter().map(|&f| u32::from(f) - 1).sum();
            let owed_beaches = (0..free.len()).filter(|&b| owed & 1 << b != 0);
            let with_spare = owed_beaches.clone().filter(|&b| free[b] >= 2).count() as u32;
            spare >= r && with_spare >= r.min(owed_beaches.count() as u32)
        };
        let mut next = crate::test_rng::xorshift(0xca1d_5ea5);
        for _ in 0..20_000 {
            let beaches = 1 + next(MAX_BEACHES);
            let free: Vec<u8> = (0..beaches).map(|_| next(5) as u8).collect();
            let owed = next(1 << beaches) as u8;
            let r = next(12) as u32;
            assert_eq!(
                calm(&free, owed, r),
                plain(&free, owed, r),
                "{free:?} {owed:b} {r}"
            );
        }
    }

    /// Every route a layout can have comes back from its code, and no code
    /// is 0 (the mark of a route not worked out).
    #[test]
    fn route_codes_keep_the_route() {
        let ends = (0..CARD_COUNT as u8).map(|c| Some(CardId(c))).chain([None]);
        for end in ends {
            for danger in 0..=MAX_SEATS as u8 {
                let r = Route { end, danger };
                let code = route_code(r);
                assert_ne!(code, 0);
                assert_eq!(route_of(code), r);
            }
        }
    }
}
