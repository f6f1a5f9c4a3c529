/**
 * Chapter 10's "Bring your trace" as a reader uses it: the example comes explained (the
 * Jolt drive that made it, exact, and why it stopped short); a trace saved from the Lab's
 * CSV export, opened or dropped on the box, comes back matched to the law, integrator
 * and gains that made it; a bad line is named by its number and text and the last good
 * answer stays; "Show" plots another explanation; the link keeps a short trace and
 * replays it; what to set instead comes as code.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, unfold, wasmRequests } from './pages';

test.use({ reducedMotion: 'reduce' });

const PATH = 'chapters/10-translator.html';

async function panel(page: Page, query = ''): Promise<Locator> {
  await page.goto(PATH + query);
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="trace"]');
  await f.scrollIntoViewIfNeeded();
  await expect(f).toHaveAttribute('data-best', /.+/);
  return f;
}

/** The Lab's CSV with SPD first (kp 230, kd 9, under RK4, 2 s) and forward PD beside it, as its export writes it. */
async function labCsv(page: Page): Promise<{ path: string; text: string }> {
  await page.goto('lab.html?c=spd,pd&kp0=230&kd0=9&int=rk4&T=2');
  await everyFigure(page);
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /.+/);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const path = (await file.path())!;
  return { path, text: readFileSync(path, 'utf8') };
}

/** The table's rows: explanation, numbers, error. */
const rows = (f: Locator) => f.locator('table.trace-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-entry'), tr.getAttribute('data-exact'), tr.querySelector('td')?.textContent ?? '']));

test('the example comes explained: the Jolt drive that made it, exact, why it stopped, and what to set instead', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await panel(page);
  await expect(f).toHaveAttribute('data-best', 'jolt-frequency/default');
  await expect(f.locator('.trace-summary')).toContainText('holds still from 1.283 s');
  await expect(f.locator('.trace-summary')).toContainText('1.908 Hz at damping ratio 0.4819');
  const table = await rows(f);
  const mine = table.find(([entry]) => entry === 'jolt-frequency/default')!;
  expect(mine[1]).toBe('true');
  expect(mine[2]).toBe('mFrequency = 2 Hz, mDamping = 0.4');
  // Jolt without sleep does not explain it: the stop is the sleep.
  expect(table.find(([entry]) => entry === 'jolt-frequency/no-sleep')![1]).toBe('false');
  await expect(f.locator('.trace-fix')).toContainText('nothing differs from the defaults');
  // Shown, a variant says in a sentence what its setting changes.
  await f.locator('tbody tr[data-entry="jolt-frequency/velocity-steps-1"] button[data-show]').click();
  await expect(f.locator('.trace-differences li')).toHaveText([/^[^,]+ is 1 here, \d+ by default: .+/]);
  await expect(f.locator('.trace-fix')).toContainText('To get 2 Hz at damping ratio 1 from Jolt');
  // The code for the variant shown: its numbers, then the setting it changes.
  await expect(f.locator('.trace-code')).toHaveValue(/^\/\/ Jolt[^\n]*2 Hz at damping ratio 1\nmFrequency = [\d.]+; \/\/ Hz\nmDamping = [\d.]+;\n\/\/ settings that differ from the engine's defaults:\nnumVelocitySteps = 1;\n$/);
  await f.getByRole('button', { name: 'Copy as code' }).click();
  await expect(f.locator('.trace-fix .code-status')).toHaveText(/Copied\.|refused the clipboard/);
  // A wish the step cannot make (an oscillation past half the step's rate) is refused in words.
  for (const [key, value] of [['zeta', '0.2'], ['frequency', '40']] as const) {
    const field = f.locator(`#param-trace-want-${key}`);
    await field.fill(value);
    await field.press('Enter');
  }
  await expect(f.locator('.trace-fix')).toContainText('No numbers give 40 Hz at damping ratio 0.2');
  // Without an engine: only what it amounts to.
  await f.getByRole('combobox', { name: 'Engine' }).selectOption('none');
  await expect(f.locator('table.trace-table')).toBeHidden();
  await expect(f.locator('.trace-summary')).toContainText('1.908 Hz');
  expect(problems).toEqual([]);
});

test('the panel opens on the answer computed when the site was built, and the core gives the same bits when asked again', async ({ page }) => {
  const problems = watchConsole(page);
  const wasm = wasmRequests(page);
  await page.goto('embed.html?scene=trace');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const f = page.locator('.figure[data-scene="trace"]');
  await expect(f).toHaveAttribute('data-best', 'jolt-frequency/default');
  const built = await f.getAttribute('data-curves');
  // A reader who only reads the example downloads none of the core.
  expect(wasm).toEqual([]);
  // Any change asks the core (its door loads then), and so does the opening question after it.
  const mass = f.locator('#param-trace-mass');
  await mass.fill('2');
  await mass.press('Enter');
  await expect(f).not.toHaveAttribute('data-curves', built!);
  expect(wasm).toHaveLength(1);
  await mass.fill('1');
  await mass.press('Enter');
  await expect(f).toHaveAttribute('data-curves', built!);
  await expect(f.locator('.trace-summary')).toContainText('1.908 Hz at damping ratio 0.4819');
  expect(problems).toEqual([]);
});

