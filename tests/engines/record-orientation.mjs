/**
 * Records what the real MuJoCo does on the first intents of orientation-intents.mjs,
 * for cargo's golden test of the orientation twin
 * (crates/forcelab/src/engines/orientation/golden.json): `npm run engines:record`.
 * One second of each drive and variant, every step. Then the same for Rapier
 * (golden-rapier.json), each number written with the 9 digits that give back its f32.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildExample, root } from './example.mjs';
import { ORIENTATION_INTENTS, flags, targetQuaternion } from './orientation-intents.mjs';
import * as mujoco from './real/mujoco-orientation.mjs';
import * as rapier from './real/rapier-orientation.mjs';

/** The intents recorded: a turn through the gimbal's lock, one past 180 degrees, a spinning start. */
const RECORDED = ['large-thin', 'past-half-round', 'spinning-thin'];

const binary = buildExample('orientation');
const cases = [];
let version = '';
for (const intent of ORIENTATION_INTENTS.filter((i) => RECORDED.includes(i.name))) {
  const reports = JSON.parse(execFileSync(binary, flags(intent, 1), { encoding: 'utf8', maxBuffer: 1 << 30 }))
    .filter((r) => r.engine === 'mujoco');
  const real = mujoco.runAll(reports.map((r) => mujoco.caseOf(r, intent, targetQuaternion(intent))));
  version = real.version;
  reports.forEach((r, i) => {
    const { name, frequency, dampingRatio, inertia, target, dt, spin = [0, 0, 0] } = intent;
    cases.push({ intent: { name, frequency, dampingRatio, inertia, target, dt, spin }, id: r.id, variant: r.variant,
      orientations: real.results[i].orientations, resets: real.results[i].resets });
  });
}
const path = `${root}crates/forcelab/src/engines/orientation/golden.json`;
writeFileSync(path, `${JSON.stringify({ recordedWith: version, cases })}\n`);
console.log(`wrote ${cases.length} trajectories from ${version} to ${path}`);

// Rapier: the same intents, one case at a time (a sleep on the tilted turn, 190 degrees,
// the gyroscopic term of a spinning start).
const real = await rapier.open();
const rapierCases = [];
for (const intent of ORIENTATION_INTENTS.filter((i) => RECORDED.includes(i.name))) {
  const reports = JSON.parse(execFileSync(binary, flags(intent, 1), { encoding: 'utf8', maxBuffer: 1 << 30 }))
    .filter((r) => r.engine === 'rapier');
  for (const r of reports) {
    const got = real.run(mujoco.caseOf(r, intent, targetQuaternion(intent)));
    const { name, frequency, dampingRatio, inertia, target, dt, spin = [0, 0, 0] } = intent;
    rapierCases.push({ intent: { name, frequency, dampingRatio, inertia, target, dt, spin }, id: r.id, variant: r.variant,
      orientations: got.orientations.map((q) => q.map((x) => Number(x.toPrecision(9)))) });
  }
}
const rapierPath = `${root}crates/forcelab/src/engines/orientation/golden-rapier.json`;
writeFileSync(rapierPath, `${JSON.stringify({ recordedWith: real.version, cases: rapierCases })}\n`);
console.log(`wrote ${rapierCases.length} trajectories from ${real.version} to ${rapierPath}`);
