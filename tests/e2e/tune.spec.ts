import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console';

// Reduced motion: the Lab computes its whole run at once, so the metrics read a finished run.
test.use({ reducedMotion: 'reduce' });

/** The metrics row of controller `k`: rise, settle, overshoot (%), error, IAE, peak force. */
async function measured(page: Page, k: number): Promise<number[]> {
  const cells = await page.locator('.metrics tbody tr').nth(k).locator('td').allTextContents();
  return cells.slice(0, 6).map((c) => (c === 'not reached' ? Infinity : Number(c)));
}

/** Sets a "Tune for me" field of card `k` as a reader types it. */
async function setWish(page: Page, k: number, name: string, value: string): Promise<void> {
  const field = page.locator(`#param-tune-${k}-${name}`);
  await field.fill(value);
  await field.press('Enter');
}

for (const law of ['pd', 'backward-pd', 'implicit-pd', 'pid']) {
  test(`Tune for me (${law}): the gains it applies make the Lab measure the wish`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`lab.html?c=${law}`);
    await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/);
    const before = await page.locator('.metrics').getAttribute('data-trace-hash');
    await page.locator('.law .tune summary').first().click();
    await setWish(page, 0, 'settle', '0.5');
    await setWish(page, 0, 'overshoot', '1');
    await page.locator('#tune-0-limit').check();
    await setWish(page, 0, 'effort', '400');
    await page.locator('.law .tune').first().getByRole('button', { name: 'Find gains' }).click();
    const result = page.locator('.tune-result').first();
    await expect(result).toHaveAttribute('data-feasible', 'true');
    await page.locator('.law .tune').first().getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.metrics')).not.toHaveAttribute('data-trace-hash', before!);
    await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/);
    const [, settle, overshoot, , , peak] = await measured(page, 0);
    // The table prints a few digits: allow its rounding, nothing more.
    expect(settle).toBeLessThanOrEqual(0.5 + 1e-3);
    expect(overshoot).toBeLessThanOrEqual(1 + 1e-3);
    expect(peak).toBeLessThanOrEqual(400 * (1 + 1e-3));
    expect(problems).toEqual([]);
  });
}

test('Tune for me says which wish binds when nothing meets it, and names a bad field', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('lab.html?c=spd');
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/);
  await page.locator('.law .tune summary').first().click();
  await setWish(page, 0, 'settle', '0.2');
  // The force limit's field is shown only while its box is ticked: moving it would ask nothing.
  await expect(page.locator('#param-tune-0-effort')).toBeHidden();
  await page.locator('#tune-0-limit').check();
  await expect(page.locator('#param-tune-0-effort')).toBeVisible();
  await setWish(page, 0, 'effort', '2');
  await page.locator('.law .tune').first().getByRole('button', { name: 'Find gains' }).click();
  const result = page.locator('.tune-result').first();
  await expect(result).toHaveAttribute('data-feasible', 'false');
  await expect(result).toContainText(/Nothing meets this wish: the (settle|max effort) requirement binds/);
  await expect(result).toContainText('The nearest wish these gains meet');
  // A settle time longer than the Lab's run cannot be measured by it: refused by name.
  await setWish(page, 0, 'settle', '50');
  await page.locator('.law .tune').first().getByRole('button', { name: 'Find gains' }).click();
  await expect(result).toContainText('settle must be');
  await expect(page.locator('.law .tune').first().getByRole('button', { name: 'Apply' })).toBeDisabled();
  expect(problems).toEqual([]);
});
