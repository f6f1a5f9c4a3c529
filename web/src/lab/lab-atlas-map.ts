/**
 * The drawing of a Lab card's stability map (see `lab-atlas.ts`, the panel that loads
 * it when first opened): the core's atlas map that holds the card's law, its ticks, the
 * card's markers, the spectral radius and the poles in the z-plane. Like chapter 8's
 * atlas, pointing at a cell (or moving a cursor with the arrow keys) reads it out, and
 * a click or Enter picks its gains (here: puts them on the card).
 */
import { lawEntry, lawOptions } from '../core/catalogue';
import { formatNumber, formatPoles } from '../ui/params';
import { el } from '../ui/dom';
import type { MapInput } from './lab-atlas';
import { atlasCursor, type Cell } from '../plot/atlas-cursor';
import { alongSide, frameTicks } from '../plot/atlas-axis';

type Analysis = typeof import('../core/analysis-wasm');
type ZPlane = typeof import('../plot/z-plane');
type Colour = typeof import('../plot/atlas-colour');
type AtlasSpec = import('../core/analysis-wasm').AtlasSpec;

/** The map's side, canvas px: the grid's cells, stretched. */
const SIZE = 200;

/** Where each principal axis's letter sits beside its marker, px. */
const LABEL_OFFSETS = { x: [8, 3], y: [-8, -5], z: [8, 13] } as const;

/** A tick's value in two significant digits, short: 3.6, 360, 3.6e4, 3.6e-3. */
const tick = (v: number) => {
  const e = Math.floor(Math.log10(v));
  const m = Number((v / 10 ** e).toPrecision(2));
  return e >= 4 || e <= -3 ? `${m}e${e}` : String(Number(v.toPrecision(2)));
};

/** A picked cell's gain, short: three significant digits (a cell spans about 7 % of a gain). */
const picked = (v: number) => Number(v.toPrecision(3));

/**
 * Puts the map's canvases in `panel` above `readout`, loads the analysis part of the
 * core, and gives the function that redraws the map for `read()` (once per frame);
 * `pick` puts a cell's raw gains (N/m, N·s/m) on the card.
 */
