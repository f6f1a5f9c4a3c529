/**
 * The page's one animation loop. Everything that moves (the cube scene, the Lab and its
 * chapter figures, a chapter's animated scene, the swarm) registers a frame callback
 * here; one `requestAnimationFrame` serves them all, and runs only while one of them is
 * on screen. Each callback gets the real seconds since its own last frame (after time
 * off screen, counted from when it came back, so nothing lurches forward). An animation
 * tied to an element is skipped while that element is off screen: no stepping, no
 * drawing. The fixed physics step is `fixed-step.ts`; reduced motion is read here.
 */

export interface Animation {
  /** Whether the animation is being called (its element on screen). */
  readonly visible: boolean;
  /** Says whether it is on screen, for an animation without an element (an embed told by its host). */
  setVisible(on: boolean): void;
  /** Stops calling back for good. */
  stop(): void;
}

/** Whether the reader asks for reduced motion: animations then start paused. */
export const prefersReducedMotion = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Entry {
  frame: (seconds: number) => void;
  last: number;
  visible: boolean;
}

const entries = new Set<Entry>();
const byElement = new Map<Element, Entry>();
let handle = 0;
let observer: IntersectionObserver | null = null;

const tick = (now: number) => {
  handle = 0;
  for (const entry of entries) {
    if (!entry.visible) continue;
    const seconds = (now - entry.last) / 1000;
    entry.last = now;
    entry.frame(seconds);
  }
  request();
};

/** Asks for the next frame if something on screen needs it. */
function request(): void {
  if (handle) return;
  for (const e of entries) {
    if (e.visible) {
      handle = requestAnimationFrame(tick);
      return;
    }
  }
}

function show(entry: Entry, on: boolean): void {
  if (on && !entry.visible) entry.last = performance.now();
  entry.visible = on;
  request();
}

/**
 * Calls `frame(seconds)` once per displayed frame while `element` is on screen (always,
 * when `element` is null, until `setVisible(false)`), until `stop()`.
 */
export function animate(element: Element | null, frame: (seconds: number) => void): Animation {
  const entry: Entry = { frame, last: performance.now(), visible: element === null };
  entries.add(entry);
  if (element) {
    observer ??= new IntersectionObserver((records) => {
      for (const r of records) {
        const e = byElement.get(r.target);
        if (e) show(e, r.isIntersecting);
      }
    });
    byElement.set(element, entry);
    observer.observe(element);
  }
  request();
  return {
    get visible() {
      return entry.visible;
    },
    setVisible: (on) => show(entry, on),
    stop() {
      entries.delete(entry);
      if (element) {
        byElement.delete(element);
        observer?.unobserve(element);
      }
    },
  };
}
