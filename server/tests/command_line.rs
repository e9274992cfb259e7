//! The `tongiaki` binary's command line (`play`, `odds`, `review`,
//! `simulate`), one test binary: each file is a module (`--test
//! command_line odds_cli::`).
#![cfg(not(target_arch = "wasm32"))]

mod cli;
mod cli_errors;
mod fixtures_cli;
mod odds_cli;
mod review_cli;
mod simulate;
