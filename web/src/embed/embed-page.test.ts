// @vitest-environment happy-dom
// embed.html with a chapter figure (`?scene=ID`), on the real Lab core: the figure is
// mounted as its chapter mounts it, full width, and the page tells the post that framed
// it when it is ready and how tall it is; a figure that cannot start says so in the
// frame and marks the page failed.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRecordingCanvas, loadLabWasm, manualFrames, reducedMotion } from '../../../tests/dom/page';

beforeAll(async () => {
  manualFrames();
  installRecordingCanvas();
  reducedMotion(true);
  await loadLabWasm();
});
let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  delete document.body.dataset.ready;
  const app = document.createElement('main');
  app.id = 'app';
  document.body.replaceChildren(app);
  // Framed by a post: the page talks to its parent.
  Object.defineProperty(window, 'parent', { configurable: true, value: { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { configurable: true, value: window });
  vi.restoreAllMocks();
});

const settle = async (until: () => boolean) => {
  for (let tries = 0; tries < 300 && !until(); tries++) await new Promise((r) => setTimeout(r, 10));
};

describe('an embedded chapter figure', () => {
  // First: the page's module then shares the Lab loaded from bytes above.
  it('mounts the figure as its chapter does and tells the post it is ready', async () => {
    history.replaceState(null, '', '/embed.html?scene=one-step-cube');
    await import('./embed-page');
    await settle(() => document.body.dataset.ready !== undefined);
    const app = document.getElementById('app')!;
    expect(document.body.dataset.ready).toBe('true');
    expect(app.classList.contains('embed-figure')).toBe(true);
    const host = app.querySelector<HTMLElement>('.figure')!;
    expect(host.dataset.scene).toBe('one-step-cube');
    expect(host.dataset.mounted).toBe('true');
    expect(host.querySelector('table.metrics')).not.toBeNull();
    expect(app.querySelector('.status')!.getAttribute('role')).toBe('status');
    expect(app.querySelector('.status')!.textContent).toBe('');
    expect(posted).toContainEqual([{ forcelab: 'ready', height: document.documentElement.scrollHeight }, '*']);
  });

  it('says in the frame why a figure could not start, and marks the page failed', async () => {
    // The page's module runs once per import: a fresh one for this second page.
    vi.resetModules();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    history.replaceState(null, '', '/embed.html?scene=atlas');
    await import('./embed-page');
    await settle(() => document.body.dataset.ready !== undefined);
    const status = document.querySelector('#app .status')!;
    expect(document.body.dataset.ready).toBe('failed');
    expect(status.textContent).toMatch(/^forcelab: /);
    expect(status.classList.contains('error')).toBe(true);
    expect(posted.filter((p) => (p as [{ forcelab: string }])[0].forcelab === 'ready')).toEqual([]);
  });
});
