// @vitest-environment happy-dom
// What every chapter page does, on the real Lab core: each figure gets its anchor before
// it mounts, figures mount as they come into view (the first drawing waits only for
// those in view), the page says when it is ready, and a figure that cannot start is
// named in the page's status line, whether at load or later.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRecordingCanvas, loadLabWasm, manualFrames, reducedMotion } from '../../../tests/dom/page';
import { mountChapter } from './chapter';

/** An IntersectionObserver the test drives: `show(hosts)` reports them in view, the rest out. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched: Element[] = [];
  constructor(
    readonly report: (entries: { target: Element; isIntersecting: boolean }[]) => void,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.watched.push(target);
  }
  unobserve(target: Element) {
    this.watched.splice(this.watched.indexOf(target), 1);
  }
  disconnect() {}
  show(inView: readonly Element[]) {
    this.report(this.watched.map((target) => ({ target, isIntersecting: inView.includes(target) })));
  }
}

beforeAll(async () => {
  manualFrames();
  installRecordingCanvas();
  reducedMotion(true);
  await loadLabWasm();
});
beforeEach(() => {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  delete document.body.dataset.ready;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A chapter page holding one figure host per id. */
function page(...ids: string[]) {
  FakeObserver.last = null;
  const status = document.createElement('p');
  status.id = 'status';
  status.textContent = 'Loading the figures…';
  const hosts = ids.map((id) => {
    const host = document.createElement('div');
    host.className = 'figure';
    host.dataset.scene = id;
    return host;
  });
  document.body.replaceChildren(status, ...hosts);
  return { status, hosts };
}
const settle = async (until: () => boolean) => {
  for (let tries = 0; tries < 200 && !until(); tries++) await new Promise((r) => setTimeout(r, 10));
};

describe('a chapter page', () => {
  it('anchors each figure at once, mounts those in view, then says it is ready', async () => {
    const { status, hosts } = page('one-step-cube', 'pd-stiff');
    const done = mountChapter();
    // Anchored before any mount, so a link to a figure finds it.
    expect(hosts[0]!.id).not.toBe('');
    await settle(() => FakeObserver.last !== null && FakeObserver.last.watched.length === 2);
    FakeObserver.last!.show([hosts[0]!]);
    await done;
    expect(hosts[0]!.dataset.mounted).toBe('true');
    expect(hosts[0]!.querySelector('table.metrics')).not.toBeNull();
    // Out of view: not mounted yet, still watched.
    expect(hosts[1]!.dataset.mounted).toBeUndefined();
    expect(FakeObserver.last!.watched).toEqual([hosts[1]]);
    expect(status.textContent).toBe('');
    expect(document.body.dataset.ready).toBe('true');
  });

  it('says which figure could not start when one in view fails', async () => {
    const { status } = page('no-such-figure');
    const done = mountChapter();
    await settle(() => FakeObserver.last?.watched.length === 1);
    FakeObserver.last!.show(FakeObserver.last!.watched);
    await done;
    expect(status.textContent).toMatch(/^This chapter's figures could not start: figure must be one of .*, got "no-such-figure"$/);
    expect(status.classList.contains('error')).toBe(true);
    expect(document.body.dataset.ready).toBe('failed');
  });

  it('names a figure that fails later, as the reader scrolls to it', async () => {
    const { status, hosts } = page('one-step-cube', 'not-a-figure');
    const done = mountChapter();
    await settle(() => FakeObserver.last?.watched.length === 2);
    FakeObserver.last!.show([hosts[0]!]);
    await done;
    expect(document.body.dataset.ready).toBe('true');
    FakeObserver.last!.show([hosts[1]!]);
    await settle(() => status.textContent !== '');
    expect(status.textContent).toMatch(/^A figure could not start: figure must be one of .*, got "not-a-figure"$/);
    expect(status.classList.contains('error')).toBe(true);
  });

  it('is ready at once with no figures', async () => {
    page();
    await mountChapter();
    expect(document.body.dataset.ready).toBe('true');
  });

  it('mounts a figure when it comes within a tenth of a screen of the view', async () => {
    page('one-step-cube');
    const done = mountChapter();
    await settle(() => FakeObserver.last?.watched.length === 1);
    expect(FakeObserver.last!.options).toEqual({ rootMargin: '10% 0px' });
    FakeObserver.last!.show(FakeObserver.last!.watched);
    await done;
  });

  it('scrolls to the figure the address names, before its figures mount and again after', async () => {
    const { hosts } = page('one-step-cube', 'pd-stiff');
    history.replaceState(null, '', '/chapters/01-forces.html#pd-stiff');
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    const done = mountChapter();
    expect(scrolled).toEqual([hosts[1]]);
    await settle(() => FakeObserver.last?.watched.length === 2);
    FakeObserver.last!.show([hosts[0]!]);
    await done;
    expect(scrolled).toEqual([hosts[1], hosts[1]]);
    history.replaceState(null, '', '/chapters/01-forces.html');
  });

  it('runs on a page without a status line, failing or not', async () => {
    page('one-step-cube');
    document.getElementById('status')!.remove();
    const done = mountChapter();
    await settle(() => FakeObserver.last?.watched.length === 1);
    FakeObserver.last!.show(FakeObserver.last!.watched);
    await done;
    expect(document.body.dataset.ready).toBe('true');
    page('nothing-here', 'nor-here');
    document.getElementById('status')!.remove();
    const failing = mountChapter();
    await settle(() => FakeObserver.last?.watched.length === 2);
    FakeObserver.last!.show([FakeObserver.last!.watched[0]!]);
    await failing;
    expect(document.body.dataset.ready).toBe('failed');
  });
});
