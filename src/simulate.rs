//! `tongiaki simulate`: many complete games between bots, with statistics.

use crate::bots::make_bot;
use crate::game::Game;
use crate::options::GameOptions;
use serde_json::{json, Value};
use std::time::Instant;

pub struct SimConfig {
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub bots: Vec<String>,
}

pub struct SeatStats {
    pub bot: String,
    pub win_share: f64,
    pub ci95: (f64, f64),
}

pub struct SimResult {
    pub games: usize,
    pub players: usize,
    pub seconds: f64,
    pub mean_turns: f64,
    pub mean_cards_laid: f64,
    pub last_island: usize,
    pub last_water: usize,
    pub seats: Vec<SeatStats>,
}

/// SplitMix64: decorrelated seeds for game i and the bots of game i.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Upper bound on decisions in one game: far above any real game.
pub const MAX_DECISIONS: usize = 200_000;

/// Plays one complete game with the given bots; returns the finished game.
pub fn play_game(players: usize, seed: u64, bots: &[String]) -> Result<Game, String> {
    let mut g = Game::new(GameOptions::simple(
        players,
        seed & crate::options::MAX_SEED,
    ))
    .map_err(|e| e.message)?;
    let mut seats = Vec::new();
    for s in 0..players {
        seats.push(make_bot(&bots[s % bots.len()], mix(seed ^ (s as u64 + 1)))?);
    }
    for _ in 0..MAX_DECISIONS {
        let Some(cur) = g.current() else {
            return Ok(g);
        };
        let a = seats[cur as usize].choose(&g);
        g.apply_trusted(&a);
    }
    Err(format!(
        "game with seed {seed} did not end within {MAX_DECISIONS} decisions"
    ))
}

pub fn simulate(cfg: &SimConfig) -> Result<SimResult, String> {
    if !(2..=6).contains(&cfg.players) {
        return Err(format!("--players must be 2 to 6, not {}", cfg.players));
    }
    if cfg.bots.is_empty() || (cfg.bots.len() != 1 && cfg.bots.len() != cfg.players) {
        return Err(format!(
            "--bots must name one bot or one per seat ({} seats)",
            cfg.players
        ));
    }
    for b in &cfg.bots {
        make_bot(b, 0)?;
    }
    let start = Instant::now();
    let mut turns = 0u64;
    let mut laid = 0u64;
    let (mut last_island, mut last_water) = (0, 0);
    let mut shares: Vec<Vec<f64>> = vec![Vec::with_capacity(cfg.games); cfg.players];
    for i in 0..cfg.games {
        let g = play_game(cfg.players, mix(cfg.seed.wrapping_add(i as u64)), &cfg.bots)?;
        turns += g.turn() as u64;
        let b = g.board();
        laid += (b.laid_islands + b.laid_water - 1) as u64;
        if b.laid_islands as usize == crate::cards::ISLAND_COUNT {
            last_island += 1;
        } else {
            last_water += 1;
        }
        let first = &g.ranking().expect("finished")[0];
        for (s, v) in shares.iter_mut().enumerate() {
            v.push(if first.contains(&(s as u8)) {
                1.0 / first.len() as f64
            } else {
                0.0
            });
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let g = cfg.games.max(1) as f64;
    let seats = shares
        .iter()
        .enumerate()
        .map(|(s, v)| {
            let mean = v.iter().sum::<f64>() / g;
            let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (g - 1.0).max(1.0);
            let half = 1.96 * (var / g).sqrt();
            SeatStats {
                bot: cfg.bots[s % cfg.bots.len()].clone(),
                win_share: mean,
                ci95: ((mean - half).max(0.0), (mean + half).min(1.0)),
            }
        })
        .collect();
    Ok(SimResult {
        games: cfg.games,
        players: cfg.players,
        seconds,
        mean_turns: turns as f64 / g,
        mean_cards_laid: laid as f64 / g,
        last_island,
        last_water,
        seats,
    })
}

impl SimResult {
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }

    pub fn to_json(&self) -> Value {
        json!({
            "games": self.games,
            "players": self.players,
            "games_per_second": self.games_per_second(),
            "mean_turns": self.mean_turns,
            "mean_cards_laid": self.mean_cards_laid,
            "ended_by": {"last_island": self.last_island, "last_water": self.last_water},
            "seats": self.seats.iter().map(|s| json!({
                "bot": s.bot, "win_share": s.win_share, "ci95": [s.ci95.0, s.ci95.1]
            })).collect::<Vec<_>>(),
        })
    }

    pub fn to_text(&self) -> String {
        let mut t = format!(
            "{} games, {} players, {:.2} s ({:.0} games/s)\nmean turns {:.1}, mean cards laid {:.1}\nended by last island {}, last water {}\n",
            self.games,
            self.players,
            self.seconds,
            self.games_per_second(),
            self.mean_turns,
            self.mean_cards_laid,
            self.last_island,
            self.last_water
        );
        for (i, s) in self.seats.iter().enumerate() {
            t += &format!(
                "seat {i} {:<8} win share {:.3}  95% CI [{:.3}, {:.3}]\n",
                s.bot, s.win_share, s.ci95.0, s.ci95.1
            );
        }
        t
    }
}
