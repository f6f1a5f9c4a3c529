/**
 * What the chapters' own animated figures (the chase, the submarines, the tumbling
 * bodies) share around the one toolbar (`ui/toolbar.ts`): a run the core stops said
 * under it, a preview run when paused, edits and strikes that keep a link's replay,
 * and no stepping while the figure is off screen. A figure supplies how to reset, step and
 * draw; the core does the physics.
 */
import { fingerprint, type ResponsePlot } from '../plot/response-plot';
import { animate } from '../ui/animation-loop';
import { simulationToolbar } from '../ui/toolbar';
import { figureExport, foldedExports } from './figure-export';
import type { FigureLink } from './figure-link';
import type { ParamDef } from '../ui/params';

export interface LiveSim {
  /** A short name for exported files (`chase`, `dive`, ...). */
  readonly name: string;
  /** Physics step, s. */
  readonly dt: number;
  /**
   * Seconds run at once when the figure is paused and its settings change: its plots'
   * window, or past its last disturbance by half of that (what a strike shows).
   */
  readonly preview: number;
  /** Rebuilds the simulation from the current settings (may throw the core's message). */
  reset(): void;
  /** Advances `steps` physics steps and records what it plots. */
  advance(steps: number): void;
  /** Redraws the canvas and the plots. */
  draw(): void;
  /** The plots, whose data a paused figure exposes for tests (`data-curves`). */
  plots(): readonly ResponsePlot[];
}

export interface LiveFigure {
  /** Rebuilds after a settings change; a paused figure then runs its preview at once. */
  rerun(): void;
  /**
   * Puts an edit already made to the figure's settings into force: a playing figure
   * carries on under it (`live`, when given, puts it in force and throws when it can
   * take effect only from the start), a paused one reruns from the start as its link
   * would. When the core refuses the edit, `undo` takes it back, the figure is rebuilt
   * as it was and the refusal is rethrown, for the field to name it.
   */
  edit(undo: () => void, live?: () => void): void;
  /**
   * A disturbance struck now (`live` schedules it at the current time): the run goes
   * on into it; a paused figure runs half its window on, so the reader sees the effect.
   */
  strike(live: () => void): void;
  readonly playing: boolean;
  /** Redraws now (after the figure changed something the clock does not know of). */
  draw(): void;
}

/**
 * The time of "now" as a disturbance's time, s: the current step's, in short form
 * (`12`, not `12.000000000000176`, the sum of 720 steps of 1/60 s); the core fires an
 * event at the step nearest its time, so both name the same step.
 */
export function eventNow(time: number, dt: number): number {
  return Number((Math.round(time / dt) * dt).toPrecision(12));
}

/** Fills the toolbar, adds the export and share bars (`link`: its settings) and starts the clock. */
export function liveFigure(host: HTMLElement, toolbar: HTMLElement, sim: LiveSim, link: FigureLink): LiveFigure {
  /** Steps since the last reset, so a strike runs on to where a replay of its link stops. */
  let stepsRun = 0;
  const advance = (n: number) => {
    sim.advance(n);
    stepsRun += n;
  };
  /** `advance`, pausing with the core's reason when it refuses a step. */
  const advanceOrStop = (n: number) => {
    try {
      advance(n);
    } catch (e) {
      bar.setPlaying(false);
      stopped.textContent = `The run stopped: ${e instanceof Error ? e.message : String(e)}. Reset it, or change a setting.`;
    }
  };
  // The fingerprint sums every plotted value: worth it when the figure rests, not per frame.
  const draw = () => {
    sim.draw();
    if (bar.playing) delete host.dataset.curves;
    else host.dataset.curves = fingerprint(sim.plots());
  };
  const bar = simulationToolbar(
    {
      toggled: draw,
      step() {
        advanceOrStop(1);
        draw();
      },
      reset() {
        stopped.textContent = '';
        sim.reset();
        stepsRun = 0;
        draw();
      },
    },
    { into: toolbar },
  );
  // Where a run the core stopped says why (a step that would leave a body at an infinite
  // or NaN state is refused, not taken): the figure pauses there instead of throwing
  // from the animation loop.
  const stopped = document.createElement('p');
  stopped.className = 'message';
  stopped.setAttribute('role', 'alert');
  toolbar.after(stopped, foldedExports(figureExport(sim.name, () => sim.plots()), link.shareBar()));

  const rerun = () => {
    stopped.textContent = '';
    sim.reset();
    stepsRun = 0;
    bar.restartClock();
    if (!bar.playing) advance(Math.round(sim.preview / sim.dt));
    draw();
  };
  rerun();
  // The page's loop calls back only while the figure is on screen.
  animate(host, (seconds) => {
    const n = bar.stepsFor(seconds, sim.dt);
    if (n > 0) {
      advanceOrStop(n);
      draw();
    }
  });
  return {
    rerun,
    edit(undo: () => void, live?: () => void) {
      if (live && bar.playing) {
        try {
          live();
          draw();
          return;
        } catch {
          // Only from the start (a new step, another hull): rerun below, which names a bad value.
        }
      }
      try {
        rerun();
      } catch (e) {
        undo();
        rerun();
        throw e;
      }
    },
    strike(live: () => void) {
      live();
      // Paused: on to where a link of this figure runs to (the preview past the event).
      if (!bar.playing) advanceOrStop(Math.max(0, Math.round(sim.preview / sim.dt) - stepsRun));
      draw();
    },
    draw,
    get playing() {
      return bar.playing;
    },
  };
}

