import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
// The full build has the claims' code; no page loads it (they read claims.json).
import { claims, initSync } from '../../pkg/forcelab_wasm.js';
import { claimTable, type Claim } from './claims';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../pkg/forcelab_wasm_bg.wasm', import.meta.url)) });
});

describe('the claims the chapters print', () => {
  it('are the claims the core measures again in wasm, figure for figure and bit for bit', () => {
    const measured = claims() as Claim[];
    expect(measured.length).toBeGreaterThan(20);
    expect(claimTable()).toEqual(measured);
    // toEqual treats -0 and 0, and NaN and NaN, as equal: the figures are compared as bits too.
    const bits = (x: number) => new BigUint64Array(new Float64Array([x]).buffer)[0];
    expect(claimTable().map((c) => bits(c.figure))).toEqual(measured.map((c) => bits(c.figure)));
  });
});
