import { readFileSync } from 'node:fs';
import RAPIER from '@dimforge/rapier2d-compat';
import * as planck from 'planck';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSceneModuleSync, planarSwarmF32, planarSwarm as wasmSwarm } from '../core/scene-wasm';
import { forcelabContenders, jsObjects, jsTypedArrays, planckContender, rapierContender, type Contender } from './contenders';
import { planarSwarm } from './scenario';

const N = 40;
const SEED = 5;
const STEPS = 90;

beforeAll(async () => {
  loadSceneModuleSync(readFileSync(new URL('../../pkg-lite/forcelab_wasm_bg.wasm', import.meta.url)));
  await RAPIER.init();
});

function checksum(contender: Contender): number {
  const run = contender.setup(planarSwarm(N, SEED), SEED);
  // Two calls, so a contender that ignored `steps` or restarted would differ.
  run.step(STEPS - 30);
  run.step(30);
  const sum = run.checksum();
  run.dispose();
  return sum;
}

describe('the benchmark contenders do the same work', () => {
  it('draws the same start as the core', () => {
    const core = wasmSwarm(N, SEED);
    const js = planarSwarm(N, SEED);
    expect(Array.from(js.x)).toEqual(Array.from(core.x()));
    expect(Array.from(js.y)).toEqual(Array.from(core.y()));
    expect(Array.from(js.angle)).toEqual(Array.from(core.angle()));
    core.free();
  });

  it('agrees with forcelab batched: bit for bit, to rounding, or to f32 precision', () => {
    const [batched, single, perBody] = forcelabContenders(wasmSwarm, planarSwarmF32);
    const reference = checksum(batched!);
    const start = planarSwarm(N, SEED);
    const moved = Math.abs(reference - (start.x.reduce((a, b) => a + b) + start.y.reduce((a, b) => a + b)));
    expect(moved).toBeGreaterThan(100);
    expect(checksum(perBody!)).toBe(reference);
    expect(checksum(jsTypedArrays)).toBe(reference);
    expect(checksum(jsObjects)).toBeCloseTo(reference, 8);
    expect(checksum(planckContender(planck))).toBeCloseTo(reference, 8);
    // f32: about 1e-7 relative per operation on positions of up to 100 m.
    expect(Math.abs(checksum(rapierContender(RAPIER)) - reference)).toBeLessThan(1e-3 * Math.abs(moved));
    const f32 = checksum(single!);
    expect(Math.abs(f32 - reference)).toBeLessThan(1e-3 * Math.abs(moved));
    expect(f32, 'the f32 mode really computes in f32').not.toBe(reference);
  });
});
