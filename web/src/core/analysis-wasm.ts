/**
 * The core's analysis for the chapters (full module): the claims table, the stability
 * atlas, one-step eigenvalues and article 003's convergence sweep, typed. The core
 * computes every figure; this module only names the shapes it returns.
 */
import { atlas, atlasDefaultSpec, claims, convergenceDefaultSpec, convergenceSweep, oneStepEigenvalues } from '../../pkg/forcelab_wasm.js';

/** A verdict as the core serialises it. */
export type Verdict = 'holds' | 'holds-with-conditions' | 'does-not-hold';

/** A verdict in words, as the native claims command prints it. */
export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
  holds: 'holds',
  'holds-with-conditions': 'holds with conditions',
  'does-not-hold': 'does not hold',
};

/** One claim of the articles, measured (see `forcelab::claims`). */
export interface Claim {
  id: string;
  article: string;
  /** The chapter page that shows it (`03-wu`), from the core. */
  chapter: string;
  /** The figure of that chapter whose numbers it measures, if one stands beside it. */
  preset: string;
  claim: string;
  figure: number;
  unit: string;
  integrator: string;
  verdict: Verdict;
  conditions: string;
}

let cached: Claim[] | null = null;

/** Every claim with its measured figure and verdict (computed once per page). */
export function claimTable(): Claim[] {
  cached ??= claims() as Claim[];
  return cached;
}

/** A stability atlas: spectral radii row-major over `kp dt^2` (rows) by `kd dt`. */
export interface Atlas {
  law: string;
  integrator: string;
  spec: { dt: number; min: number; max: number; points: number };
  axis: number[];
  radii: number[];
  stableFraction: number;
}

/** The atlas of `law` under `integrator` on a `points`-square log grid. */
export function atlasOf(law: string, integrator: string, spec: AtlasSpec): Atlas {
  return atlas(law, integrator, spec) as Atlas;
}

/** `[re1, im1, re2, im2, spectralRadius]` of the law's one-step map. */
export function eigenvalues(law: string, integrator: string, kp: number, kd: number, dt: number): number[] {
  return Array.from(oneStepEigenvalues(law, integrator, kp, kd, dt));
}

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
