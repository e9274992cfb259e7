#!/usr/bin/env bash
# Builds the browser package into pkg/ (generated, git-ignored):
#   wasm-pack build --target web --profile wasm-release (Cargo.toml: the
#   release profile at opt-level "s"), then Debian's wasm-opt -Oz.
# wasm-pack's own wasm-opt step is switched off in Cargo.toml
# ([package.metadata.wasm-pack.profile.*] wasm-opt = false) so that it
# never tries to download a binaryen build; we run the system one here.
# Usage: scripts/build-wasm.sh [--dev]   (--dev: unoptimised debug build)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

say() { printf '\033[1;34m[build-wasm]\033[0m %s\n' "$*"; }

mode=(--profile wasm-release)
if [ "${1:-}" = "--dev" ]; then mode=(--dev); fi

say "wasm-pack build --target web ${mode[*]}"
wasm-pack --log-level warn build --target web "${mode[@]}" --out-dir pkg --out-name tongiaki

wasm="pkg/tongiaki_bg.wasm"
[ -f "$wasm" ] || { echo "build-wasm: $wasm was not produced" >&2; exit 1; }

if [ "${mode[0]}" != --dev ]; then
  command -v wasm-opt >/dev/null || { echo "build-wasm: wasm-opt not found (apt-get install binaryen, or run scripts/setup.sh)" >&2; exit 1; }
  before=$(stat -c %s "$wasm")
  # The features rustc enables by default for wasm32-unknown-unknown; wasm-opt
  # must accept them (wasm-bindgen drops the target_features section).
  wasm-opt -Oz \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$wasm" -o "$wasm.opt"
  mv "$wasm.opt" "$wasm"
  after=$(stat -c %s "$wasm")
  say "wasm-opt -Oz: $before -> $after bytes ($(gzip -9 -c "$wasm" | wc -c) gzipped)"
fi
