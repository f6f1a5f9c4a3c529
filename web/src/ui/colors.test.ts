// @vitest-environment happy-dom
// The canvases' colours from the page's CSS custom properties: read trimmed, '#888' when
// a property is unset, and read again when the reader's colour scheme flips (never per
// frame).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssColor, themeColors } from './colors';

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
});

describe('the page\'s colours', () => {
  it('reads a custom property trimmed, and #888 when it is unset or blank', () => {
    document.documentElement.style.setProperty('--fg', '  #102030 ');
    expect(cssColor(document.documentElement, '--fg')).toBe('#102030');
    expect(cssColor(document.documentElement, '--unset')).toBe('#888');
    document.documentElement.style.setProperty('--blank', '   ');
    expect(cssColor(document.documentElement, '--blank')).toBe('#888');
  });

  it('trims the space a browser may keep around a custom property\'s value', () => {
    // Browsers that keep the space after the colon give " #102030" (happy-dom trims it itself).
    vi.spyOn(window, 'getComputedStyle').mockReturnValue({ getPropertyValue: () => ' #102030 ' } as unknown as CSSStyleDeclaration);
    expect(cssColor(document.documentElement, '--fg')).toBe('#102030');
  });

  it('reads each name now, and again when the colour scheme flips', () => {
    const scheme = new EventTarget();
    const asked: string[] = [];
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      asked.push(query);
      return scheme as unknown as MediaQueryList;
    });
    document.documentElement.style.setProperty('--bg', '#ffffff');
    document.documentElement.style.setProperty('--fg', '#000000');
    const colors = themeColors(['--bg', '--fg']);
    expect([...colors]).toEqual([['--bg', '#ffffff'], ['--fg', '#000000']]);
    expect(asked).toEqual(['(prefers-color-scheme: dark)']);
    document.documentElement.style.setProperty('--bg', '#111111');
    // Not read again until the scheme flips.
    expect(colors.get('--bg')).toBe('#ffffff');
    scheme.dispatchEvent(new Event('change'));
    expect([...colors]).toEqual([['--bg', '#111111'], ['--fg', '#000000']]);
  });

  it('reads from the element it is given', () => {
    const box = document.createElement('div');
    document.body.append(box);
    box.style.setProperty('--c', '#abcdef');
    expect(themeColors(['--c'], box).get('--c')).toBe('#abcdef');
    expect(themeColors(['--c']).get('--c')).toBe('#888');
  });
});
