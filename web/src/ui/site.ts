/**
 * Where the site's pages are, from wherever a figure is shown: the chapters live one
 * folder down (`chapters/`), the index, the Lab and `embed.html` at the top, and the
 * site may be served under any sub-path, so links are relative to the current page.
 */

/** The relative path from the current page to the site's top folder (`''` or `'../'`). */
export const siteRoot = (): string => (/\/chapters\/[^/]*$/.test(location.pathname) ? '../' : '');

/** A link to the Lab in `query` state, from the current page. */
export const labHref = (query: string): string => `${siteRoot()}lab.html${query}`;

/**
 * Whether this page is framed by another (an embed): links to the rest of the site
 * then open in a new tab rather than inside the frame.
 */
export const framed = (): boolean => window.parent !== window;

/** Goes to `href`, in a new tab when this page is framed (an embed). */
export function openSitePage(href: string): void {
  if (framed()) window.open(href, '_blank', 'noopener');
  else location.href = href;
}
