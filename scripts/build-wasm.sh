#!/usr/bin/env bash
# Builds the browser package into pkg/ (generated, git-ignored):
#   wasm-pack build --target web --profile wasm-release (Cargo.toml: the
#   release profile at opt-level "s"), then wasm-opt -Oz from the npm
#   package `binaryen` (node_modules/.bin/wasm-opt, installed by setup.sh),
#   or Debian's binaryen if that is missing, then scripts/wasm-fixup.mjs.
# wasm-pack's own wasm-opt step is switched off in Cargo.toml
# ([package.metadata.wasm-pack.profile.*] wasm-opt = false) so that it
# never tries to download a binaryen build.
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
# -p tongiaki: the engine package only, never the server crate (a default
# member of the workspace that does not build for wasm32).
wasm-pack --log-level warn build . --target web "${mode[@]}" --out-dir pkg --out-name tongiaki -- -p tongiaki

wasm="pkg/tongiaki_bg.wasm"
[ -f "$wasm" ] || { echo "build-wasm: $wasm was not produced" >&2; exit 1; }

if [ "${mode[0]}" != --dev ]; then
  # wasm-opt: binaryen 132 from the npm registry (package.json; scripts/setup.sh
  # runs npm ci) when present, else Debian's binaryen 108. Version 108 exports
  # wasm-bindgen's externref table under the wrong index (the page then dies
  # with "WebAssembly.Table.set(): Argument 1 is invalid for table");
  # scripts/wasm-fixup.mjs repairs that export if needed and, in every case,
  # loads the optimised package in Node and plays complete games with it, so
  # a broken optimiser output never reaches pkg/.
  WASM_OPT="$ROOT/node_modules/.bin/wasm-opt"
  if [ ! -x "$WASM_OPT" ]; then
    WASM_OPT="$(command -v wasm-opt || true)"
  fi
  [ -n "$WASM_OPT" ] || { echo "build-wasm: no wasm-opt (run scripts/setup.sh)" >&2; exit 1; }
  before=$(stat -c %s "$wasm")
  cp "$wasm" "$wasm.unopt"
  # The features rustc enables by default for wasm32-unknown-unknown; wasm-opt
  # must accept them (wasm-bindgen drops the target_features section).
  "$WASM_OPT" -Oz \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$wasm.unopt" -o "$wasm.opt"
  node scripts/wasm-fixup.mjs "$wasm.unopt" "$wasm.opt" pkg
  mv "$wasm.opt" "$wasm"
  rm -f "$wasm.unopt"
  after=$(stat -c %s "$wasm")
  say "$("$WASM_OPT" --version) -Oz: $before -> $after bytes ($(gzip -9 -c "$wasm" | wc -c) gzipped)"
fi
