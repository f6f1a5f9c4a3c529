/** Chapter 1, moving bodies with forces: the one-step force and torque, corrected and as printed. Its figures are the core's presets (`scenario::LAB_FIGURES`). */
import { mountChapter } from './chapter';

void mountChapter();
