/** One tunable number of a scene: the table row its slider and number box are built from. */
export interface ParamDef {
  /** Key in the URL and in the scene's settings. */
  key: string;
  /** Label shown to the reader. */
  label: string;
  /** Unit shown after the number box ("N/m", "s"). */
  unit: string;
  /** Slider range; typed values may go outside it within `hardMin`/`hardMax`. */
  min: number;
  max: number;
  /** Log sliders cover gains that span decades. */
  scale: 'linear' | 'log';
  initial: number;
  /** The smallest and largest value accepted when typed (defaults: 0 and +inf). */
  hardMin?: number;
  hardMax?: number;
  /** Counts (a window of samples): the slider moves in whole steps, typed values must be whole. */
  integer?: boolean;
  /** Whether the lower bound itself is allowed (false for dt and mass: must be > 0). */
  minExclusive?: boolean;
}

/** Parses what the reader typed; returns the number or a message naming the field. */
export function parseParam(def: ParamDef, text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `${def.label} needs a value` };
  // Number() accepts "0x10" and " 12 "; a plain decimal or exponent form is what we mean.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) {
    return { error: `${def.label} must be a number, got "${clip(trimmed)}"` };
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    return { error: `${def.label} must be a finite number, got ${clip(trimmed)}` };
  }
  const lo = def.hardMin ?? 0;
  const hi = def.hardMax ?? Number.POSITIVE_INFINITY;
  if (def.minExclusive ? value <= lo : value < lo) {
    return { error: `${def.label} must be ${def.minExclusive ? 'greater than' : 'at least'} ${lo}, got ${clip(trimmed)}` };
  }
  if (value > hi) return { error: `${def.label} must be at most ${hi}, got ${clip(trimmed)}` };
  if (def.integer && !Number.isInteger(value)) return { error: `${def.label} must be a whole number, got ${clip(trimmed)}` };
  return { value: Object.is(value, -0) ? 0 : value };
}

/** Slider position in [0, 1] for `value` (clamped to the slider's range). */
export function toSlider(def: ParamDef, value: number): number {
  const v = Math.min(def.max, Math.max(def.min, value));
  if (def.scale === 'log') return Math.log(v / def.min) / Math.log(def.max / def.min);
  return (v - def.min) / (def.max - def.min);
}

/** The value at slider position `t` in [0, 1], rounded to 3 significant digits (whole for counts). */
export function fromSlider(def: ParamDef, t: number): number {
  const u = Math.min(1, Math.max(0, t));
  const raw = def.scale === 'log' ? def.min * Math.pow(def.max / def.min, u) : def.min + u * (def.max - def.min);
  return def.integer ? Math.round(raw) : Number(raw.toPrecision(3));
}

/** Significant digits a number box shows: one more than a slider's step (`fromSlider`), so a slider's value shows exactly. */
export const FIELD_DIGITS = 4;

/**
 * A value as a number box shows it: as a person writes it, rounded to `FIELD_DIGITS`
 * significant digits without trailing zeros (1.0000000000000002 shows "1", 1/60 shows
 * "0.01667", 214.64978709406208 shows "214.6"). The value in force stays exact: a box
 * whose text is left as shown does not replace it (`controls.ts`).
 */
export function fieldNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return String(Number(value.toPrecision(FIELD_DIGITS)));
}

/** A number as the page shows it: short, never "NaN". */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const a = Math.abs(value);
  if (a !== 0 && (a >= 1e5 || a < 1e-3)) return value.toExponential(2);
  return String(Number(value.toPrecision(4)));
}

/** Poles in the z-plane as the page lists them: one of each conjugate pair (`0.95 ± 0.04i`), in the core's order, a repeated one once with its count (`0 (×6)`). */
export function formatPoles(poles: readonly { re: number; im: number }[]): string {
  const shown = poles.filter((z) => z.im >= 0).map((z) => (z.im > 0 ? `${formatNumber(z.re)} ± ${formatNumber(z.im)}i` : formatNumber(z.re)));
  const counts = new Map<string, number>();
  for (const text of shown) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].map(([text, n]) => (n > 1 ? `${text} (×${n})` : text)).join(', ');
}

/** `text` cut to a length a message can quote (a link's value may be anything). */
export function clip(text: string): string {
  return text.length > 24 ? `${text.slice(0, 21)}...` : text;
}
