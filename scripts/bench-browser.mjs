// The browser half of `npm run bench`: builds the site with the benchmark page, serves
// it on localhost, and drives Debian's Chromium headless through Playwright to measure
// (1) issue 8's scenario for every contender (bench.html), (2) the swarm scene's frame
// times (swarm.html), and (3) what a first visit downloads and how soon it draws.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = 4188;
const base = `http://127.0.0.1:${PORT}/`;

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function waitForServer(url, timeoutMs = 30_000) {
  const start = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`no server at ${url} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every contender at every N, interleaved, as bench.html reports it. */
async function scenario(browser) {
  const page = await browser.newPage();
  page.on('console', (m) => m.type() === 'error' && console.error(`[bench.html] ${m.text()}`));
  await page.goto(`${base}bench.html?auto=1&n=1000,10000,100000&reps=5`);
  await page.waitForFunction(() => window.forcelabBench !== undefined, null, { timeout: 480_000, polling: 1000 });
  const out = await page.evaluate(() => window.forcelabBench);
  await page.close();
  if (out.error) throw new Error(`bench.html: ${out.error}`);
  return out;
}

/** The tuner's time per law in Chromium (ms, median of 5), as bench.html measures it. */
async function tuner(browser) {
  const page = await browser.newPage();
  await page.goto(`${base}bench.html`);
  await page.waitForFunction(() => window.forcelabTuneTimes !== undefined);
  const times = await page.evaluate(() => window.forcelabTuneTimes(5));
  await page.close();
  return times;
}

/** The swarm scene's frame times at `count` missiles, over frames 300..900. */
async function swarm(browser, count) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}swarm.html?n=${count}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => window.forcelabSwarm.steps >= 900, null, { timeout: 180_000, polling: 500 });
  const summary = await page.evaluate(() => ({ count: window.forcelabSwarm.count, ...window.forcelabSwarm.summary() }));
  await page.close();
  return summary;
}

/**
 * The Lab's longest run (MAX_STEPS = 20,000 steps: 120 s at dt = 0.006 s) with four
 * laws and the three printed listings the cube has beside them: eight bodies.
 */
export const LONGEST_LAB = 'lab.html?dt=0.006&T=120&c=pd,backward-pd,one-step,windowed-pid&printed=0,1,2,3';

/**
 * From a gain edit on the Lab to its redrawn plot (ms, median over `edits`), paused (as a
 * reader drags a slider), on the longest run: one input event, and a burst of five in one
 * frame, as a fast drag delivers them. The edit is the kp slider of the windowed PID's card
 * (the law and its printed listing take the gains); the plot
 * counts as redrawn once the page has written the new run's hash and every task queued
 * by then (the plots' own redraw) has run. Also the calls into wasm the single edit's
 * frame took, as the page counts them.
 */
export async function labEdit(browser, edits = 15) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}${LONGEST_LAB}`);
  await page.waitForSelector('body[data-lab-ready="true"]');
  await page.waitForFunction(() => document.querySelector('table.metrics')?.dataset.rows === '20001', null, { timeout: 60_000 });
  const measure = (burst) =>
    page.evaluate(
      async ({ burst, edits }) => {
        const range = document.getElementById('param-3-kp-range');
        const table = document.querySelector('table.metrics');
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const times = [];
        const firsts = [];
        let crossings = null;
        // The longest the main thread was busy at once while the edits were answered (input waits that long).
        let longest = 0;
        const tasks = new PerformanceObserver((list) => list.getEntries().forEach((t) => (longest = Math.max(longest, t.duration))));
        tasks.observe({ type: 'longtask' });
        for (let e = 0; e < edits; e++) {
          await frame();
          const before = table.dataset.traceHash;
          let first = null;
          const redrawn = new Promise((resolve) => {
            const seen = new MutationObserver(() => {
              first ??= performance.now() - t0;
              if (table.dataset.traceHash !== undefined && table.dataset.traceHash !== before) {
                seen.disconnect();
                setTimeout(resolve);
              }
            });
            seen.observe(table, { attributes: true });
          });
          const t0 = performance.now();
          for (let b = 0; b < burst; b++) {
            range.value = String(300 + ((e * burst + b) % 400));
            range.dispatchEvent(new Event('input', { bubbles: true }));
          }
          await redrawn;
          times.push(performance.now() - t0);
          firsts.push(first);
          crossings ??= table.dataset.crossings === undefined ? null : Number(table.dataset.crossings);
        }
        tasks.disconnect();
        const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
        return { ms: median(times), firstMs: median(firsts), longestTaskMs: longest, crossings };
      },
      { burst, edits },
    );
  const one = await measure(1);
  const drag = await measure(5);
  await context.close();
  return {
    link: LONGEST_LAB,
    oneEditMs: one.ms,
    burstOfFiveMs: drag.ms,
    firstRedrawMs: one.firstMs,
    longestTaskMs: Math.max(one.longestTaskMs, drag.longestTaskMs),
    crossingsPerEdit: one.crossings,
  };
}

