/**
 * Everything a Lab view depends on, as plain data, and its round trip through the URL.
 * Gains are kept raw (kp, kd, ki of the cube of the Lab's mass): the parameterisation
 * is only how the reader edits them. Reading a link never throws: a bad value keeps
 * its default and is reported by name, so a tampered link never breaks the page or
 * loses the other settings.
 */
import { CATALOGUE, gainDefault, menuLaws, twinOn, type GainFormId, type IntegratorId, type LabSpec, type PlantId } from '../core/catalogue.ts';
import { clip, type ParamDef } from '../ui/params.ts';
import { numberFrom, oneOf } from '../ui/url-state.ts';
import { activeOptions, readOptions, writeOptions, type OptionValues } from './law-options.ts';

export type { IntegratorId, PlantId };

/** A form of the gains (the core's `gain_forms::GainForm`). */
export type Parameterisation = GainFormId;

export const PLANTS: readonly PlantId[] = CATALOGUE.plants.map((p) => p.id);
export const INTEGRATORS: readonly IntegratorId[] = CATALOGUE.integrators.map((i) => i.id);
export const PARAMETERISATIONS: readonly Parameterisation[] = CATALOGUE.gainForms.map((f) => f.id);

/** The laws each plant offers (the core's catalogue); as-printed twins come by toggle. */
export const LAWS: Readonly<Record<PlantId, readonly string[]>> = Object.fromEntries(PLANTS.map((p) => [p, menuLaws(p)])) as Record<PlantId, string[]>;

/** The law whose printed listing runs beside it when its "as printed" box is ticked. */
export const TWINS: Readonly<Record<PlantId, Readonly<Record<string, string>>>> = Object.fromEntries(
  PLANTS.map((plant) => [
    plant,
    Object.fromEntries(LAWS[plant].flatMap((law) => {
      const twin = twinOn(plant, law);
      return twin === undefined ? [] : [[law, twin]];
    })),
  ]),
) as Record<PlantId, Record<string, string>>;

/** Laws with an integral term (the only ones that take ki). */
export const HAS_INTEGRAL: ReadonlySet<string> = new Set(CATALOGUE.laws.filter((l) => l.integral).map((l) => l.id));
/** Laws that ignore the gains (they land on the target in one step). */
export const GAINLESS: ReadonlySet<string> = new Set(CATALOGUE.laws.filter((l) => l.gains.length === 0).map((l) => l.id));

/** The longest run a Lab page records (run length / dt): the page redraws the whole trace. */
export const MAX_STEPS = 20_000;

/** How many laws a Lab compares (the core's `lab::MIN_LAWS` and `MAX_LAWS`). */
export const [MIN_CONTROLLERS, MAX_CONTROLLERS] = CATALOGUE.labLaws;

export interface LawState {
  kind: string;
  kp: number;
  kd: number;
  ki: number;
  /** Run the article's printed listing beside this law (when it has one). */
  asPrinted: boolean;
  /** Its options beyond the gains that the reader set (the rest are the core's defaults). */
  options: OptionValues;
}

export interface Disturbances {
  targetStart: number;
  stepOn: boolean;
  stepAt: number;
  stepTo: number;
  targetVelocity: number;
  sideswipeOn: boolean;
  sideswipeAt: number;
  sideswipeImpulse: number;
  constantForce: number;
  noise: number;
  spikeOn: boolean;
  spikeAt: number;
  spikeFactor: number;
}

export interface LabState {
  plant: PlantId;
  integrator: IntegratorId;
  parameterisation: Parameterisation;
  dt: number;
  mass: number;
  /** Length of a run, s: a run stops there, so a link always replays the same trace. */
  horizon: number;
  seed: number;
  speed: number;
  laws: LawState[];
  disturbances: Disturbances;
}

/**
 * A law as the Lab adds it, or as a link naming it starts it: the core's default gains
 * (400 N/m, 20 N·s/m, and for a law with an integral a ki that acts, so a new PID does
 * not run as a PD); ki is 0 for a law that has no integral.
 */
export function freshLaw(kind: string): LawState {
  return { kind, kp: gainDefault('kp'), kd: gainDefault('kd'), ki: HAS_INTEGRAL.has(kind) ? gainDefault('ki') : 0, asPrinted: false, options: {} };
}

