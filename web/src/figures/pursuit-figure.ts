/**
 * Article 001's chase (chapter 6): the core's `PursuitScene` steers a missile and an
 * entity (and, on request, a missile whose PID integrates as printed) round a loop of
 * waypoints or toward a point the reader drags. The canvas shows the arena; the plots
 * show each chaser's heading error and the torque its turn clamp lets through.
 */
import { PursuitScene } from '../core/chase-wasm';
import { sceneDefaults, type PursuitSettings } from '../core/scenes';
import { ResponsePlot } from '../plot/response-plot';
import { themeColors } from '../ui/colors';
import { eventTime, type FigureLink } from './figure-link';
import { clip, type ParamDef } from '../ui/params';
import { eventNow, fitCanvas, liveFigure, settingsFold, toggle } from './live-figure';
import { el } from '../ui/dom';
import { codePanel } from '../ui/code-panel';
import { chaseSnippet, type ChaseInput } from '../export/snippets/chase';

/** Seconds of trace shown. */
const WINDOW = 12;
/** The arena shown, m (the waypoints span ±7 by ±4). */
const HALF_W = 10;
const HALF_H = 6.5;
const NAMES = ['missile', 'entity', 'missile, integral as printed'];
const COLORS = ['--s0', '--s1', '--s2'];

/** The chase's fields; their starting values are the core's defaults (`PursuitSettings::default`). */
const FIELDS: Omit<ParamDef, 'initial'>[] = [
  { key: 'pursuit-kp', label: 'Heading kp', unit: '1/s²', min: 1, max: 400, scale: 'log' },
  { key: 'pursuit-ki', label: 'Heading ki', unit: '1/s³', min: 0, max: 20, scale: 'linear' },
  { key: 'pursuit-kd', label: 'Heading kd', unit: '1/s', min: 0, max: 40, scale: 'linear' },
  { key: 'pursuit-window', label: 'PID window', unit: 'samples', min: 3, max: 30, scale: 'linear', hardMin: 3, hardMax: 1000, integer: true },
  { key: 'pursuit-amax', label: 'Turn limit', unit: 'rad/s²', min: 1, max: 200, scale: 'log', minExclusive: true },
  { key: 'pursuit-speed', label: 'Missile speed', unit: 'm/s', min: 1, max: 20, scale: 'linear', minExclusive: true },
  { key: 'pursuit-swipe', label: 'Sideswipe spin', unit: 'rad/s', min: 0, max: 20, scale: 'linear', hardMin: -100, hardMax: 100 },
];


/** `x` rounded to centimetres. */
const cm = (x: number) => Math.round(x * 100) / 100;

/** A point goal as the link writes it: "x,y" in metres. */
const pointText = ([x, y]: [number, number]) => `${x},${y}`;

/** The goal a link names: "waypoints" (the loop), or a point "x,y" inside the arena. */
function goalFrom(raw: string): { value: [number, number] | null } | { error: string } {
  if (raw === 'waypoints') return { value: null };
  const m = /^([+-]?\d+(?:\.\d+)?),([+-]?\d+(?:\.\d+)?)$/.exec(raw);
  const [x, y] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(Math.abs(x) <= HALF_W && Math.abs(y) <= HALF_H)) {
    return { error: `Goal must be "waypoints" or a point "x,y" within ±${HALF_W} m by ±${HALF_H} m, got "${clip(raw)}"` };
  }
  return { value: [x, y] };
}

