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
export { orientationCase as caseOf } from './common.mjs';
