//! Tests of the R25 search's shortcuts against what they claim.

use super::*;
use crate::bots::{mix, Bot, RandomBot};
use crate::chain::outcomes::landing_outcomes;
use crate::chain::way_out::REVEALS;
use crate::game::{Game, Phase};
use crate::options::GameOptions;

/// Calls `f` at every decision (with the game's seed) of `games` random
/// games, the seeds `mix(first + i)`, two to six players in turn.
fn each_decision(games: u64, first: u64, mut f: impl FnMut(&Game, u64)) {
    for i in 0..games {
        let seed = mix(first + i);
        let players = 2 + (i % 5) as usize;
        let mut g = Game::new(GameOptions::simple(
            players,
            seed & crate::options::MAX_SEED,
        ))
        .expect("options");
        let mut bot = RandomBot::new(seed);
        while g.current().is_some() {
            f(&g, seed);
            let a = bot.choose(&g);
            g.play_trusted(a);
        }
    }
}

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

/// R25 (docs/rules.md#r25, "a landing that always resolves"): when no
/// beach elsewhere is full and every beach of the island that is full
/// or that the ships still to come could fill has a way out with any
/// group it can then hold (fewer colours than its escape limit), every
/// end of the landing leads out at once, so every landing move is legal
/// without a search. Checked end by end at each landing decision of
/// random games where the shortcut answers.
#[test]
fn r25_a_landing_whose_fillable_beaches_escape_leads_out_after_every_end() {
    let (mut answered, mut narrower, mut by_colours) = (0, 0, 0);
    each_decision(300, 77, |g, seed| {
        let Phase::Land(l) = g.phase() else { return };
        let board = g.board();
        let ships = board.ships();
        let mut search = ChainSearch::new(g.players());
        if !l.ends_game && search.landing_always_resolves(board, ships, &l) {
            answered += 1;
            // The first shortcut asked every beach of the island to have
            // a way out whatever the group; the second, every beach that
            // could fill; this one lets such a beach's way out be a trail
            // that the colours it can hold fail.
            let free = free_places(ships, l.tile);
            let (mut every, mut fillable) = (true, true);
            for b in l.tile.beaches() {
                let whatever = search.routes.escape_limit(board, l.tile, b) == REVEALS;
                every &= whatever;
                fillable &= whatever || u32::from(free[b.index()]) > l.remaining();
            }
            narrower += usize::from(!every);
            by_colours += usize::from(!fillable);
            let at = format!("seed {seed}, decision {}", g.log().len());
            assert_every_end_leads_out(&mut search.routes, board, ships, &l, &at);
        }
    });
    assert!(answered > 8_000, "{answered} landing decisions answered");
    assert!(
        narrower > 2_500,
        "{narrower} answered only by the shortcuts after the first"
    );
    assert!(
        by_colours > 600,
        "{by_colours} answered only by the colours a beach can hold"
    );
}

/// `leads_out_after` (an end looked at without landing it, the full beaches
/// off the island counted once) answers as `leads_out` of the ships with
/// the end landed: every end of every landing decision of random games.
#[test]
fn r25_leads_out_after_an_end_is_leads_out_with_it_landed() {
    let (mut ends_checked, mut out) = (0, 0);
    each_decision(200, 991, |g, seed| {
        let Phase::Land(l) = g.phase() else { return };
        let board = g.board();
        let ships = board.ships();
        let mut search = ChainSearch::new(g.players());
        search.prepare(board);
        let beyond = Beyond::of(&mut search.routes, board, ships, l.tile);
        for (x, after) in ends_landed(ships, &l) {
            let landed = leads_out(&mut search.routes, board, &after);
            let looked = way_out::leads_out_after(&mut search.routes, board, ships, &beyond, &x);
            assert_eq!(
                landed,
                looked,
                "seed {seed}, decision {}: {x:?}",
                g.log().len()
            );
            ends_checked += 1;
            out += usize::from(landed);
        }
    });
    assert!(ends_checked > 10_000, "{ends_checked} ends");
    assert!(
        out > 1_000 && out < ends_checked,
        "{out} of {ends_checked} lead out"
    );
}

