import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { unfold, everyFigure } from './pages';

test.use({ reducedMotion: 'reduce' });

/** A Lab run with two controllers, a step, noise and a sideswipe, computed whole (paused). */
const RUN = 'lab.html?c=pd,spd&kp0=400&kd0=40&kp1=400&kd1=40&T=3&seed=7';

async function openLab(page: Page, url = RUN): Promise<void> {
  await page.goto(url);
  await everyFigure(page);
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /.+/);
}

async function downloaded(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path())!);
}

const plotted = (page: Page, cls: string) => page.locator(`.plot.${cls}`).evaluate((el) => (el as HTMLElement & { plotted: number[][] }).plotted);

test('the exported CSV holds exactly the plotted data, row for row', async ({ page }) => {
  const problems = watchConsole(page);
  await openLab(page);
  const csv = (await downloaded(page, 'Download CSV')).toString('utf8');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  const names = header!.split(',');
  const table = rows.map((r) => r.split(',').map(Number));
  const response = await plotted(page, 'response'); // [time, target, x per controller]
  const effort = await plotted(page, 'effort'); // [time, effort per controller]
  const n = response.length - 2;
  expect(n).toBe(2);
  expect(names).toHaveLength(2 + 7 * n);
  expect(table.length).toBe(response[0]!.length);
  expect(table.length).toBeGreaterThan(100);
  table.forEach((row, r) => {
    expect(row[0]).toBe(response[0]![r]);
    expect(row[1]).toBe(response[1]![r]);
    for (let k = 0; k < n; k++) {
      expect(row[2 + 7 * k]).toBe(response[2 + k]![r]);
      expect(row[2 + 7 * k + 2]).toBe(effort[1 + k]![r]);
    }
  });
  await expect(page.locator('.export-status')).toContainText(`Saved ${table.length} rows`);
  expect(problems).toEqual([]);
});

test('a CSV saved in the same moment as a gain edit holds the edited run, not the one before', async ({ page }) => {
  const problems = watchConsole(page);
  await openLab(page);
  const before = (await downloaded(page, 'Download CSV')).toString('utf8');
  const hash = await page.locator('.metrics').getAttribute('data-trace-hash');
  // The slider edit and the click in one task: the edit's rerun waits for the next
  // frame, so the export must apply it first.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate(() => {
      const range = document.getElementById('param-1-kp-range') as HTMLInputElement;
      range.value = String(Number(range.value) + 60);
      range.dispatchEvent(new Event('input', { bubbles: true }));
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Download CSV')!.click();
    }),
  ]);
  const during = readFileSync((await file.path())!).toString('utf8');
  expect(during).not.toBe(before);
  // Once the frame has drawn the edit, its CSV is the same file.
  await expect.poll(async () => page.locator('.metrics').getAttribute('data-trace-hash')).not.toBe(hash);
  const after = (await downloaded(page, 'Download CSV')).toString('utf8');
  expect(during).toBe(after);
  expect(problems).toEqual([]);
});

test('the response plot downloads as a PNG and as an SVG', async ({ page }) => {
  const problems = watchConsole(page);
  await openLab(page);
  const png = await downloaded(page, 'Response as PNG');
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const svg = (await downloaded(page, 'Response as SVG')).toString('utf8');
  expect(svg.startsWith('<svg ')).toBe(true);
  // The target and both controllers are drawn.
  expect(new Set([...svg.matchAll(/data-series="(\d+)"/g)].map((m) => m[1])).size).toBe(3);
  expect(svg).not.toMatch(/NaN|Infinity/);
  expect(problems).toEqual([]);
});

test('"Copy link" gives a link that replays the same run bit for bit', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await openLab(page);
  // Change something first, so the link has to carry it.
  const before = await page.locator('.metrics').getAttribute('data-trace-hash');
  await page.locator('#param-dt').fill('0.01');
  await page.locator('#param-dt').press('Enter');
  await expect.poll(() => page.locator('.metrics').getAttribute('data-trace-hash')).not.toBe(before);
  // A change restarts the run at t = 0; play it to its end (3 s) to hash the whole run.
  // The paused page had already run it whole: Play starts it over, and its hash goes
  // while it plays (at the page's next frame), so wait for that before waiting for the end.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.locator('.metrics')).not.toHaveAttribute('data-trace-hash', /.+/);
  await expect(page.locator('.run-status')).toContainText('Run finished', { timeout: 15_000 });
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /.+/);
  const hash = await page.locator('.metrics').getAttribute('data-trace-hash');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.export-status')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('dt=0.01');
  const other = await context.newPage();
  await openLab(other, link);
  await expect(other.locator('.metrics')).toHaveAttribute('data-trace-hash', hash!);
});

/** The chapters' animated figures: the snap (chapter 5), the chase (chapter 6), the dives and the tumble (chapter 7). */
const FIGURES = [
  ['05-implicit-pd', 'snap', 'snap'],
  ['06-pid-turning', 'pursuit', 'chase'],
  ['07-submarine', 'dive', 'dive'],
  ['07-submarine', 'tumble', 'tumble'],
] as const;

for (const [chapter, scene, name] of FIGURES) {
  test(`the ${name} figure exports its plots: the CSV holds exactly what is plotted, and PNG and SVG pictures`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`chapters/${chapter}.html`);
    await everyFigure(page);
    const figure = page.locator(`.figure[data-scene=${scene}]`);
    // Paused (reduced motion): the figure has run its preview and rests.
    await expect(figure).toHaveAttribute('data-curves', /.+/);
    await unfold(figure);
    const save = async (button: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name: button }).click()]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`^forcelab-${name}\\.`));
      return readFileSync((await file.path())!);
    };
    const plotted = await figure.locator('.plot').evaluateAll((els) => els.map((el) => (el as HTMLElement & { plotted: number[][] }).plotted));
    expect(plotted.length).toBeGreaterThanOrEqual(2);
    const csv = (await save('Download CSV')).toString('utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    const table = rows.map((r) => r.split(',').map(Number));
    // One shared time column (the plots are sampled together), then every plotted series in order.
    const expected = [plotted[0]![0]!, ...plotted.flatMap((columns) => columns.slice(1))];
    expect(header!.split(',').length).toBeGreaterThanOrEqual(expected.length);
    expect(table.length).toBe(expected[0]!.length);
    expect(table.length).toBeGreaterThan(100);
    table.forEach((row, r) => expect(row).toEqual(expected.map((c) => c[r])));
    await expect(figure.locator('.export-status')).toContainText(`Saved ${table.length} rows`);

    const png = await save('Plots as PNG');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = (await save('Plots as SVG')).toString('utf8');
    expect(svg.match(/<svg x="0" y="/g)).toHaveLength(plotted.length);
    expect(svg.match(/<polyline/g)!.length).toBeGreaterThanOrEqual(plotted.length);
    expect(problems).toEqual([]);
  });
}
