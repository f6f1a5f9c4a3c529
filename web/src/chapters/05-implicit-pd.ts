/** Chapter 5, Bloom's implicit PD: K, D and the time scale (a core preset), the snap animated, and the convergence graph. */
import { mountChapter } from './chapter';
import { mountConvergence } from './figures/convergence-figure';
import { mountSnap } from './figures/snap-figure';

void mountChapter({
  snap: { kind: 'custom', mount: mountSnap },
  convergence: { kind: 'custom', mount: mountConvergence },
});
