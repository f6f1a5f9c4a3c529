// Written by the core (npm run core-data; npm test fails when it differs): the
// shapes of the core's data the page reads and writes, each declared beside its
// Rust type (`forcelab::schema`). Edit the core, not this file.
import type { GainFormId, IntegratorId, LawId, PlantId } from './ids';

/** What happens to the target and the bodies during a Lab's run (`forcelab::lab::Disturbances`). */
export interface CoreDisturbances {
  /** Where the target starts, m (rad on a turn). */
  targetStart: number;
  /** `[time (s), to (m)]`: the target jumps; null: it does not. */
  targetStep: [number, number] | null;
  /** The target's speed, m/s (rad/s). */
  targetVelocity: number;
  /** `[time (s), impulse (N s)]` struck on every body, or null. */
  sideswipe: [number, number] | null;
  /** A steady load on every body, N (N m). */
  constantForce: number;
  /** The measurement noise's standard deviation, m (rad). */
  noise: number;
  /** The noise's seed: the same seed, the same noise. */
  seed: number;
  /** `[time (s), factor]`: one step that long, or null. */
  dtSpike: [number, number] | null;
}

/** A law of a core Lab, as its constructor reads it (a field left out takes its default) (`forcelab::lab::LawSpec`). */
export interface LawSpec {
  /** A law id ({@link LawId}). */
  kind: string;
  /** Stiffness of the cube of the Lab's mass, N/m. */
  kp?: number;
  /** Damping, N s/m. */
  kd?: number;
  /** Integral gain, N/(m s) (PIDs only). */
  ki?: number;
  /** Its options beyond the gains, by the catalogue's keys (`lab::LawOptions`). */
  options?: Record<string, number | string>;
}

/** A core Lab, as its constructor reads it: the one schema of a Lab run. A field left out takes the core's default; a field the core does not know is refused by name (`forcelab::lab::LabSpec`). */
export interface LabSpec {
  /** The body every controller drives. */
  plant?: PlantId;
  /** Its mass, kg. */
  mass?: number;
  /** The physics step, s. */
  dt?: number;
  /** How the body is stepped. */
  integrator?: IntegratorId;
  /** One per body, in order. */
  controllers?: LawSpec[];
  /** What happens during the run. */
  disturbances?: Partial<CoreDisturbances>;
}

/** Where each disturbance with a time starts when the reader switches it on (`forcelab::lab::SwitchedOn`). */
export interface SwitchedOn {
  /** `[time (s), to (m)]`. */
  targetStep: [number, number];
  /** `[time (s), impulse (N s)]`. */
  sideswipe: [number, number];
  /** `[time (s), factor]`. */
  dtSpike: [number, number];
}

/** The Lab page's first state and where each disturbance starts when switched on (`forcelab::lab::LabDefaults`). */
export interface LabDefaults {
  plant: PlantId;
  integrator: IntegratorId;
  /** How the cards give the gains at first. */
  gainForm: GainFormId;
  /** The physics step, s. */
  dt: number;
  /** The body's mass, kg. */
  mass: number;
  /** The run's length, s. */
  horizon: number;
  /** Simulated seconds per second of the page's clock. */
  speed: number;
  /** The controllers, in order. */
  laws: LawId[];
  disturbances: CoreDisturbances;
  switchedOn: SwitchedOn;
}

/** Step-response figures of one body's run (`forcelab::analysis::StepMetrics`). */
export interface Metrics {
  /** From 10 % to 90 % of the step, s; null: it never got to 90 %. */
  riseTime: number | null;
  /** After which it stays within the band around the target, s; null: it leaves the band at the end. */
  settlingTime: number | null;
  /** The largest excursion past the target, % of the step. */
  overshootPercent: number;
  /** |target - response| at the end. */
  steadyStateError: number;
  /** The integral of |target - response| dt. */
  iae: number;
  /** The largest |effort|. */
  peakEffort: number;
  /** The run left the divergence limit or became non-finite. */
  diverged: boolean;
}

/** One step of the target and each body's metrics for it (times from `at`) (`forcelab::lab::StepResponse`). */
export interface StepResponse {
  /** When the target stepped, s (0 for the first step). */
  at: number;
  /** Where the response started: the bodies' start, or the target before the jump. */
  from: number;
  /** The target the metrics measure against. */
  to: number;
  /** Each body's, in order. */
  metrics: Metrics[];
}
