import { describe, expect, it } from 'vitest';
import type { ParamDef } from '../ui/params';
import {
  defaultState, DISTURBANCE_DEFS, GAIN_DEFS, labConfig, LAWS, MAX_STEPS, PARAMETERISATIONS, PLANTS, readLabState, seriesOf,
  SETTING_DEFS, writeLabState, type Disturbances, type LabState,
} from './lab-state';
import { LAB_FIGURES } from '../core/presets';
import { CATALOGUE } from '../core/catalogue';
import { labFigureState } from '../figures/lab-figure';

describe('a chapter Lab figure in its link: what differs from its preset', () => {
  for (const figure of LAB_FIGURES) {
    it(`${figure.id}: nothing for the preset; an edit, another law or a printed twin round-trips`, () => {
      const base = labFigureState(figure);
      expect(writeLabState(base, base)).toBe('');
      expect(readLabState('', base).state).toEqual(base);
      const edited = structuredClone(base);
      edited.laws[0]!.kp = 1234.5;
      edited.dt = 0.004;
      expect(readLabState(writeLabState(edited, base), base)).toEqual({ state: edited, problems: {} });
      const other = structuredClone(base);
      other.laws = [{ kind: 'pd', kp: 400, kd: 20, ki: 0, asPrinted: false, options: {} }, { kind: 'spd', kp: 7, kd: 3, ki: 0, asPrinted: false, options: {} }];
      if (other.laws.every((l) => LAWS[other.plant].includes(l.kind))) expect(readLabState(writeLabState(other, base), base).state).toEqual(other);
      if (base.laws.some((l) => l.asPrinted)) {
        const none = structuredClone(base);
        none.laws.forEach((l) => (l.asPrinted = false));
        expect(readLabState(writeLabState(none, base), base).state).toEqual(none);
      }
    });
  }
});

describe('Lab state in the URL', () => {
  it('writes nothing for the defaults and reads them back', () => {
    expect(writeLabState(defaultState())).toBe('');
    expect(readLabState('').state).toEqual(defaultState());
  });

  it('round-trips every kind of setting', () => {
    const s = defaultState();
    s.plant = 'box';
    s.integrator = 'rk4';
    s.parameterisation = 'bloom';
    s.dt = 0.005;
    s.mass = 2.5;
    s.horizon = 9;
    s.seed = 42;
    s.laws = [
      { kind: 'backward-pd', kp: 1e5, kd: 3, ki: 0, asPrinted: true, options: {} },
      { kind: 'one-step', kp: 400, kd: 20, ki: 0, asPrinted: false, options: {} },
    ];
    s.disturbances.stepOn = true;
    s.disturbances.stepTo = -1.5;
    s.disturbances.noise = 0.02;
    s.disturbances.sideswipeOn = true;
    const { state, problems } = readLabState(writeLabState(s));
    expect(problems).toEqual({});
    expect(state).toEqual(s);
  });

  it('keeps the default and names the field for every bad value', () => {
    const { state, problems } = readLabState('?plant=boat&kp0=abc&dt=-1&c=pd,nope&step=yes&noise=1e400');
    expect(state.plant).toBe('cube');
    expect(state.laws.map((l) => l.kind)).toEqual(['pd', 'backward-pd', 'spd']);
    expect(state.laws[0]!.kp).toBe(400);
    expect(state.disturbances.stepOn).toBe(false);
    expect(Object.keys(problems).sort()).toEqual(['c', 'dt', 'kp0', 'noise', 'plant', 'step'].sort());
    expect(problems.plant).toContain('got "boat"');
    expect(problems.kp0).toContain('"abc"');
  });

  it('refuses empty values by name instead of ignoring them', () => {
    const { state, problems } = readLabState('?kp0=&dt=&int=&step=&mass=2');
    expect(state.laws[0]!.kp).toBe(400);
    expect(state.dt).toBe(defaultState().dt);
    expect(state.mass).toBe(2);
    expect(Object.keys(problems).sort()).toEqual(['dt', 'int', 'kp0', 'step']);
    expect(problems.kp0).toContain('needs a value');
    expect(problems.dt).toContain('needs a value');
    expect(problems.int).toContain('got ""');
    expect(problems.step).toContain('got ""');
  });

  it('caps a run at 20,000 steps', () => {
    const { state, problems } = readLabState('?T=120&dt=0.001');
    expect(problems.T).toContain('120000');
    expect(state.horizon).toBe(6);
  });

  it('refuses more than four or fewer than two controllers', () => {
    expect(readLabState('?c=pd').problems.c).toBeDefined();
    expect(readLabState('?c=pd,pd,pd,pd,pd').problems.c).toBeDefined();
    expect(readLabState('?c=pd,spd').problems.c).toBeUndefined();
  });
});

