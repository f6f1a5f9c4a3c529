/** Chapter 9, every claim of the articles with its measured figure and verdict. */
import { mountChapter } from './chapter';

void mountChapter();
