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
# wasm-opt from npm's binaryen package (installed by `npm ci`), not Debian's: Debian
# 12 ships binaryen 108, which predates the reference-types output of wasm-bindgen
# 0.2.130 and writes a module that fails to instantiate (WebAssembly.Table.set).
wasm_opt=node_modules/.bin/wasm-opt
if [ "$profile" = --release ]; then
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
