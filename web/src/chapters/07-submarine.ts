/** Chapter 7, article 004's submarine: four attitude controllers side by side, and the tennis-racket flip. */
import { mountChapter } from './chapter';
import { mountDive } from './figures/dive-figure';
import { mountTumble } from './figures/tumble-figure';

void mountChapter({
  dive: { kind: 'custom', mount: mountDive },
  tumble: { kind: 'custom', mount: mountTumble },
});
