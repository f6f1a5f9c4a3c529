import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake display: frames run when the test says, at the times it says. */
let pending: ((now: number) => void)[] = [];
let clock = 0;
let observed: ((records: { target: unknown; isIntersecting: boolean }[]) => void) | null = null;
let unobserved: unknown[] = [];
const runFrame = (now: number) => {
  clock = now;
  const callbacks = pending;
  pending = [];
  for (const cb of callbacks) cb(now);
};

beforeEach(() => {
  vi.resetModules();
  pending = [];
  clock = 0;
  unobserved = [];
  vi.stubGlobal('requestAnimationFrame', (cb: (now: number) => void) => pending.push(cb));
  vi.stubGlobal('performance', { now: () => clock });
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: typeof observed) {
        observed = cb;
      }
      observe() {}
      unobserve(target: unknown) {
        unobserved.push(target);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the one animation loop', () => {
  it('serves every animation from one frame request, each with its own elapsed seconds', async () => {
    const { animate } = await import('./animation-loop');
    const a: number[] = [];
    const b: number[] = [];
    animate(null, (s) => a.push(s));
    animate(null, (s) => b.push(s));
    expect(pending).toHaveLength(1);
    runFrame(16);
    runFrame(48);
    expect(a).toEqual([0.016, 0.032]);
    expect(b).toEqual([0.016, 0.032]);
  });

  it('skips an animation whose element is off screen, and asks for no frame when none is on screen', async () => {
    const { animate } = await import('./animation-loop');
    const element = {};
    const seen: number[] = [];
    const animation = animate(element as Element, (s) => seen.push(s));
    // Off screen until the observer says otherwise: no frame is even requested.
    expect(animation.visible).toBe(false);
    expect(pending).toHaveLength(0);
    clock = 1000;
    observed!([{ target: element, isIntersecting: true }]);
    runFrame(1016);
    // Counted from when it came on screen, not from when it was made.
    expect(seen).toEqual([0.016]);
    observed!([{ target: element, isIntersecting: false }]);
    runFrame(1032);
    expect(seen).toEqual([0.016]);
    expect(pending).toHaveLength(0);
  });

  it('stops calling back once stopped', async () => {
    const { animate } = await import('./animation-loop');
    const seen: number[] = [];
    const animation = animate(null, (s) => seen.push(s));
    runFrame(10);
    animation.stop();
    runFrame(20);
    expect(seen).toEqual([0.01]);
    expect(pending).toHaveLength(0);
  });

  it('keeps counting from the last frame when told again that an element on screen is on screen', async () => {
    const { animate } = await import('./animation-loop');
    const element = {};
    const seen: number[] = [];
    animate(element as Element, (s) => seen.push(s));
    clock = 1000;
    observed!([{ target: element, isIntersecting: true }]);
    runFrame(1016);
    clock = 1020;
    observed!([{ target: element, isIntersecting: true }]);
    runFrame(1032);
    expect(seen).toEqual([0.016, 0.016]);
  });

  it('forgets a stopped element: no longer observed, and a late report of it asks for no frame', async () => {
    const { animate } = await import('./animation-loop');
    const element = {};
    const animation = animate(element as Element, () => {});
    animation.stop();
    expect(unobserved).toEqual([element]);
    observed!([{ target: element, isIntersecting: true }]);
    expect(pending).toHaveLength(0);
    // A report of an element it never had is ignored too.
    observed!([{ target: {}, isIntersecting: true }]);
    expect(pending).toHaveLength(0);
  });

  it('shows and hides an animation without an element when its host says so', async () => {
    const { animate } = await import('./animation-loop');
    const seen: number[] = [];
    const animation = animate(null, (s) => seen.push(s));
    expect(animation.visible).toBe(true);
    animation.setVisible(false);
    runFrame(16);
    expect(seen).toEqual([]);
    expect(pending).toHaveLength(0);
    clock = 100;
    animation.setVisible(true);
    runFrame(116);
    expect(seen).toEqual([0.016]);
  });
});
