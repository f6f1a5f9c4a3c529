/**
 * Where each chain law breaks (chapter 12): the least stiffness at which it blows up on
 * the arm at 30, 60 and 120 Hz, the damping tied to the stiffness as `kd = k kp dt` so
 * that the laws' implicit terms keep their share of the step. Every number is the core's
 * bisection (`scenes::breaking_table`, through `ArmScene.breaking`); the page picks the
 * rule and the integrator and writes the table.
 */
import { ArmScene } from '../core/arm-analysis-wasm';
import { sceneDefaults, type ArmSettings } from '../core/scenes';
import { CATALOGUE } from '../core/catalogue';
import { el, fillTable, choice } from '../ui/dom';
import { formatNumber, type ParamDef } from '../ui/params';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';

/** The damping tied to the stiffness, `k` in `kd = k kp dt` (the paper's rule is 1); the core refuses one outside 0..100. */
const RULE: ParamDef = { key: 'arm-breaking-k', label: 'Damping kd as a multiple of kp dt', unit: '', min: 0.25, max: 8, scale: 'log', initial: 2, hardMin: 0, hardMax: 100 };

/** A row of the core's table. */
interface BreakingRow {
  law: string;
  label: string;
  kp: (number | null)[];
}

export function mountArmBreaking(host: HTMLElement, link: FigureLink): void {
  const defaults = sceneDefaults().arm;
  const integrators = CATALOGUE.integrators;
  const controls = el('div', { class: 'params' });
  let rule = RULE.initial;
  let integrator = link.choice('arm-breaking-integrator', 'Integrator', integrators.map((i) => i.id), defaults.integrator, controls);
  const table = el('table', { class: 'readout arm-breaking-table' });
  host.append(controls, table);
  const rates = Array.from(ArmScene.breakingRates());
  const header = ['law', ...rates.map((r) => `${formatNumber(r)} Hz (N m/rad)`)];
  let rows: string[][] = [];
  /** The CSV's rows: each law's id and its breaking stiffness per rate (empty: held). */
  let data: string[][] = [];

  const draw = () => {
    const settings: ArmSettings = { ...defaults, integrator };
    const measured = ArmScene.breaking(settings, rule) as BreakingRow[];
    data = measured.map((r) => [r.law, ...r.kp.map((kp) => (kp === null ? '' : String(kp)))]);
    // The core answers 1 when the arm broke at the least stiffness it tried.
    rows = measured.map((r) => [r.label, ...r.kp.map((kp) => (kp === null ? 'held to 1e6' : kp <= 1 ? '1 or less' : formatNumber(Number(kp.toPrecision(4)))))]);
    host.dataset.curves = JSON.stringify(measured.map((r) => [r.law, ...r.kp]));
    const name = integrators.find((i) => i.id === integrator)?.menuLabel ?? integrator;
    fillTable(table, `The stiffness at which each law first blows up on the arm, with kd = ${formatNumber(rule)} kp dt, under ${name}`, header, rows);
  };

  const integratorMenu = el('select', { name: 'arm-breaking-integrator', 'aria-label': 'Integrator' }, ...integrators.map((i) => el('option', { value: i.id, selected: i.id === integrator }, i.menuLabel)));
  integratorMenu.addEventListener('change', () => {
    integrator = integratorMenu.value as typeof integrator;
    link.save('arm-breaking-integrator', integrator, defaults.integrator);
    draw();
  });
  controls.append(choice('Integrator ', integratorMenu));
  draw();
  link.field(controls, RULE, (v) => {
    rule = v;
    draw();
  });
  host.append(foldedExports(tableExport('arm-breaking', () => ({ header: ['law', ...header.slice(1)], rows: data })), link.shareBar()));
}
