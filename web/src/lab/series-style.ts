/**
 * How each series of a Lab is drawn: in its law's colour (`lawColorVar`), so a law looks
 * the same in every figure, the Lab and the index. What the colour cannot tell apart is
 * told by the line: a printed listing is dashed, and a law the Lab runs a second or third
 * time (other gains, other options) is dotted or dash-dotted.
 */
import { lawColorVar } from '../core/catalogue';
import type { SeriesInfo } from './lab-state';

/** One series' colour property and dash pattern (canvas `setLineDash` lengths, px; none: solid). */
export interface SeriesStyle {
  colorVar: string;
  dash: number[] | undefined;
}

/** A printed listing's dash. */
export const PRINTED_DASH = [6, 4];
/** The dashes of a law's second, third and fourth run in one Lab. */
const REPEAT_DASHES = [[2, 3], [10, 3, 2, 3], [1, 5]];

/** The style of each series, in order. */
export function seriesStyles(series: readonly SeriesInfo[]): SeriesStyle[] {
  return series.map((s) => {
    if (s.asPrinted) return { colorVar: lawColorVar(s.kind), dash: PRINTED_DASH };
    // Which run of this law it is, counting the controllers before it.
    const earlier = series.filter((o) => !o.asPrinted && o.kind === s.kind && o.owner < s.owner).length;
    return { colorVar: lawColorVar(s.kind), dash: earlier === 0 ? undefined : REPEAT_DASHES[(earlier - 1) % REPEAT_DASHES.length] };
  });
}
