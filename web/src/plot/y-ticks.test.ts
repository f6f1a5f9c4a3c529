import { describe, expect, it } from 'vitest';
import { TICK_ROOM, yTicks } from './y-ticks';

describe('yTicks', () => {
  it('gives a short plot three round ticks or more, where uPlot gave one', () => {
    // The Lab's error plot: about 75 px of plot for a range of -0.2 .. 1.2.
    const ticks = yTicks(-0.2, 1.2, 75);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks).toEqual([0, 0.5, 1]);
  });
  it('keeps ticks about TICK_ROOM px apart on a tall plot', () => {
    const ticks = yTicks(0, 1, 260);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(260 / TICK_ROOM));
    expect(ticks.length).toBeGreaterThanOrEqual(5);
  });
  it('holds at least three ticks for any range and height', () => {
    for (const [lo, hi] of [
      [0, 1e-7],
      [-5e6, 1e7],
      [0.9999994, 1.0000006],
      [-1, 0],
      [3, 3.05],
      [-2000, 2500],
    ] as const) {
      for (const h of [40, 75, 120, 260]) {
        const ticks = yTicks(lo, hi, h);
        expect(ticks.length, `${lo}..${hi} at ${h} px`).toBeGreaterThanOrEqual(3);
        for (const t of ticks) {
          expect(t).toBeGreaterThanOrEqual(lo - 1e-9 * Math.abs(lo));
          expect(t).toBeLessThanOrEqual(hi + 1e-9 * Math.abs(hi));
        }
      }
    }
  });
  it('puts a tick on each end of a range that starts and ends on round values', () => {
    // A plot from 0 to 1 shows 0 and 1, not only the ticks strictly inside.
    expect(yTicks(0, 1, 75)).toEqual([0, 0.5, 1]);
    expect(yTicks(-1, 0, 75)).toEqual([-1, -0.5, 0]);
  });
  it('gives an empty or one-value range one tick at most, never a loop or a NaN', () => {
    expect(yTicks(2, 2, 100)).toEqual([2]);
    expect(yTicks(3, 1, 100)).toEqual([3]);
    expect(yTicks(0, Infinity, 100)).toEqual([0]);
    expect(yTicks(NaN, 1, 100)).toEqual([]);
    expect(yTicks(-Infinity, 0, 100)).toEqual([]);
  });
  it('writes float noise away', () => {
    expect(yTicks(0, 0.6, 200)).toContain(0.3);
  });
});
