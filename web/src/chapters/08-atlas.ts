/** Chapter 8, the stability atlas of every linear law under both Euler integrators. */
import { mountChapter } from './chapter';
import { mountAtlas } from './figures/atlas-figure';

void mountChapter({ atlas: { kind: 'custom', mount: mountAtlas } });
