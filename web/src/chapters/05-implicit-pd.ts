/** Chapter 5, Bloom's implicit PD: K, D and the time scale (a core preset), the snap animated, and the convergence graph. */
import { mountChapter } from './chapter';

void mountChapter();
