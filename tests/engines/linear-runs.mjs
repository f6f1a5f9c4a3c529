/**
 * One-body runs in the real engines, as the engine twin's tests and the trace fit's
 * test hand them over: a case per report of the core's `engines` example, run by the
 * engine's harness (Unity on the PhysX it is built on; MuJoCo in Python, all cases at
 * once).
 */
import { execFileSync } from 'node:child_process';
import { NotRunnable } from './real/common.mjs';
import * as box2d from './real/box2d.mjs';
import * as jolt from './real/jolt.mjs';
import * as physx from './real/physx.mjs';
import * as rapier from './real/rapier.mjs';
import * as mujoco from './real/mujoco.mjs';

/** The engines the twin models, as the `engines` example names them. */
export const ENGINES = ['unity', 'physx', 'box2d', 'jolt', 'rapier', 'mujoco'];

const harness = { unity: 'physx', physx: 'physx', box2d: 'box2d', jolt: 'jolt', rapier: 'rapier' };

/** Opens the four wasm engines; returns them with their versions (MuJoCo's is read when it runs). */
export async function openEngines() {
  const engines = {};
  const versions = {};
  for (const [name, mod] of Object.entries({ box2d, jolt, physx, rapier })) {
    engines[name] = await mod.open();
    versions[name] = engines[name].version;
  }
  return { engines, versions };
}

/** Every report of the `engines` example for an intent, at step `dt`, linear or angular. */
export function predict(binary, intent, dt, angular, seconds) {
  const args = ['--json', '--frequency', intent.frequency, '--damping-ratio', intent.dampingRatio, '--mass', intent.mass, '--dt', dt, '--seconds', seconds];
  if (angular) args.push('--angular');
  return JSON.parse(execFileSync(binary, args.map(String), { encoding: 'utf8', maxBuffer: 1 << 30 }));
}

/**
 * One run for a harness. The real engine keeps its own defaults: only the settings the
 * variant changes are applied, so a default the twin has wrong shows up as a
 * difference instead of being handed to the engine. Unity is the exception: it cannot
 * run here, so its documented defaults are applied to the PhysX it runs on.
 */
export function caseOf(report, parameters, intent, dt, angular, steps) {
  const keys = report.engine === 'unity' ? Object.keys(report.settings) : report.changed;
  return {
    id: report.id,
    parameters: Object.fromEntries(parameters.map((p) => [p.name, p.value])),
    mass: intent.mass,
    dt,
    angular,
    steps,
    settings: Object.fromEntries(keys.map((k) => [k, report.settings[k]])),
  };
}

/**
 * The real positions of each case (one array of `steps` per case), or a NotRunnable for
 * a variant no engine here can run; `versions.mujoco` is filled when MuJoCo runs.
 */
export function runReal(engines, versions, engine, cases) {
  if (engine === 'mujoco') {
    const { version, results } = mujoco.runAll(cases);
    versions.mujoco = version;
    return results;
  }
  return cases.map((c) => {
    try {
      return engines[harness[engine]].run(c);
    } catch (e) {
      if (e instanceof NotRunnable) return e;
      throw e;
    }
  });
}
