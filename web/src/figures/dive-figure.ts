/**
 * Article 004's submarines (chapter 7): the core's `DiveScene` holds four hulls, one per
 * generation of the attitude controller, under the same orders. The reader gives the
 * orders with sliders, on-screen buttons or the keyboard; the plots show each hull's
 * pitch and roll against the order.
 */
import { DiveScene } from '../core/submarine-wasm';
import { sceneDefaults, type Boat, type DiveSettings } from '../core/scenes';
import { ResponsePlot } from '../plot/response-plot';
import { themeColors } from '../ui/colors';
import { eventTime, type FigureLink } from './figure-link';
import type { ParamControl } from '../ui/controls';
import { formatNumber, type ParamDef } from '../ui/params';
import { camera, drawBody, type BoxPart, type Quat } from './box-drawing';
import { eventNow, fitCanvas, liveFigure, toggle } from './live-figure';
import { el } from '../ui/dom';

const WINDOW = 20;
const COLORS = ['--s0', '--s1', '--s2', '--s3', '--s4'];
/** A law of the scene as the core describes it (`DiveScene.laws()`): its name and the numbers it reads. */
interface SubmarineLawEntry {
  id: string;
  label: string;
  gains: { key: GainKey; label: string; unit: string }[];
}
type GainKey = 'kp' | 'ki' | 'kd' | 'ratePitch' | 'rateRoll';

/** A boat's number under `key` (the rate coefficients are its pitch and roll components). */
const gainOf = (b: Boat, key: GainKey): number =>
  key === 'ratePitch' ? b.rateCoefficients[0]! : key === 'rateRoll' ? b.rateCoefficients[2]! : b[key];
/** `b` with its number under `key` set to `v`. */
const withGain = (b: Boat, key: GainKey, v: number): Boat => {
  if (key === 'ratePitch' || key === 'rateRoll') {
    const rate = [...b.rateCoefficients];
    rate[key === 'ratePitch' ? 0 : 2] = v;
    return { ...b, rateCoefficients: rate };
  }
  return { ...b, [key]: v };
};
/** The disturbances' fields: the load's step and the sensor's noise (their defaults are the core's). */
const disturbanceFields = (d: DiveSettings): ParamDef[] => [
  { key: 'dive-load-step', label: 'Load step', unit: 'N m', min: -200, max: 200, scale: 'linear', initial: d.loadStep, hardMin: -1e5, hardMax: 1e5 },
  { key: 'dive-noise', label: 'Attitude sensor noise', unit: 'rad', min: 0, max: 0.1, scale: 'linear', initial: d.sensorNoise, hardMax: 1 },
  { key: 'dive-seed', label: 'Noise seed', unit: '', min: 0, max: 1000, scale: 'linear', initial: d.seed, hardMax: 2 ** 53, integer: true },
];

/** The reader's orders: they open on the core's `FIRST_ORDERS` and are bounded by its `MAX_PITCH` and `MAX_ROLL`. */
const orderFields = (first: { pitch: number; roll: number }, maxPitch: number, maxRoll: number): ParamDef[] => [
  { key: 'dive-pitch', label: 'Ordered pitch (+ is nose down)', unit: 'rad', min: -maxPitch, max: maxPitch, scale: 'linear', initial: first.pitch, hardMin: -maxPitch, hardMax: maxPitch },
  { key: 'dive-roll', label: 'Ordered roll', unit: 'rad', min: -maxRoll, max: maxRoll, scale: 'linear', initial: first.roll, hardMin: -maxRoll, hardMax: maxRoll },
  { key: 'dive-rudder', label: 'Rudder', unit: '−1 to 1', min: -1, max: 1, scale: 'linear', initial: 0, hardMin: -1, hardMax: 1 },
  { key: 'dive-load', label: 'Steady load about the pitch axis', unit: 'N m', min: -200, max: 200, scale: 'linear', initial: 0, hardMin: -1e5, hardMax: 1e5 },
];

