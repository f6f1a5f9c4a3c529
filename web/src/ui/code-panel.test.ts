// @vitest-environment happy-dom
// "Copy as code" as a reader uses it: closed until opened, then the snippet in the
// language picked (each language by its name), rewritten when the language or a
// figure's own menu changes; a slow snippet never overwrites a later one; Copy copies
// the snippet, says when the browser refused, and says why there is nothing to copy.
import { afterEach, describe, expect, it } from 'vitest';
import { $ } from '../../../tests/dom/page';
import { codePanel } from './code-panel';

const tick = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

type ToCode = (language: string, i: { kp: number }) => string | Promise<string>;
function panel(input: () => { kp: number } | string = () => ({ kp: 5 }), toCode: ToCode = (language, i) => `${language}: kp = ${i.kp}`, options = {}) {
  const p = codePanel('c', input, toCode, options);
  return { p, text: $<HTMLTextAreaElement>(p, '#c-code'), language: $<HTMLSelectElement>(p, '#c-language'), status: $(p, '.code-status'), copy: $<HTMLButtonElement>(p, 'button') };
}
const open = (p: HTMLDetailsElement) => {
  p.open = true;
  p.dispatchEvent(new Event('toggle'));
};

describe('a code panel', () => {
  it('lists each language by its name and writes nothing until opened', () => {
    const { p, text, language } = panel();
    expect(p.querySelector('summary')!.textContent).toBe('Copy as code');
    expect([...language.options].map((o) => [o.value, o.textContent])).toEqual([
      ['csharp', 'Unity (C#)'], ['gdscript', 'Godot (GDScript)'], ['rust', 'Rust (forcelab crate)'], ['js', 'JavaScript (forcelab npm package)'],
    ]);
    expect(language.getAttribute('aria-label')).toBe('Language');
    expect(text.value).toBe('');
    expect(text.readOnly).toBe(true);
  });

  it('writes the snippet when opened and again in the language picked', async () => {
    const { p, text, language } = panel();
    open(p);
    await tick();
    expect(text.value).toBe('csharp: kp = 5');
    expect(text.dataset.language).toBe('csharp');
    language.value = 'rust';
    language.dispatchEvent(new Event('change'));
    await tick();
    expect(text.value).toBe('rust: kp = 5');
    expect(text.dataset.language).toBe('rust');
  });

  it('rewrites the snippet when a figure\'s own menu changes, and offers only its languages', async () => {
    const menu = document.createElement('select');
    for (const v of ['a', 'b']) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      menu.append(o);
    }
    const { p, text, language } = panel(() => ({ kp: menu.value === 'a' ? 1 : 2 }), undefined, { languages: ['js', 'rust'], menus: [menu] });
    expect([...language.options].map((o) => o.value)).toEqual(['js', 'rust']);
    expect(p.children[1]).toBe(menu);
    open(p);
    await tick();
    expect(text.value).toBe('js: kp = 1');
    menu.value = 'b';
    menu.dispatchEvent(new Event('change'));
    await tick();
    expect(text.value).toBe('js: kp = 2');
  });

  it('never lets a slow snippet overwrite a later one', async () => {
    const waits: (() => void)[] = [];
    const slowFirst = (language: string) => (language === 'csharp' ? new Promise<string>((r) => waits.push(() => r('slow'))) : `fast ${language}`);
    const { p, text, language } = panel(undefined, slowFirst);
    open(p);
    language.value = 'js';
    language.dispatchEvent(new Event('change'));
    await tick();
    expect(text.value).toBe('fast js');
    waits[0]!();
    await tick();
    expect(text.value).toBe('fast js');
    expect(text.dataset.language).toBe('js');
  });

  it('copies the snippet, or says the browser refused, or why there is nothing', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    const { copy, status } = panel();
    copy.click();
    for (let i = 0; i < 5; i++) await tick();
    expect(copied).toEqual(['csharp: kp = 5']);
    expect(status.textContent).toBe('Copied.');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    copy.click();
    for (let i = 0; i < 5; i++) await tick();
    expect(status.textContent).toBe('The browser refused the clipboard: select the text and copy it.');
    const gone = panel(() => 'This controller was removed.');
    gone.copy.click();
    for (let i = 0; i < 5; i++) await tick();
    expect(gone.status.textContent).toBe('This controller was removed.');
    expect(gone.text.value).toBe('');
  });
});
