// Every pair of the Lab's disturbances as a reader sets them: in the page's state, through
// a shared link (written and read back), into the core's Lab in wasm, checked row by row
// against a reference stepped here from the Lab's written rules (the core's own test,
// lab/disturbance_tests.rs, does the same natively). A field lost on the way through the
// link or the config, or two disturbances that interfere in the core, fail it.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LabRun, loadLabFromBytes } from '../core/wasm';
import { defaultState, labConfig, readLabState, writeLabState, type Disturbances, type LabState } from './lab-state';

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
});

const KP = 120;
const KD = 14;
const MASS = 1.5;
const DT = 1 / 60;
const STEPS = 150;

/** SplitMix64 and one Box-Muller normal per draw, as the core documents its noise. */
function normals(seed: number): () => number {
  let s = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  const u64 = () => {
    s = (s + 0x9e3779b97f4a7c15n) & mask;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
  const open01 = () => (Number(u64() >> 11n) + 0.5) / 2 ** 53;
  return () => {
    const u = open01();
    const v = open01();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

/** (time, target, position) per row: one cube under forward PD, semi-implicit Euler. */
function reference(d: Disturbances, seed: number): [number, number, number][] {
  let x = 0;
  let v = 0;
  let target = d.targetStart;
  let clock = 0;
  const noise = normals(seed);
  const at = (on: boolean, t: number) => on && Math.abs(t - clock) < 1e-9;
  const rows: [number, number, number][] = [[clock, target, x]];
  for (let k = 0; k < STEPS; k++) {
    if (at(d.stepOn, d.stepAt)) target = d.stepTo;
    const h = at(d.spikeOn, d.spikeAt) ? DT * d.spikeFactor : DT;
    const n = d.noise > 0 ? d.noise * noise() : 0;
    const force = KP * (target - (x + n)) + KD * (d.targetVelocity - v);
    if (at(d.sideswipeOn, d.sideswipeAt)) v += d.sideswipeImpulse / MASS;
    v += ((force + d.constantForce) / MASS) * h;
    x += v * h;
    target += d.targetVelocity * h;
    clock += h;
    rows.push([clock, target, x]);
  }
  return rows;
}

type Change = (s: LabState) => void;
/** The six disturbances as the Lab's controls set them, on step starts (apart, or all at 1 s). */
const DISTURBANCES = (together: boolean): [string, Change][] => {
  const t = (own: number) => (together ? 1 : own);
  return [
    ['moving target', (s) => void (s.disturbances.targetVelocity = 0.4)],
    ['target step', (s) => Object.assign(s.disturbances, { stepOn: true, stepAt: t(1.5), stepTo: -0.25 })],
    ['sideswipe', (s) => Object.assign(s.disturbances, { sideswipeOn: true, sideswipeAt: t(1), sideswipeImpulse: 2 })],
    ['constant force', (s) => void (s.disturbances.constantForce = -9)],
    ['noise', (s) => Object.assign(s, { seed: 11 }) && void (s.disturbances.noise = 0.01)],
    ['dt spike', (s) => Object.assign(s.disturbances, { spikeOn: true, spikeAt: t(0.5), spikeFactor: 4 })],
  ];
};

function base(): LabState {
  const s = defaultState();
  Object.assign(s, { mass: MASS, dt: DT });
  s.laws = [{ kind: 'pd', kp: KP, kd: KD, ki: 0, asPrinted: false, options: {} }, { kind: 'pd', kp: KP, kd: KD, ki: 0, asPrinted: false, options: {} }];
  s.disturbances.targetStart = 0.5;
  return s;
}

function expectAgrees(changes: Change[], what: string) {
  const set = base();
  for (const change of changes) change(set);
  // As a shared link carries it: written, then read back on a fresh page.
  const { state, problems } = readLabState(writeLabState(set));
  expect(problems, what).toEqual({});
  expect(state.disturbances, what).toEqual(set.disturbances);
  const run = new LabRun(labConfig(state));
  run.step(STEPS);
  const snap = run.snapshot();
  const ref = reference(state.disturbances, state.seed);
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
  expect(snap.rows, what).toBe(ref.length);
  for (let k = 0; k < ref.length; k++) {
    const [t, target, x] = ref[k]!;
    const page = [snap.time[k]!, snap.target[k]!, snap.x[k * snap.n]!];
    if (!(close(page[0]!, t) && close(page[1]!, target) && close(page[2]!, x))) {
      expect.fail(`${what}: row ${k}: the page's run has (t, target, x) = ${page.join(', ')}, the reference ${t}, ${target}, ${x}`);
    }
  }
  run.free();
}

describe('every pair of disturbances, set on the page and shared by a link', () => {
  for (const together of [false, true]) {
    it(`agrees with the reference row by row (${together ? 'all at 1 s' : 'apart'})`, () => {
      const ds = DISTURBANCES(together);
      for (let i = 0; i < ds.length; i++) {
        for (let j = i + 1; j < ds.length; j++) expectAgrees([ds[i]![1], ds[j]![1]], `${ds[i]![0]} with ${ds[j]![0]}`);
      }
      expectAgrees(ds.map((d) => d[1]), 'all six');
    });
  }

  it('the reference sees a field the link drops', () => {
    // A link that lost the sideswipe's time would run it at the default 2 s: the check
    // above compares the state read back, and the run, with what was set.
    const s = base();
    DISTURBANCES(false)[2]![1](s);
    const moved = structuredClone(s);
    moved.disturbances.sideswipeAt = 2;
    expect(reference(moved.disturbances, 1)).not.toEqual(reference(s.disturbances, 1));
  });
});
