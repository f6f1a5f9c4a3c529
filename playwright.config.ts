import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser, with the flags it needs here (see
// scripts/chromium-args.json, shared with `npm run bench`).
const chromiumArgs: string[] = JSON.parse(
  readFileSync(new URL('scripts/chromium-args.json', import.meta.url), 'utf8'),
).args;

const port = Number(process.env.E2E_PORT ?? 4179);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  // A flaky test is fixed, never retried into passing.
  retries: 0,
  // A test.only left in a spec would silently skip every other test on CI.
  forbidOnly: !!process.env.CI,
  // Every test opens its own page against the one static preview server and shares no
  // state with another, so tests run two at a time (one per core), spread test by test
  // rather than file by file so a long spec does not hold one worker alone.
  // E2E_WORKERS=1 runs them one at a time, to tell a race from a bug.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
