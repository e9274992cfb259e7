//! Tongiaki (Thomas Rauscher, Schmidt Spiele 2004): the rules engine.
//!
//! Pure Rust, no wasm or DOM: cards, hex geometry, the board, the rules
//! (`game`), the R25 chain search, scoring, and the JSON contract of
//! `shared/API.md` (actions, events, snapshot, save).

pub mod action;
pub mod board;
pub mod bots;
pub mod cards;
pub mod chain;
pub mod error;
pub mod event;
pub mod game;
pub mod hex;
pub mod options;
pub mod position;
pub mod score;
pub mod script;
#[cfg_attr(target_arch = "wasm32", path = "serve_wasm.rs")]
pub mod serve;
pub mod simulate;
pub mod snapshot;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use action::Action;
pub use cards::CardId;
pub use error::{Error, ErrorCode};
pub use event::GameEvent;
pub use game::{Game, Phase};
pub use options::GameOptions;
pub use snapshot::Snapshot;