const root = new URL('..', import.meta.url).pathname;
const presets = JSON.parse(readFileSync(`${root}web/src/core/presets.json`, 'utf8'));
/** Every figure of the registry, each embedded alone (`embed.html?scene=ID`), as the e2e tests walk it. */
export const EMBEDDED_FIGURES = presets.registry.filter((p) => p.kind !== 'claim-setup' && p.chapter !== 'index').map((p) => p.id);
/** Every chapter page. */
export const CHAPTERS = readdirSync(`${root}web/chapters`)
  .filter((f) => f.endsWith('.html'))
  .map((f) => `chapters/${f}`);

/** Bytes (raw and gzip -9) of everything a first visit to `path` fetches, and the time to its first frame. */

export async function firstVisit(browser, path, visits = 5) {
  const firstFrames = [];
  let bytes = null;
  for (let v = 0; v < visits; v++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const responses = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(`${base}${path}`);
    await page.waitForSelector('body[data-ready="true"]');
    const mark = await page.waitForFunction(() => performance.getEntriesByName('forcelab:first-frame')[0]?.startTime);
    firstFrames.push(await mark.jsonValue());
    await page.waitForLoadState('networkidle');
    if (bytes === null) {
      bytes = { requests: 0, raw: 0, gzip: 0, hosts: new Set() };
      for (const r of responses) {
        const body = await r.body().catch(() => Buffer.alloc(0));
        bytes.requests += 1;
        bytes.raw += body.length;
        bytes.gzip += gzipSync(body, { level: 9 }).length;
        bytes.hosts.add(new URL(r.url()).host);
      }
      bytes.hosts = [...bytes.hosts];
    }
    await context.close();
  }
  return { path, ...bytes, visits, firstFrameMs: median(firstFrames), firstFrameSamples: firstFrames };
}

/** Runs the browser benchmarks; `root` is the repository. */
export async function browserBench(root) {
  const env = { ...process.env, FORCELAB_BENCH: '1' };
  execFileSync('bash', ['scripts/build-wasm.sh', '--site'], { cwd: root, stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
    cwd: root,
    env,
    stdio: 'ignore',
    detached: true,
  });
  const { args } = JSON.parse(readFileSync(new URL('chromium-args.json', import.meta.url), 'utf8'));
  let browser;
  try {
    await waitForServer(base);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args });
    console.log('[bench] browser: the scenario, every contender (a few minutes)');
    const contenders = await scenario(browser);
    console.log('[bench] browser: the tuner, per law');
    const tune = await tuner(browser);
    console.log('[bench] browser: a gain edit on the Lab\'s longest run');
    const edit = await labEdit(browser);
    console.log('[bench] browser: the swarm scene');
    const swarms = [await swarm(browser, 20_000), await swarm(browser, 100_000)];
    console.log('[bench] browser: first visits');
    const visits = [
      await firstVisit(browser, ''),
      await firstVisit(browser, 'lab.html'),
      await firstVisit(browser, 'swarm.html'),
      await firstVisit(browser, 'embed.html?scene=cube'),
    ];
    // Every chapter, five visits as the other pages (issue 49: every page's first frame);
    // every figure embedded alone once: its bytes are the point (its first frame is that visit's).
    for (const path of CHAPTERS) visits.push(await firstVisit(browser, path));
    for (const id of EMBEDDED_FIGURES) visits.push(await firstVisit(browser, `embed.html?scene=${id}`, 1));
    return { userAgent: contenders.userAgent, contenders: contenders.results, tune, edit, swarms, visits };
  } finally {
    await browser?.close();
    process.kill(-server.pid);
  }
}
