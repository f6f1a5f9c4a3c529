/**
 * The chapters' Lab figures as the core declares them (`forcelab::scenario::LAB_FIGURES`),
 * from `presets.json` (written by `npm run core-data`, checked by `npm test`). A chapter
 * mounts `<div class="figure" data-scene="ID">` from the figure with that id; the page
 * keeps no gains, steps or horizons of its own for them.
 */
import data from './presets.json';
import type { IntegratorId, LabState, Parameterisation } from '../lab/lab-state';
import { defaultState } from '../lab/lab-state';
import type { PlantId } from './catalogue';

export interface PresetLaw {
  kind: string;
  kp: number;
  kd: number;
  ki: number;
  asPrinted: boolean;
}

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

export const LAB_FIGURES: readonly LabFigure[] = data as LabFigure[];

/** The figure with this id, if the core has one. */
export const labFigure = (id: string): LabFigure | undefined => LAB_FIGURES.find((f) => f.id === id);

/** The Lab state a figure runs: the Lab's defaults with the figure's fields. */
export function labFigureState(figure: LabFigure): LabState {
  const base = defaultState();
  return {
    ...base,
    plant: figure.plant,
    integrator: figure.integrator,
    parameterisation: figure.parameterisation,
    dt: figure.dt,
    mass: figure.mass,
    horizon: figure.horizon,
    laws: figure.laws.map((l) => ({ ...l })),
    disturbances: { ...base.disturbances, targetStart: figure.targetStart, targetVelocity: figure.targetVelocity },
  };
}
