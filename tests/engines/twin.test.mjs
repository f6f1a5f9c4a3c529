/**
 * The engine twin against the real engines (issue: "Engine twin"). For every intent of
 * the matrix (gentle, underdamped, stiff with omega dt > 1, heavy, light), at two steps
 * (1/60 s, 1/120 s), linear and angular, the `engines` example prints what the twin
 * predicts for every engine API at its default settings and at each named variant.
 * Each case then runs in the real engine from its pinned registry package, with the
 * same parameters and settings:
 *
 * - with the documentation's parameters, the real trajectory equals the prediction
 *   within 1e-4 m on a 1 m step (1e-3 rad on 1 rad);
 * - with the discrete-exact parameters it equals that prediction too, and the
 *   frequency and damping ratio fitted to the real trajectory are the intent's within
 *   1 % (a fit of e[k+2] = T e[k+1] - D e[k] on the part of the motion where the
 *   drive is linear: before sleep, no cap or limit biting, small angles).
 *
 * forcelab's own entries (Wu, Bloom) are the crate itself and are checked by cargo.
 * The only variant no engine here can run is Unity's TGS (PhysX 4.1's), skipped by
 * name. The versions of the engines are printed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildExample } from './example.mjs';
import { fit } from './fit.mjs';
import { caseOf, ENGINES, openEngines, predict as predictAll, runReal as runAll } from './linear-runs.mjs';
import { NotRunnable } from './real/common.mjs';

const INTENTS = [
  { name: 'gentle', frequency: 2, dampingRatio: 1, mass: 1 },
  { name: 'underdamped', frequency: 3, dampingRatio: 0.2, mass: 1 },
  { name: 'stiff', frequency: 20, dampingRatio: 0.5, mass: 1 },
  { name: 'heavy', frequency: 2, dampingRatio: 0.7, mass: 50 },
  { name: 'light', frequency: 2, dampingRatio: 0.7, mass: 0.05 },
];
const STEPS = [1 / 60, 1 / 120];
const SECONDS = 2;
/** Variants no engine here can run, said plainly: `${id}/${variant}`. */
const NOT_RUNNABLE = ['unity-configurable-joint/tgs'];

let engines = {};
const seen = { skipped: new Set(), worst: {}, fits: 0, cases: 0, versions: {}, turnsFitted: new Set() };

/** The core's example binary, built once before the tests. */
let binary;

beforeAll(async () => {
  binary = buildExample('engines');
  ({ engines, versions: seen.versions } = await openEngines());
}, 600_000);

afterAll(() => {
  const rows = Object.entries(seen.worst).map(([k, v]) => `  ${k.padEnd(40)} ${v.toExponential(2)}`);
  console.log(
    `engine twin vs real engines: ${seen.cases} runs, ${seen.fits} frequency fits\n` +
      `versions: ${Object.values(seen.versions).join('; ')}\nworst |real - twin| per entry and kind:\n${rows.join('\n')}`,
  );
});

function predict(intent, dt, angular) {
  return predictAll(binary, intent, dt, angular, intent.seconds ?? SECONDS);
}

/** The largest |real - predicted|; a prediction that stopped (diverged) compares its prefix. */
function worst(real, predicted) {
  let w = 0;
  for (let k = 0; k < predicted.length; k++) w = Math.max(w, Math.abs(real[k] - predicted[k]));
  return w;
}

function runReal(engine, cases) {
  return runAll(engines, seen.versions, engine, cases);
}

/**
 * The turns issue 45 measured on the real PhysX, where numbers solved for a drive's
 * linear part missed a 1 rad turn by 1.9, 3.0 and 3.7 % in frequency: each at its own
 * step, run long enough for its whole turn (the overdamped one takes 4 s to come within
 * 1e-3 rad).
 */
