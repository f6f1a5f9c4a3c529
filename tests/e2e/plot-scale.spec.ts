/**
 * A law that explodes does not take the plot with it (web/src/plot/focus-range.ts): on the
 * two figures whose point is that one law lands while another explodes, the landing law
 * fills the response plot, the exploding one is marked where it leaves, the reader can
 * switch to the full range and back, and the SVG export draws what the screen draws.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, unfold } from './pages';

test.use({ reducedMotion: 'reduce' });

type Host = HTMLElement & { plotted: number[][] };

/** The response plot's data, its drawn y range and the series it marks off the scale. */
const readPlot = (plot: Locator) =>
  plot.evaluate((el) => ({
    plotted: (el as Host).plotted,
    range: JSON.parse(el.dataset.yRange!) as [number, number],
    off: JSON.parse(el.dataset.offScale ?? '[]') as { series: number; at: number; label: string }[],
    note: el.querySelector('.plot-off-scale')?.textContent ?? '',
    legend: [...el.querySelectorAll('.u-legend .u-series .u-label')].map((l) => l.textContent ?? ''),
  }));

async function openFigure(page: Page, chapter: string, id: string): Promise<Locator> {
  await page.goto(`chapters/${chapter}`);
  await everyFigure(page);
  const figure = page.locator(`.figure[data-scene="${id}"]`);
  await expect(figure.locator('.metrics')).toHaveAttribute('data-trace-hash', /.+/);
  return figure;
}

const CASES = [
  { chapter: '02-pd.html', id: 'pd-stiff', lands: /Wu/, explodes: /forward PD/ },
  { chapter: '04-spd.html', id: 'spd-cube', lands: /SPD \(paper form\)/, explodes: /forward PD/ },
] as const;

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const c of CASES) {
      test(`${c.id}: the law that lands fills the response plot and the one that explodes is marked where it leaves`, async ({ page }) => {
        const problems = watchConsole(page);
        const figure = await openFigure(page, c.chapter, c.id);
        const plot = figure.locator('.plot.response');
        const { plotted, range, off, note, legend } = await readPlot(plot);
        // The legend names the plotted series in order: the target, then each law.
        expect(legend).toHaveLength(plotted.length - 1);
        const landing = legend.findIndex((l) => c.lands.test(l));
        expect(landing, legend.join(' | ')).toBeGreaterThan(0);
        // The landing law ends on the target, and its whole run is on the scale, over half its height.
        const xs = plotted[1 + landing]!;
        expect(Math.abs(xs.at(-1)! - plotted[1]!.at(-1)!)).toBeLessThan(0.02);
        expect(Math.min(...xs)).toBeGreaterThanOrEqual(range[0]);
        expect(Math.max(...xs)).toBeLessThanOrEqual(range[1]);
        expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.5 * (range[1] - range[0]));
        // The exploding law is named, in the note and the legend, with the time it leaves.
        const gone = off.find((o) => c.explodes.test(o.label));
        expect(gone, JSON.stringify(off)).toBeDefined();
        const col = plotted[1 + gone!.series]!;
        const first = col.findIndex((v) => v > range[1] || v < range[0]);
        expect(gone!.at).toBe(plotted[0]![first]);
        expect(note).toMatch(new RegExp(`diverged: off the scale from t = ${Number(gone!.at.toPrecision(3))} s`));
        expect(legend[gone!.series]).toContain('off the scale from t =');
        await expect(plot.locator('.plot-off-scale')).toBeVisible();
        // The full range on request, and back.
        await plot.getByRole('button', { name: 'Show the full range' }).click();
        const full = await readPlot(plot);
        const peak = Math.max(...col.filter(Number.isFinite).map(Math.abs));
        expect(Math.max(Math.abs(full.range[0]), Math.abs(full.range[1]))).toBeGreaterThanOrEqual(peak);
        expect(full.off).toEqual([]);
        await plot.getByRole('button', { name: 'Focus on the bounded series' }).click();
        expect((await readPlot(plot)).range).toEqual(range);
        expect(problems).toEqual([]);
      });
    }
  });
}

test('the SVG of a plot with a runaway series draws the screen range and the mark', async ({ page }) => {
  const figure = await openFigure(page, '02-pd.html', 'pd-stiff');
  await unfold(figure);
  const { range, off } = await readPlot(figure.locator('.plot.response'));
  const [file] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name: 'Response as SVG' }).click()]);
  const svg = readFileSync((await file.path())!, 'utf8');
  expect(svg).not.toMatch(/NaN|Infinity/);
  expect(svg).toMatch(new RegExp(`data-off-scale="${off[0]!.series}"`));
  expect(svg).toContain('diverged: off the scale from t =');
  // The y ticks of the response plot stay within the bounded range (no 5e6 on the axis).
  const ticks = [...svg.matchAll(/text-anchor="end">([-\d.e]+)</g)].map((m) => Number(m[1]));
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  for (const t of ticks) expect(t).toBeGreaterThanOrEqual(range[0] - 1e-9);
  for (const t of ticks) expect(t).toBeLessThanOrEqual(range[1] + 1e-9);
});
