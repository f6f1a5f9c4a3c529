/**
 * Every Unity template of the cube, the plate and the box, compiled by mcs (Debian's mono-mcs,
 * which `npm test`'s setup installs) against a stand-in of the UnityEngine types
 * (`unity/StandIn.cs`), run by mono, and held to the core's own trace (the wasm Lab):
 * - as printed, with Unity's float types: it compiles, and tracks the core to float
 *   precision;
 * - with `float` read as `double`: every step's pose equals the page's within 1e-9
 *   (relative, past 1 m or 1 rad).
 * The stand-in turns the box as the core's Body3 does (implicit gyroscopic term,
 * first-order quaternion update), so the box's pose is its quaternion.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { loadLabSync } from '../../core/wasm';
import { className, csharpSnippet } from './csharp';
import type { SnippetInput } from './input';
import { runUnity, type UnityRun } from './unity/run';
import { corePoses } from './core-poses';

const STEPS = 240;
const base = { kp: 400, kd: 40, mass: 2.5, dt: 1 / 60, integrator: 'semi-implicit-euler', target: 1, steps: STEPS, name: 'law' };

/** Every law the core drives on each plant, and each PID option once. */
function cases(): SnippetInput[] {
  const out: SnippetInput[] = [];
  for (const plant of ['cube', 'plate', 'box'] as const) {
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
    // The box's torque limit is in N m (its inertia about the turning axis is 0.026 kg m^2 per kg).
    if (plant === 'box') out.push({ ...pid, options: { outputLimit: 3, antiWindup: 'back-calculation', kt: 8, integralLimit: 2, derivativeOn: 'error', derivativeFilter: 0.05 } });
    else out.push({ ...base, plant, kind: 'windowed-pid', ki: 60, options: { window: 12, plantGain: 0.5 } });
  }
  return out;
}

/**
 * How many pose values to compare. Article 002's box listings read the angle as Unity's
 * ToAngleAxis does, through acos(w), which cannot tell an angle below about 3e-8 rad from
 * none (acos(1 - 1e-16)): near the target such a body rests anywhere in that dead zone, at
 * a point round-off picks, in the core as in any engine. So they are compared until the
 * core's box is within 1e-6 rad of the target, where acos still resolves the angle to 1e-10.
 */
function resolved(s: SnippetInput, core: number[]): number {
  if (s.plant !== 'box' || !s.kind.endsWith('as-printed')) return core.length;
  const half = s.target / 2;
  const goal = [Math.sin(half) / Math.sqrt(14), (2 * Math.sin(half)) / Math.sqrt(14), (3 * Math.sin(half)) / Math.sqrt(14), Math.cos(half)];
  for (let i = 0; i < core.length; i += 4) {
    const dot = Math.abs(goal.reduce((sum, g, k) => sum + g * core[i + k]!, 0));
    if (2 * Math.acos(Math.min(1, dot)) < 1e-6) return i;
  }
  return core.length;
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
      const { poses: core, moving } = corePoses(s);
      const upTo = Math.min(moving, resolved(s, core));
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
