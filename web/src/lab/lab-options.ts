/**
 * A controller card's options beyond its gains, drawn from the core's catalogue: a
 * slider for a number, a switch plus a slider for a limit, a menu for a choice; an
 * option read only under another's choice (kt with back-calculation) shows only then.
 * Every edit restarts the run, like any edit that is not a gain.
 */
import { el } from '../ui/dom';
import { paramControl } from '../ui/controls';
import { lawOptions, LAW_LABELS } from '../core/catalogue';
import { checkbox, select } from './lab-dom';
import type { LabEditor } from './lab-editor';
import { activeOptions, normalOptions, optionDef, optionDefault, optionShown } from './law-options';

/** What the options panel needs from its card. */
export interface OptionsContext {
  /** Rebuilds the cards (an option appeared or went). */
  rebuild(): void;
  /** Shows the restarted run. */
  replay(): void;
}

/** The options panel of controller `k`, or null when its law has none. */
export function optionsPanel(k: number, editor: LabEditor, context: OptionsContext): HTMLElement | null {
  const { state, prefix: p, change } = editor;
  const law = state.laws[k]!;
  const options = lawOptions(law.kind);
  if (options.length === 0) return null;
  const values = law.options;
  const set = (key: string, value: number | string | undefined, rebuild = false) => {
    change((s) => {
      const l = s.laws[k]!;
      const next = { ...l.options };
      if (value === undefined) delete next[key];
      else next[key] = value;
      l.options = normalOptions(l.kind, next);
    });
    if (rebuild) context.rebuild();
    context.replay();
  };
  const body = el('div', { class: 'params' });
  for (const option of options) {
    if (!optionShown(option, law.kind, values)) continue;
    const id = `${p}${k}-${option.key}`;
    const v = option.value;
    if (v.type === 'choice') {
      const names = Object.fromEntries(v.choices);
      body.append(select(option.label, `${p}law-${k}-${option.key}`, v.choices.map(([c]) => c), names, String(values[option.key] ?? v.default), (c) => set(option.key, c, true)));
    } else if (v.type === 'limit') {
      const on = values[option.key] !== undefined;
      body.append(checkbox(option.label, `${p}law-${k}-${option.key}-on`, on, (checked) => set(option.key, checked ? v.typical : undefined, true)));
      if (on) {
        const def = optionDef(option, state.plant, id)!;
        const control = paramControl(body, { ...def, label: `${option.label} at ±` }, Number(values[option.key]), (x) => set(option.key, x));
        editor.reportLink(control, `${option.urlKey}${k}`);
      }
    } else {
      const control = paramControl(body, optionDef(option, state.plant, id)!, Number(values[option.key] ?? optionDefault(option)), (x) => set(option.key, x));
      editor.reportLink(control, `${option.urlKey}${k}`);
    }
    body.append(el('p', { class: 'note' }, option.help));
  }
  const count = Object.keys(activeOptions(law.kind, values)).length;
  const summary = el('summary', {}, `${LAW_LABELS[law.kind] ?? law.kind} settings${count ? ` (${count} changed)` : ''}`);
  summary.title = options.map((o) => o.label).join(', ');
  return el('details', { class: 'law-options', open: count > 0 }, summary, body);
}
