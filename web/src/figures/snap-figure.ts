/**
 * Bloom's minimum-velocity snap (chapter 5), animated: the core's `SnapScene` starts two
 * bodies at rest the same distance from a target and steps both by the article's update
 * (`ImplicitPd::advance`), one with the minimum velocity and one without. The spring
 * covers the same fraction of what is left each step, so on a log scale of the distance
 * left it moves at a steady pace forever; the snap leaves that line and lands. The
 * track and both plots are therefore drawn in log10 of the distance left and of the
 * speed, with an exact 0 drawn at the floor `FLOOR` (the plots say so).
 */
import { SnapScene } from '../core/snap-wasm';
import { sceneDefaults, type SnapSettings } from '../core/scenes';
import { ResponsePlot } from '../plot/response-plot';
import { themeColors } from '../ui/colors';
import type { FigureLink } from './figure-link';
import { formatNumber, type ParamDef } from '../ui/params';
import { fitCanvas, liveFigure, sceneFrame, settingsFold } from './live-figure';

const WINDOW = 4;
/** Where an exact 0 is drawn on the log scales (log10 units). */
const FLOOR = -4;
/** log10 of `v`, an exact 0 (or anything below 10^FLOOR) drawn at `FLOOR`. */
const lg = (v: number): number => (v > 10 ** FLOOR ? Math.log10(v) : FLOOR);
const COLORS = ['--s0', '--s1'];
const NAMES = ['with the minimum velocity', 'spring alone'];

type Key = 'k' | 'd' | 'timeScale' | 'minVelocity' | 'distance' | 'dt';

/** The fields, starting from the core's defaults. */
const fields = (s: SnapSettings): (ParamDef & { field: Key })[] => [
  { field: 'k', key: 'snap-k', label: 'K', unit: '', min: 0.1, max: 10, scale: 'log', initial: s.law.k, hardMax: 1e6 },
  { field: 'd', key: 'snap-d', label: 'D', unit: '', min: 0, max: 4, scale: 'linear', initial: s.law.d, hardMax: 1e6 },
  { field: 'timeScale', key: 'snap-t', label: 'Time scale T', unit: 's', min: 0.05, max: 3, scale: 'log', initial: s.law.timeScale, minExclusive: true, hardMax: 1e6 },
  { field: 'minVelocity', key: 'snap-vmin', label: 'Minimum velocity', unit: 'units/s', min: 0.1, max: 200, scale: 'log', initial: s.law.minVelocity, minExclusive: true, hardMax: 1e9 },
  { field: 'distance', key: 'snap-distance', label: 'Start distance', unit: 'units', min: 10, max: 1000, scale: 'log', initial: s.distance, minExclusive: true, hardMax: 1e9 },
  { field: 'dt', key: 'snap-dt', label: 'Step dt', unit: 's', min: 1 / 240, max: 1 / 15, scale: 'log', initial: s.dt, minExclusive: true, hardMax: 1 },
];

