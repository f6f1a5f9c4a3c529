import { describe, expect, it } from 'vitest';
import { camera, rotate } from './box-drawing';

const close = (a: number[], b: number[]) => {
  // The lengths first: a forEach over an empty result would pass on nothing.
  expect(a).toHaveLength(b.length);
  a.forEach((v, k) => expect(v).toBeCloseTo(b[k]!, 12));
};

describe('rotate', () => {
  it('turns x into -z a quarter turn about y, as a right-handed rotation does', () => {
    const s = Math.SQRT1_2;
    close(rotate([0, s, 0, s], [1, 0, 0]), [0, 0, -1]);
    close(rotate([0, s, 0, s], [0, 1, 0]), [0, 1, 0]);
  });
  it('keeps lengths for any unit quaternion', () => {
    const q = [0.1, -0.5, 0.7, 0.3];
    const n = Math.hypot(...q);
    const r = rotate(q.map((v) => v / n) as [number, number, number, number], [1, 2, 3]);
    expect(Math.hypot(...r)).toBeCloseTo(Math.hypot(1, 2, 3), 12);
  });
});

describe('camera', () => {
  it('with no turn and no tilt looks along +z with y up', () => {
    close(camera(0, 0)([1, 2, 3]), [1, 2, 3]);
  });
});
