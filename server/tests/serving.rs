//! `tongiaki serve` as a file server and its hardening, one test binary:
//! each file is a module (`--test serving serve_probes::`), the harness in
//! serve_common/.
#![cfg(not(target_arch = "wasm32"))]

mod serve_common;

mod serve;
mod serve_connections;
mod serve_probes;
