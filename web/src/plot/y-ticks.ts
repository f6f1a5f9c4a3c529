/**
 * Where a plot's y ticks go: round values (1, 2 or 5 times a power of ten) inside the
 * range, never fewer than three, and no closer than about {@link TICK_ROOM} px where the
 * plot is tall enough for three at that room. uPlot's own choice keeps 30 px between
 * ticks, which leaves a short plot (the Lab's error and force plots) a single "0".
 */

/** The room (CSS px) a tick label wants above and below it. */
export const TICK_ROOM = 28;

/** The multiples of `step` in [lo, hi], rounded so that 0.1 + 0.2 reads 0.3. */
function multiples(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

/**
 * The tick values for the y range [lo, hi] on a plot `height` CSS px tall: the largest
 * round step that still gives three ticks or more, or, when the plot has room, the
 * smallest that keeps the ticks {@link TICK_ROOM} px apart.
 */
export function yTicks(lo: number, hi: number, height: number): number[] {
  if (!(hi > lo) || !Number.isFinite(lo) || !Number.isFinite(hi)) return Number.isFinite(lo) ? [lo] : [];
  const most = Math.max(3, Math.floor(height / TICK_ROOM));
  // Steps from a tenth of the range upward: the first whose ticks fit `most`, unless it gives fewer than three.
  let step = 10 ** Math.floor(Math.log10((hi - lo) / 10));
  const steps: number[] = [];
  for (let i = 0; i < 12; i++) for (const m of [1, 2, 5]) steps.push(m * step * 10 ** i);
  let best = multiples(lo, hi, steps[0]!);
  for (const s of steps) {
    const ticks = multiples(lo, hi, s);
    if (ticks.length < 3) break;
    best = ticks;
    step = s;
    if (ticks.length <= most) break;
  }
  return best;
}
