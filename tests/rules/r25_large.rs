//! R25 in two large chains (docs/rules.md#r25): positions a search bot's
//! rollouts reached (`tongiaki simulate --players 4 --games 1 --seed 146
//! --bots search:2000,greedy,greedy,greedy`), saved with their deck and
//! action log. Before the shortcuts of `chain/search.rs` the exact search
//! visited 2.4 million chain states for each (13 s, 200 MB); the answers
//! were the same. The legal sets below follow from the rules by hand.

use super::*;

fn load(path: &str) -> Game {
    let text = std::fs::read_to_string(path).unwrap();
    Game::load(&text).expect("the save replays")
}

fn land(seat: u32, beach: u32) -> Value {
    json!({"type": "land", "seat": seat, "beach": beach})
}

/// The most chain states one R25 question of the game has searched.
fn largest_question(g: &Game) -> usize {
    g.chain_search_states().1
}

/// Seat 0 lands ships of seats 0, 0, 1 and 3 on Nauru, whose three beaches
/// (two, three and two places) hold one ship each (seats 1, 3, 3) and have
/// four places free between them: every beach fills. Nauru's routes all
/// lead back to Nauru; beach 2 has a jetty of danger 2. Whatever ship lands
/// first, the landing can still end with seat 3's ship on beach 2, two
/// ships of one colour there, whose voyage through that jetty fails: the
/// chain resolves. So every landing move is legal, and R25 needs no search
/// of where the chain goes: an end that leads out at once is looked for
/// among all of a move's ends before any end is searched.
#[test]
fn r25_a_landing_with_an_end_that_leads_out_at_once_needs_no_search() {
    let g = load("tests/fixtures/r25-blowup.json");
    let Phase::Land(l) = g.phase() else {
        panic!("a landing")
    };
    assert_eq!(
        (l.tile, l.group[..4].to_vec()),
        (c("nauru"), vec![2, 1, 0, 1])
    );
    let mut want = vec![];
    for seat in [0, 1, 3] {
        for beach in 0..3 {
            want.push(land(seat, beach));
        }
    }
    assert_eq!(legal(&g), want);
    assert!(
        largest_question(&g) < 1_000,
        "{:?}",
        g.chain_search_states()
    );
}

/// Seat 0 lands one ship of seat 0 and two of seat 1 on Nauru, whose
/// beaches 0, 1, 2 (two, three and two places) hold seat 0; seats 0 and 3;
/// seat 3. Every beach fills, and Nauru is then **locked**: a group that
/// sails from it finds only its own beach free and lands there again as it
/// was, and one that arrives from elsewhere finds no free place. Its beach
/// 1 has one jetty, of danger 3; its beach 2 a jetty of danger 2 and one of
/// danger 0. The other islands whose ships can move (Tonga and Samoa, with
/// full beaches or reached from them) have only routes of danger 0 back to
/// Tonga, Samoa and Nauru. So the chain resolves only if Nauru's beach 1
/// ends with two colours (its voyage fails): seat 0's ship must land there.
/// Legal: seat 0 on beach 1, or a ship of seat 1 elsewhere first (seat 0's
/// ship can still go to beach 1). Refused as R25: seat 0 on beach 0 or 2,
/// and seat 1 on beach 1. The refusals are proven without visiting the
/// chain's millions of states (Tonga's and Samoa's ships going round).
#[test]
fn r25_a_locked_island_loses_the_chain_without_a_search() {
    let mut g = load("tests/fixtures/r25-locked-island.json");
    let Phase::Land(l) = g.phase() else {
        panic!("a landing")
    };
    assert_eq!(
        (l.tile, l.group[..4].to_vec()),
        (c("nauru"), vec![1, 2, 0, 0])
    );
    assert_eq!(legal(&g), vec![land(0, 1), land(1, 0), land(1, 2)]);
    for a in [land(0, 0), land(0, 2), land(1, 1)] {
        let m = refused(&mut g, a);
        assert!(m.contains("R25"), "{m}");
    }
    assert!(
        largest_question(&g) < 1_000,
        "{:?}",
        g.chain_search_states()
    );
    // After seat 1 on beach 0, a ship of seats 0 and 1 each for beaches 1
    // and 2: seat 0 on beach 1, or seat 1 on beach 2 (which sends seat 0's
    // to beach 1). The other two lock Nauru with three colours on beach 1.
    act(&mut g, land(1, 0));
    assert_eq!(legal(&g), vec![land(0, 1), land(1, 2)]);
    for a in [land(0, 2), land(1, 1)] {
        let m = refused(&mut g, a);
        assert!(m.contains("R25"), "{m}");
    }
}

/// Only a search bot's rollouts limit the search (`Game::limit_chain_search`,
/// docs/rules.md#r25): a copy so limited says when it gave a question up,
/// and answers as the game does when it did not; the game it was copied
/// from keeps answering exactly. (Random four-player games until a copy
/// limited to one state gives a question up.)
#[cfg(feature = "bots")]
#[test]
fn r25_a_limited_search_says_when_it_gave_a_question_up() {
    use tongiaki::bots::make_bot;
    use tongiaki::GameOptions;
    let (mut cuts, mut same) = (0, 0);
    for seed in 1..=40u64 {
        let mut g = Game::new(GameOptions::simple(4, seed)).unwrap();
        let mut bot = make_bot("random", seed).unwrap();
        while !g.is_over() {
            let mut copy = g.clone();
            copy.limit_chain_search(1);
            let limited = copy.legal_actions();
            if copy.chain_search_cut() {
                cuts += 1;
            } else {
                assert_eq!(limited, g.legal_actions(), "seed {seed}");
                same += 1;
            }
            assert!(!g.chain_search_cut());
            let a = bot.choose(&g);
            g.play_trusted(a);
        }
        if cuts > 0 {
            break;
        }
    }
    assert!(cuts > 0 && same > 100, "{cuts} cut, {same} the same");
}
