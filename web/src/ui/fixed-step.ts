/**
 * Runs physics at a fixed `dt` whatever the display's frame rate: each frame adds its
 * real duration (times `speed`) to an accumulator and takes as many whole steps as fit.
 * A frame that would need more than `maxSteps` (a background tab, a slow phone) takes
 * `maxSteps` and drops the rest, so the page slows down instead of freezing.
 */
export interface FixedStepClock {
  accumulator: number;
}

export function stepsForFrame(
  clock: FixedStepClock,
  frameSeconds: number,
  dt: number,
  speed = 1,
  maxSteps = 240,
): number {
  const elapsed = Number.isFinite(frameSeconds) && frameSeconds > 0 ? frameSeconds * speed : 0;
  // A step needs accumulator >= dt; the epsilon keeps 1/60 + 1/60 + 1/60 from losing
  // a step to rounding.
  clock.accumulator += Math.min(elapsed, 0.25 * speed);
  let steps = Math.floor(clock.accumulator / dt + 1e-9);
  if (steps > maxSteps) {
    steps = maxSteps;
    clock.accumulator = 0;
  } else {
    clock.accumulator = Math.max(0, clock.accumulator - steps * dt);
  }
  return steps;
}
