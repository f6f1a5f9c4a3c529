/**
 * The door to the tuner (web/pkg-design, `forcelab::design`), typed: loaded the first
 * time a reader asks "Tune for me", so the Lab's first visit does not download it.
 */
import init, { initSync, quickWish, tune, tuneEngine, tuneRegion } from '../../pkg-design/forcelab_wasm.js';
import type { RegionData } from '../ui/region-map';
import { loader } from './loader';
import type { Parameter, SettingValue } from './engines-wasm';
import type { Forbidden, QuickWish, Requirements, Robustness, TunedResponse } from './wish';

export type { Forbidden, QuickWish, Requirements, Robustness, TunedResponse };

/** Loads the tuner's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadDesign, loadSync: loadDesignSync } = loader(init, initSync);

/** A tuning question (`forcelab::design::DesignRequest`). */
export interface TuneRequest {
  /** The Lab's body: `cube`, `plate` or `box` (a turn, its effort a torque). */
  plant: string;
  law: string;
  /** The law's settings beyond its gains (a PID's clamps, a window), as in a Lab config. */
  options?: Record<string, number | string>;
  mass: number;
  dt: number;
  integrator: string;
  load: number;
  duration: number;
  requirements: Requirements;
  robustness?: Robustness;
}

/** The tuner's answer (`forcelab::design::Design`). */
export interface Design {
  feasible: boolean;
  gains: { kp: number; kd: number; ki: number };
  /** The worst response over every plant the robustness asks for. */
  predicted: TunedResponse;
  /** The response at the Lab's own mass and step: what the Lab shows once applied. */
  nominal: TunedResponse;
  margins: Requirements;
  poles: { re: number; im: number }[] | null;
  nearest: Requirements | null;
  binding: string | null;
  evaluated: number;
  forbidden: Forbidden[];
}

/** Gains of `request.law` that meet its requirements, or the nearest it can meet; throws a refusal naming the field. */
export const tuneLaw = (request: TuneRequest): Design => tune(request) as Design;

/** The quick sliders (response time s, robustness 0..1) as requirements; throws a refusal naming the slider. */
export const quickWishOf = (responseTime: number, robustness: number): QuickWish => quickWish(responseTime, robustness) as QuickWish;

/** An engine tuning question (`forcelab::design::EngineRequest`). */
export interface EngineTuneRequest {
  engine: string;
  mass: number;
  dt: number;
  angular: boolean;
  duration?: number;
  requirements: Requirements;
  robustness?: Robustness;
}

/** The tuner's answer for one engine API (`forcelab::design::EngineDesign`). */
export interface EngineDesign {
  id: string;
  api: string;
  feasible: boolean;
  /** The intent the parameters are written from: Hz, and the damping ratio. */
  frequency: number;
  dampingRatio: number;
  parameters: Parameter[];
  predicted: TunedResponse;
  margins: Requirements;
  nearest: Requirements | null;
  binding: string | null;
  evaluated: number;
  forbidden: Forbidden[];
}

/** `request.engine`'s parameters that meet the wish under `settings` (its defaults for the rest); throws a refusal naming the field. */
export const tuneEngineDrive = (request: EngineTuneRequest, settings: Record<string, SettingValue> = {}): EngineDesign => tuneEngine(request, settings) as EngineDesign;

/** Where the wish of `request` can be met around `around` (kp and kd each from 1/span to span times theirs, `cells` per side); throws a refusal naming the field. */
export const regionOf = (request: TuneRequest, around: Design['gains'], span: number, cells: number): RegionData => tuneRegion(request, around, span, cells) as RegionData;