export function mapDrawer(id: string, panel: HTMLDetailsElement, readout: HTMLElement, read: () => MapInput, pick: (kp: number, kd: number) => void): () => void {
  const canvas = el('canvas', { id: `${id}-atlas`, width: SIZE, height: SIZE, role: 'img', 'aria-label': 'Stability map', tabindex: '0' });
  // The ticks are chapter 8's (plot/atlas-axis.ts), labelled in this card's units.
  const frame = el('div', { class: 'atlas-frame lab-atlas-frame' }, canvas);
  const titled = el(
    'div',
    { class: 'lab-atlas' },
    el('span', { class: 'atlas-axis-title y', 'aria-hidden': 'true' }, 'kp (N/m) →'),
    frame,
    el('span', { class: 'atlas-axis-title x', 'aria-hidden': 'true' }, 'kd (N·s/m) →'),
  );
  const zPlane = el('canvas', { id: `${id}-poles`, class: 'z-plane', width: 120, height: 120, role: 'img', 'aria-label': 'The poles at the marker against the unit circle' });
  const hover = el('p', { id: `${id}-atlas-hover`, class: 'atlas-hover', 'aria-live': 'polite' }, 'Point at the map to read a cell; click it (or Enter) to put its gains on this card.');
  readout.before(titled, hover, zPlane);
  let analysis: { module: Analysis; grid: AtlasSpec; zPlane: ZPlane; colour: Colour } | null = null;
  let cached: { key: string; image: HTMLCanvasElement; stableLimit: number; axis: number[]; radii: (number | null)[]; mass: number; dt: number } | null = null;
  /** The mass and step the ticks are labelled for. */
  let ticked = '';
  const gainsAt = (c: Cell) => {
    const { axis, mass, dt } = cached!;
    return { kp: (axis[c.row]! * mass) / dt ** 2, kd: (axis[c.col]! * mass) / dt };
  };
  atlasCursor(canvas, {
    size: () => cached?.axis.length ?? 0,
    cellAt(e) {
      if (!cached) return null;
      const rect = canvas.getBoundingClientRect();
      const x = (e.clientX - rect.left) / rect.width;
      const y = (e.clientY - rect.top) / rect.height;
      const n = cached.axis.length;
      if (x < 0 || x >= 1 || y < 0 || y >= 1) return null;
      return { row: n - 1 - Math.floor(y * n), col: Math.floor(x * n) };
    },
    read(c) {
      if (!cached) return;
      const n = cached.axis.length;
      const radius = cached.radii[c.row * n + c.col] ?? null;
      const { kp, kd } = gainsAt(c);
      const verdict = radius === null ? 'no radius here' : `spectral radius ${formatNumber(radius)}, ${radius <= cached.stableLimit ? 'stable' : 'unstable'}`;
      hover.dataset.cell = `${c.row},${c.col}`;
      hover.textContent = `kp ${formatNumber(picked(kp))} N/m, kd ${formatNumber(picked(kd))} N·s/m (kp h²/m = ${formatNumber(cached.axis[c.row]!)}, kd h/m = ${formatNumber(cached.axis[c.col]!)}): ${verdict}. Click or Enter puts these gains on this card.`;
    },
    choose(c) {
      if (!cached) return;
      const { kp, kd } = gainsAt(c);
      pick(picked(kp), picked(kd));
    },
  });
  let pending = 0;

  // A slider fires many inputs per frame, and a ki edit moves a PID's slice (a new
  // atlas): the map is redrawn once per frame, for the latest gains.
  const draw = () => {
    if (!analysis || !panel.open || pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      try {
        paint(analysis!.module, analysis!.grid, analysis!.zPlane, analysis!.colour);
      } catch (e) {
        readout.textContent = `No map for these settings: ${e instanceof Error ? e.message : String(e)}`;
      }
    });
  };
  const paint = (analysis: Analysis, grid: AtlasSpec, { drawZPlane }: ZPlane, { atlasImage }: Colour) => {
    const input = read();
    const { plant, law, integrator, kp, kd, ki, mass: m, dt } = input;
    const card = analysis.cardMapOf(plant, law, integrator, kp, kd, ki, m, dt);
    const spec = { ...grid };
    const n = spec.points;
    // A PID's loop has a third state: the map is the slice at this card's ki h³/m.
    spec.integral = Math.min(1e3, card.integral);
    const key = `${card.map}|${integrator}|${spec.integral}`;
    // The tick labels and a picked cell's gains are in the card's units at this mass and step.
    if (cached && (cached.mass !== m || cached.dt !== dt)) cached = { ...cached, mass: m, dt };
    if (cached?.key !== key) {
      const atlas = analysis.atlasOf(card.map, integrator, spec);
      const image = el('canvas', { width: n, height: n });
      image.getContext('2d')!.putImageData(atlasImage(atlas.radii, n, atlas.stableLimit), 0, 0);
      cached = { key, image, stableLimit: atlas.stableLimit, axis: atlas.axis, radii: atlas.radii, mass: m, dt };
      // The radii drawn, reachable from the element for the test that compares them with the native atlas.
      (canvas as HTMLCanvasElement & { radii?: number[] }).radii = atlas.radii;
    }
    if (ticked !== `${m},${dt}`) {
      ticked = `${m},${dt}`;
      // A tick at kd h/m = 10^e is kd = 10^e m/h; at kp h²/m = 10^e, kp = 10^e m/h².
      frameTicks(frame, spec, (v) => tick((v * m) / dt), (v) => tick((v * m) / dt ** 2));
    }
    const ctx = canvas.getContext('2d')!;
    const ink = getComputedStyle(panel).color;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(cached.image, 0, 0, SIZE, SIZE);
    // Where a dimensionless value sits along a side: its log fraction of the grid (what
    // the markers' data say), and on the canvas, at the centre of the cell that holds it.
    const [lo, hi] = [Math.log10(spec.min), Math.log10(spec.max)];
    const along = (v: number) => (Math.log10(v) - lo) / (hi - lo);
    const onSide = (t: number) => alongSide(10 ** (lo + t * (hi - lo)), spec) * SIZE;
    ctx.font = '10px sans-serif';

    // The card's gains: a marker per point, kept on the map's edge when off it.
    const clampT = (t: number) => (Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0);
    const placed = card.markers.map((mk) => {
      const [a, b] = [mk.kp * dt ** 2, mk.kd * dt];
      const [x, y] = [along(b), along(a)];
      const inside = a > 0 && b > 0 && x >= 0 && x <= 1 && y >= 0 && y <= 1;
      const [px, py] = [onSide(clampT(x)), SIZE - onSide(clampT(y))];
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#000';
      ctx.beginPath();
      ctx.arc(px, py, 6, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.strokeStyle = '#fff';
      ctx.beginPath();
      ctx.arc(px, py, 4, 0, 2 * Math.PI);
      ctx.stroke();
      if (mk.axis) {
        // The three axes' points can sit close together: their letters go to different sides.
        const [ox, oy] = LABEL_OFFSETS[mk.axis];
        // Kept on the canvas: a letter that would fall off its edge goes to the other side.
        const dx = px + ox > SIZE - 8 || px + ox < 8 ? -ox : ox;
        const dy = py + oy > SIZE - 2 || py + oy < 10 ? -oy : oy;
        ctx.fillStyle = ink;
        ctx.textAlign = dx < 0 ? 'right' : 'left';
        ctx.fillText(mk.axis, px + dx, py + dy);
      }
      return { mk, a, b, at: [clampT(x), clampT(y)], inside };
    });
    ctx.lineWidth = 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    canvas.dataset.marker = placed[0]!.at.join(',');
    canvas.dataset.markers = JSON.stringify(placed.map((p) => p.at));

    const zs = card.markers.flatMap((mk) => mk.poles);
    const radius = Math.max(...card.markers.map((mk) => mk.radius));
    const stable = radius <= cached.stableLimit;
    canvas.dataset.radius = String(radius);
    drawZPlane(zPlane, zs, !stable, ink);
    zPlane.dataset.poles = JSON.stringify(zs.map((z) => [z.re, z.im]));
    zPlane.setAttribute('aria-label', `The ${zs.length} poles at the marker${placed.length > 1 ? 's' : ''} against the unit circle: ${formatPoles(zs)}`);
    const slice = spec.integral > 0 ? ` A PID's map is the slice at this card's ki h³/m = ${formatNumber(spec.integral)}.` : '';
    // The core's poles are the law's at its default settings: say which of the card's are not in the map.
    const left = lawOptions(law).filter((o) => o.key in input.options).map((o) => o.label);
    const without = left.length ? ` The map and the radius leave out this card's ${left.join(', ')}.` : '';
    const mapName = lawEntry(card.map)?.label ?? card.map;
    // A law without gains reads none of the card's numbers: the step sets its point.
    const gainless = (lawEntry(law)?.gains.length ?? 1) === 0;
    const held = card.map === law || gainless ? '' : ` It is drawn on the ${mapName}'s map: this law runs as the ${mapName} at the marked gains.`;
    const offMap = placed.some((p) => !p.inside) ? ', off the map (marked at its edge)' : '';
    const verdict = `${stable ? 'stable' : 'unstable'} (dark: the error shrinks fast each step; light: slowly; red: it grows)`;
    const where =
      placed.length === 1
        ? `${gainless ? `No gains of its own: the step makes it the ${mapName}, drawn on its map, at` : `At kp ${formatNumber(kp)} N/m, kd ${formatNumber(kd)} N·s/m`} (kp h²/m = ${formatNumber(placed[0]!.a)}, kd h/m = ${formatNumber(placed[0]!.b)})${offMap}: spectral radius ${formatNumber(radius)}, ${verdict}.`
        : `About each principal axis of the box the law has its own gains per unit inertia I: ${placed
            .map((p) => `${p.mk.axis} at kp h²/I = ${formatNumber(p.a)}, kd h/I = ${formatNumber(p.b)} (radius ${formatNumber(p.mk.radius)})`)
            .join('; ')}${offMap}. Largest radius ${formatNumber(radius)}, ${verdict}.`;
    readout.textContent = `${where} Poles (the dots, against the unit circle): ${formatPoles(zs)}.${held}${slice}${without}`;
    canvas.setAttribute('aria-label', `Stability map of this law under ${integrator}; the marker${placed.length > 1 ? 's are' : ' is'} at its gains: ${stable ? 'stable' : 'unstable'}, spectral radius ${formatNumber(radius)}`);
  };

  void Promise.all([import('../core/analysis-wasm'), import('../plot/z-plane'), import('../plot/atlas-colour')]).then(async ([module, zPlane, colour]) => {
    await module.loadAnalysis();
    analysis = { module, grid: module.defaultAtlasSpec(), zPlane, colour };
    draw();
  });
  return draw;
}
