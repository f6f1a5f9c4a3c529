/**
 * Chapter 12's arm as a reader uses it: the arms drawn on a phone and on a desktop;
 * kd raised to 10 at 60 Hz, where PD per joint blows up and SPD with the mass matrix
 * holds (the core's own numbers: `scenes::arm` tests); the link that keeps it reopening
 * in that state; a bad value named by its field.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, figureData, unfoldSettings } from './pages';

test.use({ reducedMotion: 'reduce' });

const PATH = 'chapters/12-chains.html';

/** The arm figure, mounted and run (paused: its preview, the whole window, at once). */
async function arm(page: Page, address = PATH): Promise<Locator> {
  await page.goto(address);
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="arm"]');
  await f.scrollIntoViewIfNeeded();
  await expect.poll(() => figureData(f), { timeout: 30_000 }).toMatch(/\S/);
  return f;
}

/** Pixels of the canvas with any ink. */
const inked = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });

/** What the canvas says it shows (which arms blew up, and when). */
const said = (f: Locator) => f.locator('canvas.arms').getAttribute('aria-label');

for (const width of [390, 1280]) {
  test(`the arms draw at ${width} px, every law named, inside the page's width`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const f = await arm(page);
    const canvas = f.locator('canvas.arms');
    await expect.poll(() => inked(canvas)).toBeGreaterThan(1000);
    const box = (await canvas.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // At its defaults every law survives 60 Hz.
    await expect.poll(() => said(f)).not.toContain('blew up');
    for (const name of ['PD per joint', 'SPD with the mass matrix', 'PID per joint']) await expect(f.locator('.u-legend').first()).toContainText(name);
    expect(problems).toEqual([]);
  });
}

test('kd 10 at 60 Hz blows up PD per joint and leaves SPD with the mass matrix holding; the link keeps it', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await arm(page);
  const before = await figureData(f);
  const kd = f.getByRole('textbox', { name: 'Damping kd' });
  await kd.fill('10');
  await kd.press('Enter');
  await expect.poll(() => figureData(f)).not.toBe(before);
  await expect.poll(() => said(f)).toMatch(/PD per joint blew up at t = 0\.\d\d s/);
  const label = (await said(f))!;
  expect(label).not.toContain('SPD with the mass matrix blew up');
  expect(label).not.toContain('SPD per joint blew up');
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-kd')).toBe('10');
  // The table under the plots says the same, in the core's numbers: when PD blew up, and what the paper's SPD reached.
  const row = (name: string) => f.locator('table.arm-metrics tr', { has: page.locator(':is(th, td)', { hasText: new RegExp(`^${name}$`) }) });
  await expect(row('PD per joint')).toContainText(/blew up at 0\.\d\d s/);
  const metrics = JSON.parse((await f.getAttribute('data-metrics'))!) as { law: string; blewUpAt: number | null; peakTorque: number }[];
  const spd = metrics.find((m) => m.law === 'mass-matrix-spd')!;
  expect(spd.blewUpAt).toBeNull();
  await expect(row('SPD with the mass matrix')).toContainText(String(Number(spd.peakTorque.toFixed(1))));
  expect(metrics.find((m) => m.law === 'joint-pd')!.blewUpAt).toBeGreaterThan(0);
  const after = await figureData(f);

  // The link reopens the figure in that state, to the last plotted bit.
  const other = await page.context().newPage();
  const again = await arm(other, page.url());
  await expect(again.getByRole('textbox', { name: 'Damping kd' })).toHaveValue('10');
  await expect.poll(() => said(again)).toBe(label);
  await expect.poll(() => figureData(again)).toBe(after);
  expect(problems).toEqual([]);
});

test('a bad value is refused naming its field, and the arms keep the last good one', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await arm(page);
  const before = await figureData(f);
  const kd = f.getByRole('textbox', { name: 'Damping kd' });
  await kd.fill('fast');
  await kd.press('Enter');
  await expect(f.getByText('Damping kd must be a number, got "fast"')).toBeVisible();
  // A step the core refuses: it names the step it was given.
  await unfoldSettings(f);
  const rate = f.getByRole('textbox', { name: 'Physics rate (1/dt)' });
  await rate.fill('5');
  await rate.press('Enter');
  await expect(f.locator('.message').filter({ hasText: /\bdt\b/ }).first()).toBeVisible();
  expect(await figureData(f)).toBe(before);
  // A bad value in a link is named too, and the default runs.
  await page.goto(`${PATH}?arm-kp=oops&arm-integrator=leapfrog`);
  await everyFigure(page);
  const g = page.locator('.figure[data-scene="arm"]');
  await expect(g.getByText('got "oops"').first()).toBeVisible();
  await expect(g.getByText('Integrator must be one of')).toBeVisible();
  await expect.poll(() => figureData(g)).toBe(before);
  expect(problems).toEqual([]);
});

