/**
 * The Lab's door to the full forcelab module (web/pkg): it loads it once and wraps the
 * `Lab` so that callers get plain arrays: typed-array views on wasm memory die when
 * the memory grows, so they are re-created after every call and copied into buffers
 * that belong to JS. The scene pages use the small module instead (scene-wasm.ts).
 */
import init, {
  gainsFromBloom,
  gainsFromHalfLife,
  gainsFromNatural,
  gainsFromWu,
  gainsToBloom,
  gainsToNatural,
  gainsToWu,
  Lab,
  sampledEffective,
} from '../pkg/forcelab_wasm.js';

let loading: Promise<void> | null = null;

/** Loads and instantiates the wasm module (once, however many callers ask). */
export function loadForcelab(): Promise<void> {
  loading ??= init().then(() => undefined);
  return loading;
}

/** A copy of a Lab's trace and state after a call: plain arrays that JS owns. */
export interface LabSnapshot {
  /** Bodies (series) in the run. */
  n: number;
  poseSize: number;
  rows: number;
  time: Float64Array;
  target: Float64Array;
  /** Row-major `[row * n + body]`. */
  x: Float64Array;
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

/** Step-response figures of one body (times in s, `null` when not reached). */
export interface Metrics {
  riseTime: number | null;
  settlingTime: number | null;
  overshootPercent: number;
  steadyStateError: number;
  iae: number;
  peakEffort: number;
  diverged: boolean;
}

/** Controllers in lockstep on identical bodies, owned by the core. */
export class LabRun {
  private readonly lab: Lab;

  /** Builds the run; throws an Error naming the bad field and value. */
  constructor(config: object) {
    this.lab = new Lab(config);
  }

  get n(): number {
    return this.lab.length;
  }

  get rows(): number {
    return this.lab.rows;
  }

  get time(): number {
    return this.lab.time;
  }

  step(steps: number): void {
    this.lab.step(steps);
  }

  reset(): void {
    this.lab.reset();
  }

  setGains(index: number, kp: number, kd: number, ki: number): void {
    this.lab.setGains(index, kp, kd, ki);
  }

  setTarget(x: number, v = 0): void {
    this.lab.setTarget(x, v);
  }

  /** A hash of the whole trace: equal runs give equal hashes. */
  traceHash(): string {
    return this.lab.traceHash();
  }

  metrics(): Metrics[] {
    return this.lab.metrics() as Metrics[];
  }

  /** Copies the trace out of wasm memory (views die when the memory grows). */
  snapshot(): LabSnapshot {
    const l = this.lab;
    return {
      n: l.length,
      poseSize: l.poseSize,
      rows: l.rows,
      time: l.timeSeries().slice(),
      target: l.target().slice(),
      x: l.x().slice(),
      force: l.force().slice(),
      p: l.p().slice(),
      i: l.i().slice(),
      d: l.d().slice(),
      ff: l.ff().slice(),
      pose: l.pose().slice(),
      diverged: l.diverged(),
      failures: l.failures() as (string | undefined)[],
    };
  }

  free(): void {
    this.lab.free();
  }
}

/** The gain conversions of the core's `tuning` module, each `[a, b]`. */
export const tuning = {
  fromWu: gainsFromWu,
  fromBloom: gainsFromBloom,
  fromNatural: gainsFromNatural,
  fromHalfLife: gainsFromHalfLife,
  toWu: gainsToWu,
  toBloom: gainsToBloom,
  toNatural: gainsToNatural,
  /** `[w_n, zeta]` the law really has when sampled, or undefined (see the core). */
  sampled: sampledEffective,
};
