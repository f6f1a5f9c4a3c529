import { describe, expect, it } from 'vitest';
import { alongSide, decades } from './atlas-axis';

const grid = { min: 1e-3, max: 1e3, points: 57 };

describe('alongSide', () => {
  it('puts the first and last samples at the centres of the end cells, not on the edges', () => {
    expect(alongSide(grid.min, grid)).toBeCloseTo(0.5 / 57, 12);
    expect(alongSide(grid.max, grid)).toBeCloseTo(1 - 0.5 / 57, 12);
  });
  it('puts sample k of the log-spaced axis at the centre of cell k', () => {
    for (const k of [0, 7, 28, 56]) {
      const value = 10 ** (-3 + (6 * k) / 56);
      expect(alongSide(value, grid)).toBeCloseTo((k + 0.5) / 57, 12);
    }
  });
});

describe('decades', () => {
  it('ticks every decade inside the grid and labels the first and about a third', () => {
    const d = decades(grid);
    expect(d.map((x) => x.value)).toEqual([1e-3, 1e-2, 1e-1, 1, 10, 100, 1000]);
    expect(d.filter((x) => x.labelled).map((x) => x.value)).toEqual([1e-3, 1, 1000]);
    expect(d[3]!.at).toBeCloseTo(0.5, 12);
  });
  it('leaves out decades past the grid\'s ends', () => {
    expect(decades({ min: 0.02, max: 500, points: 10 }).map((x) => x.value)).toEqual([0.1, 1, 10, 100]);
  });
});
