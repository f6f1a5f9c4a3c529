/**
 * The arm (chapter 12): the core's `ArmScene` lifts one arm per chain law from hanging to
 * a pose under gravity, side by side: two links, or three (the core's arm with a hand,
 * `ArmScene.withLinks`). The canvas draws each arm where the core says its links end,
 * the pose it is sent to as a faint ghost, and an arm that blew up frozen where it
 * stopped; the plots show the error and torque of the joint picked. Every number is the
 * core's: the page converts the step rate to a step and draws.
 */
import { ArmScene } from '../core/arm-wasm';
import { sceneDefaults, type ArmSettings } from '../core/scenes';
import { CATALOGUE } from '../core/catalogue';
import { ResponsePlot } from '../plot/response-plot';
import { themeColors } from '../ui/colors';
import { el, fillTable, choice } from '../ui/dom';
import { formatNumber, type ParamDef } from '../ui/params';
import { armCodePanel } from './arm-code';
import type { FigureLink } from './figure-link';
import { fitCanvas, liveFigure, sceneFrame, settingsFold, toggle } from './live-figure';

const COLORS = ['--s0', '--s1', '--s2', '--s3', '--s4'];
/** The most steps a paused figure's preview may take (one call into the core each). */
const MAX_PREVIEW_STEPS = 100_000;

/** One law's run summed up (`scenes::ArmMetrics`). */
interface ArmMetrics {
  law: string;
  label: string;
  settle: number | null;
  finalError: number;
  peakTorque: number;
  blewUpAt: number | null;
}

/** A chain law as the core names it (`ArmScene.laws()`). */
interface ChainLawEntry {
  id: string;
  label: string;
}

/** What a reader calls joint `k` of an arm (the plots' legends). */
const jointName = (k: number): string => ['shoulder', 'elbow', 'wrist'][k] ?? `joint ${k + 1}`;

/** What the canvas shows, in words, for an arm of `links` links. */
const shows = (links: number) => `One ${['two', 'three'][links - 2] ?? links}-link arm per law, lifting from hanging to a pose`;

/** The fields, starting from the core's defaults (`ArmSettings::default`). */
const fields = (s: ArmSettings): ParamDef[] => [
  { key: 'arm-kp', label: 'Stiffness kp', unit: 'N m/rad', min: 1, max: 5000, scale: 'log', initial: s.kp, hardMax: 1e9 },
  { key: 'arm-kd', label: 'Damping kd', unit: 'N m s/rad', min: 0.1, max: 500, scale: 'log', initial: s.kd, hardMax: 1e9 },
  // The step as a rate: the articles and the engines speak of 30, 60 and 120 Hz.
  { key: 'arm-rate', label: 'Physics rate (1/dt)', unit: 'Hz', min: 10, max: 1000, scale: 'log', initial: 1 / s.dt, minExclusive: true },
  { key: 'arm-ki', label: 'Integral gain ki (the PID)', unit: 'N m/(rad s)', min: 0.1, max: 500, scale: 'log', initial: s.ki, hardMax: 1e9 },
];

