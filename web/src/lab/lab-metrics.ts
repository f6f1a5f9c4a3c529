/**
 * The Lab's step-metrics table: per series, rise and settling time, overshoot,
 * steady-state error, IAE and peak effort, as the core measures them, and whether the
 * body diverged (with the core's reason). With a second target step the run holds two
 * step responses, and the core measures each on its own (`Lab::step_responses`, times
 * from its step): the table then has a group of rows per step, each headed by the
 * step it measures. It is also the text version of the plots.
 */
import { el } from '../ui/dom';
import type { StepResponse } from '../core/wasm';
import { formatNumber } from '../ui/params';
import { effortOf, unitOf } from './lab-dom';

/** One row's series: its name, its swatch colour and why it stopped, if it did. */
export interface MetricsRow {
  label: string;
  color: string;
  failure: string | undefined;
}

/** Fills `table` with the metrics of each step of `steps` (one per row of `rows` in each) for a run on `plant`. */
export function fillMetrics(table: HTMLTableElement, plant: string, steps: readonly StepResponse[], rows: readonly MetricsRow[]): void {
  const unit = unitOf(plant);
  const effort = effortOf(plant);
  const columns = ['controller', 'rise (s)', 'settle (s)', 'overshoot (%)', `steady-state error (${unit})`, `IAE (${unit}·s)`, `peak ${effort}`, 'diverged?'];
  const head = el('tr', {}, ...columns.map((h) => el('th', { scope: 'col' }, h)));
  const groups = steps.map((step, s) => {
    const body = el('tbody', {});
    body.dataset.step = String(s + 1);
    if (steps.length > 1) {
      const at = s === 0 ? 'from the start' : `at ${formatNumber(step.at)} s, times from the step`;
      body.append(el('tr', { class: 'metrics-step' }, el('th', { scope: 'colgroup', colspan: columns.length }, `Step ${s + 1}: target ${formatNumber(step.from)} → ${formatNumber(step.to)} ${unit} ${at}`)));
    }
    rows.forEach((row, k) => {
      const r = step.metrics[k]!;
      const swatch = el('span', { class: 'swatch' });
      swatch.style.background = row.color;
      body.append(
        el('tr', {}, el('th', { scope: 'row' }, swatch, row.label), ...[r.riseTime, r.settlingTime, r.overshootPercent, r.steadyStateError, r.iae, r.peakEffort].map((v) => el('td', {}, v === null ? 'not reached' : formatNumber(v))), el('td', {}, r.diverged ? `yes${row.failure ? `: ${row.failure}` : ''}` : 'no')),
      );
    });
    return body;
  });
  const caption = steps.length > 1 ? 'Step metrics so far, for each step of the target (the text version of the plots)' : 'Step metrics so far (the text version of the plots)';
  table.replaceChildren(el('caption', {}, caption), el('thead', {}, head), ...groups);
}
