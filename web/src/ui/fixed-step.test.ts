import { describe, expect, it } from 'vitest';
import { stepsForFrame } from './fixed-step';

describe('fixed-step clock', () => {
  it('takes one 1/60 s step per 60 Hz frame and two per 30 Hz frame', () => {
    const clock = { accumulator: 0 };
    const counts = Array.from({ length: 6 }, () => stepsForFrame(clock, 1 / 60, 1 / 60));
    expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
    expect(stepsForFrame(clock, 1 / 30, 1 / 60)).toBe(2);
  });
  it('keeps physics time equal to wall time at any frame rate', () => {
    const clock = { accumulator: 0 };
    let steps = 0;
    for (let i = 0; i < 144; i++) steps += stepsForFrame(clock, 1 / 144, 0.01);
    expect(steps).toBeGreaterThanOrEqual(99);
    expect(steps).toBeLessThanOrEqual(100);
  });
  it('caps a long frame instead of spiralling', () => {
    const clock = { accumulator: 0 };
    expect(stepsForFrame(clock, 10, 0.001, 1, 100)).toBe(100);
    expect(clock.accumulator).toBe(0);
  });
  it('ignores nonsense frame durations', () => {
    const clock = { accumulator: 0 };
    expect(stepsForFrame(clock, Number.NaN, 0.01)).toBe(0);
    expect(stepsForFrame(clock, -1, 0.01)).toBe(0);
  });
  it('runs a speed-up faster and caps a long frame at a quarter second of its own time', () => {
    // Twice speed: a 60 Hz frame holds two 1/60 s steps.
    expect(stepsForFrame({ accumulator: 0 }, 1 / 60, 1 / 60, 2)).toBe(2);
    // A 1 s frame (a stalled tab) at twice speed counts as 0.25 s of the reader's time, 0.5 s of physics.
    expect(stepsForFrame({ accumulator: 0 }, 1, 0.01, 2)).toBe(50);
  });
  it('keeps the time left over when a frame takes exactly the most steps', () => {
    const clock = { accumulator: 0 };
    expect(stepsForFrame(clock, 0.045, 0.01, 1, 4)).toBe(4);
    expect(clock.accumulator).toBeCloseTo(0.005, 12);
    expect(stepsForFrame(clock, 0.005, 0.01, 1, 4)).toBe(1);
  });
});

