/**
 * "Copy as code" on a controller card, the Lab's or a chapter figure's: pick a language,
 * get the controller with its current settings as a snippet, copied to the clipboard
 * (and shown, so it can be copied by hand when the clipboard is refused).
 */
import { copyText } from '../export/download';
import { LANGUAGES, type Language } from '../export/snippets';
import { el } from './dom';

/**
 * The panel; `input()` gives the controller as it stands when the button is pressed, or
 * a reason it cannot be written, and `toCode` makes it a snippet (the Lab passes its
 * laws' templates, a chapter figure its own).
 */
export function codePanel<T>(id: string, input: () => T | string, toCode: (language: Language, input: T) => string): HTMLDetailsElement {
  const language = el('select', { id: `${id}-language`, 'aria-label': 'Language' }, ...Object.entries(LANGUAGES).map(([key, l]) => el('option', { value: key }, l.name)));
  const button = el('button', { type: 'button' }, 'Copy');
  const text = el('textarea', { id: `${id}-code`, readonly: true, rows: 12, spellcheck: 'false', 'aria-label': 'The snippet' });
  const status = el('p', { class: 'code-status', role: 'status' });
  const panel = el('details', { class: 'code-panel' }, el('summary', {}, 'Copy as code'), language, button, text, status);
  const write = () => {
    const got = input();
    text.value = typeof got === 'string' ? '' : toCode(language.value as Language, got);
    return got;
  };
  language.addEventListener('change', write);
  panel.addEventListener('toggle', () => panel.open && write());
  button.addEventListener('click', async () => {
    const got = write();
    if (typeof got === 'string') {
      status.textContent = got;
      return;
    }
    status.textContent = (await copyText(text.value)) ? 'Copied.' : 'The browser refused the clipboard: select the text and copy it.';
  });
  return panel;
}
