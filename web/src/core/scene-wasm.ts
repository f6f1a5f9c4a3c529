/**
 * The scene pages' door to the small forcelab module (web/pkg-lite: the worlds and the
 * swarm, a third of the full module's bytes). It loads it once and wraps the 1-D
 * `Simulation` so that callers get plain arrays: typed-array views on wasm memory die
 * when the memory grows, so they are copied into buffers that belong to JS.
 */
import init, { initSync, Simulation } from '../../pkg-lite/forcelab_wasm.js';
import { loader } from './loader';

/** The swarm page's missiles, stepped by the core in one call per frame. */
export { MissileSwarm } from '../../pkg-lite/forcelab_wasm.js';

/** The swarm of the benchmark's scenario, stepped by the core (`forcelab::world::planar_swarm`). */
export { planarSwarm, planarSwarmF32 } from '../../pkg-lite/forcelab_wasm.js';

/** Loads the small module (once), in the browser or from its bytes (tests). */
export const { load: loadSceneModule, loadSync: loadSceneModuleSync } = loader(init, initSync);

/** A law of the 1-D world, by its catalogue id (the core refuses, by name, one that does not drive a cube). */
export type Controller1Id = string;

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

