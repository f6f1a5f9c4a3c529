/**
 * The laws the Unity and Godot snippets write out are the core's laws: their statement
 * text (valid JavaScript too) is run here in a fixed-step loop with the core's
 * semi-implicit Euler, and must give the core's own trace (the wasm Lab) within 1e-12.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LabRun, loadLabSync } from '../../core/wasm';
import { ENGINE_LAWS, ENGINE_TORQUE_LAWS, notWrittenOut } from './engine-laws';
import { wrap } from './input';

beforeAll(() => {
  loadLabSync(readFileSync(new URL('../../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
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

// Per unit inertia, each torque law the box templates write out is its 1-D law on a unit
// mass (the core's backward_pd_torque.rs and controller3.rs say so): about any axis,
// stiffness * theta + damping * (w_t - w) must equal that law's force for x = 0,
// x_t = theta, v = w, v_t = 0, m = 1 and the gains per unit inertia.
describe('the engine snippets\' torque laws', () => {
  const run = (lines: readonly [string, string][], names: string[], result: string) =>
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(...names, `${lines.map(([n, e]) => `const ${n} = ${e};`).join('\n')}\nreturn ${result};`) as (...a: number[]) => number[];
  for (const [kind, law] of Object.entries(ENGINE_TORQUE_LAWS)) {
    it(`${kind} is the 1-D ${kind} on a unit mass, per unit inertia`, () => {
      const gains = run(law.lines, ['kpu', 'kdu', 'dt'], '[stiffness, damping]');
      const force = run(ENGINE_LAWS[kind]!.lines, ['kp', 'kd', 'm', 'dt', 'x', 'v', 'xt', 'vt'], '[force]');
      for (const [kpu, kdu, dt] of [[160, 16, 0.01], [900, 5, 1 / 60], [4, 0.5, 0.1]] as const) {
        const [stiffness, damping] = gains(kpu, kdu, dt);
        for (const [theta, w] of [[0.3, -1.2], [-2, 0.4], [1e-3, 7]] as const) {
          const [f] = force(kpu, kdu, 1, dt, 0, w, theta, 0);
          expect(Math.abs(stiffness! * theta - damping! * w - f!)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(f!)));
        }
      }
    });
  }
});

describe('what the engine templates leave to the library', () => {
  it('says why, in words that fit the law', () => {
    for (const kind of ['spd', 'spd-simplified']) expect(notWrittenOut('box', kind, 'SPD').why).toContain("body's principal frame");
    expect(notWrittenOut('box', 'one-step', 'one-step').why).toBe('one-step keeps solver state that a few engine lines would not reproduce faithfully');
    expect(notWrittenOut('cube', 'pid', 'PID')).toEqual({
      why: 'PID keeps memory or solver state that a few engine lines would not reproduce faithfully',
      written: "PD, Wu's backward PD, SPD and the simplified SPD",
    });
  });

  it('wraps comments at 88 characters, and never leaves an empty comment line before a long word', () => {
    const long = 'x'.repeat(100);
    expect(wrap(`${long} end`, '//')).toBe(`// ${long}\n// end`);
    for (const line of wrap('word '.repeat(60).trim(), '#').split('\n')) expect(line.length).toBeLessThanOrEqual(88);
  });
});
