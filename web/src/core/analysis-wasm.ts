/**
 * The core's analysis for the chapters (web/pkg-analysis, loaded by `loadAnalysis`): the
 * stability atlas, one-step eigenvalues and article 003's convergence sweep, typed. The core computes every figure; this module only
 * names the shapes it returns.
 */
import init, {
  atlas,
  atlasDefaultSpec,
  convergenceDefaultSpec,
  convergenceSweep,
  atlasMaps as coreAtlasMaps,
  atlasPoints as coreAtlasPoints,
  cardMap as coreCardMap,
  closedLoopPoles,
  initSync,
} from '../../pkg-analysis/forcelab_wasm.js';
import { loader } from './loader';

/** Loads the analysis part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadAnalysis, loadSync: loadAnalysisSync } = loader(init, initSync);


/** A stability atlas: spectral radii row-major over `kp dt^2` (rows) by `kd dt`. */
export interface Atlas {
  law: string;
  integrator: string;
  spec: AtlasSpec;
  axis: number[];
  radii: number[];
  stableFraction: number;
  /** A cell is stable when its radius is at most this (the core's tolerance past 1). */
  stableLimit: number;
}

/** The atlas of `law` under `integrator` on a `points`-square log grid. */
export function atlasOf(law: string, integrator: string, spec: AtlasSpec): Atlas {
  return atlas(law, integrator, spec) as Atlas;
}

/** The closed loop's poles (largest modulus first) at gains per unit mass: two for a memoryless law, more for a PID. */
export function poles(law: string, integrator: string, kp: number, kd: number, ki: number, dt: number): { re: number; im: number }[] {
  const flat = closedLoopPoles(law, integrator, kp, kd, ki, dt);
  return Array.from({ length: flat.length / 2 }, (_, k) => ({ re: flat[2 * k]!, im: flat[2 * k + 1]! }));
}

/** The maps the atlas draws, in the core's table order (`Atlas::maps`). */
export const atlasMaps = (): { law: string; integrator: string }[] => coreAtlasMaps() as { law: string; integrator: string }[];

/** Article 003's graph: seconds to land per distance and time scale (null: never). */
export interface ConvergenceCurve {
  distance: number;
  points: [number, number | null][];
}

/** The atlas grid the core's chapter command draws (`AtlasSpec::default()`). */
export interface AtlasSpec {
  dt: number;
  min: number;
  max: number;
  points: number;
  /** The PIDs' slice: `ki h³/m`. */
  integral: number;
}

export const defaultAtlasSpec = (): AtlasSpec => atlasDefaultSpec() as AtlasSpec;

/** Article 003's sweep (`ConvergenceSpec::default()`). */
export interface ConvergenceSpec {
  distances: number[];
  timeScales: number[];
  dt: number;
  minVelocity: number;
  maxTime: number;
}

export const defaultConvergenceSpec = (): ConvergenceSpec => convergenceDefaultSpec() as ConvergenceSpec;

export function convergence(spec: ConvergenceSpec): ConvergenceCurve[] {
  return convergenceSweep(spec) as ConvergenceCurve[];
}

/** A law without gains as a point of the forward PD's map (`AtlasPoint`), or why its law refuses the integrator. */
export interface AtlasPointEntry {
  law: string;
  integrator: string;
  /** The law whose map holds the point (the forward PD). */
  map: string;
  point?: { kpDt2: number; kdDt: number; poles: { re: number; im: number }[]; radius: number };
  refused?: string;
}

/** The laws without gains (the one-step laws) under every integrator, at step `dt` s, in the core's table order. */
export const atlasPointsAt = (dt: number): AtlasPointEntry[] => coreAtlasPoints(dt) as AtlasPointEntry[];

/** A point of a card's map: gains per unit mass (or inertia, about the box's `axis`), the poles there. */
export interface MapMarker {
  axis: 'x' | 'y' | 'z' | null;
  kp: number;
  kd: number;
  ki: number;
  poles: { re: number; im: number }[];
  radius: number;
}

/** A Lab card's map (`lab::CardMap`): the atlas law that holds it, the PIDs' slice, its points. */
export interface CardMap {
  map: string;
  integral: number;
  markers: MapMarker[];
}

/** The map of a card running `kind` with raw gains on `plant` (a body of `mass` kg, step `dt` s). */
export const cardMapOf = (plant: string, kind: string, integrator: string, kp: number, kd: number, ki: number, mass: number, dt: number): CardMap =>
  coreCardMap(plant, kind, integrator, kp, kd, ki, mass, dt) as CardMap;
