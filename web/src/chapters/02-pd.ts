/** Chapter 2, PD and its trouble: explosion at high gains, lag behind a moving target. Its figures are the core's presets (`scenario::LAB_FIGURES`). */
import { mountChapter } from './chapter';

void mountChapter();
