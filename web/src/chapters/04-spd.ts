/** Chapter 4, stable PD: the paper's form against the simplified one, on a cube and a box. Its figures are the core's presets (`scenario::LAB_FIGURES`). */
import { mountChapter } from './chapter';

void mountChapter();
