/**
 * The core's own run of one snippet's input (the wasm Lab, as the page runs it), for
 * the tests that hold the printed engine code to it. Needs the Lab wasm loaded.
 */
import { LabRun } from '../../core/wasm';
import type { SnippetInput } from './input';

/** The core's poses, rows 1..steps, for `s`, and how many of the values come before
 *  the core stopped the body (a law that ran away: the Lab then holds its last pose). */
export function corePoses(s: SnippetInput): { poses: number[]; moving: number } {
  const run = new LabRun({
    plant: s.plant,
    mass: s.mass,
    dt: s.dt,
    integrator: s.integrator,
    controllers: [{ kind: s.kind, kp: s.kp, kd: s.kd, ki: s.ki, options: s.options }, { kind: 'pd', kp: s.kp, kd: s.kd, ki: 0 }],
    disturbances: { targetStart: s.target },
  });
  run.step(s.steps);
  const snap = run.snapshot();
  run.free();
  const size = snap.poseSize;
  const out: number[] = [];
  for (let row = 1; row <= s.steps; row++) for (let c = 0; c < size; c++) out.push(snap.pose[(row * snap.n + 0) * size + c]!);
  let moving = out.length;
  if (snap.diverged[0]) {
    const last = out.slice(-size).join();
    while (moving > size && out.slice(moving - 2 * size, moving - size).join() === last) moving -= size;
    moving -= size;
  }
  return { poses: out, moving };
}

