#!/usr/bin/env bash
# Builds the npm package "forcelab" into target/npm/forcelab: the bindings by wasm-pack
# (wasm, JS glue, TypeScript types, README, licenses), renamed and checked by
# scripts/npm-package.mjs. Used by `npm run pack` and by the snippet tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
out=target/npm/forcelab
rm -rf "$out"
wasm-pack --log-level warn build crates/forcelab-wasm --release --target web --out-dir "../../$out" --out-name forcelab
node scripts/npm-package.mjs "$out"
