/**
 * The only module that touches wasm memory. It loads the forcelab module once and
 * wraps its `Simulation` so that callers get plain arrays: typed-array views on wasm
 * memory die when the memory grows, so they are re-created after every call and
 * copied into scratch buffers that belong to JS.
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
  Simulation,
} from '../pkg/forcelab_wasm.js';

let loading: Promise<void> | null = null;

/** Loads and instantiates the wasm module (once, however many callers ask). */
export function loadForcelab(): Promise<void> {
  loading ??= init().then(() => undefined);
  return loading;
}

/** The controllers of the 1-D world, by the ids the core uses. */
export type Controller1Id = 'pd' | 'backward-pd' | 'spd';

/** A copy of the world's state after a step. */
export interface Snapshot1 {
  time: number;
  targetX: number;
  positions: Float64Array;
  velocities: Float64Array;
  forces: Float64Array;
  diverged: Uint8Array;
}

/** Several 1-D bodies stepped together by the core. */
export class World1 {
  private readonly sim: Simulation;
  private snapshot: Snapshot1;

  constructor(dt: number) {
    this.sim = new Simulation(dt);
    this.snapshot = World1.emptySnapshot(0);
  }

  /** Adds a body; throws an Error naming the bad field and value. */
  addBody(controller: Controller1Id, kp: number, kd: number, mass: number, x: number): number {
    const index = this.sim.addBody(controller, kp, kd, mass, x);
    this.snapshot = World1.emptySnapshot(this.sim.length);
    this.read();
    return index;
  }

  get length(): number {
    return this.sim.length;
  }

  setGains(index: number, kp: number, kd: number): void {
    this.sim.setGains(index, kp, kd);
  }

  setMass(index: number, mass: number): void {
    this.sim.setMass(index, mass);
  }

  setDt(dt: number): void {
    this.sim.setDt(dt);
  }

  setTarget(x: number, v = 0): void {
    this.sim.setTarget(x, v);
  }

  /** Puts every body back at `x` at rest and the clock at zero. */
  restart(x: number): void {
    for (let i = 0; i < this.sim.length; i++) this.sim.place(i, x, 0);
    this.sim.resetTime();
    this.read();
  }

  /** Advances `steps` physics steps in one call and returns the new state. */
  step(steps: number): Snapshot1 {
    this.sim.step(steps);
    return this.read();
  }

  /** The state after the last call (no call into wasm). */
  get state(): Snapshot1 {
    return this.snapshot;
  }

  private read(): Snapshot1 {
    const s = this.snapshot;
    s.time = this.sim.time;
    s.targetX = this.sim.targetX;
    s.positions.set(this.sim.positions());
    s.velocities.set(this.sim.velocities());
    s.forces.set(this.sim.forces());
    s.diverged.set(this.sim.diverged());
    return s;
  }

  private static emptySnapshot(n: number): Snapshot1 {
    return {
      time: 0,
      targetX: 0,
      positions: new Float64Array(n),
      velocities: new Float64Array(n),
      forces: new Float64Array(n),
      diverged: new Uint8Array(n),
    };
  }
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
