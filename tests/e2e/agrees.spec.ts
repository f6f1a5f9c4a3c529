/**
 * What the page shows agrees with itself and can be read (issue 50): every card and
 * series has a colour of its own, number boxes show numbers as a person writes them and
 * fit them, a card's text describes the law that runs, the Lab does not jump when a run
 * ends, no two buttons touch, and the CSV's clock reads k dt.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, unfoldSettings } from './pages';
import { colourDistance } from '../../web/src/ui/colour-mix';
import { fieldNumber } from '../../web/src/ui/params';

test.use({ reducedMotion: 'reduce' });

/** The error at `t` of an underdamped spring (kp, kd, mass) released at rest from 1, in closed form. */
const releasedError = (kp: number, kd: number, mass: number, t: number) => {
  const w = Math.sqrt(kp / mass);
  const zeta = kd / (2 * Math.sqrt(kp * mass));
  const wd = w * Math.sqrt(1 - zeta * zeta);
  return Math.exp(-zeta * w * t) * (Math.cos(wd * t) + ((zeta * w) / wd) * Math.sin(wd * t));
};

const catalogue = JSON.parse(readFileSync(new URL('../../web/src/core/catalogue.json', import.meta.url), 'utf8')) as {
  laws: { id: string; gains: { key: string; default: number }[] }[];
};

