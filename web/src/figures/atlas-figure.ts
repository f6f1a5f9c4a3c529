/**
 * The stability atlas: for each law the core's atlas covers (the linear laws, and the
 * PIDs at one slice of their integral gain) under each integrator, the spectral radius
 * of the closed loop over a log grid of kp dt^2/m (rows, stiffness up) and kd dt/m
 * (columns), computed by the core on the native example's grid, with the axes' decades
 * and the colour scale drawn once beside the maps. Pointing at a cell (or moving a
 * cursor with the arrow keys) plots that point's poles against the unit circle; a
 * click or Enter opens it in the Lab.
 */
import { CATALOGUE, lawEntry } from '../core/catalogue';
import { drawZPlane } from '../plot/z-plane';
import { atlasMaps, atlasOf, atlasPointsAt, defaultAtlasSpec, poles, type Atlas, type AtlasPointEntry } from '../core/analysis-wasm';
import { placePoints, pointVerdict } from './atlas-points';
import { frameTicks } from '../plot/atlas-axis';
import { sliceControl } from './atlas-slice';
import { HAS_INTEGRAL, writeLabState } from '../lab/lab-state';
import { clip, formatNumber, formatPoles } from '../ui/params';
import { el } from '../ui/dom';
import { labStateWith } from './lab-figure';
import { labHref, openSitePage } from '../ui/site';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';
import { atlasImage, colourScale } from '../plot/atlas-colour';
import { atlasCursor } from '../plot/atlas-cursor';

declare global {
  interface Window {
    /** The atlases this page drew, for tests that compare them with the native command. */
    forcelabAtlases?: Atlas[];
    /** The laws without gains it placed as points. */
    forcelabAtlasPoints?: AtlasPointEntry[];
  }
}

/** A law's short name, from the core's catalogue. */
const shortName = (law: string) => lawEntry(law)?.shortLabel ?? law;
/** Each integrator's name in a caption, from the core's catalogue. */
const INTEGRATORS: Readonly<Record<string, string>> = Object.fromEntries(CATALOGUE.integrators.map((i) => [i.id, i.label]));

/**
 * The key shared by every map: the axes (damping right, stiffness up, decades from the
 * grid's ends) and the colour scale of the spectral radius, red past 1.
 */
function atlasKey(spec: { min: number; max: number }): HTMLElement {
  const [ramp, scale] = colourScale();
  const decades: string[] = [];
  for (let e = Math.ceil(Math.log10(spec.min) - 1e-9); e <= Math.floor(Math.log10(spec.max) + 1e-9); e++) decades.push(`10^${e}`);
  const axes = el(
    'figcaption',
    {},
    `Spectral radius. In each map, damping kd h/m grows to the right and stiffness kp h²/m upward, ` +
      `both on a log scale from ${formatNumber(spec.min)} (bottom left) to ${formatNumber(spec.max)}, with a decade every ` +
      `${((1 / (Math.log10(spec.max) - Math.log10(spec.min))) * 100).toFixed(1)} % of the side (${decades.join(', ')}).`,
  );
  return el('figure', { class: 'atlas-key' }, ramp, scale, axes);
}

