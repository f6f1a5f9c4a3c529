import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { chaptersPlugin } from './web/build/chapters-plugin.ts';
import { cspPlugin } from './web/build/csp-plugin.ts';
import { firstViewPlugin } from './web/build/first-view-plugin.ts';

const bench = process.env.FORCELAB_BENCH === '1';
const page = (name: string) => fileURLToPath(new URL(`web/${name}`, import.meta.url));
const root = fileURLToPath(new URL('.', import.meta.url));
/** Every chapter page, web/chapters/*.html, as a build entry. */
const chapters = Object.fromEntries(
  readdirSync(page('chapters'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => [`chapters/${f.replace(/\.html$/, '')}`, page(`chapters/${f}`)]),
);

// The site lives in web/; `base: './'` makes the built folder work under any sub-path.
export default defineConfig({
  root: 'web',
  base: './',
  build: {
    emptyOutDir: true,
    target: 'es2022',
    // One entry per page. The browser benchmark (3.6 MB: rapier's wasm is inlined) is
    // built only for `npm run bench`, never into the site a reader deploys.
    outDir: bench ? 'dist-bench' : 'dist',
    chunkSizeWarningLimit: bench ? 4096 : 500,
    rollupOptions: {
      input: {
        index: page('index.html'),
        lab: page('lab.html'),
        swarm: page('swarm.html'),
        embed: page('embed.html'),
        // The custom element, at a fixed name a blog post can link to.
        'forcelab-scene': page('src/embed/element.ts'),
        ...chapters,
        ...(bench ? { bench: page('bench.html') } : {}),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'forcelab-scene' ? 'forcelab-scene.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  // The benchmark page inlines rapier's wasm as a data: URL and is never deployed.
  plugins: [chaptersPlugin(root), cspPlugin(['bench.html']), firstViewPlugin(root)],
  server: { host: '127.0.0.1' },
  // The element and its wasm are fetched cross-origin by the posts that embed them (and
  // by sandboxed iframes, whose origin is opaque): the static files allow any origin.
  preview: { host: '127.0.0.1', cors: true },
  // Under mutation (scripts/mutants.mjs) only the page's own tests judge its mutants: the
  // build's tests read web/src as text (the HTML-sink scan), which Stryker's instrumented
  // copy no longer matches.
  test: { include: process.env.FORCELAB_MUTANTS === '1' ? ['src/**/*.test.ts'] : ['src/**/*.test.ts', 'build/**/*.test.ts'] },
});
