/**
 * The Lab: two to four controllers (plus printed twins) in lockstep on identical
 * bodies. This module holds the run: it lays out the page, keeps the state in the URL,
 * steps the core's Lab on the page's loop at a fixed dt and draws its trace and canvas.
 * The setting panels (`lab-setup.ts`), the controller cards (`lab-cards.ts`), the
 * metrics (`lab-metrics.ts`) and the export bar (`lab-export.ts`) are their own files;
 * every number shown comes from the core.
 */
import { el } from '../ui/dom';
import { cssColor } from '../ui/colors';
import { TracePlot, type TraceSeries } from '../plot/trace-plot';
import { animate } from '../ui/animation-loop';
import { simulationToolbar } from '../ui/toolbar';
import { formatNumber } from '../ui/params';
import { LabRun, wasmCrossings, type LabSnapshot } from '../core/wasm';
import { drawLab, viewRange, type Look } from './lab-canvas';
import { HAS_INTEGRAL, LAWS, defaultLaws, freshLaw, labConfig, seriesOf, writeLabState, type LabState, type SeriesInfo } from './lab-state';
import { distinguishingOptions } from './law-options';
import { LAW_LABELS, plantEntry } from '../core/catalogue';
import { framed, labHref } from '../ui/site';
import type { FigureLink } from '../figures/figure-link';
import { effortOf, unitOf } from './lab-dom';
import { fillMetrics } from './lab-metrics';
import { labExportBar } from './lab-export';
import type { LabEditor } from './lab-editor';
import { buildDisturbanceFields, buildSetupFields } from './lab-setup';
import { buildLawCards } from './lab-cards';
import { seriesStyles, shadeColor } from './series-style';
import type { Forbidden } from '../core/wish';

const LAW_NAMES = LAW_LABELS;

