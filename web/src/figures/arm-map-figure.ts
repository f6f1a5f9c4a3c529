/**
 * The arm's stability map (chapter 12): for the chain law picked, the spectral radius of
 * the arm's closed loop linearised where it comes to rest, over a log grid of kp (up)
 * and kd (right) shared by every joint, at the rate and under the integrator picked;
 * a ring marks the gains in the fields (the arm figure's, to start). Every number is
 * the core's (`scenes::arm_map` and `arm_loop` through `ArmScene.map` and `radius`); the
 * map is drawn as chapter 8's atlas is, with its colours, ticks and cursor.
 */
import { ArmScene } from '../core/arm-analysis-wasm';
import { sceneDefaults, type ArmSettings } from '../core/scenes';
import { CATALOGUE } from '../core/catalogue';
import { alongSide, frameTicks, type AxisGrid } from '../plot/atlas-axis';
import { atlasImage, colourScale } from '../plot/atlas-colour';
import { atlasCursor, type Cell } from '../plot/atlas-cursor';
import { el, choice } from '../ui/dom';
import { formatNumber, type ParamDef } from '../ui/params';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';

/** The core's map (`scenes::ArmMap`). */
interface ArmMap {
  law: string;
  label: string;
  grid: { kpMin: number; kpMax: number; kdMin: number; kdMax: number; points: number };
  kp: number[];
  kd: number[];
  radii: (number | null)[];
  stableLimit: number;
}

/** A chain law as the core names it (`ArmScene.laws()`). */
interface ChainLawEntry {
  id: string;
  label: string;
}

/** What a radius means for the arm, in words (`null`: the core found no rest pose). */
const verdict = (radius: number | null, limit: number): string =>
  radius === null ? 'no pose near the target holds the arm\'s weight at these gains' : radius > limit ? 'unstable: a small error grows each step' : 'stable: a small error dies out';

/** A cell's gain as a reader types it: three significant digits. */
const picked = (v: number) => Number(v.toPrecision(3));

