//! Everything of Tongiaki that does I/O, on the pure engine (the root
//! crate `tongiaki`): the command line's `play`, `review` and `simulate`,
//! and the server behind `tongiaki serve`.
//!
//! Native only: on wasm32 (`wasm-pack test` in the repository root builds
//! the whole workspace) the crate is empty, as its dependencies are.
#![cfg(not(target_arch = "wasm32"))]

pub mod online;
pub mod review;
pub mod serve;
pub mod simulate;
