// @vitest-environment happy-dom
// A Lab card's stability map as a reader opens and reads it, on the real analysis part
// of the core: the readout names the gains, their dimensionless values and the spectral
// radius, checked against the closed loop's characteristic polynomial written out here
// (forward PD under semi-implicit Euler, the loop the issue found read the wrong way
// round); pointing at a cell reads that cell, a click or Enter puts its gains on the
// card; a law that runs on another's map says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { $, canvasCalls, installRecordingCanvas, manualFrames } from '../../../tests/dom/page';
import { loadAnalysisSync } from '../core/analysis-wasm';
import { formatNumber } from '../ui/params';
import { stabilityMap, type MapInput } from './lab-atlas';

let frames: ReturnType<typeof manualFrames>;
beforeAll(() => {
  frames = manualFrames();
  installRecordingCanvas();
  loadAnalysisSync(readFileSync(join(import.meta.dirname, '../../pkg-analysis/forcelab_wasm_bg.wasm')));
});

const H = 1 / 60;
const pd = (kp: number, kd: number): MapInput => ({ plant: 'cube', law: 'pd', integrator: 'semi-implicit-euler', kp, kd, ki: 0, mass: 1, dt: H, options: {} });

/** The spectral radius of forward PD under semi-implicit Euler, from its characteristic polynomial z² - T z + D. */
function forwardPdRadius(kp: number, kd: number, m: number, h: number): number {
  const trace = 2 - (h * h * kp) / m - (h * kd) / m;
  const det = 1 - (h * kd) / m;
  const disc = trace * trace - 4 * det;
  if (disc < 0) return Math.sqrt(det);
  return Math.max(Math.abs((trace + Math.sqrt(disc)) / 2), Math.abs((trace - Math.sqrt(disc)) / 2));
}

/** Opens a map for `read()` and waits until it is drawn. */
async function open(id: string, read: () => MapInput, picks: [number, number][] = []) {
  const map = stabilityMap(id, read, (kp, kd) => picks.push([kp, kd]));
  document.body.replaceChildren(map.panel);
  map.panel.open = true;
  map.panel.dispatchEvent(new Event('toggle'));
  expect($(map.panel, '.atlas-readout').textContent).toBe('Loading the map…');
  for (let tries = 0; tries < 50 && !map.panel.querySelector(`#${id}-atlas`); tries++) await new Promise((r) => setTimeout(r, 10));
  // The map's code and the analysis load, then it draws on the next frame.
  for (let tries = 0; tries < 50 && frames.pending() === 0; tries++) await new Promise((r) => setTimeout(r, 10));
  frames.frame();
  return { ...map, canvas: $<HTMLCanvasElement>(map.panel, `#${id}-atlas`), readout: $(map.panel, '.atlas-readout'), hover: $(map.panel, `#${id}-atlas-hover`) };
}

