#!/usr/bin/env bash
# Builds the bindings with cargo and the pinned wasm-bindgen CLI (no wasm-pack: only the
# wasm tests need it): everything into web/pkg (the benchmarks, the tests), then the
# parts a page loads (crates/forcelab-wasm/Cargo.toml's features): the scene pages'
# worlds and swarm into web/pkg-lite, and one module per door of web/src/core into
# web/pkg-lab (with pkg-lab-cube and pkg-lab-box: the Lab on one plant), pkg-design,
# the chapters' scenes (pkg-snap, pkg-chase, pkg-submarine, pkg-arm, pkg-arm-analysis,
# pkg-arm-tune: one door per chapter, the figures below the arm and its tuner apart), pkg-analysis, pkg-engines, pkg-trace (the
# engines with a user's trace),
# pkg-orientation and pkg-orientation-tune (the same with
# Tune for me on a turn, fetched when a reader asks for it), so that no page downloads what it does not
# show; then shrinks each with wasm-opt (beside the next door's compile).
# Usage: scripts/build-wasm.sh [--dev] [--site] [--bindgen-after PID]
#   --site               only what the site loads (not web/pkg, the benchmarks' and tests')
#   --bindgen-after PID  wasm-bindgen runs once process PID has ended (npm start: the
#                        CLI's install, which compiles beside these builds on a new machine)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

mode=--release site_only=0 bindgen_after=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dev) mode=--dev ;;
    --site) site_only=1 ;;
    --bindgen-after) bindgen_after=${2:?--bindgen-after needs a process id}; shift ;;
    *) echo "build-wasm.sh: unknown argument $1 (use --dev, --site, --bindgen-after PID)" >&2; exit 2 ;;
  esac
  shift
done

shrink() { # wasm file
  local wasm=$1
  # wasm-opt from npm's binaryen package (installed by `npm ci`), not Debian's: Debian
  # 12 ships binaryen 108, which predates the reference-types output of wasm-bindgen
  # 0.2.130 and writes a module that fails to instantiate (WebAssembly.Table.set).
  local wasm_opt=node_modules/.bin/wasm-opt raw gz
  if [ "$mode" = --release ]; then
    if [ -x "$wasm_opt" ]; then
      # The features rustc's wasm32 target emits by default, plus simd128
      # (.cargo/config.toml); wasm-opt must accept them.
      "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
        "$wasm" -o "$wasm.opt" && mv "$wasm.opt" "$wasm"
    else
      echo "[build] $wasm_opt not found (run npm ci): skipping size optimisation" >&2
    fi
  fi
  raw=$(wc -c <"$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  echo "[build] $wasm: $raw bytes, $gz bytes gzip -9" >&2
}

# wasm-bindgen and wasm-opt of one door run in the background while cargo builds the
# next (cargo's last step, the LTO of one crate, keeps one core busy; wasm-opt the other),
# each on a copy of cargo's output, which the next build of the same profile overwrites.
bind_dir=$(mktemp -d)
bind_pids=()
trap 'kill "${bind_pids[@]}" 2>/dev/null || true; rm -rf "$bind_dir"' EXIT

build() { # out-dir, cargo profile, feature arguments...
  local out=$1 profile=$2 dir
  shift 2
  # Cargo puts the dev profile in target/…/debug and every other profile under its name.
  dir=$profile
  [ "$profile" = dev ] && dir=debug
  cargo build -q -p forcelab-wasm --lib --target wasm32-unknown-unknown --profile "$profile" "$@"
  # Where cargo put it: CARGO_TARGET_DIR when set (a shared or separate target), else target/.
  cp "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$dir/forcelab_wasm.wasm" "$bind_dir/$out.wasm"
  (
    # Named as cargo names it, so the glue wasm-bindgen writes is the same byte for byte.
    mkdir -p "$bind_dir/$out"
    mv "$bind_dir/$out.wasm" "$bind_dir/$out/forcelab_wasm.wasm"
    if [ -n "$bindgen_after" ]; then
      while kill -0 "$bindgen_after" 2>/dev/null; do sleep 1; done
    fi
    wasm-bindgen --target web --out-dir "web/$out" --out-name forcelab_wasm "$bind_dir/$out/forcelab_wasm.wasm"
    shrink "web/$out/forcelab_wasm_bg.wasm"
  ) &
  bind_pids+=("$!")
}

# The worlds run the swarm and the benchmark: built for speed. The other doors run a few
# bodies per figure: built for size (Cargo.toml's wasm-small profile).
fast=release small=wasm-small
[ "$mode" = --dev ] && fast=dev small=dev
[ "$site_only" = 1 ] || build pkg "$fast"
build pkg-lite "$fast" --no-default-features --features worlds
for door in lab lab-cube lab-box design snap chase submarine arm arm-analysis arm-tune analysis engines trace orientation orientation-tune; do
  build "pkg-$door" "$small" --no-default-features --features "$door"
done
failed=0
for pid in "${bind_pids[@]}"; do wait "$pid" || failed=1; done
bind_pids=()
exit "$failed"
