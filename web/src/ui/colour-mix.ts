/**
 * Colour arithmetic for the design system's series rule (styles.css, "Series colours"):
 * mixing a law's colour toward the page's ink or paper for its second, third and fourth
 * card, and the distance the rule is stated in (OKLab, where equal steps look equal).
 * Pure functions on `#rrggbb` text; no DOM.
 */

type Rgb = [number, number, number];

/** `#rrggbb` (or `#rgb`) as three channels in [0, 1]; undefined for anything else. */
export function parseHex(text: string): Rgb | undefined {
  const t = text.trim();
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(t);
  if (long) return [1, 2, 3].map((k) => parseInt(long[k]!, 16) / 255) as Rgb;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(t);
  if (short) return [1, 2, 3].map((k) => parseInt(short[k]! + short[k]!, 16) / 255) as Rgb;
  return undefined;
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('')}`;

/** `a` moved the fraction `t` of the way to `b` (in sRGB); `a` unchanged when either is not `#rrggbb`. */
export function mixHex(a: string, b: string, t: number): string {
  const [x, y] = [parseHex(a), parseHex(b)];
  if (!x || !y) return a;
  return hex(x.map((v, k) => v + (y[k]! - v) * t) as Rgb);
}

/** A colour in OKLab (Björn Ottosson, 2020): lightness and two opponent axes. */
export function oklab(text: string): Rgb {
  const c = parseHex(text);
  if (!c) throw new Error(`a colour must be #rrggbb, got "${text.slice(0, 20)}"`);
  const [r, g, b] = c.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** How far apart two colours look: their distance in OKLab (about 0.02 is just noticeable). */
export function colourDistance(a: string, b: string): number {
  const [x, y] = [oklab(a), oklab(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}
