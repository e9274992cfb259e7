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
# The tables: TONGIAKI_DB, else the server's default (the user's data
# directory, never this source tree); the server says where as it starts.
DB_ARGS=()
if [ -n "${TONGIAKI_DB:-}" ]; then DB_ARGS=(--db "$TONGIAKI_DB"); fi
printf '\033[1;34m[run]\033[0m %s\n' "open http://127.0.0.1:$PORT/ (Ctrl-C to stop)"
exec cargo run --release --quiet --bin tongiaki -- serve --port "$PORT" --www www --pkg pkg "${DB_ARGS[@]}"
