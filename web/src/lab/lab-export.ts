/**
 * The Lab's export bar (the one bar, `export/export-bar.ts`): the run as CSV (every
 * recorded step, every number at full precision), the response plot as PNG or SVG, and
 * "Copy link", the address that replays the run bit for bit (the seed included).
 */
import { el } from '../ui/dom';
import type { LabSnapshot } from '../core/wasm';
import { copyText } from '../export/download';
import { csvChoice, exportBar, pictureChoices, type ExportChoice } from '../export/export-bar';
import type { TracePlot } from '../plot/trace-plot';
import { plantEntry } from '../core/catalogue';

/** What the bar exports, read when a button is pressed. */
export interface LabExportSource {
  /** The run as it stands (null before it starts). */
  snapshot(): LabSnapshot | null;
  /** The series' names, in the run's order. */
  names(): string[];
  /** The plant's id (for the units). */
  plant(): string;
  /** A file name with extension `ext` that says what the run was. */
  fileName(ext: string): string;
  /** The response plot. */
  responsePlot(): TracePlot | undefined;
  /** The absolute link that replays the run. */
  link(): string;
}

/** The bar, its link box and its status line; `withLink` adds "Copy link". */
export function labExportBar(source: LabExportSource, withLink: boolean): DocumentFragment {
  const linkBox = el('input', { type: 'text', readonly: true, class: 'export-link-text', hidden: true });
  linkBox.setAttribute('aria-label', 'Link that reproduces this run');
  const csv = csvChoice(
    () => source.fileName('csv'),
    async () => {
      const current = source.snapshot();
      if (!current) return null;
      const { traceCsv } = await import('../export/csv');
      const { unit, effortUnit } = plantEntry(source.plant());
      return { csv: traceCsv(current, source.names(), { position: unit, effort: effortUnit }), rows: current.rows };
    },
  );
  const pictures = pictureChoices(
    'Response',
    () => source.fileName('png').replace(/\.png$/, ''),
    () => {
      const plot = source.responsePlot();
      return plot ? [plot] : [];
    },
  );
  const copy: ExportChoice = {
    label: 'Copy link',
    action: 'link',
    async run() {
      const link = source.link();
      linkBox.value = link;
      linkBox.hidden = false;
      const copied = await copyText(link);
      if (!copied) linkBox.select();
      return copied ? 'Link copied: it replays this run exactly.' : 'The browser refused the clipboard: copy the link from the box.';
    },
  };
  return exportBar('Export this run', [csv, ...pictures, ...(withLink ? [copy] : [])], [linkBox]);
}
