// @vitest-environment happy-dom
// Where everything of a Lab sits, as a reader (and a screen reader) finds it: on the Lab
// page, the run beside the settings, each panel headed; in a chapter, the run first, its
// numbers, files and link folded under one summary and every setting under another, the
// gains in a named group and "Open in the Lab" after the toolbar's clock (in a new tab
// when the page is framed by a post).
import { afterEach, describe, expect, it } from 'vitest';
import { labLayout } from './lab-layout';

const layout = (figure: boolean) => {
  const host = document.createElement('main');
  host.append(document.createElement('p'));
  const toolbar = document.createElement('div');
  const parts = labLayout(host, toolbar, figure);
  return { host, toolbar, ...parts };
};
const headings = (host: HTMLElement) => [...host.querySelectorAll('h2')].map((h) => h.textContent);

afterEach(() => {
  Object.defineProperty(window, 'parent', { configurable: true, value: window });
});

describe('the Lab page\'s layout', () => {
  it('puts the run beside the controllers, plant and disturbances, each headed, and the terms below', () => {
    const { host, toolbar, banner, canvas, runStatus, metricsTable, gainStrip, more, addLaw } = layout(false);
    expect([...host.children].map((c) => c.className)).toEqual(['problems', 'workbench', 'panel']);
    expect(headings(host)).toEqual(['Controllers', 'Plant and physics', 'Disturbances', 'Terms per controller']);
    const [run, controls] = [...host.querySelector('.workbench')!.children] as HTMLElement[];
    expect(run!.getAttribute('aria-label')).toBe('Run');
    expect(controls!.className).toBe('bench-controls');
    expect([...run!.children].slice(0, 3)).toEqual([toolbar, canvas, runStatus]);
    expect(more).toBe(run);
    expect(banner.getAttribute('role')).toBe('alert');
    expect(runStatus.getAttribute('role')).toBe('status');
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toMatch(/drag across to move the target$/);
    expect(canvas.getAttribute('tabindex')).toBe('0');
    expect(canvas.height).toBe(220);
    const scroll = metricsTable.parentElement!;
    expect([scroll.className, scroll.getAttribute('role'), scroll.getAttribute('aria-label'), scroll.getAttribute('tabindex')]).toEqual(['table-scroll', 'region', 'Step-response metrics', '0']);
    expect(gainStrip).toBeUndefined();
    expect(addLaw.textContent).toBe('Add a controller');
    expect(toolbar.querySelector('a.open-in-lab')).toBeNull();
    // Whatever the host held is replaced.
    expect(host.querySelector(':scope > p:not(.problems)')).toBeNull();
  });
});

describe('a chapter figure\'s layout', () => {
  it('shows the run first, folds its numbers and every setting, and keeps its gains in a named group', () => {
    const { host, toolbar, gainStrip, more, metricsTable, openInLab } = layout(true);
    expect([...host.children].map((c) => c.tagName + '.' + c.className)).toEqual(['P.problems', 'SECTION.panel run', 'DETAILS.figure-settings']);
    expect(host.querySelector('.figure-settings > summary')!.textContent).toBe('All settings: controllers, plant, disturbances, terms');
    expect(headings(host.querySelector('.figure-settings')!)).toEqual(['Controllers', 'Plant and physics', 'Disturbances', 'Terms per controller']);
    expect(more.tagName).toBe('DETAILS');
    expect(more.querySelector('summary')!.textContent).toBe('Metrics, data and link');
    expect(more.contains(metricsTable)).toBe(true);
    expect(gainStrip!.getAttribute('role')).toBe('group');
    expect(gainStrip!.getAttribute('aria-label')).toBe('Gains');
    expect(gainStrip!.parentElement!.classList.contains('run')).toBe(true);
    expect(toolbar.lastElementChild).toBe(openInLab);
    expect(openInLab.textContent).toBe('Open in the Lab');
    expect(openInLab.hasAttribute('target')).toBe(false);
  });

  it('opens the Lab in a new tab when the page is framed by a post', () => {
    Object.defineProperty(window, 'parent', { configurable: true, value: {} });
    const { openInLab } = layout(true);
    expect(openInLab.target).toBe('_blank');
    expect(openInLab.rel).toBe('noopener');
  });
});
