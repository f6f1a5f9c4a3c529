/** Chapter 10, the gain translator: one intent written for every engine. */
import { mountChapter } from './chapter';
import { mountTranslator } from './figures/translator-figure';

void mountChapter({ translator: { kind: 'custom', mount: mountTranslator } });
