/**
 * The Lab: two to four controllers (plus printed twins) in lockstep on identical
 * bodies. This module builds the controls, keeps the state in the URL, steps the
 * core's Lab at a fixed dt and draws its trace; every number it shows comes from the
 * core.
 */
import { cssColor } from '../ui/colors';
import { TracePlot, type TraceSeries } from '../plot/trace-plot';
import { paramControl } from '../ui/controls';
import { animate, prefersReducedMotion } from '../ui/animation-loop';
import { stepsForFrame } from '../ui/fixed-step';
import { formatNumber, type ParamDef } from '../ui/params';
import { LabRun, tuning, type LabSnapshot } from '../core/wasm';
import { traceCsv } from '../export/csv';
import { codePanel } from '../ui/code-panel';
import { snippet, type SnippetInput } from '../export/snippets';
import { copyText, download } from '../export/download';
import { drawLab, viewRange, type Look } from './lab-canvas';
import {
  DISTURBANCE_DEFS,
  GAINLESS,
  HAS_INTEGRAL,
  INTEGRATORS,
  LAWS,
  MAX_CONTROLLERS,
  MAX_STEPS,
  MIN_CONTROLLERS,
  PARAMETERISATIONS,
  PLANTS,
  SETTING_DEFS,
  TWINS,
  defaultLaws,
  labConfig,
  seriesOf,
  writeLabState,
  type Disturbances,
  type LabState,
  type SeriesInfo,
} from './lab-state';
import { FORMS } from './parameterisation';
import { CATALOGUE, LAW_LABELS, LINEAR_LAWS } from '../core/catalogue';
import { framed, labHref } from '../ui/site';
import type { FigureLink } from '../figures/figure-link';

const LAW_NAMES = LAW_LABELS;
const PLANT_NAMES: Readonly<Record<string, string>> = Object.fromEntries(CATALOGUE.plants.map((p) => [p.id, p.label]));
const INTEGRATOR_NAMES: Readonly<Record<string, string>> = {
  'semi-implicit-euler': 'semi-implicit Euler (PhysX, Unity, Box2D)',
  'explicit-euler': 'explicit Euler',
  rk4: 'RK4 (reference)',
};
/** Laws whose sampled damping ratio the core can compute (its linear laws). */
const LINEAR = new Set(LINEAR_LAWS.map((l) => l.id));
/** What is wrong with each printed listing, from the core's catalogue. */
const ERRATA: Readonly<Record<string, string>> = Object.fromEntries(
  CATALOGUE.laws.flatMap((l) => (l.erratum === null ? [] : [[l.id, l.erratum]])),
);

function unitOf(plantId: string): string {
  return plantId === 'box' ? 'rad' : 'm';
}

const css = (name: string): string => cssColor(document.documentElement, name);

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

/**
 * A labelled menu. A choice the core refuses (it throws) puts the menu back and says
 * why under it, like the number fields do.
 */
function select(label: string, id: string, options: readonly string[], names: Readonly<Record<string, string>>, value: string, onChange: (v: string) => void): HTMLElement {
  const s = element('select', { id });
  for (const o of options) s.append(element('option', { value: o, textContent: names[o] ?? o }));
  s.value = value;
  const message = element('p', { className: 'message', id: `${id}-message`, role: 'alert' });
  let current = value;
  s.addEventListener('change', () => {
    try {
      onChange(s.value);
      current = s.value;
      message.textContent = '';
    } catch (e) {
      s.value = current;
      message.textContent = e instanceof Error ? e.message : String(e);
    }
  });
  return element('div', { className: 'field' }, element('label', { htmlFor: id, textContent: label }), s, message);
}

export interface LabPage {
  destroy(): void;
}

