/**
 * The export bar of a chapter's animated figure: its plots as they stand (the window
 * of time they hold) as one CSV, every number at full precision, and as a picture
 * (PNG as drawn, or SVG). Pausing first gives a file that matches the screen.
 */
import { plotsCsv, tableCsv, type TableCell } from '../export/csv';
import { download } from '../export/download';
import { stackedPng } from '../export/png';
import { plotsSvg } from '../export/svg';
import type { ResponsePlot } from '../plot/response-plot';
import type { TracePlot } from '../plot/trace-plot';
import { el } from '../ui/dom';

/** The bar; `name` goes into the file names (`forcelab-<name>.csv`). */
export function figureExport(name: string, plots: () => readonly ResponsePlot[]): HTMLElement {
  return plotsExport(name, () =>
    plots().map((p) => {
      p.redraw();
      return p.trace;
    }),
  );
}

/** The same bar for plots drawn as they are (a figure that is not animated). */
export function plotsExport(name: string, plots: () => readonly TracePlot[]): HTMLElement {
  const status = el('span', { class: 'export-status', role: 'status' });
  const button = (text: string, act: () => Promise<string> | string) => {
    const b = el('button', { type: 'button' }, text);
    b.addEventListener('click', async () => {
      status.textContent = await act();
    });
    return b;
  };
  const file = (ext: string) => `forcelab-${name}.${ext}`;
  return el(
    'div',
    { class: 'toolbar figure-export', role: 'group', 'aria-label': 'Export' },
    button('Download CSV', () => {
      const data = plots().map((t) => t.described());
      download(file('csv'), new Blob([plotsCsv(data)], { type: 'text/csv' }));
      return `Saved ${data[0]?.columns[0]?.length ?? 0} rows as ${file('csv')}.`;
    }),
    button('Plots as PNG', async () => {
      const blob = await stackedPng(plots().map((t) => t.canvas));
      if (!blob) return 'This browser could not draw the plots into a PNG.';
      download(file('png'), blob);
      return `Saved the plots as ${file('png')}.`;
    }),
    button('Plots as SVG', () => {
      download(file('svg'), new Blob([plotsSvg(plots().map((t) => ({ ...t.described(), height: 320 })))], { type: 'image/svg+xml' }));
      return `Saved the plots as ${file('svg')}.`;
    }),
    status,
  );
}

/** A table figure's data: its column names and rows, the numbers as computed. */
export interface TableData {
  header: readonly string[];
  rows: readonly (readonly TableCell[])[];
}

/** The export bar of a figure whose data is a table: the table as CSV, every number at full precision. */
export function tableExport(name: string, data: () => TableData): HTMLElement {
  const status = el('span', { class: 'export-status', role: 'status' });
  const button = el('button', { type: 'button' }, 'Download CSV');
  button.addEventListener('click', () => {
    const { header, rows } = data();
    download(`forcelab-${name}.csv`, new Blob([tableCsv(header, rows)], { type: 'text/csv' }));
    status.textContent = `Saved ${rows.length} rows as forcelab-${name}.csv.`;
  });
  return el('div', { class: 'toolbar figure-export', role: 'group', 'aria-label': 'Export' }, button, status);
}

/**
 * A figure's files and link, folded under one line: one click away, out of the reading
 * flow (a Lab figure folds its metrics the same way).
 */
export function foldedExports(...parts: HTMLElement[]): HTMLElement {
  return el('details', { class: 'figure-more' }, el('summary', {}, 'Data, pictures and link'), ...parts);
}
