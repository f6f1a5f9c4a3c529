// @vitest-environment happy-dom
// The Lab's labelled menu and checkbox as a reader uses them: each labelled for its
// control (a click on the words reaches it), its message read out as an alert; a choice
// the Lab refuses puts the control back and says why under it, and the next accepted
// choice clears that; a choice that loads something first settles when the load does.
import { describe, expect, it } from 'vitest';
import { $ } from '../../../tests/dom/page';
import { checkbox, effortOf, select, unitOf } from './lab-dom';

const change = (control: HTMLInputElement | HTMLSelectElement) => control.dispatchEvent(new Event('change'));

describe('a Lab menu', () => {
  it('is labelled, lists each option by its name, and shows the value in force', () => {
    const field = select('integrator', 'm', ['a', 'b', 'c'], { a: 'Alpha', b: 'Beta' }, 'b', () => {});
    const menu = $<HTMLSelectElement>(field, 'select');
    expect(field.className).toBe('field');
    expect(menu.id).toBe('m');
    expect($(field, 'label').getAttribute('for')).toBe('m');
    expect($(field, 'label').textContent).toBe('integrator');
    expect([...menu.options].map((o) => [o.value, o.textContent])).toEqual([['a', 'Alpha'], ['b', 'Beta'], ['c', 'c']]);
    expect(menu.value).toBe('b');
    const message = $(field, '#m-message');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.className).toBe('message');
  });

  it('puts a refused choice back and says why; an accepted one clears the message', () => {
    const seen: string[] = [];
    const field = select('plant', 'p', ['cube', 'box'], {}, 'cube', (v) => {
      if (v === 'box') throw new Error('plant "box": no box here');
      seen.push(v);
    });
    const menu = $<HTMLSelectElement>(field, 'select');
    menu.value = 'box';
    change(menu);
    expect(menu.value).toBe('cube');
    expect($(field, '#p-message').textContent).toBe('plant "box": no box here');
    menu.value = 'cube';
    change(menu);
    expect(seen).toEqual(['cube']);
    expect($(field, '#p-message').textContent).toBe('');
  });

  it('settles a choice that loads first when the load does: kept and focused, or put back with the reason', async () => {
    let finish: () => void = () => {};
    let fail: (e: Error) => void = () => {};
    const field = select('plant', 'q', ['cube', 'plate', 'box'], {}, 'cube', (v) =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
        void v;
      }),
    );
    document.body.replaceChildren(field);
    const menu = $<HTMLSelectElement>(field, 'select');
    menu.value = 'plate';
    change(menu);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(menu.value).toBe('plate');
    expect(document.activeElement).toBe(menu);
    menu.value = 'box';
    change(menu);
    fail(new Error('the Lab for it could not load'));
    await Promise.resolve();
    await Promise.resolve();
    // Back to the last choice that held, not the first.
    expect(menu.value).toBe('plate');
    expect($(field, '#q-message').textContent).toBe('the Lab for it could not load');
  });
});

describe('a Lab checkbox', () => {
  it('is labelled after its box, and a refused tick is taken back with the reason', () => {
    const ticks: boolean[] = [];
    const field = checkbox('target step', 'c', false, (on) => {
      if (on && ticks.length > 0) throw new Error('no second step');
      ticks.push(on);
    });
    const box = $<HTMLInputElement>(field, 'input');
    expect(field.className).toBe('field check');
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    expect($(field, 'label').getAttribute('for')).toBe('c');
    expect($(field, 'label').textContent).toBe('target step');
    expect([...field.children].map((c) => c.tagName)).toEqual(['INPUT', 'LABEL', 'P']);
    box.checked = true;
    change(box);
    expect(ticks).toEqual([true]);
    box.checked = false;
    change(box);
    expect(ticks).toEqual([true, false]);
    box.checked = true;
    change(box);
    expect(box.checked).toBe(false);
    expect($(field, '#c-message').textContent).toBe('no second step');
    expect($(field, '#c-message').getAttribute('role')).toBe('alert');
    box.checked = false;
    change(box);
    expect($(field, '#c-message').textContent).toBe('');
  });

  it('starts ticked when asked', () => {
    expect($<HTMLInputElement>(checkbox('x', 'x', true, () => {}), 'input').checked).toBe(true);
  });
});

describe('a plant\'s units', () => {
  it('reads the coordinate\'s unit and the effort with its unit from the core\'s catalogue', () => {
    expect(unitOf('cube')).toBe('m');
    expect(unitOf('box')).toBe('rad');
    expect(effortOf('cube')).toBe('force (N)');
    expect(effortOf('box')).toBe('torque (N·m)');
  });
});
