// A Lab figure's opening recorded as the build records it (`figures/lab-opening.ts`) and
// replayed (`recorded-run.ts`) gives, row for row, the bits the core's own run gives for
// the same figure: what a reader sees before the Lab loads is what the Lab then shows.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LabRun, everyPlantDoor, loadLabFromBytes, type LabSnapshot } from '../core/wasm';
import { conversionKey } from '../core/conversion-key';
import type { LabFigure } from '../core/presets';
import { labFigureState } from '../figures/lab-figure';
import { RECORDED_SERIES, labOpening, openingConversions, type LabDoor } from '../figures/lab-opening';
import { RecordedRun } from './recorded-run';
import { labConfig, wholeRun } from './lab-state';

beforeAll(async () => {
  await loadLabFromBytes(readFileSync(new URL('../../pkg-lab/forcelab_wasm_bg.wasm', import.meta.url)));
});

const figures = (): LabFigure[] => (JSON.parse(readFileSync(new URL('../core/presets.json', import.meta.url), 'utf8')) as { labFigures: LabFigure[] }).labFigures;

/** What a frame draws before the Lab loads, as plain arrays. */
const drawn = (s: LabSnapshot) => ({
  rows: s.rows,
  n: s.n,
  poseSize: s.poseSize,
  ...Object.fromEntries(RECORDED_SERIES.map((k) => [k, Array.from(s[k])])),
  diverged: Array.from(s.diverged),
  failures: s.failures,
});

describe('a Lab figure opening on its recorded run', () => {
  it('has every chapter figure to replay', () => {
    expect(figures().length).toBeGreaterThanOrEqual(11);
  });

  for (const figure of figures()) {
    it(`${figure.id}: draws the core's run bit for bit, whole and at any row, with its metrics and hash once whole`, () => {
      const state = labFigureState(figure);
      const opening = labOpening(everyPlantDoor() as unknown as LabDoor, state);
      const recorded = new RecordedRun(opening.frame);
      const live = new LabRun(labConfig(state));
      try {
        const steps = wholeRun(state);
        recorded.rerun(steps);
        live.rerun(steps);
        const [a, b] = [recorded.snapshot(true, true), live.snapshot(true, true)];
        expect(drawn(a)).toEqual(drawn(b));
        expect(a.stepResponses).toEqual(b.stepResponses);
        expect(a.traceHash).toBe(b.traceHash);
        // Part of the way (a rewind, then steps): the same rows, and no metrics of a run not yet whole.
        for (const k of [0, 1, Math.floor(steps / 3)]) {
          recorded.reset();
          live.reset();
          recorded.step(k);
          live.step(k);
          const [c, d] = [recorded.snapshot(true, true), live.snapshot()];
          expect(c.rows).toBe(k + 1);
          expect(Array.from(c.x)).toEqual(Array.from(d.x));
          expect(Array.from(c.pose)).toEqual(Array.from(d.pose));
          expect(Array.from(c.force)).toEqual(Array.from(d.force));
          expect(c.stepResponses).toBeUndefined();
          expect(c.traceHash).toBeUndefined();
        }
        // The series it does not record are not a plausible number: the terms wait for the Lab.
        expect(recorded.snapshot().v.every(Number.isNaN)).toBe(true);
        expect(() => recorded.rerun(steps + 1)).toThrow(`steps must be at most ${steps} in the recorded opening, got ${steps + 1}`);
        expect(() => recorded.setGains()).toThrow('the Lab is not loaded');
        expect(() => recorded.setTarget()).toThrow('the Lab is not loaded');
        // Every gain law's card asks its form's fields and its damping ratios, each recorded.
        const asked = openingConversions(state);
        expect(asked).toHaveLength(2 * state.laws.filter((l) => l.kind !== 'one-step').length);
        expect(Object.keys(opening.conversions).sort()).toEqual([...new Set(asked.map(([name, args]) => conversionKey(name, args)))].sort());
      } finally {
        live.free();
      }
    });
  }
});
