/**
 * "Copy as code" on a controller card: pick a language, get the law with the card's
 * current gains, step and body as a snippet, copied to the clipboard (and shown, so it
 * can be copied by hand when the clipboard is refused).
 */
import { copyText } from '../export/download';
import { LANGUAGES, snippet, type Language, type SnippetInput } from '../export/snippets';

/** The panel; `input()` gives the law as it stands when the button is pressed, or a reason it cannot be written. */
export function codePanel(id: string, input: () => SnippetInput | string): HTMLDetailsElement {
  const panel = document.createElement('details');
  panel.className = 'code-panel';
  const summary = document.createElement('summary');
  summary.textContent = 'Copy as code';
  const language = document.createElement('select');
  language.id = `${id}-language`;
  language.setAttribute('aria-label', 'Language');
  for (const [key, l] of Object.entries(LANGUAGES)) {
    const option = document.createElement('option');
    option.value = key;
    option.textContent = l.name;
    language.append(option);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Copy';
  const text = document.createElement('textarea');
  text.readOnly = true;
  text.rows = 12;
  text.id = `${id}-code`;
  text.setAttribute('aria-label', 'The snippet');
  text.spellcheck = false;
  const status = document.createElement('p');
  status.className = 'code-status';
  status.setAttribute('role', 'status');
  const write = () => {
    const got = input();
    text.value = typeof got === 'string' ? '' : snippet(language.value as Language, got);
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
  panel.append(summary, language, button, text, status);
  return panel;
}
