/**
 * Records what the real engines do on the first intents of orientation-intents.mjs, for
 * cargo's golden tests of the orientation twin (`npm run engines:record`), one second of
 * every step, in crates/forcelab/src/engines/orientation/: golden.json for MuJoCo,
 * golden-jolt.json for Jolt, golden-rapier.json for Rapier, golden-physx.json for PhysX
 * and Unity's ConfigurableJoint on it. The float32 engines' orientations are written with
 * 9 significant digits, which give back every float32 exactly.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildExample, root } from './example.mjs';
import { ORIENTATION_INTENTS, flags, targetQuaternion } from './orientation-intents.mjs';
import { orientationCase } from './real/common.mjs';
import * as mujoco from './real/mujoco-orientation.mjs';
import * as jolt from './real/jolt-orientation.mjs';
import * as physx from './real/physx-orientation.mjs';
import * as rapier from './real/rapier-orientation.mjs';

const f32 = (x) => Number(x.toPrecision(9));
const onPhysx = {
  async runAll(cases) {
    const real = await physx.open();
    return { version: real.version, results: cases.map(real.run) };
  },
};

/**
 * Each golden file: the engines whose drives it holds (with the variants recorded, all
 * when not listed), their harness, the intents recorded and how its numbers are written.
 * MuJoCo: a turn through the gimbal's lock, one past 180 degrees, a spinning start. Jolt
 * (nine variants of two drives): the last two. Rapier: all three (a sleep on the tilted
 * turn, 190 degrees, the gyroscopic term of a spinning start). PhysX: all three at its
 * default PGS, TGS and the gyroscopic term; Unity at its defaults.
 */
const FILES = {
  'golden.json': { engines: { mujoco: null }, harness: mujoco, intents: ['large-thin', 'past-half-round', 'spinning-thin'], round: (x) => x },
  'golden-jolt.json': { engines: { jolt: null }, harness: jolt, intents: ['past-half-round', 'spinning-thin'], round: f32 },
  'golden-rapier.json': { engines: { rapier: null }, harness: rapier, intents: ['large-thin', 'past-half-round', 'spinning-thin'], round: f32 },
  'golden-physx.json': {
    engines: { physx: ['default', 'tgs', 'gyroscopic'], unity: ['default'] },
    harness: onPhysx,
    intents: ['large-thin', 'past-half-round', 'spinning-thin'],
    round: f32,
  },
};

const binary = buildExample('orientation');
for (const [file, { engines, harness, intents, round }] of Object.entries(FILES)) {
  const cases = [];
  let version = '';
  for (const intent of ORIENTATION_INTENTS.filter((i) => intents.includes(i.name))) {
    const reports = JSON.parse(execFileSync(binary, flags(intent, 1), { encoding: 'utf8', maxBuffer: 1 << 30 }))
      .filter((r) => r.engine in engines && (engines[r.engine] ?? [r.variant]).includes(r.variant));
    const real = await harness.runAll(reports.map((r) => orientationCase(r, intent, targetQuaternion(intent))));
    version = real.version;
    reports.forEach((r, i) => {
      const { name, frequency, dampingRatio, inertia, target, dt, spin = [0, 0, 0] } = intent;
      cases.push({ intent: { name, frequency, dampingRatio, inertia, target, dt, spin }, id: r.id, variant: r.variant,
        orientations: real.results[i].orientations.map((q) => q.map(round)), resets: real.results[i].resets });
    });
  }
  const path = `${root}crates/forcelab/src/engines/orientation/${file}`;
  writeFileSync(path, `${JSON.stringify({ recordedWith: version, cases })}\n`);
  console.log(`wrote ${cases.length} trajectories from ${version} to ${path}`);
}
