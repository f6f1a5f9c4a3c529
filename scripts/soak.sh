#!/usr/bin/env bash
# npm run soak: every stable controller on its scene for SOAK_STEPS steps (default 10^7),
# in release; fails on the first non-finite, unbounded or non-unit state.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo run --release -q -p forcelab-invariants --example soak -- "${SOAK_STEPS:-10000000}"
