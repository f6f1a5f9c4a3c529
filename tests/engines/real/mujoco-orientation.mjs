/**
 * The real MuJoCo for the orientation twin, through
 * tests/engines/real/mujoco_orientation.py (run as ./mujoco.mjs runs the one-axis cases):
 * every case of a batch in one process.
 */
import { runScript } from './mujoco.mjs';

/** Runs every case; returns `{ version, results: [{ orientations, resets }] }`. */
export function runAll(cases) {
  return runScript('mujoco_orientation.py', cases);
}

/** The case for one report of the orientation command, for an intent. */
export function caseOf(report, intent, target) {
  return {
    id: report.id,
    parameters: Object.fromEntries(report.parameters.map((p) => [p.name, p.value])),
    inertia: intent.inertia,
    target,
    spin: intent.spin ?? [0, 0, 0],
    dt: intent.dt,
    steps: report.predicted.length,
    // The real engine keeps its own defaults: only what the variant changes is applied.
    settings: Object.fromEntries(report.changed.map((k) => [k, report.settings[k]])),
  };
}
