/**
 * Article 001's window integral, as printed and corrected (chapter 6), on the simplest
 * error there is: a constant 1, whose integral over `n` samples spaced `dt` apart is
 * `(n - 1) dt`. Both rules are the core's; the table shows each as the window fills.
 */
import { simpson, simpsonAsPrinted } from '../core/chase-wasm';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';
import { formatNumber, type ParamDef } from '../ui/params';
import { fillTable } from '../ui/dom';
import { SIMPSON } from '../core/presets';

const DEFS: ParamDef[] = [
  { key: 'simpson-dt', label: 'Sample spacing dt', unit: 's', min: 0.001, max: 0.1, scale: 'log', initial: SIMPSON.dt, minExclusive: true, hardMax: 1 },
  { key: 'simpson-window', label: 'Window', unit: 'samples', min: 3, max: 15, scale: 'linear', initial: SIMPSON.window, hardMin: 3, hardMax: 200, integer: true },
];

export function mountSimpson(host: HTMLElement, link: FigureLink): void {
  const settings = { ...SIMPSON };
  const controls = document.createElement('div');
  controls.className = 'params';
  const table = document.createElement('table');
  table.className = 'readout simpson-table';
  host.append(controls, table);

  let rows: number[][] = [];
  const draw = () => {
    rows = [];
    for (let n = 2; n <= settings.window; n++) {
      const ones = new Float64Array(n).fill(1);
      const exact = (n - 1) * settings.dt;
      const corrected = simpson(ones, settings.dt);
      const printed = simpsonAsPrinted(ones, settings.dt);
      rows.push([n, exact, corrected, printed, (printed * settings.dt ** 2) / exact]);
    }
    host.dataset.curves = JSON.stringify(rows);
    fillTable(
      table,
      'The integral of a constant error of 1 as the window fills',
      ['samples', 'true area (s)', 'corrected rule', 'as printed', 'printed × dt² ÷ true'],
      rows.map((r) => [String(r[0]), ...r.slice(1).map((v) => formatNumber(Number(v.toPrecision(6))))]),
    );
  };
  draw();
  link.field(controls, DEFS[0]!, (v) => {
    settings.dt = v;
    draw();
  });
  link.field(controls, DEFS[1]!, (v) => {
    settings.window = v;
    draw();
  });
  const header = ['samples', 'true area (s)', 'corrected rule (s)', 'as printed', 'printed × dt² ÷ true'];
  host.append(foldedExports(tableExport('simpson', () => ({ header, rows })), link.shareBar()));
}
