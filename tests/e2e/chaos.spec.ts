import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { chapterPaths as chapters, ready } from './pages';

/**
 * Chaos: 2,000 seeded random interactions across the Lab, the index, the embed page
 * and every chapter: sliders to random values and to both ends; typed junk ("abc",
 * "1e400", "-0", "NaN", "", 50 digits, ...); drags that leave the canvas; links
 * tampered with junk, huge numbers and script-like strings. After every batch: no
 * console error or uncaught exception, no NaN or Infinity shown as data, and every
 * refused entry has a message beside its field while the value in force stays. At the
 * end of each page, the animation still runs.
 *
 * `npm test` plays the first part of each seeded run (730 interactions, and on a page
 * whose share has not yet brought every kind, on until it has: a test fails if one is
 * missing); `npm run chaos` (CHAOS_FULL=1) plays each run to its end. The same seeds make
 * the shorter run exactly the start of the longer one. (The share was 1,110 until
 * 2026-11-28; `npm test` must stay under 20 minutes, and fuzzing belongs to its own command.)
 */

const SEED = 20261121;

/** Whether each run is played to its end (`npm run chaos`), not only its first part. */
const FULL = !!process.env.CHAOS_FULL;

/**
 * Per page: its interactions in a whole run (2,000 in all), the seeded part, and how many
 * of them `npm test` plays. The Lab's 600 run as three seeded parts of 200 from a fresh
 * page each, so the tests spread over the workers; a part's seed is the page's seed with
 * the part's number mixed in, so each replays exactly. The index plays its whole run: its
 * first tampered link comes after the 120th interaction.
 */
const plan: { path: string; whole: number; part: number; quick: number }[] = [
  ...[0, 1, 2].map((part) => ({ path: 'lab.html', whole: 200, part, quick: 60 })),
  { path: 'index.html', whole: 200, part: 0, quick: 150 },
  { path: 'embed.html?scene=cube', whole: 100, part: 0, quick: 40 },
  ...chapters.map((path) => ({ path, whole: 110, part: 0, quick: 30 })),
];

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Typed entries no field may accept. */
const JUNK = ['abc', '1e400', '-1e400', 'NaN', '', 'Infinity', '0x10', '1,5', '--1', '<img src=x onerror=alert(1)>', '1e', '.'];
/** Entries that are numbers; a field may accept or refuse them (with a message). */
const NUMBERS = ['-0', '9'.repeat(50), '0', '-1', '1e-400', '1e300', '0.5', '3', '1e6', '-1e-9', '0.0001'];
/** URL values for tampering. */
const URL_JUNK = ['abc', '1e400', 'NaN', '', '-0', '9'.repeat(50), '<script>alert(1)</script>', '"><svg onload=alert(1)>', '%00', 'javascript:alert(1)', '-1e308', 'Infinity', '1'];

test.describe.configure({ timeout: 600_000 });

