#!/usr/bin/env bash
# npm test: install what is missing, then run every suite in order, stopping at the
# first failure. Each suite can also be run alone (see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# Each stage's time, printed in a table when the run ends (passed or not), so a slow
# stage shows itself (README, "How long").
stage_names=() stage_starts=() finished=0
stage() {
  stage_names+=("$*")
  stage_starts+=("$(date +%s)")
  printf '\n==== %s ====\n' "$*"
}
times() {
  local status=$? now i end
  now=$(date +%s)
  # "all passed" only when the last line ran: a run stopped by a signal may exit 0 here.
  printf '\n==== stage times (%s) ====\n' "$([ "$status" = 0 ] && [ "$finished" = 1 ] && echo 'all passed' || echo "stopped, exit $status")"
  for i in "${!stage_names[@]}"; do
    end=${stage_starts[$((i + 1))]:-$now}
    printf '%5d s  %s\n' "$((end - ${stage_starts[$i]}))" "${stage_names[$i]}"
  done
  printf '%5d s  in all\n' "$((now - ${stage_starts[0]:-$now}))"
}
trap times EXIT

stage "setup"
bash scripts/setup.sh --test

stage "Rust format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# Each door's build of the bindings (scripts/build-wasm.sh) and the wasm-only code
# (simd128 lanes); the browser tests are wasm-only too, so --all-targets on wasm32.
for door in worlds lab lab-cube lab-box design snap chase submarine arm arm-analysis arm-tune analysis engines trace orientation orientation-tune; do
  cargo clippy -p forcelab-wasm --no-default-features --features "$door" --target wasm32-unknown-unknown -- -D warnings
done
cargo clippy -p forcelab-wasm --all-targets --target wasm32-unknown-unknown -- -D warnings
# The core's API documentation builds without a broken or private link.
RUSTDOCFLAGS="-D warnings" cargo doc -p forcelab --no-deps --quiet
# The core's modules depend one way (ARCHITECTURE.md): fail on any cycle.
node scripts/module-cycles.mjs
node scripts/long-files.mjs
# The page reads the law catalogue and the figures' presets from files the core writes.
bash scripts/core-data.sh --check

stage "Rust tests (native)"
cargo test --workspace

stage "engine twins against the real engines (Rapier, Box2D, Jolt, PhysX from npm; MuJoCo from PyPI)"
npx vitest run --config tests/engines/vitest.config.mjs

stage "Rust tests (wasm in headless Chromium)"
wasm-pack test --headless --chrome crates/forcelab-wasm

stage "Rust tests (wasm in headless Firefox: the same bits in a second engine)"
wasm-pack test --headless --firefox crates/forcelab-wasm

stage "build (release wasm + site)"
bash scripts/build-wasm.sh
npx vite build --logLevel warn

stage "TypeScript type check"
# The page without Node's types (tsconfig.json), the tests, build plugins and configs with them (tests/tsconfig.json).
npx tsc --noEmit
npx tsc --noEmit -p tests

stage "web unit tests"
npx vitest run

# Before the end-to-end tests, which run the JS snippet against the package it builds.
stage "packages (npm pack of the bindings, cargo publish --dry-run of the core)"
bash scripts/pack.sh

stage "end-to-end (Playwright, /usr/bin/chromium)"
npx playwright test

finished=1
printf '\n==== all suites passed ====\n'
