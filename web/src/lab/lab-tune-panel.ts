/**
 * "Tune for me" on a Lab card, as a closed panel. Its content, the wish form and the
 * tuner's answer (`lab-tune.ts`), loads when a reader first opens it, so a Lab or a
 * figure embedded in a post does not carry it; a panel left open stays open when the
 * cards are rebuilt.
 */
import { el } from '../ui/dom';
import type { Design } from '../core/design-wasm';
import type { Forbidden } from '../core/wish';

import type { LabEditor } from './lab-editor';

/** The panels a reader has open, by card and law. */
const openPanels = new Set<string>();

/**
 * The panel of card `k`; `apply` puts gains on the card (and reruns the Lab), `shade`
 * shows on the plots the regions the wish forbids (null: none).
 */
export function tunePanel(k: number, editor: LabEditor, apply: (gains: Design['gains']) => void, shade: (regions: Forbidden[] | null) => void): HTMLElement {
  const key = `${editor.prefix}${k}:${editor.state.laws[k]!.kind}`;
  const panel = el('details', { class: 'tune' });
  panel.append(el('summary', {}, 'Tune for me'));
  let filled = false;
  panel.addEventListener('toggle', () => {
    if (panel.open) openPanels.add(key);
    else openPanels.delete(key);
    if (!panel.open || filled) return;
    filled = true;
    // The card may be gone by the time the module arrives (removed, or the cards rebuilt):
    // its panel is then detached and card k is another card, or none.
    void import('./lab-tune').then(({ fillTunePanel }) => {
      if (panel.isConnected) fillTunePanel(panel, k, editor, apply, shade);
      else filled = false;
    });
  });
  panel.open = openPanels.has(key);
  return panel;
}
