import { defineConfig } from 'vitest/config';

// The site lives in web/; `base: './'` makes the built folder work under any sub-path.
export default defineConfig({
  root: 'web',
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: { include: ['src/**/*.test.ts'] },
});