const css = (name: string): string => cssColor(document.documentElement, name);


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
  let finished = false;
  let targetNow = state.disturbances.targetStart;
  let plots: TracePlot[] = [];
  let dirty = true;
  /** The canvas shows the last render: redraw only after a new one or a resize. */
  let canvasStale = true;
  /** When the metrics were last computed (they cover the whole trace; 4 times a second is plenty while playing). */
  let metricsAt = -Infinity;
  /**
   * Gain edits since the last frame, applied once at the next one: a fast drag sends
   * several input events per frame, and each used to rerun the whole trace (up to
   * 20,000 steps of 8 bodies) and write the URL.
   */
  let retuned = false;
  let urlStale = false;
  /** Calls into wasm when the last frame ended (each frame writes how many it took, an edit's included). */
  let crossingsAt = wasmCrossings();

  host.replaceChildren();
  const banner = el('p', { class: 'problems', role: 'alert' });
  const setup = el('section', { class: 'panel' }, el('h2', {}, 'Plant and physics'));
  const setupFields = el('div', { class: 'params' });
  const lawsBox = el('section', { class: 'panel' }, el('h2', {}, 'Controllers'));
  const lawCards = el('div', { class: 'laws' });
  const addLaw = el('button', { type: 'button' }, 'Add a controller');
  const disturbBox = el('section', { class: 'panel' }, el('h2', {}, 'Disturbances'));
  const disturbFields = el('div', { class: 'params' });
  /** Back to the run's first step (its trace, the target's start). */
  const rewind = () => {
    run?.reset();
    finished = false;
    targetNow = state.disturbances.targetStart;
    dirty = true;
  };
  const openInLab = el('a', { class: 'open-in-lab' }, 'Open in the Lab');
  const toolbar = simulationToolbar(
    {
      // Play after the run's end plays it again from the start.
      beforePlay: () => finished && rewind(),
      toggled: () => (dirty = true),
      step: () => advance(1),
      reset: rewind,
    },
    { extra: figure ? [openInLab] : [] },
  );
  const clockText = toolbar.clock;
  const runStatus = el('p', { class: 'run-status', role: 'status' });
  const canvas = el('canvas', { class: 'stage', height: 220, tabindex: 0 });
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'The bodies side by side and the target, dashed (on the box, its orientation); drag across to move the target');
  const plotsBox = el('div', { class: 'plots' });
  const termsBox = el('div', { class: 'plots terms' });
  const metricsTable = el('table', { class: 'readout metrics' });
  // In an embed, the Lab opens beside the post rather than inside its frame.
  if (framed()) Object.assign(openInLab, { target: '_blank', rel: 'noopener' });
  // A figure keeps each controller's gains in view under its plots (lab-cards.ts).
  const gainStrip = figure ? el('div', { class: 'figure-gains', role: 'group', 'aria-label': 'Gains' }) : undefined;
  const runPanel = el('section', { class: 'panel run', 'aria-label': 'Run' },
    toolbar.element,
    // The status line under the canvas always holds one line (a hint while the run goes,
    // "Run finished" at its end), so a run's end moves nothing and covers nothing.
    canvas, runStatus, plotsBox, ...(gainStrip ? [gainStrip] : []));
  // Eight columns of figures do not fit a phone: the table scrolls sideways in its own box.
  const metricsBox = el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Step-response metrics' }, metricsTable);
  // A chapter's figure shows its run; the numbers, the files and the link are one click
  // away rather than in the reading flow. The Lab shows them under its plots.
  const more = figure ? el('details', { class: 'figure-more' }, el('summary', {}, 'Metrics, data and link')) : runPanel;
  if (figure) runPanel.append(more);
  more.append(metricsBox);
  const termsPanel = el('section', { class: 'panel' }, el('h2', {}, 'Terms per controller'), termsBox);
  // Take it home: the run as data, the response plot as a picture, the link that
  // replays it (a figure's "Copy link" opens it where it stands: its share bar).
  more.append(
    labExportBar(
      {
        // An edit made since the last frame is in the file too (its rerun waits for that frame).
        snapshot: () => {
          applyEdits();
          return run?.snapshot() ?? null;
        },
        names: () => labels,
        plant: () => state.plant,
        fileName: (ext) => `forcelab-${state.plant}-${state.integrator}-dt${formatNumber(state.dt)}.${ext}`,
        responsePlot: () => plots[0],
        link: () => new URL(labLink(), location.href).href,
      },
      !link,
    ),
  );
  if (link) more.append(link.figure.shareBar());
  if (figure) {
    const settings = el('details', { class: 'figure-settings' }, el('summary', {}, 'All settings: controllers, plant, disturbances, terms'), lawsBox, setup, disturbBox, termsPanel);
    host.append(banner, runPanel, settings);
  } else {
    // A workbench: on a wide screen the settings sit in a side panel that scrolls on its
    // own beside the run, so the response stays in view while any slider moves.
    const controls = el('div', { class: 'bench-controls' }, lawsBox, setup, disturbBox);
    host.append(banner, el('div', { class: 'workbench' }, runPanel, controls), termsPanel);
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
    toolbar.restartClock();
    dirty = true;
    saveUrl();
    buildPlots();
    // Paused (or with reduced motion), a changed Lab shows its whole run at once, as a
    // gain edit does, rather than an empty plot until Play.
    if (!toolbar.playing) advance(totalSteps());
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

  /** What the panels and the cards edit the Lab through. */
  const editor: LabEditor = {
    state,
    prefix: p,
    change,
    save: saveUrl,
    reportLink,
    warn(message) {
      banner.hidden = false;
      banner.textContent = message;
    },
    async busyWhile(work) {
      host.setAttribute('aria-busy', 'true');
      host.inert = true;
      try {
        await work;
      } finally {
        host.removeAttribute('aria-busy');
        host.inert = false;
      }
    },
  };

  // ---- plant and physics
  const buildSetup = () => buildSetupFields(setupFields, editor, { rebuildLaws: () => buildLaws(), updateZetas: () => updateZetas() });

  /** Names each row of a figure's gain strip as its controller's plotted series. */
  const nameGainRows = () => {
    gainStrip?.querySelectorAll<HTMLElement>('.law-gains').forEach((row) => {
      const k = series.findIndex((s) => s.owner === Number(row.dataset.owner) && !s.asPrinted);
      const name = row.querySelector('.law-name');
      if (name && labels[k]) name.textContent = labels[k];
    });
  };

  // ---- controllers
  let updateZetas = () => {};
  const buildLaws = () => {
    buildCards();
    nameGainRows();
  };
  const buildCards = () => {
    updateZetas = buildLawCards(lawCards, addLaw, editor, {
      gainStrip,
      colors: seriesColors(seriesOf(state)),
      setGains,
      steps: totalSteps,
      rebuild: buildLaws,
      replay: () => {
        if (!toolbar.playing) advance(totalSteps());
      },
      shade: (regions) => {
        shaded = regions ?? [];
        shadePlots();
      },
    });
  };
  addLaw.addEventListener('click', () => {
    const used = new Set(state.laws.map((l) => l.kind));
    const kind = LAWS[state.plant].find((id) => !used.has(id)) ?? 'pd';
    change((s) => s.laws.push(freshLaw(kind)));
    buildLaws();
  });

  /**
   * A gain edit: live on the running Lab (every series of that controller: the law and
   * its printed listing; a bad value is refused at once, named), kept in the URL. The rerun it needs (a
   * paused or finished run starts over) and the URL wait for the next frame, which
   * applies every edit since the last one together.
   */
  const setGains = (k: number, kp: number, kd: number, ki: number) => {
    if (!run) return;
    seriesOf(state).forEach((s, index) => {
      if (s.owner === k) run!.setGains(index, kp, kd, HAS_INTEGRAL.has(s.kind) ? ki : 0);
    });
    Object.assign(state.laws[k]!, { kp, kd, ki });
    retuned = true;
    urlStale = true;
    dirty = true;
  };
  /** The edits since the last frame: the run starts over once if it rests or has finished. */
  const applyEdits = () => {
    if (urlStale) {
      urlStale = false;
      saveUrl();
    }
    if (!retuned || !run) return;
    retuned = false;
    if (finished || !toolbar.playing) {
      finished = false;
      targetNow = state.disturbances.targetStart;
      if (!toolbar.playing) run.rerun(totalSteps());
      else run.reset();
    }
  };

  // ---- disturbances
  const buildDisturbances = () => buildDisturbanceFields(disturbFields, editor);

  // ---- run controls
  const totalSteps = () => Math.round(state.horizon / state.dt);
  const advance = (steps: number) => {
    if (!run) return;
    const left = totalSteps() - (run.rows - 1);
    const n = Math.max(0, Math.min(steps, left));
    if (n > 0) run.step(n);
    if (run.rows - 1 >= totalSteps()) {
      finished = true;
      toolbar.setPlaying(false);
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
        toolbar.restartClock();
      }
      run.setTarget(x, 0);
      targetNow = x;
      if (!toolbar.playing) toolbar.setPlaying(true);
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
    const [fg, bg] = [css('--fg'), css('--bg')];
    return seriesStyles(s).map((x) => shadeColor(css(x.colorVar), x.shade, fg, bg));
  }
  /** Each series' legend, set with the series (a law of the same kind says how it differs). */
  let labels: string[] = [];
  // The regions the last wish forbids, shaded behind the response and force curves.
  let shaded: Forbidden[] = [];
  const shadePlots = () => {
    const on = (plot: Forbidden['plot']) => shaded.filter((r) => r.plot === plot);
    plots[0]?.setRegions(on('response'));
    plots[2]?.setRegions(on('effort'));
  };
  function buildPlots(): void {
    for (const p of plots) p.destroy();
    plotsBox.replaceChildren();
    termsBox.replaceChildren();
    series = seriesOf(state);
    const differing = distinguishingOptions(series.map((s) => ({ kind: s.kind, options: state.laws[s.owner]!.options })), state.plant);
    labels = series.map((s, k) => `${s.owner + 1}: ${LAW_NAMES[s.kind] ?? s.kind}${differing[k] ? ` (${differing[k]})` : ''}`);
    nameGainRows();
    look = { fg: css('--fg'), muted: css('--fg-muted'), colors: seriesColors(series), dashed: series.map((s) => s.asPrinted) };
    const dashes = seriesStyles(series).map((s) => s.dash);
    const styles: TraceSeries[] = series.map((_, k) => ({ label: labels[k]!, color: look.colors[k]!, dash: dashes[k] }));
    const unit = unitOf(state.plant);
    const effort = effortOf(state.plant);
    const box = (cls: string) => {
      const div = el('div', { class: `plot ${cls}` });
      plotsBox.append(div);
      return div;
    };
    plots = [
      // The response is the figure's point: drawn large, the error and the effort beside each other under it.
      new TracePlot(box('response'), 'Response', `${plantEntry(state.plant).coordinate} (${unit})`, [{ label: 'target', color: look.muted, dash: [4, 4] }, ...styles], 260),
      new TracePlot(box('error'), 'Error (target − response)', `error (${unit})`, styles, 170),
      new TracePlot(box('effort'), plantEntry(state.plant).effort.replace(/^./, (c) => c.toUpperCase()), effort, styles, 170),
    ];
    series.forEach((s, k) => {
      const div = el('div', { class: 'plot term' });
      termsBox.append(div);
      const c = look.colors[k]!;
      plots.push(
        new TracePlot(div, labels[k]!, effort, [
          { label: 'P', color: c },
          { label: 'I', color: c, dash: [2, 3] },
          { label: 'D', color: c, dash: [8, 4] },
          { label: 'feed-forward', color: look.muted },
        ], 160),
      );
    });
    // The body's other coordinates (the plate's y and heading), read from its pose,
    // after the terms' plots in `plots` so that their indices stay put.
    coordinatesAt = plots.length;
    for (const c of plantEntry(state.plant).otherCoordinates) {
      const target = c.followsTarget ? [{ label: 'target', color: look.muted, dash: [4, 4] }] : [];
      plots.push(new TracePlot(box(`coordinate coordinate-${c.poseIndex}`), c.name.replace(/^./, (ch) => ch.toUpperCase()), `${c.name} (${c.unit})`, [...target, ...styles], 170));
    }
    shadePlots();
  }
  /** Where the plots of the body's other coordinates start in `plots`. */
  let coordinatesAt = 0;

  const column = (values: Float64Array, n: number, k: number, rows: number) => {
    const out = new Array<number>(rows);
    for (let r = 0; r < rows; r++) out[r] = values[r * n + k]!;
    return out;
  };

  const render = () => {
    if (!run) return;
    // The metrics cover the whole trace: with the run at rest, or 4 times a second while it plays.
    const summary = !toolbar.playing || performance.now() - metricsAt > 250;
    snap = run.snapshot(summary, !toolbar.playing);
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
    plantEntry(state.plant).otherCoordinates.forEach((c, j) => {
      const values = series.map((_, k) => {
        const out = new Array<number>(rows);
        for (let r = 0; r < rows; r++) out[r] = snap!.pose[(r * n + k) * snap!.poseSize + c.poseIndex]!;
        return out;
      });
      plots[coordinatesAt + j]?.set([time, ...(c.followsTarget ? [target] : []), ...values]);
    });
    if (summary) {
      metricsAt = performance.now();
      renderMetrics();
    }
    canvasStale = true;
    // What a replay must reproduce, for a test or a reader comparing two links; hashed
    // only once the run rests, not on every frame of a run in progress.
    if (snap.traceHash !== undefined) metricsTable.dataset.traceHash = snap.traceHash;
    else delete metricsTable.dataset.traceHash;
    metricsTable.dataset.rows = String(rows);
    metricsTable.dataset.target = String(snap.target[rows - 1]);
    const t = snap.time[rows - 1] ?? 0;
    clockText.textContent = `t = ${t.toFixed(2)} s of ${formatNumber(state.horizon)} s`;
    runStatus.textContent = finished ? 'Run finished: Reset or Play to rerun.' : 'Drag on the canvas to move the target.';
    runStatus.classList.toggle('finished', finished);
  };

  const renderMetrics = () => {
    if (!run || !snap?.stepResponses) return;
    const failures = snap.failures;
    fillMetrics(metricsTable, state.plant, snap.stepResponses, series.map((_, k) => ({ label: labels[k]!, color: look.colors[k] ?? '', failure: failures[k] })));
  };

  /** One frame of the page's loop: the steps the elapsed time holds, then what changed is drawn. */
  const loop = (seconds: number) => {
    applyEdits();
    if (run) {
      const steps = toolbar.stepsFor(seconds, state.dt, state.speed, 2000);
      if (steps > 0) advance(steps);
    }
    if (dirty && run) {
      dirty = false;
      render();
      metricsTable.dataset.crossings = String(wasmCrossings() - crossingsAt);
    }
    crossingsAt = wasmCrossings();
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
