/**
 * The Lab's run as CSV: one row per recorded step, every number at full precision
 * (JavaScript's shortest round-trip form), so a spreadsheet or a script reads back the
 * exact doubles the page plotted.
 */
import type { LabSnapshot } from '../wasm';

/** Units of the run's primary coordinate and of its effort. */
export interface CsvUnits {
  /** `m` for the cube and the plate, `rad` for the box. */
  position: string;
  /** `N` or `N·m`. */
  effort: string;
}

/** A field quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Columns: `time (s)`, `target (unit)`, then per controller its position, velocity,
 * effort and the four terms (p, i, d, ff) of that effort.
 */
export function traceCsv(snap: LabSnapshot, names: readonly string[], units: CsvUnits): string {
  const { n, rows } = snap;
  const rate = units.position === 'rad' ? 'rad/s' : 'm/s';
  const header = ['time (s)', `target (${units.position})`];
  for (const name of names.slice(0, n)) {
    header.push(
      `${name} position (${units.position})`,
      `${name} velocity (${rate})`,
      `${name} effort (${units.effort})`,
      `${name} p (${units.effort})`,
      `${name} i (${units.effort})`,
      `${name} d (${units.effort})`,
      `${name} ff (${units.effort})`,
    );
  }
  const lines = [header.map(csvField).join(',')];
  for (let r = 0; r < rows; r++) {
    const row: number[] = [snap.time[r]!, snap.target[r]!];
    for (let k = 0; k < n; k++) {
      const at = r * n + k;
      row.push(snap.x[at]!, snap.v[at]!, snap.force[at]!, snap.p[at]!, snap.i[at]!, snap.d[at]!, snap.ff[at]!);
    }
    lines.push(row.map(String).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
