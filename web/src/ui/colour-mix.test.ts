import { describe, expect, it } from 'vitest';
import { colourDistance, mixHex, oklab, parseHex } from './colour-mix';

describe('colour text', () => {
  it('reads #rrggbb and #rgb, around spaces, in either case', () => {
    expect(parseHex(' #FF8000 ')).toEqual([1, 128 / 255, 0]);
    expect(parseHex('#f80')).toEqual([1, 136 / 255, 0]);
  });

  it('refuses anything else rather than reading part of it', () => {
    for (const text of ['x#ff8000', '#ff8000x', '#ff80001', 'x#f80', '#f80x', '#g80', '#fg0', '#f8g', 'red', '']) {
      expect(parseHex(text), text).toBeUndefined();
    }
  });

  it('mixes a fraction of the way in sRGB, and leaves the colour as it was when either is not a colour', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixHex('#d1495b', 'currentColor', 0.5)).toBe('#d1495b');
    expect(mixHex('var(--ink)', '#ffffff', 0.5)).toBe('var(--ink)');
  });
});

describe('OKLab', () => {
  // Björn Ottosson's published values for the sRGB primaries (also CSS Color 4's).
  const primaries: [string, [number, number, number]][] = [
    ['#ff0000', [0.627955, 0.224863, 0.125846]],
    ['#00ff00', [0.86644, -0.233888, 0.179498]],
    ['#0000ff', [0.452014, -0.032457, -0.311528]],
    ['#ffffff', [1, 0, 0]],
  ];
  it.each(primaries)('puts %s where Ottosson does', (text, expected) => {
    const got = oklab(text);
    for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(expected[k]!, 5);
  });

  it('measures the distance between two colours as their OKLab distance', () => {
    expect(colourDistance('#ff0000', '#0000ff')).toBeCloseTo(0.537089, 5);
    expect(colourDistance('#0000ff', '#0000ff')).toBe(0);
  });

  it('names the text it could not read', () => {
    expect(() => oklab('var(--c-pd)')).toThrow('a colour must be #rrggbb, got "var(--c-pd)"');
    // Quoted to 20 characters: a stylesheet value may be long.
    expect(() => oklab('color-mix(in oklab, var(--c-pd) 60%, white)')).toThrow(/^a colour must be #rrggbb, got "color-mix\(in oklab, "$/);
  });
});
