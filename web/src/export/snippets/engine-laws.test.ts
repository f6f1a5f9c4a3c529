/**
 * The laws the Unity and Godot snippets write out are the core's laws: their statement
 * text (valid JavaScript too) is run here in a fixed-step loop with the core's
 * semi-implicit Euler, and must give the core's own trace (the wasm Lab) within 1e-12.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSync } from '../../../pkg/forcelab_wasm.js';
import { LabRun } from '../../wasm';
import { ENGINE_LAWS } from './engine-laws';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../../pkg/forcelab_wasm_bg.wasm', import.meta.url)) });
});

const kp = 400;
const kd = 30;
const m = 2.5;
const dt = 0.01;
const steps = 300;

describe('the engine snippets\' laws', () => {
  for (const [kind, law] of Object.entries(ENGINE_LAWS)) {
    it(`${kind} steps exactly as the core does`, () => {
      // The statements as the snippets print them, made into one function of the state.
      const body = law.lines.map(([name, e]) => `const ${name} = ${e};`).join('\n');
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const force = new Function('kp', 'kd', 'm', 'dt', 'x', 'v', 'xt', 'vt', `${body}\nreturn force;`) as (...a: number[]) => number;
      let x = 0;
      let v = 0;
      const mine: number[] = [];
      for (let n = 0; n < steps; n++) {
        const f = force(kp, kd, m, dt, x, v, 1, 0);
        v += (f / m) * dt;
        x += v * dt;
        mine.push(x);
      }
      const run = new LabRun({ plant: 'cube', mass: m, dt, integrator: 'semi-implicit-euler', controllers: [{ kind, kp, kd, ki: 0 }, { kind: 'pd', kp, kd, ki: 0 }], disturbances: { targetStart: 1 } });
      run.step(steps);
      const snap = run.snapshot();
      const core = Array.from({ length: steps }, (_, r) => snap.x[(r + 1) * snap.n]!);
      run.free();
      const worst = Math.max(...mine.map((value, r) => Math.abs(value - core[r]!)));
      expect(worst).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(mine[steps - 1]! - 1)).toBeLessThan(0.05);
    });
  }
});
