/**
 * The stability atlas's colours, shared by chapter 8's maps and the Lab's stability map:
 * a blue ramp of the spectral radius from fast (dark, near 0) to slow (light, near 1),
 * and red past the core's stability limit.
 */

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
