/**
 * The one export bar every figure and the Lab carry: a button per file a reader can take
 * home (the data as CSV, every number at full precision; the plots as PNG, as drawn, or
 * as SVG) and a status line that says what was saved. The CSV and SVG writers load when
 * first asked for: a figure embedded in a post does not carry them.
 */
import { el } from '../ui/dom';
import { download } from './download';
import type { PlottedData, TableCell } from './csv';
import type { SvgPlot } from './svg';
import type { TracePlot } from '../plot/trace-plot';

/** One button of the bar. */
export interface ExportChoice {
  /** What the button says ("Download CSV", "Response as PNG"). */
  label: string;
  /** Its class, `export-ACTION` (csv, png, svg, link), for the tests and the styles. */
  action: string;
  /** Does it; returns what the status line then says. */
  run(): Promise<string> | string;
}

/** The bar (`name`d for assistive technology) and its status line. */
export function exportBar(name: string, choices: readonly ExportChoice[], extra: readonly Node[] = []): DocumentFragment {
  const status = el('p', { class: 'export-status', role: 'status' });
  const buttons = choices.map((choice) => {
    const button = el('button', { type: 'button', class: `export-${choice.action}` }, choice.label);
    button.addEventListener('click', async () => {
      status.textContent = await choice.run();
    });
    return button;
  });
  const fragment = document.createDocumentFragment();
  fragment.append(el('div', { class: 'toolbar export', role: 'group', 'aria-label': name }, ...buttons), ...extra, status);
  return fragment;
}

/** A file's name, read when its button is pressed (a Lab's says what runs then). */
export type FileName = () => string;

/** "Download CSV" to `fileName`: `text()` gives the file and how many rows it holds (null: nothing to save yet). */
export function csvChoice(fileName: FileName, text: () => Promise<{ csv: string; rows: number } | null>): ExportChoice {
  return {
    label: 'Download CSV',
    action: 'csv',
    async run() {
      const made = await text();
      if (!made) return 'Nothing to save yet.';
      const name = fileName();
      download(name, new Blob([made.csv], { type: 'text/csv' }));
      return `Saved ${made.rows} rows as ${name}.`;
    },
  };
}

/** A table's data as CSV: its column names and rows, the numbers as computed. */
export interface TableData {
  header: readonly string[];
  rows: readonly (readonly TableCell[])[];
}

/** "Download CSV" of a table. */
export function tableChoice(fileName: FileName, data: () => TableData): ExportChoice {
  return csvChoice(fileName, async () => {
    const { tableCsv } = await import('./csv');
    const { header, rows } = data();
    return { csv: tableCsv(header, rows), rows: rows.length };
  });
}

/** "Download CSV" of plots as they stand: one time column per distinct start and length, every series beside it. */
export function plotsCsvChoice(fileName: FileName, plots: () => readonly PlottedData[]): ExportChoice {
  return csvChoice(fileName, async () => {
    const { plotsCsv } = await import('./csv');
    const data = plots();
    return { csv: plotsCsv(data), rows: data[0]?.columns[0]?.length ?? 0 };
  });
}

/**
 * "... as PNG" and "... as SVG" of `plots` (`what`: "Plots", "Response"), stacked in one
 * picture; `base` gives the file name without its extension.
 */
export function pictureChoices(what: string, base: FileName, plots: () => readonly TracePlot[]): ExportChoice[] {
  const said = what === 'Plots' ? 'the plots' : `the ${what.toLowerCase()} plot`;
  return [
    {
      label: `${what} as PNG`,
      action: 'png',
      async run() {
        const { stackedPng } = await import('./png');
        const blob = await stackedPng(plots().map((t) => t.canvas));
        if (!blob) return `This browser could not draw ${said} into a PNG.`;
        const name = `${base()}.png`;
        download(name, blob);
        return `Saved ${said} as ${name}.`;
      },
    },
    {
      label: `${what} as SVG`,
      action: 'svg',
      async run() {
        const { plotsSvg } = await import('./svg');
        const drawn: SvgPlot[] = plots().map((t) => ({ ...t.described(), height: 320 }));
        const name = `${base()}.svg`;
        download(name, new Blob([plotsSvg(drawn)], { type: 'image/svg+xml' }));
        return `Saved ${said} as ${name}.`;
      },
    },
  ];
}
