//! Tests of the R25 search's shortcuts against what they claim, at every
//! decision of random games. The checks themselves see the search's
//! insides, so they are the chain's (`chain::probes`); the games are
//! played here, above the chain, by a random player (the random bot's
//! choices: the same generator, seeded alike).

use super::{Game, Phase};
use crate::chain::probes;
use crate::hash::mix;
use crate::landing::{landing_moves, LandMove};
use crate::options::{GameOptions, MAX_SEED};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Calls `f` at every decision (with the game's seed) of `games` random
/// games, the seeds `mix(first + i)`, two to six players in turn.
fn each_decision(games: u64, first: u64, mut f: impl FnMut(&Game, u64)) {
    for i in 0..games {
        let seed = mix(first + i);
        let players = 2 + (i % 5) as usize;
        let mut g = Game::new(GameOptions::simple(players, seed & MAX_SEED)).expect("options");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while g.current().is_some() {
            f(&g, seed);
            let legal = g.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            g.play_trusted(m);
        }
    }
}

/// The decision `g` is at, for a failed assertion.
fn at(g: &Game, seed: u64) -> String {
    format!("seed {seed}, decision {}", g.log().len())
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
    let mut count = probes::Answered::default();
    each_decision(300, 77, |g, seed| {
        let Phase::Land(l) = g.phase() else { return };
        probes::landing_always_resolves(g.board(), g.players(), &l, &at(g, seed), &mut count);
    });
    let probes::Answered {
        answered,
        narrower,
        by_colours,
    } = count;
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

/// R25: `leads_out_after` (an end looked at without landing it, the full
/// beaches off the island counted once) answers as `leads_out` of the
/// ships with the end landed: every end of every landing decision of
/// random games.
#[test]
fn r25_leads_out_after_an_end_is_leads_out_with_it_landed() {
    let (mut ends_checked, mut out) = (0, 0);
    each_decision(200, 991, |g, seed| {
        let Phase::Land(l) = g.phase() else { return };
        let (ends, leading_out) = probes::leads_out_after(g.board(), g.players(), &l, &at(g, seed));
        ends_checked += ends;
        out += leading_out;
    });
    assert!(ends_checked > 10_000, "{ends_checked} ends");
    assert!(
        out > 1_000 && out < ends_checked,
        "{out} of {ends_checked} lead out"
    );
}

/// R25: a chain state's key worked out from the last one keyed (the
/// beaches that differ coded again, the islands that do not skipped) is
/// the key worked out from nothing, every beach coded: every chain state a
/// random game's board holds, keyed one after another as the game goes,
/// layouts changing under it.
#[test]
fn r25_a_key_from_the_last_is_the_key_from_nothing() {
    let mut checked = 0;
    let mut keys = probes::KeysAsTheGameGoes::default();
    each_decision(100, 4242, |g, seed| {
        // A new game starts at decision 0.
        keys.check(g.board(), g.players(), g.log().is_empty(), &at(g, seed));
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
        if g.phase() == Phase::Turn {
            beaches += probes::escape_limits(g.board(), &at(g, seed));
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
        let moves: Vec<LandMove> = landing_moves(g.board().ships(), &l).collect();
        let answer = probes::fixed_escape(g.board(), g.players(), &l, &moves, &at(g, seed));
        if let Some(only_the_island) = answer {
            answered += 1;
            on_the_island += usize::from(only_the_island);
        }
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
        if let Some(two_steps) =
            probes::way_out_two_steps_away(g.board(), g.players(), &at(g, seed))
        {
            asked += 1;
            found += usize::from(two_steps);
        }
    });
    assert!(asked > 4_000, "{asked} chains without a way out at once");
    assert!(
        found > asked / 2,
        "{found} of {asked} with one two steps away"
    );
}
