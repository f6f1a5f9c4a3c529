/**
 * The stability atlas: for each linear law and both Euler integrators, the spectral
 * radius of the one-step map over a log grid of kp dt^2/m (rows, stiffness up) and
 * kd dt/m (columns), computed by the core on the native example's grid. Pointing at a
 * cell (or moving a cursor with the arrow keys) plots that point's eigenvalues against
 * the unit circle; a click or Enter opens it in the Lab.
 */
import { LINEAR_LAWS } from '../../core/catalogue';
import { atlasOf, defaultAtlasSpec, eigenvalues, type Atlas } from '../../core/analysis-wasm';
import { writeLabState } from '../../lab/lab-state';
import { clip, formatNumber } from '../../ui/params';
import { labStateWith } from '../../lab/lab-figure';
import { labHref, openSitePage } from '../../ui/site';
import type { FigureLink } from '../../figures/figure-link';
import { tableExport } from './figure-export';

declare global {
  interface Window {
    /** The atlases this page drew, for tests that compare them with the native command. */
    forcelabAtlases?: Atlas[];
  }
}

/** The laws the atlas covers, with their short names, from the core's catalogue. */
const LAWS: [string, string][] = LINEAR_LAWS.map((l) => [l.id, l.shortLabel]);
const INTEGRATORS: [string, string][] = [
  ['semi-implicit-euler', 'semi-implicit Euler'],
  ['explicit-euler', 'explicit Euler'],
];

/** RGBA for a spectral radius: a blue ramp from fast (dark) to slow (light), red when unstable. */
function colour(r: number | null): [number, number, number] {
  if (r === null || !Number.isFinite(r) || r > 1 + 1e-9) return [214, 69, 80];
  const t = Math.min(1, Math.max(0, r));
  return [Math.round(20 + 200 * t * t), Math.round(50 + 190 * t * t), Math.round(110 + 140 * t)];
}

