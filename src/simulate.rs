//! `tongiaki simulate`: many complete games between bots, with statistics.

use crate::bots::make_bot;
use crate::game::Game;
use crate::options::GameOptions;
use serde_json::{json, Value};
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

pub struct SimConfig {
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    /// Bot specs (see `bots::make_bot`): one for every seat, or one per seat.
    pub bots: Vec<String>,
    /// `--rotate`: bot k sits in seat (k + i) mod N in game i, so that no
    /// bot keeps the start seat; results are reported per bot, not per seat.
    pub rotate: bool,
}

pub struct SeatStats {
    pub bot: String,
    pub win_share: f64,
    pub ci95: (f64, f64),
    /// Decisions with more than one legal action, and the time spent on them.
    pub decisions: u64,
    pub think_seconds: f64,
    /// Search iterations run over those decisions (0 for bots that do not search).
    pub iterations: u64,
}

/// Per seat: decisions with a choice, seconds spent on them, search iterations.
#[derive(Clone, Copy, Default, Debug)]
pub struct Thinking {
    pub decisions: u64,
    pub seconds: f64,
    pub iterations: u64,
}

pub struct SimResult {
    /// Finished games (the statistics are over these).
    pub games: usize,
    /// Games left out: a chain that never ended (see [`MAX_TURN_DECISIONS`]).
    pub unfinished: usize,
    pub players: usize,
    pub rotate: bool,
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

/// Decisions within one turn after which a game counts as unfinished: an
/// R25 chain that the engine lets go on (its search gave up and answered
/// "resolvable") but that no choice ends. Real chains take a few dozen.
pub const MAX_TURN_DECISIONS: usize = 400;

/// Plays one complete game with the given bots; returns the finished game.
pub fn play_game(players: usize, seed: u64, bots: &[String]) -> Result<Game, String> {
    play_game_timed(players, seed, bots, 0).map(|(g, _)| g)
}

/// Is this error the one for a chain that never ends?
pub fn is_unfinished(e: &str) -> bool {
    e.contains("decisions in one turn")
}

/// Plays one game; seat s is played by `bots[(s + shift) % bots.len()]`.
/// Also returns, per seat, the decisions with a choice, the seconds spent
/// choosing them (natively; 0 on wasm32, where there is no clock) and the
/// search iterations they ran.
pub fn play_game_timed(
    players: usize,
    seed: u64,
    bots: &[String],
    shift: usize,
) -> Result<(Game, Vec<Thinking>), String> {
    let mut g = Game::new(GameOptions::simple(
        players,
        seed & crate::options::MAX_SEED,
    ))
    .map_err(|e| e.message)?;
    let mut seats = Vec::new();
    for s in 0..players {
        seats.push(make_bot(
            &bots[(s + shift) % bots.len()],
            mix(seed ^ (s as u64 + 1)),
        )?);
    }
    let mut think = vec![Thinking::default(); players];
    let mut turn = (0, 0);
    for _ in 0..MAX_DECISIONS {
        let Some(cur) = g.current() else {
            return Ok((g, think));
        };
        if turn.0 != g.turn() {
            turn = (g.turn(), 0);
        }
        turn.1 += 1;
        if turn.1 > MAX_TURN_DECISIONS {
            return Err(format!(
                "game with seed {seed}: turn {} went past {MAX_TURN_DECISIONS} decisions in one turn (an R25 chain that never ends)",
                turn.0
            ));
        }
        let choice = g.legal_actions_ref().len() > 1;
        let t = Stopwatch::start();
        let a = seats[cur as usize].choose(&g);
        if choice {
            let th = &mut think[cur as usize];
            th.decisions += 1;
            th.seconds += t.seconds();
            th.iterations += seats[cur as usize].last_iterations() as u64;
        }
        g.apply_trusted(&a);
    }
    Err(format!(
        "game with seed {seed} did not end within {MAX_DECISIONS} decisions"
    ))
}

/// `Instant` natively; nothing on wasm32 (where `Instant` panics).
struct Stopwatch {
    #[cfg(not(target_arch = "wasm32"))]
    start: Instant,
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(not(target_arch = "wasm32"))]
            start: Instant::now(),
        }
    }
    fn seconds(&self) -> f64 {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.start.elapsed().as_secs_f64()
        }
        #[cfg(target_arch = "wasm32")]
        {
            0.0
        }
    }
}

