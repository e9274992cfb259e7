//! The engine's native tests, one binary: each file is a module (run one
//! with its path, e.g. `cargo test --release --test engine rules::`, or
//! `bots::bench_search_speed`). The browser tests are tests/browser.rs;
//! the fixtures tests/fixtures.rs.
#![cfg(not(target_arch = "wasm32"))]

#[cfg(feature = "bots")]
mod bots;
mod errors;
#[cfg(feature = "bots")]
mod hardening;
mod layers;
#[cfg(feature = "bots")]
mod odds;
#[cfg(feature = "bots")]
mod r25_search;
mod random_play;
#[cfg(feature = "bots")]
mod review;
mod rules;
