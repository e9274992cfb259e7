#!/usr/bin/env bash
# Measures, in one run, the figures BENCHMARKS.md records for the browser
# build: the size of both release .wasm packages (the page's and the bots',
# raw and gzip -9), and random 4-player
# games per second natively (`tongiaki simulate`) and inside headless Chrome
# (tests/web_bench.rs: the same games, plus games through the JS API).
#
#   scripts/bench-wasm.sh            2000 games each
#   GAMES=5000 SEED=3 scripts/bench-wasm.sh
#
# Prints a Markdown block to paste into BENCHMARKS.md. Run it on a quiet
# machine: both figures share the same two cores.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
GAMES="${GAMES:-2000}"
SEED="${SEED:-1}"
mkdir -p test-artifacts

say() { printf '\033[1;34m[bench-wasm]\033[0m %s\n' "$*" >&2; }

scripts/setup.sh >&2
scripts/build-wasm.sh >&2
wasm=pkg/tongiaki_bg.wasm
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
js_raw=$(stat -c %s pkg/tongiaki.js)
bots_raw=$(stat -c %s pkg/tongiaki_bots_bg.wasm)
bots_gz=$(gzip -9 -c pkg/tongiaki_bots_bg.wasm | wc -c)

say "cargo build --release"
cargo build --release --quiet >&2
# TARGET_DIR honours CARGO_TARGET_DIR like cargo does.
bin="${CARGO_TARGET_DIR:-target}/release/tongiaki"

say "building the browser benchmark"
# Build first, so that compile time does not overlap the native run.
TONGIAKI_BENCH_GAMES="$GAMES" TONGIAKI_BENCH_SEED="$SEED" \
  cargo build -p tongiaki --profile wasm-release --quiet --target wasm32-unknown-unknown --test web_bench >&2

say "native: $bin simulate --players 4 --games $GAMES --seed $SEED --json"
native_json=$("$bin" simulate --players 4 --games "$GAMES" --seed "$SEED" --json)

say "native: search bot speed (cargo test --release --test engine bots::bench_search_speed -- --ignored)"
search_native=$(cargo test -p tongiaki --release --quiet --test engine bots::bench_search_speed -- --ignored --nocapture 2>/dev/null | grep -o 'BENCH {.*}' | head -n1 | sed 's/^BENCH //')
[ -n "$search_native" ] || { echo "bench-wasm: no native search BENCH line" >&2; exit 1; }

say "browser: wasm-pack test --headless --chrome -- --profile wasm-release --test web_bench"
log=test-artifacts/bench-wasm-chrome.log
# The search figure runs for a minute or so: raise the runner's 20 s timeout.
WASM_BINDGEN_TEST_TIMEOUT=900 TONGIAKI_BENCH_GAMES="$GAMES" TONGIAKI_BENCH_SEED="$SEED" \
  wasm-pack --log-level warn test --headless --chrome --chromedriver /usr/bin/chromedriver \
  -- -p tongiaki --profile wasm-release --test web_bench -- --include-ignored --nocapture >"$log" 2>&1 || {
    cat "$log" >&2
    echo "bench-wasm: the browser benchmark failed (log above)" >&2
    exit 1
  }
wasm_json=$(grep -o 'BENCH {.*}' "$log" | head -n1 | sed 's/^BENCH //')
[ -n "$wasm_json" ] || { cat "$log" >&2; echo "bench-wasm: no BENCH line in $log" >&2; exit 1; }
search_wasm=$(grep -o 'BENCH_SEARCH {.*}' "$log" | head -n1 | sed 's/^BENCH_SEARCH //')
[ -n "$search_wasm" ] || { cat "$log" >&2; echo "bench-wasm: no BENCH_SEARCH line in $log" >&2; exit 1; }

node - "$native_json" "$wasm_json" "$raw" "$gz" "$js_raw" "$GAMES" "$SEED" "$search_native" "$search_wasm" "$bots_raw" "$bots_gz" <<'EOF'
const [native, wasm, raw, gz, jsRaw, games, seed, sNative, sWasm, botsRaw, botsGz] = process.argv.slice(2);
const n = JSON.parse(native), w = JSON.parse(wasm);
const sn = JSON.parse(sNative), sw = JSON.parse(sWasm);
const kb = (b) => (b / 1024).toFixed(1) + " KiB";
const f = (x) => x.toFixed(0);
const chrome = (w.user_agent.match(/Chrome\/([\d.]+)/) || [, "?"])[1];
console.log(`Measured ${new Date().toISOString().slice(0, 10)}, Chrome ${chrome} (headless), 2 cores.`);
console.log("");
console.log("| figure | value |");
console.log("|---|---|");
console.log(`| pkg/tongiaki_bg.wasm, the page's (no bots; profile wasm-page, opt-level "z", + wasm-opt -Oz) | ${raw} bytes (${kb(+raw)}) |`);
console.log(`| same, gzip -9 | ${gz} bytes (${kb(+gz)}) |`);
console.log(`| pkg/tongiaki_bots_bg.wasm, the worker's (bots and odds; profile wasm-release, opt-level "s", + wasm-opt -Oz) | ${botsRaw} bytes (${kb(+botsRaw)}), gzip -9 ${botsGz} bytes |`);
console.log(`| pkg/tongiaki.js (glue) | ${jsRaw} bytes |`);
console.log(`| native, 4 random players (\`tongiaki simulate\`) | ${f(n.games_per_second)} games/s (mean ${n.mean_turns.toFixed(1)} turns) |`);
console.log(`| headless Chrome, the same ${games} games (engine in wasm) | ${f(w.engine_games_per_second)} games/s = ${(100 * w.engine_games_per_second / n.games_per_second).toFixed(0)}% of native (mean ${w.mean_turns.toFixed(1)} turns) |`);
console.log(`| headless Chrome, through the JS API (legalActions/apply) | ${f(w.js_api_games_per_second)} games/s, ${f(w.js_api_decisions_per_second)} decisions/s (${w.js_api_games} games) |`);
console.log(`| search bot, native, ${sn.positions} fixed positions, budget ${sn.budget} iterations | ${f(sn.iterations_per_second)} iterations/s, ${f(sn.ms_per_decision)} ms/decision |`);
console.log(`| search bot, headless Chrome, the same positions and budget | ${f(sw.iterations_per_second)} iterations/s = ${(100 * sw.iterations_per_second / sn.iterations_per_second).toFixed(0)}% of native, ${f(sw.ms_per_decision)} ms/decision |`);
if (sn.iterations !== sw.iterations) {
  console.error(`bench-wasm: warning: search iterations differ (native ${sn.iterations}, wasm ${sw.iterations}): not the same work`);
  process.exitCode = 1;
}
if (Math.abs(w.mean_turns - n.mean_turns) > 1e-9) {
  console.error(`bench-wasm: warning: mean turns differ (native ${n.mean_turns}, wasm ${w.mean_turns}): not the same games`);
  process.exitCode = 1;
}
EOF
