/**
 * The presets the page mounts, as the core declares them (`forcelab::scenario::PRESETS`:
 * the chapters' Lab figures and the cube scene), from `presets.json` (written by `npm run core-data`, checked by `npm test`). A chapter
 * mounts `<div class="figure" data-scene="ID">` from the figure with that id; the page
 * keeps no gains, steps or horizons of its own for them.
 */
import data from './presets.json';
import type { IntegratorId, LawState, Parameterisation } from '../lab/lab-state';
import type { PlantId } from './catalogue';

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

const presets = data as { labFigures: LabFigure[]; cubeScene: CubeScene };

export const LAB_FIGURES: readonly LabFigure[] = presets.labFigures;
export const CUBE_SCENE: Readonly<CubeScene> = presets.cubeScene;

/** The figure with this id, if the core has one. */
export const labFigure = (id: string): LabFigure | undefined => LAB_FIGURES.find((f) => f.id === id);
