#!/usr/bin/env bash
# Runs every check the project has and prints a summary with each step's
# time (wall seconds, and CPU seconds of the step's processes).
# A failing step does not hide the others: all steps run (except when setup
# itself fails), and the script exits non-zero if any step failed.
#
#   scripts/test.sh            everything
#   ONLY="rust wasm" scripts/test.sh   only some groups: lint rust wasm js e2e
#
# Steps:
#   lint  cargo fmt --check; the commit subjects after main's head when the
#         rule came in (scripts/check-commits.sh); cargo clippy (native, and
#         the wasm32 library and browser tests, and the wasm32 library
#         without the feature `bots` as the page's package is built),
#         warnings denied
#   rust  cargo test --profile ci (engine, CLI, server, fixtures; the
#         profile `ci` of Cargo.toml is release without its fat LTO), with
#         TONGIAKI_TEST_PG naming a throwaway PostgreSQL cluster
#         (scripts/pg-cluster.sh: a temp dir, a free port on 127.0.0.1,
#         stopped at exit) so the PostgreSQL store and the two-process tests
#         run; then the online tests again with every table in PostgreSQL
#   wasm  the engine's browser tests (tests/browser.rs), exactly as typed in
#         the repository root: wasm-pack test --headless --chrome
#         --chromedriver /usr/bin/chromedriver, and --firefox --geckodriver
#         (Debian's chromedriver, the cargo-built geckodriver; capabilities
#         in webdriver.json)
#   js    node --test on the JS unit tests: *.test.js / *.test.mjs anywhere
#         under www/ or tests/ (not tests/e2e/; tests/unit/ by convention);
#         pkg/page.js must match www/ (tests/unit/bundle.test.mjs): written
#         by scripts/build-wasm.sh in a full run, else, where pkg/ is built,
#         written again first (node scripts/build-single.mjs --bundle)
#   e2e   builds pkg/ (scripts/build-wasm.sh, the shipped profiles) and the
#         native binary (profile ci), starts `tongiaki serve --port 0` and
#         runs node --test tests/e2e/*.mjs with BASE_URL=http://127.0.0.1:PORT,
#         TONGIAKI_BIN and CHROMIUM_PATH/FIREFOX_PATH set
#
# Two lanes, for a 2-core machine. After setup (all but geckodriver), the
# e2e group (build pkg/, then the browser-bound end-to-end tests) runs in
# the background, its output in test-artifacts/e2e-lane.log (printed at
# the end), while this lane builds the binary it needs first, then runs the
# other groups (with geckodriver's build before the browser tests) at a
# lower priority (nice), so that the end-to-end tests' browser, which
# measures its frames, always gets the CPU it asks for. SERIAL=1 runs
# everything in one lane, in the order above.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export FIREFOX_PATH="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
ONLY="${ONLY:-lint rust wasm js e2e}"
SERIAL="${SERIAL:-0}"
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
# The binary the end-to-end tests start (tests/e2e/online.test.mjs too).
export TONGIAKI_BIN="$ROOT/$TARGET_DIR/ci/tongiaki"
case "$TARGET_DIR" in /*) TONGIAKI_BIN="$TARGET_DIR/ci/tongiaki" ;; esac

mkdir -p test-artifacts
RESULTS=()
FAILED=0
PASSED=0
SKIPPED=0
T0=$SECONDS

banner() { printf '\n\033[1;34m==== %s ====\033[0m\n' "$*"; }

# Sets CPU_MS to the CPU milliseconds (user + system) of this shell's
# finished children so far: bash's `times` prints them on its second line,
# as 1m2.345s 0m0.678s. (Not to be called in $(...): a subshell's `times`
# counts only its own children.)
cpu_ms() {
  local f=test-artifacts/.times.$$
  times >"$f"
  CPU_MS=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }; printf "%d", t * 1000 }' "$f")
  rm -f "$f"
}

# step NAME CMD...: runs CMD, records PASS/FAIL with its wall and CPU time.
step() {
  local name="$1"; shift
  banner "$name: $*"
  local start=$SECONDS cpu0 rc=0
  cpu_ms
  cpu0=$CPU_MS
  "$@" || rc=$?
  local took=$((SECONDS - start)) cpu
  cpu_ms
  cpu=$(( (CPU_MS - cpu0 + 500) / 1000 ))
  if [ $rc -eq 0 ]; then
    RESULTS+=("PASS  $name (${took}s, cpu ${cpu}s)")
    PASSED=$((PASSED + 1))
  else
    RESULTS+=("FAIL  $name (exit $rc after ${took}s, cpu ${cpu}s)")
    FAILED=$((FAILED + 1))
    printf '\033[1;31m==== FAILED: %s (exit %s) ====\033[0m\n' "$name" "$rc"
  fi
  return 0
}

skip() {
  RESULTS+=("SKIP  $1: $2")
  SKIPPED=$((SKIPPED + 1))
  banner "$1: skipped ($2)"
}

want() { case " $ONLY " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

summary() {
  printf '\n\033[1m==== test.sh summary ====\033[0m\n'
  for r in "${RESULTS[@]}"; do
    case "$r" in
      FAIL*) printf '\033[1;31m%s\033[0m\n' "$r" ;;
      *) printf '%s\n' "$r" ;;
    esac
  done
  cpu_ms
  echo "summary: $PASSED passed, $FAILED failed, $SKIPPED skipped;" \
    "$((SECONDS - T0))s in all, cpu $(( (CPU_MS + ${LANE_CPU_MS:-0} + 500) / 1000 ))s"
}


# --- end-to-end tests (the background lane) ------------------------------------
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
  fi
  SERVER_PID=""
}

# Starts the native server on a free port; sets BASE_URL.
start_server() {
  local log=test-artifacts/serve.log
  rm -f test-artifacts/e2e-tables.db*
  # Every browser of the tests is at 127.0.0.1: it may make many tables.
  "$TONGIAKI_BIN" serve --port 0 --www www --pkg pkg \
    --db sqlite:test-artifacts/e2e-tables.db --tables-per-min-per-addr 10000 >"$log" 2>&1 &
  SERVER_PID=$!
  local i url=""
  for i in $(seq 1 100); do
    url="$(grep -o 'http://127\.0\.0\.1:[1-9][0-9]*' "$log" | head -n1 || true)"
    [ -n "$url" ] && break
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "the server exited early; its output:" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.1
  done
  if [ -z "$url" ]; then
    echo "the server did not print its address within 10 s; its output:" >&2
    cat "$log" >&2
    return 1
  fi
  # Check it answers before handing it to the tests.
  node -e "fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$url/" || {
    echo "the server at $url did not answer GET /" >&2
    return 1
  }
  export BASE_URL="$url"
  echo "server: $BASE_URL (log in $log)"
}

run_e2e() {
  start_server || return 1
  local rc=0
  node --test --test-concurrency=1 "${E2E[@]}" || rc=$?
  stop_server
  return $rc
}

build_binary() {
  step "the binary (cargo build --profile ci)" \
    cargo build --profile ci -p tongiaki-server --bin tongiaki --quiet
}

# The e2e group: pkg/ (at low priority, like the other lane's work) and
# the binary, then the tests. Marks test-artifacts/.pkg-built when pkg/ is
# written, for the js group. In the background lane the binary is built by
# the other lane (cargo would wait for that lane's lock on target/ci, held
# while it builds the tests), which writes ok or failed to .bin-built.
e2e_group() {
  local failed=$FAILED
  rm -f test-artifacts/.pkg-built
  step "pkg/ (scripts/build-wasm.sh)" nice -n 10 scripts/build-wasm.sh
  : >test-artifacts/.pkg-built
  mapfile -t E2E < <(find tests/e2e -maxdepth 1 -type f -name '*.mjs' 2>/dev/null | sort)
  if [ ${#E2E[@]} -eq 0 ]; then
    skip "end-to-end" "no tests/e2e/*.mjs"
    return
  fi
  if [ "${1:-}" = lane ]; then
    banner "waiting for the other lane's binary"
    while [ ! -s test-artifacts/.bin-built ]; do sleep 1; done
    [ "$(cat test-artifacts/.bin-built)" = ok ] || FAILED=$((FAILED + 1))
  else
    build_binary
  fi
  if [ $FAILED -gt $failed ]; then
    skip "end-to-end (${#E2E[@]} files)" "pkg/ or the binary did not build"
    return
  fi
  step "end-to-end (${#E2E[@]} files)" run_e2e
}

# `scripts/test.sh --e2e-lane FILE`: the e2e group alone, its results in
# FILE (how the full run starts its background lane): a line of counts
# (failed, passed, skipped, CPU milliseconds), then the summary's lines.
if [ "${1:-}" = --e2e-lane ]; then
  trap 'stop_server' EXIT
  trap 'exit 143' TERM INT
  e2e_group lane
  cpu_ms
  printf '%s\n' "$FAILED $PASSED $SKIPPED $CPU_MS" "${RESULTS[@]}" >"$2.tmp"
  mv "$2.tmp" "$2"
  exit 0
fi

# Everything but geckodriver, which only the Firefox tests need: it is
# built below, beside the other lane's work.
step "setup (scripts/setup.sh)" scripts/setup.sh target debian npm wasm-tools
if [ $FAILED -gt 0 ]; then
  summary
  exit 1
fi

LANE_PID=""
LANE_OUT=test-artifacts/e2e-lane.log
LANE_RESULTS=test-artifacts/.e2e-lane.results
LANE_CPU_MS=0
stop_lane() {
  if [ -n "$LANE_PID" ] && kill -0 "$LANE_PID" 2>/dev/null; then
    kill -- -"$LANE_PID" 2>/dev/null
  fi
  LANE_PID=""
}
lane_running() { [ ! -f "$LANE_RESULTS" ] && kill -0 "$LANE_PID" 2>/dev/null; }
source scripts/pg-cluster.sh
trap 'stop_lane; stop_server; pg_cluster_stop' EXIT
trap 'exit 130' INT TERM

if want e2e && [ "$SERIAL" != 1 ]; then
  banner "e2e: in the background (its output: $LANE_OUT)"
  rm -f "$LANE_RESULTS" test-artifacts/.pkg-built test-artifacts/.bin-built
  # A session of its own, so that stop_lane ends all of it (browsers too):
  # a background job of a script is no process group leader, so setsid
  # runs the lane as this very process, and its pid names the group. Not
  # a child of this shell (started from a subshell that exits at once):
  # its CPU time would count in whichever step was running when it ended;
  # it reports its own, and is done when it has written its results.
  (
    setsid "$ROOT/scripts/test.sh" --e2e-lane "$LANE_RESULTS" >"$LANE_OUT" 2>&1 </dev/null &
    echo $! >test-artifacts/.e2e-lane.pid
  )
  LANE_PID=$(cat test-artifacts/.e2e-lane.pid)
  # Everything below yields the CPU to the end-to-end tests' browser.
  renice -n 10 -p $$ >/dev/null
fi

# --- lint ------------------------------------------------------------------
if want lint; then
  step "cargo fmt --check" cargo fmt --all -- --check
  step "commit subjects (scripts/check-commits.sh)" scripts/check-commits.sh
fi

# The binary the end-to-end tests start, first, so that they start early.
if [ -n "$LANE_PID" ]; then
  failed=$FAILED
  build_binary
  if [ $FAILED -eq $failed ]; then echo ok; else echo failed; fi >test-artifacts/.bin-built
fi

if want lint; then
  step "cargo clippy (native)" cargo clippy --all-targets --quiet -- -D warnings
  step "cargo clippy (wasm32)" cargo clippy --target wasm32-unknown-unknown -p tongiaki --lib --tests --quiet -- -D warnings
  # the page's package is built without the feature `bots` (scripts/build-wasm.sh)
  step "cargo clippy (wasm32, no bots)" cargo clippy --target wasm32-unknown-unknown -p tongiaki --lib --no-default-features --quiet -- -D warnings
fi

step "setup: geckodriver (scripts/setup.sh geckodriver)" scripts/setup.sh geckodriver

# --- Rust tests --------------------------------------------------------------
# A throwaway PostgreSQL cluster for the server's tests (stopped at exit).
if want rust; then
  if ! pg_cluster_start; then
    RESULTS+=("FAIL  PostgreSQL cluster (scripts/pg-cluster.sh)")
    FAILED=$((FAILED + 1))
  fi
  step "cargo test --profile ci" cargo test --profile ci
  if [ -n "${TONGIAKI_TEST_PG:-}" ]; then
    # online.rs, online_games.rs, online_odds.rs and online_meet.rs (modules
    # of the target online_tables) with every table in PostgreSQL.
    step "online tests on PostgreSQL" env TONGIAKI_TEST_STORE=postgres \
      cargo test --profile ci -p tongiaki-server --test online_tables -- online:: online_games:: online_odds:: online_meet::
  fi
  pg_cluster_stop
fi

# --- browser tests of the wasm package ----------------------------------------
if want wasm; then
  if [ -f tests/browser.rs ]; then
    # The runner polls the page with a 20 s timeout, which a test's complete
    # games can outlast on a loaded machine (this lane runs at nice 10):
    # give them two minutes.
    export WASM_BINDGEN_TEST_TIMEOUT=120
    step "wasm-pack test chrome" timeout 1800 \
      wasm-pack --log-level warn test --headless --chrome --chromedriver /usr/bin/chromedriver
    step "wasm-pack test firefox" timeout 1800 \
      wasm-pack --log-level warn test --headless --firefox --geckodriver "$(command -v geckodriver)"
  else
    skip "wasm-pack test" "no tests/browser.rs"
  fi
fi

# --- JS unit tests -----------------------------------------------------------
if want js; then
  mapfile -t JS_UNIT < <(
    find www tests -type f \( -name '*.test.js' -o -name '*.test.mjs' \) \
      -not -path 'tests/e2e/*' -not -path '*/node_modules/*' -not -path '*/pkg/*' 2>/dev/null | sort -u
  )
  if [ -n "$LANE_PID" ]; then
    # pkg/ (with pkg/page.js) is being built in the other lane: wait for it.
    while lane_running && [ ! -e test-artifacts/.pkg-built ]; do sleep 1; done
  elif [ -f pkg/tongiaki.js ] && [ -f pkg/tongiaki_bots.js ]; then
    step "the page's bundle (pkg/page.js)" node scripts/build-single.mjs --bundle
  fi
  if [ ${#JS_UNIT[@]} -gt 0 ]; then
    step "node --test (JS unit, ${#JS_UNIT[@]} files)" node --test "${JS_UNIT[@]}"
  else
    skip "node --test (JS unit)" "no *.test.js/*.test.mjs under www/ or tests/"
  fi
fi

# --- end-to-end tests --------------------------------------------------------
if want e2e; then
  if [ -n "$LANE_PID" ]; then
    banner "e2e: waiting for the background lane"
    while lane_running; do sleep 1; done
    LANE_PID=""
    cat "$LANE_OUT"
    if [ -f "$LANE_RESULTS" ]; then
      { read -r f p s LANE_CPU_MS; mapfile -t lane; } <"$LANE_RESULTS"
      RESULTS+=("${lane[@]}")
      FAILED=$((FAILED + f)) PASSED=$((PASSED + p)) SKIPPED=$((SKIPPED + s))
    else
      RESULTS+=("FAIL  end-to-end lane (no results: see $LANE_OUT)")
      FAILED=$((FAILED + 1))
    fi
  else
    e2e_group
  fi
fi

summary
[ $FAILED -eq 0 ]