export function defaultLaws(): LawState[] {
  return CATALOGUE.labDefaults.laws.map(freshLaw);
}

/** The Lab with nothing in its link: the core's defaults (`lab::LAB_DEFAULTS`), each disturbance off at the value it starts from when switched on. */
export function defaultState(): LabState {
  const { plant, integrator, gainForm, dt, mass, horizon, speed, disturbances: d, switchedOn: on } = CATALOGUE.labDefaults;
  const [stepAt, stepTo] = d.targetStep ?? on.targetStep;
  const [sideswipeAt, sideswipeImpulse] = d.sideswipe ?? on.sideswipe;
  const [spikeAt, spikeFactor] = d.dtSpike ?? on.dtSpike;
  return {
    plant,
    integrator,
    parameterisation: gainForm,
    dt,
    mass,
    horizon,
    seed: d.seed,
    speed,
    laws: defaultLaws(),
    disturbances: {
      targetStart: d.targetStart,
      stepOn: d.targetStep !== null,
      stepAt,
      stepTo,
      targetVelocity: d.targetVelocity,
      sideswipeOn: d.sideswipe !== null,
      sideswipeAt,
      sideswipeImpulse,
      constantForce: d.constantForce,
      noise: d.noise,
      spikeOn: d.dtSpike !== null,
      spikeAt,
      spikeFactor,
    },
  };
}

const num = (key: string, label: string, unit: string, min: number, max: number, scale: 'linear' | 'log', hard: Partial<ParamDef> = {}): ParamDef =>
  ({ key, label, unit, min, max, scale, initial: 0, ...hard });

/** The numeric settings: slider ranges, typed limits, URL keys. */
export const SETTING_DEFS = {
  dt: num('dt', 'dt (physics step)', 's', 0.001, 0.1, 'log', { hardMin: 0, hardMax: 1, minExclusive: true }),
  mass: num('mass', 'mass', 'kg', 0.1, 100, 'log', { hardMin: 0, hardMax: 1e6, minExclusive: true }),
  horizon: num('T', 'run length', 's', 1, 30, 'linear', { hardMin: 0, hardMax: 120, minExclusive: true }),
  seed: num('seed', 'noise seed', '', 1, 1000, 'linear', { hardMin: 0, hardMax: 2 ** 32 }),
  speed: num('speed', 'playback speed', '×', 0.1, 4, 'log', { hardMin: 0, hardMax: 16, minExclusive: true }),
} as const;

export const DISTURBANCE_DEFS: Readonly<Record<keyof Disturbances, ParamDef | null>> = {
  targetStart: num('x0', 'target starts at', 'm', -3, 3, 'linear', { hardMin: -1e6, hardMax: 1e6 }),
  stepOn: null,
  stepAt: num('stepAt', 'step at', 's', 0, 30, 'linear', { hardMax: 1e6 }),
  stepTo: num('stepTo', 'step to', 'm', -3, 3, 'linear', { hardMin: -1e6, hardMax: 1e6 }),
  targetVelocity: num('vel', 'target velocity', 'm/s', -2, 2, 'linear', { hardMin: -1e6, hardMax: 1e6 }),
  sideswipeOn: null,
  sideswipeAt: num('swAt', 'sideswipe at', 's', 0, 30, 'linear', { hardMax: 1e6 }),
  sideswipeImpulse: num('swJ', 'sideswipe impulse', 'N·s', -20, 20, 'linear', { hardMin: -1e6, hardMax: 1e6 }),
  constantForce: num('load', 'constant force (the hill)', 'N', -50, 50, 'linear', { hardMin: -1e6, hardMax: 1e6 }),
  noise: num('noise', 'measurement noise (σ)', 'm', 0, 0.2, 'linear', { hardMax: 1e3 }),
  spikeOn: null,
  spikeAt: num('spikeAt', 'dt spike at', 's', 0, 30, 'linear', { hardMax: 1e6 }),
  spikeFactor: num('spikeX', 'dt spike factor', '×', 1, 20, 'linear', { hardMin: 0, hardMax: 1000, minExclusive: true }),
};

export const GAIN_DEFS = {
  kp: num('kp', 'kp (stiffness)', 'N/m', 0.1, 1e6, 'log', { hardMax: 1e12 }),
  kd: num('kd', 'kd (damping)', 'N·s/m', 0.01, 1e5, 'log', { hardMax: 1e12 }),
  ki: num('ki', 'ki (integral)', 'N/(m·s)', 0, 2000, 'linear', { hardMax: 1e12 }),
} as const;

