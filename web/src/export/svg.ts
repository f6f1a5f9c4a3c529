/**
 * A plot as a standalone SVG file: axes with round ticks, one polyline per series
 * (broken where a value is missing or not finite), a title and a legend. It is text for
 * a file a reader downloads, never parsed into the page.
 */

import { clampPast, focusRange, offScaleNote } from '../plot/focus-range';

export interface SvgSeries {
  label: string;
  /** Any CSS colour (the page passes resolved `rgb(...)` values). */
  color: string;
  dash?: number[];
}

export interface SvgPlot {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly SvgSeries[];
  /** `columns[0]` is x; then one column per series. */
  columns: readonly (readonly number[])[];
  width?: number;
  height?: number;
  /** The y range drawn on screen (plot/focus-range.ts); by default the same rule is applied here. */
  yRange?: readonly [number, number];
  /** The series drawn past the edge, with where they leave and the words on screen. */
  offScale?: readonly SvgOffScale[];
}

/** An escaping series' mark: a triangle at the edge at x = `at`, and its note. */
export interface SvgOffScale {
  series: number;
  at: number;
  above: boolean;
  note: string;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** About `count` round tick values covering [lo, hi] (steps of 1, 2 or 5 times a power of ten). */
export function ticks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

function extent(values: Iterable<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return [0, 1];
  if (hi - lo <= 1e-12 * Math.max(1, Math.abs(hi))) return [lo - 1, hi + 1];
  return [lo, hi];
}

/**
 * The SVG document text for `plot`; given `top` (px), the same drawing as an `<svg>`
 * element placed that far down inside another (see {@link plotsSvg}).
 */
export function plotSvg(plot: SvgPlot, top?: number): string {
  const width = plot.width ?? 720;
  const height = plot.height ?? 400;
  // The legend takes one 16 px row per four series under the x label.
  const legendRows = Math.max(1, Math.ceil(plot.series.length / 4));
  const [x0, x1] = extent(plot.columns[0] ?? []);
  const focus = plot.yRange ? null : focusRange(plot.columns, (lo, hi) => (lo === null || hi === null ? [0, 1] : extent([lo, hi])));
  const [y0, y1] = plot.yRange ?? focus!.range;
  const offScale: readonly SvgOffScale[] =
    plot.offScale ?? focus!.offScale.map((o) => ({ ...o, note: offScaleNote(plot.series[o.series]?.label ?? '', o, plot.xLabel) }));
  // As on screen: a line per runaway's note above the curves.
  const m = { left: 72, right: 16, top: 40 + 16 * offScale.length, bottom: 56 + 16 * legendRows };
  const sx = (x: number) => m.left + ((x - x0) / (x1 - x0)) * (width - m.left - m.right);
  const sy = (y: number) => height - m.bottom - ((y - y0) / (y1 - y0)) * (height - m.top - m.bottom);
  const f = (v: number) => v.toFixed(2);
  const parts: string[] = [];
  const place = top === undefined ? 'xmlns="http://www.w3.org/2000/svg"' : `x="0" y="${top}"`;
  parts.push(`<svg ${place} width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`);
  parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  parts.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="600">${xml(plot.title)}</text>`);
  for (const t of ticks(x0, x1)) {
    parts.push(`<line x1="${f(sx(t))}" x2="${f(sx(t))}" y1="${m.top}" y2="${height - m.bottom}" stroke="#ddd"/>`);
    parts.push(`<text x="${f(sx(t))}" y="${height - m.bottom + 16}" text-anchor="middle">${t}</text>`);
  }
  for (const t of ticks(y0, y1)) {
    parts.push(`<line x1="${m.left}" x2="${width - m.right}" y1="${f(sy(t))}" y2="${f(sy(t))}" stroke="#ddd"/>`);
    parts.push(`<text x="${m.left - 6}" y="${f(sy(t) + 4)}" text-anchor="end">${t}</text>`);
  }
  parts.push(`<rect x="${m.left}" y="${m.top}" width="${width - m.left - m.right}" height="${height - m.top - m.bottom}" fill="none" stroke="#888"/>`);
  parts.push(`<text x="${(m.left + width - m.right) / 2}" y="${height - m.bottom + 36}" text-anchor="middle">${xml(plot.xLabel)}</text>`);
  parts.push(`<text transform="translate(16 ${(m.top + height - m.bottom) / 2}) rotate(-90)" text-anchor="middle">${xml(plot.yLabel)}</text>`);
  const xs = plot.columns[0] ?? [];
  // Curves stay inside the axes' box; a value past the range is drawn just past its edge.
  const clip = `clip${Math.round(top ?? 0)}`;
  parts.push(`<clipPath id="${clip}"><rect x="${m.left}" y="${m.top}" width="${width - m.left - m.right}" height="${height - m.top - m.bottom}"/></clipPath>`);
  plot.series.forEach((s, k) => {
    // A runaway is drawn to where it leaves the range and no further, as on screen.
    const gone = offScale.find((o) => o.series === k);
    const stop = gone ? xs.indexOf(gone.at) : -1;
    const ys = (plot.columns[k + 1] ?? []).slice(0, stop < 0 ? undefined : stop + 1);
    const dash = s.dash?.length ? ` stroke-dasharray="${s.dash.join(' ')}"` : '';
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1) parts.push(`<polyline data-series="${k}" clip-path="url(#${clip})" fill="none" stroke="${xml(s.color)}" stroke-width="2"${dash} points="${run.join(' ')}"/>`);
      run = [];
    };
    for (let r = 0; r < xs.length; r++) {
      const x = xs[r]!;
      const y = ys[r];
      if (y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) flush();
      else run.push(`${f(sx(x))},${f(sy(clampPast(y, y0, y1)))}`);
    }
    flush();
    const lx = m.left + 8 + (k % 4) * 160;
    const ly = height - m.bottom + 54 + 16 * Math.floor(k / 4);
    parts.push(`<line x1="${lx}" x2="${lx + 20}" y1="${ly - 4}" y2="${ly - 4}" stroke="${xml(s.color)}" stroke-width="2"${dash}/>`);
    parts.push(`<text x="${lx + 26}" y="${ly}">${xml(s.label)}</text>`);
  });
  offScale.forEach((o, i) => {
    const color = xml(plot.series[o.series]?.color ?? 'black');
    const x = Math.min(width - m.right, Math.max(m.left, sx(o.at)));
    const edge = o.above ? m.top : height - m.bottom;
    const s = o.above ? 6 : -6;
    parts.push(`<polygon data-off-scale="${o.series}" fill="${color}" points="${f(x)},${edge} ${f(x - 6)},${f(edge + 1.6 * s)} ${f(x + 6)},${f(edge + 1.6 * s)}"/>`);
    // The note in the band above the curves, from the mark, ending inside the frame (7 px a character is generous).
    const tx = Math.max(m.left, Math.min(x - 6, width - m.right - 7 * o.note.length));
    parts.push(`<text x="${f(tx)}" y="${f(m.top - 6 - 16 * (offScale.length - 1 - i))}" fill="${color}">${xml(o.note)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/**
 * Several plots stacked top to bottom in one SVG document: each keeps its own axes,
 * title and legend, drawn by {@link plotSvg} in a nested `<svg>` placed at its offset.
 */
export function plotsSvg(plots: readonly SvgPlot[]): string {
  const width = Math.max(...plots.map((p) => p.width ?? 720));
  let y = 0;
  const inner = plots.map((p) => {
    const text = plotSvg(p, y);
    y += p.height ?? 400;
    return text;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">${inner.join('')}</svg>`;
}
