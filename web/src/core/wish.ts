/**
 * The shapes of a "Tune for me" wish and answer, shared by the tuner's door
 * (design-wasm.ts, for a law) and the engines' door (engines-wasm.ts, for an engine's
 * drive): `forcelab::design`'s Requirements, Robustness and Response, typed.
 */

/** What the response to a unit target step must do (each an upper bound; absent: free). */
export interface Requirements {
  settle?: number | null;
  rise?: number | null;
  /** A fraction of the step (0.05 = 5 %). */
  overshoot?: number | null;
  maxEffort?: number | null;
  maxError?: number | null;
}

/** The plants the same gains must also satisfy: the mass times each factor, the step halved and doubled. */
export interface Robustness {
  massFactors: [number, number];
  stepRange: boolean;
}

/** The quick mode's two sliders written as requirements (`forcelab::design::quick_wish`). */
export interface QuickWish {
  requirements: Requirements;
  robustness: Robustness;
}

/** A predicted step response, read as the Lab reads its own run. */
export interface TunedResponse {
  settle: number | null;
  rise: number | null;
  overshoot: number;
  peakEffort: number;
  error: number;
  diverged: boolean;
}

/** A plot region a wish forbids (`forcelab::design::Forbidden`); an open side is null. */
export interface Forbidden {
  plot: 'response' | 'effort';
  requirement: string;
  from: number;
  to: number | null;
  low: number | null;
  high: number | null;
}
