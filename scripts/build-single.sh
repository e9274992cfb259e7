#!/usr/bin/env bash
# The game as one self-contained .html file (issue 6): page, stylesheet, every
# module and the engine's wasm inlined, so it plays when opened from disk
# (file://) with no server. Needs a built pkg/ (scripts/build-wasm.sh).
#
#   scripts/build-single.sh [--pkg DIR] [--out FILE]   (default: pkg/ -> target/single/tongiaki.html)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec node "$ROOT/scripts/build-single.mjs" "$@"
