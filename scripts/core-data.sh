#!/usr/bin/env bash
# The data the page reads from the core, as files: the law catalogue, the chapters'
# Lab figures, the measured claims, the tuner's race of the laws, the TypeScript types
# of the ids the core accepts, every law as the program the engine templates print and the
# figures' words per page. --write rewrites them (npm run core-data);
# --check fails when a file differs from what the core says (npm test).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:---check}"
status=0
for name in catalogue presets claims race ids types programs; do
  # The ids and the Lab's shapes are TypeScript (web/src/core/ids.ts, types.ts); the rest JSON.
  file="web/src/core/$name.json"
  [ "$name" = ids ] || [ "$name" = types ] && file="web/src/core/$name.ts"
  fresh="$(cargo run -q -p forcelab --features serde --example core_data -- "$name")"
  if [ "$mode" = "--write" ]; then
    printf '%s\n' "$fresh" > "$file"
  elif ! diff -u "$file" <(printf '%s\n' "$fresh"); then
    echo "$file differs from the core's $name: run npm run core-data" >&2
    status=1
  fi
done
# The figures' words, one file per page that shows figures (web/src/core/captions/PAGE.json),
# so that a page downloads its own figures' summaries and captions and no other page's.
core_data() { cargo run -q -p forcelab --features serde --example core_data -- "$@"; }
pages="$(core_data captions)"
mkdir -p web/src/core/captions
for page in $pages; do
  file="web/src/core/captions/$page.json"
  fresh="$(core_data captions "$page")"
  if [ "$mode" = "--write" ]; then
    printf '%s\n' "$fresh" > "$file"
  elif ! diff -u "$file" <(printf '%s\n' "$fresh") 2>&1; then
    echo "$file differs from the core's captions of $page: run npm run core-data" >&2
    status=1
  fi
done
# A page that no longer shows figures leaves no file behind.
for file in web/src/core/captions/*.json; do
  page="$(basename "$file" .json)"
  if ! printf '%s\n' $pages | grep -qx "$page"; then
    if [ "$mode" = "--write" ]; then
      rm "$file"
    else
      echo "$file: the core shows no figure on $page: run npm run core-data" >&2
      status=1
    fi
  fi
done
exit $status
