/**
 * Bring your trace (chapter 10, figure `trace`): a reader pastes or drops what their
 * body did (CSV or JSON, Unity's Debug.Log or Godot's print lines, the Lab's CSV) and
 * sees what it amounts to, their trace over the best explanation the engine twin finds
 * (an engine's drive at some settings, or a law of the Lab under some integrator), the
 * explanations ranked, and the numbers to set for the motion they wanted, as code to
 * paste. The core reads, fits, explains and replays (`forcelab::user_trace`); this file
 * lays the answers out and keeps the trace in the link while it is short enough.
 */
import type { ExplainedTrace, TraceMatch, TraceOptions, Want } from '../core/trace-wasm';
import firstView from 'virtual:trace-example';
import type { FigureLink } from './figure-link';
import { copyText } from '../export/download';
import { TracePlot } from '../plot/trace-plot';
import { cssColor } from '../ui/colors';
import { el } from '../ui/dom';
import { formatNumber, type ParamDef } from '../ui/params';
import { parametersText } from '../ui/parameters-text';
import { foldedExports, plotsExport } from './figure-export';

/** The longest trace a link keeps, in characters of its compact form. */
export const LINK_LIMIT = 6000;

/** A trace's samples as the link keeps them: `t,x;t,x;...`, 7 significant digits. */
export function compactTrace(time: readonly number[], position: readonly number[]): string {
  const n = (v: number) => String(Number(v.toPrecision(7)));
  return time.map((t, k) => `${n(t)},${n(position[k]!)}`).join(';');
}

/** The CSV a compact trace stands for (a header naming an angle when it is one). */
export function expandTrace(compact: string, angular: boolean): string {
  return `time,${angular ? 'angle' : 'position'}\n${compact.split(';').join('\n')}\n`;
}

/** What a trace amounts to, in sentences. */
export function summarySentences(r: ExplainedTrace): string[] {
  const unit = r.angular ? 'rad' : 'm';
  const out: string[] = [];
  const step = formatNumber(r.dt);
  out.push(
    `Read ${r.time.length} samples of ${r.readAs}, every ${step} s${r.unevenStep !== null ? ` (not evenly: one step is ${formatNumber(100 * r.unevenStep)} % off, and the fit reads it as if it were even)` : ''}${r.skippedLines ? `; ${r.skippedLines} lines of the log's own were left out` : ''}.`,
  );
  if (r.frequency !== null && r.dampingRatio !== null) {
    // An error below a millionth of the value is the float's, not the fit's: not worth saying.
    const pm = (e: number | null, of: number) => (e !== null && Number.isFinite(e) && e > 1e-6 * Math.abs(of) ? ` ± ${formatNumber(e)}` : '');
    const left = r.fitResidual ?? 0;
    const explained = left < 1e-6 ? 'the spring explains it to a millionth of the move' : `the spring leaves ${formatNumber(100 * left)} % of the move unexplained`;
    out.push(
      `It moves like a spring of ${formatNumber(r.frequency)}${pm(r.frequencyError, r.frequency)} Hz at damping ratio ${formatNumber(r.dampingRatio)}${pm(r.dampingRatioError, r.dampingRatio)}, toward ${formatNumber(r.target)} ${unit}; ${explained}.`,
    );
  } else {
    out.push('No spring-damper explains it: read the events below and the explanations.');
  }
  out.push(
    `${r.settle !== null ? `It settles (within 2 %) after ${formatNumber(r.settle)} s` : 'It does not settle within 2 % of the move'}, overshooting by ${formatNumber(r.overshoot)} %.`,
  );
  for (const e of r.events) {
    if (e.kind === 'stopped') out.push(`It holds still from ${formatNumber(e.at!)} s, ${formatNumber(Math.abs(e.left!))} ${unit} ${e.left! > 0 ? 'short of' : 'past'} the target: an engine's sleep, or a solver that gave up.`);
    if (e.kind === 'speedCap') out.push(`Its speed holds at ${formatNumber(e.speed!)} ${unit}/s for several steps far from the target: a speed cap.`);
    if (e.kind === 'diverged') out.push(`It diverges from ${formatNumber(e.at!)} s.`);
  }
  return out;
}

/** A match in words: the API, and the settings its variant changes. */
export function matchName(m: TraceMatch): string {
  return `${m.api}, ${m.settings}`;
}