export function mountSnap(host: HTMLElement, link: FigureLink): void {
  const STRIDE = SnapScene.stride();
  const settings = sceneDefaults().snap;
  let scene: SnapScene;

  const { canvas, toolbar, clock, plots, controls } = sceneFrame(
    host,
    'arena snap',
    'Two bodies approaching a target: one with the minimum velocity, which lands, and one with the spring alone, which crawls',
    2,
  );
  const [leftBox, speedBox] = plots as [HTMLElement, HTMLElement];
  const colors = themeColors([...COLORS, '--fg', '--fg-muted']);
  const color = (name: string) => colors.get(name)!;
  const series = NAMES.map((label, k) => ({ label, color: color(COLORS[k]!) }));
  const leftPlot = new ResponsePlot(leftBox, series, WINDOW, {
    title: `Distance left to the target, log10 (landed, exactly 0, is drawn at ${FLOOR})`,
    yLabel: 'log10 units',
    height: 170,
  });
  const speedPlot = new ResponsePlot(
    speedBox,
    [...series, { label: 'minimum velocity', color: color('--fg-muted'), dash: [6, 4] }],
    WINDOW,
    { title: `Speed, log10 (at rest, exactly 0, is drawn at ${FLOOR})`, yLabel: 'log10 units/s', height: 170 },
  );

  const sim = {
    name: 'snap',
    get dt() {
      return settings.dt;
    },
    preview: WINDOW,
    reset() {
      const next = new SnapScene(settings);
      scene?.free();
      scene = next;
      leftPlot.clear();
      speedPlot.clear();
    },
    advance(steps: number) {
      for (let s = 0; s < steps; s++) {
        scene.step(1);
        // Read the time first: the state is a view, valid until the next call into the core.
        const time = scene.time;
        const st = scene.state();
        leftPlot.push(time, [0, 1].map((k) => lg(Math.abs(st[k * STRIDE]!))));
        speedPlot.push(time, [...[0, 1].map((k) => lg(Math.abs(st[k * STRIDE + 1]!))), lg(settings.law.minVelocity)]);
      }
    },
    plots: () => [leftPlot, speedPlot],
    draw() {
      leftPlot.redraw();
      speedPlot.redraw();
      clock.textContent = `t = ${scene.time.toFixed(2)} s`;
      drawTrack();
    },
  };

  const drawTrack = () => {
    const w = canvas.clientWidth || 600;
    const h = 125;
    const ctx = fitCanvas(canvas, w, h);
    const margin = 24;
    // The track in log10 of the distance left: the start at the left, 10^FLOOR units at
    // the target line; the spring alone keeps a steady pace along it.
    const top = Math.log10(settings.distance);
    const toPx = (x: number) => margin + ((top - lg(Math.abs(x))) / (top - FLOOR)) * (w - 2 * margin);
    ctx.fillStyle = color('--fg-muted');
    // The floor's label ends at the canvas' right edge; a decade's label is drawn only
    // where it clears the one before it and the floor's (a phone's track is narrow).
    const floorText = `≤ ${formatNumber(10 ** FLOOR)} or landed`;
    const floorLeft = w - 2 - ctx.measureText(floorText).width;
    ctx.textAlign = 'right';
    ctx.fillText(floorText, w - 2, h - 1);
    ctx.textAlign = 'center';
    let clear = 0;
    for (let e = Math.floor(top); e >= FLOOR; e--) {
      const px = margin + ((top - e) / (top - FLOOR)) * (w - 2 * margin);
      ctx.fillRect(px, h - 14, 1, 5);
      if (e === FLOOR) continue;
      const text = formatNumber(10 ** e);
      const half = ctx.measureText(text).width / 2;
      if (px - half < clear + 6 || px + half > floorLeft - 6) continue;
      ctx.fillText(text, px, h - 1);
      clear = px + half;
    }
    ctx.font = '12px system-ui, sans-serif';
    ctx.strokeStyle = color('--fg-muted');
    ctx.beginPath();
    ctx.moveTo(toPx(0), 8);
    ctx.lineTo(toPx(0), h - 8);
    ctx.stroke();
    const st = scene.state();
    // When each body landed exactly on the target (s; -1: not yet), for tests and tools;
    // written only when it changes, not on every frame.
    const landedNow = JSON.stringify([0, 1].map((k) => st[k * STRIDE + 3]!));
    if (host.dataset.landed !== landedNow) host.dataset.landed = landedNow;
    [0, 1].forEach((k) => {
      const y = 30 + k * 45;
      const left = Math.abs(st[k * STRIDE]!);
      const x = toPx(left);
      const snapped = st[k * STRIDE + 2] === 1;
      const landed = st[k * STRIDE + 3]!;
      ctx.fillStyle = color(COLORS[k]!);
      ctx.fillRect(x - 8, y - 8, 16, 16);
      if (snapped) {
        ctx.strokeStyle = color('--fg');
        ctx.lineWidth = 2;
        ctx.strokeRect(x - 11, y - 11, 22, 22);
        ctx.lineWidth = 1;
      }
      ctx.fillStyle = color('--fg');
      ctx.textAlign = 'left';
      const status =
        landed >= 0
          ? `landed at ${formatNumber(landed)} s`
          : `${formatNumber(left)} units left${snapped ? ', the snap moving it at the minimum velocity' : ''}`;
      ctx.fillText(`${NAMES[k]}: ${status}`, margin, y - 12);
    });
  };

  const live = liveFigure(host, toolbar, sim, link);
  // The law's gains and its minimum velocity (what the caption asks to try) stay in view.
  const defs = fields(settings);
  const fold = settingsFold(controls, defs, ['snap-k', 'snap-d', 'snap-vmin'], link);
  for (const def of defs) {
    link.field(fold.place(def), def, (v) => {
      const previous = structuredClone(settings);
      if (def.field === 'distance' || def.field === 'dt') settings[def.field] = v;
      else settings.law[def.field] = v;
      live.edit(() => Object.assign(settings, previous));
    });
  }
}
