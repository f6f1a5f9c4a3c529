/**
 * The chain twin against the real MuJoCo (issue 48): a planar arm of hinges with one
 * `<position>` actuator per joint, stepped by the PyPI wheel (tests/engines/real/
 * mujoco_chain.py) and predicted by the core (`forcelab::engines::mujoco_chain`, through
 * `--example chain -- --mujoco INTEGRATOR --json`), within 1e-4 rad per joint at every
 * step, as the one-body twin is held (where a diverging run's angles have grown past
 * 1 rad, within 1e-4 of the angle: rounding grows with them); a run that diverges must
 * be reset where MuJoCo resets it, and go on from there as MuJoCo does.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { buildExample } from './example.mjs';
import { runScript } from './real/mujoco.mjs';

const TOLERANCE = 1e-4;
let bin;
beforeAll(() => {
  bin = buildExample('chain');
});

/** Uniform rods as the chain command builds them from `--links L:M,...`. */
const rods = (spec) =>
  spec.split(',').map((pair) => {
    const [length, mass] = pair.split(':').map(Number);
    return { length, mass, com: length / 2, inertia: (mass * length * length) / 12 };
  });

const ARMS = [
  { name: 'the arm scene, 60 Hz', links: '0.5:3,0.4:2', start: [-Math.PI / 2, 0], target: [Math.PI / 6, Math.PI / 3], kp: 50, kd: 5, dt: 1 / 60, seconds: 4 },
  { name: 'twice the damping, 60 Hz (Euler blows up)', links: '0.5:3,0.4:2', start: [-Math.PI / 2, 0], target: [Math.PI / 6, Math.PI / 3], kp: 50, kd: 10, dt: 1 / 60, seconds: 4 },
  { name: 'a joint at 1e10 rad, no actuator force: kept', links: '0.5:3,0.4:2', start: [1e10, 0], target: [0, 0], kp: 0, kd: 0, dt: 1 / 60, seconds: 0.1, resets: 0 },
  { name: 'a joint past 1e10 rad: reset at once', links: '0.5:3,0.4:2', start: [2e10, 0], target: [0, 0], kp: 0, kd: 0, dt: 1 / 60, seconds: 0.1, resets: 1 },
  { name: 'three links, 120 Hz', links: '0.5:3,0.4:2,0.3:1', start: [-Math.PI / 2, 0, 0], target: [0.3, 0.5, 0.2], kp: 30, kd: 2, dt: 1 / 120, seconds: 3 },
];

describe.each(['Euler', 'implicitfast'])('MuJoCo %s on an arm', (integrator) => {
  test.each(ARMS)('$name: the twin is the real engine to 1e-4 rad at every step', (arm) => {
    const flags = ['--json', '--mujoco', integrator, '--links', arm.links, '--start', arm.start.join(','), '--target', arm.target.join(','), '--kp', String(arm.kp), '--kd', String(arm.kd), '--dt', String(arm.dt), '--seconds', String(arm.seconds)];
    const twin = JSON.parse(execFileSync(bin, flags, { encoding: 'utf8' }));
    const steps = Math.round(arm.seconds / arm.dt);
    const { version, results } = runScript('mujoco_chain.py', [
      { links: rods(arm.links), gravity: 9.81, start: arm.start, target: arm.target, kp: arm.kp, kv: arm.kd, dt: arm.dt, integrator, steps },
    ]);
    expect(version).toBe('mujoco 4.0.0');
    const real = results[0];
    expect(real).toHaveLength(steps);
    expect(twin.q).toHaveLength(steps);
    let worst = 0;
    real.forEach((row, k) => row.forEach((q, j) => (worst = Math.max(worst, Math.abs(q - twin.q[k][j]) / Math.max(1, Math.abs(q))))));
    expect(worst, `largest joint difference over ${steps} steps (relative past 1 rad)`).toBeLessThanOrEqual(TOLERANCE);
    // Euler blows up at twice the damping and is reset, again and again; implicitfast
    // holds; a joint past 1e10 rad is reset by either at once.
    if (arm.resets !== undefined) expect(twin.resets).toHaveLength(arm.resets);
    else expect(twin.resets.length > 0).toBe(integrator === 'Euler' && arm.kd === 10);
  });
});