/** How a Lab is mounted: the Lab page itself, or a figure inside a chapter. */
export interface LabOptions {
  /** Prefix for every element id, so that several Labs can share one page. */
  idPrefix?: string;
  /** Keep the state in the page's URL (the Lab page does; a chapter's figures do not). */
  saveUrl?: boolean;
  /**
   * A chapter's figure: the run, its canvas, plots and metrics first, every setting
   * folded into one "All settings" disclosure, and a link that opens the same state
   * in the Lab.
   */
  figure?: boolean;
  /**
   * A figure's settings in the page's address (its keys `ID-plant`, `ID-kp0`, ... are the
   * Lab's, prefixed) and its "Copy link" / "Copy embed code"; written only while the
   * state differs from `preset`, which is also what a link that cannot run falls back to.
   */
  link?: { figure: FigureLink; preset: LabState };
}

export function mountLab(host: HTMLElement, initial: LabState, problems: Record<string, string>, options: LabOptions = {}): LabPage {
  const { idPrefix: p = '', saveUrl: keepUrl = true, figure = false, link } = options;

  const state: LabState = structuredClone(initial);
  let run: LabRun | null = null;
  let snap: LabSnapshot | null = null;
  let playing = !prefersReducedMotion();
  let finished = false;
  let targetNow = state.disturbances.targetStart;
  const clock = { accumulator: 0 };
  let plots: TracePlot[] = [];
  let dirty = true;
  /** The canvas shows the last render: redraw only after a new one or a resize. */
  let canvasStale = true;
  /** When the metrics were last computed (they cover the whole trace; 4 times a second is plenty while playing). */
  let metricsAt = -Infinity;

  host.replaceChildren();
  const banner = element('p', { className: 'problems', role: 'alert' });
  const setup = element('section', { className: 'panel' }, element('h2', { textContent: 'Plant and physics' }));
  const setupFields = element('div', { className: 'params' });
  const lawsBox = element('section', { className: 'panel' }, element('h2', { textContent: 'Controllers' }));
  const lawCards = element('div', { className: 'laws' });
  const addLaw = element('button', { type: 'button', textContent: 'Add a controller' });
  const disturbBox = element('section', { className: 'panel' }, element('h2', { textContent: 'Disturbances' }));
  const disturbFields = element('div', { className: 'params' });
  const playButton = element('button', { type: 'button' });
  const stepButton = element('button', { type: 'button', textContent: 'Step' });
  const resetButton = element('button', { type: 'button', textContent: 'Reset' });
  const clockText = element('span', { className: 'clock' });
  const runStatus = element('p', { className: 'run-status', role: 'status' });
  const canvas = element('canvas', { className: 'stage', height: 220, tabIndex: 0 });
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'The bodies side by side and the target; drag across to move the target');
  const plotsBox = element('div', { className: 'plots' });
  const termsBox = element('div', { className: 'plots terms' });
  const metricsTable = element('table', { className: 'readout metrics' });
  const openInLab = element('a', { className: 'open-in-lab', textContent: 'Open in the Lab' });
  // In an embed, the Lab opens beside the post rather than inside its frame.
  if (framed()) Object.assign(openInLab, { target: '_blank', rel: 'noopener' });
  const runPanel = element('section', { className: 'panel run', ariaLabel: 'Run' },
    element('div', { className: 'toolbar', role: 'group', ariaLabel: 'Simulation' }, playButton, stepButton, resetButton, clockText, ...(figure ? [openInLab] : [])),
    runStatus, canvas, plotsBox,
    // Eight columns of figures do not fit a phone: the table scrolls sideways in its own box.
    element('div', { className: 'table-scroll', tabIndex: 0, role: 'region', ariaLabel: 'Step-response metrics' }, metricsTable));
  const termsPanel = element('section', { className: 'panel' }, element('h2', { textContent: 'Terms per controller' }), termsBox);
  // Take it home: the run as data, the response plot as a picture, the link that replays it.
  const exportButton = (text: string, action: string) => element('button', { type: 'button', textContent: text, className: `export-${action}` });
  const csvButton = exportButton('Download CSV', 'csv');
  const pngButton = exportButton('Response as PNG', 'png');
  const svgButton = exportButton('Response as SVG', 'svg');
  const linkButton = exportButton('Copy link', 'link');
  const linkBox = element('input', { type: 'text', readOnly: true, className: 'export-link-text', hidden: true });
  linkBox.setAttribute('aria-label', 'Link that reproduces this run');
  const exportStatus = element('p', { className: 'export-status', role: 'status' });
  // A figure's "Copy link" opens it where it stands (its chapter); the Lab's reopens the Lab.
  const shareButtons = link ? [] : [linkButton];
  runPanel.append(element('div', { className: 'toolbar export', role: 'group', ariaLabel: 'Export this run' }, csvButton, pngButton, svgButton, ...shareButtons), linkBox, exportStatus);
  if (link) runPanel.append(link.figure.shareBar());
  if (figure) {
    const settings = element('details', { className: 'figure-settings' }, element('summary', { textContent: 'All settings: controllers, plant, disturbances, terms' }), lawsBox, setup, disturbBox, termsPanel);
    host.append(banner, runPanel, settings);
  } else {
    host.append(banner, runPanel, lawsBox, setup, disturbBox, termsPanel);
  }
  setup.append(setupFields);
  lawsBox.append(lawCards, addLaw);
  disturbBox.append(disturbFields);

  // Each refused link value is also named under its field, the first time that field is built.
  const unreported = new Map(Object.entries(problems));
  const reportLink = (control: { report(message: string): void }, ...keys: string[]) => {
    const said = keys.flatMap((key) => {
      const message = unreported.get(key);
      unreported.delete(key);
      return message ? [message] : [];
    });
    if (said.length) control.report(said.join('; '));
  };
  const messages = Object.values(problems);
  banner.textContent = messages.length ? `Some settings in the link were refused: ${messages.join('; ')}.` : '';
  banner.hidden = messages.length === 0;

  // A figure may sit in a chapter (one folder down) or alone in embed.html (at the top).
  const labLink = () => labHref(writeLabState(state));

  const saveUrl = () => {
    if (keepUrl) history.replaceState(null, '', `${location.pathname}${writeLabState(state)}${location.hash}`);
    if (link) {
      const query = new URLSearchParams(writeLabState(state, link.preset));
      link.figure.replace([...query].map(([k, v]): [string, string] => [`${link.figure.id}-${k}`, v]));
    }
    openInLab.href = labLink();
  };

  /** Rebuilds the core Lab from the state and starts the run over. */
  const restart = (): string | null => {
    let next: LabRun;
    try {
      next = new LabRun(labConfig(state));
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
    run?.free();
    run = next;
    targetNow = state.disturbances.targetStart;
    finished = false;
    clock.accumulator = 0;
    dirty = true;
    saveUrl();
    buildPlots();
    return null;
  };

  /** Applies a change to a copy of the state; keeps the old one if the core refuses. */
  const change = (edit: (s: LabState) => void): void => {
    const before = structuredClone(state);
    edit(state);
    const problem = restart();
    if (problem) {
      Object.assign(state, before);
      restart();
      throw new Error(problem);
    }
  };

  // ---- plant and physics
  const buildSetup = () => {
    setupFields.replaceChildren(
      select('plant', `${p}lab-plant`, PLANTS, PLANT_NAMES, state.plant, (v) => {
        change((s) => {
          s.plant = v as LabState['plant'];
          s.laws = s.laws.map((l) => (LAWS[s.plant].includes(l.kind) ? l : { ...l, kind: 'backward-pd' }));
          for (const l of s.laws) l.asPrinted &&= TWINS[s.plant][l.kind] !== undefined;
        });
        buildLaws();
      }),
      select('integrator', `${p}lab-integrator`, INTEGRATORS, INTEGRATOR_NAMES, state.integrator, (v) => {
        change((s) => (s.integrator = v as LabState['integrator']));
        buildLaws();
      }),
      select('gains as', `${p}lab-param`, PARAMETERISATIONS, Object.fromEntries(PARAMETERISATIONS.map((p) => [p, FORMS[p].label])), state.parameterisation, (v) => {
        state.parameterisation = v as LabState['parameterisation'];
        saveUrl();
        buildLaws();
      }),
    );
    const numeric: [keyof typeof SETTING_DEFS, ParamDef][] = Object.entries(SETTING_DEFS) as [keyof typeof SETTING_DEFS, ParamDef][];
    for (const [field, def] of numeric) {
      const control = paramControl(setupFields, { ...def, key: `${p}${def.key}` }, state[field], (value) => {
        if (field === 'speed') {
          state.speed = value;
          saveUrl();
          return;
        }
        if (field === 'horizon' || field === 'dt') {
          const h = field === 'horizon' ? value : state.horizon;
          const dt = field === 'dt' ? value : state.dt;
          if (h / dt > MAX_STEPS) throw new Error(`run length / dt must be at most ${MAX_STEPS} steps, got ${Math.round(h / dt)}`);
        }
        change((s) => ((s[field] as number) = field === 'seed' ? Math.floor(value) : value));
        if (field === 'mass' || field === 'dt') updateZetas();
      });
      reportLink(control, def.key);
    }
  };

  // ---- controllers
  let updateZetas = () => {};
  const buildLaws = () => {
    lawCards.replaceChildren();
    const zetaUpdaters: (() => void)[] = [];
    const colors = seriesColors(seriesOf(state));
    state.laws.forEach((law, k) => {
      const card = element('fieldset', { className: 'law' });
      card.dataset.index = String(k);
      const legend = element('legend', {}, element('span', { className: 'swatch' }), `controller ${k + 1}`);
      (legend.firstChild as HTMLElement).style.background = colors[k] ?? '';
      card.append(legend);
      card.append(select('law', `${p}law-${k}-kind`, LAWS[state.plant], LAW_NAMES, law.kind, (v) => {
        change((s) => {
          const l = s.laws[k]!;
          l.kind = v;
          l.asPrinted &&= TWINS[s.plant][v] !== undefined;
          if (!HAS_INTEGRAL.has(v)) l.ki = 0;
        });
        buildLaws();
      }));
      const fields = element('div', { className: 'params' });
      card.append(fields);
      const form = FORMS[state.parameterisation];
      if (GAINLESS.has(law.kind)) {
        fields.append(element('p', { className: 'note', textContent: 'This law has no gains: it computes the force that lands on the target next step.' }));
      } else {
        const values = form.fromRaw({ kp: law.kp, kd: law.kd }, state.mass, tuning);
        const current = [...values];
        form.fields.forEach((def, j) => {
          const id: ParamDef = { ...def, key: `${p}${k}-${def.key}` };
          const control = paramControl(fields, id, current[j]!, (value) => {
            const next = [...current];
            next[j] = value;
            const raw = form.toRaw(next, state.mass, tuning);
            setGains(k, raw.kp, raw.kd, law.ki);
            current[j] = value;
            updateZeta();
          });
          // The link holds raw gains: a refused one is named under the card's first field.
          if (j === 0) reportLink(control, `kp${k}`, `kd${k}`);
        });
        if (HAS_INTEGRAL.has(law.kind)) {
          const control = paramControl(fields, { key: `${p}${k}-ki`, label: 'ki (integral)', unit: 'N/(m·s)', min: 0, max: 2000, scale: 'linear', initial: 0, hardMax: 1e12 }, law.ki, (value) => {
            setGains(k, law.kp, law.kd, value);
          });
          reportLink(control, `ki${k}`);
        }
        fields.append(element('p', { className: 'note', textContent: form.note }));
      }
      const zeta = element('p', { className: 'zeta' });
      zeta.setAttribute('aria-live', 'polite');
      card.append(zeta);
      const updateZeta = () => {
        const l = state.laws[k]!;
        if (GAINLESS.has(l.kind) || l.kp <= 0) {
          zeta.textContent = 'effective damping ratio: not defined for this law';
          zeta.dataset.zeta = '';
          return;
        }
        const [, continuous] = tuning.toNatural(l.kp, l.kd, state.mass);
        zeta.dataset.zeta = String(continuous);
        let text = `effective damping ratio ζ = ${formatNumber(continuous!)} in continuous time`;
        if (LINEAR.has(l.kind)) {
          const sampled = tuning.sampled(l.kind, state.integrator, l.kp, l.kd, state.mass, state.dt);
          zeta.dataset.sampled = sampled ? String(sampled[1]) : '';
          text += sampled ? `; ${formatNumber(sampled[1]!)} as this law runs at dt = ${formatNumber(state.dt)} s` : '; sampled at this dt the loop has no equivalent (unstable or ringing at the step rate)';
        } else {
          zeta.dataset.sampled = '';
          text += HAS_INTEGRAL.has(l.kind) ? ' (its P and D terms; the integral adds more)' : '';
        }
        zeta.textContent = text;
      };
      updateZeta();
      zetaUpdaters.push(updateZeta);
      const twin = TWINS[state.plant][law.kind];
      if (twin) {
        const box = element('input', { type: 'checkbox', id: `${p}law-${k}-printed`, checked: law.asPrinted });
        box.addEventListener('change', () => {
          try {
            change((s) => (s.laws[k]!.asPrinted = box.checked));
          } catch {
            box.checked = !box.checked;
          }
          buildLaws();
        });
        card.append(
          element('div', { className: 'field check' }, box, element('label', { htmlFor: box.id, textContent: 'also run the article\'s listing as printed' })),
          element('p', { className: 'note', textContent: ERRATA[twin] ?? '' }),
        );
      }
      card.append(
        codePanel(`${p}law-${k}`, (): SnippetInput | string => {
          const l = state.laws[k];
          if (!l) return 'This controller was removed.';
          return {
            plant: state.plant,
            kind: l.kind,
            name: LAW_NAMES[l.kind] ?? l.kind,
            kp: l.kp,
            kd: l.kd,
            ki: HAS_INTEGRAL.has(l.kind) ? l.ki : 0,
            mass: state.mass,
            dt: state.dt,
            integrator: state.integrator,
            target: state.disturbances.targetStart,
            steps: totalSteps(),
          };
        }, snippet),
      );
      const remove = element('button', { type: 'button', textContent: 'Remove', disabled: state.laws.length <= MIN_CONTROLLERS });
      remove.addEventListener('click', () => {
        change((s) => s.laws.splice(k, 1));
        buildLaws();
      });
      card.append(remove);
      lawCards.append(card);
    });
    addLaw.disabled = state.laws.length >= MAX_CONTROLLERS;
    updateZetas = () => zetaUpdaters.forEach((u) => u());
  };
  addLaw.addEventListener('click', () => {
    const used = new Set(state.laws.map((l) => l.kind));
    const kind = LAWS[state.plant].find((id) => !used.has(id)) ?? 'pd';
    change((s) => s.laws.push({ ...defaultLaws()[0]!, kind }));
    buildLaws();
  });

  /** A gain edit: live on the running Lab (every series of that controller), kept in the URL. */
  const setGains = (k: number, kp: number, kd: number, ki: number) => {
    if (!run) return;
    const series = seriesOf(state);
    series.forEach((s, index) => {
      if (s.owner === k) run!.setGains(index, kp, kd, HAS_INTEGRAL.has(s.kind) ? ki : 0);
    });
    Object.assign(state.laws[k]!, { kp, kd, ki });
    saveUrl();
    if (finished || !playing) {
      run.reset();
      finished = false;
      targetNow = state.disturbances.targetStart;
      if (!playing) run.step(Math.round(state.horizon / state.dt));
    }
    dirty = true;
  };

  // ---- disturbances
  const buildDisturbances = () => {
    disturbFields.replaceChildren();
    const unit = unitOf(state.plant);
    const flag = (field: 'stepOn' | 'sideswipeOn' | 'spikeOn', label: string) => {
      const box = element('input', { type: 'checkbox', id: `${p}d-${field}`, checked: state.disturbances[field] });
      box.addEventListener('change', () => {
        try {
          change((s) => (s.disturbances[field] = box.checked));
        } catch (e) {
          box.checked = !box.checked;
          banner.hidden = false;
          banner.textContent = e instanceof Error ? e.message : String(e);
        }
      });
      disturbFields.append(element('div', { className: 'field check' }, box, element('label', { htmlFor: box.id, textContent: label })));
    };
    for (const [field, def] of Object.entries(DISTURBANCE_DEFS) as [keyof Disturbances, ParamDef | null][]) {
      if (field === 'stepOn') flag('stepOn', 'target step');
      if (field === 'sideswipeOn') flag('sideswipeOn', 'sideswipe');
      if (field === 'spikeOn') flag('spikeOn', 'a one-off dt spike');
      if (!def) continue;
      const shown = { ...def, key: `${p}${def.key}`, unit: def.unit.replace(/^m/, unit) };
      const control = paramControl(disturbFields, shown, state.disturbances[field] as number, (value) =>
        change((s) => ((s.disturbances[field] as number) = value)),
      );
      reportLink(control, def.key);
    }
  };

  // ---- run controls
  const syncPlay = () => {
    playButton.textContent = playing ? 'Pause' : 'Play';
    playButton.setAttribute('aria-pressed', String(playing));
  };
  playButton.addEventListener('click', () => {
    if (finished && !playing) {
      run?.reset();
      finished = false;
      targetNow = state.disturbances.targetStart;
    }
    playing = !playing;
    syncPlay();
    dirty = true;
  });
  stepButton.addEventListener('click', () => {
    playing = false;
    syncPlay();
    advance(1);
  });
  resetButton.addEventListener('click', () => {
    run?.reset();
    finished = false;
    targetNow = state.disturbances.targetStart;
    clock.accumulator = 0;
    dirty = true;
  });

  const totalSteps = () => Math.round(state.horizon / state.dt);
  const advance = (steps: number) => {
    if (!run) return;
    const left = totalSteps() - (run.rows - 1);
    const n = Math.max(0, Math.min(steps, left));
    if (n > 0) run.step(n);
    if (run.rows - 1 >= totalSteps()) {
      finished = true;
      playing = false;
      syncPlay();
    }
    dirty = true;
  };

  // ---- dragging the target
  let dragging = false;
  const dragTo = (event: PointerEvent) => {
    if (!run || !snap) return;
    const rect = canvas.getBoundingClientRect();
    const range = viewRange(state.plant, targetsOf());
    const x = range[0] + ((event.clientX - rect.left) / rect.width) * (range[1] - range[0]);
    try {
      if (finished) {
        // A drag after the end starts the run over toward where the target now is.
        run.reset();
        finished = false;
        clock.accumulator = 0;
      }
      run.setTarget(x, 0);
      targetNow = x;
      if (!playing) {
        playing = true;
        syncPlay();
      }
    } catch {
      // A drag outside the page's numbers cannot be refused by name; it is ignored.
    }
  };
  canvas.addEventListener('pointerdown', (e) => {
    dragging = true;
    canvas.setPointerCapture(e.pointerId);
    dragTo(e);
  });
  canvas.addEventListener('pointermove', (e) => dragging && dragTo(e));
  canvas.addEventListener('pointerup', () => (dragging = false));
  const targetsOf = () => {
    const d = state.disturbances;
    // The latest target too: a moving target leaves every fixed range.
    const latest = snap && snap.rows > 0 ? [snap.target[snap.rows - 1]!] : [];
    return [d.targetStart, ...(d.stepOn ? [d.stepTo] : []), targetNow, ...latest];
  };

  // ---- plots and metrics
  let series: SeriesInfo[] = [];
  let look: Look = { fg: '#000', muted: '#888', colors: [], dashed: [] };
  function seriesColors(s: readonly SeriesInfo[]): string[] {
    return s.map((x) => css(`--s${x.owner}`));
  }
  const label = (s: SeriesInfo) => `${s.owner + 1}: ${LAW_NAMES[s.kind] ?? s.kind}`;
  function buildPlots(): void {
    for (const p of plots) p.destroy();
    plotsBox.replaceChildren();
    termsBox.replaceChildren();
    series = seriesOf(state);
    look = { fg: css('--fg'), muted: css('--fg-muted'), colors: seriesColors(series), dashed: series.map((s) => s.asPrinted) };
    const styles: TraceSeries[] = series.map((s, k) => ({ label: label(s), color: look.colors[k]!, dash: s.asPrinted ? [6, 4] : undefined }));
    const unit = unitOf(state.plant);
    const effort = state.plant === 'box' ? 'torque (N·m)' : 'force (N)';
    const box = (cls: string) => {
      const div = element('div', { className: `plot ${cls}` });
      plotsBox.append(div);
      return div;
    };
    plots = [
      new TracePlot(box('response'), 'Response', `position (${unit})`, [{ label: 'target', color: look.muted, dash: [4, 4] }, ...styles]),
      new TracePlot(box('error'), 'Error (target − response)', `error (${unit})`, styles),
      new TracePlot(box('effort'), state.plant === 'box' ? 'Torque' : 'Force', effort, styles),
    ];
    series.forEach((s, k) => {
      const div = element('div', { className: 'plot term' });
      termsBox.append(div);
      const c = look.colors[k]!;
      plots.push(
        new TracePlot(div, label(s), effort, [
          { label: 'P', color: c },
          { label: 'I', color: c, dash: [2, 3] },
          { label: 'D', color: c, dash: [8, 4] },
          { label: 'feed-forward', color: look.muted },
        ], 160),
      );
    });
  }

  const column = (values: Float64Array, n: number, k: number, rows: number) => {
    const out = new Array<number>(rows);
    for (let r = 0; r < rows; r++) out[r] = values[r * n + k]!;
    return out;
  };

  const render = () => {
    if (!run) return;
    snap = run.snapshot();
    const { n, rows } = snap;
    const time = Array.from(snap.time);
    const target = Array.from(snap.target);
    const xs = series.map((_, k) => column(snap!.x, n, k, rows));
    plots[0]?.set([time, target, ...xs]);
    plots[1]?.set([time, ...xs.map((x) => x.map((v, r) => target[r]! - v))]);
    plots[2]?.set([time, ...series.map((_, k) => column(snap!.force, n, k, rows))]);
    series.forEach((_, k) => {
      plots[3 + k]?.set([time, column(snap!.p, n, k, rows), column(snap!.i, n, k, rows), column(snap!.d, n, k, rows), column(snap!.ff, n, k, rows)]);
    });
    if (!playing || performance.now() - metricsAt > 250) {
      metricsAt = performance.now();
      renderMetrics();
    }
    canvasStale = true;
    // What a replay must reproduce, for a test or a reader comparing two links; hashed
    // only once the run rests, not on every frame of a run in progress.
    if (!playing) metricsTable.dataset.traceHash = run.traceHash();
    else delete metricsTable.dataset.traceHash;
    metricsTable.dataset.rows = String(rows);
    metricsTable.dataset.target = String(snap.target[rows - 1]);
    const t = snap.time[rows - 1] ?? 0;
    clockText.textContent = `t = ${t.toFixed(2)} s of ${formatNumber(state.horizon)} s`;
    runStatus.textContent = finished ? 'Run finished: Reset or Play to run it again.' : '';
  };

  const renderMetrics = () => {
    if (!run || !snap) return;
    const m = run.metrics();
    const unit = unitOf(state.plant);
    const head = element('tr', {}, ...['controller', 'rise (s)', 'settle (s)', 'overshoot (%)', `steady-state error (${unit})`, `IAE (${unit}·s)`, `peak ${state.plant === 'box' ? 'torque (N·m)' : 'force (N)'}`, 'diverged?'].map((h) => element('th', { scope: 'col', textContent: h })));
    const body = element('tbody');
    series.forEach((s, k) => {
      const r = m[k]!;
      const swatch = element('span', { className: 'swatch' });
      swatch.style.background = look.colors[k] ?? '';
      const failure = snap!.failures[k];
      body.append(
        element('tr', {},
          element('th', { scope: 'row' }, swatch, label(s)),
          ...[r.riseTime, r.settlingTime, r.overshootPercent, r.steadyStateError, r.iae, r.peakEffort].map((v) => element('td', { textContent: v === null ? 'not reached' : formatNumber(v) })),
          element('td', { textContent: r.diverged ? `yes${failure ? `: ${failure}` : ''}` : 'no' }),
        ),
      );
    });
    metricsTable.replaceChildren(element('caption', { textContent: 'Step metrics so far (the text version of the plots)' }), element('thead', {}, head), body);
  };

  /** One frame of the page's loop: the steps the elapsed time holds, then what changed is drawn. */
  const loop = (seconds: number) => {
    if (playing && run) {
      const steps = stepsForFrame(clock, seconds, state.dt, state.speed, 2000);
      if (steps > 0) advance(steps);
    }
    if (dirty && run) {
      dirty = false;
      render();
    }
    if (run && snap) {
      // Assigning a canvas size clears and reallocates it, even to the same value.
      const width = Math.round(canvas.clientWidth * devicePixelRatio);
      const height = Math.round(220 * devicePixelRatio);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
        canvasStale = true;
      }
      const ctx = canvas.getContext('2d');
      if (ctx && canvasStale) {
        canvasStale = false;
        drawLab(ctx, state.plant, snap, snap.rows - 1, snap.target[snap.rows - 1] ?? targetNow, viewRange(state.plant, targetsOf()), look);
      }
    }
  };

  /** A file name that says what the run was: plant, integrator, dt. */
  const fileName = (ext: string) => `forcelab-${state.plant}-${state.integrator}-dt${formatNumber(state.dt)}.${ext}`;
  const reproducingLink = () => new URL(labLink(), location.href).href;
  csvButton.addEventListener('click', () => {
    if (!run) return;
    const current = run.snapshot();
    const units = { position: unitOf(state.plant), effort: state.plant === 'box' ? 'N·m' : 'N' };
    download(fileName('csv'), new Blob([traceCsv(current, series.map(label), units)], { type: 'text/csv' }));
    exportStatus.textContent = `Saved ${current.rows} rows as ${fileName('csv')}.`;
  });
  pngButton.addEventListener('click', async () => {
    const blob = await plots[0]?.png();
    if (blob) download(fileName('png'), blob);
    exportStatus.textContent = blob ? `Saved the response plot as ${fileName('png')}.` : 'This browser could not draw the plot into a PNG.';
  });
  svgButton.addEventListener('click', () => {
    const svg = plots[0]?.svg();
    if (!svg) return;
    download(fileName('svg'), new Blob([svg], { type: 'image/svg+xml' }));
    exportStatus.textContent = `Saved the response plot as ${fileName('svg')}.`;
  });
  linkButton.addEventListener('click', async () => {
    const link = reproducingLink();
    linkBox.value = link;
    linkBox.hidden = false;
    const copied = await copyText(link);
    exportStatus.textContent = copied ? 'Link copied: it replays this run exactly.' : 'The browser refused the clipboard: copy the link from the box.';
    if (!copied) linkBox.select();
  });

  buildSetup();
  buildLaws();
  buildDisturbances();
  const problem = restart();
  if (problem) {
    banner.hidden = false;
    banner.textContent = `The link's settings could not run (${problem}); using the defaults.`;
    Object.assign(state, link ? structuredClone(link.preset) : { ...structuredClone(initial), laws: defaultLaws() });
    restart();
  }
  syncPlay();
  if (!playing) advance(totalSteps());
  // Always called, on screen or not: a paused figure still draws (and hashes) its run once.
  const animation = animate(null, loop);
  document.body.dataset.labReady = 'true';

  return {
    destroy() {
      animation.stop();
      for (const p of plots) p.destroy();
      run?.free();
    },
  };
}
