#!/usr/bin/env bash
# Installs everything the build and the tests need, skipping whatever is
# already present, so it is cheap to call at the top of run.sh and test.sh.
# On a fresh machine the Debian packages and the npm packages (network
# bound) are fetched in the background while the Rust tools build (CPU
# bound); their output follows when they are done.
#
#   scripts/setup.sh            everything
#   scripts/setup.sh PART...    only those parts, of: target (the Rust
#                               target wasm32), debian, npm, wasm-tools
#                               (wasm-pack, wasm-bindgen-cli), geckodriver
#                               (scripts/test.sh builds it later, beside
#                               other work: only the Firefox tests need it)
#
# Nothing here downloads a binary from outside the package registries:
# Rust tools are built from crates.io, browsers and drivers come from Debian,
# wasm-opt from Debian's binaryen, JS packages from the npm registry (with
# Playwright's own browser download switched off).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

export PATH="$HOME/.cargo/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Keep builds sized for a 2-core machine.
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[setup] error:\033[0m %s\n' "$*" >&2; exit 1; }

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PARTS=" ${*:-target debian npm wasm-tools geckodriver} "
for p in $PARTS; do
  case "$p" in target | debian | npm | wasm-tools | geckodriver) ;; *) die "no part $p" ;; esac
done
part() { [[ "$PARTS" == *" $1 "* ]]; }

# --- Rust target ------------------------------------------------------------
# (Outputs are captured before they are matched: `cmd | grep -q` under
# pipefail fails when grep exits at the first match and cmd then dies of
# SIGPIPE.)
if ! part target; then
  :
elif [[ $'\n'"$(rustup target list --installed)"$'\n' == *$'\nwasm32-unknown-unknown\n'* ]]; then
  say "rust target wasm32-unknown-unknown: present"
else
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# --- Debian packages --------------------------------------------------------
# package -> a command it provides, to tell whether it is installed.
declare -A DEB_CMD=(
  [chromium]=chromium
  [chromium-driver]=chromedriver
  [firefox-esr]=firefox-esr
  [binaryen]=wasm-opt
  [postgresql]=psql
)
missing=()
part debian || DEB_CMD=()
for pkg in "${!DEB_CMD[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)" == *"install ok installed"* ]] \
     && command -v "${DEB_CMD[$pkg]}" >/dev/null; then
    :
  else
    missing+=("$pkg")
  fi
done

# background NAME CMD...: runs CMD, its output in a log; finish_background
# waits for every such job, prints its log and fails if one failed.
BG_LOGS="$(mktemp -d "${TMPDIR:-/tmp}/tongiaki-setup.XXXXXX")"
BG_PIDS=()
BG_NAMES=()
background() {
  local name="$1"; shift
  say "$name: in the background"
  "$@" >"$BG_LOGS/$name.log" 2>&1 &
  BG_PIDS+=("$!")
  BG_NAMES+=("$name")
}
finish_background() {
  local i rc failed=0
  for i in "${!BG_PIDS[@]}"; do
    rc=0
    wait "${BG_PIDS[$i]}" || rc=$?
    say "${BG_NAMES[$i]}: done (exit $rc); its output:"
    cat "$BG_LOGS/${BG_NAMES[$i]}.log"
    [ $rc -eq 0 ] || failed=1
  done
  rm -rf "$BG_LOGS"
  [ $failed -eq 0 ] || die "a background install failed (output above)"
}

apt_install() {
  # Update the package lists once, only when something must be installed.
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@"
}

if ! part debian; then
  :
elif [ ${#missing[@]} -eq 0 ]; then
  say "debian packages: present"
else
  say "installing debian packages: ${missing[*]}"
  background apt-get apt_install "${missing[@]}"
fi

# --- npm dev dependencies ---------------------------------------------------
# playwright-core (the end-to-end tests drive Debian's chromium with it) and
# binaryen (wasm-opt 132 for scripts/build-wasm.sh).
if ! part npm; then
  :
elif [ -f package.json ]; then
  # Up to date when npm's own record is newer than the manifest and the lock
  # (and the two tools the scripts use are there).
  if [ -d node_modules/playwright-core ] && [ -x node_modules/.bin/wasm-opt ] \
     && [ node_modules/.package-lock.json -nt package.json ] \
     && { [ ! -f package-lock.json ] || [ node_modules/.package-lock.json -nt package-lock.json ]; }; then
    say "node_modules: up to date"
  elif [ -f package-lock.json ]; then
    background npm npm ci --no-audit --no-fund
  else
    background npm npm install --no-audit --no-fund
  fi
else
  say "no package.json yet: skipping npm"
fi

# --- cargo-installed tools --------------------------------------------------
# The wasm-bindgen CLI must match the wasm-bindgen crate in Cargo.lock exactly,
# or wasm-pack would try to download a matching one.
WB_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$WB_VERSION" ] || die "could not read the wasm-bindgen version from Cargo.lock"

# Pinned tool versions, so every machine builds the same tools.
WASM_PACK_VERSION="0.15.1"
GECKODRIVER_VERSION="0.37.1"

# cargo install --locked, or, when the registry lacks a version the tool's own
# lockfile names (seen with wasm-bindgen-cli 0.2.130 and webpki-roots 1.0.11),
# the same tool resolved against what the registry has.
# The tools are built at opt-level 1 without LTO, which builds them faster:
# none of the three is CPU bound in use (wasm-bindgen so built ran no slower
# on a test's wasm).
cargo_install() { # crate version
  local fast=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false)
  if ! "${fast[@]}" cargo install --locked "$1" --version "$2" --force; then
    say "cargo install --locked $1 $2 failed; retrying without --locked"
    "${fast[@]}" cargo install "$1" --version "$2" --force
  fi
}

# The output is captured first: `--version | grep -q` under pipefail fails
# when grep exits at the first match and the tool then dies of SIGPIPE,
# which rebuilt tools that were installed.
have_version() { # cmd expected-version
  local out
  command -v "$1" >/dev/null || return 1
  out="$("$1" --version 2>/dev/null)" || return 1
  [[ "$out" == *"$2"* ]]
}

if ! part wasm-tools; then
  :
elif have_version wasm-pack "$WASM_PACK_VERSION"; then
  say "wasm-pack $WASM_PACK_VERSION: present"
else
  say "building wasm-pack $WASM_PACK_VERSION from crates.io (a few minutes)"
  cargo_install wasm-pack "$WASM_PACK_VERSION"
fi

if ! part wasm-tools; then
  :
elif have_version wasm-bindgen "$WB_VERSION"; then
  say "wasm-bindgen-cli $WB_VERSION: present"
else
  say "building wasm-bindgen-cli $WB_VERSION from crates.io (a few minutes)"
  cargo_install wasm-bindgen-cli "$WB_VERSION"
fi

if ! part geckodriver; then
  :
elif have_version geckodriver "$GECKODRIVER_VERSION"; then
  say "geckodriver $GECKODRIVER_VERSION: present"
else
  say "building geckodriver $GECKODRIVER_VERSION from crates.io"
  cargo_install geckodriver "$GECKODRIVER_VERSION"
fi

finish_background

# PostgreSQL: the online tests run against a throwaway cluster of their own
# (scripts/pg-cluster.sh, from /usr/lib/postgresql/*/bin). Debian's package
# also creates and starts a system cluster; the tests never use it.
if part debian && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  die "postgresql is installed but no /usr/lib/postgresql/*/bin/initdb was found"
fi

say "done"