describe('a Lab card\'s stability map', () => {
  it('reads out a diverging forward PD as unstable, with the radius its characteristic polynomial gives', async () => {
    const { readout, canvas, panel } = await open('a', () => pd(400, 150));
    const radius = forwardPdRadius(400, 150, 1, H);
    expect(radius).toBeCloseTo(1.568, 3);
    expect(readout.textContent).toMatch(new RegExp(`^At kp 400 N/m, kd 150 N·s/m \\(kp h²/m = 0\\.1111, kd h/m = 2\\.5\\): spectral radius ${formatNumber(radius).replace('.', '\\.')}, unstable `));
    expect(Number(canvas.dataset.radius)).toBeCloseTo(radius, 9);
    expect(canvas.getAttribute('aria-label')).toBe(`Stability map of this law under semi-implicit-euler; the marker is at its gains: unstable, spectral radius ${formatNumber(radius)}`);
    // Two poles, one of them outside the unit circle, listed for the z-plane.
    const poles = JSON.parse($(panel, '.z-plane').dataset.poles!) as [number, number][];
    expect(poles).toHaveLength(2);
    expect(Math.max(...poles.map(([re, im]) => Math.hypot(re, im)))).toBeCloseTo(radius, 9);
    expect($(panel, '.z-plane').getAttribute('aria-label')).toMatch(/^The 2 poles at the marker against the unit circle: /);
  });

  it('reads the Lab\'s default PD as stable and marks it where its gains sit', async () => {
    const { readout, canvas } = await open('b', () => pd(400, 20));
    const radius = forwardPdRadius(400, 20, 1, H);
    expect(radius).toBeLessThan(1);
    expect(readout.textContent).toContain(`(kp h²/m = 0.1111, kd h/m = 0.3333): spectral radius ${formatNumber(radius)}, stable (dark`);
    expect(readout.textContent).not.toContain('off the map');
    expect(readout.textContent).not.toContain('drawn on the');
    // The marker: the log fraction of each dimensionless gain along the grid's sides.
    const [x, y] = canvas.dataset.marker!.split(',').map(Number) as [number, number];
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(1);
    expect(y).toBeLessThan(x);
    // Two rings per marker, drawn on the map's canvas.
    const arcs = canvasCalls.get(canvas)!.filter((c) => c.name === 'arc');
    expect(arcs.map((c) => c.args[2])).toEqual([6, 4]);
    expect(arcs[0]!.args[0]).toBeCloseTo(arcs[1]!.args[0] as number, 9);
  });

  it('labels its ticks in the card\'s units: kd = (kd h/m) m/h across, kp = (kp h²/m) m/h² up, two digits each', async () => {
    const labels = (panel: HTMLElement, dir: 'x' | 'y') => [...panel.querySelectorAll(`.atlas-ticks.${dir} span`)].map((t) => t.textContent!).filter(Boolean);
    const one = await open('t1', () => pd(400, 20));
    const [x, y] = [labels(one.panel, 'x'), labels(one.panel, 'y')];
    expect(x.length).toBeGreaterThan(2);
    expect(y).toHaveLength(x.length);
    // At one step of 1/60 s, the same decade reads 60 times larger in kp than in kd.
    x.forEach((kd, i) => expect(Number(y[i]) / Number(kd)).toBeCloseTo(60, 6));
    // Four digits and more (and three decimals and fewer) in powers of ten.
    for (const label of [...x, ...y]) {
      const v = Number(label);
      expect(label, label).toMatch(v >= 1e4 || v < 1e-2 ? /^[0-9.]+e-?[0-9]+$/ : /^[0-9.]+$/);
    }
    expect(y).toContain('3.6e6');
    // Twice the mass: every gain twice as large for the same dimensionless cell.
    const two = await open('t2', () => ({ ...pd(400, 20), mass: 2 }));
    labels(two.panel, 'x').forEach((kd, i) => expect(Number(kd) / Number(x[i])).toBeCloseTo(2, 6));
  });

  it('reads a box\'s gains about each principal axis where they differ, each marker lettered', async () => {
    const box = await open('j', () => ({ ...pd(400, 20), plant: 'box', law: 'spd' }));
    const text = box.readout.textContent!;
    const m = /^About each principal axis of the box the law has its own gains per unit inertia I: x at kp h²\/I = [0-9.]+, kd h\/I = [0-9.]+ \(radius ([0-9.]+)\); y at kp h²\/I = [0-9.]+, kd h\/I = [0-9.]+ \(radius ([0-9.]+)\); z at kp h²\/I = [0-9.]+, kd h\/I = [0-9.]+ \(radius ([0-9.]+)\)(, off the map \(marked at its edge\))?\. Largest radius ([0-9.]+), (un)?stable /.exec(text);
    expect(m, text).not.toBeNull();
    expect(Number(m![5])).toBe(Math.max(Number(m![1]), Number(m![2]), Number(m![3])));
    expect(JSON.parse(box.canvas.dataset.markers!)).toHaveLength(3);
    const letters = canvasCalls.get(box.canvas)!.filter((c) => c.name === 'fillText');
    expect(letters.map((c) => c.args[0])).toEqual(['x', 'y', 'z']);
    // Each letter beside its ring, kept on the 200 px canvas.
    for (const c of letters) {
      expect(c.args[1] as number).toBeGreaterThanOrEqual(0);
      expect(c.args[1] as number).toBeLessThanOrEqual(200);
      expect(c.args[2] as number).toBeGreaterThanOrEqual(0);
      expect(c.args[2] as number).toBeLessThanOrEqual(200);
    }
    expect(box.canvas.getAttribute('aria-label')).toMatch(/; the markers are at its gains: /);
    expect($(box.panel, '.z-plane').getAttribute('aria-label')).toMatch(/^The 6 poles at the markers against the unit circle: /);
  });

  it('says when the gains are off the map, when a law without gains takes another\'s map, a PID\'s slice, and why a law has no map', async () => {
    const off = await open('c', () => pd(1e-6, 1e-6));
    expect(off.readout.textContent).toContain(', off the map (marked at its edge)');
    const oneStep = await open('d', () => ({ ...pd(400, 20), law: 'one-step' }));
    expect(oneStep.readout.textContent).toMatch(/^No gains of its own: the step makes it the forward PD, drawn on its map, at \(kp h²\/m = /);
    const pid = await open('g', () => ({ ...pd(400, 20), law: 'pid', ki: 50 }));
    // ki h³/m = 50 / 60³.
    expect(pid.readout.textContent).toContain(` A PID's map is the slice at this card's ki h³/m = ${formatNumber(50 / 60 ** 3)}.`);
    const clamp = await open('i', () => ({ ...pd(400, 20), law: 'pid', ki: 50, options: { outputLimit: 50 } }));
    expect(clamp.readout.textContent).toMatch(/ The map and the radius leave out this card's .+\.$/);
    const boxPid = await open('h', () => ({ ...pd(400, 20), plant: 'box', law: 'pid', ki: 50 }));
    expect(boxPid.readout.textContent).toMatch(/^No map for these settings: .*no one map holds it/);
  });

  it('reads out the cell under the pointer, and a click or Enter puts its gains on the card', async () => {
    const picks: [number, number][] = [];
    const { canvas, hover } = await open('e', () => pd(400, 20), picks);
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 200, right: 200, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
    // The top-right corner: the stiffest and most damped cell.
    canvas.dispatchEvent(new MouseEvent('pointermove', { clientX: 199, clientY: 1 }));
    const n = Number(hover.dataset.cell!.split(',')[0]) + 1;
    expect(hover.dataset.cell).toBe(`${n - 1},${n - 1}`);
    expect(hover.textContent).toMatch(/^kp [0-9.e+]+ N\/m, kd [0-9.e+]+ N·s\/m \(kp h²\/m = [0-9.e+]+, kd h\/m = [0-9.e+]+\): (spectral radius [0-9.e+]+, (un)?stable|no radius here)\. Click or Enter puts these gains on this card\.$/);
    canvas.dispatchEvent(new MouseEvent('pointermove', { clientX: 1, clientY: 199 }));
    expect(hover.dataset.cell).toBe('0,0');
    const [, kpLow, kdLow, a, b] = /^kp ([0-9.e+-]+) N\/m, kd ([0-9.e+-]+) N·s\/m \(kp h²\/m = ([0-9.e+-]+), kd h\/m = ([0-9.e+-]+)\)/.exec(hover.textContent!)!;
    // Gains per unit mass times the mass, over the step squared (kp) or the step (kd).
    // (shown to three digits: compared as ratios, whatever the cell's size).
    expect((Number(kpLow) * H ** 2) / Number(a)).toBeCloseTo(1, 2);
    expect((Number(kdLow) * H) / Number(b)).toBeCloseTo(1, 2);
    canvas.dispatchEvent(new MouseEvent('click', { clientX: 1, clientY: 199 }));
    expect(picks).toHaveLength(1);
    expect(picks[0]![0] / Number(kpLow)).toBeCloseTo(1, 2);
    expect(picks[0]![1] / Number(kdLow)).toBeCloseTo(1, 2);
    // Off the map: nothing read, nothing picked.
    canvas.dispatchEvent(new MouseEvent('click', { clientX: 250, clientY: 10 }));
    expect(picks).toHaveLength(1);
    // The keyboard: up from the bottom-left cell is stiffer, Enter picks it.
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp' }));
    expect(hover.dataset.cell).toBe('1,0');
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(picks).toHaveLength(2);
    expect(picks[1]![0]).toBeGreaterThan(picks[0]![0]);
    expect(picks[1]![1]).toBeCloseTo(picks[0]![1], 6);
  });

  it('redraws for new gains when the card changes them', async () => {
    let input = pd(400, 20);
    const map = await open('f', () => input);
    input = pd(400, 150);
    map.update();
    frames.frame();
    expect(map.readout.textContent).toMatch(/^At kp 400 N\/m, kd 150 N·s\/m .*, unstable /);
  });
});
