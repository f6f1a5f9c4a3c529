/**
 * The Lab's run as CSV: one row per recorded step, every number at full precision
 * (JavaScript's shortest round-trip form), so a spreadsheet or a script reads back the
 * exact doubles the page plotted.
 */
import type { LabSnapshot } from '../core/wasm';

/** Units of the run's primary coordinate and of its effort. */
export interface CsvUnits {
  /** `m` for the cube and the plate, `rad` for the box. */
  position: string;
  /** `N` or `N·m`. */
  effort: string;
}

/** A double as CSV text that reads back to the same double, the sign of zero included (`String(-0)` is "0"). */
export function csvNumber(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
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
    lines.push(row.map(csvNumber).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** One plot's data as the CSV export reads it: its title, y unit, series names and columns (time first). */
export interface PlottedData {
  title: string;
  yLabel: string;
  series: readonly { label: string }[];
  columns: readonly (readonly number[])[];
}

/**
 * A figure's plots as one CSV: `time (s)`, then one column per series named
 * `plot title: series (unit)`. Plots sampled at the same times share the time column;
 * a plot sampled at other times gets its own, and the shorter columns end empty.
 */
export function plotsCsv(plots: readonly PlottedData[]): string {
  const header: string[] = [];
  const columns: (readonly number[])[] = [];
  let time: readonly number[] | undefined;
  for (const plot of plots) {
    const [t = [], ...ys] = plot.columns;
    const same = time !== undefined && time.length === t.length && time.every((v, r) => v === t[r]);
    if (!same) {
      header.push(time === undefined ? 'time (s)' : `${plot.title}: time (s)`);
      columns.push(t);
      time = t;
    }
    plot.series.forEach((s, k) => {
      header.push(`${plot.title}: ${s.label} (${plot.yLabel})`);
      columns.push(ys[k] ?? []);
    });
  }
  const rows = Math.max(0, ...columns.map((c) => c.length));
  const lines = [header.map(csvField).join(',')];
  for (let r = 0; r < rows; r++) lines.push(columns.map((c) => (r < c.length ? csvNumber(c[r]!) : '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A cell of a table figure: a number (full precision), a text, or nothing (an empty field). */
export type TableCell = number | string | null;

/** A table figure's data as CSV: the header, then each row; numbers at full precision. */
export function tableCsv(header: readonly string[], rows: readonly (readonly TableCell[])[]): string {
  const cell = (c: TableCell) => (c === null ? '' : typeof c === 'number' ? csvNumber(c) : csvField(c));
  return `${[header.map(csvField).join(','), ...rows.map((r) => r.map(cell).join(','))].join('\r\n')}\r\n`;
}
