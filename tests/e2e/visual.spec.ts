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
import { ready, sitePages } from './pages';

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
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const s = getComputedStyle(el);
      const clips = (o: string) => o === 'hidden' || o === 'clip';
      if (!visible(el) || !(clips(s.overflowX) || clips(s.overflowY)) || !el.textContent?.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} clips its text`);
    }
    return out.slice(0, 5);
  });

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    for (const path of sitePages) {
      test(`${path} fits, clips no text, and is screenshotted in light and dark`, async ({ page }) => {
        test.setTimeout(90_000);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(path);
          await ready(page, path);
          const spill = await spills(page);
          expect(spill.out, `${scheme}: sticks out`).toEqual([]);
          expect(spill.pageWidth, `${scheme}: the page scrolls sideways`).toBeLessThanOrEqual(spill.width + 1);
          expect(await clipped(page), scheme).toEqual([]);
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
