/**
 * Records the golden trajectories the core's unit tests check each engine twin against
 * (crates/forcelab/src/engines/golden/<engine>.json), from the real engines:
 * `npm run engines:record`. Per engine API: an underdamped linear step and a gentle
 * angular one at the engine's defaults, and a linear step under every other settings
 * variant the twin test runs (solver, integrator, damping, sleep...), so that the core's
 * own unit tests hold each variant's step to its engine. Re-run it after changing an engine's pinned version, and commit the
 * files with the version they name.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildExample, root } from './example.mjs';
import * as box2d from './real/box2d.mjs';
import * as jolt from './real/jolt.mjs';
import * as physx from './real/physx.mjs';
import * as rapier from './real/rapier.mjs';
import * as mujoco from './real/mujoco.mjs';

const DT = 1 / 60;
const CASES = [
  { intent: { frequency: 3, dampingRatio: 0.2, mass: 1 }, angular: false, variant: 0 },
  { intent: { frequency: 2, dampingRatio: 1, mass: 2 }, angular: true, variant: 0 },
  { intent: { frequency: 3, dampingRatio: 0.2, mass: 1 }, angular: false, variant: 'rest' },
];

const binary = buildExample('engines');
const opened = { box2d: await box2d.open(), jolt: await jolt.open(), physx: await physx.open(), rapier: await rapier.open() };
const harness = { unity: 'physx', physx: 'physx', box2d: 'box2d', jolt: 'jolt', rapier: 'rapier' };
const files = {};
for (const { intent, angular, variant } of CASES) {
  const args = ['--json', '--frequency', intent.frequency, '--damping-ratio', intent.dampingRatio, '--mass', intent.mass, '--dt', DT, '--seconds', 2];
  if (angular) args.push('--angular');
  const reports = JSON.parse(execFileSync(binary, args.map(String), { encoding: 'utf8', maxBuffer: 1 << 30 }));
  for (const id of [...new Set(reports.map((r) => r.id))]) {
    const mine = reports.filter((r) => r.id === id);
    for (const r of variant === 'rest' ? mine.slice(1) : [mine[variant]]) {
      if (!r || r.engine === 'forcelab' || (r.engine === 'unity' && r.settings.solverType === 'TGS')) continue;
      const keys = r.engine === 'unity' ? Object.keys(r.settings) : r.changed;
      const c = {
        id,
        parameters: Object.fromEntries(r.parameters.map((p) => [p.name, p.value])),
        mass: intent.mass,
        dt: DT,
        angular,
        steps: r.predicted.length,
        settings: Object.fromEntries(keys.map((k) => [k, r.settings[k]])),
      };
      let version;
      let positions;
      if (r.engine === 'mujoco') ({ version, results: [positions] } = mujoco.runAll([c]));
      else ({ version } = opened[harness[r.engine]]), (positions = opened[harness[r.engine]].run(c));
      const file = (files[r.engine] ??= { engine: version, recordedBy: 'npm run engines:record', cases: [] });
      file.cases.push({ ...c, frequency: intent.frequency, dampingRatio: intent.dampingRatio, variant: r.variant, positions });
    }
  }
}
for (const [engine, file] of Object.entries(files)) {
  const path = `${root}crates/forcelab/src/engines/golden/${engine}.json`;
  writeFileSync(path, JSON.stringify(file, null, 0).replace(/\{"id"/g, '\n{"id"') + '\n');
  console.log(`${path}: ${file.cases.length} cases from ${file.engine}`);
}
