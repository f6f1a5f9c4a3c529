import { expect, test } from '@playwright/test';
import { watchConsole } from './console';

/** How many pixels of the swarm canvas differ from its top-left (background) pixel. */
const inkedPixels = (page: import('@playwright/test').Page) =>
  page.locator('#swarm-canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 4; i < d.length; i += 4) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) n++;
    return n;
  });

test('the swarm flies, draws, measures itself and takes a new count', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('swarm.html?n=5000');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await page.evaluate(() => window.forcelabSwarm!.count)).toBe(5000);
  await page.waitForFunction(() => window.forcelabSwarm!.steps > 60);
  expect(await inkedPixels(page)).toBeGreaterThan(1000);
  await expect(page.locator('#frame-stats')).toContainText('5,000 missiles');
  const before = await page.evaluate(() => window.forcelabSwarm!.checksum());

  await page.locator('#param-n').fill('12000');
  await page.locator('#param-n').press('Enter');
  expect(await page.evaluate(() => window.forcelabSwarm!.count)).toBe(12000);
  await expect(page).toHaveURL(/n=12000/);

  // A bad count is named next to its field and the swarm keeps the last good one.
  for (const bad of ['abc', '1e400', '2000000', '12.5']) {
    await page.locator('#param-n').fill(bad);
    await page.locator('#param-n').press('Enter');
    await expect(page.locator('#param-n-message')).toContainText('Missiles');
    expect(await page.evaluate(() => window.forcelabSwarm!.count)).toBe(12000);
  }

  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = await page.evaluate(() => window.forcelabSwarm!.steps);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.forcelabSwarm!.steps)).toBe(paused);
  await page.getByRole('button', { name: 'Step' }).click();
  expect(await page.evaluate(() => window.forcelabSwarm!.steps)).toBe(paused + 1);
  expect(await page.evaluate(() => window.forcelabSwarm!.checksum())).not.toBe(before);
  expect(problems).toEqual([]);
});

test('reduced motion starts the swarm paused, drawn', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('swarm.html?n=3000');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.forcelabSwarm!.steps)).toBe(0);
  expect(await inkedPixels(page)).toBeGreaterThan(500);
});
