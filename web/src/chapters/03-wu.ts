/** Chapter 3, Wu's stable backward PD: on a cube with Wu's knobs, and as a torque on a box. Its figures are the core's presets (`scenario::LAB_FIGURES`). */
import { mountChapter } from './chapter';

void mountChapter();
