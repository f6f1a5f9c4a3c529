/** Chapter 6, article 001's heading PID: the chase and the windowed Simpson integral. */
import { mountChapter } from './chapter';
import { mountPursuit } from './figures/pursuit-figure';
import { mountSimpson } from './figures/simpson-figure';

void mountChapter({
  pursuit: { kind: 'custom', mount: mountPursuit },
  simpson: { kind: 'custom', mount: mountSimpson },
});
