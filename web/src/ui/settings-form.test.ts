// @vitest-environment happy-dom
// An engine's settings form as a reader uses it: each setting labelled with its default
// and note; an edit applies every setting that differs from its default; a value the
// engine refuses is named beside its field with the value still in force, and a menu or
// box shows that value again; Reset goes back to every default.
import { describe, expect, it } from 'vitest';
import { $ } from '../../../tests/dom/page';
import type { SettingDef, SettingValue } from '../core/engines-wasm';
import { parseSetting, settingsForm, showSetting } from './settings-form';

const DEFS: SettingDef[] = [
  { key: 'iterations', label: 'solver iterations', kind: { type: 'count', min: 1, max: 100 }, default: 4, note: 'More is stiffer.' },
  { key: 'damping', label: 'angular damping', kind: { type: 'number', min: 0, max: 10, unit: '1/s' }, default: 0.05, note: 'Per second.' },
  { key: 'sleep', label: 'sleeping', kind: { type: 'flag' }, default: true, note: 'Bodies at rest sleep.' },
  { key: 'solver', label: 'solver', kind: { type: 'choice', options: ['pgs', 'tgs'] }, default: 'pgs', note: 'Which solver.' },
];

function form(refuse: (changed: Record<string, SettingValue>) => string | null = () => null) {
  const host = document.createElement('div');
  const applied: Record<string, SettingValue>[] = [];
  const f = settingsForm(host, 's-', DEFS, (changed) => {
    const why = refuse(changed);
    if (why) throw new Error(why);
    applied.push(changed);
  });
  const row = (key: string) => $(host, `[data-setting="${key}"]`);
  return { host, f, applied, row };
}
const enter = (box: HTMLInputElement | HTMLSelectElement, value: string) => {
  box.value = value;
  box.dispatchEvent(new Event('change'));
};

describe('an engine\'s settings form', () => {
  it('shows each setting with its label, its default and its note', () => {
    const { host, row } = form();
    expect([...host.querySelectorAll('label')].map((l) => [l.textContent, l.getAttribute('for')])).toEqual([
      ['solver iterations', 's-iterations'], ['angular damping', 's-damping'], ['sleeping', 's-sleep'], ['solver', 's-solver'],
    ]);
    expect([...host.querySelectorAll('.default')].map((d) => d.textContent)).toEqual(['default: 4', 'default: 0.05 1/s', 'default: on', 'default: pgs']);
    expect($(row('damping'), '.note').textContent).toBe('Per second.');
    expect($<HTMLInputElement>(host, '#s-iterations').value).toBe('4');
    expect($<HTMLInputElement>(host, '#s-sleep').checked).toBe(true);
    expect($<HTMLSelectElement>(host, '#s-solver').value).toBe('pgs');
    expect($(host, '#s-damping').getAttribute('aria-describedby')).toBe('s-damping-note s-damping-message');
    expect($(host, '#s-sleep').getAttribute('aria-describedby')).toBe('s-sleep-note');
  });

  it('applies every setting that differs from its default, and marks them changed', () => {
    const { host, f, applied, row } = form();
    enter($<HTMLInputElement>(host, '#s-iterations'), '8');
    const sleep = $<HTMLInputElement>(host, '#s-sleep');
    sleep.checked = false;
    sleep.dispatchEvent(new Event('change'));
    enter($<HTMLSelectElement>(host, '#s-solver'), 'tgs');
    expect(applied).toEqual([{ iterations: 8 }, { iterations: 8, sleep: false }, { iterations: 8, sleep: false, solver: 'tgs' }]);
    expect(f.changed).toEqual({ iterations: 8, sleep: false, solver: 'tgs' });
    expect(['iterations', 'damping', 'sleep', 'solver'].map((k) => row(k).classList.contains('changed'))).toEqual([true, false, true, true]);
    // Back to its default: no longer among the changed ones.
    enter($<HTMLInputElement>(host, '#s-iterations'), '4');
    expect(applied.at(-1)).toEqual({ sleep: false, solver: 'tgs' });
    expect(row('iterations').classList.contains('changed')).toBe(false);
    f.reset();
    expect(applied.at(-1)).toEqual({});
    expect(f.changed).toEqual({});
    expect($<HTMLSelectElement>(host, '#s-solver').value).toBe('pgs');
    expect(sleep.checked).toBe(true);
    expect($<HTMLInputElement>(host, '#s-iterations').value).toBe('4');
    expect(host.querySelector('.changed')).toBeNull();
  });

  it('names a value that is not a number, and one the engine refuses, with the value still in force', () => {
    const { host, f, applied, row } = form((c) => (c.solver === 'tgs' ? 'solver: tgs needs more iterations' : typeof c.damping === 'number' && c.damping > 10 ? `damping must be at most 10, got ${c.damping}` : null));
    const damping = $<HTMLInputElement>(host, '#s-damping');
    enter(damping, 'lots');
    expect($(host, '#s-damping-message').textContent).toBe('angular damping must be a number, got "lots"; still using 0.05 1/s');
    expect(row('damping').classList.contains('invalid')).toBe(true);
    expect(applied).toEqual([]);
    enter(damping, '20');
    expect($(host, '#s-damping-message').textContent).toBe('damping must be at most 10, got 20; still using 0.05 1/s');
    // Typed text stays beside its message.
    expect(damping.value).toBe('20');
    expect(f.changed).toEqual({});
    enter(damping, '0.5');
    expect($(host, '#s-damping-message').textContent).toBe('');
    expect(row('damping').classList.contains('invalid')).toBe(false);
    expect(f.changed).toEqual({ damping: 0.5 });
    // A refused choice: the menu shows the choice in force again.
    const solver = $<HTMLSelectElement>(host, '#s-solver');
    enter(solver, 'tgs');
    expect(solver.value).toBe('pgs');
    expect($(host, '#s-solver-message').textContent).toBe('solver: tgs needs more iterations; still using pgs');
    expect(f.changed).toEqual({ damping: 0.5 });
    f.reset();
    expect($(host, '#s-solver-message').textContent).toBe('');
    expect(row('solver').classList.contains('invalid')).toBe(false);
  });

  it('reads an entry once, whether Enter or the change event brings it', () => {
    const { host, applied } = form();
    const box = $<HTMLInputElement>(host, '#s-iterations');
    box.value = '9';
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    box.dispatchEvent(new Event('change'));
    expect(applied).toEqual([{ iterations: 9 }]);
    box.value = '10';
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(applied).toHaveLength(1);
  });
});

describe('a setting as written and read', () => {
  it('writes flags as on and off, numbers with their unit', () => {
    expect(showSetting(DEFS[2]!, false)).toBe('off');
    expect(showSetting(DEFS[1]!, 0.25)).toBe('0.25 1/s');
    expect(showSetting(DEFS[0]!, 12)).toBe('12');
    expect(showSetting(DEFS[3]!, 'tgs')).toBe('tgs');
  });
  it('reads plain and exponent numbers and names anything else', () => {
    expect(parseSetting(DEFS[1]!, ' 1.5e-2 ')).toEqual({ value: 0.015 });
    expect(parseSetting(DEFS[1]!, '-.5')).toEqual({ value: -0.5 });
    expect(parseSetting(DEFS[1]!, '1,5')).toEqual({ error: 'angular damping must be a number, got "1,5"' });
    expect(parseSetting(DEFS[1]!, '1e999')).toEqual({ error: 'angular damping must be a finite number, got 1e999' });
    expect(parseSetting(DEFS[1]!, 'x'.repeat(60))).toEqual({ error: `angular damping must be a number, got "${'x'.repeat(40)}"` });
  });
});
