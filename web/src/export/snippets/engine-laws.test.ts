/**
 * The laws the Unity and Godot snippets write out are the core's laws: each program's
 * statements, rendered as JavaScript by the same renderer that prints the C# and the
 * GDScript, run in a fixed-step loop with the core's semi-implicit Euler, and must give
 * the core's own trace (the wasm Lab) within 1e-12, for every law of the cube and each
 * PID option.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { loadLabFromBytes } from '../../core/wasm';
import { corePoses } from './core-poses';
import { JAVASCRIPT, render, type EngineProgram } from './engine-program';
import { engineProgram, ENGINE_TORQUE_LAWS, notWrittenOut } from './engine-laws';
import { csharpSnippet } from './csharp';
import { gdscriptSnippet } from './gdscript';
import { wrap } from './input';

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
});

/**
 * The program as one JavaScript function of the settings, making a stepper with fresh
 * memory: `make(...settings)(x, v, xt, vt, m, dt)` returns the force. The check that
 * runs the printed statements against the core uses it.
 */
function javascriptStepper(program: EngineProgram): (...settings: number[]) => (x: number, v: number, xt: number, vt: number, m: number, dt: number) => number {
  const memory = program.memory.map((f) => `let ${f.name} = ${f.type === 'list' ? '[]' : f.type === 'bool' ? 'false' : '0.0'};`);
  const body = [...memory, 'return (x, v, xt, vt, m, dt) => {', ...render(program.step, JAVASCRIPT, '  '), '  return force;', '};'].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function(...program.settings.map((s) => s.name), body) as never;
}

const kp = 400;
const kd = 30;
const m = 2.5;
const dt = 0.01;
const steps = 300;

const cases: [kind: string, ki: number, options: Record<string, number | string>][] = [
  ...CATALOGUE.plants.find((p) => p.id === 'cube')!.laws.map((kind): [string, number, Record<string, number | string>] => [kind, kind.includes('pid') ? 40 : 0, {}]),
  ['pid', 40, { outputLimit: 25 }],
  ['pid', 40, { outputLimit: 25, antiWindup: 'back-calculation', kt: 3 }],
  ['pid', 40, { outputLimit: 25, antiWindup: 'clamp', integralLimit: 4 }],
  ['pid', 40, { derivativeOn: 'error', derivativeFilter: 0.03 }],
  ['windowed-pid-as-printed', 40, { window: 4 }],
];

describe("the engine snippets' laws", () => {
  for (const [kind, ki, options] of cases) {
    it(`${kind} ${JSON.stringify(options)} steps exactly as the core does`, () => {
      const program = engineProgram({ kind, kp, kd, ki, options })!;
      const force = javascriptStepper(program)(...program.settings.map((f) => f.value));
      let x = 0;
      let v = 0;
      const mine: number[] = [];
      for (let n = 0; n < steps; n++) {
        const f = force(x, v, 1, 0, m, dt);
        v += (f / m) * dt;
        x += v * dt;
        mine.push(x);
      }
      // Up to where the core stopped a body that ran away (the printed windowed PID).
      const { poses: core, moving: upTo } = corePoses({ plant: 'cube', kind, name: kind, kp, kd, ki, options, mass: m, dt, integrator: 'semi-implicit-euler', target: 1, steps });
      const stopped = upTo < steps;
      expect(upTo).toBeGreaterThan(20);
      const worst = Math.max(...mine.slice(0, upTo).map((value, r) => Math.abs(value - core[r]!) / Math.max(1, Math.abs(core[r]!))));
      expect(worst).toBeLessThanOrEqual(1e-12);
      if (!stopped && !kind.endsWith('as-printed') && Object.keys(options).length === 0) expect(Math.abs(mine[steps - 1]! - 1)).toBeLessThan(0.05);
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
      // The as-printed listing runs the forward PD's gains.
      const step = (kpu: number, kdu: number) => javascriptStepper(engineProgram({ kind: kind === 'backward-pd-as-printed' ? 'pd' : kind, kp: kpu, kd: kdu, ki: 0, options: {} })!)(kpu, kdu);
      for (const [kpu, kdu, dt] of [[160, 16, 0.01], [900, 5, 1 / 60], [4, 0.5, 0.1]] as const) {
        const [stiffness, damping] = gains(kpu, kdu, dt);
        for (const [theta, w] of [[0.3, -1.2], [-2, 0.4], [1e-3, 7]] as const) {
          const f = step(kpu, kdu)(0, w, theta, 0, 1, dt);
          expect(Math.abs(stiffness! * theta - damping! * w - f)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(f)));
        }
      }
    });
  }
});

describe('what the engine templates leave to the library', () => {
  it('nothing the core drives: a law it does not drive on a plant is named, with the plant', () => {
    for (const plant of ['cube', 'plate', 'box'] as const) {
      for (const kind of CATALOGUE.plants.find((p) => p.id === plant)!.laws) {
        const input = { plant, kind, name: kind, kp: 1, kd: 1, ki: 0, options: {}, mass: 1, dt: 0.01, integrator: 'semi-implicit-euler' as const, target: 1, steps: 1 };
        for (const text of [csharpSnippet(input), gdscriptSnippet(input)]) expect(text, `${plant} ${kind}`).not.toContain('forcelab library');
      }
    }
    const box = { plant: 'box' as const, kind: 'windowed-pid', name: 'windowed PID', kp: 1, kd: 1, ki: 0, options: {}, mass: 1, dt: 0.01, integrator: 'semi-implicit-euler' as const, target: 1, steps: 1 };
    expect(notWrittenOut('box', 'windowed-pid', 'windowed PID').why).toBe('windowed PID (windowed-pid) is not a law forcelab drives on the box');
    for (const text of [csharpSnippet(box), gdscriptSnippet(box)]) expect(text).toContain('is not a law forcelab drives on the box');
  });

  it('writes out every law the core drives on the cube and the plate', () => {
    for (const plant of ['cube', 'plate']) {
      for (const kind of CATALOGUE.plants.find((p) => p.id === plant)!.laws) expect(engineProgram({ kind, kp: 1, kd: 1, ki: 0, options: {} }), kind).toBeDefined();
    }
  });

  it('wraps comments at 88 characters, and never leaves an empty comment line before a long word', () => {
    const long = 'x'.repeat(100);
    expect(wrap(`${long} end`, '//')).toBe(`// ${long}\n// end`);
    for (const line of wrap('word '.repeat(60).trim(), '#').split('\n')) expect(line.length).toBeLessThanOrEqual(88);
  });
});
