/**
 * The door to the tuner (web/pkg-design, `forcelab::design`), typed: loaded the first
 * time a reader asks "Tune for me", so the Lab's first visit does not download it.
 */
import init, { initSync, tune } from '../../pkg-design/forcelab_wasm.js';
import { loader } from './loader';

/** Loads the tuner's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadDesign, loadSync: loadDesignSync } = loader(init, initSync);

/** What the response to a unit target step must do (each an upper bound; absent: free). */
export interface Requirements {
  settle?: number | null;
  rise?: number | null;
  /** A fraction of the step (0.05 = 5 %). */
  overshoot?: number | null;
  maxEffort?: number | null;
  maxError?: number | null;
}

/** A tuning question (`forcelab::design::DesignRequest`). */
export interface TuneRequest {
  law: string;
  mass: number;
  dt: number;
  integrator: string;
  load: number;
  duration: number;
  requirements: Requirements;
  robustness?: { massFactors: [number, number]; stepRange: boolean };
}

/** The response the tuner predicts (the Lab's own measurement of the run). */
export interface TunedResponse {
  settle: number | null;
  rise: number | null;
  overshoot: number;
  peakEffort: number;
  error: number;
  diverged: boolean;
}

/** The tuner's answer (`forcelab::design::Design`). */
export interface Design {
  feasible: boolean;
  gains: { kp: number; kd: number; ki: number };
  predicted: TunedResponse;
  margins: Requirements;
  poles: { re: number; im: number }[] | null;
  nearest: Requirements | null;
  binding: string | null;
  evaluated: number;
}

/** Gains of `request.law` that meet its requirements, or the nearest it can meet; throws a refusal naming the field. */
export const tuneLaw = (request: TuneRequest): Design => tune(request) as Design;