export function mountAtlas(host: HTMLElement, link: FigureLink): void {
  // The core's grid (`AtlasSpec::default()`), the one the native atlas command prints.
  const SPEC = defaultAtlasSpec();
  const grid = document.createElement('div');
  grid.className = 'atlas-grid';
  const side = document.createElement('div');
  side.className = 'atlas-side';
  const zPlane = document.createElement('canvas');
  zPlane.width = 220;
  zPlane.height = 220;
  zPlane.setAttribute('role', 'img');
  zPlane.setAttribute('aria-label', 'The two eigenvalues of the chosen point against the unit circle');
  const readout = document.createElement('p');
  readout.className = 'atlas-readout';
  readout.setAttribute('aria-live', 'polite');
  readout.textContent = 'Point at a map to see its eigenvalues.';
  side.append(zPlane, readout);
  host.append(grid, side);
  const atlases: Atlas[] = [];

  const drawZ = (eig: number[]) => {
    const ctx = zPlane.getContext('2d')!;
    const { width: w, height: h } = zPlane;
    const scale = w / 4.4;
    const style = getComputedStyle(host);
    ctx.clearRect(0, 0, w, h);
    ctx.strokeStyle = style.color;
    ctx.globalAlpha = 0.4;
    ctx.beginPath();
    ctx.moveTo(0, h / 2);
    ctx.lineTo(w, h / 2);
    ctx.moveTo(w / 2, 0);
    ctx.lineTo(w / 2, h);
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.beginPath();
    ctx.arc(w / 2, h / 2, scale, 0, 2 * Math.PI);
    ctx.stroke();
    for (const k of [0, 2]) {
      const re = Math.max(-2.15, Math.min(2.15, eig[k]!));
      const im = Math.max(-2.15, Math.min(2.15, eig[k + 1]!));
      ctx.fillStyle = eig[4]! > 1 + 1e-9 ? '#d64550' : '#2e86de';
      ctx.beginPath();
      ctx.arc(w / 2 + re * scale, h / 2 - im * scale, 5, 0, 2 * Math.PI);
      ctx.fill();
    }
  };

  /** The point shown, as the link writes it: "law,integrator,row,col" (the middle of the first map by default). */
  const middle = Math.floor(SPEC.points / 2);
  const pointText = (atlas: Atlas, row: number, col: number) => `${atlas.law},${atlas.integrator},${row},${col}`;
  const show = (atlas: Atlas, row: number, col: number) => {
    link.save('atlas-point', pointText(atlas, row, col), `${LAWS[0]![0]},${INTEGRATORS[0]![0]},${middle},${middle}`);
    const a = atlas.axis[row]!;
    const b = atlas.axis[col]!;
    const kp = a / (SPEC.dt * SPEC.dt);
    const kd = b / SPEC.dt;
    const eig = eigenvalues(atlas.law, atlas.integrator, kp, kd, SPEC.dt);
    drawZ(eig);
    const name = LAWS.find(([id]) => id === atlas.law)?.[1] ?? atlas.law;
    readout.textContent =
      `${name}, ${INTEGRATORS.find(([id]) => id === atlas.integrator)?.[1]}: kp h²/m = ${formatNumber(a)}, kd h/m = ${formatNumber(b)} ` +
      `(kp ${formatNumber(kp)} N/m, kd ${formatNumber(kd)} N·s/m at 1 kg, h = 1/60 s). Eigenvalues ` +
      `${formatNumber(eig[0]!)} ${eig[1]! < 0 ? '−' : '+'} ${formatNumber(Math.abs(eig[1]!))}i and ` +
      `${formatNumber(eig[2]!)} ${eig[3]! < 0 ? '−' : '+'} ${formatNumber(Math.abs(eig[3]!))}i; spectral radius ${formatNumber(eig[4]!)}: ` +
      `${eig[4]! > 1 + 1e-9 ? 'unstable' : 'stable'}.`;
  };

  const labLink = (atlas: Atlas, row: number, col: number) => {
    const kp = Number((atlas.axis[row]! / (SPEC.dt * SPEC.dt)).toPrecision(6));
    const kd = Number((atlas.axis[col]! / SPEC.dt).toPrecision(6));
    const other = atlas.law === 'backward-pd' ? 'pd' : 'backward-pd';
    const state = labStateWith({
      integrator: atlas.integrator as 'semi-implicit-euler',
      dt: Number(SPEC.dt.toPrecision(6)),
      laws: [{ kind: atlas.law, kp, kd }, { kind: other, kp, kd }],
    });
    return labHref(writeLabState(state));
  };

  // The point a link shows: a map of the atlas and a cell of its grid.
  const maps = LAWS.flatMap(([law]) => INTEGRATORS.map(([integrator]) => `${law},${integrator}`));
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

  for (const [law, lawName] of LAWS) {
    for (const [integrator, integratorName] of INTEGRATORS) {
      const atlas = atlasOf(law, integrator, SPEC);
      atlases.push(atlas);
      const n = SPEC.points;
      const cell = document.createElement('figure');
      cell.className = 'atlas-map';
      cell.dataset.law = law;
      cell.dataset.integrator = integrator;
      cell.dataset.stableFraction = String(atlas.stableFraction);
      const canvas = document.createElement('canvas');
      canvas.width = n;
      canvas.height = n;
      canvas.tabIndex = 0;
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `${lawName} under ${integratorName}: stable on ${(100 * atlas.stableFraction).toFixed(1)} % of the grid. Arrow keys move the cursor, Enter opens the point in the Lab.`);
      const image = canvas.getContext('2d')!.createImageData(n, n);
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const [r, g, b] = colour(atlas.radii[row * n + col] ?? null);
          const p = ((n - 1 - row) * n + col) * 4; // stiffness grows upward
          image.data.set([r, g, b, 255], p);
        }
      }
      canvas.getContext('2d')!.putImageData(image, 0, 0);
      const caption = document.createElement('figcaption');
      caption.textContent = `${lawName}, ${integratorName}: ${(100 * atlas.stableFraction).toFixed(1)} % stable`;
      cell.append(canvas, caption);
      grid.append(cell);

      let cursor = start.atlas === `${law},${integrator}` ? { row: start.row, col: start.col } : { row: middle, col: middle };
      const at = (event: MouseEvent) => {
        const rect = canvas.getBoundingClientRect();
        const col = Math.min(n - 1, Math.max(0, Math.floor(((event.clientX - rect.left) / rect.width) * n)));
        const row = n - 1 - Math.min(n - 1, Math.max(0, Math.floor(((event.clientY - rect.top) / rect.height) * n)));
        return { row, col };
      };
      canvas.addEventListener('pointermove', (e) => {
        cursor = at(e);
        show(atlas, cursor.row, cursor.col);
      });
      canvas.addEventListener('click', (e) => {
        cursor = at(e);
        openSitePage(labLink(atlas, cursor.row, cursor.col));
      });
      canvas.addEventListener('focus', () => show(atlas, cursor.row, cursor.col));
      canvas.addEventListener('keydown', (e) => {
        const moves: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
        const move = moves[e.key];
        if (move) {
          e.preventDefault();
          cursor = { row: Math.min(n - 1, Math.max(0, cursor.row + move[0])), col: Math.min(n - 1, Math.max(0, cursor.col + move[1])) };
          show(atlas, cursor.row, cursor.col);
        } else if (e.key === 'Enter') {
          openSitePage(labLink(atlas, cursor.row, cursor.col));
        }
      });
    }
  }
  window.forcelabAtlases = atlases;
  const shown = atlases.find((a) => `${a.law},${a.integrator}` === start.atlas) ?? atlases[0]!;
  show(shown, start.row, start.col);
  // Every cell of every map: the spectral radius at each grid point (empty where the core has none).
  const header = ['law', 'integrator', 'kp h²/m', 'kd h/m', 'spectral radius'];
  const rows = () =>
    atlases.flatMap((a) => a.radii.map((r, k) => [a.law, a.integrator, a.axis[Math.floor(k / SPEC.points)]!, a.axis[k % SPEC.points]!, r ?? null]));
  host.append(tableExport('atlas', () => ({ header, rows: rows() })), link.shareBar());
}
