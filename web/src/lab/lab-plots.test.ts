// @vitest-environment happy-dom
// The Lab's plots filled from a real run (the Lab's wasm): which plots a plant gets and
// their titles, and that each plots the core's numbers (the response and the target,
// the error as target minus response, the effort, the plate's other coordinates read
// from its pose, each controller's terms); a figure's terms are built only once their
// box is opened; the regions a wish forbids are shaded on the response and the effort.
import { beforeAll, describe, expect, it } from 'vitest';
import { installRecordingCanvas, loadLabWasm } from '../../../tests/dom/page';
import { LabRun } from '../core/wasm';
import type { PlotHost } from '../plot/trace-plot';
import { LabPlots } from './lab-plots';
import { labConfig, readLabState, seriesOf } from './lab-state';

beforeAll(async () => {
  installRecordingCanvas();
  await loadLabWasm();
});

const LOOK = { fg: '#000', muted: '#888', colors: ['#a00', '#0a0', '#00a'], dashed: [false, false, false] };

/** A run of `search` 30 steps long, and its plots in two fresh boxes (the terms' box inside `termsIn`, if given). */
function plotted(search: string, termsIn?: HTMLElement) {
  const { state } = readLabState(search);
  const run = new LabRun(labConfig(state));
  run.step(30);
  const snap = run.snapshot();
  const plotsBox = document.createElement('div');
  const termsBox = document.createElement('div');
  (termsIn ?? document.body).append(termsBox);
  document.body.append(plotsBox);
  const plots = new LabPlots(plotsBox, termsBox);
  const series = seriesOf(state);
  plots.build(state.plant, series, series.map((s) => s.kind), LOOK);
  plots.show(snap);
  run.free();
  const data = (selector: string, box = plotsBox) => [...box.querySelectorAll<PlotHost>(selector)].map((h) => h.plotted!);
  return { plots, snap, plotsBox, termsBox, data };
}

const column = (values: Float64Array, n: number, k: number) => Array.from({ length: values.length / n }, (_, r) => values[r * n + k]!);

describe('the Lab\'s plots', () => {
  it('plot the response with its target, the error and the force of each controller, as the core ran them', () => {
    const { snap, plotsBox, data, plots } = plotted('?c=pd,spd&x0=0.5');
    expect([...plotsBox.children].map((c) => c.className)).toEqual(['plot response', 'plot error', 'plot effort']);
    expect(plotsBox.textContent).toContain('Response');
    expect(plotsBox.textContent).toContain('Error (target − response)');
    expect(plotsBox.textContent).toContain('Force');
    const time = Array.from(snap.time);
    const target = Array.from(snap.target);
    const [x0, x1] = [column(snap.x, 2, 0), column(snap.x, 2, 1)];
    expect(data('.response')[0]).toEqual([time, target, x0, x1]);
    expect(data('.error')[0]).toEqual([time, x0.map((x, r) => target[r]! - x), x1.map((x, r) => target[r]! - x)]);
    expect(data('.effort')[0]).toEqual([time, column(snap.force, 2, 0), column(snap.force, 2, 1)]);
    expect(plots.response).toBeDefined();
    expect(plots.response!.host).toBe(plotsBox.querySelector('.response'));
  });

  it('plot each controller\'s P, I, D and feed-forward terms', () => {
    const { snap, termsBox, data } = plotted('?c=pid,pd');
    const terms = data('.term', termsBox);
    expect(terms).toHaveLength(2);
    for (const k of [0, 1]) expect(terms[k]).toEqual([Array.from(snap.time), column(snap.p, 2, k), column(snap.i, 2, k), column(snap.d, 2, k), column(snap.ff, 2, k)]);
    expect(termsBox.textContent).toContain('pid');
  });

  it('give the plate its y position and heading, the heading with the target', () => {
    const { snap, plotsBox, data } = plotted('?plant=plate&c=pd,spd');
    expect([...plotsBox.children].map((c) => c.className)).toEqual(['plot response', 'plot error', 'plot effort', 'plot coordinate coordinate-1', 'plot coordinate coordinate-2']);
    expect(plotsBox.textContent).toContain('Y position');
    expect(plotsBox.textContent).toContain('Heading');
    const pose = (k: number, i: number) => Array.from({ length: snap.rows }, (_, r) => snap.pose[(r * 2 + k) * snap.poseSize + i]!);
    expect(data('.coordinate-1')[0]).toEqual([Array.from(snap.time), pose(0, 1), pose(1, 1)]);
    expect(data('.coordinate-2')[0]).toEqual([Array.from(snap.time), Array.from(snap.target), pose(0, 2), pose(1, 2)]);
  });

  it('build a folded figure\'s terms only once its box is opened, from the run as it stands', () => {
    const details = document.createElement('details');
    document.body.append(details);
    const { snap, termsBox, data } = plotted('?c=pd,spd', details);
    expect(termsBox.children).toHaveLength(0);
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    const terms = data('.term', termsBox);
    expect(terms).toHaveLength(2);
    expect(terms[1]).toEqual([Array.from(snap.time), column(snap.p, 2, 1), column(snap.i, 2, 1), column(snap.d, 2, 1), column(snap.ff, 2, 1)]);
  });

  it('shade what a wish forbids on the response and the effort only, and clear it', () => {
    const { plots, plotsBox } = plotted('?c=pd,spd');
    plots.shade([
      { plot: 'response', from: 1, to: null, low: 1.02, high: null },
      { plot: 'effort', from: 0, to: null, low: 100, high: null },
    ] as never);
    const regions = (cls: string) => JSON.parse(plotsBox.querySelector<HTMLElement>(`.${cls}`)!.dataset.regions ?? '[]') as { plot: string }[];
    expect(regions('response').map((r) => r.plot)).toEqual(['response']);
    expect(regions('effort').map((r) => r.plot)).toEqual(['effort']);
    expect(regions('error')).toEqual([]);
    expect(plotsBox.querySelector('.response .plot-regions')!.textContent).toBe('Shaded: where the wish forbids the curve to go.');
    plots.shade([]);
    expect(regions('response')).toEqual([]);
    expect(plotsBox.querySelector('.plot-regions')).toBeNull();
  });
});
