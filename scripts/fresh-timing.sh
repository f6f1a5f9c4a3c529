#!/usr/bin/env bash
# Times `npm start` (until it serves) and then `npm test` as a new machine runs them:
# a fresh clone of this repository and an empty home, so cargo's registry and its
# installed tools (wasm-bindgen-cli, wasm-pack, geckodriver) and npm's cache start
# empty. What stays is what the README asks a machine to have: Rust through rustup (its
# toolchains, and the proxies `cargo`, `rustc`, ... that rustup puts in ~/.cargo/bin),
# Node.js, Python, and the Debian packages setup.sh installs as root.
# Usage: scripts/fresh-timing.sh [start|test|both]   (default both; writes a log per run)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-both}
stamp=$(date +%s)
work=/tmp/forcelab-fresh-$stamp
home=$work/home
clone=$work/clone
mkdir -p "$home/.cargo/bin"
git clone -q . "$clone"

real_cargo_bin=$(dirname "$(command -v rustup)")
for proxy in cargo rustc rustup rustdoc rustfmt cargo-fmt cargo-clippy clippy-driver; do
  [ -e "$real_cargo_bin/$proxy" ] && ln -s "$real_cargo_bin/$proxy" "$home/.cargo/bin/$proxy"
done
# npm's settings (not its cache) carry over, as a new machine's would be set up.
[ -f "$HOME/.npmrc" ] && cp "$HOME/.npmrc" "$home/.npmrc"

fresh() { # log-name, command...
  local log=$work/$1.log
  shift
  local path=$home/.cargo/bin
  # Everything on PATH except the old ~/.cargo/bin, which holds the tools under test.
  path+=$(printf ':%s' $(tr ':' '\n' <<<"$PATH" | grep -vx "$real_cargo_bin"))
  (cd "$clone" && env HOME="$home" CARGO_HOME="$home/.cargo" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" \
    PATH="$path" CI=true "$@") >"$log" 2>&1
}

seconds() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.0f s (%.1f min)", e - s, (e - s) / 60 }'; }

if [ "$what" = start ] || [ "$what" = both ]; then
  port=$((20000 + stamp % 10000))
  begin=$(date +%s.%N)
  fresh start env PORT=$port npm start &
  runner=$!
  until curl -sf "http://127.0.0.1:$port/" >/dev/null 2>&1; do
    kill -0 "$runner" 2>/dev/null || { echo "npm start stopped before serving: $work/start.log" >&2; exit 1; }
    sleep 1
  done
  end=$(date +%s.%N)
  pkill -f "vite preview --port $port" || true
  wait "$runner" 2>/dev/null || true
  echo "fresh npm start, until it serves: $(seconds "$begin" "$end") (log $work/start.log)"
fi
if [ "$what" = test ] || [ "$what" = both ]; then
  begin=$(date +%s.%N)
  status=0
  fresh test npm test || status=$?
  end=$(date +%s.%N)
  echo "fresh npm test (after the start above, if any): $(seconds "$begin" "$end"), exit $status (log $work/test.log)"
  exit "$status"
fi