for (const { path, whole, part, quick } of plan) {
  const parts = plan.filter((p) => p.path === path).length;
  const count = FULL ? whole : quick;
  const share = count === whole ? `${whole}` : `at least the first ${count} of ${whole}`;
  test(`chaos: ${share} seeded interactions on ${path}${parts > 1 ? ` (part ${part + 1} of ${parts})` : ''}`, async ({ page }) => {
    const random = generator(SEED ^ hash(path) ^ Math.imul(part, 0x9e3779b9));
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      (window as unknown as { alerted: number }).alerted = 0;
      window.alert = () => void ((window as unknown as { alerted: number }).alerted += 1);
    });
    await open(page, path);

    const hasUrlState = !path.startsWith('chapters/');
    const kinds = ['slider', 'typing', 'drag', 'press', 'choice', ...(hasUrlState ? ['link'] : [])];
    // Every kind of interaction, whatever share of the run is played: a short share goes on
    // (seeded, so always to the same point) until each kind has come up once.
    const played = new Set<string>();
    for (let n = 0; n < count || (played.size < kinds.length && n < whole); n++) {
      // A plant change loads another build of the Lab first, the Lab busy and inert
      // meanwhile (as a reader sees it): the next interaction waits, as a reader would.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const roll = random();
      const kind = hasUrlState && roll < 0.03 ? 'link' : roll < 0.3 ? 'slider' : roll < 0.6 ? 'typing' : roll < 0.75 ? 'drag' : roll < 0.9 ? 'press' : 'choice';
      played.add(kind);
      if (kind === 'link') await tamperUrl(page, path, random, pick);
      else if (kind === 'slider') await moveSlider(page, random, pick);
      else if (kind === 'typing') await typeEntry(page, random, pick);
      else if (kind === 'drag') await drag(page, random);
      else if (kind === 'press') await press(page, random);
      else await choose(page, random);
      if (n % 20 === 19 || n >= count - 1) {
        expect(problems, `after interaction ${n + 1}`).toEqual([]);
        expect(await shownNonFinite(page), `after interaction ${n + 1}`).toEqual([]);
      }
    }
    expect([...played].sort(), 'every kind of interaction played').toEqual(kinds.sort());
    expect(await page.evaluate(() => (window as unknown as { alerted: number }).alerted)).toBe(0);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    await stillAnimates(page);
    expect(problems).toEqual([]);
  });
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await ready(page, url);
  // Folded settings are controls too.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
}

/** Controls live in the page or, on the embed page, in the element's shadow root. */
function all(page: Page, selector: string): Locator {
  return page.locator(selector).filter({ visible: true });
}

async function nth(page: Page, selector: string, random: () => number): Promise<Locator | null> {
  const items = all(page, selector);
  const n = await items.count();
  return n === 0 ? null : items.nth(Math.floor(random() * n));
}

async function moveSlider(page: Page, random: () => number, pick: <T>(xs: readonly T[]) => T): Promise<void> {
  const slider = await nth(page, 'input[type=range]', random);
  if (!slider) return;
  const where = pick(['min', 'max', 'random', 'random']);
  await slider.evaluate((s: HTMLInputElement, [w, r]) => {
    s.value = w === 'min' ? s.min : w === 'max' ? s.max : String(Number(s.min) + (r as number) * (Number(s.max) - Number(s.min)));
    s.dispatchEvent(new Event('input', { bubbles: true }));
    s.dispatchEvent(new Event('change', { bubbles: true }));
  }, [where, random()] as const);
}

