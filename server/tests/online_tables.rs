//! The online tables (ONLINE.md), one test binary: each file is a module
//! (`--test online_tables online_games::`), the helpers in online_common/.
//! scripts/test.sh runs online, online_games and online_odds a second time
//! with every table in PostgreSQL.
#![cfg(not(target_arch = "wasm32"))]

mod online_common;

mod online;
mod online_cluster;
mod online_games;
mod online_load;
mod online_meet;
mod online_odds;
mod online_outages;
