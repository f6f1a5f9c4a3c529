/**
 * "Tune for me" on a Lab card: the reader says what the card's law should do after the
 * target steps from 0 to 1 (settle within so many seconds, overshoot at most so much,
 * optionally never push harder than so many newtons) on the Lab's body, step,
 * integrator and constant force; the core's tuner (`forcelab::design`) finds the
 * gentlest gains that do it, says what the Lab will measure and with what margin, or,
 * when nothing can, which wish binds and the nearest one that can be met. "Apply" puts
 * the gains on the card and runs the Lab again. This module loads when a reader first
 * opens the panel, and the tuner (core/design-wasm.ts) when they first ask.
 */
import { el } from '../ui/dom';
import { formatNumber, formatPoles } from '../ui/params';
import { freshWish, nearestSentence, responseClause, wishForm, type WishMemory } from '../ui/wish-form';
import type { Design, Requirements, TuneRequest } from '../core/design-wasm';
import { regionMap, type RegionData } from '../ui/region-map';
import type { Forbidden, Robustness } from '../core/wish';
import { plantEntry, type PlantEntry } from '../core/catalogue';

import type { LabEditor } from './lab-editor';
import { activeOptions } from './law-options';

/**
 * The plants beyond the Lab's own that the wish's robustness asks the gains to hold on,
 * as a phrase (" at every mass from 0.5556 to 1.8 kg"), or '' when it asks for none.
 */
export function plantsPhrase(mass: number, robustness: Robustness | undefined): string {
  if (!robustness) return '';
  const [low, high] = robustness.massFactors;
  const masses = low !== 1 || high !== 1 ? ` at every mass from ${formatNumber(mass * Math.min(low, 1))} to ${formatNumber(mass * Math.max(high, 1))} kg` : '';
  const steps = robustness.stepRange ? `${masses ? ',' : ''} at half and twice the step` : '';
  return `${masses}${steps}`;
}

/**
 * What the tuner found, in a sentence or two, the effort named as the body's (`force`,
 * N; `torque`, N·m). What the Lab will measure is the run at its own mass and step
 * (`nominal`); when the wish asks for robustness, the worst over the other plants
 * (`predicted`, what the wish is checked on) is said apart, labelled as such.
 */
function describe(d: Design, wish: Requirements, plant: PlantEntry, mass: number, where: string): string {
  const clause = (r: Design['predicted']) => responseClause(r, plant.effort, plant.effortUnit);
  const atMass = `at its mass (${formatNumber(mass)} kg) the Lab will measure that it ${clause(d.nominal)}`;
  const worst = where ? ` The worst${where}, which the wish is checked on: it ${clause(d.predicted)}.` : '';
  if (d.feasible) return `These gains meet the wish${where}: ${atMass}.${worst}${polesSentence(d.poles)}`;
  return `Nothing meets this wish${where}: the ${d.binding?.replace('_', ' ') ?? 'settle'} requirement binds. With the closest gains, ${atMass}.${worst}${nearestSentence(d.nearest, wish, plant.effort, plant.effortUnit)}`;
}

/** The closed loop's poles in a clause (one of each conjugate pair), the slowest first: it sets how fast the error dies (as |z|^n after n steps). */
function polesSentence(poles: Design['poles']): string {
  if (!poles?.length) return '';
  return ` Poles of the sampled loop (z): ${formatPoles(poles)}; the slowest, |z| = ${formatNumber(Math.hypot(poles[0]!.re, poles[0]!.im))}, sets how fast the error dies.`;
}

/** A panel's state, kept while "Apply" rebuilds the cards: the wish and the answer shown. */
interface Kept {
  wish: WishMemory;
  found: Design | null;
  text: string;
  request: TuneRequest | null;
  /** The region around `found`, once computed: a rebuilt card redraws it without rerunning it. */
  region: RegionData | null;
}
const kept = new Map<string, Kept>();

/** The tuner's module, loaded the first time a reader asks for gains (a figure embedded in a post does not carry it). */
let design: typeof import('../core/design-wasm') | null = null;

/**
 * Fills the panel of card `k` (`lab-tune-panel.ts` makes it, closed, and loads this
 * module when it is first opened); `apply` puts gains on the card (and reruns the Lab),
 * `shade` shows on the plots the regions the wish forbids (null: none).
 */
