/** Chapter 4, stable PD: the paper's form against the simplified one, on a cube and a box. */
import { mountChapter, type Scene } from './chapter';

export const scenes: Record<string, Scene> = {
  'spd-cube': {
    kind: 'lab',
    state: {
      horizon: 3,
      laws: [{ kind: 'spd', kp: 400, kd: 20 }, { kind: 'spd-simplified', kp: 400, kd: 20 }, { kind: 'pd', kp: 400, kd: 20 }],
    },
  },
  'spd-box': {
    kind: 'lab',
    state: {
      plant: 'box',
      horizon: 6,
      laws: [{ kind: 'spd', kp: 400, kd: 40 }, { kind: 'spd-simplified', kp: 400, kd: 40 }],
      disturbances: { targetStart: 0, targetVelocity: 1.5 },
    },
  },
};

void mountChapter(scenes);
