/**
 * How every page looks, at a desk (1280 px) and on a phone (390 px), in light and dark:
 * a screenshot of each is written to `artifacts/screens/` (kept by the suite for a person
 * to look at; README, "Screenshots"), and the checks a person would make at a glance run
 * on each: nothing pushes the page sideways or spills out of the screen, no button or
 * clipped box hides its text, a figure's plot takes most of the figure on a wide screen,
 * and the atlas shows its axes and its colour key.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { everyFigure, ready, sitePages } from './pages';

const root = new URL('../..', import.meta.url).pathname;
const screens = `${root}artifacts/screens`;
mkdirSync(screens, { recursive: true });

const WIDTHS = [
  { name: 'desk', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A file name for a page: `chapters/02-pd.html` → `chapters-02-pd`. */
const fileName = (path: string) => path.replace(/\.html.*$/, '').replace(/[^a-z0-9]+/gi, '-');

/** Every visible element that sticks out of the screen sideways, outside any box that scrolls or clips it. */
const spills = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const contained = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
      }
      return false;
    };
    // A closed disclosure's content keeps its boxes (content-visibility) but is not shown.
    const folded = (el: Element) => el.parentElement?.closest('details:not([open])') && !el.closest('summary');
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden' || folded(el)) continue;
      if ((r.left < -1 || r.right > width + 1) && !contained(el)) {
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} [${Math.round(r.left)}, ${Math.round(r.right)}] of ${width}`);
      }
    }
    return { pageWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 5) };
  });

/** Buttons and summaries whose label does not fit them, and clipping boxes that cut their text. */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !(el.parentElement?.closest('details:not([open])') && !el.closest('summary'));
    };
    for (const el of document.querySelectorAll<HTMLElement>('button, summary, .button, label, th, .clock')) {
      if (visible(el) && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') out.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}"`);
    }
    // A menu shows its choice whole: no narrower than the same menu holding only that
    // choice, at its natural width, in the same place (so in the same font).
    for (const menu of document.querySelectorAll<HTMLSelectElement>('select')) {
      const chosen = menu.selectedOptions[0];
      if (!visible(menu) || !chosen?.text) continue;
      const alone = menu.cloneNode(false) as HTMLSelectElement;
      alone.append(chosen.cloneNode(true));
      Object.assign(alone.style, { position: 'absolute', visibility: 'hidden', width: 'auto', minWidth: '0', maxWidth: 'none' });
      menu.after(alone);
      const needs = alone.getBoundingClientRect().width;
      alone.remove();
      // A choice wider than the screen's column cannot show whole on any layout (an engine's API on a phone).
      if (needs > document.documentElement.clientWidth - 40) continue;
      if (needs > menu.getBoundingClientRect().width + 1) out.push(`select "${chosen.text}" cuts its choice (${Math.round(menu.getBoundingClientRect().width)} px of ${Math.round(needs)})`);
    }
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const s = getComputedStyle(el);
      const clips = (o: string) => o === 'hidden' || o === 'clip';
      if (!visible(el) || !(clips(s.overflowX) || clips(s.overflowY)) || !el.textContent?.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} clips its text`);
    }
    return out.slice(0, 5);
  });

/**
 * Plots that do not read: fewer than three y tick labels, a series off the scale that is
 * not marked, or series that stay bounded squeezed into less than half the plot's height
 * (a runaway series took the scale). Reads each plot's data as plotted and the y range
 * uPlot drew.
 */
const unreadablePlots = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    type Host = HTMLElement & { plotted?: readonly (readonly number[])[] };
    for (const chart of document.querySelectorAll('.uplot')) {
      const host = chart.parentElement as Host;
      const r = host.getBoundingClientRect();
      if (!host.plotted || host.plotted[0]!.length < 2 || r.width === 0 || r.height === 0 || host.closest('details:not([open])')) continue;
      const name = `${host.closest('.figure')?.id ?? ''} ${host.querySelector('.u-title')?.textContent ?? host.className}`.trim();
      // Every plot says what it drew (trace-plot.ts): a plot that does not cannot be read by this check either.
      if (!host.dataset.yRange || !host.dataset.yTicks) {
        out.push(`${name}: does not say its y range and ticks`);
        continue;
      }
      const ticks = JSON.parse(host.dataset.yTicks ?? '[]') as string[];
      if (ticks.length < 3) out.push(`${name}: ${ticks.length} y tick labels (${ticks.join(', ')})`);
      const [lo, hi] = JSON.parse(host.dataset.yRange!) as [number, number];
      const off = new Set((JSON.parse(host.dataset.offScale ?? '[]') as { series: number }[]).map((o) => o.series));
      let min = Infinity;
      let max = -Infinity;
      host.plotted.slice(1).forEach((col, k) => {
        const finite = col.filter((v) => Number.isFinite(v));
        if (off.has(k)) {
          if (!finite.some((v) => v < lo || v > hi)) out.push(`${name}: series ${k} is marked off the scale but stays on it`);
          return;
        }
        for (const v of finite) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      });
      if (min < lo - 1e-9 * Math.abs(lo) || max > hi + 1e-9 * Math.abs(hi)) out.push(`${name}: a series leaves [${lo}, ${hi}] unmarked`);
      // A series constant but for rounding is drawn as a flat line mid-plot (trace-plot.ts, safeRange): nothing to fill.
      const span = max - min;
      if (span > 1e-6 * Math.max(1, Math.abs(min), Math.abs(max)) && span < 0.5 * (hi - lo)) out.push(`${name}: its bounded series use ${Math.round((100 * span) / (hi - lo))} % of the height`);
    }
    return out.slice(0, 8);
  });

/** Table cells and formulas that break a word across lines (not at its hyphen), and display formulas cut off instead of scrolling. */
const brokenText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !el.closest('details:not([open])');
    };
    for (const cell of document.querySelectorAll('th, td, caption, math')) {
      if (!shown(cell)) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A word may end a line at its own hyphen before a letter ("anti-" / "windup",
        // "swing1-" / "swing2" in a drive's name), as typesetting allows; never elsewhere,
        // and never inside a number ("1.11e-" / "16", "-" / "170").
        for (const word of node.textContent!.matchAll(/\S+/g)) {
          let at = word.index!;
          for (const part of word[0].split(/(?<=[\p{L}\p{N}][-‐])(?=\p{L})/u)) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + part.length);
            at += part.length;
            const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
            if (tops.size > 1) out.push(`${cell.tagName.toLowerCase()} breaks "${word[0]}"`);
          }
        }
      }
    }
    // A display formula wider than its column scrolls, in a box whose edges show that it goes on.
    for (const display of document.querySelectorAll<HTMLElement>('math[display="block"]')) {
      if (!shown(display)) continue;
      const box = display.closest<HTMLElement>('.math-display') ?? display;
      const s = getComputedStyle(box);
      if (box.scrollWidth <= box.clientWidth + 1 && display.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1) continue;
      if (s.overflowX !== 'auto' && s.overflowX !== 'scroll') out.push(`a formula is cut off: ${display.textContent?.slice(0, 40)}`);
      else if (!s.backgroundImage.includes('gradient')) out.push(`a formula scrolls with nothing to show it goes on: ${display.textContent?.slice(0, 40)}`);
    }
    return out.slice(0, 8);
  });

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    for (const path of sitePages) {
      test(`${path} fits, clips no text, and is screenshotted in light and dark`, async ({ page }) => {
        test.setTimeout(90_000);
        // One load, then switched to dark as a reader's system does mid-visit (the page
        // re-reads its colours): a second load per page cost a third of this file's time.
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await ready(page, path);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
          const spill = await spills(page);
          expect(spill.out, `${scheme}: sticks out`).toEqual([]);
          expect(spill.pageWidth, `${scheme}: the page scrolls sideways`).toBeLessThanOrEqual(spill.width + 1);
          expect(await clipped(page), scheme).toEqual([]);
          expect(await unreadablePlots(page), `${scheme}: plots that do not read`).toEqual([]);
          expect(await brokenText(page), `${scheme}: words broken or formulas cut`).toEqual([]);
          // The chapters' menu, opened, fits the screen too.
          const toc = page.locator('nav.chapters .toc > summary');
          if (await toc.count()) {
            await toc.click();
            expect((await spills(page)).out, `${scheme}: the chapters' menu sticks out`).toEqual([]);
            await toc.click();
          }
          await page.screenshot({ path: `${screens}/${fileName(path)}-${size.name}-${scheme}.png`, fullPage: true });
        }
      });
    }
  });
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("each chapter figure's plot takes at least 60 % of its width", async ({ page }) => {
    test.setTimeout(180_000);
    const chapters = sitePages.filter((p) => p.startsWith('chapters/'));
    let measured = 0;
    for (const path of chapters) {
      await page.goto(path);
      await ready(page, path);
      const shares = await page.locator('.figure').evaluateAll((figures) =>
        figures.map((f) => {
          const inner = f.getBoundingClientRect().width - parseFloat(getComputedStyle(f).paddingLeft) - parseFloat(getComputedStyle(f).paddingRight);
          // A figure's plot: its largest plot, canvas, drawing or grid of maps (tables are not plots).
          const widths = [...f.querySelectorAll('.uplot, canvas, svg, .atlas-grid')].map((p) => p.getBoundingClientRect().width);
          return { id: f.id, share: widths.length ? Math.max(...widths) / inner : null };
        }),
      );
      for (const { id, share } of shares) {
        if (share === null) continue;
        measured++;
        expect(share, `${path}#${id}`).toBeGreaterThanOrEqual(0.6);
      }
    }
    expect(measured).toBeGreaterThan(15);
  });

  test('the atlas shows ticks on every map and its colour key', async ({ page }) => {
    await page.goto('chapters/08-atlas.html');
    await ready(page, 'chapters/08-atlas.html');
    const maps = page.locator('.atlas-map');
    const count = await maps.count();
    expect(count).toBeGreaterThan(10);
    for (let k = 0; k < count; k++) {
      const map = maps.nth(k);
      for (const axis of ['x', 'y']) {
        const ticks = map.locator(`.atlas-ticks.${axis} span`);
        expect(await ticks.count(), `map ${k} ${axis}`).toBeGreaterThanOrEqual(2);
        await expect(ticks.first()).toBeVisible();
      }
    }
    // The ticks read as the key's decades, increasing along the bottom.
    const xs = await maps.first().locator('.atlas-ticks.x span').evaluateAll((s) => s.map((t) => t.getBoundingClientRect().left));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    await expect(page.locator('.atlas-key canvas')).toBeVisible();
    await expect(page.locator('.atlas-scale span')).toHaveCount(4);
  });
});

test('on a phone a finger on a figure\'s canvas scrolls the page, unless that canvas takes a drag', async ({ page }) => {
  // touch-action: none on a canvas swallows the swipe that should scroll past it; only
  // the canvases with a drag of their own (the chase's goal, the orientation sphere) may.
  await page.setViewportSize({ width: 390, height: 800 });
  const seen: string[] = [];
  for (const chapter of ['05-implicit-pd', '06-pid-turning', '07-submarine', '11-orientation', '12-chains']) {
    await page.goto(`chapters/${chapter}.html`);
    await everyFigure(page);
    const canvases = await page.locator('canvas.arena').evaluateAll((cs) =>
      cs.map((c) => ({ name: c.className, drags: c.classList.contains('takes-drag'), touch: getComputedStyle(c).touchAction })),
    );
    for (const c of canvases) {
      seen.push(c.name);
      expect(c.touch, `${chapter}: canvas.${c.name.replace(/ /g, '.')}`).toBe(c.drags ? 'none' : 'auto');
    }
  }
  // Both kinds were met: the test cannot pass by finding none.
  expect(seen.some((n) => n.includes('takes-drag'))).toBe(true);
  expect(seen.some((n) => !n.includes('takes-drag'))).toBe(true);
});
