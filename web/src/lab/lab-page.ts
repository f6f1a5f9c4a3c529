/**
 * The Lab: two to four controllers (plus printed twins) in lockstep on identical
 * bodies. This module holds the run: it keeps the state in the URL, rebuilds the core's
 * Lab when a setting changes, applies the gain edits of a frame together, steps the run
 * on the page's loop at a fixed dt and hands each snapshot to what shows it. Each of
 * those is its own file: where things sit (`lab-layout.ts`), the toolbar
 * (`ui/toolbar.ts`), the target drag (`ui/target-drag.ts`), the plots (`lab-plots.ts`),
 * the canvas (`lab-canvas.ts`), the setting panels (`lab-setup.ts`), the controller
 * cards (`lab-cards.ts`), the metrics (`lab-metrics.ts`) and the export bar
 * (`lab-export.ts`); every number shown comes from the core.
 */
import { cssColor } from '../ui/colors';
import { animate } from '../ui/animation-loop';
import { simulationToolbar } from '../ui/toolbar';
import { dragAcross } from '../ui/target-drag';
import { formatNumber } from '../ui/params';
import { LabRun, loadLab, wasmCrossings, type LabSnapshot, type Run } from '../core/wasm';
import { drawLab, viewRange, type Look } from './lab-canvas';
import { HAS_INTEGRAL, LAWS, defaultLaws, freshLaw, labConfig, seriesOf, wholeRun, type LabState, type SeriesInfo } from './lab-state';
import { distinguishingOptions } from './law-options';
import { LAW_LABELS } from '../core/catalogue';
import type { FigureLink } from '../figures/figure-link';
import { fillMetrics } from './lab-metrics';
import { labExportBar } from './lab-export';
import type { LabEditor } from './lab-editor';
import { buildDisturbanceFields, buildSetupFields } from './lab-setup';
import { buildLawCards } from './lab-cards';
import { seriesStyles, shadeColor } from './series-style';
import { LabPlots } from './lab-plots';
import { labLayout } from './lab-layout';
import { labLink, linkProblems, saveLabState } from './lab-address';

const LAW_NAMES = LAW_LABELS;

/**
 * Body-steps a resting run computes per frame while it fills in: about 4 ms of the
 * core's stepping here, so a run of 600 steps of 8 bodies (a figure's) is whole in its
 * first frame and the longest the Lab takes (20,000 steps of 8 bodies) in four.
 */
const FILL_BODY_STEPS = 40_000;

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
  /**
   * A figure's opening: its run recorded when the site was built for `initial`
   * (`recorded-run.ts`), shown until the reader reaches for the figure, and what holds
   * the reader's edits meanwhile (`hold-until-live.ts`, given the host, the canvas and
   * what makes the run the core's: the Lab's door loaded, the same run at the same row).
   * Passed in rather than imported, so that the Lab page itself downloads neither.
   */
  opening?: { run: Run; hold(host: HTMLElement, canvas: HTMLElement, goLive: () => Promise<void>): void };
}

