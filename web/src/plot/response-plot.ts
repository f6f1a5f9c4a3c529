/**
 * A live time-series plot of several series against time, keeping the last
 * `windowSeconds` (and at most a quarter more: old samples are dropped in batches, so a
 * push costs the same however long the window). A scrolling window over a
 * {@link TracePlot}; it draws what it is given and knows nothing of wasm.
 */
import { TracePlot, type TraceSeries } from './trace-plot';

export type SeriesStyle = TraceSeries;

export interface ResponsePlotOptions {
  title?: string;
  yLabel?: string;
  height?: number;
}

export class ResponsePlot {
  private readonly plot: TracePlot;
  private readonly columns: number[][];
  private dirty = false;

  constructor(
    host: HTMLElement,
    series: readonly SeriesStyle[],
    private readonly windowSeconds = 10,
    { title = '', yLabel = 'position (m)', height = 260 }: ResponsePlotOptions = {},
  ) {
    this.columns = [[], ...series.map(() => [])];
    this.plot = new TracePlot(host, title, yLabel, series, height);
  }

  /** Appends one sample: time and one value per series (non-finite values become gaps). */
  push(time: number, values: ArrayLike<number>): void {
    const [xs, ...ys] = this.columns;
    xs!.push(time);
    ys.forEach((col, i) => col.push(values[i]!));
    // Trimmed in batches as it runs (a splice per sample would cost a copy each time).
    if (xs![0]! < time - 1.25 * this.windowSeconds) this.trim();
    this.dirty = true;
  }

  /**
   * Drops the samples older than the window before the last one, so what is held (and
   * plotted, exported, fingerprinted) depends on the run only, not on how it was stepped.
   */
  private trim(): void {
    const xs = this.columns[0]!;
    const start = xs[xs.length - 1]! - this.windowSeconds;
    let drop = 0;
    while (drop < xs.length && xs[drop]! < start) drop++;
    if (drop > 0) for (const col of this.columns) col.splice(0, drop);
  }

  /** Removes every sample. */
  clear(): void {
    for (const col of this.columns) col.length = 0;
    this.dirty = true;
  }

  /** Redraws if anything changed since the last redraw (once per frame at most). */
  redraw(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.trim();
    this.plot.set(this.columns);
  }

  /** Removes the chart. */
  destroy(): void {
    this.plot.destroy();
  }

  /** The chart underneath, drawn with the data of the last redraw (what the exports read). */
  get trace(): TracePlot {
    return this.plot;
  }

  /** Number of samples held (for tests and the text alternative). */
  get length(): number {
    this.trim();
    return this.columns[0]!.length;
  }

  /** The samples held: time, then one column per series. */
  get data(): readonly (readonly number[])[] {
    this.trim();
    return this.columns;
  }
}

/** A short fingerprint of plotted data, for tests that check a change reached a plot. */
export function fingerprint(plots: readonly ResponsePlot[]): string {
  let sum = 0;
  let rows = 0;
  for (const p of plots) {
    rows += p.length;
    for (const c of p.data) for (const v of c) sum += Number.isFinite(v) ? v : 0;
  }
  return `${rows}:${sum.toPrecision(12)}`;
}