describe('the core config of a state', () => {
  it('adds each ticked law\'s printed twin after the laws, with the same gains', () => {
    const s = defaultState();
    s.laws = [
      { kind: 'windowed-pid', kp: 50, kd: 5, ki: 7, asPrinted: true, options: {} },
      { kind: 'pd', kp: 10, kd: 1, ki: 0, asPrinted: true, options: {} },
    ];
    expect(seriesOf(s).map((x) => x.kind)).toEqual(['windowed-pid', 'pd', 'windowed-pid-as-printed']);
    const config = labConfig(s) as { controllers: { kind: string; ki: number; kp: number }[] };
    expect(config.controllers[2]).toEqual({ kind: 'windowed-pid-as-printed', kp: 50, kd: 5, ki: 7, options: {} });
    expect(config.controllers[1]!.ki).toBe(0);
  });
});

/** Every numeric field a link can set: its definition and where it lands in the state. */
const NUMERIC: [ParamDef, (s: LabState) => number][] = [
  [SETTING_DEFS.dt, (s) => s.dt],
  [SETTING_DEFS.mass, (s) => s.mass],
  [SETTING_DEFS.horizon, (s) => s.horizon],
  [SETTING_DEFS.seed, (s) => s.seed],
  [SETTING_DEFS.speed, (s) => s.speed],
  ...(Object.entries(DISTURBANCE_DEFS) as [keyof Disturbances, ParamDef | null][])
    .filter((e): e is [keyof Disturbances, ParamDef] => e[1] !== null)
    .map(([field, def]) => [def, (s: LabState) => s.disturbances[field] as number] as [ParamDef, (s: LabState) => number]),
];

