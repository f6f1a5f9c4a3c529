/**
 * Chapter 11 as a reader uses it: turn the target past 180 degrees and read which way
 * each drive went; switch MuJoCo's settings and watch the gimbal get through its lock;
 * play the turn; pick the drives shown (five at most); copy the link and open it in a
 * new tab, set as it was; a bad value named by its field.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, unfold, unfoldSettings, wasmRequests } from './pages';

const PATH = 'chapters/11-orientation.html';

async function figure(page: Page, query = ''): Promise<Locator> {
  await page.goto(PATH + query);
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="orientation"]');
  await f.scrollIntoViewIfNeeded();
  return f;
}

const row = (f: Locator, id: string) => f.locator(`tbody tr[data-drive="${id}"] td`);

test('the figure opens on the turn computed when the site was built, and the core gives the same bits when asked again', async ({ page }) => {
  const problems = watchConsole(page);
  const wasm = wasmRequests(page);
  const f = await figure(page);
  await expect(row(f, 'mujoco-ball-motor').nth(2)).toHaveText('120.0°');
  const built = await f.getAttribute('data-curves');
  expect(built).toBeTruthy();
  // A reader who only reads and plays the opening turn downloads none of the core.
  expect(wasm).toEqual([]);
  const degrees = f.getByRole('textbox', { name: 'Turn by (degrees)' });
  await degrees.fill('100');
  await degrees.press('Enter');
  await expect(row(f, 'mujoco-ball-motor').nth(2)).toHaveText('100.0°');
  expect(wasm).toHaveLength(1);
  await degrees.fill('120');
  await degrees.press('Enter');
  await expect(f).toHaveAttribute('data-curves', built!);
  expect(problems).toEqual([]);
});

test('past 180 degrees the drives go the short way, and the table and badge say so', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  await expect(row(f, 'mujoco-ball-motor').nth(2)).toHaveText('120.0°');
  const degrees = f.getByRole('textbox', { name: 'Turn by (degrees)' });
  await degrees.fill('190');
  await degrees.press('Enter');
  for (const id of ['mujoco-ball-motor', 'mujoco-gimbal-position', 'jolt-swing-twist']) {
    await expect(row(f, id).nth(2)).toHaveText('-170.0°');
  }
  // PhysX's slerp drive sleeps a little short; Rapier's per-axis motors are still crawling after 3 s.
  await expect(row(f, 'physx-d6-slerp').nth(2)).toHaveText(/^-1(69|70)\.\d°$/);
  await expect(row(f, 'rapier-spherical-acceleration').nth(2)).toHaveText(/^-1[0-6]\d\.\d°$/);
  // Wu's printed listing goes the long way: swap it in for Rapier's.
  await f.getByRole('checkbox', { name: 'rapier-spherical-acceleration', exact: true }).uncheck();
  await f.getByRole('checkbox', { name: 'backward-pd-as-printed', exact: true }).check();
  await expect(row(f, 'backward-pd-as-printed').nth(2)).toHaveText('190.0°');
  await expect(f.locator('caption')).toContainText('-170.0° about the axis');
  await expect(page.locator('.verdict[data-claim="orientation-long-way-past-half"]')).toHaveText(/does not hold/);
  await expect.poll(() => new URL(page.url()).searchParams.get('orientation-degrees')).toBe('190');
  expect(problems).toEqual([]);
});

test("MuJoCo's settings switch the gimbal from resetting at its lock to arriving", async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  const gimbal = row(f, 'mujoco-gimbal-position');
  await expect(gimbal.nth(6)).toHaveText(/^5 \(first at 0\.55 s\)$/);
  await unfoldSettings(f);
  await f.getByRole('combobox', { name: 'MuJoCo settings' }).selectOption('implicitfast');
  await expect(gimbal.nth(6)).toHaveText('none');
  await expect(gimbal.nth(4)).toHaveText('0.02°');
  await expect(f.locator('tbody tr[data-drive="mujoco-gimbal-position"]')).toHaveCount(1);
  await expect.poll(() => new URL(page.url()).searchParams.get('orientation-mujoco-settings')).toBe('implicitfast');
  expect(problems).toEqual([]);
});

test('the last column says the spring about each principal axis, and the body changes it', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  const axes = (id: string) => row(f, id).nth(8);
  await expect(axes('mujoco-ball-motor')).toHaveText('same: 2.28 Hz ζ 1.14');
  // One stiffness written for the turn's axis, a quarter of it for small turns: faster
  // about the long thin body's light axis, under-damped about the others.
  await expect(axes('physx-d6-slerp')).toHaveText('x 1.79 Hz ζ 0.99 · y 0.96 Hz ζ 0.53 · z 0.91 Hz ζ 0.51');
  // Under the table, what would be the same about every axis: one line per such drive shown.
  const advice = f.locator('.orientation-advice li');
  await expect(advice).toHaveCount(1);
  await expect(advice.first()).toHaveText(
    'physx-d6-slerp: not the same spring about every axis; physx-d6-slerp-acceleration is; a stiffness 158, 632, 711 N·m/rad and a damping 25.1, 101, 113 N·m·s/rad about x, y, z would give the spring asked about each.',
  );
  await unfoldSettings(f);
  await f.getByRole('combobox', { name: 'Body' }).selectOption('nearly round');
  await expect(axes('physx-d6-slerp')).toHaveText('x 1.00 Hz ζ 0.56 · y 0.98 Hz ζ 0.54 · z 0.96 Hz ζ 0.53');
  await expect(f.locator('thead th').nth(8)).toHaveText('about each principal axis (2° turns)');
  expect(problems).toEqual([]);
});

test('exact numbers for the turn make each drive move as asked, and the link keeps them', async ({ page, context }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  const slerp = row(f, 'physx-d6-slerp');
  // With its documentation's formula PhysX's force slerp drive reads 0.8 Hz when 2 Hz is asked.
  await expect(slerp.nth(5)).toHaveText('0.80 Hz, ζ 0.41');
  await f.getByRole('combobox', { name: 'Numbers given to each drive' }).selectOption('exact');
  for (const id of ['mujoco-ball-motor', 'physx-d6-slerp', 'jolt-swing-twist', 'rapier-spherical-acceleration']) {
    await expect(row(f, id).nth(5)).toHaveText('2.00 Hz, ζ 1.00');
    await expect(row(f, id).nth(7)).toContainText('the formula at ');
  }
  await expect(slerp.nth(7)).toContainText('the formula at 4.883 Hz, ζ 2.524: stiffness 3661');
  // The gimbal resets at its lock under Euler: it keeps its numbers and says why.
  await expect(row(f, 'mujoco-gimbal-position').nth(7)).toContainText('documented (no exact numbers: the turn is reset');
  await expect(f.locator('caption')).toContainText('given exact for this turn');
  await expect.poll(() => new URL(page.url()).searchParams.get('orientation-numbers')).toBe('exact');
  const copy = await context.newPage();
  const copyProblems = watchConsole(copy);
  await copy.goto(page.url());
  await everyFigure(copy);
  const g = copy.locator('.figure[data-scene="orientation"]');
  await expect(g.getByRole('combobox', { name: 'Numbers given to each drive' })).toHaveValue('exact');
  await expect(g.locator('tbody tr[data-drive="physx-d6-slerp"] td').nth(5)).toHaveText('2.00 Hz, ζ 1.00');
  expect(problems).toEqual([]);
  expect(copyProblems).toEqual([]);
});

test('Tune for me on a turn: each drive tuned for the wish, the misses named, the wish in the link', async ({ page, context }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  const wishBox = f.locator('.orientation-wish');
  await expect(wishBox).toBeHidden();
  await f.getByRole('combobox', { name: 'Numbers given to each drive' }).selectOption('tuned');
  // The tuner's build is fetched now, not with the page.
  await expect(wishBox).toBeVisible();
  await expect(row(f, 'physx-d6-slerp').nth(7)).toContainText('meets the wish (within 2° at 0.80 s');
  await expect(row(f, 'jolt-swing-twist').nth(7)).toContainText('meets the wish');
  await expect(row(f, 'mujoco-gimbal-position').nth(7)).toContainText('misses the wish on the angle past');
  await expect(f.locator('caption')).toContainText('tuned to be within 2° of the target by 0.8 s, at most 1° past it');
  // A faster wish: PhysX's slerp drive still meets it, now with more torque.
  const settle = f.getByRole('textbox', { name: /Within 2° by/ });
  await settle.fill('0.5');
  await settle.press('Enter');
  await expect(row(f, 'physx-d6-slerp').nth(7)).toContainText('meets the wish (within 2° at 0.50 s');
  // A torque too small for it cannot turn it in time: the wish is missed, and on what.
  const torque = f.getByRole('textbox', { name: /At most a torque of/ });
  await torque.fill('50');
  await torque.press('Enter');
  await expect(row(f, 'physx-d6-slerp').nth(7)).toContainText('misses the wish on the time');
  // A wish past the run is refused by name, and the one in force stays.
  await settle.fill('5');
  await settle.press('Enter');
  await expect(wishBox.locator('.message').first()).toContainText('5');
  await expect(row(f, 'physx-d6-slerp').nth(7)).toContainText('misses the wish on the time');
  await expect.poll(() => new URL(page.url()).searchParams.get('orientation-settle')).toBe('0.5');
  expect(new URL(page.url()).searchParams.get('orientation-numbers')).toBe('tuned');
  const copy = await context.newPage();
  const copyProblems = watchConsole(copy);
  await copy.goto(page.url());
  await everyFigure(copy);
  const g = copy.locator('.figure[data-scene="orientation"]');
  await expect(g.locator('tbody tr[data-drive="physx-d6-slerp"] td').nth(7)).toContainText('misses the wish on the time');
  await expect(g.getByRole('textbox', { name: /Within 2° by/ })).toHaveValue('0.5');
  expect(problems).toEqual([]);
  expect(copyProblems).toEqual([]);
});

test('the target typed as Euler angles or a quaternion, or dragged on the sphere, sets the turn and the link', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  const degrees = f.getByRole('textbox', { name: 'Turn by (degrees)' });
  const axis = (c: string) => f.getByRole('textbox', { name: `about axis ${c}` });
  await f.getByRole('combobox', { name: 'Target typed as' }).selectOption('Euler angles');
  // The fields show the target in force in that form: 120 degrees about (1, 2, 2).
  await expect(f.getByRole('textbox', { name: /^Euler y/ })).not.toHaveValue('0');
  for (const [c, v] of [['x', '0'], ['y', '90'], ['z', '0']] as const) {
    const box = f.getByRole('textbox', { name: new RegExp(`^Euler ${c}`) });
    await box.fill(v);
    await box.press('Enter');
  }
  await expect(degrees).toHaveValue('90');
  await expect(axis('x')).toHaveValue('0');
  await expect(axis('y')).toHaveValue('1');
  await expect(row(f, 'mujoco-ball-motor').nth(2)).toHaveText('90.0°');
  await expect.poll(() => new URL(page.url()).searchParams.get('orientation-degrees')).toBe('90');
  // A quaternion far from unit length is refused by name; the target in force stays.
  await f.getByRole('combobox', { name: 'Target typed as' }).selectOption('quaternion');
  await expect(f.getByRole('textbox', { name: /^Quaternion w/ })).toHaveValue('0.7071');
  const w = f.getByRole('textbox', { name: /^Quaternion w/ });
  await w.fill('2');
  await w.press('Enter');
  await expect(f.locator('.orientation-target-form .message').first()).toContainText('target');
  await expect(degrees).toHaveValue('90');
  // Dragging on the sphere points the long axis there.
  const sphere = f.locator('canvas.orientation-sphere');
  const box = (await sphere.boundingBox())!;
  const [cx, cy, r] = [box.x + box.width / 2, box.y + box.height / 2, box.width * 0.42];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 0.5 * r, cy + 0.3 * r, { steps: 4 });
  await page.mouse.up();
  await expect(degrees).not.toHaveValue('90');
  const dragged = await degrees.inputValue();
  await expect.poll(() => new URL(page.url()).searchParams.get('orientation-degrees')).toBe(dragged);
  // MuJoCo's ball joint arrives: it has turned the dragged angle (to the table's tenth).
  await expect.poll(async () => Math.abs(parseFloat(await row(f, 'mujoco-ball-motor').nth(2).innerText()) - Number(dragged))).toBeLessThanOrEqual(0.1);
  expect(problems).toEqual([]);
});

test('play moves the clock, and the time slider scrubs the turn', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  const clock = f.locator('.clock');
  await expect(clock).toHaveText('t = 3.00 s');
  await f.getByRole('slider', { name: 'Time' }).fill('29');
  await expect(clock).toHaveText('t = 0.50 s');
  await f.getByRole('button', { name: 'Play' }).click();
  await expect(f.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => clock.textContent()).not.toBe('t = 0.50 s');
  await f.getByRole('button', { name: 'Pause' }).click();
  expect(problems).toEqual([]);
});

test('at most five drives are shown, and the choice travels with the link', async ({ page, context }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  await expect(f.locator('table.readout tbody tr')).toHaveCount(5);
  // A sixth is refused: the box unticks itself and says why.
  await f.getByRole('checkbox', { name: 'one-step', exact: true }).click();
  await expect(f.getByRole('alert').filter({ hasText: 'At most 5 drives' })).toBeVisible();
  await expect(f.getByRole('checkbox', { name: 'one-step', exact: true })).not.toBeChecked();
  await f.getByRole('checkbox', { name: 'jolt-swing-twist', exact: true }).uncheck();
  await f.getByRole('checkbox', { name: 'one-step', exact: true }).check();
  await expect(f.locator('tbody tr[data-drive="one-step"]')).toHaveCount(1);
  await expect(f.locator('tbody tr[data-drive="jolt-swing-twist"]')).toHaveCount(0);
  const degrees = f.getByRole('textbox', { name: 'Turn by (degrees)' });
  await degrees.fill('179');
  await degrees.press('Enter');
  const curves = await f.getAttribute('data-curves');
  await unfold(f);
  await f.locator('.share-copy-link').click();
  const link = await f.locator('.share-link').inputValue();
  const other = await context.newPage();
  const otherProblems = watchConsole(other);
  await other.goto(link);
  await everyFigure(other);
  const there = other.locator('.figure[data-scene="orientation"]');
  await expect(there.getByRole('textbox', { name: 'Turn by (degrees)' })).toHaveValue('179');
  await expect(there.locator('tbody tr[data-drive="one-step"]')).toHaveCount(1);
  await expect.poll(() => there.getAttribute('data-curves')).toBe(curves);
  expect([...problems, ...otherProblems]).toEqual([]);
});

test('a bad value from the link is named by its field, and the figure runs its default', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page, '?orientation-axis-x=0&orientation-axis-y=0&orientation-axis-z=0&orientation-drives=pd,nonsense');
  await expect(f.getByRole('alert').filter({ hasText: 'no drive "nonsense"' })).toBeVisible();
  await expect(f.getByRole('alert').filter({ hasText: /axis/ }).first()).toBeVisible();
  await expect(f.locator('table.readout tbody tr')).toHaveCount(5);
  await expect(row(f, 'mujoco-ball-motor').nth(4)).toHaveText('0.00°');
  expect(problems).toEqual([]);
});

test("an engine's settings menu waits until one of its drives is shown, then changes it", async ({ page }) => {
  const problems = watchConsole(page);
  const f = await figure(page);
  await unfoldSettings(f);
  const unity = f.getByRole('combobox', { name: 'Unity settings' });
  await expect(unity).toBeDisabled();
  await expect(f.getByText('tick one of its drives below to use these settings').first()).toBeVisible();
  await f.getByRole('checkbox', { name: 'rapier-spherical-acceleration', exact: true }).uncheck();
  await f.getByRole('checkbox', { name: 'unity-configurable-joint-slerp', exact: true }).check();
  await expect(unity).toBeEnabled();
  const before = await f.getAttribute('data-curves');
  await unity.selectOption('no-damping');
  await expect.poll(() => f.getAttribute('data-curves')).not.toBe(before);
  await expect(f.locator('tbody tr[data-drive="unity-configurable-joint-slerp"] td').first()).toHaveText('unity-configurable-joint-slerp (no-damping)');
  expect(problems).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`at ${width} px every body's label reads whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const f = await figure(page, '?orientation-degrees=190');
    await expect(f.locator('canvas.orientation-bodies')).toHaveAttribute('data-squeezed', '0');
  });
}
