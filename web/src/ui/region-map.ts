/**
 * The achievable region of a wish, drawn: the law's gain plane around the gains found
 * (kd right, kp up, both log: the axes of every map in the product, chapter 8's atlas
 * first), each cell as the core measured it (it diverges, it stays bounded but misses
 * the wish, it meets it), with axis ticks in the law's own units, a legend, the gains
 * found (a ring) and the card's gains now (a cross). Pointing at a cell (or moving a
 * cursor with the arrow keys) reads it out; a click or Enter picks its gains. The core
 * computes every cell (`forcelab::design::region`); this file only paints them.
 */
import { cssColor } from './colors';
import { el } from './dom';
import { formatNumber } from './params';

/** A region as the core returns it. */
export interface RegionData {
  kp: number[];
  kd: number[];
  ki: number;
  cells: ('diverges' | 'misses' | 'meets')[];
}

interface Gains {
  kp: number;
  kd: number;
}

const WIDTH = 300;
const HEIGHT = 240;
const MARGIN = { left: 52, right: 10, top: 8, bottom: 36 };

/** Decades (and the ends) between `lo` and `hi`, for ticks on a log axis. */
function ticks(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(10 ** e);
  return out.length >= 2 ? out : [lo, Math.sqrt(lo * hi), hi];
}

/** How a cell reads, in words. */
const VERDICT: Readonly<Record<RegionData['cells'][number], string>> = {
  meets: 'meets the wish',
  misses: 'stays bounded but misses the wish',
  diverges: 'diverges',
};

/**
 * Draws `r` into `host` (replacing what was there); `found` and `now` are marked, and
 * `where` names the plants every cell was measured on (the mass range), so the map
 * answers the question its caption asks. `pick` (when given) takes a cell's gains.
 */
