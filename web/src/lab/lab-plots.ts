/**
 * The Lab's plots: the response (large), the error and the effort beside each other,
 * one plot of P, I, D and feed-forward per controller, and one per other coordinate of
 * the body (the plate's y and heading). Built for a set of series, then filled from
 * each snapshot of the run; every number plotted is the core's.
 */
import { el } from '../ui/dom';
import { TracePlot, type TraceSeries } from '../plot/trace-plot';
import { plantEntry } from '../core/catalogue';
import type { LabSnapshot } from '../core/wasm';
import type { Forbidden } from '../core/wish';
import type { Look } from './lab-canvas';
import { effortOf, unitOf } from './lab-dom';
import { seriesStyles } from './series-style';
import type { LabState, SeriesInfo } from './lab-state';

/** Column `k` of a row-major table of `n` columns, its first `rows` rows. */
const column = (values: Float64Array, n: number, k: number, rows: number): number[] => {
  const out = new Array<number>(rows);
  for (let r = 0; r < rows; r++) out[r] = values[r * n + k]!;
  return out;
};

const capitalised = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/**
 * The plots of one Lab, rebuilt when its series change. The terms' plots are built only
 * once their box is on the page to see: a chapter figure folds them under "All
 * settings", and a reader who never opens it pays nothing for them (a plot each, eight
 * with printed twins, on the figure's first frame).
 */
export class LabPlots {
  /** The response, the error, the effort, then the other coordinates. */
  private plots: TracePlot[] = [];
  /** One per series, once built. */
  private terms: TracePlot[] = [];
  /** How to build the terms' plots for the current series, until they are. */
  private pendingTerms: (() => void) | null = null;
  private series: readonly SeriesInfo[] = [];
  private plant: LabState['plant'] = 'cube';
  private regions: readonly Forbidden[] = [];
  private last: LabSnapshot | null = null;

  /** `plotsBox` takes the response, error, effort and coordinates; `termsBox` the terms. */
  constructor(
    private readonly plotsBox: HTMLElement,
    private readonly termsBox: HTMLElement,
  ) {
    // Opened later: the terms' plots are built then, from the run as it stands.
    termsBox.closest('details')?.addEventListener('toggle', () => {
      if (this.pendingTerms && !termsBox.closest('details:not([open])')) this.pendingTerms();
    });
  }

  /** The response plot (what a PNG or SVG export draws), once built. */
  get response(): TracePlot | undefined {
    return this.plots[0];
  }

  /** Builds the plots of `series` on `plant`, named `labels`, drawn in `look`'s colours. */
  build(plant: LabState['plant'], series: readonly SeriesInfo[], labels: readonly string[], look: Look): void {
    this.destroy();
    // A run of the old series no longer fits these plots.
    this.last = null;
    this.plotsBox.replaceChildren();
    this.termsBox.replaceChildren();
    this.series = series;
    this.plant = plant;
    const dashes = seriesStyles(series).map((s) => s.dash);
    const styles: TraceSeries[] = series.map((_, k) => ({ label: labels[k]!, color: look.colors[k]!, dash: dashes[k] }));
    const unit = unitOf(plant);
    const effort = effortOf(plant);
    const entry = plantEntry(plant);
    const target = { label: 'target', color: look.muted, dash: [4, 4] };
    const box = (cls: string) => {
      const div = el('div', { class: `plot ${cls}` });
      this.plotsBox.append(div);
      return div;
    };
    this.plots = [
      // The response is the figure's point: drawn large, the error and the effort beside each other under it.
      new TracePlot(box('response'), 'Response', `${entry.coordinate} (${unit})`, [target, ...styles], 260),
      new TracePlot(box('error'), 'Error (target − response)', `error (${unit})`, styles, 170),
      new TracePlot(box('effort'), capitalised(entry.effort), effort, styles, 170),
    ];
    this.pendingTerms = () => {
      this.pendingTerms = null;
      this.terms = series.map((_, k) => {
        const div = el('div', { class: 'plot term' });
        this.termsBox.append(div);
        const c = look.colors[k]!;
        return new TracePlot(div, labels[k]!, effort, [
          { label: 'P', color: c },
          { label: 'I', color: c, dash: [2, 3] },
          { label: 'D', color: c, dash: [8, 4] },
          { label: 'feed-forward', color: look.muted },
        ], 160);
      });
      if (this.last) this.showTerms(this.last, Array.from(this.last.time));
    };
    if (!this.termsBox.closest('details:not([open])')) this.pendingTerms();
    // The body's other coordinates, read from its pose.
    for (const c of entry.otherCoordinates) {
      const follows = c.followsTarget ? [target] : [];
      this.plots.push(new TracePlot(box(`coordinate coordinate-${c.poseIndex}`), capitalised(c.name), `${c.name} (${c.unit})`, [...follows, ...styles], 170));
    }
    this.shade(this.regions);
  }

  /** Shades the regions a wish forbids behind the response and effort curves. */
  shade(regions: readonly Forbidden[]): void {
    this.regions = regions;
    const on = (plot: Forbidden['plot']) => regions.filter((r) => r.plot === plot);
    this.plots[0]?.setRegions(on('response'));
    this.plots[2]?.setRegions(on('effort'));
  }

  /** Plots the run in `snap` (its series those of the last `build`). */
  show(snap: LabSnapshot): void {
    this.last = snap;
    const { n, rows } = snap;
    const series = this.series;
    const time = Array.from(snap.time);
    const target = Array.from(snap.target);
    const xs = series.map((_, k) => column(snap.x, n, k, rows));
    this.plots[0]?.set([time, target, ...xs]);
    this.plots[1]?.set([time, ...xs.map((x) => x.map((v, r) => target[r]! - v))]);
    this.plots[2]?.set([time, ...series.map((_, k) => column(snap.force, n, k, rows))]);
    plantEntry(this.plant).otherCoordinates.forEach((c, j) => {
      const values = series.map((_, k) => {
        const out = new Array<number>(rows);
        for (let r = 0; r < rows; r++) out[r] = snap.pose[(r * n + k) * snap.poseSize + c.poseIndex]!;
        return out;
      });
      this.plots[3 + j]?.set([time, ...(c.followsTarget ? [target] : []), ...values]);
    });
    this.showTerms(snap, time);
  }

  /** Each series' P, I, D and feed-forward against `time` (the snapshot's, copied once), on the terms' plots once they are built. */
  private showTerms(snap: LabSnapshot, time: number[]): void {
    const { n, rows } = snap;
    this.terms.forEach((plot, k) => {
      plot.set([time, column(snap.p, n, k, rows), column(snap.i, n, k, rows), column(snap.d, n, k, rows), column(snap.ff, n, k, rows)]);
    });
  }

  /** Releases every plot. */
  destroy(): void {
    for (const p of [...this.plots, ...this.terms]) p.destroy();
    this.plots = [];
    this.terms = [];
    this.pendingTerms = null;
  }
}
