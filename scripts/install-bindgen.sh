#!/usr/bin/env bash
# Installs exactly the wasm-bindgen-cli version that Cargo.toml pins, when it is missing:
# the build (scripts/build-wasm.sh) runs it, and wasm-pack (which cannot download one
# here) uses it when its version matches. Compiles from crates.io, once per machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
if [ -z "$bindgen_version" ]; then
  echo "[setup] could not read the pinned wasm-bindgen version from Cargo.toml" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen_version\$"; then
  echo "[setup] installing wasm-bindgen-cli $bindgen_version (compiles from crates.io, a few minutes once)" >&2
  # Its published lock file names a crate version the registry no longer serves, so
  # fall back to a fresh resolve when the locked install is refused.
  cargo install wasm-bindgen-cli --version "$bindgen_version" --locked --force ||
    cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi
