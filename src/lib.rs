//! Tongiaki (Thomas Rauscher, Schmidt Spiele 2004): the rules engine.
//!
//! Pure Rust, no I/O: cards, hex geometry, the board, the rules (`game`),
//! the R25 chain search, scoring, the JSON contract of docs/api.md (actions,
//! events, snapshot, save), the bots and the voyage odds (feature `bots`, on
//! by default), and on wasm32 the `#[wasm_bindgen]` binding the browser uses
//! (`wasm`). The `tongiaki` binary (play, simulate, serve) is the `server/`
//! crate. The page's wasm package is built without `bots` (smaller, faster
//! to load); the bots' Web Worker loads the package built with it.
//!
//! # Layers
//!
//! The modules point one way: each uses only modules of the layers below
//! its own (never one of its own layer), test modules included. Lowest
//! first:
//!
//! 1. `hex`, `seat`, `error`, `hash` (and the unit tests' `test_rng`): no
//!    module of the crate;
//! 2. `cards`;
//! 3. `action`, `options`, `event`, `refusal` (why an action is refused);
//! 4. `board`: the layout and the ships;
//! 5. `landing` (R23), `score`;
//! 6. `chain` (R25), `moves`;
//! 7. `game`: the rules, with its `cache`;
//! 8. `snapshot`, `position`, `script`;
//! 9. `odds`;
//! 10. `bots`;
//! 11. `review` (the review of a game and the hint, over the bots' search);
//! 12. `wasm`.
//!
//! `tests/layers.rs` holds this list and fails on any `crate::` path in
//! src/ that points up it (docs/architecture.md, "Layers of the engine").

pub mod action;
pub mod board;
#[cfg(feature = "bots")]
pub mod bots;
pub mod cards;
pub mod chain;
pub mod error;
pub mod event;
pub mod game;
pub mod hash;
pub mod hex;
pub mod landing;
pub mod moves;
#[cfg(feature = "bots")]
pub mod odds;
pub mod options;
pub mod position;
mod refusal;
#[cfg(feature = "bots")]
pub mod review;
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
