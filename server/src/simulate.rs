//! `tongiaki simulate`: many complete games between bots, with statistics.

use serde_json::{json, Value};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use tongiaki::bots::{make_bot, mix, play_game_timed, BotError, Level, PlayError, Thinking};
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
    /// `--threads`: games played at once (1 to [`MAX_THREADS`]). The
    /// results are the same for any number: each game has its own seeds,
    /// and they are counted in game order.
    pub threads: usize,
}

/// Most threads `--threads` starts.
pub const MAX_THREADS: usize = 64;

pub struct SeatStats {
    pub bot: String,
    /// What the bot plays: a level's spec (`expert`: `search:…`), else
    /// the spec itself.
    pub plays: String,
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
    /// `--threads` out of 1..=[`MAX_THREADS`].
    Threads(usize),
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
            SimError::Threads(n) => write!(f, "--threads must be 1 to {MAX_THREADS}, not {n}"),
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
    if !(1..=MAX_THREADS).contains(&cfg.threads) {
        return Err(SimError::Threads(cfg.threads));
    }
    for b in &cfg.bots {
        make_bot(b, 0).map_err(SimError::Bot)?;
    }
    run(cfg)
}

/// One finished game: its turns, cards laid, whether the last island
/// ended it, per seat the size of a shared first place (0: not first) and
/// the thinking.
struct Played {
    turns: u32,
    laid: u32,
    last_island: bool,
    first: Vec<u8>,
    think: Vec<Thinking>,
}

/// Games played before their results are counted: a bound on what is
/// kept in memory at once (up to [`MAX_GAMES`] games are counted with a
/// byte per game and seat), large enough that threads seldom wait for the
/// slowest game of a batch.
const BATCH: usize = 1024;

/// Plays the games `games` on `cfg.threads` threads, each taking the next
/// game not yet begun; the answer lists them in game order.
fn play_all(cfg: &SimConfig, games: std::ops::Range<usize>) -> Result<Vec<Played>, SimError> {
    let next = AtomicUsize::new(games.start);
    let failed = AtomicBool::new(false);
    let played: Mutex<Vec<Option<Result<Played, PlayError>>>> =
        Mutex::new(games.clone().map(|_| None).collect());
    std::thread::scope(|scope| -> Result<(), SimError> {
        let mut threads = Vec::new();
        for t in 0..cfg.threads.min(games.len()) {
            let (next, failed, played) = (&next, &failed, &played);
            let h = std::thread::Builder::new()
                .name(format!("simulate-{t}"))
                .stack_size(SIM_STACK)
                .spawn_scoped(scope, move || {
                    while !failed.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games.end {
                            break;
                        }
                        let r = play_one(cfg, i);
                        failed.fetch_or(r.is_err(), Ordering::Relaxed);
                        played.lock().unwrap_or_else(|e| e.into_inner())[i - games.start] = Some(r);
                    }
                })
                .map_err(|e| {
                    failed.store(true, Ordering::Relaxed);
                    SimError::Thread(format!("cannot start a simulation thread: {e}"))
                })?;
            threads.push(h);
        }
        for h in threads {
            h.join()
                .map_err(|_| SimError::Thread("a simulation thread panicked".to_string()))?;
        }
        Ok(())
    })?;
    let mut out = Vec::with_capacity(games.len());
    // In game order: the first game that failed is the error reported.
    for r in played.into_inner().unwrap_or_else(|e| e.into_inner()) {
        match r {
            Some(Ok(p)) => out.push(p),
            Some(Err(e)) => return Err(SimError::Game(e)),
            None => {}
        }
    }
    Ok(out)
}

/// Game `i` of the simulation.
fn play_one(cfg: &SimConfig, i: usize) -> Result<Played, PlayError> {
    let shift = if cfg.rotate { i % cfg.players } else { 0 };
    let (g, think) = play_game_timed(
        cfg.players,
        mix(cfg.seed.wrapping_add(i as u64)),
        &cfg.bots,
        shift,
    )?;
    let b = g.board();
    let first = &g.ranking().expect("finished")[0];
    Ok(Played {
        turns: g.turn(),
        laid: (b.laid_islands() + b.laid_water() - 1) as u32,
        last_island: b.laid_islands() as usize == ISLAND_COUNT,
        first: (0..cfg.players as u8)
            .map(|s| {
                if first.contains(&s) {
                    first.len() as u8
                } else {
                    0
                }
            })
            .collect(),
        think,
    })
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
    for batch in (0..cfg.games).step_by(BATCH) {
        let played = play_all(cfg, batch..(batch + BATCH).min(cfg.games))?;
        for (j, p) in played.iter().enumerate() {
            let i = batch + j;
            let shift = if cfg.rotate { i % cfg.players } else { 0 };
            turns += p.turns as u64;
            laid += p.laid as u64;
            if p.last_island {
                last_island += 1;
            } else {
                last_water += 1;
            }
            // Seat s and bot entry (s + shift) mod N index several arrays.
            #[allow(clippy::needless_range_loop)]
            for s in 0..cfg.players {
                // Seat s was played by entry (s + shift) mod N.
                let k = (s + shift) % cfg.players;
                shares[k].push(p.first[s]);
                think[k].decisions += p.think[s].decisions;
                think[k].seconds += p.think[s].seconds;
                think[k].iterations += p.think[s].iterations;
            }
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
            let bot = cfg.bots[s % cfg.bots.len()].clone();
            SeatStats {
                plays: Level::parse(&bot).map_or_else(|| bot.clone(), |l| l.spec().to_string()),
                bot,
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
                "bot": s.bot, "plays": s.plays, "win_share": s.win_share, "ci95": [s.ci95.0, s.ci95.1],
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
        // A level is named with what it plays: "expert (search:…)".
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|s| {
                if s.plays == s.bot {
                    s.bot.clone()
                } else {
                    format!("{} ({})", s.bot, s.plays)
                }
            })
            .collect();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        for (i, (s, name)) in self.seats.iter().zip(&names).enumerate() {
            t += &format!(
                "{who} {i} {name:<width$}  win share {:.3}  95% CI [{:.3}, {:.3}]  {:.2} ms/decision",
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
