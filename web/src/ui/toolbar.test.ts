// @vitest-environment happy-dom
// The one toolbar every animated view runs under: Play and Pause say what they do and
// whether it plays; Step pauses first, then steps once; Reset keeps whether it plays;
// Play after a run's end lets the view start it over; a reader who prefers reduced
// motion starts paused; the clock turns a frame's real time into whole steps only
// while it plays.
import { afterEach, describe, expect, it } from 'vitest';
import { $, reducedMotion } from '../../../tests/dom/page';
import { simulationToolbar, type ToolbarActions } from './toolbar';

afterEach(() => reducedMotion(false));

function toolbar(place = {}) {
  const log: string[] = [];
  const actions: ToolbarActions = {
    step: () => log.push('step'),
    reset: () => log.push('reset'),
    beforePlay: () => log.push('beforePlay'),
    toggled: (on) => log.push(`toggled ${on}`),
  };
  const t = simulationToolbar(actions, place);
  const button = (action: string) => $<HTMLButtonElement>(t.element, `button[data-action="${action}"]`);
  return { t, log, button };
}

describe('the simulation toolbar', () => {
  it('is a named group of Play, Step, Reset and the clock, playing unless reduced motion is asked for', () => {
    const { t, button } = toolbar();
    expect(t.element.getAttribute('role')).toBe('group');
    expect(t.element.getAttribute('aria-label')).toBe('Simulation');
    expect(t.element.classList.contains('toolbar')).toBe(true);
    expect([...t.element.children].map((c) => c.textContent)).toEqual(['Pause', 'Step', 'Reset', '']);
    expect(t.clock.className).toBe('clock');
    expect(t.clock.getAttribute('aria-live')).toBe('off');
    expect(t.playing).toBe(true);
    expect(button('play').getAttribute('aria-pressed')).toBe('true');
    reducedMotion(true);
    const still = toolbar();
    expect(still.t.playing).toBe(false);
    expect(still.button('play').textContent).toBe('Play');
    expect(still.button('play').getAttribute('aria-pressed')).toBe('false');
  });

  it('pauses and plays, asking the view to start over only when Play starts it', () => {
    const { t, log, button } = toolbar();
    button('play').click();
    expect(t.playing).toBe(false);
    expect(button('play').textContent).toBe('Play');
    expect(log).toEqual(['toggled false']);
    button('play').click();
    expect(t.playing).toBe(true);
    expect(log).toEqual(['toggled false', 'beforePlay', 'toggled true']);
  });

  it('steps once, pausing first if it played; resets without changing whether it plays', () => {
    const { t, log, button } = toolbar();
    button('step').click();
    expect(t.playing).toBe(false);
    expect(log).toEqual(['toggled false', 'step']);
    button('step').click();
    expect(log).toEqual(['toggled false', 'step', 'step']);
    button('reset').click();
    expect(log.at(-1)).toBe('reset');
    expect(t.playing).toBe(false);
  });

  it('counts whole steps of real time only while playing, forgetting the rest after a reset', () => {
    const { t, button } = toolbar();
    expect(t.stepsFor(0.05, 0.02)).toBe(2);
    // The 0.01 s left over makes a step with the next 0.01 s.
    expect(t.stepsFor(0.01, 0.02)).toBe(1);
    expect(t.stepsFor(0.03, 0.02)).toBe(1);
    button('reset').click();
    expect(t.stepsFor(0.01, 0.02)).toBe(0);
    t.restartClock();
    expect(t.stepsFor(0.01, 0.02)).toBe(0);
    expect(t.stepsFor(0.1, 0.02, 2)).toBe(10);
    expect(t.stepsFor(0.25, 0.001, 1, 100)).toBe(100);
    t.setPlaying(false);
    expect(t.stepsFor(1, 0.02)).toBe(0);
    expect(button('play').textContent).toBe('Play');
  });

  it('goes into a view\'s own group, buttons first, using its clock, with extras after', () => {
    const group = document.createElement('div');
    const clock = document.createElement('span');
    clock.className = 'clock';
    const choice = document.createElement('select');
    group.append(choice, clock);
    const link = document.createElement('a');
    const { t } = toolbar({ into: group, extra: [link] });
    expect(t.element).toBe(group);
    expect(t.clock).toBe(clock);
    expect([...group.children].map((c) => c.tagName)).toEqual(['BUTTON', 'BUTTON', 'BUTTON', 'SELECT', 'SPAN', 'A']);
  });
});
