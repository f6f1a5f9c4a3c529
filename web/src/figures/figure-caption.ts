import { REGISTRY } from '../core/presets';

/** A figure's words from the core (`scenario::FigureWords`): its summary, what to look at, one thing to try. */
export interface FigureWords {
  summary: string;
  look: string;
  tryThis: string;
}

/**
 * Each page's figures' words, one file per page (`npm run core-data` writes them from the
 * core), each loaded when a figure of that page mounts: a page downloads its own figures'
 * words and no other page's.
 */
const PAGES = import.meta.glob<Record<string, FigureWords>>('../core/captions/*.json', { import: 'default' });

/** The words of figure `id`, if it is a figure (a claim's setup has none). */
export async function figureWords(id: string): Promise<FigureWords | undefined> {
  const chapter = REGISTRY.find((p) => p.id === id)?.chapter;
  const load = chapter === undefined ? undefined : PAGES[`../core/captions/${chapter}.json`];
  return load ? (await load())[id] : undefined;
}

/**
 * The figure's first line, from the core: what to look at, and one thing to try. Every
 * mount prints it (chapter, embed, element), so a figure says its point wherever it lands.
 */
export async function figureCaption(id: string): Promise<HTMLElement | null> {
  const words = await figureWords(id);
  if (!words?.look) return null;
  const p = document.createElement('p');
  p.className = 'figure-caption';
  const look = document.createElement('span');
  look.className = 'look';
  look.textContent = words.look;
  const tryThis = document.createElement('span');
  tryThis.className = 'try';
  tryThis.textContent = words.tryThis;
  p.append(look, ' ', tryThis);
  return p;
}