async function typeEntry(page: Page, random: () => number, pick: <T>(xs: readonly T[]) => T): Promise<void> {
  const picked = await nth(page, '.param input[type=text], .field input[type=text], .field input:not([type])', random);
  // Held as the element picked: a panel that fills in later (the map, the tuner, the code
  // load when opened) must not shift a positional locator onto another field mid-entry.
  const box = await picked?.elementHandle();
  if (!box) return;
  const row = (await box.evaluateHandle((el) => el.closest('.param, .field'))).asElement();
  if (!row) return;
  const junk = random() < 0.6;
  const text = junk ? pick(JUNK) : random() < 0.5 ? pick(NUMBERS) : String(Number((random() * 10).toPrecision(3)));
  const range = await row.$('input[type=range]');
  const before = range ? await range.inputValue() : null;
  await box.fill(text);
  await box.press('Enter');
  await box.dispatchEvent('change');
  const message = ((await row.$('.message')) ? await row.$eval('.message', (m) => m.textContent ?? '') : '').trim();
  if (junk) {
    expect(message, `"${text}" typed into ${await box.getAttribute('id')} must be answered`).not.toBe('');
    if (range) expect(await range.inputValue(), `"${text}" must leave the value in force`).toBe(before);
  }
  if (message) {
    expect(message).not.toMatch(/undefined|\[object|null/);
    if (range) expect(await range.inputValue(), `refused "${text}" (${message}) must leave the value in force`).toBe(before);
  }
}

async function drag(page: Page, random: () => number): Promise<void> {
  const canvas = await nth(page, 'canvas', random);
  if (!canvas) return;
  const box = await canvas.boundingBox();
  if (!box) return;
  const viewport = page.viewportSize()!;
  const x0 = box.x + random() * box.width;
  const y0 = Math.min(viewport.height - 1, Math.max(1, box.y + random() * box.height));
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  // Out of the canvas, and out of the window, then back.
  await page.mouse.move(x0 + (random() - 0.5) * 4000, y0 + (random() - 0.5) * 4000, { steps: 3 });
  await page.mouse.move(-50, -50, { steps: 2 });
  await page.mouse.up();
}

async function press(page: Page, random: () => number): Promise<void> {
  // Not a disabled control: a reader's click on one does nothing, and Playwright's waits
  // for it to be enabled until the click's timeout (2 s, some 50 times in a run).
  const button = await nth(page, 'button:not([data-action=embed]):not(:disabled), input[type=checkbox]:not(:disabled)', random);
  if (button) await button.click({ timeout: 2000 }).catch(() => undefined);
}

async function choose(page: Page, random: () => number): Promise<void> {
  const select = await nth(page, 'select:not(:disabled)', random);
  if (!select) return press(page, random);
  const options = await select.locator('option').evaluateAll((os: HTMLOptionElement[]) => os.map((o) => o.value));
  if (options.length) await select.selectOption(options[Math.floor(random() * options.length)]!);
}

async function tamperUrl(page: Page, path: string, random: () => number, pick: <T>(xs: readonly T[]) => T): Promise<void> {
  const keys = ['kp', 'kd', 'dt', 'mass', 'target', 'plant', 'int', 'param', 'T', 'seed', 'speed', 'c', 'printed', 'controllers', 'scene', 'zzz', '__proto__'];
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  for (let k = 0; k < 1 + Math.floor(random() * 4); k++) query.set(pick(keys), pick(URL_JUNK));
  await open(page, `${path.split('?')[0]}?${query}`);
}

/** Text shown as data (not messages echoing what was typed, not prose) that says NaN or Infinity. */
function shownNonFinite(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const skip = '.message, .problems, [role=alert], .embed-error, textarea, pre, code, script, style';
    const scan = (root: Node) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!parent || parent.closest(skip)) continue;
        if (/\bNaN\b|Infinity/.test(n.textContent ?? '')) bad.push(`${parent.tagName}.${parent.className}: ${n.textContent}`);
      }
    };
    scan(document.body);
    document.querySelectorAll('forcelab-scene').forEach((e) => e.shadowRoot && scan(e.shadowRoot));
    // Slider positions and the values the page wrote into its own boxes.
    document.querySelectorAll<HTMLInputElement>('input[type=range]').forEach((s) => {
      if (!Number.isFinite(Number(s.value))) bad.push(`slider ${s.id} = ${s.value}`);
    });
    return bad;
  });
}

/** After the chaos, Reset then Play (or the page's own clock) still moves time on. */
async function stillAnimates(page: Page): Promise<void> {
  const clock = all(page, '.clock').first();
  if ((await clock.count()) === 0) return; // the claims table and the translator have no clock
  // A playback speed of 0.0001x is a valid choice the chaos may have made; a reader
  // checking that time runs would set it back to 1 first, and so do we.
  const speed = all(page, 'input[aria-label^="playback speed"]').first();
  if (await speed.count()) {
    await speed.fill('1');
    await speed.press('Enter');
  }
  // Reset and Play of the clock's own figure: a chapter holds several, each stepping
  // only while on screen, and clicking another figure's Play would scroll this one away.
  const figure = clock.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " figure ")][1]');
  const buttons = (await figure.count()) ? figure.locator('button') : all(page, 'button');
  const reset = buttons.filter({ hasText: /^Reset$/ }).first();
  if (await reset.count()) await reset.click();
  const play = buttons.filter({ hasText: /^Play$/ }).first();
  if (await play.count()) await play.click();
  await clock.scrollIntoViewIfNeeded();
  const before = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 10_000, message: 'the clock still runs' }).not.toBe(before);
}
