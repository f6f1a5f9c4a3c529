// Test helpers for the page's modules mounted in a DOM (happy-dom, per test file with
// `// @vitest-environment happy-dom`): a 2-D canvas that records what is drawn on it,
// the page's animation frames run by hand, and the Lab's wasm loaded from its bytes.
// They live in tests/ (not web/src), so that the page's mutation run does not mutate them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { loadLabFromBytes } from '../../web/src/core/wasm';
import { mountLab, type LabPage } from '../../web/src/lab/lab-page';
import { readLabState } from '../../web/src/lab/lab-state';

/** One call on a recording 2-D context (`set` is a property assigned, e.g. fillStyle). */
export interface CanvasCall {
  name: string;
  args: unknown[];
  set?: boolean;
}

/** The calls recorded on each canvas's 2-D context, by canvas. */
export const canvasCalls = new WeakMap<HTMLCanvasElement, CanvasCall[]>();

/**
 * A recording fake of CanvasRenderingContext2D for `canvas`: each method call and
 * property write is appended to `calls`; `measureText` measures 6 px a character,
 * gradients and patterns are inert, the line dash is kept. Enough for uPlot and for the
 * page's own drawing.
 */
export function recordingContext(canvas: { width: number; height: number }): { ctx: CanvasRenderingContext2D; calls: CanvasCall[] } {
  const calls: CanvasCall[] = [];
  const props: Record<string | symbol, unknown> = { lineWidth: 1, globalAlpha: 1, font: '10px sans-serif' };
  let dash: number[] = [];
  const methods: Record<string, (...a: unknown[]) => unknown> = {
    measureText: (t) => ({ width: 6 * String(t).length, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }),
    createLinearGradient: () => ({ addColorStop() {} }),
    createRadialGradient: () => ({ addColorStop() {} }),
    createPattern: () => ({}),
    getLineDash: () => dash,
    setLineDash: (d) => (dash = [...(d as number[])]),
    isPointInPath: () => false,
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    createImageData: (w, h) => ({ width: w, height: h, data: new Uint8ClampedArray((w as number) * (h as number) * 4) }),
  };
  const ctx = new Proxy(props, {
    get(target, key) {
      if (key === 'canvas') return canvas;
      if (key in target) return target[key];
      if (typeof key !== 'string') return undefined;
      return (...args: unknown[]) => {
        calls.push({ name: key, args });
        return methods[key]?.(...args);
      };
    },
    set(target, key, value) {
      target[key] = value;
      if (typeof key === 'string') calls.push({ name: key, args: [value], set: true });
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

/**
 * Makes every canvas's `getContext('2d')` a {@link recordingContext}, its calls kept by
 * canvas in {@link canvasCalls}; and gives uPlot a Path2D that records its calls too.
 */
export function installRecordingCanvas(): void {
  (globalThis as { Path2D?: unknown }).Path2D = function Path2D() {
    const calls: CanvasCall[] = [];
    return new Proxy({ calls } as Record<string | symbol, unknown>, {
      get: (target, key) => (key in target || typeof key !== 'string' ? target[key] : (...args: unknown[]) => void calls.push({ name: key, args })),
    });
  };
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string) {
    if (type !== '2d') return null;
    let ctx = contexts.get(this);
    if (!ctx) {
      const made = recordingContext(this);
      ctx = made.ctx;
      canvasCalls.set(this, made.calls);
      contexts.set(this, ctx);
    }
    return ctx;
  } as typeof HTMLCanvasElement.prototype.getContext;
}

/** The texts drawn with fillText on `canvas` so far. */
export const textsDrawn = (canvas: HTMLCanvasElement): string[] =>
  (canvasCalls.get(canvas) ?? []).filter((c) => c.name === 'fillText').map((c) => String(c.args[0]));

/** The page's animation frames, run by hand: `frame(ms)` runs the waiting callbacks `ms` after the last. */
export function manualFrames(): { frame(ms?: number): void; pending(): number } {
  let queue: FrameRequestCallback[] = [];
  let next = 1;
  // Ahead of the real clock, and moved only by `frame`: each frame's seconds are exactly its `ms`.
  let now = performance.now() + 1e7;
  window.requestAnimationFrame = (cb: FrameRequestCallback) => {
    queue.push(cb);
    return next++;
  };
  window.cancelAnimationFrame = () => {};
  return {
    frame(ms = 1000 / 60) {
      now += ms;
      const run = queue;
      queue = [];
      for (const cb of run) cb(now);
    },
    pending: () => queue.length,
  };
}

/** Whether the reader asks for reduced motion (the page's animations then start paused). */
export function reducedMotion(on: boolean): void {
  const { happyDOM } = window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } };
  happyDOM.settings.device.prefersReducedMotion = on ? 'reduce' : 'no-preference';
}

/** Loads the Lab's part of the core (every plant) from the built wasm. */
export async function loadLabWasm(): Promise<void> {
  // As a path: under happy-dom the global URL is the DOM's, which resolves a relative URL to no file: address.
  await loadLabFromBytes(readFileSync(join(import.meta.dirname, '../../web/pkg-lab/forcelab_wasm_bg.wasm')));
}

/** Types `text` in the field `input` and commits it as a reader does (change event). */
export function typeInto(input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new Event('change'));
}

/** Picks `value` in the menu `select` as a reader does. */
export function pick(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change'));
}

/** The element `selector` in `root`, or a failure naming it. */
export function $<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = root.querySelector<E>(selector);
  if (!found) throw new Error(`no ${selector} on the page`);
  return found;
}

/** The text of each cell of `table`'s rows, row by row. */
export const tableText = (table: HTMLTableElement): string[][] =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));

/**
 * The Lab page for a test file, as lab.html mounts it: its frames run by hand, its canvas
 * recording, reduced motion, the Lab's wasm loaded once; `mount(search)` puts the Lab of
 * that address alone on the page and runs its first frame, and each test's Lab is
 * destroyed after it.
 */
export function labPageForTests(): { frames: ReturnType<typeof manualFrames>; mount(search: string): HTMLElement } {
  let lab: LabPage | null = null;
  const page = {
    frames: manualFrames(),
    mount(search: string): HTMLElement {
      history.replaceState(null, '', '/lab.html');
      const host = document.createElement('main');
      document.body.replaceChildren(host);
      const { state, problems } = readLabState(search);
      lab = mountLab(host, state, problems);
      page.frames.frame();
      return host;
    },
  };
  beforeAll(async () => {
    installRecordingCanvas();
    reducedMotion(true);
    await loadLabWasm();
  });
  afterEach(() => {
    lab?.destroy();
    lab = null;
  });
  return page;
}
