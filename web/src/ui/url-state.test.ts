import { describe, expect, it } from 'vitest';
import type { ParamDef } from './params';
import { numberFrom, readUrlState, writeUrlState } from './url-state';

const defs: ParamDef[] = [
  { key: 'kp', label: 'kp', unit: 'N/m', min: 1, max: 1e6, scale: 'log', initial: 100 },
  { key: 'mass', label: 'mass', unit: 'kg', min: 0.1, max: 100, scale: 'log', initial: 1, hardMin: 0, minExclusive: true },
];

describe('URL state', () => {
  it('reads values and keeps defaults for missing keys', () => {
    const s = readUrlState(defs, '?kp=400');
    expect(s.values).toEqual({ kp: 400, mass: 1 });
    expect(s.problems).toEqual({});
  });
  it('refuses junk by name and keeps the other settings', () => {
    const s = readUrlState(defs, '?kp=1e999&mass=%3Cscript%3E');
    expect(s.values).toEqual({ kp: 100, mass: 1 });
    expect(s.problems.kp).toContain('kp must be a finite number');
    expect(s.problems.mass).toContain('mass must be a number');
  });
  it('refuses an empty value by name instead of ignoring it', () => {
    // "?kp=" is a value the reader must answer: a link that dropped its number.
    const s = readUrlState(defs, '?kp=&mass=2');
    expect(s.values).toEqual({ kp: 100, mass: 2 });
    expect(s.problems.kp).toBe('kp needs a value (from the link; using 100)');
    expect(Object.keys(s.problems)).toEqual(['kp']);
  });
  it('writes only what differs from the defaults and keeps unrelated keys', () => {
    expect(writeUrlState(defs, { kp: 400, mass: 1 }, '?scene=cube')).toBe('?scene=cube&kp=400');
    expect(writeUrlState(defs, { kp: 100, mass: 1 }, '')).toBe('');
  });
  it('round-trips', () => {
    const q = writeUrlState(defs, { kp: 0.25, mass: 3 }, '');
    expect(readUrlState(defs, q).values).toEqual({ kp: 0.25, mass: 3 });
  });
});

describe('URL state, unset values', () => {
  it('drops a key whose value is unset, even when the link carried it', () => {
    const one: ParamDef[] = [{ key: 'kp', label: 'kp', unit: 'N/m', min: 1, max: 1e4, scale: 'log', initial: 100 }];
    expect(writeUrlState(one, {}, '?kp=5&keep=1')).toBe('?keep=1');
  });
});

describe("a link's optional number", () => {
  it('says what it falls back to when it refuses one: the default, or none', () => {
    const problems: Record<string, string> = {};
    expect(numberFrom(defs[0]!, 'abc', null, problems)).toBeNull();
    expect(problems.kp).toBe('kp must be a number, got "abc" (from the link; using none)');
    expect(numberFrom(defs[0]!, '-3', 7, problems)).toBe(7);
    expect(problems.kp).toBe('kp must be at least 0, got -3 (from the link; using 7)');
    expect(numberFrom(defs[0]!, '250', 7, problems)).toBe(250);
    expect(numberFrom(defs[0]!, null, 7, problems)).toBe(7);
  });
});