const FLAGS = { stepOn: 'step', sideswipeOn: 'sw', spikeOn: 'spike' } as const;

export interface ParsedState {
  state: LabState;
  /** One message per refused URL value, by URL key. */
  problems: Record<string, string>;
}

/**
 * Reads a Lab state from a query string ("?plant=box&c=pd,spd&kp0=100..."): what the
 * query leaves out is `base`'s (the Lab's defaults, or a chapter figure's preset).
 */
export function readLabState(search: string, base: LabState = defaultState()): ParsedState {
  const q = new URLSearchParams(search);
  const problems: Record<string, string> = {};
  const s = structuredClone(base);
  s.plant = oneOf(q.get('plant'), PLANTS, s.plant, 'plant', problems);
  s.integrator = oneOf(q.get('int'), INTEGRATORS, s.integrator, 'int', problems);
  s.parameterisation = oneOf(q.get('param'), PARAMETERISATIONS, s.parameterisation, 'param', problems);
  s.dt = numberFrom(SETTING_DEFS.dt, q.get('dt'), s.dt, problems);
  s.mass = numberFrom(SETTING_DEFS.mass, q.get('mass'), s.mass, problems);
  s.horizon = numberFrom(SETTING_DEFS.horizon, q.get('T'), s.horizon, problems);
  s.seed = Math.floor(numberFrom(SETTING_DEFS.seed, q.get('seed'), s.seed, problems));
  s.speed = numberFrom(SETTING_DEFS.speed, q.get('speed'), s.speed, problems);
  if (s.horizon / s.dt > MAX_STEPS) {
    problems.T = `run length / dt must be at most ${MAX_STEPS} steps, got ${Math.round(s.horizon / s.dt)} (from the link; using 6 s)`;
    s.horizon = 6;
  }

  const kinds = q.get('c');
  if (kinds !== null) {
    const ids = kinds.split(',').slice(0, MAX_CONTROLLERS + 1);
    const valid = ids.filter((id) => LAWS[s.plant].includes(id));
    if (valid.length !== ids.length || ids.length < MIN_CONTROLLERS || ids.length > MAX_CONTROLLERS) {
      problems.c = `controllers must be ${MIN_CONTROLLERS} to ${MAX_CONTROLLERS} of ${LAWS[s.plant].join(', ')}, got "${clip(kinds)}" (from the link; using the defaults)`;
    } else {
      s.laws = valid.map(freshLaw);
    }
  }
  const basePrinted = s.laws.flatMap((l, k) => (l.asPrinted ? [String(k)] : [])).join(',');
  const printed = new Set((q.get('printed') ?? basePrinted).split(',').filter(Boolean));
  s.laws.forEach((law, k) => {
    law.kp = numberFrom({ ...GAIN_DEFS.kp, key: `kp${k}` }, q.get(`kp${k}`), law.kp, problems);
    law.kd = numberFrom({ ...GAIN_DEFS.kd, key: `kd${k}` }, q.get(`kd${k}`), law.kd, problems);
    law.ki = HAS_INTEGRAL.has(law.kind) ? numberFrom({ ...GAIN_DEFS.ki, key: `ki${k}` }, q.get(`ki${k}`), law.ki, problems) : 0;
    law.asPrinted = printed.has(String(k)) && TWINS[s.plant][law.kind] !== undefined;
    law.options = readOptions(q, law.kind, k, s.plant, law.options, problems);
  });

  const d = s.disturbances;
  for (const [field, def] of Object.entries(DISTURBANCE_DEFS) as [keyof Disturbances, ParamDef | null][]) {
    if (def) (d[field] as number) = numberFrom(def, q.get(def.key), d[field] as number, problems);
  }
  for (const [field, key] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
    const raw = q.get(key);
    if (raw === null) continue;
    if (raw === '1' || raw === '0') d[field] = raw === '1';
    else problems[key] = `${key} must be 0 or 1, got "${clip(raw)}" (from the link; using ${d[field] ? 1 : 0})`;
  }
  return { state: s, problems };
}

