import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { watchConsole } from './console';
import { expectCaption } from './pages';

/** The scene's starting settings, as the core declares them (presets.json). */
const SCENE: { kd: number } = JSON.parse(readFileSync(new URL('../../web/src/core/presets.json', import.meta.url), 'utf8')).cubeScene;

async function openReady(page: Page, path = './'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

const plotImage = (page: Page) => page.locator('.plot canvas').first().evaluate((c: HTMLCanvasElement) => c.toDataURL());
const position = (page: Page, row: number) =>
  page.locator('.readout tbody tr').nth(row).locator('td').first().textContent();

async function pauseResetAndStep(page: Page, steps: number): Promise<void> {
  const pause = page.getByRole('button', { name: 'Pause' });
  if (await pause.isVisible()) await pause.click();
  await page.getByRole('button', { name: 'Reset' }).click();
  const step = page.getByRole('button', { name: 'Step' });
  for (let i = 0; i < steps; i++) await step.click();
}

test('the wasm loads and the cubes move toward the target', async ({ page }) => {
  const problems = watchConsole(page);
  await openReady(page);
  // Above the scene, the core's caption of it.
  await expectCaption(page.locator('#app'), 'index', 'cube');
  const target = Number(await page.locator('#param-target').inputValue());
  await pauseResetAndStep(page, 0);
  const rows = await page.locator('.readout tbody tr').count();
  expect(rows).toBeGreaterThan(1);
  const distances = async () => {
    const out: number[] = [];
    for (let r = 0; r < rows; r++) out.push(Math.abs(Number(await position(page, r)) - target));
    return out;
  };
  const before = await distances();
  expect(before.every((d) => d > 0.1), `every cube starts away from the target: ${before}`).toBe(true);
  const step = page.getByRole('button', { name: 'Step' });
  for (let i = 0; i < 30; i++) await step.click();
  const after = await distances();
  // Half a second in, every cube has closed at least half the gap.
  after.forEach((d, r) => expect(d, `cube ${r}: ${before[r]} -> ${d}`).toBeLessThan(before[r]! / 2));
  await expect(page.locator('#status')).toHaveText('');
  expect(problems).toEqual([]);
});

test('moving the kp slider changes the plotted response', async ({ page }) => {
  const problems = watchConsole(page);
  await openReady(page);
  await pauseResetAndStep(page, 20);
  const before = await plotImage(page);
  const beforePd = await position(page, 0);

  const slider = page.locator('#param-kp-range');
  await slider.focus();
  await page.keyboard.press('End');
  await expect(page.locator('#param-kp')).toHaveValue('1000000');
  await expect(page).toHaveURL(/kp=1000000/);

  await pauseResetAndStep(page, 20);
  expect(await plotImage(page)).not.toEqual(before);
  expect(await position(page, 0)).not.toEqual(beforePd);
  // At kp = 1e6 N/m and dt = 1/60 s forward PD leaves the stable region within steps.
  await expect(page.locator('.readout tbody tr').nth(0)).toContainText('diverged');
  await expect(page.locator('.readout tbody tr').nth(1)).not.toContainText('diverged');
  await expect(page.locator('main')).not.toContainText(/NaN|Infinity/);
  expect(problems).toEqual([]);
});

test('a value that is not a number is refused by name and the last value stays', async ({ page }) => {
  const problems = watchConsole(page);
  await openReady(page);
  const box = page.locator('#param-kd');
  await box.fill('abc');
  await box.press('Enter');
  await expect(page.locator('#param-kd-message')).toHaveText(`kd (damping) must be a number, got "abc"; still using ${SCENE.kd} N·s/m`);
  await box.fill('1e400');
  await box.press('Enter');
  await expect(page.locator('#param-kd-message')).toContainText('must be a finite number, got 1e400');
  await box.fill('35');
  await box.press('Enter');
  await expect(page.locator('#param-kd-message')).toHaveText('');
  await expect(page).toHaveURL(/kd=35/);
  expect(problems).toEqual([]);
});

test('settings come back from the URL, and junk in it is reported, not obeyed', async ({ page }) => {
  const problems = watchConsole(page);
  await openReady(page, './?kp=400&mass=%3Cscript%3E&dt=0.01');
  await expect(page.locator('#param-kp')).toHaveValue('400');
  await expect(page.locator('#param-dt')).toHaveValue('0.01');
  await expect(page.locator('#param-mass')).toHaveValue('1');
  await expect(page.locator('#param-mass-message')).toContainText('mass must be a number');
  expect(problems).toEqual([]);
});

test('a wasm module that cannot load is reported on the page', async ({ page }) => {
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto('./');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'failed');
  await expect(page.locator('#status')).toContainText('The simulation could not start');
});

test('dragging across the cube\'s track moves the target with the pointer, past the edges held to the track, and keeps it in the address', async ({ page }) => {
  const problems = watchConsole(page);
  await openReady(page);
  const canvas = page.locator('canvas.stage');
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  // The track runs from -1 m at the left edge to 3 m at the right (cube-and-target.ts).
  await page.mouse.move(box.x + box.width * 0.25, y);
  await page.mouse.down();
  await expect(page.locator('#param-target')).toHaveValue('0');
  await page.mouse.move(box.x + box.width * 0.75, y, { steps: 4 });
  await expect(page.locator('#param-target')).toHaveValue('2');
  // The canvas holds the pointer: a drag past its right edge stops at the track's end.
  await page.mouse.move(box.x + box.width + 200, y, { steps: 4 });
  await expect(page.locator('#param-target')).toHaveValue('3');
  await page.mouse.up();
  // Released, a move no longer drags.
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 4 });
  await expect(page.locator('#param-target')).toHaveValue('3');
  await expect(page).toHaveURL(/target=3/);
  expect(problems).toEqual([]);
});
