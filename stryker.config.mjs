// Mutation testing of the page (`npm run mutants -- web [MODULE...]`): Stryker plants
// small bugs in every source file of web/src and runs the vitest unit tests against each.
// scripts/mutants.mjs runs one module (a folder of web/src) at a time with `--mutate`
// (scripts/mutants-parts.mjs), and keeps each module's result; the list below is the
// whole page, for a plain `npx stryker run`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Each mutant is judged by the tests that import its file (vitest's related files), as
  // a static mutant (module-level code) would otherwise run the whole suite. A module no
  // test imports is run with every test instead (scripts/mutants.mjs sets
  // FORCELAB_MUTANTS_ALL_TESTS after `related` found none), and its mutants come out
  // as reached by no test.
  vitest: { configFile: 'vite.config.ts', related: process.env.FORCELAB_MUTANTS_ALL_TESTS !== '1' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['web/src/**/*.ts', '!web/src/**/*.test.ts', '!web/src/**/*.d.ts'],
  // The sandbox copies the project: the page's sources, its built wasm and configs, and the
  // core's sources, which the chapters' build plugin (and its test) reads, and
  // tests/export, where the snippet tests' runners and golden files live.
  ignorePatterns: ['/target', '/.venv-engines', '/tests/e2e', '/tests/engines', '/tests/mutants', '/web/dist', '/web/dist-bench', '/bench', '/test-results', '/playwright-report', '/tmp-shots'],
  // Only the sources get `// @ts-nocheck`: the golden .mjs snippets must stay as written.
  disableTypeChecks: 'web/src/**/*.ts',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // A timed-out mutant counts as killed: the allowance is wide, since a run shares these
  // 2 cores with other work.
  timeoutMS: 30000,
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: 'target/mutants-web/report.json' },
  tempDirName: 'target/stryker-tmp',
  incremental: false,
  thresholds: { high: 90, low: 80, break: null },
};
