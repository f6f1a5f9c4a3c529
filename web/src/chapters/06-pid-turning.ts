/** Chapter 6, article 001's heading PID: the chase and the windowed Simpson integral. */
import { mountChapter } from './chapter';

void mountChapter();
