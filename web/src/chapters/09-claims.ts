/** Chapter 9, every claim of the articles with its measured figure and verdict. */
import { mountChapter } from './chapter';
import { mountClaims } from './figures/claims-figure';

void mountChapter({ claims: { kind: 'custom', mount: mountClaims } });
