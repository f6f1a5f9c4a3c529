import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { EXAMPLES } from '../engines/example.mjs';

/**
 * A Lab card's stability map: the core's atlas of the card's law (a PID's at the card's
 * own ki h³/m slice), equal to the native atlas command cell for cell, with a marker at
 * the card's gains that follows its edits, and the poles there drawn in the z-plane.
 */

test.describe.configure({ timeout: 240_000 });

const root = new URL('../..', import.meta.url).pathname;
interface NativeAtlas { law: string; integrator: string; kp_dt2: number[]; radii: (number | null)[] }
const native = (...args: string[]) =>
  JSON.parse(execFileSync('cargo', ['run', '-q', ...EXAMPLES, '--example', 'atlas', '--', '--json', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })) as NativeAtlas[];

// At 1 kg and h = 0.01 s, kp 1000 N/m and kd 100 N·s/m sit on grid points (kp h²/m = 0.1,
// kd h/m = 1); the PID's ki 5000 N/(m·s) is the slice ki h³/m = 0.005.
const LAB = 'lab.html?c=pd,pid&kp0=1000&kd0=100&kp1=1000&kd1=100&ki1=5000&mass=1&dt=0.01&T=1';

async function openMap(page: Page, k: number): Promise<Locator> {
  await page.locator(`fieldset.law[data-index="${k}"] details.atlas-panel summary`).click();
  const canvas = page.locator(`fieldset.law[data-index="${k}"] details.atlas-panel canvas:not(.z-plane)`);
  await expect(canvas).toHaveAttribute('data-radius', /.+/, { timeout: 30_000 });
  return canvas;
}

const radiiOf = (canvas: Locator) => canvas.evaluate((c) => (c as HTMLCanvasElement & { radii: number[] }).radii);

function expectSame(ours: number[], theirs: (number | null)[], what: string): void {
  expect(ours.length, what).toBe(theirs.length);
  const differ = ours.flatMap((r, i) => {
    const n = theirs[i];
    const same = n === null || n === undefined ? !Number.isFinite(r) : Math.abs(r - n) <= 1e-6 * Math.max(1, Math.abs(n));
    return same ? [] : [`cell ${i}: ${r} vs ${n}`];
  });
  expect(differ, what).toEqual([]);
}

test('a card\'s stability map is the native atlas, and its marker follows the card\'s gains', async ({ page }) => {
  await page.goto(LAB);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const atlas = native();
  const pd = atlas.find((a) => a.law === 'pd' && a.integrator === 'semi-implicit-euler')!;
  const n = pd.kp_dt2.length;
  const [row, col] = [pd.kp_dt2.findIndex((v) => Math.abs(v - 0.1) < 1e-9), pd.kp_dt2.findIndex((v) => Math.abs(v - 1) < 1e-9)];

  const map = await openMap(page, 0);
  expectSame(await radiiOf(map), pd.radii, 'forward PD, semi-implicit Euler');
  // The marker's radius is the native cell's at the card's gains.
  expect(Math.abs(Number(await map.getAttribute('data-radius')) - pd.radii[row * n + col]!)).toBeLessThanOrEqual(1e-6);
  const readout = page.locator('fieldset.law[data-index="0"] .atlas-readout');
  await expect(readout).toContainText('kp 1000 N/m');
  const marker = async () => (await map.getAttribute('data-marker'))!.split(',').map(Number);
  const [x0, y0] = await marker();
  // The z-plane beside it: the loop's two poles, the larger as far out as the radius says.
  const zPlane = page.locator('fieldset.law[data-index="0"] details.atlas-panel canvas.z-plane');
  const polesOf = async (z: Locator) => JSON.parse((await z.getAttribute('data-poles'))!) as [number, number][];
  const largest = (ps: [number, number][]) => Math.max(...ps.map(([re, im]) => Math.hypot(re, im)));
  expect(await polesOf(zPlane)).toHaveLength(2);
  expect(largest(await polesOf(zPlane))).toBeCloseTo(Number(await map.getAttribute('data-radius')), 12);
  await expect(readout).toContainText('Poles (the dots, against the unit circle):');

  // Ten times stiffer: the marker moves up one decade of the map, not sideways.
  await page.locator('#param-0-kp').fill('10000');
  await page.locator('#param-0-kp').press('Enter');
  await expect(readout).toContainText('kp 10000 N/m');
  const [x1, y1] = await marker();
  expect(x1).toBeCloseTo(x0!, 12);
  expect(y1! - y0!).toBeCloseTo(1 / (Math.log10(pd.kp_dt2.at(-1)!) - Math.log10(pd.kp_dt2[0]!)), 6);
  expect(Math.abs(Number(await map.getAttribute('data-radius')) - pd.radii[(row + 8) * n + col]!)).toBeLessThanOrEqual(1e-6);
  expect(largest(await polesOf(zPlane))).toBeCloseTo(Number(await map.getAttribute('data-radius')), 12);

  // The PID's map is the slice at its own ki h³/m, and says so.
  const pidMap = await openMap(page, 1);
  const slice = native('--integral', String(5000 * 0.01 ** 3)).find((a) => a.law === 'pid' && a.integrator === 'semi-implicit-euler')!;
  expectSame(await radiiOf(pidMap), slice.radii, 'PID at ki h³/m = 0.005');
  const pidReadout = page.locator('fieldset.law[data-index="1"] .atlas-readout');
  // The integral (and the remembered sample) add states: more poles than the PD's two.
  expect((await polesOf(page.locator('fieldset.law[data-index="1"] details.atlas-panel canvas.z-plane'))).length).toBeGreaterThan(2);
  await expect(pidReadout).toContainText('slice at this card\'s ki h³/m = 0.005');
  // The core's poles are the PID's at its default settings: a card's setting beyond them is named.
  await expect(pidReadout).not.toContainText('leave out');
  await page.locator('fieldset.law[data-index="1"] details.law-options summary').click();
  await page.locator('#param-1-derivativeFilter').fill('0.05');
  await page.locator('#param-1-derivativeFilter').press('Enter');
  await expect(pidReadout).toContainText("The map and the radius leave out this card's derivative filter.");
  // A card rebuilt (another law chosen on another card) keeps its map open and drawn.
  await page.locator('#law-0-kind').selectOption('spd');
  await expect(page.locator('fieldset.law[data-index="1"] details.atlas-panel')).toHaveAttribute('open', '');
  await expect(page.locator('fieldset.law[data-index="1"] details.atlas-panel canvas:not(.z-plane)')).toHaveAttribute('data-radius', /.+/);
});

