// @vitest-environment happy-dom
// The Lab's controller cards as a reader edits them, on the real core: gains shown in
// another form (and a form that cannot express the gains refused by name), a law
// without gains, the article's printed listing run beside a law, a PID's integral and
// options (each kept in the address), and the code a card runs.
import { describe, expect, it } from 'vitest';
import { $, pick, tableText, typeInto, labPageForTests } from '../../../tests/dom/page';
import { LAW_LABELS } from '../core/catalogue';
import { TWINS } from './lab-state';

const { frames, mount } = labPageForTests();
const card = (host: HTMLElement, k: number) => host.querySelectorAll<HTMLElement>('fieldset.law')[k]!;
const labels = (el: HTMLElement) => [...el.querySelectorAll('.param label')].map((l) => l.textContent);
const query = (key: string) => new URLSearchParams(location.search).get(key);
const rowNames = (host: HTMLElement) => tableText($<HTMLTableElement>(host, 'table.metrics')).slice(1).map((r) => r[0]);

describe('a Lab card\'s gains', () => {
  it('are shown in the form the reader picks, and an edit there is the same raw gain', () => {
    const host = mount('');
    pick($<HTMLSelectElement>(host, '#lab-param'), 'natural');
    frames.frame();
    expect(labels(card(host, 0))).toEqual(['natural frequency ωn', 'damping ratio ζ']);
    // kp 400, kd 20 on 1 kg: ωn = 20 rad/s, ζ = 20 / (2 · 20) = 0.5.
    expect([$<HTMLInputElement>(host, '#param-0-wn').value, $<HTMLInputElement>(host, '#param-0-zeta').value]).toEqual(['20', '0.5']);
    expect(query('param')).toBe('natural');
    typeInto($<HTMLInputElement>(host, '#param-0-zeta'), '1');
    frames.frame();
    // ζ = 1 at ωn = 20: kd = 2 ζ ωn m = 40, kp unchanged.
    expect(query('kd0')).toBe('40');
    expect(query('kp0')).toBeNull();
    expect(card(host, 0).querySelector('.zeta')!.textContent).toMatch(/^effective damping ratio ζ = 1 in continuous time/);
    pick($<HTMLSelectElement>(host, '#lab-param'), 'raw');
    frames.frame();
    expect($<HTMLInputElement>(host, '#param-0-kd').value).toBe('40');
  });

  it('shows as raw gains what a form cannot express, and refuses that form by name', () => {
    const host = mount('?kp0=0&param=natural');
    expect(card(host, 0).querySelector('.form-refused')!.textContent).toMatch(/: shown as raw gains\.$/);
    expect(labels(card(host, 0))).toEqual(['kp (stiffness)', 'kd (damping)']);
    expect(labels(card(host, 1))).toEqual(['natural frequency ωn', 'damping ratio ζ']);
    // Picked where the gains cannot be expressed: back to the form in force, with the reason under the menu.
    const fresh = mount('?kp0=0');
    const menu = $<HTMLSelectElement>(fresh, '#lab-param');
    pick(menu, 'natural');
    expect(menu.value).toBe('raw');
    expect($(fresh, '#lab-param-message').textContent).not.toBe('');
    expect(query('param')).toBeNull();
  });

  it('says a law without gains has none, and no damping ratio', () => {
    const host = mount('?c=pd,one-step');
    expect(card(host, 1).querySelector('.params .note')!.textContent).toBe('This law has no gains: it computes the force that lands on the target next step.');
    expect(card(host, 1).querySelector('.zeta')!.textContent).toBe('effective damping ratio: not defined for this law');
    expect(card(host, 1).querySelector('details.tune')).toBeNull();
  });
});

describe('a Lab card\'s law', () => {
  it('runs the article\'s listing as printed beside it when asked, named in the table', () => {
    const [law, twin] = Object.entries(TWINS.cube)[0]!;
    const host = mount(`?c=pd,${law}`);
    const box = $<HTMLInputElement>(card(host, 1), '#law-1-printed');
    expect(box.checked).toBe(false);
    expect(card(host, 1).textContent).toContain('also run the article\'s listing as printed');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    frames.frame();
    expect(rowNames(host)).toEqual([`1: ${LAW_LABELS.pd}`, `2: ${LAW_LABELS[law]}`, `2: ${LAW_LABELS[twin]}`]);
    expect(query('printed')).toBe('1');
    expect(host.querySelector('#law-0-printed')).toBeNull();
  });

  it('gives a PID an integral gain and options, each kept in the address', () => {
    const host = mount('?c=pid,pd');
    const ki = $<HTMLInputElement>(host, '#param-0-ki');
    typeInto(ki, '7');
    frames.frame();
    expect(query('ki0')).toBe('7');
    const options = $<HTMLDetailsElement>(card(host, 0), 'details.law-options');
    expect(options.querySelector('summary')!.textContent).toBe('PID settings');
    expect(options.open).toBe(false);
    const limit = $<HTMLInputElement>(options, '#law-0-integralLimit-on');
    limit.checked = true;
    limit.dispatchEvent(new Event('change'));
    frames.frame();
    expect(query('il0')).toBe('20');
    const rebuilt = $<HTMLDetailsElement>(card(host, 0), 'details.law-options');
    expect(rebuilt.querySelector('summary')!.textContent).toBe('PID settings (1 changed)');
    expect(rebuilt.open).toBe(true);
    typeInto($<HTMLInputElement>(rebuilt, '#param-0-integralLimit'), '5');
    frames.frame();
    expect(query('il0')).toBe('5');
    // A limit of the wrong sign is refused under its field.
    typeInto($<HTMLInputElement>(rebuilt, '#param-0-integralLimit'), '-1');
    expect($(rebuilt, '#param-0-integralLimit-message').textContent).toContain('-1');
    expect(query('il0')).toBe('5');
    // The PID's card has no "printed" box and its law menu still reads PID.
    expect($<HTMLSelectElement>(card(host, 0), '#law-0-kind').value).toBe('pid');
  });

  it('writes the code the card runs, with its gains, in the language picked', async () => {
    const host = mount('?kp0=321');
    const panel = $<HTMLDetailsElement>(card(host, 0), 'details.code-panel');
    panel.open = true;
    panel.dispatchEvent(new Event('toggle'));
    const code = $<HTMLTextAreaElement>(panel, 'textarea');
    for (let tries = 0; tries < 100 && !code.value; tries++) await new Promise((r) => setTimeout(r, 10));
    expect(code.value).toContain('321');
    expect(code.dataset.language).toBe($<HTMLSelectElement>(panel, 'select').value);
  });
});
