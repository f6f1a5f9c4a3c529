/** Chapter 12, chains: one two-link arm per chain law, lifted to a pose under gravity. */
import { mountChapter } from './chapter';

void mountChapter();
