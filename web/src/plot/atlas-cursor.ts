/**
 * Reading a stability map cell by cell, as chapter 8's maps and a Lab card's map both
 * let a reader do: pointing at a cell reads it out, the arrow keys move a cursor from
 * cell to cell (up: stiffer, right: more damped), and a click or Enter acts on it.
 */

/** A cell of an n x n map: `row` along kp (0 at the bottom), `col` along kd (0 at the left). */
export interface Cell {
  row: number;
  col: number;
}

/** What a map does with its cells. */
export interface CursorActions {
  /** The map's side in cells (read at each event: a map may change grids). */
  size(): number;
  /** The cell under a pointer, or null off the map (its margins, its ticks). */
  cellAt(event: MouseEvent): Cell | null;
  /** Reads a cell out (pointed at, moved to, or focused). */
  read(cell: Cell): void;
  /** Acts on a cell (clicked, or Enter on the cursor's). */
  choose(cell: Cell): void;
}

const MOVES: Readonly<Record<string, Cell>> = {
  ArrowUp: { row: 1, col: 0 },
  ArrowDown: { row: -1, col: 0 },
  ArrowLeft: { row: 0, col: -1 },
  ArrowRight: { row: 0, col: 1 },
};

/**
 * Makes `canvas` a map read cell by cell; the keyboard's cursor starts at `start` (the
 * middle when absent) and goes where the pointer last was. Returns the cursor's cell.
 */
export function atlasCursor(canvas: HTMLCanvasElement, actions: CursorActions, start?: Cell): () => Cell {
  let cursor: Cell | null = start ?? null;
  const here = (): Cell => {
    const middle = Math.floor(actions.size() / 2);
    return cursor ?? { row: middle, col: middle };
  };
  canvas.addEventListener('pointermove', (e) => {
    const cell = actions.cellAt(e);
    if (!cell) return;
    cursor = cell;
    actions.read(cell);
  });
  canvas.addEventListener('click', (e) => {
    const cell = actions.cellAt(e);
    if (!cell) return;
    cursor = cell;
    actions.choose(cell);
  });
  canvas.addEventListener('focus', () => actions.read(here()));
  canvas.addEventListener('keydown', (e) => {
    const move = MOVES[e.key];
    const at = here();
    if (move) {
      e.preventDefault();
      const last = actions.size() - 1;
      cursor = { row: Math.min(last, Math.max(0, at.row + move.row)), col: Math.min(last, Math.max(0, at.col + move.col)) };
      actions.read(cursor);
    } else if (e.key === 'Enter') actions.choose(at);
  });
  return here;
}