test('a box card\'s map: one marker where the law is the same about every axis, one per principal axis for SPD\'s torque gains, a point for one-step, and why the PID has none', async ({ page }) => {
  await page.goto('lab.html?plant=box&c=pd,spd,pid,one-step&kp0=1000&kd0=100&kp1=1000&kd1=100&kp2=1000&kd2=100&ki2=50&mass=1&dt=0.01&T=1');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const atlas = native();
  const mapOf = (law: string) => atlas.find((a) => a.law === law && a.integrator === 'semi-implicit-euler')!;
  const markersOf = async (canvas: Locator) => JSON.parse((await canvas.getAttribute('data-markers'))!) as [number, number][];

  // PD's gains are per unit inertia: its turn is the cube's about every axis.
  const pd = await openMap(page, 0);
  expectSame(await radiiOf(pd), mapOf('pd').radii, 'box PD on the forward PD map');
  expect(await markersOf(pd)).toHaveLength(1);

  // SPD's gains are torques: one marker per principal axis, on one diagonal (kp and kd
  // scale alike), the flattest axis (x, least inertia) the stiffest; the edit moves all three.
  const spd = await openMap(page, 1);
  expectSame(await radiiOf(spd), mapOf('spd').radii, 'box SPD on the SPD map');
  const three = await markersOf(spd);
  expect(three).toHaveLength(3);
  for (const [x, y] of three) expect(y - x).toBeCloseTo(three[0]![1] - three[0]![0], 9);
  expect(three[0]![1]).toBeGreaterThan(three[2]![1]);
  const spdReadout = page.locator('fieldset.law[data-index="1"] .atlas-readout');
  await expect(spdReadout).toContainText('About each principal axis of the box');
  await page.locator('#param-1-kp').fill('10000');
  await page.locator('#param-1-kp').press('Enter');
  await expect.poll(async () => (await markersOf(spd))[0]![1]).toBeGreaterThan(three[0]![1]);

  // The box's PID: torque gains give each axis its own slice, so no one map: it says why.
  await page.locator('fieldset.law[data-index="2"] details.atlas-panel summary').click();
  await expect(page.locator('fieldset.law[data-index="2"] .atlas-readout')).toContainText('no one map holds it');

  // One-step has no gains: it is the forward PD's deadbeat point (1, 1), in the middle of that cell.
  const one = await openMap(page, 3);
  expectSame(await radiiOf(one), mapOf('pd').radii, 'one-step on the forward PD map');
  const axis = mapOf('pd').kp_dt2;
  const t = (Math.log10(1) - Math.log10(axis[0]!)) / (Math.log10(axis.at(-1)!) - Math.log10(axis[0]!));
  expect((await markersOf(one))[0]).toEqual([t, t]);
  expect(Number(await one.getAttribute('data-radius'))).toBeLessThan(1e-9);
  await expect(page.locator('fieldset.law[data-index="3"] .atlas-readout')).toContainText('No gains of its own: the step makes it the forward PD, drawn on its map, at (kp h²/m = 1, kd h/m = 1)');
});

