#!/usr/bin/env bash
# Builds the game and serves it: http://127.0.0.1:${PORT:-8080}/
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
PORT="${PORT:-8080}"

scripts/setup.sh
scripts/build-wasm.sh
printf '\033[1;34m[run]\033[0m %s\n' "cargo build --release"
cargo build --release
printf '\033[1;34m[run]\033[0m %s\n' "open http://127.0.0.1:$PORT/ (Ctrl-C to stop)"
exec cargo run --release --quiet --bin tongiaki -- serve --port "$PORT" --www www --pkg pkg
