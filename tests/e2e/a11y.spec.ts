import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { ready as drawn, sitePages as pages } from './pages';

test.describe.configure({ timeout: 120_000 });

async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await drawn(page, path);
}

// One load per page, checked in the reader's light scheme, then switched to dark as a
// reader's system does mid-visit (the page re-reads its colours on the switch): a second
// load per page cost a fifth of this file's time.
for (const path of pages) {
  test(`axe finds nothing serious on ${path} (light, then dark)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await ready(page, path);
    // Folded settings are part of the page too: open them so axe checks their controls.
    await page.locator('details:not([open]) > summary').evaluateAll((ss) => ss.forEach((s) => (s.parentElement as HTMLDetailsElement).open = true));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map((v) => `${scheme}: ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
      ).toEqual([]);
    }
  });
}

test('the keyboard alone moves a slider and plays and pauses the scene', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page, 'index.html');
  const play = page.getByRole('button', { name: /^(Play|Pause)$/ });
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  // Tab from the top until the play button has focus, then Space.
  for (let i = 0; i < 30 && !(await play.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  // On to the kp slider; the arrow keys move it and the value box follows.
  const slider = page.locator('#param-kp-range');
  for (let i = 0; i < 40 && !(await slider.evaluate((s) => s === document.activeElement)); i++) await page.keyboard.press('Tab');
  const before = await page.locator('#param-kp').inputValue();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await expect(page.locator('#param-kp')).not.toHaveValue(before);
  // Focus is visible: the focused slider draws an outline.
  expect(await slider.evaluate((s) => getComputedStyle(s).outlineStyle)).not.toBe('none');
  await expect(page).toHaveURL(/kp=/);
});

test('a whole session asks no other host for anything', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  for (const path of pages) {
    await ready(page, path);
    // Use each page a little: press every visible Play, move the first slider.
    for (const b of await page.getByRole('button', { name: 'Play' }).all()) if (await b.isVisible()) await b.click();
    const slider = page.locator('input[type=range]').first();
    if (await slider.isVisible()) await slider.focus().then(() => page.keyboard.press('ArrowRight'));
    await page.waitForTimeout(200);
  }
  expect(elsewhere).toEqual([]);
});

test.describe('at 360 px on a touch screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  for (const path of pages) {
    test(`${path} fits the width`, async ({ page }) => {
      await ready(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }

  test('a finger drags the target of an embedded scene', async ({ page }) => {
    await ready(page, 'embed.html?scene=cube&target=0');
    const canvas = page.locator('forcelab-scene canvas.stage');
    const box = (await canvas.boundingBox())!;
    const touch = { pointerType: 'touch', isPrimary: true, pointerId: 7, bubbles: true };
    await canvas.dispatchEvent('pointerdown', { ...touch, clientX: box.x + box.width * 0.3, clientY: box.y + 60 });
    await canvas.dispatchEvent('pointermove', { ...touch, clientX: box.x + box.width * 0.8, clientY: box.y + 60 });
    await canvas.dispatchEvent('pointerup', { ...touch, clientX: box.x + box.width * 0.8, clientY: box.y + 60 });
    // 80 % across a view from -1 m to 3 m is 2.2 m.
    await expect.poll(async () => Number(await page.locator('forcelab-scene #param-target').inputValue())).toBeCloseTo(2.2, 1);
  });
});
