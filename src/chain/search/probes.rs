//! The R25 search's shortcuts checked against what they claim, one
//! decision at a time. The chain cannot play a game (the rules are above
//! it), so the tests that call these at every decision of random games are
//! the game's (`game/chain_tests.rs`, which names the rules); each check
//! asserts what it can see here and tells the test whether its shortcut
//! answered, so that the test can count that it was put to work.

use super::*;
use crate::chain::outcomes::landing_outcomes;
use crate::chain::way_out::REVEALS;

/// The ships as they are once the end `x` of a landing on `tile` has landed.
fn landed(ships: &Ships, tile: CardId, x: &Outcome) -> Ships {
    let mut after = ships.clone();
    for b in tile.beaches() {
        after.add_group(tile, b, &x[b.index()]);
    }
    after
}

/// Every end of the landing `l` on `ships`, with the ships as they are once
/// it has landed.
fn ends_landed(ships: &Ships, l: &Landing) -> Vec<(Outcome, Ships)> {
    let mut ends = Vec::new();
    landing_outcomes(ships, l, &mut ends);
    ends.into_iter()
        .map(|x| (x, landed(ships, l.tile, &x)))
        .collect()
}

/// Asserts that every end of the landing `l` on `ships` leads out at once
/// (`at` names the decision).
fn assert_every_end_leads_out(
    routes: &mut Routes,
    board: &Board,
    ships: &Ships,
    l: &Landing,
    at: &str,
) {
    for (x, after) in ends_landed(ships, l) {
        assert!(leads_out(routes, board, &after), "{at}: {x:?}");
    }
}

/// Whether a shortcut answered a landing decision, and by which of its
/// parts (see [`landing_always_resolves`]).
#[derive(Default)]
pub(crate) struct Answered {
    pub answered: usize,
    /// Answered only by the shortcuts after the first (every beach of the
    /// island has a way out whatever the group).
    pub narrower: usize,
    /// Answered only by the colours a beach can hold.
    pub by_colours: usize,
}

/// A landing decision `l` of `players` on `board` that
/// `landing_always_resolves` answers: every end of the landing leads out
/// at once.
pub(crate) fn landing_always_resolves(
    board: &Board,
    players: usize,
    l: &Landing,
    at: &str,
    count: &mut Answered,
) {
    let ships = board.ships();
    let mut search = ChainSearch::new(players);
    if l.ends_game || !search.landing_always_resolves(board, ships, l) {
        return;
    }
    count.answered += 1;
    // The first shortcut asked every beach of the island to have a way out
    // whatever the group; the second, every beach that could fill; this
    // one lets such a beach's way out be a trail that the colours it can
    // hold fail.
    let free = free_places(ships, l.tile);
    let (mut every, mut fillable) = (true, true);
    for b in l.tile.beaches() {
        let whatever = search.routes.escape_limit(board, l.tile, b) == REVEALS;
        every &= whatever;
        fillable &= whatever || u32::from(free[b.index()]) > l.remaining();
    }
    count.narrower += usize::from(!every);
    count.by_colours += usize::from(!fillable);
    assert_every_end_leads_out(&mut search.routes, board, ships, l, at);
}

/// `leads_out_after` (an end looked at without landing it, the full beaches
/// off the island counted once) answers as `leads_out` of the ships with
/// the end landed, for every end of the landing `l`. Returns the ends
/// checked and how many lead out.
pub(crate) fn leads_out_after(
    board: &Board,
    players: usize,
    l: &Landing,
    at: &str,
) -> (usize, usize) {
    let ships = board.ships();
    let mut search = ChainSearch::new(players);
    search.prepare(board);
    let beyond = Beyond::of(&mut search.routes, board, ships, l.tile);
    let (mut ends, mut out) = (0, 0);
    for (x, after) in ends_landed(ships, l) {
        let landed = leads_out(&mut search.routes, board, &after);
        let looked = way_out::leads_out_after(&mut search.routes, board, ships, &beyond, &x);
        assert_eq!(landed, looked, "{at}: {x:?}");
        ends += 1;
        out += usize::from(landed);
    }
    (ends, out)
}

/// Keys worked out from the last one keyed, as a game goes: one kept
/// layout, laid out again when the table's layout changes.
#[derive(Default)]
pub(crate) struct KeysAsTheGameGoes {
    kept: KeyLayout,
    layout: Option<u32>,
}

