//! `tongiaki simulate`: many complete games between bots, with statistics.

use serde_json::{json, Value};
use std::fmt;
use std::time::Instant;
use tongiaki::bots::{make_bot, mix, play_game_timed, BotError, PlayError, Thinking};
use tongiaki::cards::ISLAND_COUNT;

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

pub struct SimResult {
    /// Finished games (the statistics are over these).
    pub games: usize,
    pub players: usize,
    pub rotate: bool,
    pub seconds: f64,
    pub mean_turns: f64,
    pub mean_cards_laid: f64,
    pub last_island: usize,
    pub last_water: usize,
    pub seats: Vec<SeatStats>,
}

/// Stack for the simulation thread: the R25 chain search recurses once per
/// state it explores, and a few rare chains go deeper than the 8 MB of the
/// main thread.
const SIM_STACK: usize = 512 << 20;

/// Why a simulation did not run to its end.
#[derive(Debug)]
pub enum SimError {
    /// `--players` out of 2..=6.
    Players(usize),
    /// `--games` out of 1..=[`MAX_GAMES`].
    Games(usize),
    /// `--bots` names neither one bot nor one per seat.
    BotCount { seats: usize },
    /// A bot spec was refused.
    Bot(BotError),
    /// A game failed for another reason than a chain that never ends.
    Game(PlayError),
    /// The simulation thread could not start, or panicked.
    Thread(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Players(n) => write!(f, "--players must be 2 to 6, not {n}"),
            SimError::Games(n) => write!(f, "--games must be 1 to {MAX_GAMES}, not {n}"),
            SimError::BotCount { seats } => write!(
                f,
                "--bots must name one bot or one per seat ({seats} seats)"
            ),
            SimError::Bot(e) => e.fmt(f),
            SimError::Game(e) => e.fmt(f),
            SimError::Thread(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for SimError {}

/// Most games one `simulate` plays (a few hours of random games; the
/// statistics keep one byte per game and seat).
pub const MAX_GAMES: usize = 10_000_000;

pub fn simulate(cfg: &SimConfig) -> Result<SimResult, SimError> {
    if !(2..=6).contains(&cfg.players) {
        return Err(SimError::Players(cfg.players));
    }
    if !(1..=MAX_GAMES).contains(&cfg.games) {
        return Err(SimError::Games(cfg.games));
    }
    if cfg.bots.is_empty() || (cfg.bots.len() != 1 && cfg.bots.len() != cfg.players) {
        return Err(SimError::BotCount { seats: cfg.players });
    }
    for b in &cfg.bots {
        make_bot(b, 0).map_err(SimError::Bot)?;
    }
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
        .map_err(|e| SimError::Thread(format!("cannot start the simulation thread: {e}")))?
        .join()
        .map_err(|_| SimError::Thread("the simulation thread panicked".to_string()))?
}

fn run(cfg: &SimConfig) -> Result<SimResult, SimError> {
    let start = Instant::now();
    let mut turns = 0u64;
    let mut laid = 0u64;
    let (mut last_island, mut last_water) = (0, 0);
    // One entry per seat, or per bot of the list when rotating.
    // Per game: 0 if not first, else k for a first place shared by k
    // players (1/k of a win). One byte per game and seat, grown as games are
    // played: --games is bounded by MAX_GAMES, not allocated up front.
    let mut shares: Vec<Vec<u8>> = vec![Vec::new(); cfg.players];
    let mut think = vec![Thinking::default(); cfg.players];
    for i in 0..cfg.games {
        let shift = if cfg.rotate { i % cfg.players } else { 0 };
        let (g, t) = match play_game_timed(
            cfg.players,
            mix(cfg.seed.wrapping_add(i as u64)),
            &cfg.bots,
            shift,
        ) {
            Ok(r) => r,
            Err(e) => return Err(SimError::Game(e)),
        };
        turns += g.turn() as u64;
        let b = g.board();
        laid += (b.laid_islands() + b.laid_water() - 1) as u64;
        if b.laid_islands() as usize == ISLAND_COUNT {
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
                first.len() as u8
            } else {
                0
            });
            think[k].decisions += t[s].decisions;
            think[k].seconds += t[s].seconds;
            think[k].iterations += t[s].iterations;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = cfg.games;
    let g = games.max(1) as f64;
    let seats = shares
        .iter()
        .enumerate()
        .map(|(s, codes)| {
            let share = |&k: &u8| if k == 0 { 0.0 } else { 1.0 / k as f64 };
            // Summed from +0.0 in game order (no games: 0, not -0).
            let mean = codes.iter().map(share).fold(0.0, |a, x| a + x) / g;
            let var = codes
                .iter()
                .map(share)
                .map(|x| (x - mean) * (x - mean))
                .fold(0.0, |a, x| a + x)
                / (g - 1.0).max(1.0);
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