test("a trace saved from the Lab's CSV export, opened or dropped, comes back as the law, integrator and gains that made it", async ({ page }) => {
  const problems = watchConsole(page);
  const { path, text } = await labCsv(page);
  const f = await panel(page);
  await f.getByRole('combobox', { name: 'Engine' }).selectOption('forcelab');
  await f.locator('#trace-file').setInputFiles(path);
  const truth = () => rows(f).then((t) => t.find(([entry]) => entry === 'spd/rk4'));
  await expect.poll(truth).toEqual(['spd/rk4', 'true', 'kp = 230 N/m, kd = 9 N·s/m']);
  await expect(f).toHaveAttribute('data-best', /\/rk4$/);
  // Dropped on the box as a file, the same.
  await f.getByRole('button', { name: 'Use the example' }).click();
  await expect(f).toHaveAttribute('data-best', 'jolt-frequency/default');
  await f.getByRole('combobox', { name: 'Engine' }).selectOption('forcelab');
  const drop = await page.evaluateHandle((csv) => {
    const dt = new DataTransfer();
    dt.items.add(new File([csv], 'lab.csv', { type: 'text/csv' }));
    return dt;
  }, text);
  await f.locator('#trace-text').dispatchEvent('drop', { dataTransfer: drop });
  await expect.poll(truth).toEqual(['spd/rk4', 'true', 'kp = 230 N/m, kd = 9 N·s/m']);
  // "Show" plots another explanation.
  await f.locator('tbody tr[data-rank="1"] button[data-show]').click();
  await expect(f).toHaveAttribute('data-shown', (await f.locator('tbody tr[data-rank="1"]').getAttribute('data-entry'))!);
  expect(problems).toEqual([]);
});

test('a bad line is named by its number and text, and the answer shown stays', async ({ page }) => {
  const problems = watchConsole(page);
  const f = await panel(page);
  const before = await f.getAttribute('data-curves');
  // The first bad trace is the first question past the opening one: the core's door loads for it.
  const said = await f.locator('.trace-summary').textContent();
  const box = f.locator('#trace-text');
  const cases: [string, RegExp][] = [
    ['time,position\n0,0\n0.1,0.5\n0.2,abc\n', /line 4 \("0\.2,abc"\)/],
    ['time,position\n0,0\n0.1,0.5\n0.05,0.7\n0.3,0.9\n0.4,1\n0.5,1\n0.6,1\n0.7,1\n0.8,1\n0.9,1\n', /line 4 .*time/],
    ['time,position\n0,0\n0.1,0.5\n0.2,0.7\n', /10|ten/],
    ['time,position\n0,0\n0.1,NaN\n', /NaN/],
    ['time;velocity\n0;0\n', /position or angle/],
  ];
  for (const [text, message] of cases) {
    await box.fill(text);
    await f.getByRole('button', { name: 'Explain' }).click();
    await expect(f.locator('.trace-error')).toHaveText(message);
    expect(await f.getAttribute('data-curves')).toBe(before);
    expect(await f.locator('.trace-summary').textContent()).toBe(said);
  }
  // A decimal comma with semicolons reads.
  await box.fill(Array.from({ length: 40 }, (_, k) => `${(k / 60).toFixed(4).replace('.', ',')};${(1 - Math.exp(-k / 10)).toFixed(6).replace('.', ',')}`).join('\n'));
  await f.getByRole('button', { name: 'Explain' }).click();
  await expect(f.locator('.trace-error')).toHaveText('');
  await expect(f.locator('.trace-summary')).toContainText('Read 40 samples');
  expect(problems).toEqual([]);
});

test('the link keeps a short trace and replays it; a long one is said not to fit', async ({ page, context }) => {
  const problems = watchConsole(page);
  const f = await panel(page);
  // Seven significant digits, as the link keeps them: the link's trace is this one exactly.
  const seven = (x: number) => Number(x.toPrecision(7));
  const text = ['time,position', ...Array.from({ length: 120 }, (_, k) => `${seven(k / 60)},${seven(1 - Math.exp(-k / 12) * Math.cos(k / 5))}`)].join('\n');
  await f.locator('#trace-text').fill(text);
  await f.getByRole('button', { name: 'Explain' }).click();
  await expect(f.locator('.trace-link-note')).toContainText('keeps this trace');
  await expect.poll(() => new URL(page.url()).searchParams.get('trace-data')).toMatch(/^0,0;0\.01666667,/);
  const shown = await f.getAttribute('data-curves');
  await unfold(f);
  await f.locator('.share-copy-link').click();
  const link = await f.locator('.share-link').inputValue();
  const other = await context.newPage();
  const there = await panel(other, new URL(link).search);
  await expect(there.locator('#trace-text')).toHaveValue(/^time,position\n0,0\n0\.01666667,/);
  await expect.poll(() => there.getAttribute('data-curves')).toBe(shown);
  const long = ['time,position', ...Array.from({ length: 600 }, (_, k) => `${k / 240},${1 - Math.exp(-k / 50)}`)].join('\n');
  await f.locator('#trace-text').fill(long);
  await f.getByRole('button', { name: 'Explain' }).click();
  await expect(f.locator('.trace-link-note')).toContainText('too long for a link');
  await expect.poll(() => new URL(page.url()).searchParams.get('trace-data')).toBeNull();
  expect(problems).toEqual([]);
});
