//! A whole game between bots, beside the bots themselves and depending only
//! on the engine (boardgame.io's `Simulate` beside `Bot`): what `tongiaki
//! simulate`, the benchmarks and the tests play.

use super::{make_bot, BotError, Clock};
use crate::error::Error;
use crate::game::Game;
use crate::options::{GameOptions, MAX_SEED};
use std::fmt;

/// SplitMix64 ([`crate::hash::mix`]): decorrelated seeds for game i and
/// the bots of game i.
pub use crate::hash::mix;

/// Upper bound on decisions in one game, a guard only: the engine ends
/// every game by itself within [`crate::game::MAX_GAME_DECISIONS`]
/// (docs/rules.md#endless-play).
pub const MAX_DECISIONS: usize = 2 * crate::game::MAX_GAME_DECISIONS;

/// Per seat: decisions with a choice, seconds spent on them, search iterations.
#[derive(Clone, Copy, Default, Debug)]
pub struct Thinking {
    pub decisions: u64,
    pub seconds: f64,
    pub iterations: u64,
}

/// Why a game between bots did not come to an end.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// The options were refused (e.g. a player count out of range).
    Options(Error),
    /// A bot spec was refused.
    Bot(BotError),
    /// The game went past [`MAX_DECISIONS`].
    TooLong { seed: u64 },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Options(e) => f.write_str(&e.message),
            PlayError::Bot(e) => e.fmt(f),
            PlayError::TooLong { seed } => write!(
                f,
                "game with seed {seed} did not end within {MAX_DECISIONS} decisions"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<BotError> for PlayError {
    fn from(e: BotError) -> PlayError {
        PlayError::Bot(e)
    }
}

/// Plays one complete game with the given bots; returns the finished game.
pub fn play_game(players: usize, seed: u64, bots: &[String]) -> Result<Game, PlayError> {
    play_game_timed(players, seed, bots, 0).map(|(g, _)| g)
}

/// Plays one game; seat s is played by `bots[(s + shift) % bots.len()]`.
/// Also returns, per seat, the decisions with a choice, the seconds spent
/// choosing them (none for a bot that is not timed, [`Bot::is_timed`]) and
/// the search iterations they ran.
pub fn play_game_timed(
    players: usize,
    seed: u64,
    bots: &[String],
    shift: usize,
) -> Result<(Game, Vec<Thinking>), PlayError> {
    let mut g =
        Game::new(GameOptions::simple(players, seed & MAX_SEED)).map_err(PlayError::Options)?;
    let mut seats = Vec::new();
    for s in 0..players {
        seats.push(make_bot(
            &bots[(s + shift) % bots.len()],
            mix(seed ^ (s as u64 + 1)),
        )?);
    }
    let mut think = vec![Thinking::default(); players];
    for _ in 0..MAX_DECISIONS {
        let Some(cur) = g.current() else {
            return Ok((g, think));
        };
        // Only decisions with a choice are counted, and timed if the bot
        // thinks (reading the clock costs more than a forced move or a
        // random draw).
        let bot = &mut seats[cur as usize];
        let a = if g.legal_moves().len() > 1 {
            let clock = bot.is_timed().then(Clock::start);
            let a = bot.choose(&g);
            let th = &mut think[cur as usize];
            th.decisions += 1;
            th.seconds += clock.map_or(0.0, |c| c.elapsed_ms() / 1000.0);
            th.iterations += bot.last_iterations() as u64;
            a
        } else {
            bot.choose(&g)
        };
        g.play_trusted(a);
    }
    Err(PlayError::TooLong { seed })
}
