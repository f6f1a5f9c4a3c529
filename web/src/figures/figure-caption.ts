import { REGISTRY } from '../core/presets';

/**
 * The figure's first line, from the core: what to look at, and one thing to try. Every
 * mount prints it (chapter, embed, element), so a figure says its point wherever it lands.
 */
export function figureCaption(id: string): HTMLElement | null {
  const entry = REGISTRY.find((p) => p.id === id);
  if (!entry?.look) return null;
  const p = document.createElement('p');
  p.className = 'figure-caption';
  const look = document.createElement('span');
  look.className = 'look';
  look.textContent = entry.look;
  const tryThis = document.createElement('span');
  tryThis.className = 'try';
  tryThis.textContent = entry.tryThis;
  p.append(look, ' ', tryThis);
  return p;
}
