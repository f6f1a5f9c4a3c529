import { afterEach, describe, expect, it, vi } from 'vitest';
import { framed, labHref, openSitePage, siteRoot } from './site';

afterEach(() => {
  vi.unstubAllGlobals();
});

const at = (pathname: string) => vi.stubGlobal('location', { pathname, href: `https://example.org${pathname}` });

describe("links to the site's pages", () => {
  it('go one folder up from a chapter, and not from the top pages, wherever the site is served', () => {
    at('/forcelab/chapters/02-pd.html');
    expect(siteRoot()).toBe('../');
    expect(labHref('?plant=box')).toBe('../lab.html?plant=box');
    at('/forcelab/chapters/');
    expect(siteRoot()).toBe('../');
    at('/forcelab/lab.html');
    expect(labHref('?plant=box')).toBe('lab.html?plant=box');
    // A site served under a folder that happens to be called "chapters".
    at('/chapters/forcelab/lab.html');
    expect(labHref('')).toBe('lab.html');
  });
});

describe('a page inside a frame (an embed)', () => {
  it('opens the site in a new tab when framed, and in place when not', () => {
    const open = vi.fn();
    const top = { open } as { open: typeof open; parent?: unknown };
    top.parent = top;
    vi.stubGlobal('window', top);
    at('/forcelab/index.html');
    expect(framed()).toBe(false);
    openSitePage('lab.html?plant=box');
    expect(open).not.toHaveBeenCalled();
    expect(location.href).toBe('lab.html?plant=box');

    const inner = { open, parent: top };
    vi.stubGlobal('window', inner);
    at('/forcelab/embed.html');
    expect(framed()).toBe(true);
    openSitePage('lab.html?plant=box');
    expect(open).toHaveBeenCalledWith('lab.html?plant=box', '_blank', 'noopener');
    expect(location.href).toBe('https://example.org/forcelab/embed.html');
  });
});
