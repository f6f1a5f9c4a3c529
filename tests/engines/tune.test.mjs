/**
 * Tune for me against the real engines (issue 21): the `tune` example, asked a wish for
 * an engine API (`--engine ID`), answers with that engine's own parameters at its
 * default settings; here the real engine, from its pinned registry package, runs those
 * parameters and its trajectory must meet the wish. The settle time and overshoot are
 * read off the real trajectory by this file's own few lines (not the core's metrics),
 * with one step of slack on the settle time and 1e-3 on the overshoot: the twin agrees
 * with each engine to 1e-4 m (twin.test.mjs), far inside those.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { buildExample } from './example.mjs';
import * as box2d from './real/box2d.mjs';
import * as jolt from './real/jolt.mjs';
import * as physx from './real/physx.mjs';
import * as rapier from './real/rapier.mjs';
import * as mujoco from './real/mujoco.mjs';

const ENTRIES = {
  'rapier-acceleration': 'rapier',
  'rapier-force': 'rapier',
  'jolt-frequency': 'jolt',
  'jolt-stiffness': 'jolt',
  'box2d-v3': 'box2d',
  'physx-drive': 'physx',
  'physx-articulation': 'physx',
  'mujoco-position': 'mujoco',
};
const WISHES = [
  { name: 'settle in 0.5 s, no overshoot', dt: 1 / 60, mass: 1, settle: 0.5, overshoot: 0 },
  { name: 'settle in 0.3 s, 5 % overshoot, 4 kg at 120 Hz', dt: 1 / 120, mass: 4, settle: 0.3, overshoot: 0.05 },
];
const SECONDS = 3;
const harnesses = {};

/** The core's example binary, built once before the tests. */
let binary;

beforeAll(async () => {
  binary = buildExample('tune');
  for (const [name, mod] of Object.entries({ box2d, jolt, physx, rapier })) harnesses[name] = await mod.open();
}, 600_000);

function tune(id, wish, angular) {
  const args = ['--json', '--engine', id, '--mass', wish.mass, '--dt', wish.dt, '--settle', wish.settle, '--overshoot', wish.overshoot];
  if (angular) args.push('--angular');
  return JSON.parse(execFileSync(binary, args.map(String), { encoding: 'utf8' }));
}

/** Settle time (into 2 % of the unit step and staying) and overshoot, from positions after each step. */
function measured(positions, dt) {
  let last = -1;
  positions.forEach((x, k) => {
    if (Math.abs(x - 1) > 0.02) last = k;
  });
  return { settle: (last + 2) * dt, overshoot: Math.max(0, ...positions.map((x) => x - 1)) };
}

describe.each(WISHES)('$name', (wish) => {
  test.each(Object.keys(ENTRIES).flatMap((id) => [[id, false], [id, true]]))('%s (angular %s): the real engine meets the wish', (id, angular) => {
    const answer = tune(id, wish, angular);
    expect(answer.feasible, JSON.stringify(answer)).toBe(true);
    const c = {
      id,
      parameters: answer.gains,
      mass: wish.mass,
      dt: wish.dt,
      angular,
      steps: Math.round(SECONDS / wish.dt),
      settings: {},
    };
    const engine = ENTRIES[id];
    const real = engine === 'mujoco' ? mujoco.runAll([c]).results[0] : harnesses[engine].run(c);
    expect(real.length).toBe(c.steps);
    const got = measured(real, wish.dt);
    expect(got.settle, `${id}: the real engine settles at ${got.settle} s`).toBeLessThanOrEqual(wish.settle + wish.dt + 1e-12);
    expect(got.overshoot, `${id}: the real engine overshoots by ${got.overshoot}`).toBeLessThanOrEqual(wish.overshoot + 1e-3);
    // The twin's own prediction of the same metrics, for the record: within a step.
    expect(Math.abs(got.settle - answer.predicted.settle)).toBeLessThanOrEqual(wish.dt + 1e-12);
  });
});