export function mountLab(host: HTMLElement, initial: LabState, problems: Record<string, string>, options: LabOptions = {}): LabPage {
  const { idPrefix: p = '', saveUrl: keepUrl = true, figure = false, link } = options;
  let opening = options.opening;

  const state: LabState = structuredClone(initial);
  let run: Run | null = null;
  let snap: LabSnapshot | null = null;
  let finished = false;
  let targetNow = state.disturbances.targetStart;
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
  /**
   * A resting run still being computed: a long one (up to 20,000 steps of 8 bodies)
   * fills in over a few frames, drawn at its first steps and when whole, so that a
   * slider dragged on it is answered within the frame and the stepping never holds up
   * input for long.
   */
  let filling = false;
  /** A fill started since the last frame: its first steps are taken, the next frame's wait. */
  let filled = false;
  /** Calls into wasm when the last frame ended (each frame writes how many it took, an edit's included). */
  let crossingsAt = wasmCrossings();

  /** Back to the run's first step (its trace, the target's start). */
  const rewind = () => {
    run?.reset();
    finished = false;
    filling = false;
    targetNow = state.disturbances.targetStart;
    dirty = true;
  };
  const toolbar = simulationToolbar({
    // Play after the run's end plays it again from the start.
    beforePlay: () => finished && rewind(),
    toggled: () => (dirty = true),
    step: () => advance(1),
    reset: rewind,
  });
  const clockText = toolbar.clock;
  const { banner, setupFields, lawCards, addLaw, disturbFields, canvas, runStatus, plotsBox, termsBox, metricsTable, gainStrip, openInLab, more } = labLayout(
    host,
    toolbar.element,
    figure,
  );
  const plots = new LabPlots(plotsBox, termsBox);
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
        responsePlot: () => plots.response,
        link: () => new URL(labLink(state), location.href).href,
      },
      !link,
    ),
  );
  if (link) more.append(link.figure.shareBar());

  // Each refused link value is named in the banner, and under its field when that is built.
  const reportLink = linkProblems(banner, problems);
  const saveUrl = () => saveLabState(state, { keepUrl, link, openInLab });

  /** Rebuilds the core Lab from the state and starts the run over. */
  const restart = (): string | null => {
    let next: Run;
    try {
      next = opening ? opening.run : new LabRun(labConfig(state));
      opening = undefined;
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
    // Paused (or with reduced motion), a changed Lab shows its whole run (filled in over
    // a few frames if long), as a gain edit does, rather than an empty plot until Play.
    if (!toolbar.playing) startFill();
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
      // The regions the last wish forbids, shaded behind the response and force curves.
      shade: (regions) => plots.shade(regions ?? []),
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
      if (!toolbar.playing) startFill(true);
      else run.reset();
    }
  };

  // ---- disturbances
  const buildDisturbances = () => buildDisturbanceFields(disturbFields, editor);

  // ---- run controls
  const totalSteps = () => wholeRun(state);
  const advance = (steps: number) => {
    if (!run) return;
    const done = run.rows - 1;
    const n = Math.max(0, Math.min(steps, totalSteps() - done));
    if (n > 0) run.step(n);
    settle(done + n);
  };
  /** After steps, with `done` taken: a run at its end is finished (and no longer playing or filling). */
  const settle = (done: number) => {
    if (done >= totalSteps()) {
      finished = true;
      filling = false;
      toolbar.setPlaying(false);
    }
    dirty = true;
  };
  /** The steps a filling run takes per frame: about {@link FILL_BODY_STEPS} body-steps. */
  const fillSteps = () => Math.max(1, Math.floor(FILL_BODY_STEPS / Math.max(1, series.length)));
  /** Starts computing the whole run while paused (from its start, in the same call, when `fromStart`). */
  const startFill = (fromStart = false) => {
    if (!run) return;
    const n = Math.min(totalSteps(), fillSteps());
    if (fromStart) run.rerun(n);
    else run.step(n);
    filling = true;
    filled = true;
    settle(n);
  };

  // ---- dragging the target
  dragAcross(canvas, (fraction) => {
    if (!run || !snap) return;
    const range = viewRange(state.plant, targetsOf());
    const x = range[0] + fraction * (range[1] - range[0]);
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
  });
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
  function buildPlots(): void {
    series = seriesOf(state);
    const differing = distinguishingOptions(series.map((s) => ({ kind: s.kind, options: state.laws[s.owner]!.options })), state.plant);
    labels = series.map((s, k) => `${s.owner + 1}: ${LAW_NAMES[s.kind] ?? s.kind}${differing[k] ? ` (${differing[k]})` : ''}`);
    nameGainRows();
    look = { fg: css('--fg'), muted: css('--fg-muted'), colors: seriesColors(series), dashed: series.map((s) => s.asPrinted) };
    plots.build(state.plant, series, labels, look);
  }

  const render = () => {
    if (!run) return;
    // The metrics cover the whole trace: with the run at rest, or 4 times a second while it plays.
    const resting = !toolbar.playing && !filling;
    const summary = resting || performance.now() - metricsAt > 250;
    snap = run.snapshot(summary, resting);
    plots.show(snap);
    const rows = snap.rows;
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
    if (filling && toolbar.playing) filling = false;
    else if (filling && filled) filled = false;
    else if (filling) {
      advance(fillSteps());
      // Drawn at its first steps and when whole: a 20,000-row plot drawn at every chunk
      // would cost more than the run it shows.
      if (filling) dirty = false;
    }
    else if (run) {
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
  if (options.opening) {
    // The core's run replaces the recorded one at the row it shows; the edits held meanwhile follow.
    options.opening.hold(host, canvas, async () => {
      host.setAttribute('aria-busy', 'true');
      runStatus.textContent = 'Loading the Lab…';
      try {
        await loadLab(state.plant);
      } catch (e) {
        // In the banner: the run's status line is rewritten at every frame of a run that plays.
        editor.warn(`The Lab could not be loaded (${e instanceof Error ? e.message : String(e)}): reach for the figure again to retry.`);
        throw e;
      } finally {
        host.removeAttribute('aria-busy');
      }
      if (banner.textContent?.startsWith('The Lab could not be loaded')) banner.hidden = true;
      const shown = run!.rows;
      const live = new LabRun(labConfig(state));
      if (shown > 1) live.rerun(shown - 1);
      run = live;
      // Drawn at once from the core's run, so that what the held edits open (the terms' plots) reads it.
      render();
      crossingsAt = wasmCrossings();
    });
  }
  // Always called, on screen or not: a paused figure still draws (and hashes) its run once.
  const animation = animate(null, loop);
  document.body.dataset.labReady = 'true';

  return {
    destroy() {
      animation.stop();
      plots.destroy();
      run?.free();
    },
  };
}
