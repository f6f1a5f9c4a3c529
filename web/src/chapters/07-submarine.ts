/** Chapter 7, article 004's submarine: four attitude controllers side by side, and the tennis-racket flip. */
import { mountChapter } from './chapter';

void mountChapter();
