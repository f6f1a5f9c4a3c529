/**
 * Builds DOM without parsing HTML: attributes go through `setAttribute` and text
 * through text nodes, so a string from the URL or an attribute can never become markup.
 * (The built pages also enforce this: their CSP requires Trusted Types, which makes
 * every `innerHTML = string` throw.)
 */
export type Child = Node | string | null | undefined | false;

/** `<tag attr="value">children</tag>`; an attribute whose value is `false` or `undefined` is left out, `true` sets it empty. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/**
 * Fills `table` with a caption, one header row and body rows whose first cell is the
 * row's header; every cell is text.
 */
export function fillTable(table: HTMLTableElement, caption: string, head: readonly string[], rows: readonly (readonly string[])[]): void {
  table.replaceChildren(
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows.map(([first, ...rest]) => el('tr', {}, el('th', { scope: 'row' }, first), ...rest.map((c) => el('td', {}, c))))),
  );
}

/** Options longer than this many characters do not fit a settings grid's column whole. */
const LONG_OPTION = 28;

/**
 * A menu with its label, `<label class="choice">text select …after</label>`. A menu whose
 * longest option is longer than a column holds (an integrator named with the engines
 * that use it) is marked `wide`, and a grid of settings gives it a row of its own, so its
 * choice shows whole rather than cut at the column's edge.
 */
export function choice(text: string, select: HTMLSelectElement, ...after: Child[]): HTMLLabelElement {
  const longest = Math.max(0, ...[...select.options].map((o) => o.text.length));
  return el('label', { class: longest > LONG_OPTION ? 'choice wide' : 'choice' }, text, select, ...after);
}
