/** A Lab state described by what differs from the Lab's defaults: a chapter's Lab figure
 * (a core preset) or a link to a point of the atlas. */
import type { LabFigure } from '../core/presets';
import { defaultState, type LabState, type LawState } from '../lab/lab-state.ts';
import { normalOptions } from '../lab/law-options.ts';

/** What differs from the Lab's defaults. */
export type LabChanges = Partial<Omit<LabState, 'disturbances' | 'laws'>> & {
  laws: Partial<LawState>[];
  disturbances?: Partial<LabState['disturbances']>;
};

/** The Lab's defaults with `changes` applied (a law's unnamed fields: forward PD's defaults). */
export function labStateWith(changes: LabChanges): LabState {
  const base = defaultState();
  return {
    ...base,
    ...changes,
    laws: changes.laws.map((l) => {
      const law = { kind: 'pd', kp: 100, kd: 10, ki: 0, asPrinted: false, options: {}, ...l };
      // A preset may name a default explicitly; the Lab keeps one shape for one run.
      return { ...law, options: normalOptions(law.kind, law.options) };
    }),
    disturbances: { ...base.disturbances, ...changes.disturbances },
  };
}

/** The Lab state a chapter figure runs. */
export function labFigureState(figure: LabFigure): LabState {
  const { plant, integrator, parameterisation, dt, mass, horizon, laws, targetStart, targetVelocity, targetStep } = figure;
  const step = targetStep === null ? {} : { stepOn: true, stepAt: targetStep[0], stepTo: targetStep[1] };
  return labStateWith({ plant, integrator, parameterisation, dt, mass, horizon, laws, disturbances: { targetStart, targetVelocity, ...step } });
}