export function fillTunePanel(panel: HTMLDetailsElement, k: number, editor: LabEditor, apply: (gains: Design['gains']) => void, shade: (regions: Forbidden[] | null) => void): void {
  const { state, prefix: p } = editor;
  const key = `${p}${k}:${state.laws[k]!.kind}`;
  const memory: Kept = kept.get(key) ?? { wish: freshWish(), found: null, text: '', request: null, region: null };
  kept.set(key, memory);
  const find = el('button', { type: 'button' }, 'Find gains');
  const applyButton = el('button', { type: 'button', disabled: true }, 'Apply');
  const result = el('p', { class: 'tune-result' });
  result.setAttribute('aria-live', 'polite');
  // The question the Lab asks now, but for the wish: an answer found for another one
  // (the integrator, mass, step or the card's settings changed since) is stale.
  const question = (): Omit<TuneRequest, 'requirements' | 'robustness'> => ({
    plant: state.plant,
    law: state.laws[k]!.kind,
    // The candidates run with the card's settings (an output clamp, a window), as the Lab runs them.
    options: activeOptions(state.laws[k]!.kind, state.laws[k]!.options),
    mass: state.mass,
    dt: state.dt,
    integrator: state.integrator,
    load: state.disturbances.constantForce,
    // The Lab measures its whole run; so does the tuner.
    duration: state.horizon,
  });
  const asksNow = (r: TuneRequest | null) =>
    r !== null && Object.entries(question()).every(([key, v]) => JSON.stringify(r[key as keyof TuneRequest]) === JSON.stringify(v));
  const map = el('div', { class: 'region-map' });
  // What the panel shows of an answer: its sentence, whether it can be applied, its
  // shading, and where around it the wish can be met (drawn a frame later: it is a few
  // hundred more runs).
  const show = (found: Design | null, text: string, request: TuneRequest | null = memory.request) => {
    if (memory.found !== found) memory.region = null;
    memory.found = found;
    memory.text = text;
    memory.request = request;
    applyButton.disabled = !found;
    result.textContent = text;
    result.dataset.feasible = found ? String(found.feasible) : '';
    shade(found ? found.forbidden : null);
    map.replaceChildren();
    delete map.dataset.region;
    if (!found || !request || !(found.gains.kp > 0 && found.gains.kd > 0)) return;
    requestAnimationFrame(() => {
      if (memory.found !== found) return;
      try {
        const law = state.laws[k]!;
        memory.region ??= design!.regionOf(request, found.gains, 10, 21);
        regionMap(map, memory.region, found.gains, { kp: law.kp, kd: law.kd }, plantsPhrase(request.mass, request.robustness), (g) => pickGains(g));
      } catch (error) {
        map.textContent = error instanceof Error ? error.message : String(error);
      }
    });
  };
  // A cell picked on the region map goes on the card as it is (the answer's ki kept).
  const pickGains = (g: { kp: number; kd: number }) => apply({ ...g, ki: memory.found?.gains.ki ?? 0 });
  // A wish changed after "Find gains" makes the gains found stale: they cannot be applied.
  const stale = () => show(null, '', null);
  const body = plantEntry(state.plant);
  const form = wishForm(panel, `${p}tune-${k}-`, body.effortUnit, stale, memory.wish, body.effort);
  panel.append(el('div', { class: 'buttons' }, find, applyButton), result, map);
  find.addEventListener('click', async () => {
    find.disabled = true;
    try {
      design ??= await import('../core/design-wasm');
      await design.loadDesign();
    } catch (error) {
      result.textContent = `The tuner could not load: ${error instanceof Error ? error.message : String(error)}`;
      return;
    } finally {
      find.disabled = false;
    }
    try {
      const { requirements, robustness } = form.read(design.quickWishOf);
      const request: TuneRequest = { ...question(), requirements, robustness };
      const found = design.tuneLaw(request);
      const g = found.gains;
      const where = plantsPhrase(request.mass, robustness);
      show(found, `kp ${formatNumber(g.kp)} N/m, kd ${formatNumber(g.kd)} N·s/m${g.ki ? `, ki ${formatNumber(g.ki)} N/(m·s)` : ''}. ${describe(found, requirements, body, request.mass, where)}`, request);
    } catch (error) {
      show(null, error instanceof Error ? error.message : String(error), null);
    }
  });
  applyButton.addEventListener('click', () => {
    if (!memory.found) return;
    if (!asksNow(memory.request)) {
      show(null, 'The Lab’s body, mass, step, integrator, force or run, or this card’s settings, changed since these gains were found: Find gains again.', null);
      return;
    }
    apply(memory.found.gains);
  });
  // A rebuilt card shows the answer it had, if it still answers the Lab's question.
  if (memory.found && asksNow(memory.request)) show(memory.found, memory.text);
  else if (memory.found) stale();
}
