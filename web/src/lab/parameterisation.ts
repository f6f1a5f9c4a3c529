/**
 * The ways a reader can state a controller's gains, and their conversion to and from
 * the raw gains the core takes. The arithmetic is the core's (`tuning`, through
 * wasm); this module only says which fields each form has.
 */
import type { ParamDef } from '../ui/params';
import type { Parameterisation } from './lab-state';

/** Raw gains of the cube of the Lab's mass. */
export interface RawGains {
  kp: number;
  kd: number;
}

/** The core's conversions, each returning `[a, b]` (injected so tests need no wasm). */
export interface Conversions {
  fromWu(f: number, damping: number, mass: number): ArrayLike<number>;
  fromBloom(k: number, d: number, timeScale: number, mass: number): ArrayLike<number>;
  fromNatural(wn: number, zeta: number, mass: number): ArrayLike<number>;
  fromHalfLife(h: number, mass: number): ArrayLike<number>;
  toHalfLife(kp: number, kd: number, mass: number): number;
  /** Bloom's time scale at which these gains have K = 1. */
  bloomTimeScale(kp: number, kd: number, mass: number): number;
  toWu(kp: number, kd: number, mass: number): ArrayLike<number>;
  toBloom(kp: number, kd: number, timeScale: number, mass: number): ArrayLike<number>;
  toNatural(kp: number, kd: number, mass: number): ArrayLike<number>;
}

export interface Form {
  id: Parameterisation;
  label: string;
  /** A sentence under the fields saying what the form means. */
  note: string;
  fields: readonly ParamDef[];
  toRaw(values: readonly number[], mass: number, c: Conversions): RawGains;
  fromRaw(raw: RawGains, mass: number, c: Conversions): number[];
}

const def = (key: string, label: string, unit: string, min: number, max: number, scale: 'linear' | 'log', hardMax = 1e9): ParamDef =>
  ({ key, label, unit, min, max, scale, initial: 0, hardMax });

/** Bloom's time scale is free: the form shows it fixed at the value that keeps K = 1. */
const pair = (a: ArrayLike<number>): RawGains => ({ kp: a[0]!, kd: a[1]! });

export const FORMS: Readonly<Record<Parameterisation, Form>> = {
  raw: {
    id: 'raw',
    label: 'raw gains (kp, kd)',
    note: 'Force = kp × error + kd × error rate, for the cube of this mass.',
    fields: [def('kp', 'kp (stiffness)', 'N/m', 0.1, 1e6, 'log', 1e12), def('kd', 'kd (damping)', 'N·s/m', 0.01, 1e5, 'log', 1e12)],
    toRaw: (v) => ({ kp: v[0]!, kd: v[1]! }),
    fromRaw: (r) => [r.kp, r.kd],
  },
  wu: {
    id: 'wu',
    label: "Wu's frequency and damping",
    note: "kp = m (6f)²/4, kd = 4.5 m f × damping. Wu calls damping 1 critical; it gives ζ = 0.75.",
    fields: [def('f', 'frequency f', '1/s', 0.01, 200, 'log'), def('damping', 'damping', '', 0, 10, 'linear')],
    toRaw: (v, m, c) => pair(c.fromWu(v[0]!, v[1]!, m)),
    fromRaw: (r, m, c) => Array.from(c.toWu(r.kp, r.kd, m)),
  },
  bloom: {
    id: 'bloom',
    label: "Bloom's K, D, time scale",
    note: 'kp = 36 m (K/T)², kd = 9 m K D / T. K = D = 1 reaches the target in about T and gives ζ = 0.75.',
    fields: [def('K', 'K', '', 0.01, 10, 'log'), def('D', 'D', '', 0, 10, 'linear'), def('T', 'time scale T', 's', 0.01, 10, 'log')],
    toRaw: (v, m, c) => pair(c.fromBloom(v[0]!, v[1]!, v[2]!, m)),
    fromRaw: (r, m, c) => {
      const t = c.bloomTimeScale(r.kp, r.kd, m);
      const [k, d] = Array.from(c.toBloom(r.kp, r.kd, t, m));
      return [k!, d!, t];
    },
  },
  natural: {
    id: 'natural',
    label: 'natural frequency and damping ratio',
    note: 'kp = m ωn², kd = 2 m ζ ωn: ζ = 1 is critical damping in continuous time.',
    fields: [def('wn', 'natural frequency ωn', 'rad/s', 0.1, 1000, 'log'), def('zeta', 'damping ratio ζ', '', 0, 5, 'linear')],
    toRaw: (v, m, c) => pair(c.fromNatural(v[0]!, v[1]!, m)),
    fromRaw: (r, m, c) => Array.from(c.toNatural(r.kp, r.kd, m)),
  },
  'half-life': {
    id: 'half-life',
    label: 'half-life (critically damped)',
    // h is the half-life of the gains that run, whatever their damping (the core's
    // `to_half_life`); only setting it makes them critically damped.
    note: 'Released at rest, these gains leave half the error after h seconds (continuous time). Setting h replaces kd too: it makes the pair critically damped, ζ = 1, ωn = 1.678 / h (the root of (1 + x) e^−x = ½), whose error does not halve again in the next h (15 % at 2h).',
    fields: [def('h', 'half-life h', 's', 0.001, 10, 'log')],
    toRaw: (v, m, c) => pair(c.fromHalfLife(v[0]!, m)),
    fromRaw: (r, m, c) => [c.toHalfLife(r.kp, r.kd, m)],
  },
};

/**
 * The sentence under a card's gains: the form's, for the law that runs. A law with an
 * integral adds its term (a PID's card once read "Force = kp × error + kd × error rate").
 */
export function formNote(form: Form, integral: boolean): string {
  if (!integral) return form.note;
  if (form.id === 'raw') return 'Force = kp × error + ki × ∫ error dt + kd × error rate, for the cube of this mass.';
  return `${form.note} The integral adds ki × ∫ error dt, ki set on its own.`;
}