test('the breaking table is the core\'s: SPD per joint breaks where its claim says, the paper\'s rule breaks the whole-chain SPD under semi-implicit Euler only, and the link keeps the choice', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(PATH);
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="arm-breaking"]');
  await f.scrollIntoViewIfNeeded();
  const cells = async () => JSON.parse((await f.getAttribute('data-curves'))!) as [string, ...(number | null)[]][];
  const row = async (law: string) => (await cells()).find((r) => r[0] === law)!.slice(1);
  const claims = JSON.parse(readFileSync(new URL('../../web/src/core/claims.json', import.meta.url), 'utf8')) as { id: string; figure: number }[];
  const figureOf = (id: string) => claims.find((c) => c.id === id)!.figure;
  // kd = 2 kp dt: the whole-chain SPD held at every rate, SPD per joint breaking at
  // 60 Hz exactly where chain-joint-spd-breaks measured it.
  await expect.poll(() => row('mass-matrix-spd')).toEqual([null, null, null]);
  expect((await row('joint-spd'))[1]).toBe(figureOf('chain-joint-spd-breaks'));
  await expect(f.locator('tbody tr').first()).toContainText('PD per joint');
  await expect(f.locator('tbody')).toContainText('held to 1e6');
  // The paper's rule, kd = kp dt: semi-implicit Euler breaks it where its claim says.
  const rule = f.locator('.param input[type=text]').first();
  await rule.fill('1');
  await rule.press('Enter');
  await expect.poll(async () => (await row('mass-matrix-spd'))[1]).toBe(figureOf('chain-spd-stable-any-gains'));
  await expect(page).toHaveURL(/arm-breaking-k=1/);
  // Under explicit Euler, the paper's own prediction, the same rule holds.
  await f.locator('select[name="arm-breaking-integrator"]').selectOption('explicit-euler');
  await expect.poll(() => row('mass-matrix-spd')).toEqual([null, null, null]);
  // The link (written a moment after a change) reopens it so.
  await expect(page).toHaveURL(/arm-breaking-integrator=explicit-euler/);
  await page.goto(page.url());
  await everyFigure(page);
  await expect(page.locator('.figure[data-scene="arm-breaking"] .param input[type=text]').first()).toHaveValue('1');
  await expect(page.locator('.figure[data-scene="arm-breaking"] select[name="arm-breaking-integrator"]')).toHaveValue('explicit-euler');
  // A rule the core refuses is named, and the default kept.
  await page.goto(`${PATH}?arm-breaking-k=-1#arm-breaking`);
  await everyFigure(page);
  const refused = page.locator('.figure[data-scene="arm-breaking"] .param .message').first();
  await expect(refused).toContainText('-1');
  await expect(page.locator('.figure[data-scene="arm-breaking"] .param input[type=text]').first()).toHaveValue('2');
  expect(problems).toEqual([]);
});

test('three links: the arm draws a third link, the plots gain the wrist, the per-joint laws blow up at 60 Hz, and the link reopens it', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await arm(page);
  const canvas = f.locator('canvas.arms');
  await expect(canvas).toHaveAttribute('data-links', '2');
  await expect(f.locator('select[name="arm-joint"] option')).toHaveText(['shoulder', 'elbow']);
  const before = await figureData(f);
  await unfoldSettings(f);
  await f.locator('select[name="arm-links"]').selectOption('3');
  await expect(canvas).toHaveAttribute('data-links', '3');
  await expect.poll(() => figureData(f)).not.toBe(before);
  await expect(f.locator('select[name="arm-joint"] option')).toHaveText(['shoulder', 'elbow', 'wrist']);
  // The core's three-link arm at the same gains: every law that acts on each joint alone blows up; the whole-chain SPD holds.
  await expect.poll(() => said(f)).toMatch(/^One three-link arm per law/);
  const label = (await said(f))!;
  for (const name of ['PD per joint', 'SPD per joint', 'PD + gravity compensation', 'PID per joint']) expect(label).toContain(`${name} blew up`);
  expect(label).not.toContain('SPD with the mass matrix blew up');
  await f.locator('select[name="arm-joint"]').selectOption('wrist');
  await expect(f.locator('.u-title').first()).toContainText('Wrist');
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-links')).toBe('3');
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-joint')).toBe('wrist');
  const after = await figureData(f);

  const other = await page.context().newPage();
  const again = await arm(other, page.url());
  await expect(again.locator('select[name="arm-links"]')).toHaveValue('3');
  await expect(again.locator('select[name="arm-joint"]')).toHaveValue('wrist');
  await expect(again.locator('canvas.arms')).toHaveAttribute('data-links', '3');
  await expect.poll(() => figureData(again)).toBe(after);
  // Back to two links: the wrist goes, the plots go back to the shoulder.
  await f.locator('select[name="arm-links"]').selectOption('2');
  await expect(canvas).toHaveAttribute('data-links', '2');
  await expect(f.locator('select[name="arm-joint"]')).toHaveValue('shoulder');
  await expect.poll(() => figureData(f)).toBe(before);
  expect(problems).toEqual([]);
});

test('a count of links the core does not offer is named from the link, and two links run', async ({ page }) => {
  const problems = watchConsole(page);
  const plain = await figureData(await arm(page));
  const f = await arm(page, `${PATH}?arm-links=7`);
  await expect(f.getByText('Links must be one of 2, 3, got "7"')).toBeVisible();
  await expect(f.locator('canvas.arms')).toHaveAttribute('data-links', '2');
  await expect.poll(() => figureData(f)).toBe(plain);
  expect(problems).toEqual([]);
});
