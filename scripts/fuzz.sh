#!/usr/bin/env bash
# npm run fuzz: every cargo-fuzz target of crates/forcelab-invariants/fuzz for a bounded
# time each (FUZZ_SECONDS, default 60), then a table of executions and crashes.
#
# A crash leaves its input in crates/forcelab-invariants/fuzz/artifacts/<target>/; replay
# it with `cargo +nightly fuzz run <target> <file>` (from that fuzz folder), fix the core,
# and keep the input as a regression test in the invariant's file under
# crates/forcelab-invariants/tests/.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
seconds="${FUZZ_SECONDS:-60}"
targets=(laws config_json config_values runs)

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "[fuzz] cargo-fuzz needs the nightly toolchain: rustup toolchain install nightly" >&2
  exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "[fuzz] installing cargo-fuzz (compiles from crates.io, once)" >&2
  cargo install cargo-fuzz --locked
fi

cd crates/forcelab-invariants/fuzz
cargo +nightly fuzz build >/dev/null || exit 1
status=0
summary=()
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  log="$(mktemp)"
  echo "[fuzz] $t for ${seconds}s" >&2
  start=$(date +%s)
  # -seed keeps a run reproducible; the corpus carries what earlier runs learnt.
  cargo +nightly fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -seed=20261121 -print_final_stats=1 >"$log" 2>&1
  code=$?
  took=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
  crash=$(grep -c 'Test unit written' "$log")
  if [ "$code" != 0 ]; then
    status=1
    grep -E 'panicked at|is not finite|Test unit written' "$log" | head -n 5 >&2
  fi
  summary+=("$(printf '%-14s %12s executions %5ss %3s crash(es)' "$t" "${runs:-?}" "$took" "$crash")")
  rm -f "$log"
done
printf '\n[fuzz] summary (FUZZ_SECONDS=%s)\n' "$seconds"
printf '%s\n' "${summary[@]}"
exit $status
