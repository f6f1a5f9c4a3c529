/**
 * Tune for me on chapter 10: one wish ("settle in 0.5 s, no overshoot"), and for every
 * engine API at its default settings, on the translator's body and step, the numbers
 * that do it, found by running that engine's own step (its twin, checked against the
 * real engine) rather than the continuous spring its documentation assumes. "Apply"
 * writes a row's intent into the translator and shows that engine in the panel below,
 * with the wish's forbidden regions shaded. The core tunes (`forcelab::design::engine`,
 * in the tuner's module, loaded on the first "Find"); this file lays the answers out.
 */
import type { Intent } from '../core/engines-wasm';
import { engineList } from './engine-answers';
import type { EngineDesign } from '../core/design-wasm';
import { el } from '../ui/dom';
import { formatNumber } from '../ui/params';
import { nearestSentence, responseClause, wishForm } from '../ui/wish-form';
import { parametersText } from '../ui/parameters-text';

/** What one row says of an engine's answer. */
function verdict(d: EngineDesign, angular: boolean, asked: EngineDesign['margins']): string {
  const [effort, unit] = angular ? ['torque', 'N·m'] : ['force', 'N'];
  const does = responseClause(d.predicted, effort, unit);
  if (d.feasible) return `meets the wish: it ${does}`;
  return `nothing meets it (${d.binding?.replace('_', ' ') ?? 'settle'} binds); the closest ${does}.${nearestSentence(d.nearest, asked, effort, unit)}`;
}

/**
 * The section in `host`: `intent()` gives the translator's body, step and kind;
 * `apply(d)` takes a row's answer (its frequency and damping ratio, its engine);
 * `forget()` hears that the wish changed (what was shaded for it is stale).
 */
export function engineTune(host: HTMLElement, intent: () => Intent, apply: (d: EngineDesign) => void, forget: () => void): void {
  const find = el('button', { type: 'button', class: 'engine-tune-find' }, 'Find numbers for every engine');
  const status = el('p', { class: 'tune-result', role: 'status', 'aria-live': 'polite' });
  const table = el('table', { class: 'readout engine-tune-table' });
  const stale = () => {
    table.replaceChildren();
    status.textContent = '';
    delete host.dataset.answers;
    forget();
  };
  host.append(
    el('p', { class: 'caption' }, 'Say what the drive should do after its target steps from 0 to 1 (m, or rad for a rotational drive), on the body and step set above. For each engine at its default settings the tuner runs the engine’s own step, so the numbers account for its solver.'),
  );
  const form = wishForm(host, 'engine-tune-', 'N (N·m turning)', stale);
  host.append(el('div', { class: 'buttons' }, find), status, el('div', { class: 'table-scroll' }, table));

  find.addEventListener('click', async () => {
    find.disabled = true;
    stale();
    try {
      // The tuner is a module of its own, fetched the first time a reader asks (its
      // JavaScript too: 3.4 KB gzipped of chapter 10's first visit otherwise).
      status.textContent = 'Loading the tuner…';
      const { loadDesign, quickWishOf, tuneEngineDrive } = await import('../core/design-wasm');
      await loadDesign();
      const { requirements, robustness } = form.read(quickWishOf);
      const { mass, dt, angular } = intent();
      const answers: EngineDesign[] = [];
      const body = el('tbody');
      table.replaceChildren(
        el('caption', {}, 'One wish, each engine’s own numbers at its default settings'),
        el('thead', {}, el('tr', {}, ...['engine and API', 'numbers that meet the wish', 'what the engine then does', ''].map((h) => el('th', { scope: 'col' }, h)))),
        body,
      );
      for (const e of engineList()) {
        status.textContent = `Tuning ${e.api}…`;
        // One engine per frame: the rows appear as they are found and the page stays responsive.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const d = tuneEngineDrive({ engine: e.id, mass, dt, angular, requirements, robustness });
        answers.push(d);
        const applyRow = el('button', { type: 'button', 'data-apply': e.id }, 'Apply');
        applyRow.addEventListener('click', () => apply(d));
        body.append(
          el(
            'tr',
            { 'data-entry': e.id, 'data-feasible': String(d.feasible) },
            el('th', { scope: 'row' }, e.api),
            el('td', {}, parametersText(d.parameters)),
            el('td', {}, verdict(d, angular, requirements)),
            el('td', {}, applyRow),
          ),
        );
      }
      const met = answers.filter((d) => d.feasible).length;
      const [low, high] = robustness.massFactors;
      const worst = low === 1 && high === 1 ? '' : ` Each row is the worst case over a body of ${formatNumber(mass * low)} to ${formatNumber(mass * high)} ${angular ? 'kg·m²' : 'kg'} with the same numbers.`;
      status.textContent = `${met} of ${answers.length} engine APIs meet the wish at their default settings. The numbers differ because each engine steps the spring its own way.${worst}`;
      host.dataset.answers = JSON.stringify(answers.map((d) => ({ id: d.id, feasible: d.feasible, frequency: d.frequency, dampingRatio: d.dampingRatio, predicted: d.predicted })));
    } catch (error) {
      table.replaceChildren();
      status.textContent = error instanceof Error ? error.message : String(error);
    } finally {
      find.disabled = false;
    }
  });
}
