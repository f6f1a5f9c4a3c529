/**
 * A form for an engine's settings, built from the core's definitions (key, label,
 * kind, default, note): a number box for counts and numbers, a checkbox for flags, a
 * menu for choices, each with its default and what it does. It knows nothing of wasm:
 * `apply` receives every setting that differs from its default and may throw (the
 * core's message, which names the setting); the message is shown next to that field
 * and the value in force stays.
 */
import { el } from './dom';
import { fieldNumber, formatNumber } from './params';
import type { SettingDef, SettingValue } from '../core/engines-wasm';

export interface SettingsForm {
  /** The settings in force that differ from their defaults. */
  readonly changed: Readonly<Record<string, SettingValue>>;
  /** Back to every default (applies them). */
  reset(): void;
}

/** A setting's value as the page writes it. */
export function showSetting(def: SettingDef, value: SettingValue): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return `${formatNumber(value)}${def.kind.type === 'number' && def.kind.unit ? ` ${def.kind.unit}` : ''}`;
  return value;
}

/** Reads what the reader typed for a count or a number; a message names the setting. */
export function parseSetting(def: SettingDef, text: string): { value: number } | { error: string } {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return { error: `${def.label} must be a number, got "${t.slice(0, 40)}"` };
  const value = Number(t);
  if (!Number.isFinite(value)) return { error: `${def.label} must be a finite number, got ${t.slice(0, 40)}` };
  return { value };
}

export function settingsForm(
  host: HTMLElement,
  idPrefix: string,
  defs: readonly SettingDef[],
  apply: (changed: Record<string, SettingValue>) => void,
): SettingsForm {
  const values = new Map<string, SettingValue>(defs.map((d) => [d.key, d.default]));
  const changed = () => Object.fromEntries(defs.filter((d) => values.get(d.key) !== d.default).map((d) => [d.key, values.get(d.key)!]));
  const rows = new Map<string, { row: HTMLElement; show(v: SettingValue): void; message: HTMLElement }>();

  const commit = (def: SettingDef, value: SettingValue) => {
    const previous = values.get(def.key)!;
    values.set(def.key, value);
    const row = rows.get(def.key)!;
    try {
      apply(changed());
    } catch (e) {
      values.set(def.key, previous);
      // A menu or a box shows the value in force again; typed text stays, beside the message.
      if (def.kind.type === 'flag' || def.kind.type === 'choice') row.show(previous);
      const text = e instanceof Error ? e.message : String(e);
      row.message.textContent = `${text}; still using ${showSetting(def, previous)}`;
      row.row.classList.add('invalid');
      return;
    }
    row.message.textContent = '';
    row.row.classList.remove('invalid');
    for (const d of defs) rows.get(d.key)!.row.classList.toggle('changed', values.get(d.key) !== d.default);
  };

  const list = el('div', { class: 'settings-form' });
  for (const def of defs) {
    const id = `${idPrefix}${def.key}`;
    const message = el('p', { class: 'message', id: `${id}-message`, role: 'alert', 'aria-live': 'polite' });
    let control: HTMLElement;
    let show: (v: SettingValue) => void;
    if (def.kind.type === 'flag') {
      const box = el('input', { type: 'checkbox', id, 'aria-describedby': `${id}-note` });
      box.addEventListener('change', () => commit(def, box.checked));
      show = (v) => (box.checked = v === true);
      control = box;
    } else if (def.kind.type === 'choice') {
      const menu = el('select', { id, 'aria-describedby': `${id}-note` }, ...def.kind.options.map((o) => el('option', { value: o }, o)));
      menu.addEventListener('change', () => commit(def, menu.value));
      show = (v) => (menu.value = String(v));
      control = menu;
    } else {
      const box = el('input', { type: 'text', inputmode: 'decimal', id, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-note ${id}-message` });
      // Enter fires keydown and then change: each entry is read once.
      let lastRead = '';
      const read = () => {
        if (box.value === lastRead) return;
        lastRead = box.value;
        const parsed = parseSetting(def, box.value);
        if ('error' in parsed) {
          message.textContent = `${parsed.error}; still using ${showSetting(def, values.get(def.key)!)}`;
          rows.get(def.key)!.row.classList.add('invalid');
          return;
        }
        commit(def, parsed.value);
      };
      box.addEventListener('change', read);
      box.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') read();
      });
      show = (v) => {
        // Rounded as a person writes it; the setting in force stays exact (`read` skips an unedited box).
        box.value = typeof v === 'number' ? fieldNumber(v) : String(v);
        lastRead = box.value;
      };
      control = box;
    }
    const row = el(
      'div',
      { class: 'setting', 'data-setting': def.key },
      el('label', { for: id }, def.label),
      control,
      el('span', { class: 'default' }, `default: ${showSetting(def, def.default)}`),
      el('p', { class: 'note', id: `${id}-note` }, def.note),
      message,
    );
    rows.set(def.key, { row, show, message });
    show(def.default);
    list.append(row);
  }
  host.append(list);

  return {
    get changed() {
      return changed();
    },
    reset() {
      for (const def of defs) {
        values.set(def.key, def.default);
        rows.get(def.key)!.show(def.default);
        rows.get(def.key)!.message.textContent = '';
        rows.get(def.key)!.row.classList.remove('invalid', 'changed');
      }
      apply({});
    },
  };
}
