/** Chapter 5, Bloom's implicit PD: K, D and the time scale (a core preset), and the convergence graph. */
import { mountChapter } from './chapter';
import { mountConvergence } from './figures/convergence-figure';

void mountChapter({ convergence: { kind: 'custom', mount: mountConvergence } });
