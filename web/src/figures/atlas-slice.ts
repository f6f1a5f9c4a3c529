/**
 * The slider that picks the PIDs' slice in the atlas. A PID's loop has a third state,
 * its integral, so its map is drawn at one value of `ki h³/m`; the reader chooses it on
 * a log scale, and the link keeps it.
 */
import type { FigureLink } from './figure-link';
import { clip, formatNumber } from '../ui/params';
import { el } from '../ui/dom';

/** The slider's ends, as powers of ten of ki h³/m, and its step (half a decade). */
const LOWEST = -7;
const HIGHEST = -1;
const STEP = 0.5;

/** The slice a link names: a number from 1e-7 to 1e-1. */
function sliceFrom(raw: string): { value: number } | { error: string } {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 10 ** LOWEST || value > 10 ** HIGHEST) {
    return { error: `The PID slice ki h³/m must be a number from 1e${LOWEST} to 1e${HIGHEST}, got "${clip(raw)}"` };
  }
  return { value };
}

/**
 * The slider, reading its start from the link (`initial` by default), and calling
 * `change` with each new ki h³/m. `describe` gives the label's tail for a slice (its ki in N/(m·s)).
 */
export function sliceControl(
  link: FigureLink,
  initial: number,
  where: HTMLElement,
  describe: (slice: number) => string,
  change: (slice: number) => void,
): { control: HTMLElement; slice: number } {
  const slice = link.read('atlas-slice', sliceFrom, initial, String(initial), where);
  const input = el('input', { id: 'atlas-slice', type: 'range', min: LOWEST, max: HIGHEST, step: STEP, value: Math.log10(slice) });
  const value = el('output', { for: 'atlas-slice' });
  const show = (s: number) => {
    value.textContent = `${formatNumber(s)} ${describe(s)}`;
  };
  show(slice);
  input.addEventListener('input', () => {
    const s = Number((10 ** Number(input.value)).toPrecision(3));
    show(s);
    link.save('atlas-slice', String(s), String(initial));
    change(s);
  });
  const label = el('label', { for: 'atlas-slice' }, 'PID slice, ki h³/m: ');
  return { control: el('p', { class: 'atlas-slice' }, label, value, el('br'), input), slice };
}
