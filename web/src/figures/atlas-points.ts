/**
 * The atlas's laws without gains (the one-step laws). On a body at rest each is the
 * forward PD at gains the step sets, so under each integrator it is one point of the
 * forward PD's map: the core places it (`AtlasPoint`), and this draws a ring there on
 * that map, focusable, and a table of every point, or of why the law refuses the
 * integrator.
 */
import { lawEntry } from '../core/catalogue';
import type { AtlasPointEntry, AtlasSpec } from '../core/analysis-wasm';
import { formatNumber } from '../ui/params';
import { el } from '../ui/dom';
import { alongSide } from '../plot/atlas-axis';

/** What a point's radius means for the body, in words. */
export function pointVerdict(radius: number, stableLimit: number): string {
  if (radius > stableLimit) return 'unstable: the error grows each step';
  // On the unit circle a mode neither shrinks nor grows: the law never settles.
  if (radius >= 1 - 1e-9) return 'on the unit circle: the error never dies out';
  return radius < 1e-9 ? 'deadbeat: on the target after one step, at rest after two' : 'stable: the error shrinks each step';
}

/**
 * Rings on the maps that hold the points (`frames`: each map's canvas frame, by
 * "law,integrator") at each point, and the table of them. `show` is called when a ring is pointed at or
 * focused.
 */
export function placePoints(
  entries: AtlasPointEntry[],
  spec: AtlasSpec,
  frames: Map<string, HTMLElement>,
  integratorName: (id: string) => string,
  stableLimit: number,
  show: (entry: AtlasPointEntry) => void,
): HTMLElement {
  const name = (law: string) => lawEntry(law)?.shortLabel ?? law;
  for (const entry of entries) {
    const frame = frames.get(`${entry.map},${entry.integrator}`);
    if (!entry.point || !frame) continue;
    const ring = el('button', {
      type: 'button',
      class: 'atlas-point',
      'data-law': entry.law,
      'aria-label': `${name(entry.law)} under ${integratorName(entry.integrator)}: the forward PD at kp h²/m = ${formatNumber(entry.point.kpDt2)}, kd h/m = ${formatNumber(entry.point.kdDt)}`,
    });
    ring.style.left = `${alongSide(entry.point.kdDt, spec) * 100}%`;
    ring.style.bottom = `${alongSide(entry.point.kpDt2, spec) * 100}%`;
    for (const event of ['pointerenter', 'focus']) ring.addEventListener(event, () => show(entry));
    frame.append(ring);
  }
  const rows = entries.map((e) =>
    el(
      'tr',
      { 'data-law': e.law, 'data-integrator': e.integrator },
      el('td', {}, name(e.law)),
      el('td', {}, integratorName(e.integrator)),
      ...(e.point
        ? [
            el('td', {}, formatNumber(e.point.kpDt2)),
            el('td', {}, formatNumber(e.point.kdDt)),
            el('td', {}, formatNumber(e.point.radius)),
            el('td', {}, pointVerdict(e.point.radius, stableLimit)),
          ]
        : [el('td', { colspan: 4 }, `No point: ${e.refused ?? 'the law refuses this integrator'}.`)]),
    ),
  );
  return el(
    'figure',
    { class: 'atlas-points' },
    el(
      'table',
      {},
      el('caption', {}, `Laws without gains: the step sets them, so each is one point (a ring) on the ${name(entries[0]?.map ?? '')} map.`),
      el('thead', {}, el('tr', {}, ...['law', 'integrator', 'kp h²/m', 'kd h/m', 'spectral radius', 'what it does'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows),
    ),
  );
}
