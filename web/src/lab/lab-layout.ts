/**
 * Where everything of a Lab sits. On the Lab page, a workbench: the run (toolbar, canvas,
 * plots, metrics, files) beside a side panel of settings that scrolls on its own, so the
 * response stays in view while a slider moves. In a chapter, a figure: the run first,
 * its numbers, files and link one click away, every setting folded into "All settings".
 * It builds empty boxes; the Lab fills them.
 */
import { el } from '../ui/dom';
import { framed } from '../ui/site';

/** The boxes a Lab fills. */
export interface LabLayout {
  /** What the link or the core refused, above everything. */
  banner: HTMLParagraphElement;
  setupFields: HTMLElement;
  lawCards: HTMLElement;
  addLaw: HTMLButtonElement;
  disturbFields: HTMLElement;
  canvas: HTMLCanvasElement;
  /** One line under the canvas: a hint while the run goes, "Run finished" at its end. */
  runStatus: HTMLParagraphElement;
  plotsBox: HTMLElement;
  termsBox: HTMLElement;
  metricsTable: HTMLTableElement;
  /** A figure's gains under its plots (lab-cards.ts); none on the Lab page. */
  gainStrip: HTMLElement | undefined;
  /** A figure's "Open in the Lab" (after the toolbar's clock); unused on the Lab page. */
  openInLab: HTMLAnchorElement;
  /** Where the metrics sit and the export and share bars go. */
  more: HTMLElement;
}

/** Lays out a Lab in `host` (emptied first) around its `toolbar`, as a figure or as the Lab page. */
export function labLayout(host: HTMLElement, toolbar: HTMLElement, figure: boolean): LabLayout {
  host.replaceChildren();
  const banner = el('p', { class: 'problems', role: 'alert' });
  const setupFields = el('div', { class: 'params' });
  const setup = el('section', { class: 'panel' }, el('h2', {}, 'Plant and physics'), setupFields);
  const lawCards = el('div', { class: 'laws' });
  const addLaw = el('button', { type: 'button' }, 'Add a controller');
  const lawsBox = el('section', { class: 'panel' }, el('h2', {}, 'Controllers'), lawCards, addLaw);
  const disturbFields = el('div', { class: 'params' });
  const disturbBox = el('section', { class: 'panel' }, el('h2', {}, 'Disturbances'), disturbFields);
  const runStatus = el('p', { class: 'run-status', role: 'status' });
  const canvas = el('canvas', { class: 'stage', height: 220, tabindex: 0 });
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'The bodies side by side and the target, dashed (on the box, its orientation); drag across to move the target');
  const plotsBox = el('div', { class: 'plots' });
  const termsBox = el('div', { class: 'plots terms' });
  const metricsTable = el('table', { class: 'readout metrics' });
  const openInLab = el('a', { class: 'open-in-lab' }, 'Open in the Lab');
  // In an embed, the Lab opens beside the post rather than inside its frame.
  if (framed()) Object.assign(openInLab, { target: '_blank', rel: 'noopener' });
  if (figure) toolbar.append(openInLab);
  const gainStrip = figure ? el('div', { class: 'figure-gains', role: 'group', 'aria-label': 'Gains' }) : undefined;
  // The status line always holds one line, so a run's end moves nothing and covers nothing.
  const runPanel = el('section', { class: 'panel run', 'aria-label': 'Run' }, toolbar, canvas, runStatus, plotsBox, ...(gainStrip ? [gainStrip] : []));
  // Eight columns of figures do not fit a phone: the table scrolls sideways in its own box.
  const metricsBox = el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Step-response metrics' }, metricsTable);
  const more = figure ? el('details', { class: 'figure-more' }, el('summary', {}, 'Metrics, data and link')) : runPanel;
  if (figure) runPanel.append(more);
  more.append(metricsBox);
  const termsPanel = el('section', { class: 'panel' }, el('h2', {}, 'Terms per controller'), termsBox);
  if (figure) {
    const settings = el('details', { class: 'figure-settings' }, el('summary', {}, 'All settings: controllers, plant, disturbances, terms'), lawsBox, setup, disturbBox, termsPanel);
    host.append(banner, runPanel, settings);
  } else {
    const controls = el('div', { class: 'bench-controls' }, lawsBox, setup, disturbBox);
    host.append(banner, el('div', { class: 'workbench' }, runPanel, controls), termsPanel);
  }
  return { banner, setupFields, lawCards, addLaw, disturbFields, canvas, runStatus, plotsBox, termsBox, metricsTable, gainStrip, openInLab, more };
}
