/**
 * Chapter 12's stability map of the arm as a reader uses it: drawn inside the page on a
 * phone and a desktop; the ring follows the gains typed; the law, rate and integrator
 * menus change the map the core computes (SPD per joint unstable on the stiffest row
 * where the whole-chain SPD holds); the link reopens it; bad values named, never NaN.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, figureData } from './pages';

test.use({ reducedMotion: 'reduce' });

const PATH = 'chapters/12-chains.html';

/** What the figure shows: the law, rate and integrator, the ring's gains and radius, every cell's kp, kd and radius. */
interface MapData {
  law: string;
  rate: number;
  integrator: string;
  marker: [number, number, number | null];
  cells: [number, number, number | null][];
}

async function mapFigure(page: Page, address = PATH): Promise<Locator> {
  await page.goto(address);
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="arm-map"]');
  await f.scrollIntoViewIfNeeded();
  await expect.poll(() => figureData(f), { timeout: 30_000 }).toMatch(/\S/);
  return f;
}

const data = async (f: Locator): Promise<MapData> => JSON.parse(await figureData(f)) as MapData;

/** The ring's place, as fractions of the map's side from its left and bottom edges. */
const ring = (f: Locator): Promise<[number, number]> => f.locator('.arm-map-marker').evaluate((m: HTMLElement) => [parseFloat(m.style.left) / 100, parseFloat(m.style.bottom) / 100] as [number, number]);

/** Whether every cell of the stiffest row is stable, and whether any is. */
const topRow = (d: MapData) => {
  const kpTop = Math.max(...d.cells.map((c) => c[0]));
  const row = d.cells.filter((c) => c[0] === kpTop).map((c) => c[2] !== null && c[2] <= 1 + 1e-12);
  return { all: row.every(Boolean), any: row.some(Boolean) };
};

for (const width of [390, 1280]) {
  test(`the map draws at ${width} px inside the page, its ring on it, no NaN anywhere`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const f = await mapFigure(page);
    const canvas = f.locator('.arm-map canvas').first();
    for (const part of [canvas, f.locator('.arm-map-marker'), f.locator('.atlas-ticks.y span').first(), f.locator('.atlas-readout')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const d = await data(f);
    expect(d.cells.length).toBeGreaterThan(100);
    // The ring starts at the arm figure's gains (the core's defaults), where PD per joint holds.
    expect(d.marker[0]).toBe(50);
    expect(d.marker[1]).toBe(5);
    expect(d.marker[2]!).toBeLessThan(1);
    await expect(f.locator('.arm-map-title')).toContainText('PD per joint at 60 Hz');
    await expect(f.locator('.atlas-readout')).toContainText('stable: a small error dies out');
    expect(await f.textContent()).not.toContain('NaN');
    expect(problems).toEqual([]);
  });
}

test('the ring follows kp and kd typed and a cell clicked; the link keeps it', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await mapFigure(page);
  const [x0, y0] = await ring(f);
  const kp = f.getByRole('textbox', { name: 'Ring at stiffness kp' });
  await kp.fill('500');
  await kp.press('Enter');
  await expect.poll(async () => (await ring(f))[1]).toBeGreaterThan(y0 + 0.2);
  expect((await ring(f))[0]).toBe(x0);
  expect((await data(f)).marker[0]).toBe(500);
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-map-kp')).toBe('500');
  // At kp 500 and kd 5, 60 Hz: PD per joint is unstable, and the readout says so.
  await expect(f.locator('.atlas-readout')).toContainText('unstable');
  // A click on the bottom-left cell puts its gains in the fields and the ring on it.
  const canvas = f.locator('.arm-map canvas').first();
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: 2, y: box.height - 2 } });
  const d = await data(f);
  expect(d.marker[0]).toBe(Number(d.cells[0]![0].toPrecision(3)));
  expect(d.marker[1]).toBe(Number(d.cells[0]![1].toPrecision(3)));
  await expect(kp).toHaveValue(String(d.marker[0]));
  const [x, y] = await ring(f);
  expect(x).toBeLessThan(0.05);
  expect(y).toBeLessThan(0.05);
  const after = await figureData(f);
  // The address takes the clicked cell's gains a moment after the click.
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-map-kd')).toBe(String(d.marker[1]));
  const other = await page.context().newPage();
  const again = await mapFigure(other, page.url());
  await expect.poll(() => figureData(again)).toBe(after);
  expect(problems).toEqual([]);
});

