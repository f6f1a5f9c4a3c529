import { describe, expect, it } from 'vitest';
import { loader, once } from './loader';

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

describe('loader', () => {
  it('says it is loaded only once a load has finished or the bytes were given, and loads once', async () => {
    let inits = 0;
    let fail = true;
    const door = loader(
      async () => {
        inits += 1;
        if (fail) throw new Error('offline');
      },
      () => undefined,
    );
    expect(door.loaded()).toBe(false);
    const asked = door.load();
    expect(door.loaded()).toBe(false);
    await expect(asked).rejects.toThrow('offline');
    expect(door.loaded()).toBe(false);
    fail = false;
    await Promise.all([door.load(), door.load()]);
    expect(door.loaded()).toBe(true);
    await door.load();
    expect(inits).toBe(2);
    const fromBytes = loader(() => Promise.reject(new Error('never fetched')), () => undefined);
    fromBytes.loadSync(new Uint8Array());
    expect(fromBytes.loaded()).toBe(true);
    await fromBytes.load();
  });
});
