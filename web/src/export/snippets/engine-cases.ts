/**
 * The runs that hold the engine templates to the core: every law the core drives on
 * each plant, each PID option once, and how much of each run is compared. The Unity
 * check (unity.test.ts) and the Godot check (godot.test.ts) share them.
 */
import { CATALOGUE } from '../../core/catalogue';
import type { SnippetInput } from './input';
import { corePoses } from './core-poses';

const STEPS = 240;
const base = { kp: 400, kd: 40, mass: 2.5, dt: 1 / 60, integrator: CATALOGUE.integrators[0]!.id, target: 1, steps: STEPS, name: 'law' };

/** Every law the core drives on each plant, and each PID option once. */
export function engineCases(): SnippetInput[] {
  const out: SnippetInput[] = [];
  for (const { id: plant, laws } of CATALOGUE.plants) {
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


/** A run's label in a test's name: plant, law and the options set. */
export const caseLabel = (s: SnippetInput) => `${s.plant} ${s.kind}${Object.keys(s.options).length ? ` ${JSON.stringify(s.options)}` : ''}`;

/**
 * The core's poses for `s` (needs the Lab wasm loaded) and how many of them to compare:
 * up to where the core stopped a body that ran away, and where a printed box listing
 * can still resolve its angle.
 */
export function coreReference(s: SnippetInput): { core: number[]; upTo: number } {
  const { poses: core, moving } = corePoses(s);
  return { core, upTo: Math.min(moving, resolved(s, core)) };
}

/** The largest difference of `engine` from `core` over the first `upTo` values, relative past 1 m or 1 rad. */
export function worstDifference(engine: number[], core: number[], upTo: number): number {
  let worst = 0;
  for (let i = 0; i < upTo; i++) worst = Math.max(worst, Math.abs(engine[i]! - core[i]!) / Math.max(1, Math.abs(core[i]!)));
  return worst;
}
