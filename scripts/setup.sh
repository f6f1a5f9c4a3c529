#!/usr/bin/env bash
# Installs whatever forcelab needs that is missing, and nothing else. Idempotent: on a
# machine that has everything it only checks, which takes a couple of seconds.
#
#   scripts/setup.sh          what `npm start` needs (Rust wasm target, wasm-bindgen-cli,
#                             npm packages, wasm-opt among them)
#   scripts/setup.sh --test   also what `npm test` and `npm run pack` need (wasm-pack,
#                             Chromium and ChromeDriver, Firefox ESR and geckodriver)
#   --no-bindgen              all but wasm-bindgen-cli (npm start installs it beside
#                             the wasm's compile: scripts/start.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0 want_bindgen=1
for arg in "$@"; do
  case "$arg" in
    --test) want_browser=1 ;;
    --no-bindgen) want_bindgen=0 ;;
    *) printf '[setup] unknown argument %s (use --test, --no-bindgen)\n' "$arg" >&2; exit 2 ;;
  esac
done

say() { printf '[setup] %s\n' "$*" >&2; }
have() { command -v "$1" >/dev/null 2>&1; }
is_root() { [ "$(id -u)" = 0 ]; }

export PATH="$HOME/.cargo/bin:$PATH"

# The downloads (Debian's packages, the engines' venv from PyPI, the npm packages) wait
# on the network and the disk, the cargo installs on the processor: the downloads run
# in the background beside the compiles, each into a log printed when it ends.
jobs_dir=$(mktemp -d)
job_names=() job_pids=()
# A foreground step that fails ends the script: its background jobs end with it.
trap 'kill "${job_pids[@]}" 2>/dev/null || true; rm -rf "$jobs_dir"' EXIT
beside() { # name, command...
  local name=$1
  shift
  say "$name (in the background)"
  ("$@") >"$jobs_dir/$name.log" 2>&1 &
  job_names+=("$name")
  job_pids+=("$!")
}
await_all() {
  local i failed=0
  for i in "${!job_pids[@]}"; do
    if wait "${job_pids[$i]}"; then
      sed "s/^/[setup: ${job_names[$i]}] /" "$jobs_dir/${job_names[$i]}.log" >&2
    else
      sed "s/^/[setup: ${job_names[$i]}] /" "$jobs_dir/${job_names[$i]}.log" >&2
      say "${job_names[$i]} failed (its output is above)"
      failed=1
    fi
  done
  rm -rf "$jobs_dir"
  return "$failed"
}

if ! have cargo; then
  say "Rust is missing: install it with rustup (https://rustup.rs), then run this again."
  exit 1
fi

# --- Downloads, in the background ------------------------------------------------
apt_install() {
  if ! is_root; then
    say "missing Debian packages: $*; install them with: sudo apt-get install -y $*"
    return 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  say "installing Debian packages: $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ "$want_browser" = 1 ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  have chromedriver || missing+=(chromium-driver)
  # A second browser engine, so the wasm tests (and the golden trace hash) run in
  # Gecko as well as Blink: Debian's Firefox ESR.
  [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
  # The C# compiler and runtime that build and run every Unity template against the
  # UnityEngine stand-in (tests/export/snippets/unity): Debian's Mono.
  { have mcs && have mono; } || missing+=(mono-mcs)
  if [ "${#missing[@]}" -gt 0 ]; then
    beside debian apt_install "${missing[@]}"
  fi
fi

# The real MuJoCo for the engine-twin tests (tests/engines) and gdtoolkit for the Godot
# templates' check (tests/export/snippets/godot), pinned in tests/engines/requirements.txt,
# in a venv of the project's own; reinstalled only when the pins change. The other
# engines come from npm (package.json).
engines_venv() {
  say "installing the pinned MuJoCo and gdtoolkit into .venv-engines (PyPI)"
  rm -rf .venv-engines
  python3 -m venv .venv-engines
  .venv-engines/bin/pip install --quiet --disable-pip-version-check --no-input -r tests/engines/requirements.txt
  cp tests/engines/requirements.txt .venv-engines/requirements.txt
}
if [ "$want_browser" = 1 ]; then
  if ! have python3; then
    say "python3 is missing: install Python 3.10 or newer, then run this again."
    exit 1
  fi
  if [ ! -x .venv-engines/bin/python ] || ! cmp -s tests/engines/requirements.txt .venv-engines/requirements.txt; then
    beside venv engines_venv
  fi
fi

# Reinstall only when package-lock.json changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  beside npm npm ci --no-audit --no-fund --loglevel=error
fi

# --- Rust side, in the foreground (one compile at a time uses both cores) ---------
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The site is built with cargo and wasm-bindgen (scripts/build-wasm.sh); only the wasm
# tests and the npm package (`npm test`, `npm run pack`) need wasm-pack.
WASM_PACK_VERSION=0.15.1
if [ "$want_browser" = 1 ] && ! have wasm-pack; then
  say "installing wasm-pack $WASM_PACK_VERSION (compiles from crates.io, a few minutes once)"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked
fi

# The wasm-bindgen CLI Cargo.toml pins (scripts/install-bindgen.sh); `npm start` installs
# it itself, beside the wasm's compile (--no-bindgen).
if [ "$want_bindgen" = 1 ]; then bash scripts/install-bindgen.sh; fi

if [ "$want_browser" = 1 ]; then
  # wasm-pack would download geckodriver; build it from crates.io instead.
  GECKODRIVER_VERSION=0.37.1
  # (Read whole: geckodriver panics when a pipe closes early.)
  gecko_found=$(geckodriver --version 2>/dev/null || true)
  if [ "${gecko_found#geckodriver $GECKODRIVER_VERSION}" = "$gecko_found" ]; then
    say "installing geckodriver $GECKODRIVER_VERSION (compiles from crates.io, a few minutes once)"
    cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked
  fi
fi

# --- The downloads' end -------------------------------------------------------------
await_all