test('the laws\' maps are the core\'s: SPD per joint breaks on the stiffest row where the whole-chain SPD holds; rate and integrator change the map and the link reopens them', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await mapFigure(page);
  const law = f.locator('select[name="arm-map-law"]');
  await law.selectOption('joint-spd');
  await expect.poll(async () => (await data(f)).law).toBe('joint-spd');
  expect(topRow(await data(f)).any).toBe(false);
  await law.selectOption('mass-matrix-spd');
  await expect.poll(async () => (await data(f)).law).toBe('mass-matrix-spd');
  const whole = await data(f);
  expect(topRow(whole).any).toBe(true);
  await f.locator('select[name="arm-map-rate"]').selectOption('30');
  await expect.poll(async () => (await data(f)).rate).toBe(30);
  const slow = await data(f);
  expect(slow.cells).not.toEqual(whole.cells);
  await f.locator('select[name="arm-map-integrator"]').selectOption('explicit-euler');
  await expect.poll(async () => (await data(f)).integrator).toBe('explicit-euler');
  expect((await data(f)).cells).not.toEqual(slow.cells);
  await expect(f.locator('.arm-map-title')).toContainText('SPD with the mass matrix at 30 Hz');
  await expect(page).toHaveURL(/arm-map-integrator=explicit-euler/);
  const after = await figureData(f);
  const other = await page.context().newPage();
  const again = await mapFigure(other, page.url());
  await expect(again.locator('select[name="arm-map-law"]')).toHaveValue('mass-matrix-spd');
  await expect(again.locator('select[name="arm-map-rate"]')).toHaveValue('30');
  await expect(again.locator('select[name="arm-map-integrator"]')).toHaveValue('explicit-euler');
  await expect.poll(() => figureData(again)).toBe(after);
  expect(problems).toEqual([]);
});

test('bad values in the link and the fields are named by field and value, the defaults kept, never NaN', async ({ page }) => {
  const problems = watchConsole(page);
  const plain = await figureData(await mapFigure(page));
  const f = await mapFigure(page, `${PATH}?arm-map-rate=45&arm-map-law=spd&arm-map-kp=-3&arm-map-kd=lots#arm-map`);
  await expect(f.getByText('Physics rate must be one of 30, 60, 120, got "45"')).toBeVisible();
  await expect(f.getByText('Law must be one of')).toBeVisible();
  await expect(f.getByText('got -3').first()).toBeVisible();
  await expect(f.getByText('got "lots"').first()).toBeVisible();
  await expect.poll(() => figureData(f)).toBe(plain);
  // A gain refused when typed: named with its value, the ring stays.
  const kd = f.getByRole('textbox', { name: 'Ring at damping kd' });
  await kd.fill('-1');
  await kd.press('Enter');
  await expect(f.getByText('Ring at damping kd must be at least 0, got -1')).toBeVisible();
  expect(await figureData(f)).toBe(plain);
  // A damping far past any the map covers: the ring sits on the edge and the readout gives a number or a reason, never NaN.
  await kd.fill('1e300');
  await kd.press('Enter');
  await expect.poll(async () => (await ring(f))[0]).toBe(1);
  await expect(f.locator('.atlas-readout')).toContainText('off the map');
  expect(await f.textContent()).not.toContain('NaN');
  expect(problems).toEqual([]);
});
