#!/usr/bin/env bash
# npm run pack: the publishable packages, checked.
#   1. the npm package "forcelab": the bindings built by wasm-pack (wasm, JS glue,
#      TypeScript types, README, licenses), renamed, packed with `npm pack` into
#      target/npm/, then installed into a scratch project where the README's example
#      runs in Node;
#   2. the core crate: `cargo publish --dry-run` (metadata, license, README, and a build
#      of the packaged sources, with no upload), then the README's Rust example.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
out=target/npm/forcelab

bash scripts/build-npm.sh
tarball=$(cd "$out" && npm pack --silent --pack-destination ..)
echo "[pack] target/npm/$tarball:" >&2
tar -tzf "target/npm/$tarball" | sed 's/^/  /' >&2

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(cd "$scratch" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "$OLDPWD/target/npm/$tarball" >/dev/null)
# The README's example, exactly as printed.
sed -n '/^```js$/,/^```$/p' crates/forcelab-wasm/README.md | sed '1d;$d' >"$scratch/example.mjs"
echo "[pack] the README's JS example against the packed tarball:" >&2
(cd "$scratch" && node example.mjs)

# `cargo package` has no --dry-run flag: publish --dry-run packages the crate, builds the
# packaged sources and stops before the upload.
echo "[pack] cargo publish --dry-run -p forcelab (package and verify, no upload)" >&2
cargo publish --dry-run --allow-dirty -p forcelab 2>&1 | grep -Ev '^\s*(Compiling|Updating|Downloaded|Downloading)'
cargo package --list --allow-dirty -p forcelab | grep -E '^(LICENSE|README|Cargo.toml$)' | sed 's/^/  packaged: /' >&2
echo "[pack] the README's Rust example:" >&2
cargo run -q -p forcelab --example use_it
