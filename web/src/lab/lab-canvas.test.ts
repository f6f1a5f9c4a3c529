// What the Lab's canvas draws for a row of a run (a recording 2-D context, no DOM): each
// body where its pose says, on its own lane, in its series' colour, faded once it
// diverged; the target as a dashed line (the cube, the plate) or a dashed outline of the
// orientation it asks for (the box). The box's outlines are checked against a rotation
// and projection written here a second way (a rotation matrix), not the drawing's own.
import { describe, expect, it } from 'vitest';
import { recordingContext, type CanvasCall } from '../../../tests/dom/page';
import type { LabSnapshot } from '../core/wasm';
import { drawLab, viewRange, type Look } from './lab-canvas';

const LOOK: Look = { fg: 'ink', muted: 'grey', colors: ['red', 'blue'], dashed: [false, true] };

/** A one-row snapshot of `n` bodies with poses `pose` (`poseSize` each) and the bodies in `diverged` stopped. */
function snapshot(n: number, poseSize: number, pose: number[], diverged: number[] = []): LabSnapshot {
  const none = new Float64Array(n);
  return {
    n, poseSize, rows: 1, time: new Float64Array([0]), target: new Float64Array([0]), x: none, v: none, force: none, p: none, i: none, d: none, ff: none,
    pose: Float64Array.from(pose), diverged: Uint8Array.from({ length: n }, (_, k) => (diverged.includes(k) ? 1 : 0)), failures: [],
  };
}

function draw(plant: 'cube' | 'plate' | 'box', snap: LabSnapshot, target: number, range: [number, number], size = { width: 700, height: 220 }) {
  const { ctx, calls } = recordingContext(size);
  drawLab(ctx, plant, snap, 0, target, range, LOOK);
  return calls;
}

/** The value last assigned to `prop` before call `index`. */
const stateAt = (calls: CanvasCall[], index: number, prop: string) => calls.slice(0, index).filter((c) => c.set && c.name === prop).at(-1)?.args[0];
const named = (calls: CanvasCall[], name: string) => calls.flatMap((c, i) => (c.name === name && !c.set ? [{ ...c, i }] : []));

