//! The engine in real browsers through its wasm API, one binary (the
//! files are its modules):
//!
//!     wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver
//!     wasm-pack test --headless --firefox --geckodriver "$(command -v geckodriver)"
//!
//! in the repository root run it (the other targets are empty on wasm32);
//! scripts/test.sh adds `-- --profile ci` (Cargo.toml). One file:
//! `... -- --test browser web_odds::`.
#![cfg(target_arch = "wasm32")]

mod web;
#[cfg(feature = "bots")]
mod web_bots;
#[cfg(feature = "bots")]
mod web_odds;
