//! Tongiaki (Thomas Rauscher, Schmidt Spiele 2004): the rules engine.
//!
//! Pure Rust, no I/O: cards, hex geometry, the board, the rules (`game`),
//! the R25 chain search, scoring, the JSON contract of docs/api.md (actions,
//! events, snapshot, save), the bots and the voyage odds (feature `bots`, on
//! by default), and on wasm32 the `#[wasm_bindgen]` binding the browser uses
//! (`wasm`). The `tongiaki` binary (play, simulate, serve) is the `server/`
//! crate. The page's wasm package is built without `bots` (smaller, faster
//! to load); the bots' Web Worker loads the package built with it.

pub mod action;
pub mod board;
#[cfg(feature = "bots")]
pub mod bots;
pub mod cards;
pub mod chain;
pub mod error;
pub mod event;
pub mod game;
pub mod hex;
pub mod moves;
#[cfg(feature = "bots")]
pub mod odds;
pub mod options;
pub mod position;
pub mod score;
pub mod script;
pub mod seat;
pub mod snapshot;
#[cfg(test)]
mod test_rng;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use action::Action;
pub use cards::CardId;
pub use error::{Error, ErrorCode, Reason};
pub use event::GameEvent;
pub use game::{Game, Phase};
pub use moves::Move;
pub use options::GameOptions;
pub use snapshot::Snapshot;