describe('every setting a link can carry', () => {
  it('has its own URL key, a label, a unit where it has one, and a slider range that holds its default', () => {
    const keys = NUMERIC.map(([def]) => def.key);
    expect(new Set(keys).size).toBe(keys.length);
    const d = defaultState();
    for (const [def, get] of NUMERIC) {
      expect(def.key, def.label).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
      expect(def.label.length, def.key).toBeGreaterThan(2);
      expect(def.min, def.key).toBeLessThan(def.max);
      expect(get(d), def.key).toBeGreaterThanOrEqual(def.min);
      expect(get(d), def.key).toBeLessThanOrEqual(def.max);
    }
  });

  it('states each quantity in its SI unit', () => {
    const units = Object.fromEntries(NUMERIC.map(([def]) => [def.key, def.unit]));
    expect(units).toEqual({
      dt: 's', mass: 'kg', T: 's', seed: '', speed: '×', x0: 'm', stepAt: 's', stepTo: 'm', vel: 'm/s',
      swAt: 's', swJ: 'N·s', load: 'N', noise: 'm', spikeAt: 's', spikeX: '×',
    });
    expect([GAIN_DEFS.kp.unit, GAIN_DEFS.kd.unit, GAIN_DEFS.ki.unit]).toEqual(['N/m', 'N·s/m', 'N/(m·s)']);
  });

  it('has a slider scale and hard limits fit for its quantity', () => {
    const table = Object.fromEntries(NUMERIC.map(([def]) => [def.key, [def.scale, def.hardMin ?? null, def.hardMax ?? null]]));
    // Times and the noise cannot be negative; targets, speeds and loads can.
    expect(table).toEqual({
      dt: ['log', 0, 1], mass: ['log', 0, 1e6], T: ['linear', 0, 120], seed: ['linear', 0, 2 ** 32], speed: ['log', 0, 16],
      x0: ['linear', -1e6, 1e6], stepAt: ['linear', null, 1e6], stepTo: ['linear', -1e6, 1e6], vel: ['linear', -1e6, 1e6],
      swAt: ['linear', null, 1e6], swJ: ['linear', -1e6, 1e6], load: ['linear', -1e6, 1e6], noise: ['linear', null, 1e3],
      spikeAt: ['linear', null, 1e6], spikeX: ['linear', 0, 1000],
    });
  });

  it('is read from its key at the ends of its slider range and refused past its hard limits', () => {
    for (const [def, get] of NUMERIC) {
      for (const value of [def.min === 0 && def.minExclusive ? def.max / 2 : def.min, def.max]) {
        const q = def.key === 'T' ? `?T=${value}&dt=0.01` : def.key === 'dt' ? `?dt=${value}&T=1` : `?${def.key}=${value}`;
        const { state, problems } = readLabState(q);
        expect(problems, `${def.key}=${value}`).toEqual({});
        expect(get(state), `${def.key}=${value}`).toBe(def.key === 'seed' ? Math.floor(value) : value);
      }
      for (const value of [def.hardMax === undefined ? undefined : def.hardMax * 2 + 1, def.hardMin === undefined ? undefined : def.hardMin * 2 - 1]) {
        if (value === undefined) continue;
        expect(readLabState(`?${def.key}=${value}`).problems[def.key], `${def.key}=${value}`).toBeDefined();
      }
    }
    // Negative targets and loads are real settings; a negative time is not.
    expect(readLabState('?x0=-1e6&vel=-1e6&swJ=-1e6&load=-1e6&stepTo=-1e6').problems).toEqual({});
    expect(readLabState('?stepAt=-1').problems.stepAt).toBeDefined();
    expect(readLabState('?noise=-0.1').problems.noise).toBeDefined();
    expect(readLabState('?spikeX=0').problems.spikeX).toBeDefined();
  });

  it('turns each disturbance on and off by its 0/1 flag', () => {
    const on = readLabState('?step=1&sw=1&spike=1');
    expect(on.problems).toEqual({});
    expect([on.state.disturbances.stepOn, on.state.disturbances.sideswipeOn, on.state.disturbances.spikeOn]).toEqual([true, true, true]);
    const off = readLabState('?step=0&sw=0&spike=0');
    expect(off.problems).toEqual({});
    expect([off.state.disturbances.stepOn, off.state.disturbances.sideswipeOn, off.state.disturbances.spikeOn]).toEqual([false, false, false]);
    expect(readLabState('?spike=2').problems.spike).toBe('spike must be 0 or 1, got "2" (from the link; using 0)');
  });
});

