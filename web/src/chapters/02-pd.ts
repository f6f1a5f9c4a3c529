/** Chapter 2, PD and its trouble: explosion at high gains, lag behind a moving target. */
import { mountChapter, type Scene } from './chapter';

export const scenes: Record<string, Scene> = {
  'pd-stiff': {
    kind: 'lab',
    state: { horizon: 3, laws: [{ kind: 'pd', kp: 12_000, kd: 40 }, { kind: 'backward-pd', kp: 12_000, kd: 40 }] },
  },
  'pd-moving-target': {
    kind: 'lab',
    state: {
      horizon: 6,
      laws: [{ kind: 'pd', kp: 100, kd: 20 }, { kind: 'spd', kp: 100, kd: 20 }],
      disturbances: { targetStart: 0, targetVelocity: 2 },
    },
  },
};

void mountChapter(scenes);
