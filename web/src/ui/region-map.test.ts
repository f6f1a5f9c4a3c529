// @vitest-environment happy-dom
// The tuner's achievable region, drawn: each cell where the core's grid puts it (kd
// across, kp up, both log), the gains found ringed and the card's gains crossed, the
// caption and legend; a cell read out in words with the plants it was measured on,
// from the pointer or the arrow keys, and picked with a click or Enter.
import { beforeAll, describe, expect, it } from 'vitest';
import { $, canvasCalls, installRecordingCanvas } from '../../../tests/dom/page';
import { regionMap, type RegionData } from './region-map';

beforeAll(() => installRecordingCanvas());

/** A 3 x 2 window: kp 10, 100, 1000 (rows) by kd 1, 10 (columns), cells listed kd-major. */
const region = (ki = 0): RegionData => ({
  kp: [10, 100, 1000],
  kd: [1, 10],
  ki,
  cells: ['diverges', 'misses', 'meets', 'misses', 'meets', 'meets'],
});

function draw(r: RegionData = region(), now: { kp: number; kd: number } | null = { kp: 1000, kd: 1 }, pick?: (g: { kp: number; kd: number }) => void) {
  const host = document.createElement('div');
  regionMap(host, r, { kp: 100, kd: 10 }, now, ' at every mass from 0.5 to 2 kg', pick);
  const canvas = $<HTMLCanvasElement>(host, 'canvas');
  return { host, canvas, calls: canvasCalls.get(canvas)!, readout: $(host, '.region-readout') };
}

describe('the achievable region', () => {
  it('says how many cells meet the wish around the gains found, and what the ringed cell does', () => {
    const { host, canvas } = draw();
    expect(canvas.getAttribute('aria-label')).toBe('Achievable region: 3 of 6 cells meet the wish around kp 100 N/m, kd 10 N·s/m.');
    expect(JSON.parse(host.dataset.region!)).toEqual({ meets: 3, cells: 6, ring: 'meets' });
    const captions = [...host.querySelectorAll('.caption')].map((c) => c.textContent);
    expect(captions[1]).toBe('meets the wishmisses itdiverges');
    expect(captions[2]).toBe('Where the wish can be met at every mass from 0.5 to 2 kg around the gains found (○; + is the card\'s gains now): kd across, kp up, each from a tenth to ten times theirs.');
  });

  it('says so when no cell meets the wish, and names a PID\'s slice', () => {
    const { host } = draw({ ...region(3), cells: ['diverges', 'misses', 'misses', 'misses', 'misses', 'diverges'] });
    expect(host.lastElementChild!.textContent).toMatch(/ No cell of this window meets the wish\. A slice at ki = 3 N\/\(m·s\): the integral is a third gain\.$/);
    expect(JSON.parse(host.dataset.region!).ring).toBe('misses');
  });

  it('paints each cell where its kd and kp put it, the found gains ringed and the card\'s crossed', () => {
    const { calls } = draw();
    // The plot: 238 px wide from 52, 196 high from 8; cells 119 by 196/3 px.
    const cells = calls.filter((c) => c.name === 'fillRect').slice(0, 6).map((c) => c.args);
    const ch = 196 / 3;
    expect(cells).toEqual([
      [52, 8 + 196 - ch, 119, Math.ceil(ch)], [52, 8 + 196 - 2 * ch, 119, Math.ceil(ch)], [52, 8, 119, Math.ceil(ch)],
      [171, 8 + 196 - ch, 119, Math.ceil(ch)], [171, 8 + 196 - 2 * ch, 119, Math.ceil(ch)], [171, 8, 119, Math.ceil(ch)],
    ]);
    const alphas = calls.filter((c) => c.set && c.name === 'globalAlpha').slice(0, 6).map((c) => c.args[0]);
    expect(alphas).toEqual([0.8, 1, 0.8, 1, 0.8, 0.8]);
    // The ring at the centre of the cell kd 10, kp 100; the cross at kd 1, kp 1000.
    const rings = calls.filter((c) => c.name === 'arc').map((c) => c.args.slice(0, 3).map((v) => Number((v as number).toFixed(9))));
    expect(rings).toEqual([[171 + 59.5, 8 + 196 - 1.5 * ch, 9], [171 + 59.5, 8 + 196 - 1.5 * ch, 9]].map((r) => r.map((v) => Number(v.toFixed(9)))));
    const cross = calls.filter((c) => c.name === 'moveTo' || c.name === 'lineTo').map((c) => c.args.map((v) => Math.round(v as number)));
    const [x, y] = [52 + 59.5, 8 + ch / 2].map(Math.round) as [number, number];
    expect(cross).toEqual([[x - 6, y], [x + 6, y], [x, y - 6], [x, y + 6]]);
    // Ticks in the law's units, labelled at the decades.
    const texts = calls.filter((c) => c.name === 'fillText').map((c) => c.args[0]);
    expect(texts).toEqual(expect.arrayContaining(['1', '10', '100', '1000', 'kd (N·s/m) →', 'kp (N/m) →']));
  });

  it('leaves out the card\'s cross when its gains are off the window or not positive', () => {
    for (const now of [{ kp: 1e6, kd: 1 }, { kp: 0, kd: 1 }, null]) {
      const { calls } = draw(region(), now);
      expect(calls.filter((c) => c.name === 'moveTo')).toHaveLength(0);
    }
  });

  it('reads out a cell from the pointer or the keys, and picks it with a click or Enter', () => {
    const picked: { kp: number; kd: number }[] = [];
    const { host, canvas, readout } = draw(region(), null, (g) => picked.push(g));
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 240, right: 300, bottom: 240, x: 0, y: 0, toJSON: () => ({}) });
    // The bottom-left cell: kp 10, kd 1.
    canvas.dispatchEvent(new MouseEvent('pointermove', { clientX: 60, clientY: 200 }));
    expect(readout.textContent).toBe('kp 10 N/m, kd 1 N·s/m: diverges at every mass from 0.5 to 2 kg. Click or Enter puts these gains on the card.');
    expect(host.dataset.cursor).toBe('diverges');
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp' }));
    expect(readout.textContent).toMatch(/^kp 100 N\/m, kd 1 N·s\/m: stays bounded but misses the wish/);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(readout.textContent).toMatch(/^kp 100 N\/m, kd 10 N·s\/m: meets the wish/);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(picked).toEqual([{ kp: 100, kd: 10 }]);
    canvas.dispatchEvent(new MouseEvent('click', { clientX: 250, clientY: 20 }));
    expect(picked).toEqual([{ kp: 100, kd: 10 }, { kp: 1000, kd: 10 }]);
    // Outside the cells (the axis margin): nothing.
    canvas.dispatchEvent(new MouseEvent('click', { clientX: 10, clientY: 20 }));
    expect(picked).toHaveLength(2);
    // Focus reads the cursor's cell.
    canvas.dispatchEvent(new Event('focus'));
    expect(host.dataset.cursor).toBe('meets');
  });

  it('only reads a cell when nothing can be picked', () => {
    const { canvas, readout } = draw(region(), null);
    canvas.dispatchEvent(new Event('focus'));
    expect(readout.textContent).toBe('kp 100 N/m, kd 10 N·s/m: meets the wish at every mass from 0.5 to 2 kg.');
  });
});
