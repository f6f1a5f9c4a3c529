/**
 * A figure's export bar (the one bar, `export/export-bar.ts`): its plots as they stand
 * (the window of time they hold) as one CSV and as a picture, or its table as CSV.
 * Pausing first gives a file that matches the screen.
 */
import { exportBar, pictureChoices, plotsCsvChoice, tableChoice, type TableData } from '../export/export-bar';
import type { ResponsePlot } from '../plot/response-plot';
import type { TracePlot } from '../plot/trace-plot';
import { el } from '../ui/dom';

/** The bar of an animated figure; `name` goes into the file names (`forcelab-<name>.csv`). */
export function figureExport(name: string, plots: () => readonly ResponsePlot[]): DocumentFragment {
  return plotsExport(name, () =>
    plots().map((p) => {
      p.redraw();
      return p.trace;
    }),
  );
}

/** The same bar for plots drawn as they are (a figure that is not animated). */
export function plotsExport(name: string, plots: () => readonly TracePlot[]): DocumentFragment {
  const base = `forcelab-${name}`;
  return exportBar(`Export: ${name}`, [plotsCsvChoice(() => `${base}.csv`, () => plots().map((t) => t.described())), ...pictureChoices('Plots', () => base, plots)]);
}

/** The export bar of a figure whose data is a table: the table as CSV, every number at full precision. */
export function tableExport(name: string, data: () => TableData): DocumentFragment {
  return exportBar(`Export: ${name}`, [tableChoice(() => `forcelab-${name}.csv`, data)]);
}

/**
 * A figure's files and link, folded under one line: one click away, out of the reading
 * flow (a Lab figure folds its metrics the same way).
 */
export function foldedExports(...parts: Node[]): HTMLElement {
  return el('details', { class: 'figure-more' }, el('summary', {}, 'Data, pictures and link'), ...parts);
}
