import { describe, expect, it } from 'vitest';
import { clampPast, focusRange, offScaleNote, offScaleWhen } from './focus-range';

const plain = (min: number | null, max: number | null): [number, number] => [min ?? 0, max ?? 1];
const times = (n: number, dt = 0.01) => Array.from({ length: n }, (_, k) => k * dt);

/** A step response that lands on 1 with a little overshoot. */
const lands = (n: number) => times(n).map((t) => 1 - Math.exp(-8 * t) * Math.cos(12 * t));
/** Forward PD past its bound: an oscillation that grows by 8 % a step. */
const explodes = (n: number) => times(n).map((_, k) => (k % 2 ? -1 : 1) * 0.5 * 1.08 ** k);

describe('focusRange', () => {
  it('keeps the landing law and the target on the scale and marks the exploding one where it leaves', () => {
    const n = 300;
    const t = times(n);
    const target = t.map(() => 1);
    const { range, offScale, escaping } = focusRange([t, target, lands(n), explodes(n)], plain);
    const bounded = [...target, ...lands(n)];
    expect(range[0]).toBe(Math.min(...bounded));
    expect(range[1]).toBe(Math.max(...bounded));
    expect(escaping).toEqual([2]);
    expect(offScale).toHaveLength(1);
    const [o] = offScale;
    expect(o!.series).toBe(2);
    // The first sample outside [min, max] of the bounded series.
    const first = explodes(n).findIndex((v) => v > range[1] || v < range[0]);
    expect(o!.at).toBe(t[first]);
    expect(o!.peak).toBe(Math.max(...explodes(n).map(Math.abs)));
  });

  it('keeps a large term that decays beside a small one (it did not grow)', () => {
    const t = times(200);
    const p = t.map((x) => 500 * Math.exp(-10 * x));
    const d = t.map((x) => -5 * Math.exp(-10 * x));
    const ff = t.map(() => 0);
    const { range, escaping } = focusRange([t, p, d, ff], plain);
    expect(escaping).toEqual([]);
    expect(range).toEqual([-5, 500]);
  });

  it('keeps a series that grows but stays within the factor of the others', () => {
    const t = times(200);
    const { escaping } = focusRange([t, t.map(() => 1), t.map((x) => 10 * x)], plain);
    expect(escaping).toEqual([]);
  });

  it('takes every finite value when all series explode together, or the reader asks for the full range', () => {
    const n = 300;
    const t = times(n);
    const both = focusRange([t, explodes(n), explodes(n).map((v) => 2 * v)], plain);
    expect(both.escaping).toEqual([]);
    expect(both.range[1]).toBe(Math.max(...explodes(n).map((v) => 2 * v)));
    const full = focusRange([t, t.map(() => 1), explodes(n)], plain, true);
    expect(full.escaping).toEqual([1]);
    expect(full.offScale).toEqual([]);
    expect(full.range[1]).toBe(Math.max(...explodes(n)));
  });

  it('reads NaN as a gap, as the plots draw it, not as a series gone wrong', () => {
    const t = times(100);
    const bad = t.map((x, k) => (k > 50 ? Number.NaN : x));
    expect(focusRange([t, t.map(() => 1), bad], plain).escaping).toEqual([]);
  });

  it('passes over gaps (undefined or null) as no value, not as a run gone wrong', () => {
    const t = times(100);
    const gappy = t.map((x, k) => (k % 10 ? x : (null as unknown as number)));
    expect(focusRange([t, gappy, t.map(() => 0.5)], plain).escaping).toEqual([]);
  });

  it('applies the widening it is given to the bounded series only', () => {
    const n = 300;
    const t = times(n);
    const { range } = focusRange([t, t.map(() => 1), explodes(n)], (lo, hi) => [lo! - 1, hi! + 1]);
    expect(range).toEqual([0, 2]);
  });
});

describe('clampPast', () => {
  it('keeps values in range and moves the rest to one span past the edge', () => {
    expect(clampPast(0.5, 0, 1)).toBe(0.5);
    expect(clampPast(5e9, 0, 1)).toBe(2);
    expect(clampPast(-5e9, 0, 1)).toBe(-1);
    expect(clampPast(Number.NaN, 0, 1)).toBeNaN();
    // One span past the edge is the range's width, wherever the range sits.
    expect(clampPast(100, 1, 2)).toBe(3);
    expect(clampPast(-100, 1, 2)).toBe(0);
    // An infinite value is a gap, as drawn, not a point at the edge.
    expect(clampPast(Infinity, 0, 1)).toBe(Infinity);
  });
});

describe('offScaleNote', () => {
  it('says which series left and when, in the x axis unit', () => {
    const o = { series: 0, at: 0.41000000000000003, above: true, peak: 5e6 };
    expect(offScaleNote('forward PD', o)).toBe('forward PD diverged: off the scale from t = 0.41 s');
    expect(offScaleNote('x', o, 'kp dt²')).toBe('x diverged: off the scale from kp dt² = 0.41');
    // A time axis in any unit reads "t = ..."; an axis that only mentions time does not.
    expect(offScaleWhen(o)).toBe('t = 0.41 s');
    expect(offScaleWhen(o, 'time (ms)')).toBe('t = 0.41 ms');
    expect(offScaleWhen(o, 'time (s) per step')).toBe('time (s) per step = 0.41');
    expect(offScaleWhen(o, 'real time (s)')).toBe('real time (s) = 0.41');
  });
});

