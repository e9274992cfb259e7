#!/usr/bin/env bash
# Builds the browser packages into pkg/ (generated, git-ignored), two builds
# of the one crate (Cargo.toml, feature `bots`):
#   pkg/tongiaki.js, pkg/tongiaki_bg.wasm            the page's engine: Game,
#       legalActions, apply, snapshot, save, load, version (--no-default-features)
#   pkg/tongiaki_bots.js, pkg/tongiaki_bots_bg.wasm  the same plus botAction,
#       botDecision and voyageOdds, for the bots' Web Worker (www/bot-worker.js)
# Each is wasm-pack build --target web (the page's with --profile wasm-page,
# opt-level "z"; the bots' with --profile wasm-release, opt-level "s": see
# Cargo.toml), then wasm-opt (-Oz; more passes for the page's: PAGE_OPT
# below) from the npm package
# `binaryen` (node_modules/.bin/wasm-opt, installed by setup.sh), or Debian's
# binaryen if that is missing, then scripts/wasm-fixup.mjs.
# wasm-pack's own wasm-opt step is switched off in Cargo.toml
# ([package.metadata.wasm-pack.profile.*] wasm-opt = false) so that it
# never tries to download a binaryen build.
# Then the page's bundle, pkg/page.js (issue 15): engine.js, main.js and
# every module they import, with the page's glue, in one file that
# index.html loads (scripts/build-single.mjs --bundle; www/README.md,
# "First board"). Only that step, after editing www/*.js:
#   node scripts/build-single.mjs --bundle
# Usage: scripts/build-wasm.sh [--dev]   (--dev: unoptimised debug builds)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

say() { printf '\033[1;34m[build-wasm]\033[0m %s\n' "$*"; }

# The page's package is built with the profile wasm-page (opt-level "z"), the
# bots' with wasm-release (opt-level "s", faster): Cargo.toml.
page_profile=wasm-page
bots_profile=wasm-release
if [ "${1:-}" = "--dev" ]; then page_profile=--dev; bots_profile=--dev; fi

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

# The page's engine is optimised for size alone: after -Oz, the control flow
# flattened and rebuilt (--flatten --rereloop) and -Oz twice more, about
# 2.3 KB smaller than -Oz alone (BENCHMARKS.md, "the page's wasm"); the
# producers section (tool names) dropped. The bots' package keeps plain -Oz:
# its search is what must be fast.
PAGE_OPT="-Oz --flatten --rereloop -Oz -Oz --strip-producers"
BOTS_OPT="-Oz"

# build NAME DIR PROFILE OPT [cargo options...]: wasm-pack into DIR as NAME.js
# + NAME_bg.wasm, optimised (PROFILE: --dev, or a profile's name; OPT: the
# wasm-opt passes).
build() {
  local name="$1" dir="$2" profile="$3" opt="$4"
  shift 4
  local mode=(--profile "$profile")
  if [ "$profile" = --dev ]; then mode=(--dev); fi
  say "wasm-pack build --target web ${mode[*]} --out-name $name -- $*"
  # -p tongiaki: the engine package only (the server crate, a default
  # member of the workspace, is empty on wasm32).
  wasm-pack --log-level warn build . --target web "${mode[@]}" --out-dir "$dir" --out-name "$name" -- -p tongiaki "$@"
  local wasm="$dir/${name}_bg.wasm"
  [ -f "$wasm" ] || { echo "build-wasm: $wasm was not produced" >&2; exit 1; }
  [ "${mode[0]}" != --dev ] || return 0
  [ -n "$WASM_OPT" ] || { echo "build-wasm: no wasm-opt (run scripts/setup.sh)" >&2; exit 1; }
  local before after
  before=$(stat -c %s "$wasm")
  cp "$wasm" "$wasm.unopt"
  # The features rustc enables by default for wasm32-unknown-unknown; wasm-opt
  # must accept them (wasm-bindgen drops the target_features section).
  # shellcheck disable=SC2086 # $opt: several passes
  "$WASM_OPT" $opt \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$wasm.unopt" -o "$wasm.opt"
  node scripts/wasm-fixup.mjs "$wasm.unopt" "$wasm.opt" "$dir" "$name.js"
  mv "$wasm.opt" "$wasm"
  rm -f "$wasm.unopt"
  after=$(stat -c %s "$wasm")
  say "$name: $("$WASM_OPT" --version) $opt: $before -> $after bytes ($(gzip -9 -c "$wasm" | wc -c) gzipped)"
}

# The page's engine, without the bots and the odds.
build tongiaki pkg "$page_profile" "$PAGE_OPT" --no-default-features

# The bots' package: built beside pkg/ (wasm-pack writes its own package.json
# and README into its directory), then its four files copied in.
bots_dir="${CARGO_TARGET_DIR:-target}/wasm-pack-bots"
build tongiaki_bots "$bots_dir" "$bots_profile" "$BOTS_OPT"
for f in tongiaki_bots.js tongiaki_bots.d.ts tongiaki_bots_bg.wasm tongiaki_bots_bg.wasm.d.ts; do
  cp "$bots_dir/$f" pkg/
done
# The page's bundle: www/'s modules and the page's glue, so after both.
node scripts/build-single.mjs --bundle --pkg pkg
say "pkg/: $(cd pkg && ls -- *.js *.wasm | tr '\n' ' ')"
