//! Bots: players that choose one of the legal actions.

use crate::action::Action;
use crate::game::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player that picks one of `game.legal_actions()`.
pub trait Bot {
    fn name(&self) -> &'static str;
    /// Chooses one of the legal actions of `game` (which must not be over).
    fn choose(&mut self, game: &Game) -> Action;
}

/// Uniformly random among the legal actions.
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }
    fn choose(&mut self, game: &Game) -> Action {
        let legal = game.legal_actions_ref();
        legal[self.rng.random_range(0..legal.len())].clone()
    }
}

/// The bot kinds `simulate --bots` and the browser know.
pub const BOT_KINDS: [&str; 1] = ["random"];

pub fn make_bot(kind: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    match kind {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        other => Err(format!(
            "Unknown bot \"{other}\"; bots are {}.",
            BOT_KINDS.join(", ")
        )),
    }
}
