import { describe, expect, it } from 'vitest';
import { lawOptions } from '../core/catalogue';
import { labStateWith } from '../figures/lab-figure';
import { labConfig, readLabState, writeLabState } from './lab-state';
import { activeOptions, distinguishingOptions, normalOptions, optionShown, optionUnit } from './law-options';

const pidLab = (options: Record<string, number | string>) =>
  labStateWith({ laws: [{ kind: 'pid', kp: 100, kd: 20, ki: 5, options }, { kind: 'windowed-pid', options: { window: 11 } }] });

describe("a controller's options, from the core's catalogue", () => {
  it('an effort option is in N on the cube and the plate, N·m on the box', () => {
    const clamp = lawOptions('pid').find((o) => o.key === 'outputLimit')!;
    expect(optionUnit(clamp, 'cube')).toBe('N');
    expect(optionUnit(clamp, 'box')).toBe('N·m');
  });

  it('kt is read only with back-calculation', () => {
    const kt = lawOptions('pid').find((o) => o.key === 'kt')!;
    expect(optionShown(kt, 'pid', {})).toBe(false);
    expect(optionShown(kt, 'pid', { antiWindup: 'back-calculation' })).toBe(true);
    expect(activeOptions('pid', { kt: 3 })).toEqual({});
    expect(activeOptions('pid', { kt: 3, antiWindup: 'back-calculation' })).toEqual({ kt: 3, antiWindup: 'back-calculation' });
  });

  it('round-trips through a link, a limit switched off included', () => {
    const state = pidLab({ outputLimit: 30, derivativeOn: 'error', antiWindup: 'back-calculation', kt: 2.5, derivativeFilter: 0.05 });
    const link = writeLabState(state);
    expect(link).toContain('ol0=30');
    expect(link).toContain('don0=error');
    expect(link).toContain('win1=11');
    expect(readLabState(link)).toEqual({ state, problems: {} });
    // From a base that has the clamp on, a state without it says so.
    const off = pidLab({});
    const back = writeLabState(off, state);
    expect(back).toContain('ol0=off');
    expect(readLabState(back, state).state).toEqual(off);
  });

  it('a bad value in a link is named by its key and the default kept', () => {
    const { state, problems } = readLabState('?c=pid,windowed-pid&ol0=-3&aw0=magic&win1=7.5');
    expect(state.laws[0]!.options).toEqual({});
    expect(state.laws[1]!.options).toEqual({});
    expect(problems.ol0).toMatch(/^ol0 must be greater than 0, got -3/);
    expect(problems.aw0).toMatch(/^aw0 must be one of conditional-integration, back-calculation, clamp, got "magic"/);
    expect(problems.win1).toMatch(/^win1 must be a whole number, got 7.5/);
  });

  it('the core Lab gets the options its laws read, the twin its law\'s', () => {
    const state = pidLab({ outputLimit: 30, kt: 4 });
    state.laws[1]!.asPrinted = true;
    const controllers = (labConfig(state) as { controllers: { kind: string; options: object }[] }).controllers;
    expect(controllers.map((c) => [c.kind, c.options])).toEqual([
      ['pid', { outputLimit: 30 }],
      ['windowed-pid', { window: 11 }],
      ['windowed-pid-as-printed', { window: 11 }],
    ]);
  });

  it('a legend names what tells a law apart from the others of its kind, in words', () => {
    const windup = ['clamp', 'conditional-integration', 'back-calculation'].map((antiWindup) => ({ kind: 'pid', options: { outputLimit: 10, antiWindup } }));
    expect(distinguishingOptions(windup, 'cube')).toEqual(['anti-windup: integral clamp only', 'anti-windup: conditional integration', 'anti-windup: back-calculation']);
    // The default named or left out is the same run, and reads the same.
    const kick: { kind: string; options: Record<string, string> }[] = [{ kind: 'pid', options: {} }, { kind: 'pid', options: { derivativeOn: 'error' } }, { kind: 'pd', options: {} }];
    expect(distinguishingOptions(kick, 'plate')).toEqual(['derivative on: measurement', 'derivative on: error', '']);
    expect(distinguishingOptions([{ kind: 'pid', options: { outputLimit: 30 } }, { kind: 'pid', options: {} }], 'box')).toEqual(['output clamp 30 N·m', 'no output clamp']);
    expect(distinguishingOptions([{ kind: 'windowed-pid', options: { window: 15 } }, { kind: 'windowed-pid', options: {} }], 'cube')).toEqual(['window 15 samples', 'window 7 samples']);
    // A lone PID needs no more than its name.
    expect(distinguishingOptions([{ kind: 'pid', options: { outputLimit: 30 } }, { kind: 'pd', options: {} }], 'cube')).toEqual(['', '']);
    // Nor does a windowed PID beside its printed listing: they share the window option
    // but are different laws, told apart by their names.
    expect(distinguishingOptions([{ kind: 'windowed-pid', options: { window: 15 } }, { kind: 'windowed-pid-as-printed', options: {} }], 'cube')).toEqual(['', '']);
  });

  it('keeps one shape for one run: defaults and options the law does not read are dropped', () => {
    expect(normalOptions('pid', { antiWindup: 'conditional-integration', derivativeFilter: 0, window: 9, outputLimit: 5 })).toEqual({ outputLimit: 5 });
  });
});
