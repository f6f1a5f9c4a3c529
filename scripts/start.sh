#!/usr/bin/env bash
# npm start: install what is missing, build the wasm in release and the site, then
# serve it on localhost (Vite prints the URL; Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --no-bindgen

# On a new machine the wasm-bindgen CLI compiles (a few minutes, once) beside the wasm's
# own compile: cargo's last step for each door keeps one core busy, the CLI's crates the
# other. Each door's wasm-bindgen step waits for the install to end.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bash scripts/install-bindgen.sh >"$log" 2>&1 &
installer=$!
built=0
bash scripts/build-wasm.sh --site --bindgen-after "$installer" || built=$?
if ! wait "$installer"; then
  cat "$log" >&2
  echo "[start] installing wasm-bindgen-cli failed (its output is above)" >&2
  exit 1
fi
cat "$log" >&2
[ "$built" = 0 ] || exit "$built"

npx vite build --logLevel warn
rm -f "$log"
echo "[start] serving web/dist; open the Local URL below"
exec npx vite preview --port "${PORT:-5173}"
