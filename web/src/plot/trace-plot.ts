/**
 * A uPlot chart of whole series against time, replaced wholesale on each update (the
 * Lab redraws a finished run, not a scrolling window). Draws what it is given.
 */
import uPlot from 'uplot';
import type { SvgPlot } from '../export/svg';
import { clampPast, focusRange, offScaleNote, offScaleWhen, type FocusedRange } from './focus-range';
import { yTicks } from './y-ticks';
import 'uplot/dist/uPlot.min.css';

/** A plot's container element, carrying the data last drawn in it. */
export type PlotHost = HTMLElement & { plotted?: readonly number[][] };

/** The CSS border style that stands for a line's dash pattern in a legend swatch. */
export function legendDash(dash: readonly number[] | undefined): 'solid' | 'dashed' | 'dotted' {
  if (!dash?.length) return 'solid';
  return Math.max(...dash) <= 3 ? 'dotted' : 'dashed';
}

export interface TraceSeries {
  label: string;
  color: string;
  dash?: number[];
}

/**
 * A y tick as short as it can be read: plain up to five digits, in powers of ten beyond
 * (a diverged run's 5,000,000 would otherwise run over the axis title).
 */
export function tickLabel(v: number): string {
  if (v !== 0 && (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-3)) return v.toExponential(1).replace('.0e', 'e').replace('e+', 'e');
  return String(Number(v.toPrecision(6)));
}

/**
 * The y range to draw. A series that is constant but for rounding (an energy ratio of
 * 1 +- 1e-16) gives uPlot a span so small that its tick search runs for seconds; such a
 * span is widened to a readable band around its middle first.
 */
export function safeRange(_u: uPlot | null, min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  const floor = 1e-6 * Math.max(1, Math.abs(min), Math.abs(max));
  if (max - min < floor) {
    const mid = (min + max) / 2;
    const half = Math.max(floor, 0.05 * Math.abs(mid), mid === 0 ? 1 : 0);
    return [mid - half, mid + half];
  }
  const [lo, hi] = uPlot.rangeNum(min, max, 0.1, true);
  // rangeNum rounds to "nice" bounds, and for a span of about 1e-6 straddling 1 it
  // returns [1, 1] (0.9999994 .. 1.0000006, a tumbling body's energy ratio); uPlot's
  // tick loop then never advances and throws. Keep its bounds only when they still
  // hold the data with room to spare.
  if (lo! <= min && hi! >= max && hi! > lo!) return [lo!, hi!];
  const pad = 0.1 * (max - min);
  return [min - pad, max + pad];
}

/** A shaded rectangle behind the curves (a region a wish forbids); an open side is null. */
export interface PlotRegion {
  from: number;
  to: number | null;
  low: number | null;
  high: number | null;
}

export class TracePlot {
  private readonly plot: uPlot;
  private data: number[][] = [];
  private regions: readonly PlotRegion[] = [];
  private regionColor = 'rgba(220, 60, 60, 0.14)';
  /** The range drawn and the series off it (focus-range.ts), for the data last set. */
  private focus: FocusedRange | null = null;
  /** Whether the reader asked for every value on the scale, escaping series included. */
  private full = false;
  /** What the legend and the note under the plot last said (see legendNotes). */
  private notesKey = '';