export function mountArmMap(host: HTMLElement, link: FigureLink): void {
  const defaults = sceneDefaults().arm;
  const laws = ArmScene.laws() as ChainLawEntry[];
  const integrators = CATALOGUE.integrators;
  // The rates of the breaking table (the core's): a slow game, the usual one, a fine one.
  const rates = Array.from(ArmScene.breakingRates()).map(String);
  const defaultRate = rates.find((r) => Math.abs(Number(r) * defaults.dt - 1) < 1e-9) ?? rates[0]!;
  const controls = el('div', { class: 'params' });
  host.append(controls);
  let law = link.choice('arm-map-law', 'Law', laws.map((l) => l.id), laws[0]!.id, controls);
  let rate = link.choice('arm-map-rate', 'Physics rate', rates, defaultRate, controls);
  let integrator = link.choice('arm-map-integrator', 'Integrator', integrators.map((i) => i.id), defaults.integrator, controls);
  const gains = { kp: defaults.kp, kd: defaults.kd };
  /** The arm the map is of: the arm figure's, at the rate and integrator picked. */
  const settings = (): ArmSettings => ({ ...defaults, dt: 1 / Number(rate), integrator });

  const canvas = el('canvas', { tabindex: '0', role: 'img' });
  const marker = el('span', { class: 'arm-map-marker', 'aria-hidden': 'true' });
  const frame = el('div', { class: 'atlas-frame' }, canvas, marker);
  const plot = el(
    'div',
    { class: 'arm-map-plot' },
    el('span', { class: 'atlas-axis-title y', 'aria-hidden': 'true' }, 'kp (N m/rad) →'),
    frame,
    el('span', { class: 'atlas-axis-title x', 'aria-hidden': 'true' }, 'kd (N m s/rad) →'),
  );
  const title = el('p', { class: 'arm-map-title' });
  const readout = el('p', { class: 'atlas-readout', 'aria-live': 'polite' });
  const hover = el('p', { class: 'atlas-hover', 'aria-live': 'polite' }, 'Point at the map to read a cell; click it (or Enter) to move the ring there.');
  const [ramp, scale] = colourScale();
  const key = el(
    'figure',
    { class: 'atlas-key' },
    ramp,
    scale,
    el('figcaption', {}, 'Spectral radius of the arm\'s loop about where it rests. Red also where no pose near the target holds the arm\'s weight.'),
  );
  host.append(el('div', { class: 'atlas-layout arm-map' }, el('div', { class: 'arm-map-main' }, title, plot), el('div', { class: 'atlas-side' }, readout, hover, key)));

  const computed = new Map<string, ArmMap>();
  /** The map for the law, rate and integrator picked (each computed once). */
  const mapNow = (): ArmMap => {
    const at = `${law},${rate},${integrator}`;
    let found = computed.get(at);
    if (!found) computed.set(at, (found = ArmScene.map(settings(), law, undefined) as ArmMap));
    return found;
  };
  let map = mapNow();
  /** The map's sides as its ticks and ring read them. */
  const sides = (m: ArmMap): { kp: AxisGrid; kd: AxisGrid } => ({
    kp: { min: m.grid.kpMin, max: m.grid.kpMax, points: m.grid.points },
    kd: { min: m.grid.kdMin, max: m.grid.kdMax, points: m.grid.points },
  });
  let axes = sides(map);
  const integratorName = (id: string) => integrators.find((i) => i.id === id)?.label ?? id;

  const placeMarker = () => {
    // Kept on the map's edge when the gains are off it.
    const at = (v: number, side: AxisGrid) => Math.min(1, Math.max(0, alongSide(v, side)));
    const [x, y] = [at(gains.kd, axes.kd), at(gains.kp, axes.kp)];
    marker.style.left = `${x * 100}%`;
    marker.style.bottom = `${y * 100}%`;
    let radius: number | null = null;
    let why = '';
    try {
      radius = ArmScene.radius({ ...settings(), ...gains }, law);
    } catch (e) {
      why = e instanceof Error ? e.message : String(e);
    }
    if (radius !== null && !Number.isFinite(radius)) {
      // Gains so large that the step's derivatives leave f64: no number to show.
      why = `the loop's one-step Jacobian is not finite at these gains`;
      radius = null;
    }
    const off = gains.kp < map.kp[0]! || gains.kp > map.kp.at(-1)! || gains.kd < map.kd[0]! || gains.kd > map.kd.at(-1)! ? ' (off the map: the ring is at its edge)' : '';
    readout.textContent =
      `The ring: kp ${formatNumber(gains.kp)} N m/rad, kd ${formatNumber(gains.kd)} N m s/rad${off}. ` +
      (radius === null ? `No radius: ${why}.` : `Spectral radius ${formatNumber(radius)}: ${verdict(radius, map.stableLimit)}.`);
    host.dataset.curves = JSON.stringify({
      law,
      rate: Number(rate),
      integrator,
      marker: [gains.kp, gains.kd, radius],
      cells: map.radii.map((r, k) => [map.kp[Math.floor(k / map.grid.points)]!, map.kd[k % map.grid.points]!, r]),
    });
  };

  const draw = () => {
    map = mapNow();
    const n = map.grid.points;
    axes = sides(map);
    canvas.width = n;
    canvas.height = n;
    canvas.getContext('2d')!.putImageData(atlasImage(map.radii, n, map.stableLimit), 0, 0);
    frameTicks(frame, axes.kd, formatNumber, formatNumber, axes.kp);
    const stable = map.radii.filter((r) => r !== null && r <= map.stableLimit).length / map.radii.length;
    const heading = `${map.label} at ${rate} Hz, ${integratorName(integrator)}: stable on ${(100 * stable).toFixed(0)} % of the map`;
    title.textContent = heading;
    canvas.setAttribute('aria-label', `Stability map of ${heading}. Arrow keys move the cursor, Enter moves the ring to its cell.`);
    placeMarker();
  };

  const cellGains = (c: Cell) => ({ kp: map.kp[c.row]!, kd: map.kd[c.col]! });
  let fields: { kp: { enter(text: string): boolean }; kd: { enter(text: string): boolean } } | null = null;
  atlasCursor(canvas, {
    size: () => map.grid.points,
    cellAt(e) {
      const rect = canvas.getBoundingClientRect();
      const [x, y] = [(e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height];
      if (x < 0 || x >= 1 || y < 0 || y >= 1) return null;
      const n = map.grid.points;
      return { row: n - 1 - Math.floor(y * n), col: Math.floor(x * n) };
    },
    read(c) {
      const { kp, kd } = cellGains(c);
      const radius = map.radii[c.row * map.grid.points + c.col] ?? null;
      hover.dataset.cell = `${c.row},${c.col}`;
      hover.textContent = `kp ${formatNumber(picked(kp))} N m/rad, kd ${formatNumber(picked(kd))} N m s/rad: ${radius === null ? '' : `spectral radius ${formatNumber(radius)}, `}${verdict(radius, map.stableLimit)}.`;
    },
    choose(c) {
      const { kp, kd } = cellGains(c);
      fields?.kp.enter(String(picked(kp)));
      fields?.kd.enter(String(picked(kd)));
    },
  });

  /** A menu of `options` bound to the link's `key`, redrawing on a change. */
  const menu = (key: string, label: string, options: readonly { id: string; label: string }[], now: () => string, set: (v: string) => void, initial: string) => {
    const select = el('select', { name: key, 'aria-label': label }, ...options.map((o) => el('option', { value: o.id, selected: o.id === now() }, o.label)));
    select.addEventListener('change', () => {
      set(select.value);
      link.save(key, select.value, initial);
      draw();
    });
    controls.append(choice(`${label} `, select));
  };
  menu('arm-map-law', 'Law', laws, () => law, (v) => (law = v), laws[0]!.id);
  menu('arm-map-rate', 'Physics rate', rates.map((r) => ({ id: r, label: `${r} Hz` })), () => rate, (v) => (rate = v), defaultRate);
  menu('arm-map-integrator', 'Integrator', integrators.map((i) => ({ id: i.id, label: i.menuLabel })), () => integrator, (v) => (integrator = v as typeof integrator), defaults.integrator);
  draw();

  // The ring's gains: the core refuses a gain it cannot take (named by field); one it
  // takes but that holds no rest pose is said in the readout.
  const defs: ParamDef[] = [
    { key: 'arm-map-kp', label: 'Ring at stiffness kp', unit: 'N m/rad', min: map.grid.kpMin, max: map.grid.kpMax, scale: 'log', initial: defaults.kp },
    { key: 'arm-map-kd', label: 'Ring at damping kd', unit: 'N m s/rad', min: map.grid.kdMin, max: map.grid.kdMax, scale: 'log', initial: defaults.kd },
  ];
  const [kpField, kdField] = defs.map((def) =>
    link.field(controls, def, (v) => {
      const name = def.key === 'arm-map-kp' ? 'kp' : 'kd';
      ArmScene.checkSettings({ ...settings(), ...gains, [name]: v });
      gains[name] = v;
      placeMarker();
    }),
  );
  fields = { kp: kpField!, kd: kdField! };
  const header = ['kp (N m/rad)', 'kd (N m s/rad)', 'spectral radius'];
  const rows = () => map.radii.map((r, k) => [map.kp[Math.floor(k / map.grid.points)]!, map.kd[k % map.grid.points]!, r]);
  host.append(foldedExports(tableExport('arm-map', () => ({ header, rows: rows() })), link.shareBar()));
}