export function mountAtlas(host: HTMLElement, link: FigureLink): void {
  // The core's grid (`AtlasSpec::default()`), the one the native atlas command prints.
  const SPEC = defaultAtlasSpec();
  const grid = document.createElement('div');
  grid.className = 'atlas-grid';
  const side = document.createElement('div');
  side.className = 'atlas-side';
  const zPlane = el('canvas', { width: 220, height: 220, role: 'img', 'aria-label': 'The poles of the chosen point against the unit circle' });
  const readout = el('p', { class: 'atlas-readout', 'aria-live': 'polite' }, 'Point at a map to see its poles.');
  side.append(zPlane, readout, atlasKey(SPEC));
  const mapColumn = el('div', { class: 'atlas-main' }, grid);
  // The maps and the side panel share a box of their own: the side panel stays in view
  // while the maps scroll past, and only within that box, never over the exports below.
  host.append(el('div', { class: 'atlas-layout' }, mapColumn, side));
  // Each map's canvas sits in a frame that can hold the rings of the laws without gains.
  const frames = new Map<string, HTMLElement>();
  const atlases: Atlas[] = [];
  // The PIDs' maps are drawn at the slice the reader picks (the core's default first).
  const repaints: (() => void)[] = [];
  const spec = { ...SPEC };
  // Nine PID maps at a new slice take the core about a third of a second: a drag redraws
  // them once per frame, at the latest slice, and a slice seen before comes from memory.
  let pendingFrame = 0;
  const { control, slice: startSlice } = sliceControl(link, SPEC.integral, side, (s) => `(ki ${formatNumber(s / SPEC.dt ** 3)} N/(m·s) at 1 kg, h = 1/60 s)`, (s) => {
    spec.integral = s;
    pendingFrame ||= requestAnimationFrame(() => {
      pendingFrame = 0;
      for (const repaint of repaints) repaint();
    });
  });
  const computed = new Map<string, Atlas>();
  const atlasAt = (law: string, integrator: string) => {
    const key = `${law},${integrator},${HAS_INTEGRAL.has(law) ? spec.integral : ''}`;
    let atlas = computed.get(key);
    if (!atlas) computed.set(key, (atlas = atlasOf(law, integrator, spec)));
    return atlas;
  };
  spec.integral = startSlice;
  side.prepend(control);

  const drawZ = (zs: { re: number; im: number }[], unstable: boolean) => drawZPlane(zPlane, zs, unstable, getComputedStyle(host).color);

  /** The point shown, as the link writes it: "law,integrator,row,col" (the middle of the first map by default). */
  const middle = Math.floor(SPEC.points / 2);
  const pointText = (atlas: Atlas, row: number, col: number) => `${atlas.law},${atlas.integrator},${row},${col}`;
  /** The raw gains of a cell at 1 kg (a PID's map is a slice at one integral gain). */
  const gainsAt = (atlas: Atlas, row: number, col: number) => ({
    kp: atlas.axis[row]! / SPEC.dt ** 2,
    kd: atlas.axis[col]! / SPEC.dt,
    ki: HAS_INTEGRAL.has(atlas.law) ? atlas.spec.integral / SPEC.dt ** 3 : 0,
  });
  const show = (atlas: Atlas, row: number, col: number) => {
    link.save('atlas-point', pointText(atlas, row, col), `${maps[0]},${middle},${middle}`);
    const { kp, kd, ki } = gainsAt(atlas, row, col);
    const zs = poles(atlas.law, atlas.integrator, kp, kd, ki, SPEC.dt);
    const radius = atlas.radii[row * SPEC.points + col]!;
    const unstable = radius > atlas.stableLimit;
    drawZ(zs, unstable);
    const slice = ki ? `, ki ${formatNumber(ki)} N/(m·s) (ki h³/m = ${formatNumber(atlas.spec.integral)})` : '';
    readout.textContent =
      `${shortName(atlas.law)}, ${INTEGRATORS[atlas.integrator] ?? atlas.integrator}: kp h²/m = ${formatNumber(atlas.axis[row]!)}, kd h/m = ${formatNumber(atlas.axis[col]!)} ` +
      `(kp ${formatNumber(kp)} N/m, kd ${formatNumber(kd)} N·s/m${slice} at 1 kg, h = 1/60 s). ${zs.length} poles: ${formatPoles(zs)}` +
      ` (one of each conjugate pair); spectral radius ${formatNumber(radius)}: ${unstable ? 'unstable' : 'stable'}.`;
  };

  const labLink = (atlas: Atlas, row: number, col: number) => {
    const six = (x: number) => Number(x.toPrecision(6));
    const g = gainsAt(atlas, row, col);
    const [kp, kd, ki] = [six(g.kp), six(g.kd), six(g.ki)];
    // A printed listing is opened as the Lab shows it, beside its corrected law.
    const printedOf = lawEntry(atlas.law)?.printedOf ?? null;
    const kind = printedOf ?? atlas.law;
    const other = kind === 'backward-pd' ? 'pd' : 'backward-pd';
    const state = labStateWith({
      integrator: atlas.integrator as 'semi-implicit-euler',
      dt: Number(SPEC.dt.toPrecision(6)),
      laws: [{ kind, kp, kd, ki, asPrinted: printedOf !== null }, { kind: other, kp, kd }],
    });
    return labHref(writeLabState(state));
  };

  // The point a link shows: a map of the atlas and a cell of its grid.
  const mapList = atlasMaps();
  const maps = mapList.map((m) => `${m.law},${m.integrator}`);
  const pointFrom = (raw: string): { value: { atlas: string; row: number; col: number } } | { error: string } => {
    const parts = raw.split(',');
    const [row, col] = [Number(parts[2]), Number(parts[3])];
    const atlas = parts.slice(0, 2).join(',');
    const inGrid = (k: number) => Number.isInteger(k) && k >= 0 && k < SPEC.points;
    if (parts.length !== 4 || !maps.includes(atlas) || !inGrid(row) || !inGrid(col)) {
      return { error: `The point must be "law,integrator,row,col" with a law and integrator of the atlas and row, col from 0 to ${SPEC.points - 1}, got "${clip(raw)}"` };
    }
    return { value: { atlas, row, col } };
  };
  const start = link.read('atlas-point', pointFrom, { atlas: maps[0]!, row: middle, col: middle }, `${maps[0]},${middle},${middle}`, side);

  mapList.forEach(({ law, integrator }, k) => {
    const lawName = shortName(law);
    const integratorName = INTEGRATORS[integrator] ?? integrator;
    const n = SPEC.points;
    const cell = document.createElement('figure');
    cell.className = 'atlas-map';
    cell.dataset.law = law;
    cell.dataset.integrator = integrator;
    const canvas = document.createElement('canvas');
    canvas.width = n;
    canvas.height = n;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'img');
    const caption = document.createElement('figcaption');
    let atlas: Atlas;
    const paint = () => {
      atlas = atlasAt(law, integrator);
      atlases[k] = atlas;
      cell.dataset.stableFraction = String(atlas.stableFraction);
      canvas.setAttribute('aria-label', `${lawName} under ${integratorName}: stable on ${(100 * atlas.stableFraction).toFixed(1)} % of the grid. Arrow keys move the cursor, Enter opens the point in the Lab.`);
      canvas.getContext('2d')!.putImageData(atlasImage(atlas.radii, n, atlas.stableLimit), 0, 0);
      const slice = HAS_INTEGRAL.has(law) ? ` at ki h³/m = ${formatNumber(spec.integral)}` : '';
      caption.textContent = `${lawName}, ${integratorName}${slice}: ${(100 * atlas.stableFraction).toFixed(1)} % stable`;
    };
    paint();
    // Only a PID's map depends on the slice.
    if (HAS_INTEGRAL.has(law)) repaints.push(paint);
    const frame = el('div', { class: 'atlas-frame' }, canvas);
    frameTicks(frame, SPEC);
    frames.set(`${law},${integrator}`, frame);
    cell.append(frame, caption);
    grid.append(cell);

    atlasCursor(
      canvas,
      {
        size: () => n,
        cellAt(event) {
          const rect = canvas.getBoundingClientRect();
          const col = Math.min(n - 1, Math.max(0, Math.floor(((event.clientX - rect.left) / rect.width) * n)));
          const row = n - 1 - Math.min(n - 1, Math.max(0, Math.floor(((event.clientY - rect.top) / rect.height) * n)));
          return { row, col };
        },
        read: (c) => show(atlas, c.row, c.col),
        choose: (c) => openSitePage(labLink(atlas, c.row, c.col)),
      },
      start.atlas === `${law},${integrator}` ? { row: start.row, col: start.col } : undefined,
    );
  });
  window.forcelabAtlases = atlases;
  // The laws without gains: a point each on the forward PD's map, and their table.
  const points = atlasPointsAt(SPEC.dt);
  window.forcelabAtlasPoints = points;
  const stableLimit = atlases[0]?.stableLimit ?? 1;
  const showPoint = (entry: AtlasPointEntry) => {
    const p = entry.point!;
    drawZ(p.poles, p.radius > stableLimit);
    readout.textContent =
      `${shortName(entry.law)}, ${INTEGRATORS[entry.integrator] ?? entry.integrator}: no gains of its own; the step (h = 1/60 s) makes it the ` +
      `${shortName(entry.map)} at kp h²/m = ${formatNumber(p.kpDt2)}, kd h/m = ${formatNumber(p.kdDt)}. Poles: ${formatPoles(p.poles)}; ` +
      `spectral radius ${formatNumber(p.radius)}: ${pointVerdict(p.radius, stableLimit)}.`;
  };
  mapColumn.append(placePoints(points, SPEC, frames, (id) => INTEGRATORS[id] ?? id, stableLimit, showPoint));
  const shown = atlases.find((a) => `${a.law},${a.integrator}` === start.atlas) ?? atlases[0]!;
  show(shown, start.row, start.col);
  // Every cell of every map: the spectral radius at each grid point (empty where the core has none).
  const header = ['law', 'integrator', 'kp h²/m', 'kd h/m', 'spectral radius'];
  const rows = () =>
    atlases.flatMap((a) => a.radii.map((r, k) => [a.law, a.integrator, a.axis[Math.floor(k / SPEC.points)]!, a.axis[k % SPEC.points]!, r ?? null]));
  host.append(foldedExports(tableExport('atlas', () => ({ header, rows: rows() })), link.shareBar()));
}
