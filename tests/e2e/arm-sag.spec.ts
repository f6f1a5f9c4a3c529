/**
 * Chapter 12's sag figure as a reader uses it: drawn on a phone and a desktop on log
 * axes; PD's shoulder sag meets the dashed weight-over-stiffness line at the stiff end
 * and lies above it at the soft end; SPD per joint rests lower; the laws that carry the
 * weight are named instead of drawn; the joint menu moves to the elbow (whose own weight
 * torque is 0 at the pose, said in the note) and the link reopens it there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure } from './pages';

test.use({ reducedMotion: 'reduce' });

async function sagFigure(page: Page, address = 'chapters/12-chains.html'): Promise<Locator> {
  await page.goto(address);
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="arm-sag"]');
  await f.scrollIntoViewIfNeeded();
  await expect(f).toHaveAttribute('data-curves', /columns/);
  return f;
}

interface Curves {
  joint: string;
  /** The drawn laws' ids, in series order; the rule of thumb follows them. */
  laws: string[];
  columns: (number | null)[][];
}
const curves = async (f: Locator): Promise<Curves> => JSON.parse((await f.getAttribute('data-curves'))!) as Curves;

for (const width of [390, 1280]) {
  test(`the sag draws at ${width} px on log axes, inside the page's width`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const f = await sagFigure(page);
    const canvas = f.locator('.plot.arm-sag canvas').first();
    const box = (await canvas.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const name of ['PD per joint', 'SPD per joint', 'G(q*) / kp']) await expect(f.locator('.u-legend')).toContainText(name);
    expect(problems).toEqual([]);
  });
}

test('PD\'s shoulder sag meets the weight over kp when stiff and lies above it when soft; SPD per joint rests lower; the elbow and the link', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await sagFigure(page);
  const { joint, laws, columns } = await curves(f);
  expect(joint).toBe('shoulder');
  const [kp, ...series] = columns;
  expect(laws).not.toContain('pd-gravity');
  const at = (law: string) => series[laws.indexOf(law)]!;
  const pd = at('joint-pd');
  const spd = at('joint-spd');
  const rule = series.at(-1)!;
  const last = kp!.length - 1;
  expect(kp![0]).toBeLessThan(kp![last]!);
  expect(Math.abs(pd[last]! / rule[last]! - 1)).toBeLessThan(2e-3);
  expect(pd[5]!).toBeGreaterThan(rule[5]! * 1.02);
  for (let k = 0; k <= last; k++) if (pd[k] !== null && spd[k] !== null) expect(spd[k]!).toBeGreaterThan(pd[k]!);
  await expect(f.locator('.arm-sag-note')).toContainText('PD + gravity compensation');
  await expect(f.locator('.arm-sag-note')).toContainText('no sag at any kp');

  await f.getByRole('combobox', { name: 'Joint' }).selectOption('elbow');
  await expect.poll(async () => (await curves(f)).joint).toBe('elbow');
  await expect(f.locator('.arm-sag-note')).toContainText('stands upright');
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-sag-joint')).toBe('elbow');
  const other = await page.context().newPage();
  const again = await sagFigure(other, page.url());
  await expect(again.getByRole('combobox', { name: 'Joint' })).toHaveValue('elbow');
  expect((await curves(again)).columns).toEqual((await curves(f)).columns);
  expect(problems).toEqual([]);
});

test('more damping lowers SPD per joint\'s rest and leaves PD\'s where it was; a bad damping is named and the curves kept', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await sagFigure(page);
  const before = await curves(f);
  const kd = f.getByRole('textbox', { name: 'Damping kd' });
  await kd.fill('40');
  await kd.press('Enter');
  await expect.poll(async () => JSON.stringify((await curves(f)).columns)).not.toBe(JSON.stringify(before.columns));
  const after = await curves(f);
  const series = (c: Curves, law: string) => c.columns[1 + c.laws.indexOf(law)]!;
  expect(series(after, 'joint-pd')).toEqual(series(before, 'joint-pd'));
  const k = 10;
  expect(series(after, 'joint-spd')[k]!).toBeGreaterThan(series(before, 'joint-spd')[k]! * 1.05);
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-sag-kd')).toBe('40');
  await kd.fill('-3');
  await kd.press('Enter');
  await expect(f.locator('.param .message').first()).toContainText('kd');
  expect((await curves(f)).columns).toEqual(after.columns);
  expect(problems).toEqual([]);
});
