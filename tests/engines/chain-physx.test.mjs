/**
 * The chain twin against the real PhysX (issue 48): the arm as a fixed-base
 * PxArticulationReducedCoordinate with a revolute joint about z per link, stepped by npm
 * physx-js-webidl (tests/engines/real/physx-chain.mjs) and predicted by the core
 * (`forcelab::engines::physx_chain`, through `--example chain -- --physx LAW --json`),
 * within 1e-4 rad per joint at every step, the real engine left at its defaults (joint
 * friction, link damping, sleep, 4 position and 1 velocity iterations under PGS), so a
 * wrong default fails. Two laws: PhysX's own joint drive (`drive`) and the per-joint PD
 * written as joint efforts before each step (`joint-pd`). An arm the twin puts to sleep
 * must be asleep in PhysX from the same step.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { buildExample } from './example.mjs';
import { open } from './real/physx-chain.mjs';

const TOLERANCE = 1e-4;
let bin;
let physx;
beforeAll(async () => {
  bin = buildExample('chain');
  physx = await open();
});

/** Uniform rods as the chain command builds them from `--links L:M,...`. */
const rods = (spec) =>
  spec.split(',').map((pair) => {
    const [length, mass] = pair.split(':').map(Number);
    return { length, mass, com: length / 2, inertia: (mass * length * length) / 12 };
  });

const HANG = [-Math.PI / 2, 0];
const POSE = [Math.PI / 6, Math.PI / 3];
const ARMS = [
  { name: 'the arm scene, 60 Hz', links: '0.5:3,0.4:2', start: HANG, target: POSE, kp: 50, kd: 5, dt: 1 / 60, seconds: 4 },
  { name: 'soft, 60 Hz (friction holds it short, then it sleeps)', links: '0.5:3,0.4:2', start: HANG, target: POSE, kp: 10, kd: 3, dt: 1 / 60, seconds: 4 },
  // Efforts at these gains blow up (kd dt past the forearm's inertia, explicitly), so
  // the drive alone: a diverging run's f32 rounding is not a twin's to follow.
  { name: 'stiff, 60 Hz', links: '0.5:3,0.4:2', start: HANG, target: POSE, kp: 200, kd: 20, dt: 1 / 60, seconds: 4, laws: ['drive'] },
  // Its drive sleeps on step 450 only if the twin keeps each link's wake counter in f32
  // as PhysX does (in f64 it slept 20 steps late: physx_chain_sleep.rs).
  { name: 'light damping, 120 Hz', links: '0.5:3,0.4:2', start: HANG, target: POSE, kp: 20, kd: 1, dt: 1 / 120, seconds: 4 },
  { name: 'three links, 120 Hz', links: '0.5:3,0.4:2,0.3:1', start: [-Math.PI / 2, 0, 0], target: [0.3, 0.5, 0.2], kp: 30, kd: 2, dt: 1 / 120, seconds: 3 },
];

describe.each(['drive', 'joint-pd'])('PhysX %s on an arm', (law) => {
  test.each(ARMS.filter((arm) => (arm.laws ?? [law]).includes(law)))('$name: the twin is the real engine to 1e-4 rad at every step', (arm) => {
    const flags = ['--json', '--physx', law, '--links', arm.links, '--start', arm.start.join(','), '--target', arm.target.join(','), '--kp', String(arm.kp), '--kd', String(arm.kd), '--dt', String(arm.dt), '--seconds', String(arm.seconds)];
    const twin = JSON.parse(execFileSync(bin, flags, { encoding: 'utf8' }));
    const steps = Math.round(arm.seconds / arm.dt);
    expect(physx.version).toBe('physx-js-webidl 2.7.3 (PhysX 5.6.1)');
    const real = physx.run({ links: rods(arm.links), gravity: 9.81, start: arm.start, target: arm.target, kp: arm.kp, kd: arm.kd, dt: arm.dt, steps, law });
    expect(real).toHaveLength(steps);
    expect(twin.q).toHaveLength(steps);
    let worst = 0;
    real.forEach((row, k) => row.forEach((q, j) => (worst = Math.max(worst, Math.abs(q - twin.q[k][j])))));
    console.log(`physx ${law}, ${arm.name}: worst joint difference ${worst.toExponential(2)} rad`);
    expect(worst, `largest joint difference over ${steps} steps`).toBeLessThanOrEqual(TOLERANCE);
    if (twin.slept !== null) {
      // Frozen in PhysX from the twin's step on, and moving the step before.
      const k = twin.slept;
      expect(real.slice(k).every((row) => row.every((q, j) => q === real[k][j]))).toBe(true);
      expect(real[k - 1].some((q, j) => q !== real[k - 2][j])).toBe(true);
    }
    // Efforts written each step wake the arm each step: it never sleeps under them.
    if (law === 'joint-pd') expect(twin.slept).toBeNull();
  });
});
