// @vitest-environment happy-dom
// The table of streak directions, and the swarm as drawn (in a DOM, on a recording 2-D
// context): the world's centre at the canvas's centre, each missile a streak
// of three pixels from its nose back along its heading in the ink colour on the panel
// colour, nothing written outside the canvas, and each target a ring on top.
import { beforeAll, describe, expect, it } from 'vitest';
import { canvasCalls, installRecordingCanvas } from '../../../tests/dom/page';
import { directionIndex, SwarmCanvas, type SwarmFrame } from './swarm-canvas';

describe("the swarm's streak directions", () => {
  it('fall within one table step of the heading, for any sign and any number of turns', () => {
    const step = (2 * Math.PI) / 256;
    for (let k = -2000; k <= 2000; k++) {
      const heading = k * 0.0137 + 0.001;
      const angle = (directionIndex(heading) + 0.5) * step;
      // The table's angle and the heading differ by at most half a step, up to whole turns.
      const off = Math.atan2(Math.sin(angle - heading), Math.cos(angle - heading));
      expect(Math.abs(off), String(heading)).toBeLessThanOrEqual(step / 2 + 1e-12);
    }
  });
});


beforeAll(() => installRecordingCanvas());

/** The canvas's colours as packed little-endian RGBA words: the defaults (#f1f2ee panel, #2e86de ink). */
const PANEL = ((0xff << 24) | (0xee << 16) | (0xf2 << 8) | 0xf1) >>> 0;
const INK = ((0xff << 24) | (0xde << 16) | (0x86 << 8) | 0x2e) >>> 0;

function draw(frame: Partial<SwarmFrame>, size = 100) {
  const canvas = document.createElement('canvas');
  Object.defineProperty(canvas, 'clientWidth', { value: size });
  Object.defineProperty(canvas, 'clientHeight', { value: size / 2 });
  const swarm = new SwarmCanvas(canvas, 10);
  const none = new Float64Array(0);
  swarm.draw({ x: none, y: none, heading: none, targetX: none, targetY: none, ...frame });
  const calls = canvasCalls.get(canvas)!;
  const put = calls.find((c) => c.name === 'putImageData')!;
  const image = put.args[0] as { width: number; height: number; data: Uint8ClampedArray };
  const pixels = new Uint32Array(image.data.buffer);
  const inked = [...pixels.keys()].filter((i) => pixels[i] === INK).map((i) => [i % image.width, Math.floor(i / image.width)]);
  return { canvas, calls, image, pixels, inked };
}
const at = (...v: number[]) => Float64Array.from(v);

describe('the swarm canvas', () => {
  it('fits its pixels to the element and fills them with the panel colour', () => {
    const { canvas, image, pixels, inked } = draw({});
    expect([canvas.width, canvas.height, image.width, image.height]).toEqual([100, 50, 100, 50]);
    expect(pixels.every((p) => p === PANEL)).toBe(true);
    expect(inked).toEqual([]);
  });

  it('draws each missile as three pixels back from its nose along its heading', () => {
    // 10 m each way in 50 px: 2.5 px a metre; the centre at (50, 25).
    const east = draw({ x: at(0), y: at(0), heading: at(0) }).inked;
    expect(east.sort((a, b) => a[0]! - b[0]!)).toEqual([[48, 25], [49, 25], [50, 25]]);
    // Heading up (+y, north): the streak trails below its nose. (Its first two points,
    // 15 and 15.9999, truncate to the same row: a streak trailing down or right is two
    // pixels long, one trailing up or left three.)
    const north = draw({ x: at(4), y: at(4), heading: at(Math.PI / 2) }).inked;
    expect(north.sort((a, b) => a[1]! - b[1]!)).toEqual([[60, 15], [60, 16]]);
  });

  it('writes nothing outside the canvas for a missile at or past its edge', () => {
    // A nose exactly on the right edge (x = 20 m is pixel 100): only the two pixels of its
    // tail inside are drawn, none wrapped onto the next row's left edge.
    expect(draw({ x: at(20), y: at(0), heading: at(0) }).inked.sort((a, b) => a[0]! - b[0]!)).toEqual([[98, 25], [99, 25]]);
    // Well past the left edge heading west, and below the bottom: nothing.
    expect(draw({ x: at(-22, 0), y: at(0, -11), heading: at(Math.PI, 0) }).inked).toEqual([]);
  });

  it('rings each target on top of the missiles', () => {
    const { calls } = draw({ targetX: at(2, -4), targetY: at(0, 2) });
    const put = calls.findIndex((c) => c.name === 'putImageData');
    const arcs = calls.flatMap((c, i) => (c.name === 'arc' ? [{ i, args: c.args }] : []));
    expect(arcs.map((a) => a.args.slice(0, 3))).toEqual([[55, 25, 5], [40, 20, 5]]);
    expect(arcs.every((a) => a.i > put)).toBe(true);
    expect(calls.filter((c) => c.name === 'stroke')).toHaveLength(2);
    expect(calls.filter((c) => c.set && c.name === 'strokeStyle').at(-1)!.args[0]).toBe('#d1495b');
  });
});
