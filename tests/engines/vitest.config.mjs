// The real-engine tests of the engine twin: `npm run test:engines` (and a stage of
// `npm test`). Separate from the web unit tests: they load four engines' wasm, a
// Python MuJoCo, and build the core's `engines` example.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.mjs'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