/**
 * Sizes `canvas` to `width` by `height` CSS pixels at the screen's pixel ratio (only
 * when that changes: resizing clears it) and returns its context, scaled so drawing is
 * in CSS pixels and cleared.
 */
export function fitCanvas(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
  const dpr = devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.height = `${height}px`;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

/** A labelled checkbox, ticked when `checked`, that calls `onChange` with its state. */
export function toggle(text: string, onChange: (checked: boolean) => void, checked = false): HTMLLabelElement {
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = checked;
  box.addEventListener('change', () => onChange(box.checked));
  label.append(box, ` ${text}`);
  return label;
}

/**
 * Keeps a figure's controls compact: the fields named in `headline` (what its caption
 * asks a reader to try) stay in view in `controls`; the others fold into "More
 * settings: ..." just after it, one click away, named in the summary (with `extra`,
 * what else the fold holds) so a reader knows what is there without opening it; open
 * when the figure's `link` sets one of them. Returns where each field goes, and the fold.
 */
export function settingsFold(
  controls: HTMLElement,
  defs: readonly Pick<ParamDef, 'key' | 'label'>[],
  headline: readonly string[],
  link: FigureLink,
  extra: readonly string[] = [],
): { place(def: Pick<ParamDef, 'key'>): HTMLElement; more: HTMLElement } {
  const details = document.createElement('details');
  details.className = 'figure-settings';
  const summary = document.createElement('summary');
  const folded = defs.filter((d) => !headline.includes(d.key));
  // Semicolons between them: a label may hold a comma ("Second nudge, about the largest axis").
  summary.textContent = `More settings: ${[...folded.map((d) => d.label), ...extra].join('; ')}`;
  // A link that sets a folded field (or had it refused) opens the fold: what the link
  // did, and any message about it, stays in view.
  const carried = new Set(link.fromLink().map(([key]) => `${link.id}-${key}`));
  details.open = folded.some((d) => carried.has(d.key));
  const more = document.createElement('div');
  more.className = 'params';
  details.append(summary, more);
  controls.after(details);
  return { place: (def) => (headline.includes(def.key) ? controls : more), more };
}

/** The parts of a scene figure: its canvas, toolbar (with the clock), plot boxes and fields. */
export interface SceneFrame {
  canvas: HTMLCanvasElement;
  toolbar: HTMLElement;
  clock: HTMLElement;
  plots: HTMLElement[];
  controls: HTMLElement;
}

/**
 * Lays out a scene figure in `host`: a canvas (an image described by `label`, styled by
 * `canvasClass`), a toolbar holding the clock, `plots` plot boxes, then the fields.
 */
export function sceneFrame(host: HTMLElement, canvasClass: string, label: string, plots: number): SceneFrame {
  const canvas = document.createElement('canvas');
  canvas.className = canvasClass;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  const toolbar = document.createElement('div');
  const clock = document.createElement('span');
  clock.className = 'clock';
  toolbar.append(clock);
  const boxes = Array.from({ length: plots }, () => {
    const box = document.createElement('div');
    box.className = 'plot';
    return box;
  });
  const controls = document.createElement('div');
  controls.className = 'params';
  host.append(canvas, toolbar, ...boxes, controls);
  return { canvas, toolbar, clock, plots: boxes, controls };
}
