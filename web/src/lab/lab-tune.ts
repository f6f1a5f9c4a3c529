/**
 * "Tune for me" on a Lab card: the reader says what the card's law should do after the
 * target steps from 0 to 1 (settle within so many seconds, overshoot at most so much,
 * optionally never push harder than so many newtons) on the Lab's body, step,
 * integrator and constant force; the core's tuner (`forcelab::design`) finds the
 * gentlest gains that do it, says what the Lab will measure and with what margin, or,
 * when nothing can, which wish binds and the nearest one that can be met. "Apply" puts
 * the gains on the card and runs the Lab again. The tuner is a module of its own
 * (core/design-wasm.ts), fetched the first time a reader asks.
 */
import { paramControl } from '../ui/controls';
import { formatNumber, type ParamDef } from '../ui/params';
import { loadDesign, tuneLaw, type Design, type Requirements } from '../core/design-wasm';
import { element } from './lab-dom';
import type { LabEditor } from './lab-editor';

/** A time, or "never" for one the response never reaches. */
const seconds = (t: number | null | undefined) => (t === null || t === undefined ? 'never' : `${formatNumber(t)} s`);

/** What the tuner found, in a sentence or two. */
function describe(d: Design, wish: Requirements): string {
  const p = d.predicted;
  const measured = `settles in ${seconds(p.settle)}, overshoot ${formatNumber(p.overshoot * 100)} %, peak force ${formatNumber(p.peakEffort)} N`;
  if (d.feasible) return `These gains meet the wish: the Lab will measure that it ${measured}.`;
  const n = d.nearest;
  const nearest = n
    ? ` The nearest wish these gains meet: settle within ${seconds(n.settle)}, overshoot at most ${formatNumber((n.overshoot ?? wish.overshoot ?? 0) * 100)} %${n.maxEffort ? `, peak force at most ${formatNumber(n.maxEffort)} N` : ''}.`
    : '';
  return `Nothing meets this wish: the ${d.binding?.replace('_', ' ') ?? 'settle'} requirement binds. The closest gains: it ${measured}.${nearest}`;
}

/** The panel of card `k`; `apply` puts gains on the card (and reruns the Lab). */
export function tunePanel(k: number, editor: LabEditor, apply: (gains: Design['gains']) => void): HTMLElement {
  const { state, prefix: p } = editor;
  const panel = element('details', { className: 'tune' });
  panel.append(element('summary', { textContent: 'Tune for me' }));
  const fields = element('div', { className: 'params' });
  panel.append(fields);
  const find = element('button', { type: 'button', textContent: 'Find gains' });
  const applyButton = element('button', { type: 'button', textContent: 'Apply', disabled: true });
  const result = element('p', { className: 'tune-result' });
  result.setAttribute('aria-live', 'polite');
  let found: Design | null = null;
  const wish = { settle: 1, overshoot: 2, effort: 100 };
  // A wish changed after "Find gains" makes the gains found stale: they cannot be applied.
  const stale = () => {
    found = null;
    applyButton.disabled = true;
    result.textContent = '';
    result.dataset.feasible = '';
  };
  const wishField = (host: HTMLElement, name: keyof typeof wish, label: string, unit: string, range: Pick<ParamDef, 'min' | 'max' | 'scale' | 'minExclusive'>) =>
    paramControl(host, { key: `${p}tune-${k}-${name}`, label, unit, initial: wish[name], ...range }, wish[name], (v) => {
      wish[name] = v;
      stale();
    });
  wishField(fields, 'settle', 'settle within', 's', { min: 0.05, max: 5, scale: 'log', minExclusive: true });
  wishField(fields, 'overshoot', 'overshoot at most', '%', { min: 0, max: 50, scale: 'linear' });
  const limit = element('input', { type: 'checkbox', id: `${p}tune-${k}-limit` });
  fields.append(element('div', { className: 'field check' }, limit, element('label', { htmlFor: limit.id, textContent: 'limit the peak force' })));
  const effortBox = element('div');
  fields.append(effortBox);
  wishField(effortBox, 'effort', 'peak force at most', 'N', { min: 1, max: 10000, scale: 'log', minExclusive: true });
  // The force limit is asked only while its box is ticked: its field is shown only then,
  // as the dive shows its noise seed only with noise.
  const syncLimit = () => (effortBox.hidden = !limit.checked);
  limit.addEventListener('change', () => {
    syncLimit();
    stale();
  });
  syncLimit();
  panel.append(element('div', { className: 'buttons' }, find, applyButton), result);
  find.addEventListener('click', async () => {
    find.disabled = true;
    try {
      await loadDesign();
    } catch (error) {
      result.textContent = `The tuner could not load: ${error instanceof Error ? error.message : String(error)}`;
      return;
    } finally {
      find.disabled = false;
    }
    const requirements: Requirements = { settle: wish.settle, overshoot: wish.overshoot / 100, maxEffort: limit.checked ? wish.effort : null };
    try {
      found = tuneLaw({
        law: state.laws[k]!.kind,
        mass: state.mass,
        dt: state.dt,
        integrator: state.integrator,
        load: state.disturbances.constantForce,
        // The Lab measures its whole run; so does the tuner.
        duration: state.horizon,
        requirements,
      });
      const g = found.gains;
      result.dataset.feasible = String(found.feasible);
      result.textContent = `kp ${formatNumber(g.kp)} N/m, kd ${formatNumber(g.kd)} N·s/m${g.ki ? `, ki ${formatNumber(g.ki)} N/(m·s)` : ''}. ${describe(found, requirements)}`;
      applyButton.disabled = false;
    } catch (error) {
      found = null;
      applyButton.disabled = true;
      result.dataset.feasible = '';
      result.textContent = error instanceof Error ? error.message : String(error);
    }
  });
  applyButton.addEventListener('click', () => {
    if (found) apply(found.gains);
  });
  return panel;
}
