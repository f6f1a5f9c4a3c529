/**
 * Bring your trace (issue 47), against the real engines: every engine API at its
 * defaults and at each settings variant the twin names is run in the real engine from
 * its pinned registry package, with parameters this test picks (the documentation's for
 * a spring it names), and the trace is handed to the `fit` command as a user would hand
 * theirs: a CSV of time and position (or angle), and the engine's name. Nothing else:
 * not the mass (1, the command's default, is the body's), not the target, not the step.
 *
 * - The true API and settings are the best explanation in every run (the issue asks 90 %)
 *   and among the best three in all. Settings that move the body identically on a run (a
 *   spin cap on a linear move, PhysX's force and acceleration drives on 1 kg, a body
 *   damping the fitted damping knob absorbs) cannot be told apart by any trace: every
 *   explanation the command calls exact (the twin's run is the trace to an engine's
 *   float precision, `forcelab::user_trace::EXACT`) is "the best", and a rank counts the
 *   explanations strictly better than the truth.
 * - With the parameters given as well (`--parameters`), the truth is the best in all.
 * - With seeded measurement noise of 1 % of the step (uniform within +-1 % of the move),
 *   the fitted frequency and damping ratio stay within 2 % of the noiseless trace's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExample } from './example.mjs';
import { caseOf, ENGINES, openEngines, predict, runReal } from './linear-runs.mjs';
import { NotRunnable } from './real/common.mjs';

/** The runs this test picks: a linear step and a turn, at two steps. */
const RUNS = [
  { name: 'a linear step', intent: { frequency: 3, dampingRatio: 0.3, mass: 1 }, dt: 1 / 60, angular: false },
  { name: 'a turn', intent: { frequency: 2, dampingRatio: 0.4, mass: 1 }, dt: 1 / 120, angular: true },
];
const SECONDS = 2;

let binary;
let fitCommand;
let engines;
const versions = {};
let dir;
const tally = { runs: 0, best: 0, topThree: 0, givenBest: 0, noisy: 0, worstNoise: 0, misses: [] };

beforeAll(async () => {
  binary = buildExample('engines');
  fitCommand = buildExample('fit');
  ({ engines } = await openEngines());
  dir = mkdtempSync(join(tmpdir(), 'forcelab-trace-'));
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(
    `trace fit vs real engines: ${tally.runs} runs; the truth best in ${tally.best}, in the best three in ` +
      `${tally.topThree}; with its parameters given, best in ${tally.givenBest}; ${tally.noisy} noisy traces, ` +
      `worst change of frequency or damping ratio ${(100 * tally.worstNoise).toFixed(2)} %` +
      (tally.misses.length ? `\nnot best: ${tally.misses.join('; ')}` : ''),
  );
});

/** The CSV a user would save: a header, the state before the first step, then one line per step. */
function csv(positions, dt, angular) {
  const lines = [angular ? 'time,angle' : 'time,position', '0,0'];
  positions.forEach((p, k) => lines.push(`${((k + 1) * dt).toPrecision(12)},${p}`));
  return lines.join('\n');
}

/** A tiny seeded generator (mulberry32): the same noise on every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fitTrace(text, args) {
  const file = join(dir, 'trace.csv');
  writeFileSync(file, text);
  return JSON.parse(execFileSync(fitCommand, ['--json', '--trace', file, ...args], { encoding: 'utf8' }));
}

/** How many explanations are strictly better than `id`/`variant`'s (none when it is exact), and the best. */
function rankOf(matches, id, variant) {
  const mine = matches.find((m) => m.id === id && m.variant === variant);
  if (!mine) return { rank: Infinity, best: matches[0] };
  const rank = mine.exact ? 0 : matches.filter((m) => m.rmsError < mine.rmsError).length;
  return { rank, best: matches[0], mine };
}

describe.each(RUNS)('$name, dt $dt', ({ intent, dt, angular }) => {
  let reports;
  beforeAll(() => {
    reports = predict(binary, intent, dt, angular, SECONDS).filter((r) => r.engine !== 'forcelab');
  });

  test.each(ENGINES)('%s: the trace names the settings that made it', (engine) => {
    const mine = reports.filter((r) => r.engine === engine);
    expect(mine.length).toBeGreaterThan(0);
    const steps = Math.round(SECONDS / dt);
    const results = runReal(engines, versions, engine, mine.map((r) => caseOf(r, r.parameters, intent, dt, angular, steps)));
    mine.forEach((r, i) => {
      const real = results[i];
      const name = `${r.id}/${r.variant}`;
      if (real instanceof NotRunnable) return;
      const text = csv(real, dt, angular);
      const told = fitTrace(text, ['--engine', engine]);
      tally.runs++;
      const { rank, best } = rankOf(told.matches, r.id, r.variant);
      if (rank === 0) tally.best++;
      else tally.misses.push(`${name} (${angular ? 'turn' : 'step'}) ranked ${rank + 1} at ${told.matches.find((m) => m.id === r.id && m.variant === r.variant)?.rmsError.toExponential(3)}, best ${best.id}/${best.variant} at ${best.rmsError.toExponential(3)}`);
      if (rank < 3) tally.topThree++;
      expect(rank, `${name}: best ${best.id}/${best.variant} at ${best.rmsError}`).toBeLessThan(3);

      const knobs = r.parameters.slice(0, 2).map((p) => `${p.name}=${p.value}`).join(',');
      const given = fitTrace(text, ['--engine', engine, '--parameters', knobs]);
      const held = rankOf(given.matches, r.id, r.variant);
      expect(held.rank, `${name} with its parameters: best ${held.best.id}/${held.best.variant}`).toBe(0);
      tally.givenBest++;

      // Noise on every sample but the first, which is where the user set the body down.
      const random = seeded(47 + i);
      const noisy = real.map((p) => p + 0.01 * (2 * random() - 1));
      const clean = fitTrace(text, []);
      const read = fitTrace(csv(noisy, dt, angular), []);
      if (clean.frequency === null) return;
      const df = Math.abs(read.frequency / clean.frequency - 1);
      const dz = Math.abs(read.dampingRatio / clean.dampingRatio - 1);
      tally.noisy++;
      tally.worstNoise = Math.max(tally.worstNoise, df, dz);
      expect(df, `${name}: ${read.frequency} Hz noisy against ${clean.frequency}`).toBeLessThan(0.02);
      expect(dz, `${name}: damping ratio ${read.dampingRatio} noisy against ${clean.dampingRatio}`).toBeLessThan(0.02);
    });
  });
});

test('the true settings are the best explanation in every run (the issue asks 90 %)', () => {
  expect(tally.runs).toBeGreaterThan(100);
  expect(tally.topThree).toBe(tally.runs);
  expect(tally.givenBest).toBe(tally.runs);
  expect(tally.best / tally.runs).toBeGreaterThanOrEqual(0.9);
  // The issue asks 90 %; every run is what the fit does, and a change that loses one
  // (refining the knobs on the whole trace after a stop won PhysX's two turns) should show.
  expect(tally.misses).toEqual([]);
});
