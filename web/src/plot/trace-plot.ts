/**
 * A uPlot chart of whole series against time, replaced wholesale on each update (the
 * Lab redraws a finished run, not a scrolling window). Draws what it is given.
 */
import uPlot from 'uplot';
import { plotSvg, type SvgPlot } from '../export/svg';
import 'uplot/dist/uPlot.min.css';

/** A plot's container element, carrying the data last drawn in it. */
export type PlotHost = HTMLElement & { plotted?: readonly number[][] };

export interface TraceSeries {
  label: string;
  color: string;
  dash?: number[];
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

export class TracePlot {
  private readonly plot: uPlot;
  private data: number[][] = [];

  constructor(
    readonly host: HTMLElement,
    readonly title: string,
    readonly yLabel: string,
    readonly series: readonly TraceSeries[],
    height = 200,
    readonly xLabel = 'time (s)',
  ) {
    const opts: uPlot.Options = {
      ...(title ? { title } : {}),
      width: Math.max(260, host.clientWidth),
      height,
      scales: { x: { time: false }, y: { range: safeRange } },
      axes: [
        { label: xLabel, stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
        { label: yLabel, stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' }, size: 60 },
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
      legend: { live: false },
    };
    this.data = [[], ...series.map(() => [])];
    this.plot = new uPlot(opts, this.data as uPlot.AlignedData, host);
    new ResizeObserver(() => this.plot.setSize({ width: Math.max(260, host.clientWidth), height })).observe(host);
  }

  /** Replaces the data: `columns[0]` is time, then one column per series. */
  set(columns: number[][]): void {
    this.data = columns;
    // The drawn data, reachable from the element for tests and for tools that read the
    // page (an exported CSV is checked against exactly this).
    (this.host as PlotHost).plotted = columns;
    this.plot.setData(columns as uPlot.AlignedData);
  }

  /** What the plot shows, as the SVG and CSV exports read it: titles, series and the data last drawn. */
  described(): SvgPlot {
    return { title: this.title, xLabel: this.xLabel, yLabel: this.yLabel, series: this.series, columns: this.data };
  }

  /** The plot as a standalone SVG document (see `export/svg.ts`). */
  svg(): string {
    return plotSvg(this.described());
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
