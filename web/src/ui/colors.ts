/**
 * Colours for canvases, from the page's CSS custom properties. Reading computed style
 * makes the browser settle styles, so drawing code reads colours once and again only
 * when the colour scheme flips, never per frame.
 */

/** The value of custom property `name` as `source` sees it ('#888' when unset). */
export function cssColor(source: Element, name: string): string {
  return getComputedStyle(source).getPropertyValue(name).trim() || '#888';
}

/** `names` read from `source` now, and read again whenever the colour scheme flips. */
export function themeColors(names: readonly string[], source: Element = document.documentElement): ReadonlyMap<string, string> {
  const colors = new Map<string, string>();
  const read = () => names.forEach((n) => colors.set(n, cssColor(source, n)));
  read();
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', read);
  return colors;
}
