/**
 * A Lab figure's opening run, replayed from the frames the build asked of the core
 * (`figures/lab-opening.ts`) until the reader reaches for the figure and the Lab's door
 * is loaded. It answers what the Lab page asks of a run at rest (its rows, a rewind, its
 * steps, its snapshots) from the recording, and refuses what needs the core (new gains,
 * a moved target): those wait for the door (`hold-until-live.ts`).
 */
import { SERIES, seriesWidths, snapshotOf, type LabSnapshot, type Run, type SeriesName } from '../core/wasm';
import type { RecordedFrame } from '../figures/lab-opening';

export class RecordedRun implements Run {
  private shown = 1;
  private readonly series: Record<SeriesName, Float64Array>;
  private readonly width: Record<SeriesName, number>;
  private readonly diverged: Uint8Array;
  private readonly failures: (string | undefined)[];

  constructor(private readonly frame: RecordedFrame) {
    this.width = seriesWidths(frame.length, frame.poseSize);
    // The series not recorded are never drawn before the Lab is loaded (`RECORDED_SERIES`): NaN, not a plausible 0, should one ever be.
    const recorded = frame.series as Partial<Record<SeriesName, number[]>>;
    this.series = Object.fromEntries(
      SERIES.map((k) => [k, recorded[k] ? Float64Array.from(recorded[k]) : new Float64Array(frame.rows * this.width[k]).fill(NaN)]),
    ) as Record<SeriesName, Float64Array>;
    this.diverged = Uint8Array.from(frame.diverged);
    this.failures = frame.failures.map((f) => f ?? undefined);
  }

  /** Rows of the run so far: the initial state and one per step taken. */
  get rows(): number {
    return this.shown;
  }

  step(steps: number): void {
    this.rerun(this.shown - 1 + steps);
  }

  reset(): void {
    this.shown = 1;
  }

  rerun(steps: number): void {
    if (steps + 1 > this.frame.rows) throw new Error(`steps must be at most ${this.frame.rows - 1} in the recorded opening, got ${steps}`);
    this.shown = steps + 1;
  }

  setGains(): void {
    throw new Error('the Lab is not loaded: new gains wait for it');
  }

  setTarget(): void {
    throw new Error('the Lab is not loaded: a moved target waits for it');
  }

  /** The recorded trace up to the rows shown; its metrics and hash only once it is whole (they describe the whole run). */
  snapshot(metrics = false, hash = false): LabSnapshot {
    const rows = this.shown;
    const whole = rows === this.frame.rows;
    return {
      ...snapshotOf(this.frame.length, this.frame.poseSize, rows, (name) => this.series[name].subarray(0, rows * this.width[name]), this.diverged, this.failures),
      ...(whole && metrics ? { stepResponses: this.frame.stepResponses as LabSnapshot['stepResponses'] } : {}),
      ...(whole && hash ? { traceHash: this.frame.traceHash } : {}),
    };
  }

  free(): void {}
}
