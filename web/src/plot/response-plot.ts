/**
 * A live time-series plot of several series against time, keeping the last
 * `windowSeconds`: a scrolling window over a {@link TracePlot}. It draws what it is
 * given and knows nothing of wasm.
 */
import { TracePlot, type TraceSeries } from './trace-plot';

export type SeriesStyle = TraceSeries;

export class ResponsePlot {
  private readonly plot: TracePlot;
  private readonly columns: number[][];
  private dirty = false;

  constructor(
    host: HTMLElement,
    series: readonly SeriesStyle[],
    private readonly windowSeconds = 10,
    yLabel = 'position (m)',
  ) {
    this.columns = [[], ...series.map(() => [])];
    this.plot = new TracePlot(host, '', yLabel, series, 260);
  }

  /** Appends one sample: time and one value per series (non-finite values become gaps). */
  push(time: number, values: ArrayLike<number>): void {
    const [xs, ...ys] = this.columns;
    xs!.push(time);
    ys.forEach((col, i) => col.push(values[i]!));
    const start = time - this.windowSeconds;
    let drop = 0;
    while (drop < xs!.length && xs![drop]! < start) drop++;
    if (drop > 0) for (const col of this.columns) col.splice(0, drop);
    this.dirty = true;
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
    this.plot.set(this.columns);
  }

  /** Number of samples held (for tests and the text alternative). */
  get length(): number {
    return this.columns[0]!.length;
  }
}
