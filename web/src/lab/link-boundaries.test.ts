// Every number a Lab link carries, at the limits the page documents for it (ParamDef's
// hardMin and hardMax, a bound itself excluded where minExclusive says so) and one
// rounding step past them: the page takes exactly the values up to its limits, refuses
// the next ones naming the field and the value, and the core then runs what the page
// took (a value the page accepts and the core refuses would reach a reader as an error
// after a shared link opened).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LabRun, loadLabFromBytes } from '../core/wasm';
import type { ParamDef } from '../ui/params';
import { DISTURBANCE_DEFS, GAIN_DEFS, labConfig, readLabState, SETTING_DEFS } from './lab-state';

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
});

/**
 * Every numeric field of a link, with what else the link needs for the value to act (a
 * run's length and step together stay within the Lab's 20,000 steps).
 */
const FIELDS: [ParamDef, string | ((value: number) => string)][] = [
  ...Object.values(SETTING_DEFS).map((d): [ParamDef, string | ((value: number) => string)] => [d, d.key === 'T' ? 'dt=0.01' : d.key === 'dt' ? (v) => `T=${Math.min(1, v * 1000)}` : '']),
  ...Object.values(DISTURBANCE_DEFS)
    .filter((d): d is ParamDef => d !== null)
    .map((d): [ParamDef, string] => [d, { stepAt: 'step=1', stepTo: 'step=1', swAt: 'sw=1', swJ: 'sw=1', spikeAt: 'spike=1', spikeX: 'spike=1' }[d.key] ?? '']),
  ...(['kp', 'kd', 'ki'] as const).map((g): [ParamDef, string] => [{ ...GAIN_DEFS[g], key: `${g}0` }, 'c=pid,pd']),
];

/** The next float beyond `x`, away from the range. */
const past = (x: number, up: boolean) => x + (up ? 1 : -1) * Math.max(Math.abs(x), 1) * 2 ** -50;

function open(def: ParamDef, value: number, extra: string | ((value: number) => string)) {
  const more = typeof extra === 'string' ? extra : extra(value);
  return readLabState(`?${more ? `${more}&` : ''}${def.key}=${value}`);
}

describe('every number in a Lab link at its documented limits', () => {
  it('is taken up to each limit, refused one step past it by name and value, and run by the core', () => {
    let ran = 0;
    for (const [def, extra] of FIELDS) {
      const lo = def.hardMin ?? 0;
      const hi = def.hardMax ?? Number.POSITIVE_INFINITY;
      const taken = def.minExclusive ? [past(lo, true)] : [lo];
      if (Number.isFinite(hi)) taken.push(hi);
      for (const value of taken) {
        const { state, problems } = open(def, value, extra);
        expect(problems, `${def.key}=${value}`).toEqual({});
        // The core runs it: no throw, no NaN; a body that runs away is stopped and says why.
        const run = new LabRun(labConfig(state));
        run.step(30);
        const snap = run.snapshot();
        for (let k = 0; k < snap.x.length; k++) {
          const body = k % snap.n;
          if (!Number.isFinite(snap.x[k]!)) expect(snap.failures[body], `${def.key}=${value}: body ${body} reads ${snap.x[k]}`).toBeDefined();
        }
        run.free();
        ran++;
      }
      const refused = [def.minExclusive ? lo : past(lo, false), ...(Number.isFinite(hi) ? [past(hi, true)] : [])];
      for (const value of refused) {
        const message = open(def, value, extra).problems[def.key];
        expect(message, `${def.key}=${value}`).toBeDefined();
        expect(message, `${def.key}=${value}`).toContain(def.label);
        expect(message, `${def.key}=${value}`).toContain(String(value));
      }
    }
    expect(ran).toBeGreaterThan(2 * 15);
  });

  it('refuses past a limit by the limit it passed', () => {
    expect(readLabState(`?spikeX=${past(1000, true)}`).problems.spikeX).toMatch(/at most 1000/);
    expect(readLabState('?dt=0').problems.dt).toMatch(/greater than 0/);
    expect(readLabState(`?noise=${past(0, false)}`).problems.noise).toMatch(/at least 0/);
  });
});
