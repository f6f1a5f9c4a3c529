/**
 * Every Unity template of the cube and the plate, compiled by mcs (Debian's mono-mcs,
 * which `npm test`'s setup installs) against a stand-in of the UnityEngine types
 * (`unity/StandIn.cs`), run by mono, and held to the core's own trace (the wasm Lab):
 * - as printed, with Unity's float types: it compiles, and tracks the core to float
 *   precision;
 * - with `float` read as `double`: every step's pose equals the page's within 1e-9
 *   (relative, past 1 m or 1 rad).
 * The box's templates are compiled the same way but not run (the stand-in has no 3-D body).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { loadLabSync } from '../../core/wasm';
import { className, csharpSnippet } from './csharp';
import type { SnippetInput } from './input';
import { compileUnity, runUnity, type UnityRun } from './unity/run';
import { corePoses } from './core-poses';

const STEPS = 240;
const base = { kp: 400, kd: 40, mass: 2.5, dt: 1 / 60, integrator: 'semi-implicit-euler', target: 1, steps: STEPS, name: 'law' };

/** Every law the core drives on the cube and the plate, and each PID option once. */
function cases(): SnippetInput[] {
  const out: SnippetInput[] = [];
  for (const plant of ['cube', 'plate'] as const) {
    const laws = CATALOGUE.plants.find((p) => p.id === plant)!.laws;
    for (const kind of laws) out.push({ ...base, plant, kind, ki: kind.includes('pid') ? 60 : 0, options: {} });
    const pid = { ...base, plant, kind: 'pid', ki: 60 };
    for (const options of <Record<string, number | string>[]>[
      { outputLimit: 30 },
      { outputLimit: 30, antiWindup: 'back-calculation', kt: 8 },
      { outputLimit: 30, antiWindup: 'clamp', integralLimit: 5 },
      { derivativeOn: 'error' },
      { derivativeFilter: 0.05 },
    ]) {
      out.push({ ...pid, options });
    }
    out.push({ ...base, plant, kind: 'windowed-pid', ki: 60, options: { window: 12, plantGain: 0.5 } });
  }
  return out;
}

const all = cases();
const runs = { float: [] as number[][], double: [] as number[][] };

beforeAll(() => {
  loadLabSync(readFileSync(new URL('../../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
  const templates: UnityRun[] = all.map((s) => ({ className: className(s), source: csharpSnippet(s), plant: s.plant as UnityRun['plant'], target: s.target, steps: s.steps }));
  runs.float = runUnity(templates, 'float');
  runs.double = runUnity(templates, 'double');
}, 180_000);

describe('the Unity templates, compiled by mcs and run, move the body as the page does', () => {
  all.forEach((s, k) => {
    const label = `${s.plant} ${s.kind}${Object.keys(s.options).length ? ` ${JSON.stringify(s.options)}` : ''}`;
    it(label, () => {
      const { poses: core, moving: upTo } = corePoses(s);
      expect(upTo, 'the core runs the law for a good part of the run').toBeGreaterThan(core.length / 5);
      const doubles = runs.double[k]!;
      const floats = runs.float[k]!;
      expect(doubles).toHaveLength(core.length);
      // Within 1e-9, relative once a law (the printed windowed PID) has thrown the body far;
      // up to the step where the core stopped a body that ran away.
      let worst = 0;
      for (let i = 0; i < upTo; i++) worst = Math.max(worst, Math.abs(doubles[i]! - core[i]!) / Math.max(1, Math.abs(core[i]!)));
      expect(worst).toBeLessThanOrEqual(1e-9);
      // In Unity's floats the law keeps to the same motion, to float precision, for the
      // first second, or until a law that runs away has thrown the body 10 m or 10 rad.
      const far = core.findIndex((c) => Math.abs(c) > 10);
      const calm = Math.min(upTo, 60 * (core.length / s.steps), far < 0 ? core.length : far);
      for (let i = 0; i < calm; i++) expect(Math.abs(floats[i]! - core[i]!)).toBeLessThanOrEqual(1e-3 * (1 + Math.abs(core[i]!)));
    });
  });
});

// The stand-in has no 3-D body to turn yet, so the box's templates are compiled, not run:
// what a reader pastes into Unity must build, warnings as errors, in Unity's floats.
describe('the box\'s Unity templates compile', () => {
  const laws = CATALOGUE.plants.find((p) => p.id === 'box')!.laws;
  const pid = { ...base, plant: 'box' as const, kind: 'pid', ki: 60 };
  const box: SnippetInput[] = [
    ...laws.map((kind) => ({ ...base, plant: 'box' as const, kind, ki: kind === 'pid' ? 60 : 0, options: {} })),
    ...(<Record<string, number | string>[]>[
      { outputLimit: 3 },
      { outputLimit: 3, antiWindup: 'back-calculation', kt: 8, integralLimit: 2 },
      { outputLimit: 3, antiWindup: 'clamp' },
      { derivativeOn: 'error', derivativeFilter: 0.05 },
    ]).map((options) => ({ ...pid, options })),
  ];
  it(`${box.length} templates, every law and the PID's options`, () => {
    expect(() => compileUnity(box.map((s) => ({ className: className(s), source: csharpSnippet(s) })))).not.toThrow();
  }, 60_000);
});
