#!/usr/bin/env bash
# npm start: install what is missing, build the wasm in release and the site, then
# serve it on localhost (Vite prints the URL; Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh --site
npx vite build --logLevel warn
echo "[start] serving web/dist; open the Local URL below"
exec npx vite preview --port "${PORT:-5173}"
