/** A chapter's Lab figure (a core preset) as the Lab state it runs. */
import type { LabFigure } from '../core/presets';
import { defaultState, type LabState } from './lab-state';

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
