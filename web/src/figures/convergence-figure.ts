/**
 * Article 003's convergence graph, recomputed by the core: for each start distance, the
 * time Bloom's implicit PD (K = D = 1) takes to land against the time scale asked for,
 * with the article's y = x line (landing in exactly the time scale) dashed in red.
 * The reader can change the step and the snap's minimum speed; the table under the
 * graph is its text version. The default settings are the native example's.
 */
import { convergence, defaultConvergenceSpec, type ConvergenceCurve } from '../core/analysis-wasm';
import { TracePlot } from '../plot/trace-plot';
import { cssColor } from '../ui/colors';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';
import { formatNumber, type ParamDef } from '../ui/params';
import { fillTable } from '../ui/dom';

/** 0.1 to 2 s in steps of 0.1, computed as the core's default is (k times 0.1). */
const COLORS = ['--s0', '--s1', '--s2', '--s3'];

/** The fields the reader edits; their starting values are the core's. */
const FIELDS: Omit<ParamDef, 'initial'>[] = [
  { key: 'convergence-dt', label: 'Step dt', unit: 's', min: 0.002, max: 0.1, scale: 'log', minExclusive: true, hardMax: 1 },
  { key: 'convergence-minv', label: 'Minimum speed', unit: 'units/s', min: 0.1, max: 100, scale: 'log', minExclusive: true, hardMax: 1e6 },
];

export function mountConvergence(host: HTMLElement, link: FigureLink): void {
  // The core's sweep (`ConvergenceSpec::default()`): the article's distances and time
  // scales, its step and minimum speed; the reader edits the last two.
  const spec = defaultConvergenceSpec();
  const DISTANCES = spec.distances;
  const TIME_SCALES = spec.timeScales;
  let settings = { dt: spec.dt, minVelocity: spec.minVelocity };
  const DEFS: ParamDef[] = [
    { ...FIELDS[0]!, initial: spec.dt },
    { ...FIELDS[1]!, initial: spec.minVelocity },
  ];
  const plotBox = document.createElement('div');
  plotBox.className = 'plot convergence';
  const controls = document.createElement('div');
  controls.className = 'params';
  const table = document.createElement('table');
  table.className = 'readout convergence-table';
  let shown: ConvergenceCurve[] = [];
  host.append(plotBox, controls, table);
  const plot = new TracePlot(
    plotBox,
    'Time to land against the time scale asked for',
    'time to land (s)',
    [
      ...DISTANCES.map((d, k) => ({ label: `distance ${d}`, color: cssColor(host, COLORS[k]!) })),
      // The article's red line: a curve on it lands in exactly the time scale asked for.
      { label: 'y = x: lands in exactly T', color: cssColor(host, '--error'), dash: [6, 4] },
    ],
    260,
    'time scale T (s)',
  );

  /** Draws `next`, keeping it only if the core accepts it (a refusal throws, and the settings in force stay). */
  const draw = (next = settings) => {
    const curves: ConvergenceCurve[] = convergence({
      distances: DISTANCES,
      timeScales: TIME_SCALES,
      dt: next.dt,
      minVelocity: next.minVelocity,
      maxTime: spec.maxTime,
    });
    settings = next;
    shown = curves;
    plot.set([TIME_SCALES, ...curves.map((c) => c.points.map(([, t]) => t ?? Number.NaN)), TIME_SCALES]);
    host.dataset.curves = JSON.stringify(curves);
    fillTable(
      table,
      "Seconds to land, per time scale and start distance (the graph's data)",
      ['T (s)', ...DISTANCES.map((d) => `from ${d}`)],
      TIME_SCALES.map((t, r) => [formatNumber(t), ...curves.map((c) => (c.points[r]![1] === null ? 'never' : formatNumber(c.points[r]![1]!)))]),
    );
  };
  // The core bounds the work (at most 200,000 steps per run) and names dt when refused.
  draw();
  link.field(controls, DEFS[0]!, (v) => draw({ ...settings, dt: v }));
  link.field(controls, DEFS[1]!, (v) => draw({ ...settings, minVelocity: v }));
  // The graph's data as plotted: a landing never reached is an empty field.
  const header = ['time scale T (s)', ...DISTANCES.map((d) => `time to land from ${d} (s)`), 'y = x: landing in exactly T (s)'];
  host.append(foldedExports(tableExport('convergence', () => ({ header, rows: TIME_SCALES.map((t, r) => [t, ...shown.map((c) => c.points[r]![1]), t]) })), link.shareBar()));
}
