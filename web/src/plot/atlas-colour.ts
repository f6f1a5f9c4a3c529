/**
 * The stability atlas's colours, shared by chapter 8's maps and the Lab's stability map:
 * a blue ramp of the spectral radius from fast (dark, near 0) to slow (light, near 1),
 * and red past the core's stability limit; and the scale that says so beside a map.
 */
import { el } from '../ui/dom';

/** RGB for a spectral radius (red past `stableLimit`, or where the core has none). */
export function atlasColour(r: number | null, stableLimit: number): [number, number, number] {
  if (r === null || !Number.isFinite(r) || r > stableLimit) return [214, 69, 80];
  const t = Math.min(1, Math.max(0, r));
  return [Math.round(20 + 200 * t * t), Math.round(50 + 190 * t * t), Math.round(110 + 140 * t)];
}

/** An n x n image of the radii (row-major, row 0 at the bottom: stiffness grows upward). */
export function atlasImage(radii: readonly (number | null)[], n: number, stableLimit: number): ImageData {
  const image = new ImageData(n, n);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const [r, g, b] = atlasColour(radii[row * n + col] ?? null, stableLimit);
      image.data.set([r, g, b, 255], ((n - 1 - row) * n + col) * 4);
    }
  }
  return image;
}

/**
 * The colour scale of the radius as a key shows it: a ramp (radii 0 to 1 over its first
 * 80 %, then the unstable red) and the numbers under it, "> 1" ending the red band.
 */
export function colourScale(): [HTMLCanvasElement, HTMLElement] {
  const ramp = el('canvas', {
    width: 200,
    height: 14,
    role: 'img',
    'aria-label': 'Colour scale: dark for a spectral radius near 0 (fast, calm), light near 1 (slow), red above 1 (unstable)',
  });
  // Radii 0..1 over the first 80 % of the ramp, then the unstable red.
  const ctx = ramp.getContext('2d')!;
  for (let x = 0; x < 200; x++) {
    const [r, g, b] = atlasColour(x < 160 ? x / 159 : 1.5, 1);
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.fillRect(x, 0, 1, 14);
  }
  // Each label sits where its radius is on the ramp; "> 1" ends the red band.
  const labels = ([['0', 0], ['0.5', 0.4], ['1', 0.8]] as const).map(([label, at]) => {
    const span = el('span', {}, label);
    span.style.left = `${at * 100}%`;
    return span;
  });
  return [ramp, el('p', { class: 'atlas-scale' }, ...labels, el('span', { class: 'atlas-scale-over' }, '> 1'))];
}