export function mountPursuit(host: HTMLElement, link: FigureLink): void {
  // Numbers per body in the scene's state, from the bindings (the core is loaded by now).
  const STRIDE = PursuitScene.stride();
  // The core's defaults: the article's heading PID at its step, the missile's speed.
  const defaults = sceneDefaults().pursuit;
  const DT = defaults.dt;
  const initial: Record<string, number> = {
    'pursuit-kp': defaults.heading.pid.kp,
    'pursuit-ki': defaults.heading.pid.ki,
    'pursuit-kd': defaults.heading.pid.kd,
    'pursuit-window': defaults.heading.pid.window,
    'pursuit-amax': defaults.heading.maxAngularAcceleration,
    'pursuit-speed': defaults.missileSpeed,
    'pursuit-swipe': defaults.sideswipe,
  };
  const DEFS: ParamDef[] = FIELDS.map((f) => ({ ...f, initial: initial[f.key]! }));
  const values = Object.fromEntries(DEFS.map((d) => [d.key, d.initial])) as Record<string, number>;
  let printed = false;
  let target: [number, number] | null = null;

  const canvas = document.createElement('canvas');
  canvas.className = 'arena takes-drag';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Arena: drag, or focus and use the arrow keys, to move the target');
  const toolbar = document.createElement('div');
  const goalSelect = document.createElement('select');
  goalSelect.setAttribute('aria-label', 'Goal');
  goalSelect.append(el('option', { value: 'waypoints' }, 'Goal: the waypoint loop'), el('option', { value: 'point' }, 'Goal: a point you drag'));
  const printedLabel = 'Also fly the PID as printed';
  const printedBox = toggle(printedLabel, (on) => {
    printed = on;
    link.save('pursuit-printed', on ? 'yes' : 'no', 'no');
    live.rerun();
  });
  const clock = document.createElement('span');
  clock.className = 'clock';
  toolbar.append(goalSelect, printedBox, clock);
  // The link's goal: the loop, or a point (where it starts: a dragged point is kept).
  printed = link.choice('pursuit-printed', printedLabel, ['no', 'yes'], 'no', toolbar) === 'yes';
  printedBox.querySelector('input')!.checked = printed;
  target = link.read('pursuit-goal', goalFrom, null, 'waypoints', toolbar);
  if (target) goalSelect.value = 'point';
  // The disturbances, at the times the reader struck them (a link replays them then).
  const jumpButton = el('button', { type: 'button', class: 'disturb' }, 'Jump the target');
  const swipeButton = el('button', { type: 'button', class: 'disturb' }, 'Sideswipe');
  toolbar.insertBefore(el('span', { class: 'disturbances', role: 'group', 'aria-label': 'Disturbances' }, jumpButton, swipeButton), clock);
  let jumpAt = link.read('pursuit-jump', eventTime('The target jump'), null, 'never', toolbar);
  let sideswipeAt = link.read('pursuit-swipe-at', eventTime('The sideswipe'), null, 'never', toolbar);
  const plots = document.createElement('div');
  const controls = document.createElement('div');
  controls.className = 'params';
  host.append(canvas, toolbar, plots, controls);

  const colors = themeColors([...COLORS, '--fg', '--fg-muted']);
  const color = (name: string) => colors.get(name)!;
  const series = (n: number) => NAMES.slice(0, n).map((label, k) => ({ label, color: color(COLORS[k]!) }));
  const errorBox = document.createElement('div');
  const torqueBox = document.createElement('div');
  errorBox.className = torqueBox.className = 'plot';
  plots.append(errorBox, torqueBox);
  let errorPlot: ResponsePlot | undefined;
  let torquePlot: ResponsePlot;
  let trails: [number, number][][] = [];
  let scene: PursuitScene;
  let chasers = 2;

  // The core's settings with the reader's numbers: every field the core has, typed by it.
  const settings = (): PursuitSettings => ({
    ...defaults,
    heading: {
      ...defaults.heading,
      pid: { ...defaults.heading.pid, kp: values['pursuit-kp']!, ki: values['pursuit-ki']!, kd: values['pursuit-kd']!, window: values['pursuit-window']! },
      maxAngularAcceleration: values['pursuit-amax']!,
    },
    missileSpeed: values['pursuit-speed']!,
    withPrintedMissile: printed,
    jumpAt,
    sideswipeAt,
    sideswipe: values['pursuit-swipe']!,
  });
  const makePlots = () => {
    errorPlot?.destroy();
    torquePlot?.destroy();
    errorPlot = new ResponsePlot(errorBox, series(chasers), WINDOW, { title: 'Heading error', yLabel: 'heading error (rad)', height: 170 });
    torquePlot = new ResponsePlot(torqueBox, series(chasers), WINDOW, { title: 'Torque after the turn limit', yLabel: 'torque (N m)', height: 170 });
  };

  const sim = {
    name: 'chase',
    dt: DT,
    get preview() {
      return Math.max(WINDOW, Math.max(jumpAt ?? 0, sideswipeAt ?? 0) + WINDOW / 2);
    },
    reset() {
      const next = new PursuitScene(settings(), target ? new Float64Array(target) : undefined);
      scene?.free();
      scene = next;
      const n = scene.state().length / STRIDE;
      if (n !== chasers || !errorPlot) {
        chasers = n;
        makePlots();
      }
      errorPlot!.clear();
      torquePlot.clear();
      trails = Array.from({ length: chasers }, () => []);
    },
    advance(steps: number) {
      for (let s = 0; s < steps; s++) {
        scene.step(1);
        // Read the time first: the state is a view, valid until the next call into the core.
        const time = scene.time;
        const st = scene.state();
        const column = (offset: number) => Array.from({ length: chasers }, (_, k) => st[k * STRIDE + offset]!);
        errorPlot!.push(time, column(5));
        torquePlot.push(time, column(6));
        for (let k = 0; k < chasers; k++) {
          const trail = trails[k]!;
          trail.push([st[k * STRIDE]!, st[k * STRIDE + 1]!]);
          if (trail.length > 240) trail.shift();
        }
      }
    },
    plots: () => [errorPlot!, torquePlot],
    draw() {
      errorPlot!.redraw();
      torquePlot.redraw();
      clock.textContent = `t = ${scene.time.toFixed(2)} s`;
      drawArena();
    },
  };

  const view = () => {
    const w = canvas.clientWidth || 600;
    const h = Math.round((w * HALF_H) / HALF_W);
    const ctx = fitCanvas(canvas, w, h);
    const scale = w / (2 * HALF_W);
    return { ctx, scale, toPx: (x: number, y: number) => [(x + HALF_W) * scale, (HALF_H - y) * scale] as const };
  };
  const drawArena = () => {
    const { ctx, scale, toPx } = view();
    const fg = color('--fg-muted');
    const wp = scene.waypoints();
    ctx.lineWidth = Math.max(1, scale * 0.05);
    ctx.strokeStyle = fg;
    ctx.setLineDash([scale * 0.3, scale * 0.3]);
    ctx.beginPath();
    for (let k = 0; k <= wp.length / 2; k++) {
      const i = (k % (wp.length / 2)) * 2;
      const [px, py] = toPx(wp[i]!, wp[i + 1]!);
      if (k === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    for (let i = 0; i < wp.length; i += 2) {
      const [px, py] = toPx(wp[i]!, wp[i + 1]!);
      ctx.beginPath();
      ctx.arc(px, py, scale * 0.25, 0, 2 * Math.PI);
      ctx.stroke();
    }
    const st = scene.state();
    if (target) {
      const [px, py] = toPx(target[0], target[1]);
      ctx.strokeStyle = color('--fg');
      ctx.beginPath();
      ctx.arc(px, py, scale * 0.45, 0, 2 * Math.PI);
      ctx.moveTo(px - scale * 0.7, py);
      ctx.lineTo(px + scale * 0.7, py);
      ctx.moveTo(px, py - scale * 0.7);
      ctx.lineTo(px, py + scale * 0.7);
      ctx.stroke();
    }
    for (let k = 0; k < chasers; k++) {
      ctx.strokeStyle = ctx.fillStyle = color(COLORS[k]!);
      ctx.globalAlpha = 0.5;
      ctx.beginPath();
      trails[k]!.forEach(([x, y], i) => {
        const [px, py] = toPx(x, y);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
      ctx.stroke();
      ctx.globalAlpha = 1;
      const [x, y, angle] = [st[k * STRIDE]!, st[k * STRIDE + 1]!, st[k * STRIDE + 2]!];
      const [px, py] = toPx(x, y);
      ctx.save();
      ctx.translate(px, py);
      ctx.rotate(-angle);
      ctx.beginPath();
      if (k === 1) {
        ctx.arc(0, 0, scale * 0.35, 0, 2 * Math.PI);
        ctx.fill();
        ctx.fillRect(0, -scale * 0.06, scale * 0.6, scale * 0.12);
      } else {
        ctx.moveTo(scale * 0.6, 0);
        ctx.lineTo(-scale * 0.4, scale * 0.25);
        ctx.lineTo(-scale * 0.4, -scale * 0.25);
        ctx.closePath();
        ctx.fill();
      }
      ctx.restore();
    }
  };

  const live = liveFigure(host, toolbar, sim, link);
  /** Set once the link's values are in: from then on an edit is the reader's. */
  let mounted = false;
  // The heading gains stay in view; the rest (and the code) fold away.
  const fold = settingsFold(controls, DEFS, ['pursuit-kp', 'pursuit-kd'], link, ['the code']);
  for (const def of DEFS) {
    link.field(fold.place(def), def, (v) => {
      const previous = values[def.key]!;
      values[def.key] = v;
      // A sideswipe's size set before any sideswipe is one struck now, so the field always shows.
      if (def.key === 'pursuit-swipe' && sideswipeAt === null && mounted) return strike('pursuit-swipe-at');
      // Playing, the chase carries on under the new numbers; paused, it reruns.
      live.edit(
        () => (values[def.key] = previous),
        () => scene.retune(settings()),
      );
    });
  }
  // The missile's controller as code: the settings on screen, run from the start for as
  // many steps as the figure has run, toward the goal as it stands.
  fold.more.append(
    codePanel(
      'pursuit',
      (): ChaseInput => ({
        kp: values['pursuit-kp']!,
        ki: values['pursuit-ki']!,
        kd: values['pursuit-kd']!,
        window: values['pursuit-window']!,
        maxAngularAcceleration: values['pursuit-amax']!,
        speed: values['pursuit-speed']!,
        dt: DT,
        steps: Math.round(scene.time / DT),
        point: target,
      }),
      chaseSnippet,
    ),
  );
  const saveGoal = () => link.save('pursuit-goal', target ? pointText(target) : 'waypoints', 'waypoints');
  goalSelect.addEventListener('change', () => {
    target = goalSelect.value === 'point' ? [4, 2] : null;
    saveGoal();
    live.rerun();
  });

  // Dragging (or the arrow keys) moves the point goal; the chase carries on from where
  // it is, so the reader sees how each chaser reacts to a target that moves.
  const moveTarget = (x: number, y: number) => {
    // Centimetres: the link then carries the very point the chase ran toward.
    const clamped: [number, number] = [Math.max(-HALF_W, Math.min(HALF_W, cm(x))), Math.max(-HALF_H, Math.min(HALF_H, cm(y)))];
    if (!target) goalSelect.value = 'point';
    target = clamped;
    scene.setTarget(clamped[0], clamped[1]);
    saveGoal();
    live.draw();
  };
  const fromEvent = (e: PointerEvent) => {
    const r = canvas.getBoundingClientRect();
    const scale = r.width / (2 * HALF_W);
    moveTarget((e.clientX - r.left) / scale - HALF_W, HALF_H - (e.clientY - r.top) / scale);
  };
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    fromEvent(e);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (canvas.hasPointerCapture(e.pointerId)) fromEvent(e);
  });
  canvas.addEventListener('keydown', (e) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-0.5, 0], ArrowRight: [0.5, 0], ArrowUp: [0, 0.5], ArrowDown: [0, -0.5] };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    const [x, y] = target ?? [0, 0];
    moveTarget(x + m[0], y + m[1]);
  });

  // Struck now: the event is scheduled at the current step, which the run so far equals.
  const strike = (key: 'pursuit-jump' | 'pursuit-swipe-at') => {
    const at = eventNow(scene.time, DT);
    if (key === 'pursuit-jump') jumpAt = at;
    else sideswipeAt = at;
    link.save(key, String(at), 'never');
    live.strike(() => scene.retune(settings()));
  };
  jumpButton.addEventListener('click', () => strike('pursuit-jump'));
  swipeButton.addEventListener('click', () => strike('pursuit-swipe-at'));
  mounted = true;
}
