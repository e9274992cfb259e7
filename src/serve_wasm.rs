//! `tongiaki::serve` when compiled for wasm32 (src/lib.rs points the module
//! here): there is no file server in a browser. The real server is
//! src/serve.rs, native only; this stub exists so that the command-line
//! binary, which cargo also builds for wasm32 when it runs the browser
//! tests, still compiles.

use std::io;
use std::path::Path;

/// Always fails: serving files is a native feature.
pub fn serve(_www: &Path, _pkg: &Path, addr: &str) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        format!("cannot serve on {addr}: the static file server exists only in the native build"),
    ))
}
