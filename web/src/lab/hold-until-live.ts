/**
 * A Lab figure that opened on its recorded run (`recorded-run.ts`) goes live when the
 * reader reaches for it: pointing at it, touching it or focusing into it starts loading
 * the Lab's door. An edit or a click that comes before the door has loaded is held and
 * given again, in order, once the run is the core's, so no setting is lost; a link
 * inside the figure opens at once, and a plot's buttons act on the plot drawn. A drag on the canvas before then only starts the
 * loading (the next drag moves the target).
 */

/** Holds the figure `host`'s edits and clicks until `goLive` (which loads the door and swaps the run) has resolved. */
export function holdUntilLive(host: HTMLElement, canvas: HTMLElement, goLive: () => Promise<void>): void {
  let live = false;
  let loading: Promise<void> | null = null;
  let held: { target: HTMLElement; type: string }[] = [];

  const reach = (): void => {
    loading ??= goLive().then(
      () => {
        live = true;
        for (const type of HELD) host.removeEventListener(type, hold, true);
        for (const type of REACH) host.removeEventListener(type, reach, true);
        const queue = held;
        held = [];
        for (const { target, type } of queue) {
          if (type === 'click') target.click();
          else target.dispatchEvent(new Event(type, { bubbles: true }));
        }
      },
      () => {
        // What is held stays held: the next reach tries again (the door's loader retries
        // after a failure) and, once it loads, gives it all.
        loading = null;
      },
    );
  };

  const hold = (e: Event): void => {
    const target = e.target;
    if (live || !(target instanceof HTMLElement)) return;
    // A link opens at once, and a plot's own buttons (its range, its cursor) read what is drawn.
    if (e.type === 'click' && target.closest('a, .plot')) return;
    if (e.type === 'pointerdown') {
      reach();
      if (target === canvas) e.stopImmediatePropagation();
      return;
    }
    e.stopImmediatePropagation();
    // A click's default action (a box ticked, a panel unfolded) is the click given again.
    if (e.type === 'click') e.preventDefault();
    const last = held[held.length - 1];
    // A value typed key by key is read once it is given again: one event of each run is enough.
    if (!(last && last.target === target && last.type === e.type)) held.push({ target, type: e.type });
    reach();
  };

  for (const type of HELD) host.addEventListener(type, hold, true);
  for (const type of REACH) host.addEventListener(type, reach, true);
}

/** What is held until the door has loaded (a pointer press only starts it, and is kept from the canvas). */
const HELD = ['input', 'change', 'click', 'pointerdown'] as const;
/** What starts loading it: the reader reaching for the figure. */
const REACH = ['pointerenter', 'focusin'] as const;
