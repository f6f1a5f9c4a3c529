/**
 * The presets the page mounts, as the core declares them (`forcelab::scenario::presets()`:
 * the chapters' Lab figures, the cube scene, the Simpson table, the translator's and the
 * orientation figure's intents and
 * the registry of every preset id), from `presets.json` (written by `npm run core-data`,
 * checked by `npm test`). A chapter
 * mounts `<div class="figure" data-scene="ID">` from the figure with that id; the page
 * keeps no gains, steps or horizons of its own for them.
 */
import data from './presets.json';
import type { IntegratorId, LawState, Parameterisation } from '../lab/lab-state';
import type { PlantId } from './catalogue';
import type { OrientationIntent } from './orientation-wasm';

/** A law of a figure: the Lab's own law state (kind, kp, kd, ki, asPrinted). */
export type PresetLaw = LawState;

export interface LabFigure {
  id: string;
  chapter: string;
  plant: PlantId;
  integrator: IntegratorId;
  parameterisation: Parameterisation;
  dt: number;
  mass: number;
  horizon: number;
  laws: PresetLaw[];
  targetStart: number;
  targetVelocity: number;
  /** At `[time, to]` the target jumps to `to`; null for no jump. */
  targetStep: [number, number] | null;
}

/** The index page's and the embed's cube scene (`scenario::CUBE_SCENE`). */
export interface CubeScene {
  id: string;
  laws: string[];
  kp: number;
  kd: number;
  dt: number;
  mass: number;
  target: number;
}

/** Chapter 6's Simpson table: sample spacing (s) and window (samples). */
export interface SimpsonWindow {
  dt: number;
  window: number;
}

/** Chapter 10's starting intent (the core's `engines::Intent`). */
export interface TranslatorIntent {
  frequency: number;
  dampingRatio: number;
  mass: number;
  dt: number;
  angular: boolean;
}

/** What a registry id names (`scenario::PresetKind`); every kind but `claim-setup` is a figure. */
export type PresetKind = 'lab-figure' | 'scene' | 'analysis' | 'table' | 'claim-setup';

/** One preset of the core's registry (`scenario::registry()`); a figure's words are apart (`figures/figure-caption.ts`). */
export interface PresetEntry {
  id: string;
  kind: PresetKind;
  chapter: string;
}

const presets = data as {
  labFigures: LabFigure[];
  cubeScene: CubeScene;
  simpson: SimpsonWindow;
  translator: TranslatorIntent;
  orientation: Omit<OrientationIntent, 'inertia' | 'axis' | 'spin'> & { inertia: number[]; axis: number[]; spin: number[] };
  registry: PresetEntry[];
};

/** JSON's arrays of three as the triples they are (the core writes three numbers). */
const triple = (v: readonly number[]): [number, number, number] => [v[0]!, v[1]!, v[2]!];

export const LAB_FIGURES: readonly LabFigure[] = presets.labFigures;
export const CUBE_SCENE: Readonly<CubeScene> = presets.cubeScene;
export const SIMPSON: Readonly<SimpsonWindow> = presets.simpson;
export const TRANSLATOR_INTENT: Readonly<TranslatorIntent> = presets.translator;
/** Chapter 11's figure at its start (the core's `OrientationIntent::default`). */
export const ORIENTATION_INTENT: Readonly<OrientationIntent> = {
  ...presets.orientation,
  inertia: triple(presets.orientation.inertia),
  axis: triple(presets.orientation.axis),
  spin: triple(presets.orientation.spin),
};
/** Every preset id: the figures a page mounts and the setups only claims read. */
export const REGISTRY: readonly PresetEntry[] = presets.registry;

/**
 * The ids of every figure a chapter mounts, in chapter order (the registry's figures but
 * the index's cube scene, which is the `<forcelab-scene>` element's own). Kept here, not
 * in the figure registry, so the element and the embed page can tell an id without
 * loading the registry's figure modules.
 */
export const FIGURE_IDS: readonly string[] = REGISTRY.filter((p) => p.kind !== 'claim-setup' && p.chapter !== 'index').map((p) => p.id);

/** The figure with this id, if the core has one. */
export const labFigure = (id: string): LabFigure | undefined => LAB_FIGURES.find((f) => f.id === id);
