import { describe, expect, it } from 'vitest';
import { once } from './loader';

describe('once', () => {
  it('runs once for every caller, and again only after a run that failed', async () => {
    let runs = 0;
    let fail = true;
    const load = once(async () => {
      runs += 1;
      if (fail) throw new Error('the network blinked');
      return runs;
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('the network blinked');
    expect(runs).toBe(1);
    fail = false;
    expect(await Promise.all([load(), load()])).toEqual([2, 2]);
    expect(await load()).toBe(2);
    expect(runs).toBe(2);
  });
});
