import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const page = (name: string) => fileURLToPath(new URL(`web/${name}`, import.meta.url));

// The site lives in web/; `base: './'` makes the built folder work under any sub-path.
export default defineConfig({
  root: 'web',
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // One entry per page: the playground and the Lab.
    rollupOptions: { input: { index: page('index.html'), lab: page('lab.html') } },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: { include: ['src/**/*.test.ts'] },
});
