/**
 * The one toolbar every animated view runs under (the index's cube scene, the Lab and
 * its chapter figures, the chapters' own scenes, the swarm): Play/Pause, Step, Reset and
 * the clock, and the fixed-step clock that turns a frame's real time into physics steps.
 * A view says what a step and a reset do; the toolbar keeps whether it plays and how the
 * Play button says so, so the four views cannot drift apart in what a click means.
 */
import { prefersReducedMotion } from './animation-loop';
import { el } from './dom';
import { stepsForFrame } from './fixed-step';

/** What a view does when the reader uses its toolbar. */
export interface ToolbarActions {
  /** One physics step (the toolbar pauses first), then a redraw. */
  step(): void;
  /** Back to the start; whether it plays stays as it was. */
  reset(): void;
  /** Before Play starts a run: a view whose run has ended starts it over here. */
  beforePlay?(): void;
  /** After Play or Pause changed what the toolbar says. */
  toggled?(playing: boolean): void;
}

/** A mounted toolbar: its element, its clock's text and whether the view plays. */
export interface Toolbar {
  /** The group of buttons and the clock (`div.toolbar`, role group, named "Simulation"). */
  readonly element: HTMLElement;
  /** Where the view writes its time (`t = 1.23 s`). */
  readonly clock: HTMLSpanElement;
  readonly playing: boolean;
  /** Plays or pauses, says so on the button and starts the clock's next frame afresh. */
  setPlaying(on: boolean): void;
  /** Forgets the time the clock had not yet stepped (after a reset or a rebuild). */
  restartClock(): void;
  /**
   * The whole physics steps of `dt` s that a frame of `seconds` (real time, times
   * `speed`) holds while the view plays, at most `maxSteps`; 0 while paused.
   */
  stepsFor(seconds: number, dt: number, speed?: number, maxSteps?: number): number;
}

/** Where the toolbar goes: a new group with `extra` after the clock, or a view's own group. */
export interface ToolbarPlace {
  /**
   * A group the view already filled with its own controls (a figure's disturbance
   * buttons, its choices): the buttons go first, and its `.clock` is the clock (one is
   * appended when it has none).
   */
  into?: HTMLElement;
  /** After the clock in a new group: an "Open in the Lab" link, a "Copy embed code" button. */
  extra?: readonly Node[];
}

/** Builds the toolbar, playing unless the reader prefers reduced motion. */
export function simulationToolbar(actions: ToolbarActions, place: ToolbarPlace = {}): Toolbar {
  let playing = !prefersReducedMotion();
  const fixedStep = { accumulator: 0 };
  const play = el('button', { type: 'button', 'data-action': 'play' });
  const step = el('button', { type: 'button', 'data-action': 'step' }, 'Step');
  const reset = el('button', { type: 'button', 'data-action': 'reset' }, 'Reset');
  const element = place.into ?? el('div');
  const clock = element.querySelector<HTMLSpanElement>('.clock') ?? el('span', { class: 'clock' });
  // The clock changes every frame: a screen reader is not told each change.
  clock.setAttribute('aria-live', 'off');
  element.classList.add('toolbar');
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', 'Simulation');
  element.prepend(play, step, reset);
  if (!element.contains(clock)) element.append(clock);
  element.append(...(place.extra ?? []));
  const setPlaying = (on: boolean) => {
    playing = on;
    fixedStep.accumulator = 0;
    play.textContent = on ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(on));
  };
  play.addEventListener('click', () => {
    if (!playing) actions.beforePlay?.();
    setPlaying(!playing);
    actions.toggled?.(playing);
  });
  step.addEventListener('click', () => {
    if (playing) {
      setPlaying(false);
      actions.toggled?.(false);
    }
    actions.step();
  });
  reset.addEventListener('click', () => {
    fixedStep.accumulator = 0;
    actions.reset();
  });
  setPlaying(playing);
  return {
    element,
    clock,
    get playing() {
      return playing;
    },
    setPlaying,
    restartClock() {
      fixedStep.accumulator = 0;
    },
    stepsFor(seconds, dt, speed = 1, maxSteps = 240) {
      return playing ? stepsForFrame(fixedStep, seconds, dt, speed, maxSteps) : 0;
    },
  };
}
