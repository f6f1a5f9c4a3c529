/**
 * The door to the Lab's part of the core: it loads it once and wraps the `Lab` so that
 * callers get plain arrays: typed-array views on wasm memory die when the memory grows,
 * so they are re-created after every call and copied into buffers that belong to JS.
 * The Lab comes in three builds (scripts/build-wasm.sh): on the cube alone
 * (web/pkg-lab-cube), on the box alone (web/pkg-lab-box) and on every plant
 * (web/pkg-lab), so a page of cube figures downloads no 3-D box. A page loads the build
 * for each plant it shows (`loadLab`) before it builds a run on it. Every other part of
 * the core has a door of its own here (loader.ts). Only the modules of web/src/core/
 * import the generated packages (`door.test.ts` checks).
 */
import type * as LabPackage from '../../pkg-lab/forcelab_wasm.js';
import type { LabSpec } from './catalogue';
import { once } from './loader';
import { conversionKey } from './conversion-key';

type Package = typeof LabPackage;
type Lab = LabPackage.Lab;

/** A build of the Lab's part of the core: the plants its Lab holds (undefined: every plant), loaded once. */
interface Build {
  readonly plants?: readonly string[];
  /** Its glue code (a module of its own, fetched when first needed). */
  readonly fetch: () => Promise<Package>;
  /** Where its wasm module is (the same file the glue would ask for). */
  readonly wasm: () => URL;
  loaded?: Package;
}

/**
 * Fetches and starts `build` once (and again after a failure), keeping the started
 * package. The wasm module downloads beside the glue code rather than after it: the
 * glue asks for the module only once it has run, a third step in a row before a Lab
 * figure's first frame (this chunk, then the glue, then the module).
 */
const starter = (build: Build) =>
  once(async () => {
    const module = fetch(build.wasm());
    const pkg = await build.fetch();
    await pkg.default({ module_or_path: module });
    build.loaded = pkg;
  });