export function mountArm(host: HTMLElement, link: FigureLink): void {
  const defaults = sceneDefaults().arm;
  const seconds = defaults.seconds;
  const lawNames = new Map((ArmScene.laws() as ChainLawEntry[]).map((l) => [l.id, l.label]));
  const values = { kp: defaults.kp, kd: defaults.kd, rate: 1 / defaults.dt, ki: defaults.ki };
  const counts = Array.from(ArmScene.linkCounts()).map(String);
  const { canvas, toolbar, clock, plots, controls } = sceneFrame(host, 'arena arms', shows(defaults.links.length), 2);

  const integrators = CATALOGUE.integrators;
  let integrator = link.choice('arm-integrator', 'Integrator', integrators.map((i) => i.id), defaults.integrator, toolbar);
  let gravity = link.choice('arm-gravity', 'Gravity', ['on', 'off'], 'on', toolbar);
  const firstLinks = String(defaults.links.length);
  let links = link.choice('arm-links', 'Links', counts, firstLinks, toolbar);
  /** The core's arm of that many links (its links, start and target; the rest is the default's). */
  const arms = new Map<string, ArmSettings>(counts.map((n) => [n, ArmScene.withLinks(Number(n)) as ArmSettings]));
  const settings = (): ArmSettings => ({
    ...arms.get(links)!,
    kp: values.kp,
    kd: values.kd,
    ki: values.ki,
    dt: 1 / values.rate,
    integrator,
    gravity: gravity === 'on' ? defaults.gravity : 0,
  });

  let scene = new ArmScene(settings());
  const colors = themeColors([...COLORS, '--fg', '--fg-muted', '--error', '--border']);
  const color = (name: string) => colors.get(name)!;
  const names = defaults.laws.map((id) => lawNames.get(id) ?? id);
  let joints = scene.joints;
  // One joint's error and torque per law at a time (the reader picks which): five
  // curves a plot, so the notes of the laws that run off the scale leave room for the rest.
  let jointNames = Array.from({ length: joints }, (_, j) => jointName(j));
  let shown = jointNames.indexOf(link.choice('arm-joint', 'Joint plotted', jointNames, jointNames[0]!, toolbar));
  const series = names.map((label, a) => ({ label, color: color(COLORS[a % COLORS.length]!) }));
  const [errorBox, torqueBox] = plots as [HTMLElement, HTMLElement];
  let errorPlot: ResponsePlot;
  let torquePlot: ResponsePlot;
  const makePlots = () => {
    const joint = jointNames[shown]!;
    const Joint = joint[0]!.toUpperCase() + joint.slice(1);
    errorPlot?.destroy();
    torquePlot?.destroy();
    errorPlot = new ResponsePlot(errorBox, series, seconds, { title: `${Joint}: error q − q*`, yLabel: 'error (rad)', height: 190 });
    torquePlot = new ResponsePlot(torqueBox, series, seconds, { title: `${Joint}: torque (the effort)`, yLabel: 'torque (N m)', height: 190 });
  };
  makePlots();
  const errors = new Float64Array(series.length);
  const torques = new Float64Array(series.length);
  // Each law's whole run summed up (the core's `arm_metrics`): what the plots show, in numbers.
  const metricsTable = el('table', { class: 'readout arm-metrics' });
  torqueBox.after(metricsTable);
  const measure = () => {
    const rows = ArmScene.metrics(settings()) as ArmMetrics[];
    host.dataset.metrics = JSON.stringify(rows);
    const fixed = (v: number | null, digits: number) => (v === null ? '—' : formatNumber(Number(v.toFixed(digits))));
    fillTable(
      metricsTable,
      `Each law over ${formatNumber(seconds)} s: when every joint stays within ${formatNumber(ArmScene.settledBand())} rad of its target, the largest error left at the end, the largest torque`,
      ['law', 'settles at (s)', 'error at the end (rad)', 'peak torque (N m)'],
      rows.map((m) => [
        m.label,
        m.blewUpAt !== null ? `blew up at ${m.blewUpAt.toFixed(2)} s` : m.settle === null ? 'never' : fixed(m.settle, 2),
        m.blewUpAt !== null ? '—' : fixed(m.finalError, 3),
        m.blewUpAt !== null ? '—' : fixed(m.peakTorque, 1),
      ]),
    );
  };
  measure();

  const sim = {
    name: 'arm',
    get dt() {
      return 1 / values.rate;
    },
    preview: seconds,
    reset() {
      const next = new ArmScene(settings());
      scene.free();
      scene = next;
      measure();
      joints = scene.joints;
      errorPlot.clear();
      torquePlot.clear();
    },
    advance(steps: number) {
      const stride = scene.stride();
      for (let s = 0; s < steps; s++) {
        scene.step(1);
        // Read the time first: the state is a view, valid until the next call into the core.
        const time = scene.time;
        const st = scene.state();
        names.forEach((_, a) => {
          const at = a * stride;
          // A blown-up arm's lines end where it stopped: what follows is no motion of its.
          const stopped = st[at] === 1;
          const k = at + 2 + 5 * shown;
          errors[a] = stopped ? NaN : st[k + 3]!;
          torques[a] = stopped ? NaN : st[k + 4]!;
        });
        errorPlot.push(time, errors);
        torquePlot.push(time, torques);
      }
    },
    plots: () => [errorPlot, torquePlot],
    draw() {
      errorPlot.redraw();
      torquePlot.redraw();
      clock.textContent = `t = ${scene.time.toFixed(2)} s`;
      drawArms();
    },
  };

  /** The law's name in at most two lines that fit `width` px. */
  const nameLines = (ctx: CanvasRenderingContext2D, name: string, width: number): string[] => {
    if (ctx.measureText(name).width <= width) return [name];
    const words = name.split(' ');
    for (let cut = words.length - 1; cut > 0; cut--) {
      const first = words.slice(0, cut).join(' ');
      if (ctx.measureText(first).width <= width) return [first, words.slice(cut).join(' ')];
    }
    return [name];
  };

  let label = '';
  const drawArms = () => {
    const w = canvas.clientWidth || 600;
    // Side by side where there is room; on a phone two or three to a row.
    const columns = Math.min(names.length, w >= 640 ? 5 : w >= 330 ? 3 : 2);
    const rows = Math.ceil(names.length / columns);
    const cell = w / columns;
    const title = 34;
    const cellHeight = Math.round(cell * 0.95) + title;
    const ctx = fitCanvas(canvas, w, rows * cellHeight);
    const st = scene.state();
    const stride = scene.stride();
    const ghost = scene.targetPoints();
    const scale = (cell / 2 - 8) / scene.reach();
    ctx.font = `${cell < 170 ? 11 : 12}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.lineCap = 'round';
    const stopped: string[] = [];
    /** Segments drawn per arm (the tests read it: the links the reader sees). */
    let segments = 0;
    names.forEach((name, a) => {
      const cx = (a % columns) * cell + cell / 2;
      const top = Math.floor(a / columns) * cellHeight;
      const cy = top + title + (cellHeight - title) / 2;
      const at = (x: number, y: number): [number, number] => [cx + x * scale, cy - y * scale];
      const path = (points: ArrayLike<number>, offset: number, step: number) => {
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        for (let j = 0; j < joints; j++) ctx.lineTo(...at(points[offset + step * j]!, points[offset + step * j + 1]!));
        ctx.stroke();
        segments = joints;
      };
      // The pose it is sent to, faint behind it.
      ctx.globalAlpha = 0.3;
      ctx.strokeStyle = color('--fg-muted');
      ctx.lineWidth = Math.max(4, cell / 28);
      path(ghost, 0, 2);
      ctx.globalAlpha = 1;
      const base = a * stride;
      const failed = st[base] === 1;
      ctx.strokeStyle = color(COLORS[a % COLORS.length]!);
      ctx.lineWidth = Math.max(5, cell / 22);
      if (failed) ctx.setLineDash([ctx.lineWidth, ctx.lineWidth]);
      path(st, base + 2, 5);
      ctx.setLineDash([]);
      // The shoulder, a fixed pivot, then each joint and the hand.
      ctx.fillStyle = color('--fg');
      ctx.fillRect(cx - 7, cy - 2, 14, 4);
      for (let j = -1; j < joints; j++) {
        const [x, y] = j < 0 ? [cx, cy] : at(st[base + 2 + 5 * j]!, st[base + 3 + 5 * j]!);
        ctx.beginPath();
        ctx.arc(x, y, j === joints - 1 ? 2.5 : 4, 0, 2 * Math.PI);
        ctx.fill();
      }
      const lines = nameLines(ctx, name, cell - 6);
      lines.forEach((line, i) => ctx.fillText(line, cx, top + 13 + 13 * i));
      if (failed) {
        // To the hundredth, as the clock: the step it stopped at, not a time of its own.
        const when = `blew up at t = ${st[base + 1]!.toFixed(2)} s`;
        stopped.push(`${name} ${when}`);
        ctx.fillStyle = color('--error');
        const lines = nameLines(ctx, when, cell - 6);
        lines.forEach((line, i) => ctx.fillText(line, cx, top + cellHeight - 6 - 13 * (lines.length - 1 - i)));
      }
    });
    canvas.dataset.links = String(segments);
    const now = `${shows(joints)}${stopped.length ? `; ${stopped.join('; ')}` : ''}`;
    if (now !== label) canvas.setAttribute('aria-label', (label = now));
  };

  const live = liveFigure(host, toolbar, sim, link);
  const keys = ['kp', 'kd', 'rate', 'ki'] as const;
  const defs = fields(defaults);
  const fold = settingsFold(controls, defs, ['arm-kp', 'arm-kd'], link, ['the integrator', 'gravity', 'links']);
  defs.forEach((def, i) => {
    link.field(fold.place(def), def, (v) => {
      const key = keys[i]!;
      if (key === 'rate' && seconds * v > MAX_PREVIEW_STEPS) throw new Error(`Physics rate must be at most ${MAX_PREVIEW_STEPS / seconds} Hz here, got ${v}`);
      const previous = values[key];
      values[key] = v;
      // Every setting changes the arms from the start: the run starts again.
      live.edit(() => (values[key] = previous));
    });
  });
  const menu = el('select', { name: 'arm-integrator', 'aria-label': 'Integrator' }, ...integrators.map((i) => el('option', { value: i.id, selected: i.id === integrator }, i.menuLabel)));
  menu.addEventListener('change', () => {
    integrator = menu.value as typeof integrator;
    link.save('arm-integrator', integrator, defaults.integrator);
    live.rerun();
  });
  const gravityBox = toggle(
    `Gravity (${formatNumber(defaults.gravity)} m/s²)`,
    (on) => {
      gravity = on ? 'on' : 'off';
      link.save('arm-gravity', gravity, 'on');
      live.rerun();
    },
    gravity === 'on',
  );
  const jointMenu = el('select', { name: 'arm-joint', 'aria-label': 'Joint plotted' });
  const jointOptions = () => jointMenu.replaceChildren(...jointNames.map((j, k) => el('option', { value: j, selected: k === shown }, j)));
  jointOptions();
  jointMenu.addEventListener('change', () => {
    shown = jointNames.indexOf(jointMenu.value);
    link.save('arm-joint', jointMenu.value, jointNames[0]!);
    makePlots();
    live.rerun();
  });
  const linksMenu = el('select', { name: 'arm-links', 'aria-label': 'Links' }, ...counts.map((n) => el('option', { value: n, selected: n === links }, n)));
  linksMenu.addEventListener('change', () => {
    links = linksMenu.value;
    link.save('arm-links', links, firstLinks);
    // The joints the plots can show follow the arm; a joint it no longer has goes back to the shoulder.
    jointNames = Array.from({ length: arms.get(links)!.links.length }, (_, j) => jointName(j));
    if (shown >= jointNames.length) {
      shown = 0;
      link.save('arm-joint', jointNames[0]!, jointNames[0]!);
    }
    jointOptions();
    makePlots();
    live.rerun();
  });
  fold.more.append(
    choice('Integrator ', menu),
    gravityBox,
    choice('Links ', linksMenu),
    // One law of the figure as Unity or Godot code, with the arm and gains on screen.
    armCodePanel(defaults.laws, (law) => lawNames.get(law) ?? law, settings),
  );
  toolbar.insertBefore(choice('Plot the ', jointMenu), clock);
}
