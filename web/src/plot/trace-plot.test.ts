import { describe, expect, it } from 'vitest';
import { legendDash, safeRange, tickLabel } from './trace-plot';

describe('safeRange', () => {
  it('widens a span that is only rounding into a readable band', () => {
    const [lo, hi] = safeRange(null, 1, 1 + 2e-16);
    expect(hi - lo).toBeGreaterThanOrEqual(1e-6);
    expect(lo).toBeLessThan(1);
    expect(hi).toBeGreaterThan(1);
    expect(safeRange(null, 0, 0)).toEqual([-1, 1]);
  });
  it('keeps an ordinary range around the data', () => {
    const [lo, hi] = safeRange(null, -0.3, 1.2);
    expect(lo).toBeLessThanOrEqual(-0.3);
    expect(hi).toBeGreaterThanOrEqual(1.2);
  });
  it('never collapses a narrow span straddling 1 (uPlot.rangeNum gives [1, 1] there)', () => {
    // The tumbling body's energy ratios that froze chapter 7's plot in the chaos test.
    const [min, max] = [0.9999993980704444, 1.0000005577936748];
    const [lo, hi] = safeRange(null, min, max);
    expect(lo).toBeLessThanOrEqual(min);
    expect(hi).toBeGreaterThanOrEqual(max);
    expect(hi - lo).toBeGreaterThan(max - min);
  });
  it('gives a default for no data', () => {
    expect(safeRange(null, null, null)).toEqual([0, 1]);
    expect(safeRange(null, Number.NaN, 1)).toEqual([0, 1]);
  });
});

describe('tickLabel', () => {
  it('writes ticks plainly up to five digits and in powers of ten beyond', () => {
    expect(tickLabel(0)).toBe('0');
    expect(tickLabel(0.25)).toBe('0.25');
    expect(tickLabel(-400)).toBe('-400');
    expect(tickLabel(12000)).toBe('12000');
    expect(tickLabel(-5e6)).toBe('-5e6');
    expect(tickLabel(2.5e9)).toBe('2.5e9');
    expect(tickLabel(1e-4)).toBe('1e-4');
    // Float noise from the tick arithmetic is not shown.
    expect(tickLabel(0.1 + 0.2)).toBe('0.3');
  });
});

describe('legendDash', () => {
  it('gives a legend swatch the pattern of its line', () => {
    expect(legendDash(undefined)).toBe('solid');
    expect(legendDash([])).toBe('solid');
    expect(legendDash([2, 3])).toBe('dotted');
    expect(legendDash([6, 4])).toBe('dashed');
    expect(legendDash([10, 3, 2, 3])).toBe('dashed');
  });
});
