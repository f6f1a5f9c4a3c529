/** Chapter 8, the stability atlas of every linear law under both Euler integrators. */
import { mountChapter } from './chapter';

void mountChapter();
