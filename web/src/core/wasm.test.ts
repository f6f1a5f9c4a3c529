import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultState, GAINLESS, labConfig, LAWS, PLANTS, TWINS } from '../lab/lab-state';
import { Lab, LabRun, loadLabSync, type LabSnapshot } from './wasm';

beforeAll(() => {
  loadLabSync(readFileSync(new URL('../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
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
      const core = [...Lab.controllersFor(plant)].sort();
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