const HULL: BoxPart[] = [
  { size: [0.55, 0.55, 3], color: '' },
  { size: [0.18, 0.45, 0.6], offset: [0, 0.45, 0.5], color: '' },
  { size: [1.3, 0.05, 0.3], offset: [0, 0, -1.3], color: '' },
];

export function mountDive(host: HTMLElement, link: FigureLink): void {
  // Numbers per body in the scene's state, from the bindings (the core is loaded by now).
  const STRIDE = DiveScene.stride();
  const [pitch, roll, rudder] = DiveScene.firstOrders();
  const orders = { pitch: pitch!, roll: roll!, rudder: rudder!, load: 0 };
  // The hulls, their laws and tunings are the core's scene defaults (the four
  // generations, tuned as the claims table runs them); the reader edits the gains.
  const defaults = sceneDefaults().dive;
  // The printed feed-forward runs on request, as a fifth hull with the fourth's gains.
  const printedBoat = { ...defaults.boats[defaults.boats.length - 1]!, law: 'pid-feed-forward-as-printed' };
  const allBoats = [...defaults.boats, printedBoat];
  const LAWS = new Map((DiveScene.laws() as SubmarineLawEntry[]).map((l) => [l.id, l]));
  const lawOf = (b: Boat) => LAWS.get(b.law)!;
  // The reader's edits: each boat as tuned (its law's numbers only).
  const tuned = allBoats.map((b) => ({ ...b }));
  let withPrinted = false;
  const boats = () => allBoats.slice(0, withPrinted ? allBoats.length : defaults.boats.length);
  const names = () => boats().map((b) => lawOf(b).label);
  let scene: DiveScene;

  const canvas = document.createElement('canvas');
  canvas.className = 'arena hulls';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Four submarines, one per controller. Focus here and use W and S to pitch, A and D for the rudder, Q and E to roll.');
  const toolbar = document.createElement('div');
  const helm = document.createElement('div');
  helm.className = 'toolbar helm';
  helm.setAttribute('role', 'group');
  helm.setAttribute('aria-label', 'Helm');
  const clock = document.createElement('span');
  clock.className = 'clock';
  const printedLabel = 'Also run the feed-forward as printed';
  withPrinted = link.choice('dive-printed', printedLabel, ['no', 'yes'], 'no', toolbar) === 'yes';
  const printedBox = toggle(
    printedLabel,
    (on) => {
      withPrinted = on;
      link.save('dive-printed', on ? 'yes' : 'no', 'no');
      // Its fields show only while its hull runs: hidden, they would change nothing.
      printedControls.style.display = on ? '' : 'none';
      live.rerun();
    },
    withPrinted,
  );
  toolbar.append(printedBox, clock);
  const pitchBox = document.createElement('div');
  const rollBox = document.createElement('div');
  pitchBox.className = rollBox.className = 'plot';
  const controls = document.createElement('div');
  controls.className = 'params';
  const more = document.createElement('details');
  more.className = 'figure-settings';
  more.append(el('summary', {}, 'Gains of each controller'));
  const gainControls = document.createElement('div');
  gainControls.className = 'params';
  const printedControls = document.createElement('div');
  printedControls.className = 'params';
  printedControls.style.display = withPrinted ? '' : 'none';
  more.append(gainControls, printedControls);
  host.append(canvas, toolbar, helm, controls, pitchBox, rollBox, more);

  const colors = themeColors([...COLORS, '--fg', '--fg-muted']);
  const color = (name: string) => colors.get(name)!;
  let pitchPlot: ResponsePlot | undefined;
  let rollPlot: ResponsePlot | undefined;
  let shown = 0;
  const makePlots = () => {
    const series = [...names().map((label, k) => ({ label, color: color(COLORS[k]!) })), { label: 'order', color: color('--fg-muted'), dash: [6, 4] }];
    pitchPlot?.destroy();
    rollPlot?.destroy();
    pitchPlot = new ResponsePlot(pitchBox, series, WINDOW, { title: 'Pitch', yLabel: 'pitch (rad)', height: 180 });
    rollPlot = new ResponsePlot(rollBox, series, WINDOW, { title: 'Roll', yLabel: 'roll (rad)', height: 180 });
    shown = series.length - 1;
  };

  const disturbances = {
    loadStepAt: link.read('dive-load-at', eventTime('The load step'), null, 'never', helm),
    loadStep: defaults.loadStep, sensorNoise: defaults.sensorNoise, seed: defaults.seed };
  const settings = (): DiveSettings => ({
    ...defaults,
    ...disturbances,
    boats: tuned.slice(0, boats().length),
    load: orders.load,
  });
  const sim = {
    name: 'dive',
    dt: defaults.dt,
    get preview() {
      return Math.max(WINDOW, (disturbances.loadStepAt ?? 0) + WINDOW / 2);
    },
    reset() {
      const next = new DiveScene(settings());
      next.setOrders(orders.pitch, orders.roll, orders.rudder);
      scene?.free();
      scene = next;
      if (shown !== boats().length) makePlots();
      pitchPlot!.clear();
      rollPlot!.clear();
    },
    advance(steps: number) {
      for (let s = 0; s < steps; s++) {
        scene.step(1);
        // Read the time first: the state is a view, valid until the next call into the core.
        const time = scene.time;
        const st = scene.state();
        const column = (offset: number, order: number) => [...Array.from({ length: shown }, (_, k) => st[k * STRIDE + offset]!), order];
        pitchPlot!.push(time, column(5, orders.pitch));
        rollPlot!.push(time, column(6, orders.roll));
      }
    },
    plots: () => [pitchPlot!, rollPlot!],
    draw() {
      pitchPlot!.redraw();
      rollPlot!.redraw();
      clock.textContent = `t = ${scene.time.toFixed(2)} s`;
      drawHulls();
    },
  };

  const view = camera(-0.9, 0.35);
  const drawHulls = () => {
    const w = canvas.clientWidth || 600;
    const laws = names();
    const columns = w < 480 ? 2 : Math.min(laws.length, 4);
    const rows = Math.ceil(laws.length / columns);
    const cell = w / columns;
    const h = Math.round(cell * rows * 0.85);
    const ctx = fitCanvas(canvas, w, h);
    const st = scene.state();
    const rowHeight = h / rows;
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    laws.forEach((name, k) => {
      const inRow = Math.min(columns, laws.length - Math.floor(k / columns) * columns);
      const cx = (k % columns) * cell + cell / 2 + ((columns - inRow) * cell) / 2;
      const cy = Math.floor(k / columns) * rowHeight + rowHeight * 0.5;
      const q = [st[k * STRIDE]!, st[k * STRIDE + 1]!, st[k * STRIDE + 2]!, st[k * STRIDE + 3]!] as Quat;
      const hull = color(COLORS[k]!);
      drawBody(ctx, q, HULL.map((p) => ({ ...p, color: hull })), cx, cy, cell / 4.2, view);
      ctx.fillStyle = color('--fg');
      ctx.fillText(name, cx, Math.floor(k / columns) * rowHeight + 14);
      ctx.fillStyle = color('--fg-muted');
      ctx.fillText(
        `pitch ${formatNumber(st[k * STRIDE + 5]!)}  roll ${formatNumber(st[k * STRIDE + 6]!)}`,
        cx,
        (Math.floor(k / columns) + 1) * rowHeight - 6,
      );
    });
  };

  const live = liveFigure(host, toolbar, sim, link);
  const orderControls: Record<string, ParamControl> = {};
  const applyOrders = (key: string, v: number) => {
    const previous = { ...orders };
    const field = key.replace('dive-', '') as keyof typeof orders;
    orders[field] = v;
    // The orders and the load are live: a playing scene carries on under them, a
    // paused one shows the response to them from rest.
    live.edit(
      () => Object.assign(orders, previous),
      () => (field === 'load' ? scene.retune(settings()) : scene.setOrders(orders.pitch, orders.roll, orders.rudder)),
    );
  };
  for (const def of orderFields(orders, DiveScene.maxPitch(), DiveScene.maxRoll())) orderControls[def.key] = link.field(controls, def, (v) => applyOrders(def.key, v));

  // The helm: buttons and keys nudge the orders through the same checked path.
  const nudge = (key: string, by: number) => {
    const control = orderControls[key]!;
    const def = control.def;
    const next = Math.min(def.hardMax!, Math.max(def.hardMin!, Number((control.value + by).toFixed(3))));
    try {
      applyOrders(key, next);
      control.show(next);
      control.report('');
      link.save(key, String(next), String(def.initial));
    } catch (e) {
      control.report(e instanceof Error ? e.message : String(e));
    }
  };
  const buttons: [string, string, number][] = [
    ['Nose up', 'dive-pitch', -0.1],
    ['Nose down', 'dive-pitch', 0.1],
    ['Rudder left', 'dive-rudder', -0.25],
    ['Rudder right', 'dive-rudder', 0.25],
    ['Roll left', 'dive-roll', -0.1],
    ['Roll right', 'dive-roll', 0.1],
  ];
  for (const [label, key, by] of buttons) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', () => nudge(key, by));
    helm.append(b);
  }
  const keys: Record<string, [string, number]> = {
    w: ['dive-pitch', -0.1],
    s: ['dive-pitch', 0.1],
    a: ['dive-rudder', -0.25],
    d: ['dive-rudder', 0.25],
    q: ['dive-roll', -0.1],
    e: ['dive-roll', 0.1],
  };
  canvas.addEventListener('keydown', (e) => {
    const k = keys[e.key.toLowerCase()];
    if (!k) return;
    e.preventDefault();
    nudge(k[0], k[1]);
  });

  allBoats.forEach((boat, k) => {
    const law = lawOf(boat);
    for (const g of law.gains) {
      const initial = gainOf(boat, g.key);
      const def: ParamDef = { key: `dive-${k}-${g.key}`, label: `${law.label}: ${g.label}`, unit: g.unit, min: 0, max: initial * 10 || 100, scale: 'linear', initial };
      link.field(k < defaults.boats.length ? gainControls : printedControls, def, (v) => {
        const previous = tuned[k]!;
        tuned[k] = withGain(previous, g.key, v);
        // Playing, each hull carries on under its new gains, its controller's memory kept.
        live.edit(
          () => (tuned[k] = previous),
          () => scene.retune(settings()),
        );
      });
    }
  });

  // The disturbances: a load step struck now (a link replays it then) and sensor noise.
  const loadButton = el('button', { type: 'button', class: 'disturb' }, 'Load step now');
  helm.append(loadButton);
  const strikeLoad = () => {
    disturbances.loadStepAt = eventNow(scene.time, defaults.dt);
    link.save('dive-load-at', String(disturbances.loadStepAt), 'never');
    live.strike(() => scene.retune(settings()));
  };
  loadButton.addEventListener('click', strikeLoad);
  /** Set once the link's values are in: from then on an edit is the reader's. */
  let mounted = false;
  const disturbanceKeys = { 'dive-load-step': 'loadStep', 'dive-noise': 'sensorNoise', 'dive-seed': 'seed' } as const;
  // The seed shows only while there is noise: a perfect sensor draws none, so it would change nothing.
  const showSeed = () => {
    const row = controls.querySelector('#param-dive-seed')?.closest<HTMLElement>('.param');
    if (row) row.style.display = disturbances.sensorNoise > 0 ? '' : 'none';
  };
  for (const def of disturbanceFields(defaults)) {
    link.field(controls, def, (v) => {
      const field = disturbanceKeys[def.key as keyof typeof disturbanceKeys];
      const previous = disturbances[field];
      disturbances[field] = v;
      // A load step's size set before any step is one struck now, so the field always shows.
      if (field === 'loadStep' && disturbances.loadStepAt === null && mounted) return strikeLoad();
      try {
        live.edit(
          () => (disturbances[field] = previous),
          () => scene.retune(settings()),
        );
      } finally {
        showSeed();
      }
    });
  }
  showSeed();
  mounted = true;
}