describe('the Lab canvas', () => {
  it('shows -1 to 2 m and every value it must, with half a metre to spare; the box a fixed turn and a half', () => {
    expect(viewRange('cube', [])).toEqual([-1.5, 2.5]);
    expect(viewRange('cube', [0.5, 1])).toEqual([-1.5, 2.5]);
    expect(viewRange('plate', [-4, 3])).toEqual([-4.5, 3.5]);
    expect(viewRange('box', [10])).toEqual([-Math.PI, 2 * Math.PI]);
  });

  it('draws each cube on its lane where the core put it, in its colour, faded once diverged', () => {
    const calls = draw('cube', snapshot(2, 1, [0.5, 2], [1]), 1, [-1, 3]);
    expect(named(calls, 'clearRect')[0]!.args).toEqual([0, 0, 700, 220]);
    // The target: a dashed vertical line across the canvas at 1 m (half-way along -1..3 m).
    const line = calls.filter((c) => c.name === 'moveTo' || c.name === 'lineTo').map((c) => c.args);
    expect(line).toEqual([[350, 0], [350, 220]]);
    const strokes = named(calls, 'stroke');
    expect(stateAt(calls, strokes[0]!.i, 'strokeStyle')).toBe('ink');
    expect(calls.find((c) => c.name === 'setLineDash')!.args[0]).toEqual([6, 4]);
    const rects = named(calls, 'fillRect');
    // Lanes of 110 px; a square of min(0.6 x 110, 28) = 28 px centred on the body.
    expect(rects.map((r) => r.args)).toEqual([[262.5 - 14, 55 - 14, 28, 28], [525 - 14, 165 - 14, 28, 28]]);
    expect(rects.map((r) => stateAt(calls, r.i, 'fillStyle'))).toEqual(['red', 'blue']);
    expect(rects.map((r) => stateAt(calls, r.i, 'globalAlpha'))).toEqual([1, 0.35]);
    // A printed twin (dashed in the legend) is drawn with a dashed outline.
    const dashes = named(calls, 'setLineDash');
    const dashBefore = (i: number) => dashes.filter((d) => d.i < i).at(-1)!.args[0];
    expect(rects.map((r) => dashBefore(r.i))).toEqual([[], [5, 3]]);
    expect(stateAt(calls, calls.length, 'globalAlpha')).toBe(1);
  });

  it('draws each plate from above at its x and y, turned by its heading, with a heading line', () => {
    const calls = draw('plate', snapshot(2, 3, [0, 0.5, Math.PI / 2, 1, 0, 0]), 0, [-1, 3]);
    const scale = Math.min(700 / 4, 110 * 1.2);
    expect(named(calls, 'translate').map((c) => c.args)).toEqual([[175, 55 - 0.5 * scale], [350, 165]]);
    expect(named(calls, 'rotate').map((c) => c.args[0])).toEqual([-Math.PI / 2, -0]);
    expect(named(calls, 'fillRect')[0]!.args).toEqual([-0.25 * scale, -0.125 * scale, 0.5 * scale, 0.25 * scale]);
    // Each body's save and restore pair, so one plate's turn does not carry to the next.
    expect(named(calls, 'save')).toHaveLength(2);
    expect(named(calls, 'restore')).toHaveLength(2);
    expect(named(calls, 'fillRect').map((r) => stateAt(calls, r.i, 'globalAlpha'))).toEqual([0.85, 0.85]);
    // The heading: from the centre, 0.4 of the scale along the plate's own x.
    const heading = calls.filter((c) => (c.name === 'moveTo' || c.name === 'lineTo') && c.args[1] === 0 && calls.indexOf(c) > named(calls, 'save')[0]!.i);
    expect(heading[0]!.args).toEqual([0, 0]);
    expect(heading[1]!.args).toEqual([0.4 * scale, 0]);
  });

  it('draws each box turned by its quaternion and the target orientation dashed over it', () => {
    // Body 0 a quarter turn about z; body 1 at rest; the target half a turn about the box's axis.
    const s = Math.SQRT1_2;
    const target = 1;
    const calls = draw('box', snapshot(2, 4, [0, 0, s, s, 0, 0, 0, 1], [1]), target, [-Math.PI, 2 * Math.PI]);
    // No target line: the target is an orientation.
    const segments = calls.filter((c) => c.name === 'moveTo' || c.name === 'lineTo').map((c) => c.args as [number, number]);
    expect(segments).toHaveLength(4 * 24);
    // The expected outline, a second way: a rotation matrix from axis and angle, the oblique projection.
    const outline = (axis: [number, number, number], angle: number, k: number) => {
      const [x, y, z] = axis;
      const c = Math.cos(angle);
      const sn = Math.sin(angle);
      const t = 1 - c;
      const m = [
        [t * x * x + c, t * x * y - sn * z, t * x * z + sn * y],
        [t * x * y + sn * z, t * y * y + c, t * y * z - sn * x],
        [t * x * z - sn * y, t * y * z + sn * x, t * z * z + c],
      ];
      const corners = [-1, 1].flatMap((a) => [-1, 1].flatMap((b) => [-1, 1].map((cc) => [0.5 * a, 0.25 * b, 0.125 * cc])));
      const cell = 700 / 2;
      const size = Math.min(cell, 220) * 0.7;
      const screen = corners.map((p) => {
        const r = m.map((row) => row[0]! * p[0]! + row[1]! * p[1]! + row[2]! * p[2]!);
        return [cell * (k + 0.5) + (r[0]! - 0.45 * r[2]!) * size, 110 - (r[1]! - 0.3 * r[2]!) * size];
      });
      const edges: [number, number][] = [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]];
      return edges.flatMap(([a, b]) => [screen[a]!, screen[b]!]);
    };
    const axis: [number, number, number] = [1 / Math.sqrt(14), 2 / Math.sqrt(14), 3 / Math.sqrt(14)];
    const expected = [outline([0, 0, 1], Math.PI / 2, 0), outline(axis, target, 0), outline([0, 0, 1], 0, 1), outline(axis, target, 1)];
    expected.flat().forEach(([x, y], j) => {
      expect(segments[j]![0], `point ${j}`).toBeCloseTo(x!, 9);
      expect(segments[j]![1], `point ${j}`).toBeCloseTo(y!, 9);
    });
    const strokes = named(calls, 'stroke');
    expect(strokes.map((c) => stateAt(calls, c.i, 'strokeStyle'))).toEqual(['red', 'ink', 'blue', 'ink']);
    expect(strokes.map((c) => stateAt(calls, c.i, 'lineWidth'))).toEqual([2, 1.5, 2, 1.5]);
    // Only the diverged body fades, never the target over it.
    expect(strokes.map((c) => stateAt(calls, c.i, 'globalAlpha'))).toEqual([1, 1, 0.35, 1]);
    const dashes = named(calls, 'setLineDash');
    const dashBefore = (i: number) => dashes.filter((d) => d.i < i).at(-1)!.args[0];
    expect(strokes.map((c) => dashBefore(c.i))).toEqual([[], [3, 4], [], [3, 4]]);
  });

  it('draws nothing but a clear canvas for a run of no bodies', () => {
    const calls = draw('cube', snapshot(0, 1, []), 0, [-1, 3]);
    expect(calls.map((c) => c.name)).toEqual(['clearRect']);
  });
});
