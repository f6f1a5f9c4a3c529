// @vitest-environment happy-dom
// A parameter's slider and number box as a reader uses them: labelled with its unit,
// the box and the slider agreeing; a typed value applied (Enter or leaving the box), a
// value out of range or refused by the core named under the field with the value still
// in force; a value from a link named with where it came from; the slider's text for a
// screen reader.
import { describe, expect, it } from 'vitest';
import { $ } from '../../../tests/dom/page';
import { paramControl } from './controls';
import type { ParamDef } from './params';

const KP: ParamDef = { key: 'kp', label: 'kp (stiffness)', unit: 'N/m', min: 1, max: 1000, scale: 'log', initial: 0, hardMax: 1e6 };

function control(apply: (v: number) => void = () => {}, def: ParamDef = KP, initial = 100) {
  const host = document.createElement('div');
  const c = paramControl(host, def, initial, apply);
  return { host, c, box: $<HTMLInputElement>(host, '#param-kp'), range: $<HTMLInputElement>(host, '#param-kp-range'), message: $(host, '#param-kp-message'), row: $(host, '.param') };
}
const type = (box: HTMLInputElement, text: string, how: 'change' | 'enter' = 'change') => {
  box.value = text;
  box.dispatchEvent(how === 'change' ? new Event('change') : new KeyboardEvent('keydown', { key: 'Enter' }));
};

describe('a parameter control', () => {
  it('is labelled, shows its unit, and its slider sits where the value is on its scale', () => {
    const { host, box, range } = control();
    expect($(host, 'label').textContent).toBe('kp (stiffness)');
    expect($(host, 'label').getAttribute('for')).toBe('param-kp-range');
    expect($(host, '.unit').textContent).toBe('N/m');
    expect(box.getAttribute('aria-label')).toBe('kp (stiffness) (N/m)');
    expect(box.getAttribute('aria-describedby')).toBe('param-kp-message');
    expect(box.value).toBe('100');
    // 100 is two thirds of the way from 1 to 1000 on a log scale.
    expect([range.min, range.max, range.step, range.value]).toEqual(['0', '1000', '1', '667']);
    expect(range.getAttribute('aria-valuetext')).toBe('100 N/m');
  });

  it('applies a typed value on change or Enter and moves the slider to it', () => {
    const applied: number[] = [];
    const { c, box, range } = control((v) => applied.push(v));
    type(box, '10');
    expect(applied).toEqual([10]);
    expect(c.value).toBe(10);
    expect(range.value).toBe('333');
    expect(range.getAttribute('aria-valuetext')).toBe('10 N/m');
    type(box, '1000', 'enter');
    expect(applied).toEqual([10, 1000]);
    expect(range.value).toBe('1000');
    // The box still showing the value in force: Enter applies nothing again.
    type(box, '1000', 'enter');
    expect(applied).toEqual([10, 1000]);
  });

  it('applies the slider\'s value and writes it in the box', () => {
    const applied: number[] = [];
    const { box, range } = control((v) => applied.push(v));
    range.value = '0';
    range.dispatchEvent(new Event('input'));
    expect(applied).toEqual([1]);
    expect(box.value).toBe('1');
    expect(range.getAttribute('aria-valuetext')).toBe('1 N/m');
  });

  it('names a value it cannot take, and one the core refuses, with the value still in force', () => {
    const { c, box, message, row } = control((v) => {
      if (v === 500) throw new Error('kp: 500 makes the loop ring');
    });
    type(box, 'abc');
    expect(message.textContent).toMatch(/^kp \(stiffness\).*"abc".*; still using 100 N\/m$/);
    expect(row.classList.contains('invalid')).toBe(true);
    type(box, '-3');
    expect(message.textContent).toContain('-3');
    expect(message.textContent).toMatch(/; still using 100 N\/m$/);
    type(box, '500');
    expect(message.textContent).toBe('kp: 500 makes the loop ring');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(c.value).toBe(100);
    type(box, '200');
    expect(message.textContent).toBe('');
    expect(row.classList.contains('invalid')).toBe(false);
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(c.value).toBe(200);
  });

  it('takes a value from a link as if typed, naming where a refused one came from', () => {
    const { c, box, message } = control((v) => {
      if (v === 500) throw new Error('kp: too stiff');
    });
    expect(c.enter('250', 'from the link')).toBe(true);
    expect(c.value).toBe(250);
    expect(box.value).toBe('250');
    expect(c.enter('500', 'from the link')).toBe(false);
    expect(message.textContent).toBe('kp: too stiff (from the link; still using 250 N/m)');
    expect(c.enter('zz', 'from the link')).toBe(false);
    expect(message.textContent).toMatch(/"zz".* \(from the link\); still using 250 N\/m$/);
    expect(c.value).toBe(250);
  });

  it('shows a value from elsewhere without applying it, and reports a message on demand', () => {
    const applied: number[] = [];
    const { c, box, range, message, row } = control((v) => applied.push(v));
    c.show(1000);
    expect(applied).toEqual([]);
    expect(c.value).toBe(1000);
    expect(box.value).toBe('1000');
    expect(range.value).toBe('1000');
    c.report('from the link: too big');
    expect(message.textContent).toBe('from the link: too big');
    expect(row.classList.contains('invalid')).toBe(true);
    c.report('');
    expect(row.classList.contains('invalid')).toBe(false);
  });
});