impl KeysAsTheGameGoes {
    /// A key worked out from the last one keyed (the beaches that differ
    /// coded again, the islands that do not skipped) is the key worked out
    /// from nothing, every beach coded. `new_game`: the board is another
    /// game's than the last one asked about.
    pub(crate) fn check(&mut self, board: &Board, players: usize, new_game: bool, at: &str) {
        let ships = board.ships();
        if new_game || self.layout != Some(board.layout_changes()) {
            self.layout = Some(board.layout_changes());
            self.kept.reset(board, players);
        }
        let mut fresh = KeyLayout::default();
        fresh.reset(board, players);
        let mut coded = Key::default();
        for c in board.islands() {
            for b in c.beaches() {
                fresh.set_beach(&mut coded, c, b, ships.beach(c, b));
            }
        }
        assert_eq!(self.kept.key(ships), coded, "{at}");
        assert_eq!(fresh.key(ships), coded, "{at}");
    }
}

/// A beach's escape limit (`Routes::escape_limit`) says what tracing each
/// of its jetties says: a group of `c` colours has a voyage that reveals a
/// card or fails exactly when `c` is below the limit. Every beach of every
/// island of `board`, with every number of colours; returns the beaches.
pub(crate) fn escape_limits(board: &Board, at: &str) -> usize {
    let mut routes = Routes::default();
    let mut beaches = 0;
    for tile in board.islands() {
        for b in tile.beaches() {
            beaches += 1;
            for colours in 0..=MAX_SEATS as u8 {
                let traced = tile
                    .beach_spec(b)
                    .jetty_edges()
                    .any(|j| board.trace(tile, j, colours) == Trace::Escape);
                assert_eq!(
                    escapes(&mut routes, board, tile, b, colours),
                    traced,
                    "{at}, {tile:?} {b:?}, {colours} colours"
                );
            }
        }
    }
    beaches
}

/// A landing decision `l` of `players` on `board` that `fixed_escape`
/// answers (a full beach has a way out): the full filter of landing moves
/// keeps every move of `moves`, and every end of the landing leads out at
/// once. Returns `None` where the shortcut does not answer, else whether
/// only a beach of the landing's own island answered it.
pub(crate) fn fixed_escape(
    board: &Board,
    players: usize,
    l: &Landing,
    moves: &[LandMove],
    at: &str,
) -> Option<bool> {
    let ships = board.ships();
    let mut search = ChainSearch::new(players);
    if l.ends_game || !search.fixed_escape(board, ships) {
        return None;
    }
    let routes = &mut search.routes;
    let on_the_island = !ships
        .full_beaches()
        .any(|(c, b)| c != l.tile && escapes(routes, board, c, b, ships.beach(c, b).colours()));
    let mut kept = Vec::new();
    ChainSearch::new(players)
        .resolving_moves(board, ships, l, moves.iter().copied(), |m| kept.push(m));
    assert_eq!(kept, moves, "{at}");
    // And the beach still leads out after every end.
    assert_every_end_leads_out(&mut search.routes, board, ships, l, at);
    Some(on_the_island)
}

/// At the start of a chain of `players` on `board` (the player to
/// emigrate): a way out two steps away (`one_sail_leads_out`: an
/// emigration whose landing's least filling end leads out at once) is one:
/// the ships sailed and landed so leave a state that leads out at once, and
/// the search itself, entering the state, finds it resolvable. Returns
/// `None` where a way out is there at once, else whether one was two steps
/// away.
pub(crate) fn way_out_two_steps_away(board: &Board, players: usize, at: &str) -> Option<bool> {
    let ships = board.ships();
    let mut search = ChainSearch::new(players);
    search.load(board, ships);
    if search.way_out(board) {
        return None;
    }
    let Some(s) = search.one_sail_leads_out(board) else {
        return Some(false);
    };
    // The emigration played out: the group sails and lands.
    let mut after = ships.clone();
    let group = after.sail(s.tile, s.beach);
    let cols = colours(&group);
    let routes = &mut search.routes;
    let lands = s
        .tile
        .beach_spec(s.beach)
        .jetty_edges()
        .any(|j| routes.trace(board, s.tile, j, cols) == Trace::Land(s.dest));
    assert!(lands, "{at}: no jetty to {:?}", s.dest);
    let l = Landing::start(&after, s.dest, group, false);
    let x = least_filling_end(free_places(&after, s.dest), &l);
    let after = landed(&after, s.dest, &x);
    assert!(leads_out(routes, board, &after), "{at}: {x:?}");
    // The search as it goes without the shortcut.
    search.lay_keys(board);
    let searched = match search.known(board) {
        Known::Resolves => true,
        Known::Dead => false,
        Known::New(state) => search.explore(board, state),
        Known::Open(_) => unreachable!("no state is open before a question"),
    };
    assert!(searched, "{at}");
    Some(true)
}
