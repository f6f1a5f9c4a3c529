import { describe, expect, it } from 'vitest';
import { directionIndex } from './swarm-canvas';

describe("the swarm's streak directions", () => {
  it('fall within one table step of the heading, for any sign and any number of turns', () => {
    const step = (2 * Math.PI) / 256;
    for (let k = -2000; k <= 2000; k++) {
      const heading = k * 0.0137 + 0.001;
      const angle = (directionIndex(heading) + 0.5) * step;
      // The table's angle and the heading differ by at most half a step, up to whole turns.
      const off = Math.atan2(Math.sin(angle - heading), Math.cos(angle - heading));
      expect(Math.abs(off), String(heading)).toBeLessThanOrEqual(step / 2 + 1e-12);
    }
  });
});
