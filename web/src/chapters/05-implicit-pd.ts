/** Chapter 5, Bloom's implicit PD: K, D and the time scale, and the convergence graph. */
import { mountChapter, type Scene } from './chapter';
import { mountConvergence } from './figures/convergence-figure';

export const scenes: Record<string, Scene> = {
  'implicit-cube': {
    kind: 'lab',
    // K = D = 1, T = 0.5 s: ks = 144, kd = 18 per kg.
    state: { parameterisation: 'bloom', horizon: 3, laws: [{ kind: 'implicit-pd', kp: 144, kd: 18 }, { kind: 'pd', kp: 144, kd: 18 }] },
  },
  convergence: { kind: 'custom', mount: mountConvergence },
};

void mountChapter(scenes);
