/**
 * The achievable region of a wish, drawn: the law's gain plane around the gains found
 * (kp across, kd up, both log), each cell as the core measured it (it diverges, it
 * stays bounded but misses the wish, it meets it), with axis ticks in the law's own
 * units, a legend, the gains found (a ring) and the card's gains now (a cross). The
 * core computes every cell (`forcelab::design::region`); this file only paints them.
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

/** Draws `r` into `host` (replacing what was there); `found` and `now` are marked. */
export function regionMap(host: HTMLElement, r: RegionData, found: Gains, now: Gains | null): void {
  const n = r.kp.length;
  const m = r.kd.length;
  // The cells' edges: half a log step beyond each centre.
  const step = (xs: number[]) => (xs.length > 1 ? Math.log(xs[1]! / xs[0]!) : 1);
  const [sx, sy] = [step(r.kp), step(r.kd)];
  const [x0, x1] = [Math.log(r.kp[0]!) - sx / 2, Math.log(r.kp[n - 1]!) + sx / 2];
  const [y0, y1] = [Math.log(r.kd[0]!) - sy / 2, Math.log(r.kd[m - 1]!) + sy / 2];
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (kp: number) => MARGIN.left + ((Math.log(kp) - x0) / (x1 - x0)) * plotW;
  const py = (kd: number) => MARGIN.top + plotH - ((Math.log(kd) - y0) / (y1 - y0)) * plotH;
  const canvas = el('canvas', { width: WIDTH, height: HEIGHT, role: 'img', class: 'region-canvas' });
  const meets = r.cells.filter((c) => c === 'meets').length;
  canvas.setAttribute('aria-label', `Achievable region: ${meets} of ${r.cells.length} cells meet the wish around kp ${formatNumber(found.kp)} N/m, kd ${formatNumber(found.kd)} N·s/m.`);
  const ctx = canvas.getContext('2d');
  const colors = { meets: cssColor(host, '--c-spd'), misses: cssColor(host, '--panel'), diverges: cssColor(host, '--fg-muted'), fg: cssColor(host, '--fg') };
  if (ctx) {
    const cw = plotW / n;
    const ch = plotH / m;
    r.cells.forEach((c, k) => {
      const [col, row] = [k % n, Math.floor(k / n)];
      ctx.fillStyle = colors[c];
      ctx.globalAlpha = c === 'misses' ? 1 : 0.8;
      ctx.fillRect(MARGIN.left + col * cw, MARGIN.top + plotH - (row + 1) * ch, Math.ceil(cw), Math.ceil(ch));
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
    ctx.fillText('kp (N/m)', MARGIN.left + plotW / 2, HEIGHT - 4);
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
    ctx.fillText('kd (N·s/m)', 0, 0);
    ctx.restore();
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(px(found.kp), py(found.kd), 6, 0, 2 * Math.PI);
    ctx.stroke();
    if (now && now.kp > 0 && now.kd > 0) {
      const [x, y] = [px(now.kp), py(now.kd)];
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
  host.dataset.region = JSON.stringify({ meets, cells: r.cells.length });
  host.replaceChildren(
    canvas,
    el('p', { class: 'caption region-legend' }, swatch(colors.meets, 'meets the wish'), swatch(colors.misses, 'misses it'), swatch(colors.diverges, 'diverges')),
    el('p', { class: 'caption' }, `Where the wish can be met around the gains found (○; + is the card's gains now), kp and kd each from a tenth to ten times theirs.${none}${slice}`),
  );
}
