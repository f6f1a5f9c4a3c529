// @vitest-environment happy-dom
// The page's one DOM builder: attributes set as text (a value from a link can never
// become markup), children appended as text nodes, false and undefined left out; tables
// with a caption, column headers and row headers; a menu too long for a settings
// column given a row of its own.
import { describe, expect, it } from 'vitest';
import { choice, el, fillTable } from './dom';

describe('el', () => {
  it('sets attributes as text, leaves out false and undefined, and sets true as empty', () => {
    const node = el('input', { type: 'checkbox', id: 'a"><script>', checked: true, disabled: false, title: undefined, tabindex: 0 });
    expect(node.getAttribute('id')).toBe('a"><script>');
    expect(node.getAttribute('checked')).toBe('');
    expect(node.hasAttribute('disabled')).toBe(false);
    expect(node.hasAttribute('title')).toBe(false);
    expect(node.getAttribute('tabindex')).toBe('0');
  });

  it('appends strings as text and nodes as they are, skipping null, undefined and false', () => {
    const child = el('b', {}, 'bold');
    const node = el('p', {}, '<i>not markup</i>', null, undefined, false, child, '');
    expect(node.childNodes).toHaveLength(3);
    expect(node.querySelector('i')).toBeNull();
    expect(node.textContent).toBe('<i>not markup</i>bold');
    expect(node.children[0]).toBe(child);
    expect(el('div').outerHTML).toBe('<div></div>');
  });
});

describe('fillTable', () => {
  it('writes a caption, a header row and rows headed by their first cell', () => {
    const table = el('table', {}, el('tr', {}, el('td', {}, 'old')));
    fillTable(table, 'Settling times', ['law', 'settle (s)'], [['PD', '0.5'], ['PID', '<b>1</b>']]);
    expect(table.querySelector('caption')!.textContent).toBe('Settling times');
    expect([...table.querySelectorAll('thead th')].map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([['law', 'col'], ['settle (s)', 'col']]);
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows.map((r) => [...r.children].map((c) => `${c.tagName}:${c.textContent}`))).toEqual([['TH:PD', 'TD:0.5'], ['TH:PID', 'TD:<b>1</b>']]);
    expect(rows[0]!.children[0]!.getAttribute('scope')).toBe('row');
    expect(table.textContent).not.toContain('old');
  });
});

describe('choice', () => {
  it('labels a menu, and gives one whose longest option passes 28 characters a row of its own', () => {
    const short = el('select', {}, el('option', {}, 'semi-implicit Euler'));
    const label = choice('integrator', short, ' (note)');
    expect(label.className).toBe('choice');
    expect(label.textContent).toBe('integratorsemi-implicit Euler (note)');
    expect(label.children[0]).toBe(short);
    const edge = el('select', {}, el('option', {}, 'x'.repeat(28)));
    expect(choice('a', edge).className).toBe('choice');
    const long = el('select', {}, el('option', {}, 'a'), el('option', {}, 'x'.repeat(29)));
    expect(choice('integrator', long).className).toBe('choice wide');
    expect(choice('empty', el('select')).className).toBe('choice');
  });
});
