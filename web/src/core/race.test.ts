import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
// The full build has the race's code; chapter 9 reads race.json.
import { initSync, race } from '../../pkg/forcelab_wasm.js';
import { RACE } from './race';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../pkg/forcelab_wasm_bg.wasm', import.meta.url)) });
});

describe('the race of the laws chapter 9 prints', () => {
  it('is the race the core runs again in wasm, bit for bit', () => {
    const measured = race() as typeof RACE;
    expect(measured.rows.length).toBeGreaterThan(8);
    // JSON keeps every double exactly; the wasm answer, written as JSON, is the file.
    expect(JSON.stringify(measured)).toBe(JSON.stringify(RACE));
  }, 120_000);
});