async function openLab(page: Page, query = ''): Promise<void> {
  await page.goto(`lab.html${query}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/);
}

/** A computed `rgb(r, g, b)` as `#rrggbb`. */
const hexOf = (rgb: string) => {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  if (!m) throw new Error(`not an rgb colour: ${rgb}`);
  return `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
};

/** The least distance (OKLab) between any two of `colours`. */
const closest = (colours: readonly string[]) => {
  let least = Infinity;
  colours.forEach((a, i) => colours.slice(i + 1).forEach((b) => (least = Math.min(least, colourDistance(a, b)))));
  return least;
};

/** Each card's swatch colour, in order. */
const swatches = (page: Page) => page.locator('fieldset.law > legend .swatch').evaluateAll((s) => s.map((e) => getComputedStyle(e).backgroundColor));

/** The legend markers of a plot (its border colour: uPlot draws the series' stroke there), target excluded. */
const legendColours = (plot: Locator) =>
  plot.locator('.u-legend .u-series').evaluateAll((rows) =>
    rows
      .map((r) => ({ label: r.textContent?.trim() ?? '', marker: r.querySelector<HTMLElement>('.u-marker') }))
      .filter((r) => r.marker && r.label !== 'target' && !r.label.startsWith('time'))
      .map((r) => getComputedStyle(r.marker!).borderLeftColor),
  );

test('every card and every series has a colour of its own: a PID beside a forward PD, three PDs, chapter 6 figures', async ({ page }) => {
  const problems = watchConsole(page);
  // A PID beside a forward PD: two laws, two hues far apart (it was crimson beside red).
  await openLab(page, '?c=pd,pid');
  const two = (await swatches(page)).map(hexOf);
  expect(closest(two)).toBeGreaterThanOrEqual(0.08);
  // Three cards of one law: its hue in three shades, which the legend shows too.
  await openLab(page, '?c=pd,pd,pd');
  const three = (await swatches(page)).map(hexOf);
  expect(closest(three)).toBeGreaterThanOrEqual(0.04);
  const legend = (await legendColours(page.locator('.plot.response'))).map(hexOf);
  expect(legend).toEqual(three);
  // Chapter 6: the derivative-kick and anti-windup figures run two or three PIDs.
  await page.goto('chapters/06-pid-turning.html');
  await everyFigure(page);
  for (const id of ['derivative-kick', 'anti-windup']) {
    const figure = page.locator(`.figure[data-scene="${id}"]`);
    const colours = (await legendColours(figure.locator('.plot.response'))).map(hexOf);
    expect(colours.length, id).toBeGreaterThanOrEqual(2);
    expect(closest(colours), `${id}: ${colours.join(' ')}`).toBeGreaterThanOrEqual(0.04);
  }
  expect(problems).toEqual([]);
});

/** Every visible number box of `scope`: its text and whether the text fits it. */
const boxes = (scope: Locator) =>
  scope.locator('.param input[type=text]').evaluateAll((inputs) =>
    (inputs as HTMLInputElement[])
      .filter((i) => i.getBoundingClientRect().width > 0)
      .map((i) => ({ id: i.id, value: i.value, fits: i.scrollWidth <= i.clientWidth + 1 })),
  );

/** As a person writes a number: at most 4 significant digits, no float noise. */
const written = /^-?(0|[1-9]\d{0,3}0*)(\.\d+)?(e[+-]?\d+)?$/;
const significant = (text: string) => text.replace(/^-?0*\.?0*/, '').replace(/e.*$/, '').replace('.', '').replace(/0+$/, '').length;

for (const [form, width] of ['raw', 'wu', 'bloom', 'natural', 'half-life'].flatMap((f) => [[f, 1280], [f, 390]] as const)) {
  test(`in the ${form} form every number box shows its value as a person writes it, and fits it, at ${width} px`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await openLab(page, `?param=${form}&c=pd,pid,spd&mass=1.7`);
    const shown = await boxes(page.locator('.laws'));
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const b of shown) {
      expect(b.value, b.id).toMatch(written);
      expect(significant(b.value), `${b.id}: ${b.value}`).toBeLessThanOrEqual(4);
      expect(b.fits, `${b.id}: "${b.value}" is cut off`).toBe(true);
    }
    expect(problems).toEqual([]);
  });
}

test("Bloom's K reads 1 and T 0.3 s, and Enter on a box left as shown keeps the exact value", async ({ page }) => {
  await openLab(page, '?param=bloom&mass=1&kp0=400&kd0=20');
  await expect(page.locator('#param-0-K')).toHaveValue('1');
  await expect(page.locator('#param-0-T')).toHaveValue('0.3');
  const hash = await page.locator('.metrics').getAttribute('data-trace-hash');
  await page.locator('#param-0-T').press('Enter');
  await expect(page).not.toHaveURL(/kp0=/);
  expect(await page.locator('.metrics').getAttribute('data-trace-hash')).toBe(hash);
});

test("chapter 10's engine step shows 0.01667 s, whole in its box", async ({ page }) => {
  await page.goto('chapters/10-translator.html');
  await everyFigure(page);
  const box = page.locator('#param-translator-dt');
  await expect(box).toHaveValue(fieldNumber(1 / 60));
  expect(await box.evaluate((i: HTMLInputElement) => i.scrollWidth <= i.clientWidth + 1)).toBe(true);
});

test("the half-life form shows the half-life of the gains that run, not of a critically damped pair", async ({ page }) => {
  const problems = watchConsole(page);
  // kp 400, kd 20 on 1 kg: zeta = 0.5, which the card's readout says.
  await openLab(page, '?param=half-life&mass=1&kp0=400&kd0=20');
  const h = Number(await page.locator('#param-0-h').inputValue());
  await expect(page.locator('.law[data-index="0"] .zeta')).toContainText('0.5');
  // The error of that spring released at rest (closed form), at the h shown: half.
  expect(Math.abs(releasedError(400, 20, 1, h) - 0.5)).toBeLessThan(2e-3);
  // It no longer calls the gains that run critically damped.
  await expect(page.locator('.law[data-index="0"]')).not.toContainText('(continuous time): ζ = 1');
  await expect(page.locator('.law[data-index="0"]')).toContainText('these gains leave half the error after h');
  expect(problems).toEqual([]);
});

test('a PID card says it integrates and starts with a ki that acts; every form says kp', async ({ page }) => {
  const problems = watchConsole(page);
  await openLab(page);
  await page.locator('#law-1-kind').selectOption('pid');
  const ki = catalogue.laws.find((l) => l.id === 'pid')!.gains.find((g) => g.key === 'ki')!.default;
  expect(ki).toBeGreaterThan(0);
  await expect(page.locator('#param-1-ki')).toHaveValue(fieldNumber(ki));
  await expect(page.locator('.law[data-index="1"]')).toContainText('ki × ∫ error dt');
  await expect(page.locator('.law[data-index="0"]')).not.toContainText('∫');
  await page.locator('#lab-param').selectOption('bloom');
  await expect(page.locator('.law[data-index="0"]')).toContainText('kp = 36 m (K/T)²');
  await expect(page.locator('.laws')).not.toContainText(/\bks\b/);
  expect(problems).toEqual([]);
});

test('the page does not move when a run ends', async ({ page }) => {
  const problems = watchConsole(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('lab.html?T=1');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // Where the canvas and the plots under it stand on the page, while the run plays and once it has ended.
  const tops = () => page.evaluate(() => ['canvas.stage', '.plots'].map((s) => document.querySelector(s)!.getBoundingClientRect().top + scrollY));
  await expect(page.locator('.run-status')).not.toContainText('Run finished');
  const before = await tops();
  await expect(page.locator('.run-status')).toContainText('Run finished');
  await expect(page.locator('.run-status')).toBeVisible();
  expect(await tops()).toEqual(before);
  expect(problems).toEqual([]);
});

/** Pairs of visible buttons on one row less than 4 px apart (or overlapping). */
const touching = (page: Page) =>
  page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('button, .button')]
      .map((b) => ({ b, r: b.getBoundingClientRect() }))
      // A closed disclosure's content keeps its boxes (content-visibility) but is not shown.
      .filter(({ b, r }) => r.width > 0 && r.height > 0 && getComputedStyle(b).visibility !== 'hidden' && !b.parentElement?.closest('details:not([open])'));
    const out: string[] = [];
    for (const [i, a] of shown.entries()) {
      for (const c of shown.slice(i + 1)) {
        const overlapY = Math.min(a.r.bottom, c.r.bottom) - Math.max(a.r.top, c.r.top);
        if (overlapY < Math.min(a.r.height, c.r.height) / 2) continue;
        const gap = Math.max(c.r.left - a.r.right, a.r.left - c.r.right);
        if (gap < 4) out.push(`"${a.b.textContent?.trim()}" and "${c.b.textContent?.trim()}" (${gap.toFixed(1)} px)`);
      }
    }
    return out;
  });

for (const width of [1280, 390]) {
  test(`no two buttons touch, at ${width} px: the Lab with its panels open, chapter 6`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openLab(page);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    await expect(page.getByRole('button', { name: 'Find gains' }).first()).toBeVisible();
    expect(await touching(page)).toEqual([]);
    await page.goto('chapters/06-pid-turning.html');
    await everyFigure(page);
    await unfoldSettings(page.locator('.figure[data-scene="pursuit"]'));
    await expect(page.getByRole('button', { name: 'Sideswipe' })).toBeVisible();
    expect(await touching(page)).toEqual([]);
  });
}

test("the CSV's time column reads k dt, not a sum that drifts", async ({ page }) => {
  await openLab(page, '?dt=0.001&T=6');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const rows = readFileSync((await file.path())!, 'utf8').trimEnd().split('\r\n').slice(1);
  expect(rows.length).toBe(6001);
  rows.forEach((row, k) => expect(row.slice(0, row.indexOf(',')), `row ${k}`).toBe(String(k * 0.001)));
  expect(rows[3000]!.startsWith('3,')).toBe(true);
});
