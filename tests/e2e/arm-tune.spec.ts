/**
 * Chapter 12's tuner as a reader uses it: the wish the core opens on is met by SPD with
 * the mass matrix and not by PD per joint; a looser wish is met by more; a law's row
 * opens the arm figure at the gains found, whose table then says it settles in time; a
 * refused value is named and the table kept; laid out at 390 and 1280 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure } from './pages';

test.use({ reducedMotion: 'reduce' });

async function tuner(page: Page): Promise<Locator> {
  await page.goto('chapters/12-chains.html');
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="arm-tune"]');
  await f.scrollIntoViewIfNeeded();
  await expect(f).toHaveAttribute('data-curves', /\[/, { timeout: 30_000 });
  return f;
}

type Row = [string, boolean, number, number];
const rows = async (f: Locator): Promise<Row[]> => JSON.parse((await f.getAttribute('data-curves'))!) as Row[];
const meets = async (f: Locator, drive: string) => (await rows(f)).find((r) => r[0] === drive)![1];

for (const width of [390, 1280]) {
  test(`the tuner's table fits ${width} px`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const f = await tuner(page);
    await expect(f.locator('table.arm-tune-table tbody tr')).toHaveCount((await rows(f)).length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(problems).toEqual([]);
  });
}

test('the opening wish is met by the whole-chain SPD and not by PD per joint; its row opens the arm at its gains, which settle there in time', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const f = await tuner(page);
  expect(await meets(f, 'mass-matrix-spd')).toBe(true);
  expect(await meets(f, 'joint-pd')).toBe(false);
  await expect(f.locator('.arm-tune-status')).toContainText('SPD with the mass matrix');
  const [, , kp, kd] = (await rows(f)).find((r) => r[0] === 'mass-matrix-spd')!;
  const open = f.locator('table.arm-tune-table tr', { has: page.locator('th', { hasText: /^SPD with the mass matrix$/ }) }).locator('a.arm-tune-open');
  const href = (await open.getAttribute('href'))!;
  expect(Number(new URL(href).searchParams.get('arm-kp'))).toBe(kp);
  expect(Number(new URL(href).searchParams.get('arm-kd'))).toBe(kd);
  // The engines' drives are not the arm figure's laws: no link on their rows.
  const engine = f.locator('table.arm-tune-table tr', { has: page.locator('th', { hasText: /MuJoCo/ }) }).first();
  await expect(engine.locator('a')).toHaveCount(0);

  const other = await page.context().newPage();
  await other.goto(href);
  await everyFigure(other);
  const arm = other.locator('.figure[data-scene="arm"]');
  await expect.poll(async () => JSON.parse((await arm.getAttribute('data-metrics')) ?? '[]').length, { timeout: 30_000 }).toBeGreaterThan(0);
  const metrics = JSON.parse((await arm.getAttribute('data-metrics'))!) as { law: string; settle: number | null; blewUpAt: number | null }[];
  const spd = metrics.find((m) => m.law === 'mass-matrix-spd')!;
  expect(spd.blewUpAt).toBeNull();
  expect(spd.settle).not.toBeNull();
  expect(spd.settle!).toBeLessThanOrEqual(1);
  expect(problems).toEqual([]);
});

test('a looser wish is met by more drives; a refused value is named and the table kept', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const f = await tuner(page);
  const before = await rows(f);
  // What a reader could see between two of the page's own tasks: a search that ran as one
  // task would show no row in between, and the page would not answer meanwhile.
  await f.evaluate((host) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const look = () => {
      const text = host.querySelector('.arm-tune-status')!.textContent!;
      if (seen.at(-1) !== text) seen.push(text);
      if (!host.dataset.curves || !text.startsWith('Met by')) setTimeout(look, 0);
      else if (seen.length === 1) setTimeout(look, 0);
    };
    look();
  });
  const settle = f.getByRole('textbox', { name: 'Settle within' });
  await settle.fill('3.5');
  await settle.press('Enter');
  await expect.poll(async () => JSON.stringify(await rows(f)), { timeout: 30_000 }).not.toBe(JSON.stringify(before));
  const drives = before.length;
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  // Timers may run two rows back to back, so not every count is seen; but some are, in order.
  const progress = seen.map((t) => /^Tuning: (\d+) of (\d+) drives done…$/.exec(t)).filter((m) => m !== null);
  expect(progress.length, seen.join(' | ')).toBeGreaterThan(0);
  expect(progress.map((m) => Number(m[2]))).toEqual(progress.map(() => drives));
  const counts = progress.map((m) => Number(m[1]));
  expect(counts, 'rows come one by one').toEqual([...counts].sort((a, b) => a - b));
  expect(new Set(counts).size).toBe(counts.length);
  expect(Math.max(...counts)).toBeLessThan(drives);
  const looser = await rows(f);
  expect(looser.filter((r) => r[1]).length).toBeGreaterThan(before.filter((r) => r[1]).length);
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-tune-settle')).toBe('3.5');
  const torque = f.getByRole('textbox', { name: 'Torque at most' });
  await torque.fill('-5');
  await torque.press('Enter');
  await expect(f.locator('.param .message').filter({ hasText: /Torque/ })).toHaveCount(1);
  expect(await rows(f)).toEqual(looser);
  expect(problems).toEqual([]);
});
