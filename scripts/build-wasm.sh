#!/usr/bin/env bash
# Builds the bindings twice, in release: everything into web/pkg (the Lab, the
# benchmarks, the tests) and the scene pages' small module (no `full` feature: the
# worlds and the swarm) into web/pkg-lite; then shrinks both with wasm-opt when the
# machine has it. Usage: scripts/build-wasm.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev

shrink() { # wasm file
  local wasm=$1
  # wasm-opt from npm's binaryen package (installed by `npm ci`), not Debian's: Debian
  # 12 ships binaryen 108, which predates the reference-types output of wasm-bindgen
  # 0.2.130 and writes a module that fails to instantiate (WebAssembly.Table.set).
  local wasm_opt=node_modules/.bin/wasm-opt raw gz
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
}

build() { # out-dir, extra wasm-pack/cargo arguments...
  local out=$1
  shift
  wasm-pack --log-level warn build crates/forcelab-wasm "$profile" --target web \
    --out-dir "../../web/$out" --out-name forcelab_wasm "$@"
  shrink "web/$out/forcelab_wasm_bg.wasm"
}

build pkg
build pkg-lite --no-default-features