export function regionMap(host: HTMLElement, r: RegionData, found: Gains, now: Gains | null, where = '', pick?: (gains: Gains) => void): void {
  // Rows of the core's cells run along kd, columns along kp; drawn kd across, kp up.
  const nKp = r.kp.length;
  const nKd = r.kd.length;
  // The cells' edges: half a log step beyond each centre.
  const step = (xs: number[]) => (xs.length > 1 ? Math.log(xs[1]! / xs[0]!) : 1);
  const [sx, sy] = [step(r.kd), step(r.kp)];
  const [x0, x1] = [Math.log(r.kd[0]!) - sx / 2, Math.log(r.kd[nKd - 1]!) + sx / 2];
  const [y0, y1] = [Math.log(r.kp[0]!) - sy / 2, Math.log(r.kp[nKp - 1]!) + sy / 2];
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (kd: number) => MARGIN.left + ((Math.log(kd) - x0) / (x1 - x0)) * plotW;
  const py = (kp: number) => MARGIN.top + plotH - ((Math.log(kp) - y0) / (y1 - y0)) * plotH;
  const canvas = el('canvas', { width: WIDTH, height: HEIGHT, role: 'img', class: 'region-canvas', tabindex: '0' });
  const meets = r.cells.filter((c) => c === 'meets').length;
  canvas.setAttribute('aria-label', `Achievable region: ${meets} of ${r.cells.length} cells meet the wish around kp ${formatNumber(found.kp)} N/m, kd ${formatNumber(found.kd)} N·s/m.`);
  const ctx = canvas.getContext('2d');
  const colors = { meets: cssColor(host, '--c-spd'), misses: cssColor(host, '--panel'), diverges: cssColor(host, '--fg-muted'), fg: cssColor(host, '--fg'), halo: cssColor(host, '--bg') };
  if (ctx) {
    const cw = plotW / nKd;
    const ch = plotH / nKp;
    r.cells.forEach((c, k) => {
      const [p, d] = [k % nKp, Math.floor(k / nKp)];
      ctx.fillStyle = colors[c];
      ctx.globalAlpha = c === 'misses' ? 1 : 0.8;
      ctx.fillRect(MARGIN.left + d * cw, MARGIN.top + plotH - (p + 1) * ch, Math.ceil(cw), Math.ceil(ch));
    });
    ctx.globalAlpha = 1;
    ctx.strokeStyle = colors.fg;
    ctx.fillStyle = colors.fg;
    ctx.strokeRect(MARGIN.left, MARGIN.top, plotW, plotH);
    ctx.font = '11px sans-serif';
    ctx.textAlign = 'center';
    for (const t of ticks(Math.exp(x0), Math.exp(x1))) {
      const x = px(t);
      ctx.fillRect(x, MARGIN.top + plotH, 1, 4);
      ctx.fillText(formatNumber(t), x, MARGIN.top + plotH + 15);
    }
    ctx.fillText('kd (N·s/m) →', MARGIN.left + plotW / 2, HEIGHT - 4);
    ctx.textAlign = 'right';
    for (const t of ticks(Math.exp(y0), Math.exp(y1))) {
      const y = py(t);
      ctx.fillRect(MARGIN.left - 4, y, 4, 1);
      ctx.fillText(formatNumber(t), MARGIN.left - 6, y + 4);
    }
    ctx.save();
    ctx.translate(11, MARGIN.top + plotH / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.fillText('kp (N/m) →', 0, 0);
    ctx.restore();
    // The ring is wider than a cell and left open, with a light halo, so the cell it
    // marks shows through (drawn filled by the ring, it read as "misses it").
    ctx.lineWidth = 4;
    ctx.strokeStyle = colors.halo;
    ctx.beginPath();
    ctx.arc(px(found.kd), py(found.kp), 9, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = colors.fg;
    ctx.beginPath();
    ctx.arc(px(found.kd), py(found.kp), 9, 0, 2 * Math.PI);
    ctx.stroke();
    if (now && now.kp > 0 && now.kd > 0) {
      const [x, y] = [px(now.kd), py(now.kp)];
      if (x >= MARGIN.left && x <= MARGIN.left + plotW && y >= MARGIN.top && y <= MARGIN.top + plotH) {
        ctx.beginPath();
        ctx.moveTo(x - 6, y);
        ctx.lineTo(x + 6, y);
        ctx.moveTo(x, y - 6);
        ctx.lineTo(x, y + 6);
        ctx.stroke();
      }
    }
  }
  const swatch = (color: string, text: string) => {
    // Through the CSSOM: the page's policy refuses inline style attributes.
    const box = el('span', { class: 'region-swatch' });
    box.style.background = color;
    return el('span', { class: 'region-key' }, box, text);
  };
  const none = meets === 0 ? ' No cell of this window meets the wish.' : '';
  const slice = r.ki > 0 ? ` A slice at ki = ${formatNumber(r.ki)} N/(m·s): the integral is a third gain.` : '';
  // The cell the ring is on, by the same arithmetic that placed it: a test reads it.
  const cellOf = (g: Gains) => {
    const d = Math.min(nKd - 1, Math.max(0, Math.floor(((Math.log(g.kd) - x0) / (x1 - x0)) * nKd)));
    const p = Math.min(nKp - 1, Math.max(0, Math.floor(((Math.log(g.kp) - y0) / (y1 - y0)) * nKp)));
    return { p, d };
  };
  const ring = cellOf(found);
  host.dataset.region = JSON.stringify({ meets, cells: r.cells.length, ring: r.cells[ring.d * nKp + ring.p] });
  const readout = el('p', { class: 'caption region-readout', 'aria-live': 'polite' }, 'Point at the map to read a cell; click it to put its gains on the card.');
  let cursor = ring;
  // A cell's gains, short: three significant digits (a cell spans a quarter of a gain).
  const short = (v: number) => Number(v.toPrecision(3));
  const gainsAt = (c: { p: number; d: number }) => ({ kp: short(r.kp[c.p]!), kd: short(r.kd[c.d]!) });
  const read = (c: { p: number; d: number }) => {
    cursor = c;
    const g = gainsAt(c);
    const verdict = r.cells[c.d * nKp + c.p]!;
    host.dataset.cursor = verdict;
    readout.textContent = `kp ${formatNumber(g.kp)} N/m, kd ${formatNumber(g.kd)} N·s/m: ${VERDICT[verdict]}${where}.${pick ? ' Click or Enter puts these gains on the card.' : ''}`;
  };
  const at = (e: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    const [x, y] = [((e.clientX - rect.left) / rect.width) * WIDTH, ((e.clientY - rect.top) / rect.height) * HEIGHT];
    const d = Math.floor(((x - MARGIN.left) / plotW) * nKd);
    const p = nKp - 1 - Math.floor(((y - MARGIN.top) / plotH) * nKp);
    return d >= 0 && d < nKd && p >= 0 && p < nKp ? { p, d } : null;
  };
  canvas.addEventListener('pointermove', (e) => {
    const c = at(e);
    if (c) read(c);
  });
  canvas.addEventListener('click', (e) => {
    const c = at(e);
    if (c && pick) pick(gainsAt(c));
  });
  canvas.addEventListener('focus', () => read(cursor));
  canvas.addEventListener('keydown', (e) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      read({ p: Math.min(nKp - 1, Math.max(0, cursor.p + move[0])), d: Math.min(nKd - 1, Math.max(0, cursor.d + move[1])) });
    } else if (e.key === 'Enter' && pick) pick(gainsAt(cursor));
  });
  host.replaceChildren(
    canvas,
    readout,
    el('p', { class: 'caption region-legend' }, swatch(colors.meets, 'meets the wish'), swatch(colors.misses, 'misses it'), swatch(colors.diverges, 'diverges')),
    el('p', { class: 'caption' }, `Where the wish can be met${where} around the gains found (○; + is the card's gains now): kd across, kp up, each from a tenth to ten times theirs.${none}${slice}`),
  );
}