/// Stack for the simulation thread: the R25 chain search recurses once per
/// state it explores, and a few rare chains go deeper than the 8 MB of the
/// main thread.
#[cfg(not(target_arch = "wasm32"))]
const SIM_STACK: usize = 512 << 20;

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
    #[cfg(not(target_arch = "wasm32"))]
    {
        let cfg = SimConfig {
            players: cfg.players,
            games: cfg.games,
            seed: cfg.seed,
            bots: cfg.bots.clone(),
            rotate: cfg.rotate,
        };
        std::thread::Builder::new()
            .name("simulate".into())
            .stack_size(SIM_STACK)
            .spawn(move || run(&cfg))
            .map_err(|e| format!("cannot start the simulation thread: {e}"))?
            .join()
            .map_err(|_| "the simulation thread panicked".to_string())?
    }
    #[cfg(target_arch = "wasm32")]
    {
        run(cfg)
    }
}

fn run(cfg: &SimConfig) -> Result<SimResult, String> {
    let start = Stopwatch::start();
    let mut turns = 0u64;
    let mut laid = 0u64;
    let (mut last_island, mut last_water) = (0, 0);
    // One entry per seat, or per bot of the list when rotating.
    let mut shares: Vec<Vec<f64>> = vec![Vec::with_capacity(cfg.games); cfg.players];
    let mut think = vec![Thinking::default(); cfg.players];
    let mut unfinished = 0;
    for i in 0..cfg.games {
        let shift = if cfg.rotate { i % cfg.players } else { 0 };
        let (g, t) = match play_game_timed(
            cfg.players,
            mix(cfg.seed.wrapping_add(i as u64)),
            &cfg.bots,
            shift,
        ) {
            Ok(r) => r,
            Err(e) if is_unfinished(&e) => {
                unfinished += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        turns += g.turn() as u64;
        let b = g.board();
        laid += (b.laid_islands + b.laid_water - 1) as u64;
        if b.laid_islands as usize == crate::cards::ISLAND_COUNT {
            last_island += 1;
        } else {
            last_water += 1;
        }
        let first = &g.ranking().expect("finished")[0];
        // Seat s and bot entry (s + shift) mod N index several arrays.
        #[allow(clippy::needless_range_loop)]
        for s in 0..cfg.players {
            // Seat s was played by entry (s + shift) mod N.
            let k = (s + shift) % cfg.players;
            shares[k].push(if first.contains(&(s as u8)) {
                1.0 / first.len() as f64
            } else {
                0.0
            });
            think[k].decisions += t[s].decisions;
            think[k].seconds += t[s].seconds;
            think[k].iterations += t[s].iterations;
        }
    }
    let seconds = start.seconds();
    let games = cfg.games - unfinished;
    let g = games.max(1) as f64;
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
                decisions: think[s].decisions,
                think_seconds: think[s].seconds,
                iterations: think[s].iterations,
            }
        })
        .collect();
    Ok(SimResult {
        games,
        unfinished,
        players: cfg.players,
        rotate: cfg.rotate,
        seconds,
        mean_turns: turns as f64 / g,
        mean_cards_laid: laid as f64 / g,
        last_island,
        last_water,
        seats,
    })
}

impl SeatStats {
    /// Mean time per decision with a choice, in milliseconds.
    pub fn ms_per_decision(&self) -> f64 {
        self.think_seconds * 1000.0 / self.decisions.max(1) as f64
    }
    /// Search iterations per second of thinking (0 for bots that do not search).
    pub fn iterations_per_second(&self) -> f64 {
        if self.iterations == 0 {
            0.0
        } else {
            self.iterations as f64 / self.think_seconds.max(1e-9)
        }
    }
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
            "rotate": self.rotate,
            "unfinished": self.unfinished,
            "seats": self.seats.iter().map(|s| json!({
                "bot": s.bot, "win_share": s.win_share, "ci95": [s.ci95.0, s.ci95.1],
                "decisions": s.decisions, "ms_per_decision": s.ms_per_decision(),
                "iterations": s.iterations, "iterations_per_second": s.iterations_per_second(),
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
        if self.unfinished > 0 {
            t += &format!(
                "{} game(s) left out: a chain that never ended\n",
                self.unfinished
            );
        }
        let who = if self.rotate { "bot " } else { "seat" };
        for (i, s) in self.seats.iter().enumerate() {
            t += &format!(
                "{who} {i} {:<8} win share {:.3}  95% CI [{:.3}, {:.3}]  {:.2} ms/decision",
                s.bot,
                s.win_share,
                s.ci95.0,
                s.ci95.1,
                s.ms_per_decision()
            );
            if s.iterations > 0 {
                t += &format!(
                    "  {:.1} iterations/decision  {:.0} iterations/s",
                    s.iterations as f64 / s.decisions.max(1) as f64,
                    s.iterations_per_second()
                );
            }
            t.push('\n');
        }
        t
    }
}
