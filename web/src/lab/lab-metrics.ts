/**
 * The Lab's step-metrics table: per series, rise and settling time, overshoot,
 * steady-state error, IAE and peak effort, as the core measures them (`Lab::metrics`),
 * and whether the body diverged (with the core's reason). It is also the text version
 * of the plots.
 */
import type { Metrics } from '../core/wasm';
import { formatNumber } from '../ui/params';
import { effortOf, element, unitOf } from './lab-dom';

/** One row's series: its name, its swatch colour and why it stopped, if it did. */
export interface MetricsRow {
  label: string;
  color: string;
  failure: string | undefined;
}

/** Fills `table` with `metrics` (one per row of `rows`) for a run on `plant`. */
export function fillMetrics(table: HTMLTableElement, plant: string, metrics: readonly Metrics[], rows: readonly MetricsRow[]): void {
  const unit = unitOf(plant);
  const effort = effortOf(plant);
  const head = element('tr', {}, ...['controller', 'rise (s)', 'settle (s)', 'overshoot (%)', `steady-state error (${unit})`, `IAE (${unit}·s)`, `peak ${effort}`, 'diverged?'].map((h) => element('th', { scope: 'col', textContent: h })));
  const body = element('tbody');
  rows.forEach((row, k) => {
    const r = metrics[k]!;
    const swatch = element('span', { className: 'swatch' });
    swatch.style.background = row.color;
    body.append(
      element('tr', {},
        element('th', { scope: 'row' }, swatch, row.label),
        ...[r.riseTime, r.settlingTime, r.overshootPercent, r.steadyStateError, r.iae, r.peakEffort].map((v) => element('td', { textContent: v === null ? 'not reached' : formatNumber(v) })),
        element('td', { textContent: r.diverged ? `yes${row.failure ? `: ${row.failure}` : ''}` : 'no' }),
      ),
    );
  });
  table.replaceChildren(element('caption', { textContent: 'Step metrics so far (the text version of the plots)' }), element('thead', {}, head), body);
}
