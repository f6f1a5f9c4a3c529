/** Chapter 11, turning in three dimensions: every orientation drive to one target. */
import { mountChapter } from './chapter';

void mountChapter();
