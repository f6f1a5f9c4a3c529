/**
 * The Lab's export bar: the run as CSV (every recorded step, every number at full
 * precision), the response plot as PNG or SVG, and "Copy link", the address that
 * replays the run bit for bit (the seed included). The CSV and SVG writers load when
 * first asked for: a figure embedded in a post does not carry them.
 */
import { el } from '../ui/dom';
import type { LabSnapshot } from '../core/wasm';
import { copyText, download } from '../export/download';
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
  const button = (text: string, action: string) => el('button', { type: 'button', class: `export-${action}` }, text);
  const csvButton = button('Download CSV', 'csv');
  const pngButton = button('Response as PNG', 'png');
  const svgButton = button('Response as SVG', 'svg');
  const linkButton = button('Copy link', 'link');
  const linkBox = el('input', { type: 'text', readonly: true, class: 'export-link-text', hidden: true });
  linkBox.setAttribute('aria-label', 'Link that reproduces this run');
  const status = el('p', { class: 'export-status', role: 'status' });
  csvButton.addEventListener('click', async () => {
    const current = source.snapshot();
    if (!current) return;
    const { traceCsv } = await import('../export/csv');
    const plant = source.plant();
    const { unit, effortUnit } = plantEntry(plant);
    const units = { position: unit, effort: effortUnit };
    const name = source.fileName('csv');
    download(name, new Blob([traceCsv(current, source.names(), units)], { type: 'text/csv' }));
    status.textContent = `Saved ${current.rows} rows as ${name}.`;
  });
  pngButton.addEventListener('click', async () => {
    const blob = await source.responsePlot()?.png();
    const name = source.fileName('png');
    if (blob) download(name, blob);
    status.textContent = blob ? `Saved the response plot as ${name}.` : 'This browser could not draw the plot into a PNG.';
  });
  svgButton.addEventListener('click', async () => {
    const plot = source.responsePlot();
    if (!plot) return;
    const { plotSvg } = await import('../export/svg');
    const svg = plotSvg(plot.described());
    const name = source.fileName('svg');
    download(name, new Blob([svg], { type: 'image/svg+xml' }));
    status.textContent = `Saved the response plot as ${name}.`;
  });
  linkButton.addEventListener('click', async () => {
    const link = source.link();
    linkBox.value = link;
    linkBox.hidden = false;
    const copied = await copyText(link);
    status.textContent = copied ? 'Link copied: it replays this run exactly.' : 'The browser refused the clipboard: copy the link from the box.';
    if (!copied) linkBox.select();
  });
  const bar = el('div', { class: 'toolbar export', role: 'group', 'aria-label': 'Export this run' }, csvButton, pngButton, svgButton, ...(withLink ? [linkButton] : []));
  const fragment = document.createDocumentFragment();
  fragment.append(bar, linkBox, status);
  return fragment;
}