  constructor(
    readonly host: HTMLElement,
    readonly title: string,
    readonly yLabel: string,
    readonly series: readonly TraceSeries[],
    height = 200,
    readonly xLabel = 'time (s)',
    /** Both axes logarithmic (base 10), for quantities that span decades; every value drawn must be above 0, and nothing is focused off the scale. */
    readonly logLog = false,
  ) {
    const opts: uPlot.Options = {
      ...(title ? { title } : {}),
      width: Math.max(260, host.clientWidth),
      height,
      scales: logLog
        ? { x: { time: false, distr: 3, log: 10, range: (_u, min, max) => [min, max] }, y: { distr: 3, log: 10 } }
        : { x: { time: false }, y: { range: (u, min, max) => this.focus?.range ?? safeRange(u, min, max) } },
      axes: [
        // A short x axis (ticks, then its title) leaves a short plot its height for the curves.
        { label: xLabel, stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' }, size: 34, labelSize: 20 },
        {
          label: yLabel,
          stroke: 'currentColor',
          grid: { stroke: 'rgba(128,128,128,0.2)' },
          size: 60,
          // A log axis keeps uPlot's own ticks, one per decade and its multiples.
          ...(logLog ? {} : { splits: (u: uPlot, _axis: number, min: number, max: number) => yTicks(min, max, u.bbox.height / uPlot.pxRatio) }),
          values: (_u, ticks) => {
            // A log axis leaves some of its ticks unlabelled (null).
            const labels = ticks.map((v) => (v === null || v === undefined ? '' : tickLabel(v)));
            // The labels drawn on the canvas, for the checks a person would make (three or more).
            host.dataset.yTicks = JSON.stringify(labels);
            return labels;
          },
        },
      ],
      series: [
        { label: xLabel },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: s.dash,
          value: (_u: uPlot, v: number | null) => (v === null || !Number.isFinite(v) ? '—' : v.toPrecision(4)),
        })),
      ],
      // Room above the curves for one line per runaway's note (markOffScale), so no note covers a curve.
      padding: [() => 10 + 16 * (this.focus?.offScale.length ?? 0), null, null, null],
      // The legend's swatch shows each series' pattern as well as its colour: a dashed
      // line has a dashed (long dashes) or dotted (short) outline, so two series of one
      // colour are told apart in the legend too.
      legend: { live: false, markers: { dash: (u: uPlot, i: number) => legendDash(u.series[i]?.dash) } },
      hooks: {
        drawClear: [(u: uPlot) => this.shade(u)],
        draw: [(u: uPlot) => this.markOffScale(u)],
        // The y range as uPlot drew it, for the checks a person would make.
        setScale: [
          (u: uPlot, key: string) => {
            if (key === 'y') host.dataset.yRange = JSON.stringify([u.scales.y!.min, u.scales.y!.max]);
          },
        ],
      },
    };
    this.data = [[], ...series.map(() => [])];
    this.plot = new uPlot(opts, this.data as uPlot.AlignedData, host);
    new ResizeObserver(() => this.plot.setSize({ width: Math.max(260, host.clientWidth), height })).observe(host);
  }

  /**
   * Replaces the data: `columns[0]` is time, then one column per series. A series that
   * escapes (focus-range.ts) is drawn to the edge, marked where it leaves, and named
   * under the plot with a button for the full range.
   */
  set(columns: number[][]): void {
    this.data = columns;
    // The drawn data, reachable from the element for tests and for tools that read the
    // page (an exported CSV is checked against exactly this).
    (this.host as PlotHost).plotted = columns;
    this.draw();
  }

  private draw(): void {
    const columns = this.data;
    this.focus = this.logLog ? { range: [0, 0], offScale: [], escaping: [] } : focusRange(columns, (min, max) => safeRange(null, min, max), this.full);
    const { range, offScale } = this.focus;
    // A runaway is drawn to the edge where it leaves and no further: past it, its swings
    // from edge to edge would only hide the curves that stay.
    const cut = (c: number[], o: { at: number }) => {
      const exit = columns[0]!.indexOf(o.at);
      return c.map((v, r) => (r < exit ? v : r === exit ? clampPast(v, range[0], range[1]) : (null as unknown as number)));
    };
    const shown = offScale.length
      ? columns.map((c, k) => {
          const o = offScale.find((e) => e.series + 1 === k);
          return o ? cut(c, o) : c;
        })
      : columns;
    // A log axis has no place for 0 or a missing value: uPlot draws a gap only at null.
    const drawn = this.logLog ? shown.map((c, k) => (k === 0 ? c : c.map((v) => (Number.isFinite(v) && v > 0 ? v : null)))) : shown;
    this.plot.setData(drawn as uPlot.AlignedData);
    this.legendNotes();
  }

  /** The notes under the plot and in its legend: which series left the scale, and the button that brings it back. */
  private legendNotes(): void {
    const { offScale, escaping } = this.focus!;
    // A live plot redraws every frame: its legend and note change only when what left the scale does.
    const key = JSON.stringify([this.full, escaping, offScale.map((o) => [o.series, o.at])]);
    if (key === this.notesKey) return;
    this.notesKey = key;
    this.host.dataset.offScale = JSON.stringify(offScale.map((o) => ({ series: o.series, at: o.at, label: this.series[o.series]?.label })));
    // The legend lists the series after time (time's own row, when it has one, comes first).
    const labels = this.plot.root.querySelectorAll('.u-legend .u-series .u-label');
    const first = labels.length - this.series.length;
    this.series.forEach((s, k) => {
      const label = labels[first + k];
      const o = offScale.find((e) => e.series === k);
      if (label) label.textContent = o ? `${s.label} (off the scale from ${offScaleWhen(o, this.xLabel)})` : s.label;
    });
    this.host.querySelector(':scope > .plot-off-scale')?.remove();
    if (!escaping.length) return;
    const note = document.createElement('p');
    note.className = 'caption plot-off-scale';
    const names = escaping.map((k) => this.series[k]?.label ?? '').join(', ');
    note.textContent = this.full
      ? `Drawn to every value: ${names} dwarfs the rest. `
      : `${offScale.map((o) => `${offScaleNote(this.series[o.series]?.label ?? '', o, this.xLabel)}.`).join(' ')} `;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'plot-range-toggle';
    button.textContent = this.full ? 'Focus on the bounded series' : 'Show the full range';
    button.addEventListener('click', () => {
      this.full = !this.full;
      this.draw();
      this.host.querySelector<HTMLButtonElement>(':scope > .plot-off-scale button')?.focus();
    });
    note.append(button);
    this.host.append(note);
  }

  /**
   * A triangle at the edge where each escaping series leaves, and its note in the band
   * above the curves (the plot's top padding), on the canvas so the PNG has them too.
   */
  private markOffScale(u: uPlot): void {
    const offScale = this.focus?.offScale ?? [];
    if (!offScale.length) return;
    const { left, top, width, height } = u.bbox;
    const ctx = u.ctx;
    const px = uPlot.pxRatio;
    ctx.save();
    ctx.font = `${12 * px}px system-ui, sans-serif`;
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    offScale.forEach((o, i) => {
      const color = this.series[o.series]?.color ?? 'currentColor';
      const x = Math.min(left + width, Math.max(left, u.valToPos(o.at, 'x', true)));
      const edge = o.above ? top : top + height;
      const s = 6 * px * (o.above ? 1 : -1);
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.moveTo(x, edge);
      ctx.lineTo(x - Math.abs(s), edge + 1.6 * s);
      ctx.lineTo(x + Math.abs(s), edge + 1.6 * s);
      ctx.closePath();
      ctx.fill();
      // The note: in the band above the curves, starting at the mark and kept inside the plot's width.
      // The longest wording that fits the plot's width (a phone's plot is narrow); the
      // colour and the legend name the series when the name does not fit.
      const label = this.series[o.series]?.label ?? '';
      const when = offScaleWhen(o, this.xLabel);
      const wordings = [offScaleNote(label, o, this.xLabel), `${label}: off the scale from ${when}`, `off the scale from ${when}`];
      const text = wordings.find((t) => ctx.measureText(t).width <= width) ?? wordings.at(-1)!;
      const w = ctx.measureText(text).width;
      const tx = Math.max(left, Math.min(x - 6 * px, left + width - w));
      const ty = top - (6 + 16 * (offScale.length - 1 - i)) * px;
      ctx.fillText(text, tx, ty);
    });
    ctx.restore();
  }

  /**
   * Shades `regions` behind the curves in `color` (none: clears them); the element
   * carries them as `data-regions` for tests.
   */
  setRegions(regions: readonly PlotRegion[], caption = 'Shaded: where the wish forbids the curve to go.', color = this.regionColor): void {
    this.regions = regions;
    this.regionColor = color;
    this.host.querySelector(':scope > .plot-regions')?.remove();
    if (regions.length) {
      this.host.dataset.regions = JSON.stringify(regions);
      const note = document.createElement('p');
      note.className = 'caption plot-regions';
      note.textContent = caption;
      this.host.append(note);
    } else delete this.host.dataset.regions;
    this.plot.redraw(false);
  }

  private shade(u: uPlot): void {
    if (!this.regions.length) return;
    const { left, top, width, height } = u.bbox;
    const ctx = u.ctx;
    const x = (v: number | null, open: number) => (v === null ? open : Math.min(left + width, Math.max(left, u.valToPos(v, 'x', true))));
    const y = (v: number | null, open: number) => (v === null ? open : Math.min(top + height, Math.max(top, u.valToPos(v, 'y', true))));
    ctx.save();
    ctx.fillStyle = this.regionColor;
    for (const r of this.regions) {
      const [x0, x1] = [x(r.from, left), x(r.to, left + width)];
      // y grows downward on the canvas: the region's top is its high bound.
      const [y0, y1] = [y(r.high, top), y(r.low, top + height)];
      if (x1 > x0 && y1 > y0) ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    }
    ctx.restore();
  }

  /**
   * What the plot shows, as the SVG and CSV exports read it: titles, series, the data last
   * drawn (exact), and the y range and off-scale marks as on screen.
   */
  described(): SvgPlot {
    const focus = this.focus;
    return {
      title: this.title,
      xLabel: this.xLabel,
      yLabel: this.yLabel,
      series: this.series,
      columns: this.data,
      ...(focus ? { yRange: focus.range, offScale: focus.offScale.map((o) => ({ ...o, note: offScaleNote(this.series[o.series]?.label ?? '', o, this.xLabel) })) } : {}),
    };
  }

  /** The canvas the plot is drawn on (its axes and curves; the title and legend are HTML). */
  get canvas(): HTMLCanvasElement {
    return this.plot.ctx.canvas;
  }

  /** The plot as drawn on screen, as a PNG. */
  png(): Promise<Blob | null> {
    return new Promise((resolve) => this.canvas.toBlob(resolve, 'image/png'));
  }

  destroy(): void {
    this.plot.destroy();
  }
}
