/**
 * Builds a labelled slider plus number box for a parameter, keyboard usable, with its
 * unit and a message area. It draws nothing else and knows nothing of wasm: the
 * scene passes an `apply` callback that may throw (the core's error message), in
 * which case the message is shown next to the field and the last valid value stays.
 */
import { el } from './dom';
import { fieldNumber, formatNumber, fromSlider, parseParam, toSlider, type ParamDef } from './params';

const SLIDER_STEPS = 1000;

export interface ParamControl {
  readonly def: ParamDef;
  /** The value in force. */
  readonly value: number;
  /** Shows `value` without calling `apply` (e.g. when state comes from elsewhere). */
  show(value: number): void;
  /** Shows a message under the field (empty string clears it). */
  report(message: string): void;
  /**
   * Takes `text` as if typed into the box (a value from a link or an attribute): applied
   * when valid and accepted, otherwise named under the field with `source` ("from the
   * link") while the value in force stays. Returns whether it was applied.
   */
  enter(text: string, source?: string): boolean;
}

export function paramControl(
  host: HTMLElement,
  def: ParamDef,
  initial: number,
  apply: (value: number) => void,
): ParamControl {
  const id = `param-${def.key}`;
  const range = el('input', { type: 'range', id: `${id}-range`, min: 0, max: SLIDER_STEPS, step: 1 });
  const box = el('input', {
    type: 'text',
    inputmode: 'decimal',
    id,
    'aria-label': `${def.label} (${def.unit})`,
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const message = el('p', { class: 'message', id: `${id}-message`, role: 'alert', 'aria-live': 'polite' });
  const row = el(
    'div',
    { class: 'param' },
    el('label', { for: `${id}-range` }, def.label),
    range,
    box,
    el('span', { class: 'unit' }, def.unit),
    message,
  );
  host.append(row);
  box.setAttribute('aria-describedby', message.id);

  let current = initial;

  const show = (value: number) => {
    range.value = String(Math.round(toSlider(def, value) * SLIDER_STEPS));
    range.setAttribute('aria-valuetext', `${formatNumber(value)} ${def.unit}`);
    // Rounded as a person writes it (the value in force stays exact: see `commit`).
    box.value = fieldNumber(value);
  };
  const report = (text: string) => {
    message.textContent = text;
    row.classList.toggle('invalid', text !== '');
    box.setAttribute('aria-invalid', text ? 'true' : 'false');
  };
  const tryApply = (value: number, source = ''): boolean => {
    try {
      apply(value);
    } catch (e) {
      report(`${e instanceof Error ? e.message : String(e)}${source ? ` (${source}; still using ${formatNumber(current)} ${def.unit})` : ''}`);
      return false;
    }
    current = value;
    report('');
    return true;
  };

  range.addEventListener('input', () => {
    const value = fromSlider(def, Number(range.value) / SLIDER_STEPS);
    if (tryApply(value)) box.value = fieldNumber(value);
    range.setAttribute('aria-valuetext', `${formatNumber(current)} ${def.unit}`);
  });
  const commit = (text: string, source = ''): boolean => {
    // The box still shows the value in force, rounded: Enter keeps the exact value.
    if (source === '' && text.trim() === fieldNumber(current) && text.trim() !== '') {
      report('');
      return true;
    }
    const parsed = parseParam(def, text);
    if ('error' in parsed) {
      report(`${parsed.error}${source ? ` (${source})` : ''}; still using ${formatNumber(current)} ${def.unit}`);
      return false;
    }
    if (!tryApply(parsed.value, source)) return false;
    range.value = String(Math.round(toSlider(def, parsed.value) * SLIDER_STEPS));
    range.setAttribute('aria-valuetext', `${formatNumber(parsed.value)} ${def.unit}`);
    return true;
  };
  box.addEventListener('change', () => commit(box.value));
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') commit(box.value);
  });

  show(initial);
  return {
    def,
    get value() {
      return current;
    },
    show(value: number) {
      current = value;
      show(value);
    },
    report,
    enter(text: string, source = '') {
      const applied = commit(text, source);
      if (applied) box.value = fieldNumber(current);
      return applied;
    },
  };
}
