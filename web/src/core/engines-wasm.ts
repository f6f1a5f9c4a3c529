/**
 * The gain translator and the engine twin (web/pkg-engines, loaded by `loadEngines`), typed. The core holds the
 * engines, their settings, defaults and notes (`forcelab::engines`); this module only
 * names the shapes the bindings return.
 */
import init, { engineCatalogue, engineTwin, initSync, translateGains } from '../../pkg-engines/forcelab_wasm.js';
import { loader } from './loader';
import type { TunedResponse } from './wish';

/** Loads the engines' part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadEngines, loadSync: loadEnginesSync, loaded: enginesLoaded } = loader(init, initSync);

/** What the reader wants: natural frequency (Hz), damping ratio, mass, step, kind. */
export interface Intent {
  frequency: number;
  dampingRatio: number;
  mass: number;
  dt: number;
  angular: boolean;
}

export type SettingValue = number | boolean | string;

/** One setting of an engine, as the core declares it. */
export interface SettingDef {
  key: string;
  label: string;
  kind:
    | { type: 'count'; min: number; max: number }
    | { type: 'number'; min: number; max: number; unit: string }
    | { type: 'flag' }
    | { type: 'choice'; options: string[] };
  default: SettingValue;
  note: string;
}

/** One engine API: its knobs, settings and the variants it is checked at. */
export interface EngineEntry {
  id: string;
  engine: string;
  engineName: string;
  api: string;
  convention: string;
  checkedAgainst: string;
  knobs: { name: string; unit: string; unitAngular: string; positive: boolean }[];
  settings: SettingDef[];
  variants: { name: string; settings: [string, SettingValue][]; changed: string[] }[];
}

export interface Parameter {
  name: string;
  value: number;
  unit: string;
}

/** The natural frequency (Hz) and damping ratio a stepped drive shows. */
export interface Shown {
  frequency: number;
  dampingRatio: number;
}

/** A predicted step response and what shaped it (steps counted from 1). */
export interface Prediction {
  positions: number[];
  asleepAfter: number | null;
  cappedSteps: number;
  resetAfter: number | null;
  divergedAfter: number | null;
}

/** What the twin says about one engine API under some settings. */
export interface Twin {
  id: string;
  settings: [string, SettingValue][];
  changed: string[];
  parameters: Parameter[];
  effective: Shown | null;
  predicted: Prediction;
  /** The prediction read as a step response (settle, overshoot, peak force...). */
  predictedResponse: TunedResponse;
  discreteExact: Parameter[] | null;
  discreteExactError: string | null;
  exactEffective: Shown | null;
  predictedExact: Prediction | null;
  ideal: number[];
}

let catalogue: EngineEntry[] | null = null;

/** Every engine API, with knobs, settings and variants (computed once per page). */
export function engines(): EngineEntry[] {
  catalogue ??= engineCatalogue() as EngineEntry[];
  return catalogue;
}

/** The twin of `id` for `intent` under `settings` (the API's defaults for the rest). */
export function twin(id: string, intent: Intent, settings: Record<string, SettingValue>, steps: number): Twin {
  return engineTwin(id, intent, settings, steps) as Twin;
}

/** `intent` written for every engine API by its documentation's formula. */
export function translate(intent: Intent): { id: string; api: string; parameters: Parameter[]; convention: string }[] {
  return translateGains(intent) as { id: string; api: string; parameters: Parameter[]; convention: string }[];
}
