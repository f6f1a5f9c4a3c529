/**
 * The gain translator (chapter 10): the reader's intent (frequency, damping ratio,
 * mass or inertia, step) goes to the core's `translateGains`, which writes it for every
 * engine with units and sign conventions and steps each engine's rule on the same body.
 * The page lays out the table and plots one curve per step rule, naming the engines
 * that share it.
 */
import { translateGains } from '../../../pkg/forcelab_wasm.js';
import { TracePlot } from '../../plot/trace-plot';
import { paramControl } from '../../ui/controls';
import { formatNumber, type ParamDef } from '../../ui/params';
import { cssColor } from '../../ui/colors';
import { toggle } from './live-figure';
import { el } from '../../ui/dom';

interface Translated {
  id: string;
  engine: string;
  parameters: { name: string; value: number; unit: string }[];
  convention: string;
  step: 'explicit' | 'implicit' | 'wu-backward' | 'bloom-implicit';
  kp: number;
  kd: number;
  response: number[];
}

const SECONDS = 3;
const RULES: { step: Translated['step']; words: string; color: string; dash?: number[] }[] = [
  { step: 'implicit', words: 'soft constraint (implicit)', color: '--s1' },
  { step: 'explicit', words: 'explicit actuator', color: '--s0' },
  { step: 'wu-backward', words: 'Wu’s backward PD', color: '--s2', dash: [6, 4] },
  { step: 'bloom-implicit', words: 'Bloom’s implicit PD', color: '--s3', dash: [2, 3] },
];

const DEFS: ParamDef[] = [
  { key: 'translate-frequency', label: 'Natural frequency f', unit: 'Hz', min: 0.1, max: 30, scale: 'log', initial: 2, minExclusive: true, hardMax: 1000 },
  { key: 'translate-zeta', label: 'Damping ratio ζ', unit: '', min: 0, max: 2, scale: 'linear', initial: 1, hardMax: 100 },
  { key: 'translate-mass', label: 'Mass or inertia', unit: 'kg or kg m²', min: 0.01, max: 1000, scale: 'log', initial: 1, minExclusive: true, hardMax: 1e9 },
  { key: 'translate-dt', label: 'Engine step dt', unit: 's', min: 0.001, max: 0.1, scale: 'log', initial: 1 / 60, minExclusive: true, hardMax: 1 },
];

export function mountTranslator(host: HTMLElement): void {
  const intent = { frequency: 2, dampingRatio: 1, mass: 1, dt: 1 / 60, angular: false };
  const controls = document.createElement('div');
  controls.className = 'params';
  const kind = toggle('A rotational drive (units per radian; mass is the moment of inertia)', (on) => {
    intent.angular = on;
    draw();
  });
  kind.className = 'toolbar';
  const plotBox = document.createElement('div');
  plotBox.className = 'plot';
  const table = document.createElement('table');
  table.className = 'readout translator-table';
  host.append(controls, kind, plotBox, table);
  let plot: TracePlot | undefined;
  let plotKey = '';

  const draw = () => {
    const steps = Math.max(1, Math.round(SECONDS / intent.dt));
    const engines = translateGains(intent, steps) as Translated[];
    const time = Array.from({ length: steps }, (_, k) => (k + 1) * intent.dt);
    const groups = RULES.map((r) => ({ ...r, engines: engines.filter((e) => e.step === r.step) })).filter((g) => g.engines.length > 0);
    const yLabel = intent.angular ? 'angle (rad)' : 'position (m)';
    const series = groups.map((g) => ({ label: `${g.words}: ${[...new Set(g.engines.map((e) => shortName(e.engine)))].join(', ')}`, color: cssColor(host, g.color), dash: g.dash }));
    // The chart is rebuilt only when its axis or legend changes, not for new data.
    const key = `${yLabel}|${series.map((x) => x.label).join('|')}`;
    if (!plot || key !== plotKey) {
      plot?.destroy();
      plot = new TracePlot(plotBox, 'Each engine’s response on the same body, from 0 toward 1', yLabel, series, 240);
      plotKey = key;
    }
    // A run that diverged is shorter: the rest of its curve is left blank, not zero; and
    // once it leaves the band drawn it is cut, so the others keep a readable scale (the
    // table says when it diverged).
    const shown = (x: number | undefined) => (x === undefined || Math.abs(x) > 3 ? Number.NaN : x);
    plot.set([time, ...groups.map((g) => time.map((_, k) => shown(g.engines[0]!.response[k])))]);
    host.dataset.curves = JSON.stringify(engines.map((e) => ({ id: e.id, parameters: e.parameters, steps: e.response.length })));
    // Built with text nodes: the core's strings hold "<position>" and the like.
    const cell = (tag: 'th' | 'td', ...children: (Node | string)[]) => {
      const c = document.createElement(tag);
      c.append(...children);
      return c;
    };
    const body = document.createElement('tbody');
    for (const e of engines) {
      const values = e.parameters.flatMap((p, k) => {
        const name = document.createElement('code');
        name.textContent = p.name;
        return [...(k ? [document.createElement('br')] : []), name, ` = ${formatNumber(p.value)}${p.unit ? ` ${p.unit}` : ''}`];
      });
      const law = cell('td', e.convention);
      if (e.response.length < steps) {
        const warn = document.createElement('strong');
        warn.className = 'diverged';
        warn.textContent = ` diverges at t = ${formatNumber(e.response.length * intent.dt)} s`;
        law.append(warn);
      }
      const head = cell('th', e.engine);
      head.scope = 'row';
      const row = document.createElement('tr');
      row.append(head, cell('td', ...values), law);
      body.append(row);
    }
    table.replaceChildren();
    table.createCaption().textContent = 'The intent written for each engine';
    table.createTHead().append(el('tr', {}, ...['engine', 'set', 'law, signs and units'].map((h) => el('th', { scope: 'col' }, h))));
    table.append(body);
  };

  const keys = ['frequency', 'dampingRatio', 'mass', 'dt'] as const;
  DEFS.forEach((def, i) => {
    paramControl(controls, def, def.initial, (v) => {
      const key = keys[i]!;
      if (key === 'dt' && SECONDS / v > 100_000) throw new Error(`Engine step dt must be at least ${SECONDS / 100_000} s here, got ${v}`);
      const previous = intent[key];
      intent[key] = v;
      try {
        draw();
      } catch (e) {
        intent[key] = previous;
        draw();
        throw e;
      }
    });
  });
  draw();
}

/** The engine's first word ("PhysX", "Unity", "Wu"), for the legend. */
function shortName(engine: string): string {
  return engine.split(' ')[0]!.replace('’s', '').replace("'s", '');
}