/**
 * The query string of `state`: only values that differ from `base` (the Lab's defaults,
 * or a chapter figure's preset), so that `readLabState(query, base)` gives `state` back.
 */
export function writeLabState(state: LabState, base: LabState = defaultState()): string {
  const d0 = base;
  const q = new URLSearchParams();
  const put = (key: string, value: string | number, fallback: string | number) => {
    if (value !== fallback) q.set(key, String(value));
  };
  put('plant', state.plant, d0.plant);
  put('int', state.integrator, d0.integrator);
  put('param', state.parameterisation, d0.parameterisation);
  put('dt', state.dt, d0.dt);
  put('mass', state.mass, d0.mass);
  put('T', state.horizon, d0.horizon);
  put('seed', state.seed, d0.seed);
  put('speed', state.speed, d0.speed);
  const kinds = (laws: readonly LawState[]) => laws.map((l) => l.kind).join(',');
  // Named controllers start from the Lab's gains when read; the base's keep the base's.
  const sameLaws = kinds(state.laws) === kinds(d0.laws);
  put('c', kinds(state.laws), kinds(d0.laws));
  state.laws.forEach((law, k) => {
    const from = sameLaws ? d0.laws[k]! : freshLaw(law.kind);
    put(`kp${k}`, law.kp, from.kp);
    put(`kd${k}`, law.kd, from.kd);
    if (HAS_INTEGRAL.has(law.kind)) put(`ki${k}`, law.ki, from.ki);
    writeOptions(q, law.kind, k, law.options, from.options);
  });
  const printedOf = (laws: readonly LawState[]) => laws.flatMap((l, k) => (l.asPrinted ? [String(k)] : [])).join(',');
  // An empty value says "none" when the base has some.
  if (printedOf(state.laws) !== printedOf(d0.laws)) q.set('printed', printedOf(state.laws));
  const d = state.disturbances;
  for (const [field, def] of Object.entries(DISTURBANCE_DEFS) as [keyof Disturbances, ParamDef | null][]) {
    if (def) put(def.key, d[field] as number, d0.disturbances[field] as number);
  }
  for (const [field, key] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
    put(key, d[field] ? 1 : 0, d0.disturbances[field] ? 1 : 0);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One series of a run: which law, whose gains, and whether it is a printed listing. */
export interface SeriesInfo {
  kind: string;
  /** Index of the controller panel it belongs to. */
  owner: number;
  asPrinted: boolean;
}

/** The series a state runs: every law, then each ticked law's printed twin. */
export function seriesOf(state: LabState): SeriesInfo[] {
  const main = state.laws.map((l, owner) => ({ kind: l.kind, owner, asPrinted: false }));
  const twins = state.laws.flatMap((l, owner) => {
    const twin = TWINS[state.plant][l.kind];
    return l.asPrinted && twin ? [{ kind: twin, owner, asPrinted: true }] : [];
  });
  return [...main, ...twins];
}

/** The steps of a whole run of `state`: its horizon at its step, s / s. */
export const wholeRun = (state: LabState): number => Math.round(state.horizon / state.dt);

/**
 * The core's Lab for `state`, in the core's own schema ({@link LabSpec}). The page's
 * state keeps beside it only what a page needs and a run does not: the gain form the
 * cards show, the run's length, the playback speed, and the values of a disturbance
 * switched off (so that switching it on again, or a link, keeps them).
 */
export function labConfig(state: LabState): LabSpec {
  const d = state.disturbances;
  return {
    plant: state.plant,
    mass: state.mass,
    dt: state.dt,
    integrator: state.integrator,
    controllers: seriesOf(state).map((s) => {
      const law = state.laws[s.owner]!;
      return { kind: s.kind, kp: law.kp, kd: law.kd, ki: HAS_INTEGRAL.has(s.kind) ? law.ki : 0, options: activeOptions(s.kind, law.options) };
    }),
    disturbances: {
      targetStart: d.targetStart,
      targetStep: d.stepOn ? [d.stepAt, d.stepTo] : null,
      targetVelocity: d.targetVelocity,
      sideswipe: d.sideswipeOn ? [d.sideswipeAt, d.sideswipeImpulse] : null,
      constantForce: d.constantForce,
      noise: d.noise,
      seed: state.seed,
      dtSpike: d.spikeOn ? [d.spikeAt, d.spikeFactor] : null,
    },
  };
}

