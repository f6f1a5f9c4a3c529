/**
 * Records what the real engines do on the first intents of orientation-intents.mjs, for
 * cargo's golden tests of the orientation twin (`npm run engines:record`), one second
 * of every step:
 * - MuJoCo, every drive and variant: crates/forcelab/src/engines/orientation/golden.json;
 * - PhysX, every drive at the variants of PHYSX_VARIANTS, and Unity's ConfigurableJoint
 *   (on the same PhysX) at its defaults: crates/forcelab/src/engines/orientation/
 *   golden-physx.json, each number written with the 9 digits that carry an f32 exactly
 *   (PhysX computes in f32).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildExample, root } from './example.mjs';
import { ORIENTATION_INTENTS, flags, targetQuaternion } from './orientation-intents.mjs';
import { orientationCase } from './real/common.mjs';
import * as mujoco from './real/mujoco-orientation.mjs';
import * as physx from './real/physx-orientation.mjs';

/** The intents recorded: a turn through the gimbal's lock, one past 180 degrees, a spinning start. */
const RECORDED = ['large-thin', 'past-half-round', 'spinning-thin'];
/** The variants recorded per engine: PhysX's default PGS, TGS and gyroscopic term; Unity's defaults. */
const PHYSX_VARIANTS = { physx: ['default', 'tgs', 'gyroscopic'], unity: ['default'] };

const binary = buildExample('orientation');
const intents = ORIENTATION_INTENTS.filter((i) => RECORDED.includes(i.name));
const describe = ({ name, frequency, dampingRatio, inertia, target, dt, spin = [0, 0, 0] }) =>
  ({ name, frequency, dampingRatio, inertia, target, dt, spin });
const reportsOf = (intent, engine) =>
  JSON.parse(execFileSync(binary, flags(intent, 1), { encoding: 'utf8', maxBuffer: 1 << 30 })).filter((r) => r.engine === engine);

function write(file, version, cases) {
  const path = `${root}crates/forcelab/src/engines/orientation/${file}`;
  writeFileSync(path, `${JSON.stringify({ recordedWith: version, cases })}\n`);
  console.log(`wrote ${cases.length} trajectories from ${version} to ${path}`);
}

{
  const cases = [];
  let version = '';
  for (const intent of intents) {
    const reports = reportsOf(intent, 'mujoco');
    const real = mujoco.runAll(reports.map((r) => mujoco.caseOf(r, intent, targetQuaternion(intent))));
    version = real.version;
    reports.forEach((r, i) => {
      cases.push({ intent: describe(intent), id: r.id, variant: r.variant,
        orientations: real.results[i].orientations, resets: real.results[i].resets });
    });
  }
  write('golden.json', version, cases);
}

{
  const real = await physx.open();
  const cases = [];
  for (const intent of intents) {
    const reports = Object.entries(PHYSX_VARIANTS)
      .flatMap(([engine, variants]) => reportsOf(intent, engine).filter((r) => variants.includes(r.variant)));
    for (const r of reports) {
      const got = real.run(orientationCase(r, intent, targetQuaternion(intent)));
      const orientations = got.orientations.map((q) => q.map((x) => Number(x.toPrecision(9))));
      cases.push({ intent: describe(intent), id: r.id, variant: r.variant, orientations });
    }
  }
  write('golden-physx.json', real.version, cases);
}