const EVERY: Build = { fetch: () => import('../../pkg-lab/forcelab_wasm.js'), wasm: () => new URL('../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url) };
/** The builds on one plant (the cargo features `lab-cube` and `lab-box`); any other plant takes EVERY. */
const ONE_PLANT: readonly Build[] = [
  { plants: ['cube'], fetch: () => import('../../pkg-lab-cube/forcelab_wasm.js'), wasm: () => new URL('../../pkg-lab-cube/forcelab_wasm_bg.wasm', import.meta.url) },
  { plants: ['box'], fetch: () => import('../../pkg-lab-box/forcelab_wasm.js'), wasm: () => new URL('../../pkg-lab-box/forcelab_wasm_bg.wasm', import.meta.url) },
];
const BUILDS = [...ONE_PLANT, EVERY];
const START = new Map(BUILDS.map((b) => [b, starter(b)]));

const holds = (build: Build, plant: string) => build.plants === undefined || build.plants.includes(plant);

/**
 * Loads (once) the part of the core whose Lab holds `plant` ("cube", "plate", "box"),
 * or the Lab on every plant when no plant is named. Resolves at once when a loaded
 * build already holds it.
 */
export async function loadLab(plant?: string): Promise<void> {
  if (BUILDS.some((b) => b.loaded && (plant === undefined ? b.plants === undefined : holds(b, plant)))) return;
  const build = (plant !== undefined && ONE_PLANT.find((b) => holds(b, plant))) || EVERY;
  await START.get(build)!();
}

/** Loads the Lab on every plant from its wasm bytes (tests under Node). */
export async function loadLabFromBytes(bytes: BufferSource): Promise<void> {
  const pkg = await EVERY.fetch();
  pkg.initSync({ module: bytes });
  EVERY.loaded = pkg;
}

/** A loaded build whose Lab holds `plant` (the one-plant builds first: they are what a figure loaded). */
function packageFor(plant: string): Package {
  const build = BUILDS.find((b) => b.loaded && holds(b, plant));
  if (!build?.loaded) throw new Error(`plant "${plant}": the Lab for it is not loaded (call loadLab("${plant}") first)`);
  return build.loaded;
}

/**
 * Calls into the Lab's wasm so far (every `LabRun` method and `tuning` conversion
 * counts one; the frame's views are read on the JS side and count none): what a slider
 * edit costs is counted, not guessed (the Lab page writes each edit's count on its
 * metrics table, and a browser test holds it).
 */
let crossings = 0;
export const wasmCrossings = (): number => crossings;

/** Any loaded build: every build has the gain conversions. */
function anyPackage(): Package {
  const build = BUILDS.find((b) => b.loaded);
  if (!build?.loaded) throw new Error('the Lab is not loaded (call loadLab first)');
  return build.loaded;
}

/** A Lab's trace and state after a call, in arrays that JS owns (valid until the next snapshot). */
export interface LabSnapshot {
  /** The step metrics (as `stepResponses`) and the trace's hash, each when asked for. */
  stepResponses?: StepResponse[];
  traceHash?: string;
  /** Bodies (series) in the run. */
  n: number;
  poseSize: number;
  rows: number;
  time: Float64Array;
  target: Float64Array;
  /** Row-major `[row * n + body]`. */
  x: Float64Array;
  /** The rate of `x`, row-major like it. */
  v: Float64Array;
  force: Float64Array;
  p: Float64Array;
  i: Float64Array;
  d: Float64Array;
  ff: Float64Array;
  /** `poseSize` values per body per row. */
  pose: Float64Array;
  diverged: Uint8Array;
  /** Why each stopped body stopped, or undefined. */
  failures: (string | undefined)[];
}

// A body's metrics and a step's, in the core's shapes (types.ts, written by `npm run core-data`).
export type { Metrics, StepResponse } from './types';
import type { Metrics, StepResponse } from './types';

/** The trace's series: values per row are 1, `n` or `n * poseSize`. */
export const SERIES = ['time', 'target', 'x', 'v', 'force', 'p', 'i', 'd', 'ff', 'pose'] as const;
export type SeriesName = (typeof SERIES)[number];

/** Each series' values per row, for `n` bodies of `poseSize` pose values. */
export const seriesWidths = (n: number, poseSize: number): Record<SeriesName, number> => ({ time: 1, target: 1, x: n, v: n, force: n, p: n, i: n, d: n, ff: n, pose: n * poseSize });

/** A snapshot of `rows` rows of `n` bodies, each series cut to those rows by `cut`. */
export function snapshotOf(
  n: number,
  poseSize: number,
  rows: number,
  cut: (name: SeriesName) => Float64Array,
  diverged: Uint8Array,
  failures: (string | undefined)[],
): LabSnapshot {
  const series = Object.fromEntries(SERIES.map((name) => [name, cut(name)])) as Record<SeriesName, Float64Array>;
  return { n, poseSize, rows, ...series, diverged, failures };
}

/** A growing JS-owned copy of a Lab's trace, filled a few rows at a time. */
class TraceCopy {
  private rows = 0;
  private capacity = 0;
  private readonly buffers = {} as Record<SeriesName, Float64Array>;
  private readonly width: Record<SeriesName, number>;

  constructor(
    private readonly n: number,
    private readonly poseSize: number,
  ) {
    this.width = seriesWidths(n, poseSize);
    for (const name of SERIES) this.buffers[name] = new Float64Array(0);
  }

  /** Copies rows `this.rows..rows` out of a frame's views (read at once: they die with the next call). */
  append(views: Record<SeriesName, Float64Array>, rows: number): void {
    if (rows > this.capacity) {
      this.capacity = Math.max(rows, 2 * this.capacity, 256);
      for (const name of SERIES) {
        const grown = new Float64Array(this.capacity * this.width[name]);
        grown.set(this.buffers[name].subarray(0, this.rows * this.width[name]));
        this.buffers[name] = grown;
      }
    }
    for (const name of SERIES) {
      const w = this.width[name];
      this.buffers[name].set(views[name].subarray(this.rows * w, rows * w), this.rows * w);
    }
    this.rows = rows;
  }

  view(rows: number, diverged: Uint8Array, failures: (string | undefined)[]): LabSnapshot {
    return snapshotOf(this.n, this.poseSize, rows, (name) => this.buffers[name].subarray(0, rows * this.width[name]), diverged, failures);
  }
}

/** What the core's `Lab.frame` returns: everything a frame draws, the series as views. */
interface Frame {
  rows: number;
  length: number;
  poseSize: number;
  series: Record<SeriesName, Float64Array>;
  diverged: Uint8Array;
  failures: (string | undefined)[];
  stepResponses?: StepResponse[];
  traceHash?: string;
}

/** What the Lab page asks of a run: the core's ({@link LabRun}) or a figure's recorded opening (`lab/recorded-run.ts`). */
export type Run = Pick<LabRun, 'rows' | 'step' | 'reset' | 'rerun' | 'setGains' | 'setTarget' | 'snapshot' | 'free'>;

/** Controllers in lockstep on identical bodies, owned by the core. */
export class LabRun {
  private readonly lab: Lab;
  private trace: TraceCopy | null = null;

  /** Builds the run on a loaded build that holds its plant; throws an Error naming the bad field and value. */
  constructor(config: LabSpec) {
    crossings++;
    this.lab = new (packageFor(config.plant ?? 'cube').Lab)(config);
  }

  get n(): number {
    crossings++;
    return this.lab.length;
  }

  get rows(): number {
    crossings++;
    return this.lab.rows;
  }

  get time(): number {
    crossings++;
    return this.lab.time;
  }

  step(steps: number): void {
    crossings++;
    this.lab.step(steps);
  }

  reset(): void {
    crossings++;
    this.lab.reset();
    this.trace = null;
  }

  /** `reset` then `step(steps)`, in one call. */
  rerun(steps: number): void {
    crossings++;
    this.lab.rerun(steps);
    this.trace = null;
  }

  setGains(index: number, kp: number, kd: number, ki: number): void {
    crossings++;
    this.lab.setGains(index, kp, kd, ki);
  }

  setTarget(x: number, v = 0): void {
    crossings++;
    this.lab.setTarget(x, v);
  }

  /** A hash of the whole trace: equal runs give equal hashes. */
  traceHash(): string {
    crossings++;
    return this.lab.traceHash();
  }

  metrics(): Metrics[] {
    crossings++;
    return this.lab.metrics() as Metrics[];
  }

  /** The metrics of each step of the target so far (two once a second step has happened). */
  stepResponses(): StepResponse[] {
    crossings++;
    return this.lab.stepResponses() as StepResponse[];
  }

  /**
   * The trace so far, in buffers that JS owns (views on wasm memory die when it
   * grows). Rows are only ever appended between resets, so each call copies just the
   * rows recorded since the last one; the arrays returned are windows on those
   * buffers, valid until the next call. One call into wasm (the core's `frame`), with
   * the step metrics and the trace's hash when asked for.
   */
  snapshot(metrics = false, hash = false): LabSnapshot {
    crossings++;
    const frame = this.lab.frame(metrics, hash) as Frame;
    this.trace ??= new TraceCopy(frame.length, frame.poseSize);
    this.trace.append(frame.series, frame.rows);
    const view = this.trace.view(frame.rows, frame.diverged, frame.failures);
    return metrics || hash ? { ...view, stepResponses: frame.stepResponses, traceHash: frame.traceHash } : view;
  }

  free(): void {
    this.lab.free();
  }
}

type Conversion = 'gainFormToRaw' | 'gainFormFromRaw' | 'gainsToNatural' | 'sampledEffective' | 'gainReadout';

/** Answers the build asked of the core for a figure's opening, by question (`conversionKey`): the door gives them until it is loaded. */
const recorded = new Map<string, readonly number[]>();

/** Keeps a figure's recorded answers (`figures/lab-opening.ts`) for the conversions its cards ask before the Lab is loaded. */
export function recordConversions(answers: Readonly<Record<string, readonly number[]>>): void {
  for (const [question, answer] of Object.entries(answers)) recorded.set(question, answer);
}

/** The core's function `name`, called on whichever Lab build is loaded (every build has it); before any is, a recorded answer to the same question. */
const fromLoaded = <K extends Conversion>(name: K): Package[K] =>
  ((...args: unknown[]) => {
    if (!BUILDS.some((b) => b.loaded)) {
      const answer = recorded.get(conversionKey(name, args));
      if (answer) return Float64Array.from(answer);
    }
    crossings++;
    return (anyPackage()[name] as (...a: unknown[]) => unknown)(...args);
  }) as Package[K];

/** What a card shows after an edit of its gains (the core's `gainReadout`, one call). */
export interface GainReadout {
  kp: number;
  kd: number;
  /** The continuous `[w_n, zeta]`, undefined when kp is not above 0. */
  natural?: [number, number];
  /** The `[w_n, zeta]` a linear law really has at its step, undefined when the sampled loop has none (or the law is not linear). */
  sampled?: [number, number];
}

/** The gain conversions of the core's `tuning` module, each `[a, b]`. */
export const tuning = {
  /** `[kp, kd]` of a gain form's fields (the core's `GainForm::to_raw`). */
  formToRaw: (form: string, values: readonly number[], mass: number) => fromLoaded('gainFormToRaw')(form, Float64Array.from(values), mass),
  /** A gain form's fields for `kp`, `kd` (the core's `GainForm::from_raw`). */
  formFromRaw: fromLoaded('gainFormFromRaw'),
  toNatural: fromLoaded('gainsToNatural'),
  /** `[w_n, zeta]` the law really has when sampled, or undefined (see the core). */
  sampled: fromLoaded('sampledEffective'),
  /** The raw gains of a gain form's fields and the damping ratios they give `law`, in one call. */
  readout: (form: string, values: readonly number[], law: string, integrator: string, mass: number, dt: number): GainReadout => {
    const r = fromLoaded('gainReadout')(form, Float64Array.from(values), law, integrator, mass, dt);
    const pair = (at: number): [number, number] | undefined => (r.length >= at + 2 ? [r[at]!, r[at + 1]!] : undefined);
    return { kp: r[0]!, kd: r[1]!, natural: pair(2), sampled: pair(4) };
  },
};

/** The Lab on every plant's whole package (once loaded): what the build asks a figure's opening of (`figures/lab-opening.ts`), for the tests that ask it the same way. */
export function everyPlantDoor(): Package {
  if (!EVERY.loaded) throw new Error('the Lab on every plant is not loaded (call loadLab() first)');
  return EVERY.loaded;
}

/** The core's Lab class on every plant (once loaded), for the checks that hold the page's menus to it. */
export function everyPlantLab(): Package['Lab'] {
  if (!EVERY.loaded) throw new Error('the Lab on every plant is not loaded (call loadLab() first)');
  return EVERY.loaded.Lab;
}
