#!/usr/bin/env bash
# Runs every check the project has, in order, and prints a summary.
# A failing step does not hide the others: all steps run (except when setup
# itself fails), and the script exits non-zero if any step failed.
#
#   scripts/test.sh            everything
#   ONLY="rust wasm" scripts/test.sh   only some groups: lint rust wasm js e2e
#
# Steps:
#   lint  cargo fmt --check; cargo clippy (native, and the wasm32 library and
#         browser tests, and the wasm32 library without the feature `bots`
#         as the page's package is built), warnings denied
#   rust  cargo test --release               (engine, CLI, server, fixtures),
#         with TONGIAKI_TEST_PG naming a throwaway PostgreSQL cluster
#         (scripts/pg-cluster.sh: a temp dir, a free port on 127.0.0.1,
#         stopped at exit) so the PostgreSQL store and the two-process tests
#         run; then the online tests again with every table in PostgreSQL
#   wasm  wasm-pack test --headless --chrome / --firefox, built with the
#         shipped profile (-- --profile wasm-release --test web)
#         (tests/web.rs, with Debian's chromedriver and the cargo-built
#          geckodriver; capabilities in webdriver.json)
#   js    node --test on the JS unit tests: *.test.js / *.test.mjs anywhere
#         under www/ or tests/ (not tests/e2e/; tests/unit/ by convention);
#         where pkg/ is built, the page's bundle pkg/page.js is written
#         again first (node scripts/build-single.mjs --bundle), so that it
#         matches www/ (tests/unit/bundle.test.mjs checks it)
#   e2e   builds pkg/ (release) and the native binary, starts
#         `tongiaki serve --port 0` and runs node --test tests/e2e/*.mjs with
#         BASE_URL=http://127.0.0.1:PORT and CHROMIUM_PATH/FIREFOX_PATH set
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

mkdir -p test-artifacts
RESULTS=()
FAILED=0
PASSED=0
SKIPPED=0

banner() { printf '\n\033[1;34m==== %s ====\033[0m\n' "$*"; }

# step NAME CMD...: runs CMD, records PASS/FAIL with its duration.
step() {
  local name="$1"; shift
  banner "$name: $*"
  local start=$SECONDS rc=0
  "$@" || rc=$?
  local took=$((SECONDS - start))
  if [ $rc -eq 0 ]; then
    RESULTS+=("PASS  $name (${took}s)")
    PASSED=$((PASSED + 1))
  else
    RESULTS+=("FAIL  $name (exit $rc after ${took}s)")
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
  echo "summary: $PASSED passed, $FAILED failed, $SKIPPED skipped"
}

banner "setup"
if ! scripts/setup.sh; then
  RESULTS+=("FAIL  setup (scripts/setup.sh)")
  FAILED=$((FAILED + 1))
  summary
  exit 1
fi

# --- lint ------------------------------------------------------------------
if want lint; then
  step "cargo fmt --check" cargo fmt --all -- --check
  step "cargo clippy (native)" cargo clippy --all-targets --quiet -- -D warnings
  step "cargo clippy (wasm32)" cargo clippy --target wasm32-unknown-unknown -p tongiaki --lib --tests --quiet -- -D warnings
  # the page's package is built without the feature `bots` (scripts/build-wasm.sh)
  step "cargo clippy (wasm32, no bots)" cargo clippy --target wasm32-unknown-unknown -p tongiaki --lib --no-default-features --quiet -- -D warnings
fi

# --- Rust tests --------------------------------------------------------------
# A throwaway PostgreSQL cluster for the server's tests (stopped at exit).
source scripts/pg-cluster.sh
trap pg_cluster_stop EXIT
trap 'exit 130' INT TERM
if want rust; then
  if ! pg_cluster_start; then
    RESULTS+=("FAIL  PostgreSQL cluster (scripts/pg-cluster.sh)")
    FAILED=$((FAILED + 1))
  fi
  step "cargo test --release" cargo test --release
  if [ -n "${TONGIAKI_TEST_PG:-}" ]; then
    step "online tests on PostgreSQL" env TONGIAKI_TEST_STORE=postgres \
      cargo test --release -p tongiaki-server --test online --test online_games --test online_odds
  fi
  pg_cluster_stop
fi

# --- browser tests of the wasm package ----------------------------------------
if want wasm; then
  if [ -f tests/web.rs ]; then
    step "wasm-pack test chrome" timeout 1800 \
      wasm-pack --log-level warn test --headless --chrome --chromedriver /usr/bin/chromedriver \
      -- -p tongiaki --profile wasm-release --test web --test web_bots --test web_odds
    step "wasm-pack test firefox" timeout 1800 \
      wasm-pack --log-level warn test --headless --firefox --geckodriver "$(command -v geckodriver)" \
      -- -p tongiaki --profile wasm-release --test web --test web_bots --test web_odds
  else
    skip "wasm-pack test" "no tests/web.rs"
  fi
fi

# --- JS unit tests -----------------------------------------------------------
if want js; then
  mapfile -t JS_UNIT < <(
    find www tests -type f \( -name '*.test.js' -o -name '*.test.mjs' \) \
      -not -path 'tests/e2e/*' -not -path '*/node_modules/*' -not -path '*/pkg/*' 2>/dev/null | sort -u
  )
  if [ -f pkg/tongiaki.js ] && [ -f pkg/tongiaki_bots.js ]; then
    step "the page's bundle (pkg/page.js)" node scripts/build-single.mjs --bundle
  fi
  if [ ${#JS_UNIT[@]} -gt 0 ]; then
    step "node --test (JS unit, ${#JS_UNIT[@]} files)" node --test "${JS_UNIT[@]}"
  else
    skip "node --test (JS unit)" "no *.test.js/*.test.mjs under www/ or tests/"
  fi
fi

# --- end-to-end tests --------------------------------------------------------
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
  fi
  SERVER_PID=""
}
trap 'stop_server; pg_cluster_stop' EXIT

# Starts the native server on a free port; sets BASE_URL.
start_server() {
  local log=test-artifacts/serve.log
  rm -f test-artifacts/e2e-tables.db*
  # Every browser of the tests is at 127.0.0.1: it may make many tables.
  "${CARGO_TARGET_DIR:-target}/release/tongiaki" serve --port 0 --www www --pkg pkg \
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
  scripts/build-wasm.sh || return 1
  cargo build --release --quiet || return 1
  start_server || return 1
  local rc=0
  node --test --test-concurrency=1 "${E2E[@]}" || rc=$?
  stop_server
  return $rc
}

if want e2e; then
  mapfile -t E2E < <(find tests/e2e -maxdepth 1 -type f -name '*.mjs' 2>/dev/null | sort)
  if [ ${#E2E[@]} -gt 0 ]; then
    step "end-to-end (${#E2E[@]} files)" run_e2e
  else
    skip "end-to-end" "no tests/e2e/*.mjs"
  fi
fi

summary
[ $FAILED -eq 0 ]
