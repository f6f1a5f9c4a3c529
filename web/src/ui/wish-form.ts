/**
 * The wish of "Tune for me", as a reader sets it: the quick mode's two sliders
 * (response time and robustness, as MATLAB's PID Tuner has them) or every requirement
 * one by one (settle, overshoot, an optional force limit, how far the mass may stray,
 * the step halved and doubled). The form only holds the numbers: the core writes the
 * quick sliders as requirements (`forcelab::design::quick_wish`, passed in by the
 * caller from whichever door it loaded) and checks every field.
 */
import type { QuickWish, Requirements, TunedResponse } from '../core/wish';
import { paramControl } from './controls';
import { el } from './dom';
import { formatNumber, type ParamDef } from './params';

/** The core's quick mode: response time (s) and robustness (0..1) in, requirements out. */
export type QuickFn = (responseTime: number, robustness: number) => QuickWish;

export interface WishForm {
  /** The wish as requirements and robustness; throws the core's refusal of a quick slider. */
  read(quick: QuickFn): QuickWish;
}

/** A time, or "never" for one the response never reaches. */
export const seconds = (t: number | null | undefined): string => (t === null || t === undefined ? 'never' : `${formatNumber(t)} s`);

/** What a predicted response does, in a clause ("settles in 0.5 s, overshoot 0 %, peak force 12 N"). */
export function responseClause(p: TunedResponse, effort = 'force', unit = 'N'): string {
  const settles = p.settle === null ? 'does not settle within the run' : `settles in ${seconds(p.settle)}`;
  return `${settles}, overshoot ${formatNumber(p.overshoot * 100)} %, peak ${effort} ${formatNumber(p.peakEffort)} ${unit}`;
}

/** The nearest wish an answer meets, in a sentence (empty when there is none). */
export function nearestSentence(n: Requirements | null, asked: Requirements, effort = 'force', unit = 'N'): string {
  if (!n) return '';
  const limit = n.maxEffort ? `, peak ${effort} at most ${formatNumber(n.maxEffort)} ${unit}` : '';
  return ` The nearest wish these numbers meet: settle within ${seconds(n.settle)}, overshoot at most ${formatNumber((n.overshoot ?? asked.overshoot ?? 0) * 100)} %${limit}.`;
}

/** Everything the form holds, kept by a caller whose form is rebuilt (a Lab card after "Apply"). */
export interface WishMemory {
  v: { responseTime: number; robustness: number; settle: number; overshoot: number; effort: number; massSpread: number };
  quick: boolean;
  limit: boolean;
  stepRange: boolean;
}

/** A fresh wish: settle in 1 s, a little overshoot, no force limit, the nominal plant only. */
export const freshWish = (): WishMemory => ({
  v: { responseTime: 1, robustness: 0.5, settle: 1, overshoot: 2, effort: 100, massSpread: 1 },
  quick: true,
  limit: false,
  stepRange: false,
});

/**
 * The form in `host`; field keys start with `prefix` (`param-${prefix}settle`, the box
 * `${prefix}limit`...), `effortUnit` names the effort's unit and `effort` the effort
 * (`force`, or `torque` on a turning body), `onChange` hears of every edit (an answer
 * found before it is stale); `memory` holds the values (and outlives the form when the
 * caller keeps it).
 */
export function wishForm(host: HTMLElement, prefix: string, effortUnit: string, onChange: () => void, memory: WishMemory = freshWish(), effort = 'force'): WishForm {
  const v = memory.v;
  const field = (where: HTMLElement, name: keyof typeof v, label: string, unit: string, range: Pick<ParamDef, 'min' | 'max' | 'scale' | 'minExclusive'>) =>
    paramControl(where, { key: `${prefix}${name}`, label, unit, initial: v[name], ...range }, v[name], (value) => {
      v[name] = value;
      onChange();
    });
  const check = (where: HTMLElement, name: 'limit' | 'stepRange', label: string) => {
    const box = el('input', { type: 'checkbox', id: `${prefix}${name === 'limit' ? 'limit' : 'step-range'}`, checked: memory[name] });
    where.append(el('div', { class: 'field check' }, box, el('label', { for: box.id }, label)));
    box.addEventListener('change', () => {
      memory[name] = box.checked;
      onChange();
    });
    return box;
  };
  const modeName = `${prefix}mode`;
  const radio = (value: string, label: string, checked: boolean) => {
    const input = el('input', { type: 'radio', name: modeName, id: `${modeName}-${value}`, value, checked });
    return el('label', { for: input.id, class: 'mode' }, input, ` ${label}`);
  };
  const modes = el('div', { class: 'toolbar wish-mode', role: 'radiogroup', 'aria-label': 'How to say the wish' }, radio('quick', 'Quick', memory.quick), radio('full', 'Every requirement', !memory.quick));
  const quickBox = el('div', { class: 'params wish-quick' });
  const fullBox = el('div', { class: 'params wish-full' });
  host.append(modes, quickBox, fullBox);

  field(quickBox, 'responseTime', 'response time', 's', { min: 0.05, max: 5, scale: 'log', minExclusive: true });
  field(quickBox, 'robustness', 'robustness (lively ↔ robust)', '', { min: 0, max: 1, scale: 'linear' });
  quickBox.append(el('p', { class: 'caption' }, 'Response time is the settle time. More robustness allows less overshoot and asks the same numbers to hold for a body up to half or twice as heavy.'));

  field(fullBox, 'settle', 'settle within', 's', { min: 0.05, max: 5, scale: 'log', minExclusive: true });
  field(fullBox, 'overshoot', 'overshoot at most', '%', { min: 0, max: 50, scale: 'linear' });
  const limit = check(fullBox, 'limit', `limit the peak ${effort}`);
  const effortBox = el('div');
  fullBox.append(effortBox);
  field(effortBox, 'effort', `peak ${effort} at most`, effortUnit, { min: 1, max: 10000, scale: 'log', minExclusive: true });
  field(fullBox, 'massSpread', 'the same numbers for a mass off by up to ×', '', { min: 1, max: 4, scale: 'linear' });
  const stepRange = check(fullBox, 'stepRange', 'and at half and twice the step');
  // A field is shown only while it asks something: the force limit while its box is
  // ticked, the quick sliders or the requirements as the mode says.
  const sync = () => {
    effortBox.hidden = !limit.checked;
    memory.quick = (modes.querySelector(`#${modeName}-quick`) as HTMLInputElement).checked;
    quickBox.hidden = !memory.quick;
    fullBox.hidden = memory.quick;
  };
  limit.addEventListener('change', sync);
  modes.addEventListener('change', () => {
    sync();
    onChange();
  });
  sync();

  return {
    read(quick) {
      if (!quickBox.hidden) return quick(v.responseTime, v.robustness);
      return {
        requirements: { settle: v.settle, overshoot: v.overshoot / 100, maxEffort: limit.checked ? v.effort : null },
        robustness: { massFactors: [1 / v.massSpread, v.massSpread], stepRange: stepRange.checked },
      };
    },
  };
}
