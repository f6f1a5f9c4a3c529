/**
 * Every gain form, typed into the Lab on a body that is not 1 kg, runs the gains its own
 * formula gives for that mass: the test works them out from the formulas the cards print
 * and reads the gains that run from the page's link. A form that converted for 1 kg
 * (once found in the half-life form: kp 282 instead of 563 on 2 kg) runs half the gains.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console';

test.use({ reducedMotion: 'reduce' });

const MASS = 2.5;

/** x with (1 + x) e^-x = 1/2: a critically damped error halves after x / wn (bisection). */
const HALF_LIFE_WN_T = (() => {
  let [lo, hi] = [0, 10];
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if ((1 + mid) * Math.exp(-mid) > 0.5) lo = mid;
    else hi = mid;
  }
  return lo;
})();

/** Each form: the field typed, the value, and the raw gains its printed formula gives. */
const FORMS: { form: string; field: string; value: number; raw: (f: Record<string, number>, m: number) => [number, number] }[] = [
  { form: 'wu', field: 'f', value: 2, raw: (f, m) => [(m * (6 * f.f!) ** 2) / 4, 4.5 * m * f.f! * f.damping!] },
  { form: 'bloom', field: 'K', value: 1.5, raw: (f, m) => [36 * m * (f.K! / f.T!) ** 2, (9 * m * f.K! * f.D!) / f.T!] },
  { form: 'natural', field: 'wn', value: 12, raw: (f, m) => [m * f.wn! ** 2, 2 * m * f.zeta! * f.wn!] },
  {
    form: 'half-life',
    field: 'h',
    value: 0.1,
    raw: (f, m) => {
      const wn = HALF_LIFE_WN_T / f.h!;
      return [m * wn * wn, 2 * m * wn];
    },
  },
];

/** Every field of card 0 of the form, as shown (its id is param-0-KEY). */
async function fields(page: Page): Promise<Record<string, number>> {
  const boxes = page.locator('.law[data-index="0"] input[id^="param-0-"]');
  const pairs = await boxes.evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).id.slice('param-0-'.length), (i as HTMLInputElement).value]));
  return Object.fromEntries(pairs.map(([k, v]) => [k, Number(v)]));
}

for (const { form, field, value, raw } of FORMS) {
  test(`the ${form} form runs its formula's gains for a ${MASS} kg body`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`lab.html?param=${form}&mass=${MASS}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const box = page.locator(`#param-0-${field}`);
    await box.fill(String(value));
    await box.press('Enter');
    await expect(box).toHaveValue(String(value));
    const shown = await fields(page);
    const [kp, kd] = raw(shown, MASS);
    // The gains that run, as the link carries them.
    await expect.poll(() => new URL(page.url()).searchParams.get('kp0')).not.toBeNull();
    const q = new URL(page.url()).searchParams;
    // The boxes show 4 significant digits, so the formula read off them agrees to about 1e-3.
    expect(Math.abs(Number(q.get('kp0')) / kp - 1), `kp0 ${q.get('kp0')} against ${kp} from ${JSON.stringify(shown)}`).toBeLessThan(2e-3);
    expect(Math.abs(Number(q.get('kd0')) / kd - 1), `kd0 ${q.get('kd0')} against ${kd} from ${JSON.stringify(shown)}`).toBeLessThan(2e-3);
    expect(problems).toEqual([]);
  });
}

test('a gain form that cannot show the gains that run is refused by name, and a link carrying such a pair shows raw gains', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('lab.html');
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/);
  // kp 0 is a run (no spring) but has no natural frequency.
  await page.locator('#param-0-kp').fill('0');
  await page.locator('#param-0-kp').press('Enter');
  await expect(page).toHaveURL(/kp0=0/);
  await page.locator('#lab-param').selectOption('natural');
  await expect(page.locator('#lab-param-message')).toContainText('kp must be greater than 0');
  await expect(page.locator('#lab-param')).toHaveValue('raw');
  await expect(page).not.toHaveURL(/param=/);
  await expect(page.locator('#param-0-kp')).toHaveValue('0');
  // The same pair from a link: the page runs it, the card shows it raw and says why.
  await page.goto('lab.html?param=natural&kp0=0');
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/);
  await expect(page.locator('.law').first().locator('.form-refused')).toContainText('shown as raw gains');
  await expect(page.locator('#param-0-kp')).toHaveValue('0');
  // The other cards show the link's form.
  await expect(page.locator('#param-1-wn')).toBeVisible();
  expect(problems).toEqual([]);
});
