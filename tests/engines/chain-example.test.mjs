/**
 * The chain command (`cargo run -p forcelab --release --example chain -- --json ...`,
 * issue 48): an arm per law as JSON for scripts, and every flag it cannot read named
 * with exit status 2. The dynamics and laws are held to closed forms by the core's own
 * tests; this holds the command's shape and its refusals.
 */
import { beforeAll, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { buildExample } from './example.mjs';

let bin;
beforeAll(() => {
  bin = buildExample('chain');
});

const run = (...args) => spawnSync(bin, args, { encoding: 'utf8' });

test('--json prints one arm per law: every step, its torques, where it blew up, and the metrics', () => {
  const r = run('--json');
  expect(r.status).toBe(0);
  const arms = JSON.parse(r.stdout);
  expect(arms.map((a) => a.law)).toEqual(['joint-pd', 'joint-spd', 'mass-matrix-spd', 'pd-gravity', 'joint-pid']);
  for (const a of arms) {
    // The default 4 s at 60 Hz: 240 steps, the start and each step's angles, each step's torques.
    expect(a.q).toHaveLength(241);
    expect(a.tau).toHaveLength(240);
    expect(a.q[0]).toEqual([-Math.PI / 2, 0]);
    expect(a.failed).toBeNull();
    expect(a.predictedSag).toHaveLength(2);
  }
  const compensated = arms.find((a) => a.law === 'pd-gravity');
  const pd = arms.find((a) => a.law === 'joint-pd');
  expect(compensated.finalError).toBeLessThan(0.02);
  expect(compensated.settle).toBeGreaterThan(0);
  // PD sags under the weight, by about G(q*) / kp at the shoulder.
  expect(pd.settle).toBeNull();
  expect(pd.finalError).toBeGreaterThan(0.5 * pd.predictedSag[0]);
});

test('twice the damping at 60 Hz: the explicit joint laws blow up, each with the step and why', () => {
  const arms = JSON.parse(run('--json', '--kd', '10', '--laws', 'joint-pd,mass-matrix-spd').stdout);
  expect(arms[0].failed.step).toBeLessThan(60);
  expect(arms[0].failed.field).toBe('dt');
  expect(arms[0].failed.message).toMatch(/blew up/);
  expect(arms[1].failed).toBeNull();
});

test('--limits holds each joint within its range: no elbow passes a stop at 1.1 rad, and one lands on it', () => {
  const arms = JSON.parse(run('--json', '--limits', '-,-0.2:1.1').stdout);
  expect(arms.length).toBeGreaterThan(2);
  for (const arm of arms) for (const q of arm.q) expect(q[1]).toBeLessThanOrEqual(1.1);
  expect(arms.some((arm) => arm.q.some((q) => q[1] === 1.1))).toBe(true);
});

test.each([
  [['--kp', 'x'], /--kp/],
  [['--laws', 'pd'], /--laws: law must be one of joint-pd/],
  [['--links', '0.5:0,0.4:1'], /links\[0\]\.mass/],
  [['--links', '0.5'], /--links takes LENGTH:MASS/],
  [['--integrator', 'verlet'], /--integrator must be one of semi-implicit-euler/],
  [['--seconds', '600'], /seconds/],
  [['--target', '0.1'], /target/],
  [['--frobnicate'], /unknown flag "--frobnicate"/],
  [['--dynamics'], /--dynamics needs --json/],
  [['--limits', '-,-0.2:0.9'], /target\[1\]: target\[1\] must be between -0\.2 and 0\.9, got 1\.047/],
  [['--limits', '1:-1,-'], /limits\[0\]/],
  [['--limits', '-1:1'], /limits: limits must be between 2 and 2, got 1/],
  [['--limits', '1,-'], /--limits takes MIN:MAX/],
  [['--limits', '-2:2,-2:2', '--mujoco', 'Euler'], /--limits: the MuJoCo and PhysX twins and the tuner model the arm's joints free/],
  [['--limits', '-2:2,-2:2', '--tune', '--settle', '1'], /--limits: the MuJoCo and PhysX twins and the tuner model the arm's joints free/],
])('%j is refused by name with status 2', (args, message) => {
  const r = run(...args);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stdout).toBe('');
});
