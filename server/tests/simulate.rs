//! `simulate` between bots (moved here from tests/bots.rs with the
//! simulation statistics).

use tongiaki_server::simulate::{simulate, SimConfig};

#[test]
fn greedy_beats_random_in_two_player_games() {
    let r = simulate(&SimConfig {
        players: 2,
        games: 200,
        seed: 3,
        bots: vec!["greedy".into(), "random".into()],
        rotate: true,
        threads: 1,
    })
    .unwrap();
    let greedy = r.seats.iter().find(|s| s.bot == "greedy").unwrap();
    // Measured far higher (BENCHMARKS.md); a loose bound that still fails
    // if greedy plays no better than chance.
    assert!(
        greedy.win_share > 0.65,
        "greedy won only {:.2}",
        greedy.win_share
    );
}

fn config(bots: &[&str], threads: usize) -> SimConfig {
    SimConfig {
        players: 3,
        games: 12,
        seed: 7,
        bots: bots.iter().map(|b| b.to_string()).collect(),
        rotate: true,
        threads,
    }
}

/// `--threads` plays games at once but counts them in game order: the same
/// results, whatever the number of threads.
#[test]
fn threads_give_the_same_results_as_one() {
    let bots = ["beginner", "intermediate", "search:20"];
    let one = simulate(&config(&bots, 1)).unwrap();
    let three = simulate(&config(&bots, 3)).unwrap();
    assert_eq!(one.mean_turns, three.mean_turns);
    assert_eq!(one.last_island, three.last_island);
    for (a, b) in one.seats.iter().zip(&three.seats) {
        assert_eq!((&a.bot, a.win_share), (&b.bot, b.win_share));
        assert_eq!(a.iterations, b.iterations);
    }
    let e = simulate(&config(&bots, 0)).err().unwrap();
    assert!(e.to_string().contains("--threads"), "{e}");
}

/// A level is reported with what it plays.
#[test]
fn levels_are_named_with_their_specs() {
    let r = simulate(&config(&["beginner", "intermediate", "greedy"], 2)).unwrap();
    assert_eq!(r.seats[0].plays, "greedy:careless=0.5");
    assert_eq!(r.seats[1].plays, "greedy");
    assert_eq!(r.seats[2].plays, "greedy");
    let text = r.to_text();
    assert!(text.contains("beginner (greedy:careless=0.5)"), "{text}");
    let e = simulate(&config(&["expert:100"], 1)).err().unwrap();
    assert!(e.to_string().contains("expert"), "{e}");
}