describe('a Lab link, at its edges', () => {
  it('opens on the raw gains with every disturbance off', () => {
    const d = defaultState();
    expect(d.parameterisation).toBe('raw');
    expect([d.disturbances.stepOn, d.disturbances.sideswipeOn, d.disturbances.spikeOn]).toEqual([false, false, false]);
    expect([d.disturbances.constantForce, d.disturbances.noise, d.disturbances.targetVelocity]).toEqual([0, 0, 0]);
  });

  it('reads every plant and every gain form by name', () => {
    for (const plant of PLANTS) expect(readLabState(`?plant=${plant}`).state.plant).toBe(plant);
    for (const form of PARAMETERISATIONS) expect(readLabState(`?param=${form}`).state.parameterisation).toBe(form);
    expect(readLabState('?param=polar').problems.param).toBe('param must be one of raw, wu, bloom, natural, half-life, got "polar" (from the link; using raw)');
  });

  it(`runs exactly ${MAX_STEPS} steps and refuses one more`, () => {
    expect(readLabState('?T=20&dt=0.001').problems).toEqual({});
    expect(readLabState('?T=20&dt=0.001').state.horizon).toBe(20);
    expect(readLabState('?T=20.001&dt=0.001').problems.T).toBe('run length / dt must be at most 20000 steps, got 20001 (from the link; using 6 s)');
  });

  it('takes four controllers, of the plant\'s own laws, and names them when it refuses', () => {
    const four = readLabState('?c=pd,spd,pid,one-step');
    expect(four.problems).toEqual({});
    // The PID starts with the core's working ki, not 0 (it ran as a PD).
    const ki = CATALOGUE.laws.find((l) => l.id === 'pid')!.gains.find((g) => g.key === 'ki')!.default;
    expect(ki).toBeGreaterThan(0);
    expect(four.state.laws).toEqual(['pd', 'spd', 'pid', 'one-step'].map((kind) => ({ kind, kp: 400, kd: 20, ki: kind === 'pid' ? ki : 0, asPrinted: false, options: {} })));
    expect(readLabState('?plant=box&c=pd,windowed-pid').problems.c).toBe(
      `controllers must be 2 to 4 of ${LAWS.box.join(', ')}, got "pd,windowed-pid" (from the link; using the defaults)`,
    );
    expect(readLabState('?plant=box&c=pd,pid').problems).toEqual({});
  });

  it('clips a long bad value to 21 characters in the message, and keeps one of 24 whole', () => {
    expect(readLabState(`?plant=${'x'.repeat(30)}`).problems.plant).toContain(`got "${'x'.repeat(21)}..."`);
    expect(readLabState(`?plant=${'y'.repeat(24)}`).problems.plant).toContain(`got "${'y'.repeat(24)}"`);
  });

  it('reads ki only for laws with an integral, and writes it only for them', () => {
    const read = readLabState('?c=pid,pd&ki0=7&ki1=9&kd1=3');
    expect(read.problems).toEqual({});
    expect(read.state.laws.map((l) => [l.kd, l.ki])).toEqual([[20, 7], [3, 0]]);
    expect(readLabState('?c=pid,pd&ki0=-1').problems.ki0).toBeDefined();
    expect(readLabState('?kd1=-1').problems.kd1).toContain('kd');
    expect(readLabState('?kd1=-1').state.laws[1]!.kd).toBe(20);
    const s = defaultState();
    s.laws = [{ kind: 'pid', kp: 400, kd: 20, ki: 5, asPrinted: false, options: {} }, { kind: 'pd', kp: 400, kd: 20, ki: 5, asPrinted: false, options: {} }];
    expect(writeLabState(s)).toBe('?c=pid%2Cpd&ki0=5');
  });

  it('ticks "as printed" only on laws that have a printed listing', () => {
    const { state } = readLabState('?c=pd,one-step&printed=0,1');
    expect(state.laws.map((l) => l.asPrinted)).toEqual([false, true]);
    expect(writeLabState(state)).toBe('?c=pd%2Cone-step&printed=1');
    const both = readLabState('?plant=box&c=one-step,backward-pd,pd&printed=0,1');
    expect(both.state.laws.map((l) => l.asPrinted)).toEqual([true, true, false]);
    expect(readLabState(writeLabState(both.state)).state).toEqual(both.state);
  });

  it('keeps every printed listing a figure\'s preset ticks when its link says nothing of them', () => {
    // A preset with two printed twins (a figure comparing both listings with their laws).
    const preset = readLabState('?plant=box&c=one-step,backward-pd,pd&printed=0,1').state;
    expect(readLabState('', preset).state.laws.map((l) => l.asPrinted)).toEqual([true, true, false]);
    expect(readLabState('?printed=', preset).state.laws.map((l) => l.asPrinted)).toEqual([false, false, false]);
  });

  it('carries the playback speed', () => {
    const s = defaultState();
    s.speed = 2;
    expect(writeLabState(s)).toBe('?speed=2');
  });
});

describe('the series and the config of a state', () => {
  it('marks only the twins as printed listings, each owned by its law', () => {
    const s = defaultState();
    s.plant = 'box';
    s.laws = [{ kind: 'backward-pd', kp: 1, kd: 1, ki: 0, asPrinted: true, options: {} }, { kind: 'pd', kp: 1, kd: 1, ki: 0, asPrinted: false, options: {} }];
    expect(seriesOf(s)).toEqual([
      { kind: 'backward-pd', owner: 0, asPrinted: false },
      { kind: 'pd', owner: 1, asPrinted: false },
      { kind: 'backward-pd-as-printed', owner: 0, asPrinted: true },
    ]);
  });

  it('gives the core each switched-on disturbance as its [time, value] pair, and null when off', () => {
    const s = defaultState();
    const off = labConfig(s) as { disturbances: Record<string, unknown> };
    expect(off.disturbances).toEqual({
      targetStart: 1, targetStep: null, targetVelocity: 0, sideswipe: null, constantForce: 0, noise: 0, seed: 1, dtSpike: null,
    });
    Object.assign(s.disturbances, { stepOn: true, sideswipeOn: true, spikeOn: true });
    const on = labConfig(s) as { disturbances: Record<string, unknown> };
    expect([on.disturbances.targetStep, on.disturbances.sideswipe, on.disturbances.dtSpike]).toEqual([[3, 0], [2, 2], [1, 4]]);
  });
});
