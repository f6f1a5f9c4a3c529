/** Chapter 8, the stability atlas of every linear law and every PID (a slice at one integral gain) under every integrator. */
import { mountChapter } from './chapter';

void mountChapter();
