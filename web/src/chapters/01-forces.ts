/** Chapter 1, moving bodies with forces: the one-step force and torque, corrected and as printed. */
import { mountChapter, type Scene } from './chapter';

export const scenes: Record<string, Scene> = {
  'one-step-cube': {
    kind: 'lab',
    state: { horizon: 2, laws: [{ kind: 'one-step', asPrinted: true }, { kind: 'backward-pd', kp: 400, kd: 40 }] },
  },
  'one-step-box': {
    kind: 'lab',
    state: { plant: 'box', horizon: 2, laws: [{ kind: 'one-step', asPrinted: true }, { kind: 'spd', kp: 400, kd: 40 }] },
  },
};

void mountChapter(scenes);