test('every map has kd across and kp up, reads the cell under the pointer and puts a clicked cell\'s gains on the card', async ({ page }) => {
  await page.goto(LAB);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const map = await openMap(page, 0);
  const hover = page.locator('fieldset.law[data-index="0"] .atlas-hover');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  // Chapter 8's ticks (plot/atlas-axis.ts), numbered in the card's units: at 1 kg and
  // h = 0.01 s the decade kd h/m = 1 is kd = 100 N·s/m and kp h²/m = 1 is kp = 1e4 N/m.
  const ticks = (dir: string) => page.locator(`fieldset.law[data-index="0"] .atlas-ticks.${dir} span`).allTextContents();
  expect(await ticks('x')).toContain('100');
  expect(await ticks('y')).toContain('1e4');
  // The canvas is the map's square; its ticks and axis names are around it.
  const at = (x: number, y: number) => [box.x + x * box.width, box.y + (1 - y) * box.height] as const;
  const read = async () => {
    const [, kp, kd] = /kp ([\d.e+-]+) N\/m, kd ([\d.e+-]+) N·s\/m/.exec((await hover.textContent())!)!;
    return [Number(kp), Number(kd)];
  };
  await page.mouse.move(...at(0.5, 0.2));
  await expect(hover).toContainText('spectral radius');
  const [kpLow, kdMid] = await read();
  await page.mouse.move(...at(0.5, 0.8));
  await expect.poll(read).not.toEqual([kpLow, kdMid]);
  const [kpHigh, kdSame] = await read();
  // Up is stiffer, at the same damping.
  expect(kpHigh).toBeGreaterThan(kpLow! * 100);
  expect(kdSame).toBe(kdMid);
  await page.mouse.move(...at(0.9, 0.8));
  await expect.poll(async () => (await read())[1]).toBeGreaterThan(kdMid! * 10);
  // A click puts the cell's gains on the card, as chapter 8's opens them in the Lab.
  const [kp, kd] = await read();
  await page.mouse.click(...at(0.9, 0.8));
  await expect(page.locator('#param-0-kp')).toHaveValue(String(kp));
  await expect(page.locator('#param-0-kd')).toHaveValue(String(kd));
  await expect(page).toHaveURL(new RegExp(`kp0=${kp}`));

  // The keyboard reads it as chapter 8's maps do (plot/atlas-cursor.ts): up is one cell
  // stiffer, left one less damped, and Enter puts the cursor's cell on the card.
  const cell = async () => ((await hover.getAttribute('data-cell')) ?? '').split(',').map(Number);
  await map.focus();
  await expect(hover).toHaveAttribute('data-cell', /^\d+,\d+$/);
  const [row, col] = await cell();
  const [kpAt, kdAt] = await read();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(cell).toEqual([row! + 1, col! - 1]);
  const [kpUp, kdLeft] = await read();
  expect(kpUp).toBeGreaterThan(kpAt!);
  expect(kdLeft).toBeLessThan(kdAt!);
  await page.keyboard.press('Enter');
  await expect(page.locator('#param-0-kp')).toHaveValue(String(kpUp));
  await expect(page.locator('#param-0-kd')).toHaveValue(String(kdLeft));

  // The tuner's region map: the same axes (kd across, kp up), read and clicked alike.
  await page.locator('.law .tune summary').first().click();
  await page.locator('.law .tune').first().getByRole('button', { name: 'Find gains' }).click();
  const region = page.locator('.law .tune .region-map').first();
  await expect(region).toHaveAttribute('data-region', /meets/);
  await expect(region).toContainText('kd across, kp up');
  const canvas = region.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const r = (await canvas.boundingBox())!;
  const rs = r.width / 300;
  // Its plot area: 52 px from the left, 8 from the top, 238 x 196 px.
  const inRegion = (x: number, y: number) => [r.x + (52 + x * 238) * rs, r.y + (8 + (1 - y) * 196) * rs] as const;
  const regionReadout = region.locator('.region-readout');
  const readRegion = async () => {
    const [, p, d] = /kp ([\d.e+-]+) N\/m, kd ([\d.e+-]+) N·s\/m/.exec((await regionReadout.textContent())!)!;
    return [Number(p), Number(d)];
  };
  await page.mouse.move(...inRegion(0.1, 0.5));
  await expect(regionReadout).toContainText(/meets the wish|misses the wish|diverges/);
  const [p0, d0] = await readRegion();
  await page.mouse.move(...inRegion(0.9, 0.5));
  await expect.poll(async () => (await readRegion())[1]).toBeGreaterThan(d0! * 20);
  expect((await readRegion())[0]).toBe(p0);
  const [p1, d1] = await readRegion();
  await page.mouse.click(...inRegion(0.9, 0.5));
  await expect(page.locator('#param-0-kp')).toHaveValue(String(p1));
  await expect(page.locator('#param-0-kd')).toHaveValue(String(d1));
});
