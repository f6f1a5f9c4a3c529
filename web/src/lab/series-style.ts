/**
 * How each series of a Lab is drawn, by the design system's series rule (styles.css,
 * "Series colours"): a law keeps its hue (`lawColorVar`) on every page; the second,
 * third and fourth card of the same law take a shade of it (toward the paper, the ink,
 * then further toward the paper) and a dash, so every card has a colour of its own that
 * its swatch, its body, its curves and the legend all show. A printed listing is its
 * card's colour, dashed.
 */
import { lawColorVar } from '../core/catalogue';
import { mixHex } from '../ui/colour-mix';
import type { SeriesInfo } from './lab-state';

/** One series' colour property, its shade of it and its dash pattern (canvas `setLineDash` lengths, px; none: solid). */
export interface SeriesStyle {
  colorVar: string;
  /** Which card of its law it belongs to: 0 for the first (the law's own colour), 1 to 3 for the shades. */
  shade: number;
  dash: number[] | undefined;
}

/** A printed listing's dash. */
export const PRINTED_DASH = [6, 4];
/** The dashes of a law's second, third and fourth card in one Lab. */
const REPEAT_DASHES = [[2, 3], [10, 3, 2, 3], [1, 5]];
/**
 * The shades of a law's second, third and fourth card: how far toward the ink (`fg`) or
 * the paper (`bg`) its colour moves. In the dark scheme the ink is light, so the same
 * rule lightens there; either way a shade keeps the hue.
 */
export const SHADES: readonly { toward: 'fg' | 'bg'; by: number }[] = [
  // Toward the paper first: most laws' colours are dark already, and a darker shade of a
  // dark olive read as the same colour beside it (chapter 6's two PIDs).
  { toward: 'bg', by: 0.45 },
  { toward: 'fg', by: 0.5 },
  { toward: 'bg', by: 0.7 },
];

/** The style of each series, in order. */
export function seriesStyles(series: readonly SeriesInfo[]): SeriesStyle[] {
  // Which card of its law each controller is, counting the cards before it.
  const cardShade = (owner: number) => {
    const own = series.find((o) => !o.asPrinted && o.owner === owner);
    if (!own) return 0;
    return series.filter((o) => !o.asPrinted && o.owner < owner && lawColorVar(o.kind) === lawColorVar(own.kind)).length;
  };
  return series.map((s) => {
    const shade = cardShade(s.owner);
    if (s.asPrinted) return { colorVar: lawColorVar(s.kind), shade, dash: PRINTED_DASH };
    return { colorVar: lawColorVar(s.kind), shade, dash: shade === 0 ? undefined : REPEAT_DASHES[(shade - 1) % REPEAT_DASHES.length] };
  });
}

/**
 * The colour a style draws in: its law's colour `base` (resolved from `colorVar`), moved
 * toward the page's ink `fg` or paper `bg` for a shade.
 */
export function shadeColor(base: string, shade: number, fg: string, bg: string): string {
  if (shade === 0) return base;
  const s = SHADES[(shade - 1) % SHADES.length]!;
  return mixHex(base, s.toward === 'fg' ? fg : bg, s.by);
}
