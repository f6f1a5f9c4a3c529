/**
 * "Copy as code" on a controller card, the Lab's or a chapter figure's: pick a language,
 * get the controller with its current settings as a snippet, copied to the clipboard
 * (and shown, so it can be copied by hand when the clipboard is refused). The templates
 * may load when the panel is first opened: `toCode` may answer with a promise, and the
 * text area says which language it holds (`data-language`) once it is written.
 */
import { copyText } from '../export/download';
import { LANGUAGE_NAMES, type Language } from '../export/snippets/languages';
import { el } from './dom';

/** What a panel may narrow: the languages it writes (all by default), and menus of its own before the language's (a figure's choice of law, say), each rewriting the snippet when changed. */
export interface CodePanelOptions {
  languages?: readonly Language[];
  menus?: readonly HTMLSelectElement[];
}

/**
 * The panel; `input()` gives the controller as it stands when the button is pressed, or
 * a reason it cannot be written, and `toCode` makes it a snippet (the Lab passes its
 * laws' templates, a chapter figure its own).
 */
export function codePanel<T>(
  id: string,
  input: () => T | string,
  toCode: (language: Language, input: T) => string | Promise<string>,
  options: CodePanelOptions = {},
): HTMLDetailsElement {
  const languages = options.languages ?? (Object.keys(LANGUAGE_NAMES) as Language[]);
  const menus = options.menus ?? [];
  const language = el('select', { id: `${id}-language`, 'aria-label': 'Language' }, ...languages.map((key) => el('option', { value: key }, LANGUAGE_NAMES[key].name)));
  const button = el('button', { type: 'button' }, 'Copy');
  const text = el('textarea', { id: `${id}-code`, readonly: true, rows: 12, spellcheck: 'false', 'aria-label': 'The snippet' });
  const status = el('p', { class: 'code-status', role: 'status' });
  const panel = el('details', { class: 'code-panel' }, el('summary', {}, 'Copy as code'), ...menus, language, button, text, status);
  // Each write is numbered: a slow one (the templates still loading) never overwrites a later one.
  let writes = 0;
  const write = async () => {
    const got = input();
    const chosen = language.value as Language;
    const mine = ++writes;
    delete text.dataset.language;
    const code = typeof got === 'string' ? '' : await toCode(chosen, got);
    if (mine === writes) {
      text.value = code;
      text.dataset.language = chosen;
    }
    return got;
  };
  for (const menu of [...menus, language]) menu.addEventListener('change', () => void write());
  panel.addEventListener('toggle', () => panel.open && void write());
  button.addEventListener('click', async () => {
    const got = await write();
    if (typeof got === 'string') {
      status.textContent = got;
      return;
    }
    status.textContent = (await copyText(text.value)) ? 'Copied.' : 'The browser refused the clipboard: select the text and copy it.';
  });
  return panel;
}
