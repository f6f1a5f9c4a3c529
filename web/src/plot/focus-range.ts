/**
 * Which part of a plot's y axis to draw, so that a series that runs away does not flatten
 * the ones that land. The rule every plot of the page follows (on screen, in the PNG and
 * in the SVG):
 *
 * - Sorted by their largest magnitude, the series split where one is more than
 *   {@link ESCAPE_FACTOR} times the next: those above the split *escape* if each of them
 *   grew to its size (its peak comes after its start, the first hundredth of the run
 *   and at least two samples, and is more than {@link ESCAPE_FACTOR} times its largest
 *   value there: a stiff law can explode within the first tenth). Of several
 *   such splits, the lowest: two laws that explode together both leave. The growth test
 *   keeps a large series that decays, such as a P term beside a small D term, on the
 *   scale. Missing and non-finite values are gaps, as drawn.
 * - The series that stay bounded set the y range (the target among them); an escaping
 *   series is drawn to the edge and marked at the time it first leaves that range. The
 *   lowest series never escapes (a split leaves at least one below it).
 * - When none escapes, the range is every finite value.
 *
 * Pure arithmetic on the plotted columns: no drawing, no wasm.
 */

/** How many times larger than the rest a series must grow before it is taken off the scale. */
export const ESCAPE_FACTOR = 20;

/** A series drawn past the edge of the plot, and where it leaves the range shown. */
export interface OffScale {
  /** The series' index among the plotted series (0 is the first after time). */
  series: number;
  /** The first time (x) at which it is outside the range shown. */
  at: number;
  /** Whether it leaves above (true) or below the range at that time. */
  above: boolean;
  /** Its largest magnitude (non-finite values are gaps, as drawn). */
  peak: number;
}

/** The y range a plot draws and the series that leave it. */
export interface FocusedRange {
  /** The range drawn: `widen` applied to the min and max of the series kept on the scale. */
  range: [number, number];
  /** The series drawn past the edge, in series order (none when the full range is drawn). */
  offScale: OffScale[];
  /** Every series that escapes by the rule, whether or not the full range is drawn. */
  escaping: number[];
}

/** Turns the data's min and max (or null: no finite value) into the range a plot draws (padding, nice bounds). */
export type Widen = (min: number | null, max: number | null) => [number, number];

interface Size {
  peak: number;
  early: number;
  peakIndex: number;
}

/** The samples that count as a series' start: its first hundredth, and at least two. */
const startOf = (n: number) => Math.max(2, Math.ceil(n / 100));

// Index loops, not forEach or for-of: a Lab figure redraws up to 60 columns of 20,001
// values on every edit, and these two scans were its largest cost after uPlot's drawing.
function sizeOf(ys: readonly number[]): Size {
  const earlyEnd = startOf(ys.length);
  let peak = 0;
  let early = 0;
  let peakIndex = 0;
  for (let i = 0; i < ys.length; i++) {
    const v = ys[i]!;
    // A missing or non-finite value is a gap in the line, as uPlot and the SVG draw it.
    if (!Number.isFinite(v)) continue;
    const a = Math.abs(v);
    if (a > peak) {
      peak = a;
      peakIndex = i;
    }
    if (i < earlyEnd && a > early) early = a;
  }
  return { peak, early, peakIndex };
}

function extent(columns: readonly (readonly number[])[], keep: (k: number) => boolean): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < columns.length; k++) {
    if (!keep(k)) continue;
    const ys = columns[k]!;
    for (let i = 0; i < ys.length; i++) {
      const v = ys[i]!;
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * The range to draw for `columns` (`columns[0]` is x, then one column per series) and the
 * series that escape it, by the rule in this module's comment. With `full`, every finite
 * value is in range (the reader asked for it): none leaves it, and `escaping` still
 * names the series that would.
 */
export function focusRange(columns: readonly (readonly number[])[], widen: Widen, full = false): FocusedRange {
  const xs = columns[0] ?? [];
  const ys = columns.slice(1);
  const sizes = ys.map(sizeOf);
  const escapes = sizes.map(() => false);
  const grew = sizes.map((s, k) => s.peakIndex >= startOf(ys[k]!.length) && s.peak > ESCAPE_FACTOR * s.early);
  // Largest first. The cut falls at a gap of more than ESCAPE_FACTOR between two
  // neighbours, with every series above it grown: the lowest such cut, so that two laws
  // exploding together both leave and the ones that land keep the scale.
  const order = sizes.map((_, k) => k).sort((a, b) => sizes[b]!.peak - sizes[a]!.peak);
  for (let cut = order.length - 1; cut >= 1; cut--) {
    const above = order.slice(0, cut);
    const gap = sizes[order[cut - 1]!]!.peak > ESCAPE_FACTOR * sizes[order[cut]!]!.peak;
    if (gap && above.every((k) => grew[k])) {
      for (const k of above) escapes[k] = true;
      break;
    }
  }
  const escaping = escapes.flatMap((e, k) => (e ? [k] : []));
  const keepAll = full || !escaping.length;
  const bounds = extent(ys, (k) => keepAll || !escapes[k]);
  const range = widen(bounds?.[0] ?? null, bounds?.[1] ?? null);
  if (keepAll) return { range, offScale: [], escaping };
  const [lo, hi] = range;
  const offScale: OffScale[] = [];
  ys.forEach((col, k) => {
    if (!escapes[k]) return;
    const r = col.findIndex((v) => Number.isFinite(v) && (v > hi || v < lo));
    if (r < 0) return;
    offScale.push({ series: k, at: xs[r] ?? r, above: col[r]! > hi, peak: sizes[k]!.peak });
  });
  return { range, offScale, escaping };
}

/** A value moved to just past [lo, hi] when beyond it, so a line leaves the plot at the right place without huge coordinates. */
export function clampPast(v: number, lo: number, hi: number): number {
  if (!Number.isFinite(v)) return v;
  const past = hi - lo;
  return Math.min(hi + past, Math.max(lo - past, v));
}

/** When an escaping series leaves, in the x axis' terms: "t = 0.41 s" on a `time (s)` axis, "kp dt² = 0.41" on another. */
export function offScaleWhen(o: OffScale, x = 'time (s)'): string {
  const at = Number(o.at.toPrecision(3));
  const time = /^time \((\w+)\)$/.exec(x);
  return time ? `t = ${at} ${time[1]}` : `${x} = ${at}`;
}

/** The words that mark an escaping series on the plot: "forward PD diverged: off the scale from t = 0.41 s". */
export function offScaleNote(label: string, o: OffScale, x = 'time (s)'): string {
  return `${label} diverged: off the scale from ${offScaleWhen(o, x)}`;
}
