#!/usr/bin/env bash
# Mutation testing, as a habit and not part of `npm test`: cargo-mutants plants small
# bugs in the core and runs its unit tests against each; Stryker does the same for the
# page with the vitest tests. The run is split into parts (scripts/mutants-parts.mjs),
# each kept in tests/mutants/results; scripts/mutants.mjs runs them and says how
# (`npm run mutants -- list` shows every part), and scripts/mutants-report.mjs writes
# MUTANTS.md. This script only puts the tools in place first.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

CARGO_MUTANTS_VERSION=27.1.0
NEXTEST_VERSION=0.9.143
if [ "${1:-}" != list ]; then
  if ! cargo mutants --version 2>/dev/null | grep -q "$CARGO_MUTANTS_VERSION"; then
    echo "[mutants] installing cargo-mutants $CARGO_MUTANTS_VERSION (compiles from crates.io, a few minutes once)" >&2
    cargo install cargo-mutants --version "$CARGO_MUTANTS_VERSION" --locked
  fi
  if ! cargo nextest --version >/dev/null 2>&1; then
    echo "[mutants] installing cargo-nextest $NEXTEST_VERSION (compiles from crates.io, a few minutes once)" >&2
    cargo install cargo-nextest --version "$NEXTEST_VERSION" --locked
  fi
  [ -d node_modules/@stryker-mutator/core ] || npm ci
  # The web unit tests load the built wasm package.
  [ -f web/pkg/forcelab_wasm_bg.wasm ] || bash scripts/build-wasm.sh
fi
exec node scripts/mutants.mjs "$@"
