/**
 * The browser benchmark page (bench.html): issue 8's scenario for every contender,
 * interleaved, in this browser. `npm run bench` opens it headless with `?auto=1` and
 * reads `window.forcelabBench`; a reader can press Run.
 */
import RAPIER from '@dimforge/rapier2d-compat';
import * as planck from 'planck';
import { CATALOGUE } from '../core/catalogue';
import { loadDesign, tuneLaw } from '../core/design-wasm';
import { loadSceneModule, planarSwarm, planarSwarmF32 } from '../core/scene-wasm';
import { forcelabContenders, jsObjects, jsTypedArrays, planckContender, rapierContender } from './contenders';
import { runBench, type BenchResult } from './runner';

declare global {
  interface Window {
    forcelabBench?: { results: BenchResult[]; userAgent: string; crossOriginIsolated: boolean } | { error: string };
    /** Times the tuner per law (ms, median of `reps`), for `npm run bench`. */
    forcelabTuneTimes?: (reps: number) => Promise<Record<string, number>>;
  }
}

const status = document.getElementById('status')!;
const table = document.getElementById('results') as HTMLTableElement;
const button = document.getElementById('run') as HTMLButtonElement;
const query = new URLSearchParams(location.search);

/** A positive integer list from the query, or the default. */
function integers(name: string, fallback: number[]): number[] {
  const values = (query.get(name) ?? '').split(',').map(Number).filter((v) => Number.isInteger(v) && v > 0 && v <= 1e6);
  return values.length ? values : fallback;
}

function show(results: BenchResult[], labels: Map<string, string>): void {
  const sizes = [...new Set(results.map((r) => r.n))];
  const head = table.createTHead();
  head.replaceChildren();
  const row = head.insertRow();
  for (const text of ['contender', ...sizes.map((n) => `N = ${n.toLocaleString('en')}: ns per body-step (checksum)`)]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    row.append(th);
  }
  const body = table.tBodies[0] ?? table.createTBody();
  body.replaceChildren();
  for (const [id, label] of labels) {
    const tr = body.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = label;
    tr.append(th);
    for (const n of sizes) {
      const r = results.find((x) => x.contender === id && x.n === n);
      tr.insertCell().textContent = r ? `${r.nsPerBodyStep.toFixed(1)} (${r.checksum.toPrecision(9)})` : '';
    }
  }
}

async function run(): Promise<void> {
  button.disabled = true;
  try {
    await Promise.all([loadSceneModule(), RAPIER.init()]);
    const contenders = [...forcelabContenders(planarSwarm, planarSwarmF32), jsTypedArrays, jsObjects, rapierContender(RAPIER), planckContender(planck)];
    const sizes = integers('n', [1_000, 10_000, 100_000]);
    const [reps] = integers('reps', [5]);
    const [seed] = integers('seed', [1]);
    const results = await runBench(contenders, sizes, reps!, seed!, (m) => (status.textContent = m));
    show(results, new Map(contenders.map((c) => [c.id, c.label])));
    status.textContent = `Done: medians of ${reps} runs after one warm-up, interleaved.`;
    window.forcelabBench = { results, userAgent: navigator.userAgent, crossOriginIsolated: self.crossOriginIsolated };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    status.textContent = `The benchmark failed: ${message}`;
    window.forcelabBench = { error: message };
  } finally {
    button.disabled = false;
  }
}

button.addEventListener('click', () => void run());
if (query.get('auto') === '1') void run();

// The wish of crates/forcelab/benches/steps.rs (TUNER_WISH): settle within 0.5 s with at
// most 2 % overshoot, 1 kg cube, 60 Hz, semi-implicit Euler, 10 s runs.
window.forcelabTuneTimes = async (reps) => {
  await loadDesign();
  const out: Record<string, number> = {};
  for (const law of CATALOGUE.laws.filter((l) => l.plants.includes('cube'))) {
    const times: number[] = [];
    for (let r = 0; r < reps; r++) {
      const start = performance.now();
      tuneLaw({ plant: 'cube', law: law.id, mass: 1, dt: 1 / 60, integrator: 'semi-implicit-euler', load: 0, duration: 10, requirements: { settle: 0.5, overshoot: 0.02 } });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    out[law.id] = times[times.length >> 1]!;
  }
  return out;
};
