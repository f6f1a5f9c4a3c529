/**
 * The tuner's race of the laws (chapter 9): for every law that drives the cube, the
 * fastest settle it reaches without overshoot on the rules' body and step, and within
 * the rules' force budget. Measured by the core natively (`npm run core-data` writes
 * race.json from `forcelab::design::race`); `race.test.ts` measures it again in wasm.
 */
import data from './race.json';
import type { TunedResponse } from './wish';

/** One law's best in one race. */
export interface Best {
  feasible: boolean;
  gains: { kp: number; kd: number; ki: number };
  response: TunedResponse;
}

/** The race as the core ran it. */
export interface Race {
  rules: { mass: number; dt: number; overshoot: number; maxEffort: number };
  rows: { law: string; unlimited: Best; budget: Best }[];
}

/** The race chapter 9 shows. */
export const RACE = data as Race;
