/** Chapter 3, Wu's stable backward PD: on a cube with Wu's knobs, and as a torque on a box. */
import { mountChapter, type Scene } from './chapter';

export const scenes: Record<string, Scene> = {
  'wu-cube': {
    kind: 'lab',
    // Wu's f = 10 Hz, damping 1: kp = 9 f^2, kd = 4.5 f per kg, at 30 Hz.
    state: {
      parameterisation: 'wu',
      dt: Number((1 / 30).toPrecision(6)),
      horizon: 3,
      laws: [{ kind: 'pd', kp: 900, kd: 45 }, { kind: 'backward-pd', kp: 900, kd: 45 }],
    },
  },
  'wu-box': {
    kind: 'lab',
    state: { plant: 'box', horizon: 3, laws: [{ kind: 'backward-pd', kp: 900, kd: 45, asPrinted: true }, { kind: 'spd', kp: 900, kd: 45 }] },
  },
};

void mountChapter(scenes);
