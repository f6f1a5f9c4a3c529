/** The Lab's small DOM helpers: a labelled menu, a checkbox, a plant's unit (elements come from `ui/dom.ts`'s `el`, the page's one builder). */

import { plantEntry } from '../core/catalogue';
import { el } from '../ui/dom';

/** The unit of a plant's coordinate (the core's catalogue): `rad` for the box, `m` for the cube and the plate. */
export function unitOf(plantId: string): string {
  return plantEntry(plantId).unit;
}

/** A plant's effort with its unit, for headings: `force (N)`, `torque (N·m)`. */
export function effortOf(plantId: string): string {
  const p = plantEntry(plantId);
  return `${p.effort} (${p.effortUnit})`;
}

/**
 * A labelled menu. A choice the core refuses (it throws) puts the menu back and says
 * why under it, like the number fields do.
 */
export function select(
  label: string,
  id: string,
  options: readonly string[],
  names: Readonly<Record<string, string>>,
  value: string,
  onChange: (v: string) => void | Promise<void>,
): HTMLElement {
  const s = el('select', { id });
  for (const o of options) s.append(el('option', { value: o }, names[o] ?? o));
  s.value = value;
  const message = el('p', { class: 'message', id: `${id}-message`, role: 'alert' });
  let current = value;
  const refused = (e: unknown) => {
    s.value = current;
    message.textContent = e instanceof Error ? e.message : String(e);
  };
  const accepted = (v: string) => {
    current = v;
    message.textContent = '';
  };
  s.addEventListener('change', () => {
    const v = s.value;
    try {
      const done = onChange(v);
      // A change that must load something first (another build of the Lab) settles later.
      if (done instanceof Promise)
        done.then(() => {
          accepted(v);
          // The Lab was inert while it loaded, which took the focus away.
          s.focus();
        }, refused);
      else accepted(v);
    } catch (e) {
      refused(e);
    }
  });
  return el('div', { class: 'field' }, el('label', { for: id }, label), s, message);
}

/**
 * A labelled checkbox. A change the core refuses (it throws) puts the box back and says
 * why under it, like the menus and the number fields do.
 */
export function checkbox(label: string, id: string, checked: boolean, onChange: (checked: boolean) => void): HTMLElement {
  const box = el('input', { type: 'checkbox', id, checked });
  const message = el('p', { class: 'message', id: `${id}-message`, role: 'alert' });
  box.addEventListener('change', () => {
    try {
      onChange(box.checked);
      message.textContent = '';
    } catch (e) {
      box.checked = !box.checked;
      message.textContent = e instanceof Error ? e.message : String(e);
    }
  });
  return el('div', { class: 'field check' }, box, el('label', { for: id }, label), message);
}
