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
