/**
 * Where a value sits on a stability map's side, and the decades ticked along it: one
 * rule for chapter 8's maps and a Lab card's map. The core samples a map's axis at
 * `points` log-spaced values, ends included, and colours one cell per value, so the
 * value `axis[k]` is at the centre of cell `k`, `(k + 1/2) / points` of the side.
 */
import { el } from '../ui/dom';
import { formatNumber } from '../ui/params';

/** The grid a map is sampled on (the core's `AtlasSpec`, the fields this reads). */
export interface AxisGrid {
  /** The smallest value on each axis (dimensionless: kd h/m, kp h²/m). */
  min: number;
  /** The largest. */
  max: number;
  /** Cells per side. */
  points: number;
}

/**
 * Where `value` sits along a side, 0 at the first cell's outer edge and 1 at the last
 * one's: `(t (points - 1) + 1/2) / points` with `t` its log fraction of [min, max],
 * so a value between two samples sits between their cells' centres.
 */
export function alongSide(value: number, grid: AxisGrid): number {
  const t = (Math.log10(value) - Math.log10(grid.min)) / (Math.log10(grid.max) - Math.log10(grid.min));
  return (t * (grid.points - 1) + 0.5) / grid.points;
}

/** A decade ticked on a side. */
export interface Decade {
  /** The dimensionless value, 10^e. */
  value: number;
  /** Where it sits, as {@link alongSide}. */
  at: number;
  /** Whether it carries a number: a mark at every decade, a number at every few (the maps are small). */
  labelled: boolean;
}

/** Every decade within the grid, the first, and then about a third of them, labelled. */
export function decades(grid: AxisGrid): Decade[] {
  const values: number[] = [];
  for (let e = Math.ceil(Math.log10(grid.min) - 1e-9); e <= Math.floor(Math.log10(grid.max) + 1e-9); e++) values.push(10 ** e);
  const every = Math.ceil(values.length / 3);
  return values.map((value, k) => ({ value, at: alongSide(value, grid), labelled: k % every === 0 }));
}

/**
 * Ticks on a map's edges (`frame`: the map's canvas in a box the ticks are placed in):
 * damping kd h/m along the bottom, stiffness kp h²/m up the left side, at each decade
 * of the grid, each number written by `labelX` and `labelY` (the dimensionless value,
 * or what it is in a card's units). A map whose sides span different values (the arm's:
 * kp and kd in their own units) gives the left side's grid as `gridY`. Drawn again in
 * place when called again. Hidden from screen readers: each map's label and readout say
 * the same in words.
 */
export function frameTicks(
  frame: HTMLElement,
  grid: AxisGrid,
  labelX: (v: number) => string = formatNumber,
  labelY: (v: number) => string = labelX,
  gridY: AxisGrid = grid,
): void {
  frame.querySelectorAll(':scope > .atlas-ticks').forEach((old) => old.remove());
  const axis = (dir: 'x' | 'y', label: (v: number) => string, side: AxisGrid) =>
    el(
      'div',
      { class: `atlas-ticks ${dir}`, 'aria-hidden': 'true' },
      ...decades(side).map((d) => {
        const tick = el('span', {}, d.labelled ? label(d.value) : '');
        tick.style[dir === 'x' ? 'left' : 'bottom'] = `${d.at * 100}%`;
        return tick;
      }),
    );
  frame.append(axis('x', labelX, grid), axis('y', labelY, gridY));
}
