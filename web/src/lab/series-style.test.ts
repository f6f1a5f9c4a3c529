import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, lawColorVar } from '../core/catalogue';
import { PRINTED_DASH, seriesStyles } from './series-style';

describe('series styles', () => {
  it('gives every law of the catalogue a colour the stylesheet defines, light and dark, and a printed listing its law colour', () => {
    const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
    const own = CATALOGUE.laws.filter((l) => l.printedOf === null);
    expect(new Set(own.map((l) => lawColorVar(l.id))).size).toBe(own.length);
    for (const law of CATALOGUE.laws) {
      const v = lawColorVar(law.id);
      expect(v).toMatch(/^--law-\d+$/);
      // Defined twice: once for light, once inside the dark scheme.
      expect(css.split(`${v}: #`).length - 1, v).toBe(2);
      if (law.printedOf) expect(v).toBe(lawColorVar(law.printedOf));
    }
    expect(lawColorVar('no-such-law')).toBe('--fg');
  });

  it('keeps a law one colour and tells its repeats and its printed listing apart by the line', () => {
    const styles = seriesStyles([
      { kind: 'pd', owner: 0, asPrinted: false },
      { kind: 'spd', owner: 1, asPrinted: false },
      { kind: 'pd', owner: 2, asPrinted: false },
      { kind: 'backward-pd', owner: 3, asPrinted: false },
      { kind: 'backward-pd-as-printed', owner: 3, asPrinted: true },
    ]);
    expect(styles.map((s) => s.colorVar)).toEqual(['--law-0', '--law-2', '--law-0', '--law-1', '--law-1']);
    expect(styles[0]!.dash).toBeUndefined();
    expect(styles[1]!.dash).toBeUndefined();
    expect(styles[2]!.dash).toEqual([2, 3]);
    expect(styles[4]!.dash).toEqual(PRINTED_DASH);
  });
});
