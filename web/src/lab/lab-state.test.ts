import { describe, expect, it } from 'vitest';
import { defaultState, labConfig, readLabState, seriesOf, writeLabState } from './lab-state';

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
      { kind: 'backward-pd', kp: 1e5, kd: 3, ki: 0, asPrinted: true },
      { kind: 'one-step', kp: 400, kd: 20, ki: 0, asPrinted: false },
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
      { kind: 'windowed-pid', kp: 50, kd: 5, ki: 7, asPrinted: true },
      { kind: 'pd', kp: 10, kd: 1, ki: 0, asPrinted: true },
    ];
    expect(seriesOf(s).map((x) => x.kind)).toEqual(['windowed-pid', 'pd', 'windowed-pid-as-printed']);
    const config = labConfig(s) as { controllers: { kind: string; ki: number; kp: number }[] };
    expect(config.controllers[2]).toEqual({ kind: 'windowed-pid-as-printed', kp: 50, kd: 5, ki: 7 });
    expect(config.controllers[1]!.ki).toBe(0);
  });
});
