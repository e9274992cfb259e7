//! The chain of emigrations (R25): whether a chain is resolvable. (The
//! landing, R23, its moves and its checks are `src/landing.rs`, below.)
//!
//! A chain state is resolvable if some finite sequence of the active
//! player's choices reaches no full beach, a voyage that reveals a card, or
//! a voyage that fails. The states reachable without revealing a card are
//! finite (ships only move between beaches of cards already on the table),
//! so a search over them decides it exactly ([`ChainSearch`]).
//!
//! - `search.rs`: the search, and what it keeps between questions;
//! - `states.rs`: chain states as exact keys, and the table of them;
//! - `outcomes.rs`: the ways a landing can end;
//! - `landing_ends.rs`: the ends of the landing under way, kept across its
//!   decisions;
//! - `way_out.rs`: states that lead out at once, and the jetties' voyages.

mod landing_ends;
mod outcomes;
mod search;
mod states;
mod way_out;

/// The search's shortcuts checked against what they claim, for the game's
/// tests (`game/chain_tests.rs`) to run at every decision of random games.
#[cfg(test)]
pub(crate) use search::probes;
pub(crate) use search::ChainSearch;
