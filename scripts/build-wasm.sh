#!/usr/bin/env bash
# Builds the bindings in release into web/pkg, then shrinks them with wasm-opt when
# the machine has it. Usage: scripts/build-wasm.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev

wasm-pack --log-level warn build crates/forcelab-wasm "$profile" --target web \
  --out-dir ../../web/pkg --out-name forcelab_wasm

wasm=web/pkg/forcelab_wasm_bg.wasm
if [ "$profile" = --release ]; then
  if command -v wasm-opt >/dev/null 2>&1; then
    # The features rustc's wasm32 target emits by default; wasm-opt must accept them.
    wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$wasm" -o "$wasm.opt" && mv "$wasm.opt" "$wasm"
  else
    echo "[build] wasm-opt not found: skipping size optimisation (install Debian's binaryen)" >&2
  fi
fi
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "[build] $wasm: $raw bytes, $gz bytes gzip -9" >&2