const WANT_DEFS = (want: Want): ParamDef[] => [
  { key: 'trace-want-frequency', label: 'Wanted frequency', unit: 'Hz', min: 0.1, max: 30, scale: 'log', initial: want.frequency, minExclusive: true, hardMax: 1e4 },
  { key: 'trace-want-zeta', label: 'Wanted damping ratio', unit: '', min: 0, max: 2, scale: 'linear', initial: want.dampingRatio, hardMax: 1000 },
];

/**
 * Explains `text` with the trace's part of the core, loading it the first time (the
 * panel opens on the answer computed when the site was built, `virtual:trace-example`).
 */
async function explainLive(text: string, options: TraceOptions): Promise<ExplainedTrace> {
  const door = await import('../core/trace-wasm');
  await door.loadTrace();
  live = true;
  return door.explain(text, options);
}

/** Whether the core's door is loaded: from then on every question goes to it, the opening one too. */
let live = false;

/** The question the panel asks the core: the trace and the options, as one comparable key. */
const question = (text: string, options: TraceOptions): string => JSON.stringify([text, options]);

export async function mountTrace(host: HTMLElement, link: FigureLink): Promise<void> {
  const { example, engines } = firstView;
  const opening = question(example.text, { engine: example.engine, mass: example.mass, target: null, want: example.want });
  const engineIds = ['none', ...engines.map((e) => e.id)];
  const names = new Map(engines.map((e) => [e.id, e.name]));
  const engineName = (id: string) => (id === 'none' ? 'none: only what it amounts to' : id === 'forcelab' ? "forcelab (the Lab's laws)" : (names.get(id) ?? id));

  const text = el('textarea', { id: 'trace-text', rows: 8, spellcheck: 'false', 'aria-label': 'Your trace: time and position (or angle), one sample per line' });
  const file = el('input', { type: 'file', id: 'trace-file', accept: '.csv,.txt,.json,.log,text/*' });
  const fileLabel = el('label', { for: 'trace-file' }, 'Or open a file: ');
  const exampleButton = el('button', { type: 'button', class: 'trace-example' }, 'Use the example');
  const run = el('button', { type: 'button', class: 'trace-explain' }, 'Explain');
  const engine = el('select', { id: 'trace-engine', 'aria-label': 'Engine' }, ...engineIds.map((id) => el('option', { value: id }, engineName(id))));
  const target = el('input', { id: 'trace-target', type: 'text', inputmode: 'decimal', placeholder: 'from the trace', size: 10 });
  const controls = el('div', { class: 'params' });
  const error = el('p', { class: 'trace-error', role: 'alert' });
  const summary = el('div', { class: 'trace-summary', role: 'status', 'aria-live': 'polite' });
  const plotBox = el('div', { class: 'plot trace-plot' });
  // Two plots of what is left, one series each: the spring's (does a spring explain it at
  // all?) and the explanation's, at scales that may differ by orders of magnitude.
  const springLeftBox = el('div', { class: 'plot trace-spring-left' });
  const matchLeftBox = el('div', { class: 'plot trace-match-left' });
  const table = el('table', { class: 'readout trace-table' });
  const fix = el('div', { class: 'trace-fix' });
  const linkNote = el('p', { class: 'trace-link-note' });

  host.append(
    el('p', { class: 'caption' }, 'Paste what your body did (time and position or angle per line: CSV, JSON, Unity’s Debug.Log or Godot’s print lines), drop a file on the box, or open the Lab’s CSV. The example is a Jolt body set to 2 Hz at damping 0.4.'),
    text,
    el('div', { class: 'buttons' }, fileLabel, file, exampleButton, run),
    el('div', { class: 'toolbar' }, el('label', {}, 'Engine ', engine), el('label', {}, ' Target ', target)),
    controls,
    error,
    summary,
    plotBox,
    springLeftBox,
    matchLeftBox,
    el('div', { class: 'table-scroll' }, table),
    fix,
    linkNote,
  );

  // The settings in the link: the engine, the target, the wish, and the trace while short.
  engine.value = link.choice('trace-engine', 'Engine', engineIds, example.engine, host);
  target.value = link.read<string>('trace-target', (raw) => (Number.isFinite(Number(raw)) && raw.trim() !== '' ? { value: raw } : { error: `the target must be a number, got "${raw.slice(0, 20)}"` }), '', '', host);
  const fromLink = link.read<string>('trace-data', (raw) => (/^[-+0-9.eE,;]+$/.test(raw) ? { value: raw } : { error: 'the trace in the link must be numbers: t,x;t,x;…' }), '', '', host);
  const angularInLink = link.choice('trace-angular', 'Angle', ['no', 'yes'], 'no', host) === 'yes';
  text.value = fromLink ? expandTrace(fromLink, angularInLink) : example.text;
  let mass = example.mass;
  const want: Want = { ...example.want };
  let shown = 0;
  let last: ExplainedTrace | null = null;
  let plot: TracePlot | null = null;
  let springLeft: TracePlot | null = null;
  let matchLeft: TracePlot | null = null;

  const options = () => ({
    engine: engine.value === 'none' ? null : engine.value,
    mass,
    target: target.value.trim() === '' ? null : Number(target.value),
    want,
  });

  const draw = () => {
    const r = last;
    if (!r) return;
    const m = r.matches[shown];
    const unit = r.angular ? 'angle (rad)' : 'position (m)';
    if (!plot || plot.yLabel !== unit) {
      plot?.destroy();
      springLeft?.destroy();
      matchLeft?.destroy();
      plot = new TracePlot(plotBox, 'Your trace and its explanation', unit, [
        { label: 'your trace', color: cssColor(host, '--s0') },
        { label: 'the explanation shown', color: cssColor(host, '--s1'), dash: [6, 4] },
        { label: 'the fitted spring', color: cssColor(host, '--fg-muted'), dash: [2, 3] },
      ], 240);
      const left = r.angular ? 'rad' : 'm';
      springLeft = new TracePlot(springLeftBox, 'What a spring leaves: your trace minus the fitted spring', left, [{ label: 'trace minus spring', color: cssColor(host, '--fg-muted') }], 150);
      matchLeft = new TracePlot(matchLeftBox, 'What the explanation leaves: your trace minus its run', left, [{ label: 'trace minus explanation', color: cssColor(host, '--s1') }], 150);
    }
    const nan = r.time.map(() => Number.NaN);
    const runOf = m?.run ?? nan;
    const spring = r.spring ?? nan;
    plot.set([r.time, r.position, runOf, spring]);
    springLeft!.set([r.time, r.position.map((x, k) => x - spring[k]!)]);
    matchLeft!.set([r.time, r.position.map((x, k) => x - runOf[k]!)]);
    host.dataset.shown = m ? `${m.id}/${m.variant}` : '';
    for (const row of table.querySelectorAll('tbody tr')) row.toggleAttribute('data-shown', row.getAttribute('data-rank') === String(shown));
    fix.replaceChildren();
    if (!m) return;
    const code = el('textarea', { class: 'trace-code', readonly: true, rows: 6, spellcheck: 'false', 'aria-label': 'The numbers as code' });
    const copy = el('button', { type: 'button', class: 'trace-copy' }, 'Copy as code');
    const copied = el('span', { class: 'code-status', role: 'status' });
    const asked = `${formatNumber(want.frequency)} Hz at damping ratio ${formatNumber(want.dampingRatio)}`;
    const instead = m.instead
      ? `To get ${asked} from ${m.api} at these settings, set ${parametersText(m.instead)}.`
      : m.insteadRefused
        ? `No numbers give ${asked} from ${m.api} at these settings: ${m.insteadRefused}.`
        : `Forcelab's own laws are tuned in the Lab (Tune for me); the numbers found are ${parametersText(m.parameters)}.`;
    code.value = m.insteadCode ?? m.code ?? '';
    copy.addEventListener('click', async () => {
      copied.textContent = (await copyText(code.value)) ? ' Copied.' : ' The browser refused the clipboard: select the text and copy it.';
    });
    const differs = m.differences.length
      ? [el('p', {}, `How ${matchName(m)} differs from the engine's defaults:`), el('ul', { class: 'trace-differences' }, ...m.differences.map((d) => el('li', {}, d)))]
      : [el('p', {}, `${matchName(m)}: nothing differs from the defaults.`)];
    fix.append(el('h3', {}, 'The explanation shown'), ...differs, el('h3', {}, 'What to set instead'), el('p', {}, instead), code, el('div', { class: 'buttons' }, copy, copied));
  };

  const tableOf = (r: ExplainedTrace) => {
    const exact = r.matches.filter((m) => m.exact).length;
    const unit = r.angular ? 'rad' : 'm';
    const rows = r.matches.slice(0, 12).map((m, i) => {
      const show = m.run ? el('button', { type: 'button', 'data-show': String(i), 'aria-label': `Show ${matchName(m)}` }, 'Show') : null;
      show?.addEventListener('click', () => {
        shown = i;
        draw();
      });
      return el(
        'tr',
        { 'data-rank': String(i), 'data-entry': `${m.id}/${m.variant}`, 'data-exact': String(m.exact) },
        el('th', { scope: 'row' }, matchName(m)),
        el('td', {}, parametersText(m.parameters)),
        el('td', {}, m.exact ? 'exact' : `${formatNumber(m.rmsError)} ${unit}`),
        el('td', {}, show),
      );
    });
    table.replaceChildren(
      el('caption', {}, exact > 1 ? `Best first. ${exact} explanations are exact (your trace to float precision): they move the body alike, and no trace can tell them apart.` : 'Best first: the settings and numbers whose run is nearest your trace.'),
      el('thead', {}, el('tr', {}, ...['explanation', 'its numbers', 'rms error', ''].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows),
    );
  };

  const saveLink = (r: ExplainedTrace) => {
    const compact = compactTrace(r.time, r.position);
    const isExample = text.value === example.text;
    if (isExample) {
      link.save('trace-data', '', '');
      link.save('trace-angular', 'no', 'no');
      linkNote.textContent = '';
    } else if (compact.length <= LINK_LIMIT) {
      link.save('trace-data', compact, '');
      link.save('trace-angular', r.angular ? 'yes' : 'no', 'no');
      linkNote.textContent = 'The link below keeps this trace (to 7 significant digits).';
    } else {
      link.save('trace-data', '', '');
      linkNote.textContent = `This trace is too long for a link (${compact.length} characters against ${LINK_LIMIT}): the link keeps the settings but not the trace. Share the file instead.`;
    }
  };

  // Each question is numbered: one still waiting for the core's door never overwrites a later one's answer.
  let asked = 0;
  const go = async () => {
    const mine = ++asked;
    try {
      const now = options();
      const built = !live && question(text.value, now) === opening;
      // The first question past the opening one fetches the core's door: say so while it comes.
      if (!built && !live && !summary.querySelector('.trace-loading')) summary.prepend(el('p', { class: 'trace-loading' }, 'Loading the trace reader…'));
      const r = built ? firstView.explained : await explainLive(text.value, now);
      if (mine !== asked) return;
      error.textContent = '';
      last = r;
      shown = 0;
      summary.replaceChildren(...summarySentences(r).map((s) => el('p', {}, s)));
      tableOf(r);
      table.hidden = r.matches.length === 0;
      host.dataset.best = r.matches[0] ? `${r.matches[0].id}/${r.matches[0].variant}` : '';
      host.dataset.summary = JSON.stringify({ frequency: r.frequency, dampingRatio: r.dampingRatio, target: r.target, events: r.events.map((e) => e.kind) });
      // What the figure shows, for the checks a reader would make (links replay it bit for bit).
      host.dataset.curves = JSON.stringify({ summary: host.dataset.summary, matches: r.matches.slice(0, 5).map((m) => [m.id, m.variant, m.parameters.map((p) => p.value), m.rmsError]) });
      draw();
      saveLink(r);
    } catch (e) {
      if (mine !== asked) return;
      summary.querySelector('.trace-loading')?.remove();
      error.textContent = e instanceof Error ? e.message : String(e);
    }
  };

  link.field(controls, { key: 'trace-mass', label: 'Mass (or moment of inertia)', unit: 'kg (kg m²)', min: 0.01, max: 1000, scale: 'log', initial: example.mass, minExclusive: true, hardMax: 1e9 }, (v) => {
    mass = v;
    void go();
  });
  const [fDef, zDef] = WANT_DEFS(example.want);
  link.field(controls, fDef!, (v) => {
    want.frequency = v;
    void go();
  });
  link.field(controls, zDef!, (v) => {
    want.dampingRatio = v;
    void go();
  });

  const load = (content: string) => {
    text.value = content;
    void go();
  };
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (f) load(await f.text());
  });
  text.addEventListener('dragover', (e) => e.preventDefault());
  text.addEventListener('drop', async (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (!f) return;
    e.preventDefault();
    load(await f.text());
  });
  exampleButton.addEventListener('click', () => {
    engine.value = example.engine;
    link.save('trace-engine', engine.value, example.engine);
    load(example.text);
  });
  run.addEventListener('click', () => void go());
  engine.addEventListener('change', () => {
    link.save('trace-engine', engine.value, example.engine);
    void go();
  });
  target.addEventListener('change', () => {
    link.save('trace-target', target.value.trim(), '');
    void go();
  });
  host.append(foldedExports(plotsExport('trace', () => [plot, springLeft, matchLeft].filter((p): p is TracePlot => p !== null)), link.shareBar()));
  await go();
}