describe('focusRange with several escaping series', () => {
  it('takes two laws that explode together off the scale, keeping the one that lands', () => {
    const n = 300;
    const t = times(n);
    const { escaping, range } = focusRange([t, t.map(() => 1), lands(n), explodes(n), explodes(n).map((v) => -0.3 * v)], plain);
    expect(escaping).toEqual([2, 3]);
    expect(range[1]).toBeLessThan(2);
  });
});

describe('focusRange with a stiff law', () => {
  it('takes off a law that explodes within the first tenth of the run', () => {
    // Forward PD at kp dt² > 4: three times larger every step from the first.
    const n = 180;
    const t = times(n, 1 / 60);
    const fast = t.map((_, k) => (k === 0 ? 0 : Math.min(1e7, (k % 2 ? -1 : 1) * 3.3 * 3 ** k)));
    const { escaping } = focusRange([t, t.map(() => 1), lands(n), fast], plain);
    expect(escaping).toEqual([2]);
  });
});

/** `n` samples of a series that sits near `level` (a little ripple, so no two are equal). */
const near = (n: number, level: number) => times(n).map((_, k) => level * (1 + 0.001 * Math.sin(k)));

describe('focusRange at the edges of its rule', () => {
  it('takes off a law that leaves on the first sample after its start, then stops (a diverged run)', () => {
    // 100 samples: the start is the first two. The run is cut where it diverged: gaps after.
    const t = times(100);
    const burst = t.map((_, k) => (k < 2 ? (k ? -1 : 1) : k === 2 ? 100 : Number.NaN));
    expect(focusRange([t, near(100, 1), burst], plain).escaping).toEqual([1]);
  });

  it('keeps a large series that barely moves beside small ones (it did not grow)', () => {
    // A gravity-compensating term of about 100 beside terms of about 1, its largest value
    // at the end: large but steady, so it keeps the scale.
    const t = times(200);
    const steady = t.map((x) => 100 + x);
    const { escaping, range } = focusRange([t, near(200, 1), steady], plain);
    expect(escaping).toEqual([]);
    expect(range[1]).toBe(Math.max(...steady));
  });

  it('measures growth against the start, whatever the start is', () => {
    // From 2 to 30: fifteen times its start, under the factor of 20, so it stays, though
    // it is far above the small series (a rule read as "more than 20 / start" would take it off).
    const t = times(200);
    const rises = t.map((x) => 2 + 14 * x);
    const { escaping } = focusRange([t, near(200, 0.1), rises], plain);
    expect(escaping).toEqual([]);
  });

  it("keeps the start window's largest value, not its last, as the start", () => {
    // Starts at 100 (a PD's first force), dips, then rises to 500: five times its start.
    const t = times(100);
    const kicked = t.map((x, k) => (k === 0 ? 100 : k === 1 ? 1 : 500 * x));
    expect(focusRange([t, near(100, 1), kicked], plain).escaping).toEqual([]);
  });

  it("counts a run's first hundredth as its start on a long run: a derivative kick stays on the scale", () => {
    // 1,000 samples: the start is the first ten; a spike at the sixth is part of it.
    const t = times(1000);
    const kick = t.map((_, k) => (k === 5 ? 100 : 1));
    expect(focusRange([t, near(1000, 1), kick], plain).escaping).toEqual([]);
  });

  it('takes off a series that explodes and comes back, by its largest value', () => {
    const t = times(200);
    const spike = t.map((_, k) => (k === 100 ? 1000 : 1));
    expect(focusRange([t, near(200, 1), spike], plain).escaping).toEqual([1]);
  });

  it('reads an infinite value as a gap, not as a peak', () => {
    const t = times(100);
    const inf = t.map((_, k) => (k === 60 ? Infinity : 1));
    expect(focusRange([t, near(100, 1), inf], plain).escaping).toEqual([]);
  });

  it('takes no series off when one above the split did not grow', () => {
    // An exploding series (to 1000) and a decaying one (from 100) above a small one: the
    // split under both needs both grown, the split under the first needs 20 times.
    const t = times(200);
    const grows = t.map((x, k) => (k < 2 ? 1 : 1000 * x * x * 0.25));
    const decays = t.map((x) => 100 * Math.exp(-5 * x));
    expect(focusRange([t, grows, decays, near(200, 1)], plain).escaping).toEqual([]);
  });

  it('marks a series that is off the range from its first sample at that sample, and which side', () => {
    const t = times(200);
    const high = t.map((x) => 50 + 5000 * x * x);
    const above = focusRange([t, near(200, 1), high], plain);
    expect(above.escaping).toEqual([1]);
    expect(above.offScale).toEqual([{ series: 1, at: 0, above: true, peak: Math.max(...high) }]);
    const low = high.map((v) => -v);
    const below = focusRange([t, near(200, 1), low], plain);
    expect(below.offScale).toEqual([{ series: 1, at: 0, above: false, peak: Math.max(...high) }]);
  });

  it('widens nothing when no value is finite', () => {
    const t = times(10);
    const none = t.map(() => Number.NaN);
    expect(focusRange([t, none, none], plain).range).toEqual([0, 1]);
  });
});

describe('focusRange on a range with round ends', () => {
  it('marks an escaping series where it passes an edge, not where it touches one', () => {
    // Kept series at exactly 0 and 1 give the range [0, 1] (the page's widening keeps
    // round ends round); the exploding one starts at 0, touches 1, then leaves below at -3.
    const t = times(20);
    const triples = t.map((_, k) => (k === 0 ? 0 : (-3) ** (k - 1)));
    const { range, offScale } = focusRange([t, t.map(() => 0), t.map(() => 1), triples], plain);
    expect(range).toEqual([0, 1]);
    expect(offScale).toEqual([{ series: 2, at: t[2], above: false, peak: 3 ** 18 }]);
  });
});
