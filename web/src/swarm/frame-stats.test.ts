import { describe, expect, it } from 'vitest';
import { FrameStats, quantile } from './frame-stats';

describe('frame statistics', () => {
  it('takes nearest-rank quantiles', () => {
    const v = Array.from({ length: 100 }, (_, k) => k + 1);
    expect(quantile(v, 0.5)).toBe(50);
    expect(quantile(v, 0.95)).toBe(95);
    expect(quantile([7], 0.95)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('keeps only the last frames and sums simulation and drawing per frame', () => {
    const stats = new FrameStats(4);
    for (const [s, d] of [[100, 100], [1, 2], [2, 1], [3, 3], [4, 0]] as const) stats.record(s, d);
    const s = stats.summary();
    expect(s.frames).toBe(4);
    expect(s.simulationP95).toBe(4);
    expect(s.drawingP95).toBe(3);
    expect(s.totalP95).toBe(6);
    expect(s.totalP50).toBe(3);
    stats.clear();
    expect(stats.summary().frames).toBe(0);
  });

  it('keeps the last frames however many times the ring has wrapped', () => {
    const stats = new FrameStats(2);
    // Seven frames into a ring of two: only the last two (6 and 7 ms) stand.
    for (const s of [50, 40, 30, 20, 10, 6, 7]) stats.record(s, 1);
    const s = stats.summary();
    expect(s.frames).toBe(2);
    expect([s.simulationP50, s.simulationP95]).toEqual([6, 7]);
    expect([s.totalP50, s.totalP95]).toEqual([7, 8]);
  });

  it('starts afresh after clearing: the next frame is the only one counted, drawing and total alike', () => {
    const stats = new FrameStats(4);
    stats.record(9, 9);
    stats.clear();
    stats.record(1, 2);
    expect(stats.summary()).toEqual({
      frames: 1,
      simulationP50: 1,
      simulationP95: 1,
      drawingP50: 2,
      drawingP95: 2,
      totalP50: 3,
      totalP95: 3,
    });
  });
});
