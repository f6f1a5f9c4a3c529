/**
 * A uPlot chart of whole series against time, replaced wholesale on each update (the
 * Lab redraws a finished run, not a scrolling window). Draws what it is given.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TraceSeries {
  label: string;
  color: string;
  dash?: number[];
}

export class TracePlot {
  private readonly plot: uPlot;
  private data: number[][] = [];

  constructor(
    readonly host: HTMLElement,
    title: string,
    yLabel: string,
    series: readonly TraceSeries[],
    height = 200,
    xLabel = 'time (s)',
  ) {
    const opts: uPlot.Options = {
      ...(title ? { title } : {}),
      width: Math.max(260, host.clientWidth),
      height,
      scales: { x: { time: false } },
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
    this.plot.setData(columns as uPlot.AlignedData);
  }

  /** The data drawn (for tests and the text alternative). */
  get columns(): readonly number[][] {
    return this.data;
  }

  destroy(): void {
    this.plot.destroy();
  }
}
