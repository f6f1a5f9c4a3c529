import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, lawColorVar, menuLaws } from '../core/catalogue';
import { colourDistance } from '../ui/colour-mix';
import { MAX_CONTROLLERS, MIN_CONTROLLERS } from './lab-state';
import { PRINTED_DASH, seriesStyles, shadeColor } from './series-style';

/** The stylesheet's custom properties, `--name: #hex`, in the light scheme and in the dark one. */
function schemes(): Record<'light' | 'dark', Map<string, string>> {
  const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
  const dark = css.indexOf('@media (prefers-color-scheme: dark)');
  const read = (text: string) => new Map([...text.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1]!, m[2]!]));
  const light = read(css.slice(0, dark));
  return { light, dark: new Map([...light, ...read(css.slice(dark, css.indexOf('}', css.indexOf('}', dark) + 1)))]) };
}

/** Every multiset of `n` items of `xs` (a Lab's cards, in order of the list). */
function* multisets<T>(xs: readonly T[], n: number, from = 0): Generator<T[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (let i = from; i < xs.length; i++) for (const rest of multisets(xs, n - 1, i)) yield [xs[i]!, ...rest];
}

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
    // The second forward PD is a shade of the first's red; the printed listing is its card's colour.
    expect(styles.map((s) => s.shade)).toEqual([0, 0, 1, 0, 0]);
    expect(styles[0]!.dash).toBeUndefined();
    expect(styles[1]!.dash).toBeUndefined();
    expect(styles[2]!.dash).toEqual([2, 3]);
    expect(styles[4]!.dash).toEqual(PRINTED_DASH);
  });

  it("draws a law's second, third and fourth card dotted, dash-dotted and sparse, and a printed listing dashed", () => {
    const styles = seriesStyles([0, 1, 2, 3].map((owner) => ({ kind: 'pd', owner, asPrinted: false })));
    expect(styles.map((s) => s.dash)).toEqual([undefined, [2, 3], [10, 3, 2, 3], [1, 5]]);
    expect(PRINTED_DASH).toEqual([6, 4]);
  });

  it("shades a law's second card toward the paper, its third toward the ink, its fourth further toward the paper", () => {
    // Black on a red ink and white paper, so each shade shows which way it moved and how far.
    const shades = [0, 1, 2, 3].map((shade) => shadeColor('#000000', shade, '#ff0000', '#ffffff'));
    expect(shades).toEqual(['#000000', '#737373', '#800000', '#b3b3b3']);
  });

  it("keeps any two laws' colours 0.08 apart in OKLab, light and dark (a PID beside a forward PD was crimson beside red)", () => {
    const own = CATALOGUE.laws.filter((l) => l.printedOf === null).map((l) => lawColorVar(l.id));
    for (const [scheme, vars] of Object.entries(schemes())) {
      for (const [i, a] of own.entries()) {
        for (const b of own.slice(i + 1)) {
          expect(colourDistance(vars.get(a)!, vars.get(b)!), `${scheme}: ${a} and ${b}`).toBeGreaterThanOrEqual(0.08);
        }
      }
    }
  });

  it("gives every card of every Lab a colour 0.04 from every other card's, its law's hue shaded for a repeat", () => {
    for (const plant of CATALOGUE.plants) {
      const laws = menuLaws(plant.id);
      for (const [scheme, vars] of Object.entries(schemes())) {
        const [fg, bg] = [vars.get('--fg')!, vars.get('--bg')!];
        for (let n = MIN_CONTROLLERS; n <= MAX_CONTROLLERS; n++) {
          for (const cards of multisets(laws, n)) {
            const colours = seriesStyles(cards.map((kind, owner) => ({ kind, owner, asPrinted: false }))).map((s) => shadeColor(vars.get(s.colorVar)!, s.shade, fg, bg));
            for (const [i, a] of colours.entries()) {
              for (const [j, b] of colours.entries()) {
                if (j > i) expect(colourDistance(a, b), `${scheme} ${plant.id}: ${cards.join(', ')}: cards ${i + 1} and ${j + 1}`).toBeGreaterThanOrEqual(0.04);
              }
            }
          }
        }
      }
    }
  });
});
