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
});
