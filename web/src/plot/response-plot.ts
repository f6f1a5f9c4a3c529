/**
 * A live time-series plot (uPlot) of several series against time, keeping the last
 * `windowSeconds`. It draws what it is given and knows nothing of wasm.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface SeriesStyle {
  label: string;
  color: string;
  dash?: number[];
}

export class ResponsePlot {
  private readonly plot: uPlot;
  private readonly columns: number[][];
  private dirty = false;

  constructor(
    host: HTMLElement,
    series: readonly SeriesStyle[],
    private readonly windowSeconds = 10,
    yLabel = 'position (m)',
  ) {
    this.columns = [[], ...series.map(() => [])];
    const opts: uPlot.Options = {
      width: Math.max(280, host.clientWidth),
      height: 260,
      scales: { x: { time: false } },
      axes: [
        { label: 'time (s)', stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
        { label: yLabel, stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
      ],
      series: [
        { label: 't (s)' },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: s.dash,
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : v.toFixed(3)),
        })),
      ],
      legend: { live: false },
    };
    this.plot = new uPlot(opts, this.columns as uPlot.AlignedData, host);
    new ResizeObserver(() => this.plot.setSize({ width: Math.max(280, host.clientWidth), height: 260 })).observe(host);
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
    this.plot.setData(this.columns as uPlot.AlignedData);
  }

  /** Number of samples held (for tests and the text alternative). */
  get length(): number {
    return this.columns[0]!.length;
  }
}
