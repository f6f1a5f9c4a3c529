#!/usr/bin/env bash
# Mutation testing, as a habit and not part of `npm test`: cargo-mutants plants small
# bugs in the core (by file group) and runs its unit tests against each; Stryker does
# the same for the page's logic modules (stryker.config.mjs) with the vitest tests.
# scripts/mutants-report.mjs then writes the scores and every surviving mutant, with
# the reasons for the ones listed as equivalent (scripts/mutants-equivalent.json), to
# MUTANTS.md.
#
#   npm run mutants                      every core group (a sample, below) and the web
#   npm run mutants -- core engines      one or more core groups only
#   npm run mutants -- web               the page's modules only
#   npm run mutants -- --shard 3         another sample: shard 3 of each group's N
#   npm run mutants -- --all-shards      every mutant of the chosen groups (hours)
#   npm run mutants -- --in-diff main    only the mutants in lines changed since main
#
# A whole core group holds 300 to 1,600 mutants at 3 to 5 s each on these 2-core
# machines, so one run takes an evenly spread sample of each group: cargo-mutants'
# round-robin shard K of N (N per group below, K = 0 unless given). Successive K cover
# the whole group; a run of the defaults takes about half an hour.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

invocation="npm run mutants${*:+ -- $*}"
CARGO_MUTANTS_VERSION=27.1.0
declare -A SHARDS=([controllers]=16 [body]=8 [analysis]=6 [claims]=6 [engines]=26)
GROUPS_ALL=(controllers body analysis claims engines)

core=() web=0 shard=0 all_shards=0 diff_base=""
while [ $# -gt 0 ]; do
  case "$1" in
    core) shift; while [ $# -gt 0 ] && [ -n "${SHARDS[$1]:-}" ]; do core+=("$1"); shift; done
          [ ${#core[@]} -eq 0 ] && core=("${GROUPS_ALL[@]}"); continue ;;
    web) web=1 ;;
    --shard) shard="$2"; shift ;;
    --all-shards) all_shards=1 ;;
    --in-diff) diff_base="$2"; shift ;;
    *) echo "mutants: unknown argument '$1' (expected core [GROUP...], web, --shard K, --all-shards, --in-diff REF; groups: ${GROUPS_ALL[*]})" >&2; exit 2 ;;
  esac
  shift
done
if [ ${#core[@]} -eq 0 ] && [ "$web" = 0 ]; then core=("${GROUPS_ALL[@]}"); web=1; fi

if ! cargo mutants --version 2>/dev/null | grep -q "$CARGO_MUTANTS_VERSION"; then
  echo "[mutants] installing cargo-mutants $CARGO_MUTANTS_VERSION (compiles from crates.io, a few minutes once)" >&2
  cargo install cargo-mutants --version "$CARGO_MUTANTS_VERSION" --locked
fi
[ -d node_modules/@stryker-mutator/core ] || npm ci
# The web unit tests load the built wasm package.
[ "$web" = 1 ] && [ ! -f web/pkg/forcelab_wasm_bg.wasm ] && bash scripts/build-wasm.sh

mkdir -p target/mutants
diff_args=()
if [ -n "$diff_base" ]; then
  git diff "$diff_base" -- crates web/src > target/mutants/in.diff
  diff_args=(--in-diff target/mutants/in.diff)
fi

for group in "${core[@]}"; do
  out="target/mutants/$group"
  rm -rf "$out" && mkdir -p "$out"
  shard_args=()
  if [ "$all_shards" = 0 ] && [ -z "$diff_base" ]; then shard_args=(--shard "$shard/${SHARDS[$group]}" --sharding round-robin); fi
  echo "[mutants] core: $group ${shard_args[*]:-(all)}" >&2
  # Exit 2 (mutants missed) and 3 (some timed out) are the report's business, not errors.
  code=0
  cargo mutants -p forcelab -f "crates/forcelab/src/$group/**" -j 2 "${shard_args[@]}" "${diff_args[@]}" -o "$out" || code=$?
  if [ "$code" != 0 ] && [ "$code" != 2 ] && [ "$code" != 3 ]; then exit "$code"; fi
  git rev-parse --short HEAD > "$out/commit"
  echo "$invocation" > "$out/command"
  echo "$shard/${SHARDS[$group]}" > "$out/shard"
  [ "$all_shards" = 1 ] && echo "all" > "$out/shard"
  [ -n "$diff_base" ] && echo "in-diff $diff_base" > "$out/shard"
done

if [ "$web" = 1 ]; then
  echo "[mutants] web: stryker" >&2
  if [ -n "$diff_base" ]; then
    # The changed page modules that stryker.config.mjs mutates.
    files=$(git diff --name-only "$diff_base" -- web/src | node --input-type=module -e '
      import { readFileSync } from "node:fs";
      import { matchesGlob } from "node:path";
      const { mutate } = (await import(`${process.cwd()}/stryker.config.mjs`)).default;
      const take = mutate.filter((g) => !g.startsWith("!"));
      const skip = mutate.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
      const files = readFileSync(0, "utf8").split("\n").filter((f) => f && take.some((g) => matchesGlob(f, g)) && !skip.some((g) => matchesGlob(f, g)));
      console.log(files.join(","));' 2>/dev/null)
    [ -n "$files" ] && npx stryker run --mutate "$files"
  else
    npx stryker run
  fi
  git rev-parse --short HEAD > target/mutants-web/commit
  echo "$invocation" > target/mutants-web/command
fi

node scripts/mutants-report.mjs