/// A key worked out from the last one keyed (the beaches that differ coded
/// again, the islands that do not skipped) is the key worked out from
/// nothing, every beach coded: every chain state a random game's board
/// holds, keyed one after another as the game goes, layouts changing
/// under it.
#[test]
fn r25_a_key_from_the_last_is_the_key_from_nothing() {
    let mut checked = 0;
    // One kept layout per game (a new game starts at decision 0).
    let (mut kept, mut layout) = (KeyLayout::default(), None);
    each_decision(100, 4242, |g, seed| {
        let board = g.board();
        let ships = board.ships();
        let players = g.players();
        if g.log().is_empty() || layout != Some(board.layout_changes()) {
            layout = Some(board.layout_changes());
            kept.reset(board, players);
        }
        let mut fresh = KeyLayout::default();
        fresh.reset(board, players);
        let mut coded = Key::default();
        for c in board.islands() {
            for b in c.beaches() {
                fresh.set_beach(&mut coded, c, b, ships.beach(c, b));
            }
        }
        assert_eq!(kept.key(ships), coded, "seed {seed}");
        assert_eq!(fresh.key(ships), coded, "seed {seed}");
        checked += 1;
    });
    assert!(checked > 10_000, "{checked} states");
}

/// R21, R25: a beach's escape limit (`Routes::escape_limit`) says what
/// tracing each of its jetties says: a group of `c` colours has a voyage
/// that reveals a card or fails exactly when `c` is below the limit.
/// Checked for every beach of every island, with every number of colours,
/// at the start of each turn of random games.
#[test]
fn r25_a_beachs_escape_limit_is_what_its_jetties_voyages_give() {
    let mut beaches = 0;
    each_decision(200, 31, |g, seed| {
        if g.phase() != Phase::Turn {
            return;
        }
        let board = g.board();
        let mut routes = Routes::default();
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
                        "seed {seed}, decision {}, {tile:?} {b:?}, {colours} colours",
                        g.log().len()
                    );
                }
            }
        }
    });
    assert!(beaches > 100_000, "{beaches} beaches looked at");
}

/// R25 (docs/rules.md#r25, "a full beach with a way out"): while a beach
/// that is already full has a voyage that reveals a card or fails, every
/// landing move is legal: the full filter of landing moves keeps them all,
/// and every end of the landing leads out at once. The landing's own
/// island's full beaches count too (no ship lands on them either).
/// Checked at each landing decision of random games where the shortcut
/// answers.
#[test]
fn r25_a_full_beach_that_escapes_leaves_every_landing_move_legal() {
    let (mut answered, mut on_the_island) = (0, 0);
    each_decision(300, 515, |g, seed| {
        let Phase::Land(l) = g.phase() else { return };
        let board = g.board();
        let ships = board.ships();
        let mut search = ChainSearch::new(g.players());
        if l.ends_game || !search.fixed_escape(board, ships) {
            return;
        }
        answered += 1;
        let routes = &mut search.routes;
        on_the_island += usize::from(!ships.full_beaches().any(|(c, b)| {
            c != l.tile && escapes(routes, board, c, b, ships.beach(c, b).colours())
        }));
        let moves: Vec<LandMove> = crate::landing::landing_moves(ships, &l).collect();
        let mut kept = Vec::new();
        ChainSearch::new(g.players()).resolving_moves(
            board,
            ships,
            &l,
            moves.iter().copied(),
            |m| kept.push(m),
        );
        let at = format!("seed {seed}, decision {}", g.log().len());
        assert_eq!(kept, moves, "{at}");
        // And the beach still leads out after every end.
        assert_every_end_leads_out(&mut search.routes, board, ships, &l, &at);
    });
    assert!(answered > 5_000, "{answered} landing decisions answered");
    assert!(
        on_the_island > 1_500,
        "{on_the_island} answered only by a beach of the landing's island"
    );
}

/// R25: a way out two steps away (`one_sail_leads_out`: an emigration
/// whose landing's least filling end leads out at once) is one: the ships
/// sailed and landed so leave a state that leads out at once, and the
/// search itself, entering the state, finds it resolvable. Checked at the
/// start of every chain (the player to emigrate) of random games.
#[test]
fn r25_a_way_out_two_steps_away_is_one_the_search_finds() {
    let (mut asked, mut found) = (0, 0);
    each_decision(1000, 2626, |g, seed| {
        if g.phase() != Phase::Emigrate {
            return;
        }
        let board = g.board();
        let ships = board.ships();
        let mut search = ChainSearch::new(g.players());
        search.load(board, ships);
        if search.way_out(board) {
            return;
        }
        asked += 1;
        let Some(s) = search.one_sail_leads_out(board) else {
            return;
        };
        found += 1;
        let at = format!("seed {seed}, decision {}", g.log().len());
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
    });
    assert!(asked > 4_000, "{asked} chains without a way out at once");
    assert!(
        found > asked / 2,
        "{found} of {asked} with one two steps away"
    );
}
