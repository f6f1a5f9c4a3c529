import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultState, GAINLESS, labConfig, LAWS, PLANTS, TWINS } from '../lab/lab-state';
import { everyPlantLab, LabRun, loadLabFromBytes, type LabSnapshot } from './wasm';

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
});

/** Every series of a snapshot as plain arrays, for a deep comparison. */
const plain = (s: LabSnapshot) => ({
  rows: s.rows,
  series: [s.time, s.target, s.x, s.force, s.p, s.i, s.d, s.ff, s.pose].map((a) => Array.from(a)),
});

describe('LabRun snapshots', () => {
  const config = () => {
    const state = defaultState();
    state.plant = 'box';
    state.disturbances.noise = 0.05;
    return labConfig(state);
  };

  it('copied a few rows at a time equal one copy of the whole trace, across growth and resets', () => {
    const pieces = new LabRun(config());
    for (const steps of [10, 300, 5]) {
      pieces.step(steps);
      pieces.snapshot();
    }
    const whole = new LabRun(config());
    whole.step(315);
    expect(plain(pieces.snapshot())).toEqual(plain(whole.snapshot()));
    expect(pieces.snapshot().rows).toBe(316);

    // After a reset the run differs from the rows copied before it (new gains), so a
    // copy that kept them would show the old run.
    pieces.reset();
    pieces.setGains(0, 900, 5, 0);
    pieces.step(20);
    const fresh = new LabRun(config());
    fresh.setGains(0, 900, 5, 0);
    fresh.step(20);
    expect(plain(pieces.snapshot())).toEqual(plain(fresh.snapshot()));
    for (const run of [pieces, whole, fresh]) run.free();
  });
});

describe("the Lab's law menus", () => {
  it('offer every law the core drives on each plant, and each printed twin beside its law', () => {
    for (const plant of PLANTS) {
      const core = [...everyPlantLab().controllersFor(plant)].sort();
      const page = [...LAWS[plant], ...Object.values(TWINS[plant])].sort();
      expect(page, plant).toEqual(core);
      for (const law of Object.keys(TWINS[plant])) expect(LAWS[plant], `${plant} ${law}`).toContain(law);
    }
  });

  it('hide the gains of exactly the laws that ignore them', () => {
    // The Lab hides the gain fields of a gainless law: run each law with two gain sets.
    const trace = (kind: string, kp: number) => {
      const state = defaultState();
      state.laws = [{ kind, kp, kd: 20, ki: 0, asPrinted: false, options: {} }, { kind: 'pd', kp: 400, kd: 20, ki: 0, asPrinted: false, options: {} }];
      const run = new LabRun(labConfig(state));
      run.step(60);
      const x = Array.from(run.snapshot().x);
      run.free();
      return x;
    };
    for (const kind of LAWS.cube) expect(trace(kind, 400).join() === trace(kind, 40).join(), kind).toBe(GAINLESS.has(kind));
  });
});

describe('the Lab on one plant (pkg-lab-cube, pkg-lab-box)', () => {
  const builds = { cube: () => import('../../pkg-lab-cube/forcelab_wasm.js'), box: () => import('../../pkg-lab-box/forcelab_wasm.js') };
  for (const [plant, fetch] of Object.entries(builds)) {
    it(`on the ${plant}: runs its plant bit for bit as the Lab on every plant does, and refuses the others by name`, async () => {
      const one = await fetch();
      one.initSync({ module: readFileSync(new URL(`../../pkg-lab-${plant}/forcelab_wasm_bg.wasm`, import.meta.url)) });
      const state = defaultState();
      state.plant = plant as (typeof PLANTS)[number];
      state.laws = [{ kind: 'backward-pd', kp: 400, kd: 20, ki: 0, asPrinted: false, options: {} }, { kind: 'spd', kp: 900, kd: 30, ki: 0, asPrinted: false, options: {} }];
      state.disturbances.noise = 0.05;
      const alone = new one.Lab(labConfig(state));
      const every = new (everyPlantLab())(labConfig(state));
      for (const lab of [alone, every]) lab.step(240);
      expect(alone.traceHash()).toBe(every.traceHash());
      for (const other of PLANTS.filter((p) => p !== plant)) {
        expect(() => new one.Lab(labConfig({ ...state, plant: other })), other).toThrow(`plant "${other}" is not in this part of the core`);
      }
      alone.free();
      every.free();
    });
  }
});
