// Mutation testing of the page's logic modules (`npm run mutants -- web`): Stryker plants
// small bugs in each file below and runs the vitest unit tests against every one. The
// files are the page's state, parameters, gain forms and exports: the code whose bugs
// change what a reader sees, copies or shares. DOM glue (canvas, downloads) is left to
// the browser tests. The score and the survivors go to MUTANTS.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vite.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'web/src/lab/lab-state.ts',
    'web/src/lab/parameterisation.ts',
    'web/src/ui/url-state.ts',
    'web/src/ui/params.ts',
    'web/src/export/csv.ts',
    'web/src/export/svg.ts',
    'web/src/export/snippets/*.ts',
    '!web/src/**/*.test.ts',
  ],
  // The sandbox copies the project; only the page's sources, its built wasm and configs are needed.
  ignorePatterns: ['/target', '/.venv-engines', '/crates', '/tests', '/web/dist', '/web/dist-bench', '/bench', '/test-results', '/playwright-report', '/tmp-shots'],
  // Only the sources get `// @ts-nocheck`: the golden .mjs snippets must stay as written.
  disableTypeChecks: 'web/src/**/*.ts',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: 'target/mutants-web/report.json' },
  tempDirName: 'target/stryker-tmp',
  incremental: false,
  thresholds: { high: 90, low: 80, break: null },
};
