// The parts a whole mutation run is split into (`npm run mutants`): every module of the
// core and of the page, each cut into shards small enough to run in well under an hour
// on these 2-core machines (the core's mutants take about 3 s each at two jobs, so a
// shard holds at most about 300 of them; the trace module's tests fit springs and
// knobs, about 10 s a mutant, so its shards hold about 125). The runner (scripts/mutants.mjs) and the
// report (scripts/mutants-report.mjs) both read this list, and each part's result is
// kept in tests/mutants/results/<part>.json, committed, so a whole run can be spread
// over several sittings and MUTANTS.md always says what every module scored, when, and
// on which commit.
import { execFileSync } from 'node:child_process';

const CORE_SRC = 'crates/forcelab/src';
const WEB_SRC = 'web/src';

/** The core's modules: a folder of `crates/forcelab/src`, or its top-level files as `root`. */
export const CORE_MODULES = {
  analysis: 2,
  body: 2,
  catalogue: 1,
  claims: 2,
  controllers: 4,
  design: 2,
  engines: 6,
  lab: 2,
  root: 3,
  runner: 1,
  scenario: 1,
  scenes: 1,
  user_trace: 8,
  world: 2,
};

/** The page's modules: a folder of `web/src`, or its top-level files as `root`. */
export const WEB_MODULES = ['bench', 'chapters', 'core', 'embed', 'export', 'figures', 'lab', 'plot', 'root', 'swarm', 'ui'];

export const RESULTS = 'tests/mutants/results';

/** What cargo-mutants' `-f` takes for a core module. */
export const coreGlob = (module) => (module === 'root' ? `${CORE_SRC}/*.rs` : `${CORE_SRC}/${module}/**`);

/** The source paths a module's result depends on (a change there makes the result stale). */
export function modulePaths(tier, module) {
  const src = tier === 'core' ? CORE_SRC : WEB_SRC;
  if (module !== 'root') return [`${src}/${module}`];
  const ext = tier === 'core' ? '.rs' : '.ts';
  return execFileSync('git', ['ls-files', src], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith(ext) && !f.slice(src.length + 1).includes('/'));
}

/** Stryker's `--mutate` globs for a page module: its sources, not its tests. */
export function webMutate(module) {
  const files = module === 'root' ? modulePaths('web', 'root') : [`${WEB_SRC}/${module}/**/*.ts`];
  return [...files, `!${WEB_SRC}/**/*.test.ts`, `!${WEB_SRC}/**/*.d.ts`];
}

/**
 * The folders of a tier's source that no part covers: a module added to the core or the
 * page without its entry above would otherwise never be mutated, and MUTANTS.md would
 * still claim the whole tree.
 */
export function unlistedModules() {
  const folders = (src) => [...new Set(execFileSync('git', ['ls-files', src], { encoding: 'utf8' })
    .split('\n').map((f) => f.slice(src.length + 1).split('/')).filter((p) => p.length > 1).map((p) => p[0]))];
  return [
    ...folders(CORE_SRC).filter((m) => !(m in CORE_MODULES)).map((m) => `core module ${CORE_SRC}/${m}`),
    ...folders(WEB_SRC).filter((m) => !WEB_MODULES.includes(m)).map((m) => `page module ${WEB_SRC}/${m}`),
  ];
}

/** Every part, in a stable order: `core:engines:2/6`, `web:plot`. */
export function allParts() {
  const missing = unlistedModules();
  if (missing.length) throw new Error(`no mutation part covers the ${missing.join(' or the ')}: add it to scripts/mutants-parts.mjs`);
  const parts = [];
  for (const [module, shards] of Object.entries(CORE_MODULES)) {
    for (let k = 0; k < shards; k++) parts.push({ tier: 'core', module, shard: k, shards, id: `core-${module}-${k + 1}of${shards}` });
  }
  for (const module of WEB_MODULES) parts.push({ tier: 'web', module, id: `web-${module}` });
  return parts;
}

/** Where a part's result lives. */
export const resultFile = (part) => `${RESULTS}/${part.id}.json`;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** A test-only file: its changes can make a module's tests catch more, not its code differ. */
export const isTestFile = (f) => /(^|\/)(tests|[a-z0-9_]+_tests)\.rs$|\/tests\/|\.test\.ts$/.test(f);

/**
 * A part's result and how it stands at HEAD: `never` run, `stale` (a source file of its
 * module changed since the commit it ran on), or `current`, with the test files changed
 * since listed (they can only have added catches, so the score stands as a lower bound).
 */
export function partState(part, read) {
  const result = read(resultFile(part));
  if (!result) return { state: 'never' };
  const changed = git('diff', '--name-only', result.commit, 'HEAD', '--', ...modulePaths(part.tier, part.module))
    .split('\n')
    .filter(Boolean);
  const source = changed.filter((f) => !isTestFile(f));
  return { state: source.length > 0 ? 'stale' : 'current', result, changedSource: source, changedTests: changed.filter(isTestFile) };
}
