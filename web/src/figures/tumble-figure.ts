/**
 * The tennis-racket flip (chapter 7): the core's `TumbleScene` spins three identical
 * plates about their intermediate axis, with the gyroscopic term off, explicit and
 * implicit. The plots show how far each spin axis has turned over and each body's
 * kinetic energy against the start's.
 */
import { TumbleScene } from '../core/submarine-wasm';
import { sceneDefaults } from '../core/scenes';
import { ResponsePlot } from '../plot/response-plot';
import { themeColors } from '../ui/colors';
import { eventTime, type FigureLink } from './figure-link';
import { el } from '../ui/dom';
import type { ParamDef } from '../ui/params';
import { camera, drawBody, type BoxPart, type Quat } from './box-drawing';
import { eventNow, fitCanvas, liveFigure, sceneFrame, settingsFold } from './live-figure';

const WINDOW = 10;
const MODES = ['gyroscopic term off', 'explicit', 'implicit'];
const COLORS = ['--s0', '--s1', '--s2'];
/** A plate whose longest side is x and thinnest z: moments x < y < z, as the scene's. */
const PLATE: BoxPart[] = [
  { size: [2.2, 1.3, 0.18], color: '' },
  { size: [0.25, 0.25, 0.25], offset: [0, 0.78, 0], color: '#888' },
];

/** The fields, starting from the core's defaults (`TumbleSettings::default`). */
const fields = (s: { spin: number; nudge: number; dt: number; kick: number }): ParamDef[] => [
  { key: 'tumble-spin', label: 'Spin about the middle axis', unit: 'rad/s', min: 1, max: 40, scale: 'linear', initial: s.spin, hardMin: -200, hardMax: 200 },
  { key: 'tumble-nudge', label: 'Nudge about the largest axis', unit: 'rad/s', min: 0.0001, max: 1, scale: 'log', initial: s.nudge, hardMin: -100, hardMax: 100 },
  { key: 'tumble-dt', label: 'Step dt', unit: 's', min: 1 / 960, max: 1 / 30, scale: 'log', initial: s.dt, minExclusive: true, hardMax: 0.1 },
  { key: 'tumble-kick', label: 'Second nudge, about the largest axis', unit: 'rad/s', min: 0, max: 10, scale: 'linear', initial: s.kick, hardMin: -200, hardMax: 200 },
];

export function mountTumble(host: HTMLElement, link: FigureLink): void {
  // Numbers per body in the scene's state, from the bindings (the core is loaded by now).
  const STRIDE = TumbleScene.stride();
  const { spin, nudge, dt, kick } = sceneDefaults().tumble;
  const values = { spin, nudge, dt, kick };
  let scene: TumbleScene;

  const { canvas, toolbar, clock, plots, controls } = sceneFrame(host, 'arena plates', 'Three spinning plates: gyroscopic term off, explicit, implicit', 2);
  let kickAt = link.read('tumble-kick-at', eventTime('The second nudge'), null, 'never', toolbar);
  const settings = () => ({ spin: values.spin, nudge: values.nudge, dt: values.dt, kick: values.kick, kickAt });
  const [axisBox, energyBox] = plots as [HTMLElement, HTMLElement];
  const colors = themeColors([...COLORS, '--fg']);
  const color = (name: string) => colors.get(name)!;
  const series = MODES.map((label, k) => ({ label, color: color(COLORS[k]!) }));
  const axisPlot = new ResponsePlot(axisBox, series, WINDOW, { title: 'Spin axis against where it started (cosine; −1 is upside down)', yLabel: 'cosine (no unit)', height: 170 });
  const energyPlot = new ResponsePlot(energyBox, series, WINDOW, { title: 'Kinetic energy over the start’s', yLabel: 'energy ratio (no unit)', height: 170 });

  const sim = {
    name: 'tumble',
    get dt() {
      return values.dt;
    },
    get preview() {
      return Math.max(WINDOW, (kickAt ?? 0) + WINDOW / 2);
    },
    reset() {
      const next = new TumbleScene(settings());
      scene?.free();
      scene = next;
      axisPlot.clear();
      energyPlot.clear();
    },
    advance(steps: number) {
      for (let s = 0; s < steps; s++) {
        scene.step(1);
        // Read the time first: the state is a view, valid until the next call into the core.
        const time = scene.time;
        const st = scene.state();
        axisPlot.push(time, MODES.map((_, k) => st[k * STRIDE + 4]!));
        energyPlot.push(time, MODES.map((_, k) => st[k * STRIDE + 5]!));
      }
    },
    plots: () => [axisPlot, energyPlot],
    draw() {
      axisPlot.redraw();
      energyPlot.redraw();
      clock.textContent = `t = ${scene.time.toFixed(2)} s`;
      drawPlates();
    },
  };

  const view = camera(0.5, 0.3);
  const drawPlates = () => {
    const w = canvas.clientWidth || 600;
    const cell = w / 3;
    const h = Math.round(cell * 0.9);
    const ctx = fitCanvas(canvas, w, h);
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    const st = scene.state();
    MODES.forEach((name, k) => {
      const q = [st[k * STRIDE]!, st[k * STRIDE + 1]!, st[k * STRIDE + 2]!, st[k * STRIDE + 3]!] as Quat;
      const cx = k * cell + cell / 2;
      drawBody(ctx, q, PLATE.map((p, i) => (i === 0 ? { ...p, color: color(COLORS[k]!) } : p)), cx, h / 2 + 6, cell / 3.4, view);
      ctx.fillStyle = color('--fg');
      ctx.fillText(name, cx, 14);
    });
  };

  const live = liveFigure(host, toolbar, sim, link);
  // A second nudge struck now (a link replays it then): does the flip start over?
  const nudgeButton = el('button', { type: 'button', class: 'disturb' }, 'Nudge now');
  toolbar.insertBefore(nudgeButton, clock);
  const strikeNudge = () => {
    kickAt = eventNow(scene.time, values.dt);
    link.save('tumble-kick-at', String(kickAt), 'never');
    live.strike(() => scene.retune(settings()));
  };
  nudgeButton.addEventListener('click', strikeNudge);
  /** Set once the link's values are in: from then on an edit is the reader's. */
  let mounted = false;
  const keys = ['spin', 'nudge', 'dt', 'kick'] as const;
  // The spin and the nudge (what the caption asks to try) stay in view.
  const defs = fields(values);
  const fold = settingsFold(controls, defs, ['tumble-spin', 'tumble-nudge'], link);
  defs.forEach((def, i) => {
    link.field(fold.place(def), def, (v) => {
      const key = keys[i]!;
      if (key === 'dt' && WINDOW / v > 200_000) throw new Error(`Step dt must be at least ${WINDOW / 200_000} s here, got ${v}`);
      const previous = values[key];
      values[key] = v;
      // A second nudge's size set before any is one struck now, so the field always shows.
      if (key === 'kick' && kickAt === null && mounted) return strikeNudge();
      // The spin, the first nudge and the step start the run; the second nudge is live.
      live.edit(
        () => (values[key] = previous),
        key === 'kick' ? () => scene.retune(settings()) : undefined,
      );
    });
  });
  mounted = true;
}
