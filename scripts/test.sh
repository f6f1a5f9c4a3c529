#!/usr/bin/env bash
# npm test: install what is missing, then run every suite, stopping at the first failure.
# Each suite can also be run alone (see README.md).
#
# Until the end-to-end tests, the stages run in two lanes side by side: a single rustc
# or a test binary keeps one of the two cores busy for long stretches, so the lints and
# the real engines (in a target directory of their own, target/beside) fill the other
# while the tests and the release build use target/. The end-to-end tests then use both
# cores alone.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# Each stage's start, end and exit status, written by whichever lane runs it, and
# printed as a table when the run ends (passed or not), so a slow stage shows itself
# (README, "How long").
work=$(mktemp -d)
times_file=$work/times begin=$(date +%s) finished=0 lane_pids=()
declare -A lane_log=()
: >"$times_file"

stage() { # name, command...: one timed stage
  local name=$1 start status=0
  shift
  start=$(date +%s)
  printf '\n==== %s ====\n' "$name"
  # In a subshell of its own, outside any `||`: bash ignores `set -e` in a function
  # called as part of one, and a stage must stop at its first failing command.
  set +e
  (
    set -e
    "$@"
  )
  status=$?
  set -e
  printf '%s\t%s\t%s\t%s\n' "$start" "$(date +%s)" "$status" "$name" >>"$times_file"
  return "$status"
}

report() {
  local status=$? now
  now=$(date +%s)
  # A lane still running when the run stops (a failure beside it, a signal) stops too.
  for pid in "${lane_pids[@]}"; do
    kill -- -"$pid" 2>/dev/null || true
    if [ -n "${lane_log[$pid]:-}" ]; then
      printf '\n==== the lane beside, stopped: its output so far ====\n'
      cat "${lane_log[$pid]}"
    fi
  done
  # "all passed" only when the last line ran: a run stopped by a signal may exit 0 here.
  printf '\n==== stage times (%s) ====\n' "$([ "$status" = 0 ] && [ "$finished" = 1 ] && echo 'all passed' || echo "stopped, exit $status")"
  sort -s -n -k1,1 "$times_file" | while IFS=$'\t' read -r start end code name; do
    printf '%5d s  %s%s\n' "$((end - start))" "$name" "$([ "$code" = 0 ] || echo "  (failed, exit $code)")"
  done
  printf '%5d s  in all, from start to end (the lanes overlap)\n' "$((now - begin))"
  rm -rf "$work"
}
trap report EXIT

# Runs each function given as a lane in the background, in a process group of its own
# (so a failure elsewhere stops all it started); the first lane's output streams here,
# the others' is printed when they end. Returns the first failing lane's status.
lanes() { # function...
  local fn status=0 done_pid
  local -A name_of=()
  set -m
  for fn in "$@"; do
    if [ "${#name_of[@]}" = 0 ]; then
      "$fn" &
    else
      "$fn" >"$work/$fn.log" 2>&1 &
      lane_log[$!]=$work/$fn.log
    fi
    name_of[$!]=$fn
  done
  set +m
  lane_pids=("${!name_of[@]}")
  while [ "${#name_of[@]}" -gt 0 ]; do
    status=0
    wait -n -p done_pid "${!name_of[@]}" || status=$?
    fn=${name_of[$done_pid]}
    unset "name_of[$done_pid]"
    lane_pids=("${!name_of[@]}")
    if [ -f "$work/$fn.log" ]; then
      printf '\n==== the lane beside (%s), its output ====\n' "$fn"
      cat "$work/$fn.log"
    fi
    if [ "$status" != 0 ]; then
      printf '\n[test] %s failed (exit %s): stopping\n' "$fn" "$status" >&2
      return "$status"
    fi
  done
}

rust_lints() {
  cargo fmt --all -- --check
  cargo clippy --workspace --all-targets -- -D warnings
  # Each door's build of the bindings (scripts/build-wasm.sh) and the wasm-only code
  # (simd128 lanes); the browser tests are wasm-only too, so --all-targets on wasm32.
  local door
  for door in worlds lab lab-cube lab-box design scenes analysis engines; do
    cargo clippy -p forcelab-wasm --no-default-features --features "$door" --target wasm32-unknown-unknown -- -D warnings
  done
  cargo clippy -p forcelab-wasm --all-targets --target wasm32-unknown-unknown -- -D warnings
  # The core's modules depend one way (ARCHITECTURE.md): fail on any cycle.
  node scripts/module-cycles.mjs
  node scripts/long-files.mjs
  # The page reads the law catalogue and the figures' presets from files the core writes.
  bash scripts/core-data.sh --check
}
real_engines() { npx vitest run --config tests/engines/vitest.config.mjs; }
native_tests() { cargo test --workspace; }
wasm_chromium() { wasm-pack test --headless --chrome crates/forcelab-wasm; }
wasm_firefox() { wasm-pack test --headless --firefox crates/forcelab-wasm; }
release_build() {
  bash scripts/build-wasm.sh
  npx vite build --logLevel warn
}
type_check() { npx tsc --noEmit; }
unit_tests() { npx vitest run; }
packages() { bash scripts/pack.sh; }

tests_and_build() {
  stage "Rust tests (native)" native_tests
  stage "Rust tests (wasm in headless Chromium)" wasm_chromium
  stage "Rust tests (wasm in headless Firefox: the same bits in a second engine)" wasm_firefox
  stage "build (release wasm + site)" release_build
}
lints_and_engines() {
  export CARGO_TARGET_DIR=target/beside
  stage "Rust format and lints (beside)" rust_lints
  stage "engine twins against the real engines (Rapier, Box2D, Jolt, PhysX from npm; MuJoCo from PyPI) (beside)" real_engines
}
# The end-to-end tests run the JS snippet against the package this builds.
pack_lane() { stage "packages (npm pack of the bindings, cargo publish --dry-run of the core)" packages; }
web_checks() {
  stage "TypeScript type check (beside)" type_check
  stage "web unit tests (beside)" unit_tests
}

stage "setup" bash scripts/setup.sh --test
lanes tests_and_build lints_and_engines
lanes pack_lane web_checks
stage "end-to-end (Playwright, /usr/bin/chromium)" npx playwright test

finished=1
printf '\n==== all suites passed ====\n'
