/** The Lab's small DOM helpers: elements from properties, a labelled menu, a plant's unit. */

import { plantEntry } from '../core/catalogue';

/** The unit of a plant's coordinate (the core's catalogue): `rad` for the box, `m` for the cube and the plate. */
export function unitOf(plantId: string): string {
  return plantEntry(plantId).unit;
}

/** A plant's effort with its unit, for headings: `force (N)`, `torque (N·m)`. */
export function effortOf(plantId: string): string {
  const p = plantEntry(plantId);
  return `${p.effort} (${p.effortUnit})`;
}

/** `<tag>` with `props` assigned and `children` appended. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
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
  const s = element('select', { id });
  for (const o of options) s.append(element('option', { value: o, textContent: names[o] ?? o }));
  s.value = value;
  const message = element('p', { className: 'message', id: `${id}-message`, role: 'alert' });
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
  return element('div', { className: 'field' }, element('label', { htmlFor: id, textContent: label }), s, message);
}

/**
 * A labelled checkbox. A change the core refuses (it throws) puts the box back and says
 * why under it, like the menus and the number fields do.
 */
export function checkbox(label: string, id: string, checked: boolean, onChange: (checked: boolean) => void): HTMLElement {
  const box = element('input', { type: 'checkbox', id, checked });
  const message = element('p', { className: 'message', id: `${id}-message`, role: 'alert' });
  box.addEventListener('change', () => {
    try {
      onChange(box.checked);
      message.textContent = '';
    } catch (e) {
      box.checked = !box.checked;
      message.textContent = e instanceof Error ? e.message : String(e);
    }
  });
  return element('div', { className: 'field check' }, box, element('label', { htmlFor: id, textContent: label }), message);
}