const TURNS = [
  { intent: { name: 'turn, 3.5 Hz', frequency: 3.5, dampingRatio: 0.6, mass: 2.5, seconds: 2 }, dt: 1 / 90, angular: true },
  { intent: { name: 'turn, 0.8 Hz overdamped', frequency: 0.8, dampingRatio: 1.6, mass: 0.3, seconds: 4.5 }, dt: 1 / 240, angular: true },
  { intent: { name: 'turn, 10 Hz critical', frequency: 10, dampingRatio: 1, mass: 1, seconds: 2 }, dt: 1 / 60, angular: true },
];
const matrix = [...INTENTS.flatMap((intent) => STEPS.flatMap((dt) => [false, true].map((angular) => ({ intent, dt, angular })))), ...TURNS];

describe.each(matrix)('$intent.name, dt $dt, angular $angular', ({ intent, dt, angular }) => {
  let reports;
  beforeAll(() => {
    reports = predict(intent, dt, angular);
  });

  test.each(ENGINES)('%s moves as its twin predicts', (engine) => {
    const mine = reports.filter((r) => r.engine === engine);
    expect(mine.length).toBeGreaterThan(0);
    const steps = Math.round((intent.seconds ?? SECONDS) / dt);
    const docsCases = mine.map((r) => caseOf(r, r.parameters, intent, dt, angular, steps));
    const exact = mine.filter((r) => r.discreteExact);
    const exactCases = exact.map((r) => caseOf(r, r.discreteExact, intent, dt, angular, steps));
    const results = runReal(engine, [...docsCases, ...exactCases]);
    const limit = angular ? 1e-3 : 1e-4;
    const kind = angular ? 'rad' : 'm';
    mine.forEach((r, i) => {
      const real = results[i];
      const name = `${r.id}/${r.variant}`;
      if (real instanceof NotRunnable) {
        expect(NOT_RUNNABLE).toContain(name);
        seen.skipped.add(name);
        return;
      }
      expect(real.length).toBe(steps);
      const w = worst(real, r.predicted);
      seen.cases++;
      const key = `${r.id} (${kind})`;
      seen.worst[key] = Math.max(seen.worst[key] ?? 0, w);
      expect(w, `${name}: documentation's parameters`).toBeLessThan(limit);
    });
    exact.forEach((r, i) => {
      const real = results[mine.length + i];
      const name = `${r.id}/${r.variant}`;
      if (real instanceof NotRunnable) return;
      const w = worst(real, r.predictedExact);
      seen.cases++;
      expect(w, `${name}: discrete-exact parameters`).toBeLessThan(limit);
      // The fit needs the motion's linear part: no cap or saturating limit, awake.
      const limited = r.exactEvents.cappedSteps > 0 || r.changed.some((k) => /force|Force/.test(k));
      if (limited) return;
      const awake = r.exactEvents.asleepAfter ?? steps;
      // A turn is read over the steps its numbers were solved for (the core's fitSteps: the
      // whole 1 rad turn, where a twist row pulls on 2 sin(e/2)); a move while it is more
      // than 1e-3 m from the target.
      if (angular) expect(r.fitSteps, `${name}: the turn's fit needs a longer run`).toBeLessThanOrEqual(steps);
      const window = angular
        ? (k) => k < Math.min(r.fitSteps, awake - 1)
        : (k) => k < awake - 1 && Math.abs(real[k] - 1) > 1e-3;
      const got = fit(real, dt, window);
      if (!got) return;
      seen.fits++;
      if (angular) seen.turnsFitted.add(engine);
      expect(Math.abs(got.frequency / intent.frequency - 1), `${name}: fitted ${got.frequency} Hz`).toBeLessThan(0.01);
      expect(Math.abs(got.dampingRatio / intent.dampingRatio - 1), `${name}: fitted zeta ${got.dampingRatio}`).toBeLessThan(0.01);
    });
  });

  test('only the variants no engine here can run were skipped', () => {
    for (const name of seen.skipped) expect(NOT_RUNNABLE).toContain(name);
  });
});

test("every engine's rotating drive was read over a whole 1 rad turn with its discrete-exact numbers", () => {
  expect([...seen.turnsFitted].sort()).toEqual(['box2d', 'jolt', 'mujoco', 'physx', 'rapier', 'unity']);
});
