/**
 * A chapter's Lab figure at its opening settings, asked of the Lab's part of the core
 * when the site is built (web/build/first-view-plugin.ts) so that a reader who only reads
 * the figure downloads no wasm: its whole run at rest (what the Lab draws when a paused
 * figure opens), and the gain conversions its cards ask on mounting. Declared once here
 * for the build and the page; the page asks the door itself as soon as the reader reaches
 * for the figure (`lab/hold-until-live.ts`), and a browser test holds the two equal.
 */
import { conversionKey } from '../core/conversion-key.ts';
import type { LabState } from '../lab/lab-state.ts';
import { GAINLESS, labConfig, wholeRun } from '../lab/lab-state.ts';

/**
 * The series an opening draws: the response, the effort and the pose plots, and the
 * canvas. The rate and the P, I, D and feed-forward terms are drawn or written only by
 * what the reader opens (the terms' plots, the export), which waits for the Lab.
 */
export const RECORDED_SERIES = ['time', 'target', 'x', 'force', 'pose'] as const;

/** A frame of the core's `Lab.frame(true, true)`, its drawn series copied out of wasm memory into plain arrays. */
export interface RecordedFrame {
  rows: number;
  length: number;
  poseSize: number;
  series: Record<(typeof RECORDED_SERIES)[number], number[]>;
  diverged: number[];
  failures: (string | null | undefined)[];
  stepResponses: unknown[];
  traceHash: string;
}

/** The figure's opening: its whole run, and each gain conversion its cards ask, by question (`conversionKey`). */
export interface LabOpening {
  frame: RecordedFrame;
  conversions: Record<string, number[]>;
}

/**
 * The conversions the cards of `state` ask on mounting (`lab-cards.ts`): each gain law's
 * fields in the figure's gain form, and its damping ratios from its raw gains.
 */
export function openingConversions(state: LabState): [string, unknown[]][] {
  return state.laws
    .filter((l) => !GAINLESS.has(l.kind))
    .flatMap((l): [string, unknown[]][] => [
      ['gainFormFromRaw', [state.parameterisation, l.kp, l.kd, state.mass]],
      ['gainReadout', ['raw', [l.kp, l.kd], l.kind, state.integrator, state.mass, state.dt]],
    ]);
}

/** The Lab's door as the opening asks it: the package of web/pkg-lab, or of a one-plant build. */
export interface LabDoor {
  Lab: new (config: unknown) => { rerun(steps: number): void; frame(metrics: boolean, hash: boolean): object; free(): void };
  [conversion: string]: unknown;
}

/** The opening of the figure whose state is `state`, asked of `door`. */
export function labOpening(door: LabDoor, state: LabState): LabOpening {
  const lab = new door.Lab(labConfig(state));
  try {
    lab.rerun(wholeRun(state));
    const f = lab.frame(true, true) as Omit<RecordedFrame, 'series' | 'diverged'> & { series: Record<string, Float64Array>; diverged: Uint8Array };
    const series = Object.fromEntries(RECORDED_SERIES.map((k) => [k, Array.from(f.series[k]!)])) as RecordedFrame['series'];
    const frame: RecordedFrame = { ...f, series, diverged: Array.from(f.diverged), failures: f.failures.map((x) => x ?? null) };
    const conversions: Record<string, number[]> = {};
    for (const [name, args] of openingConversions(state)) {
      const convert = door[name] as (...a: unknown[]) => ArrayLike<number>;
      conversions[conversionKey(name, args)] = Array.from(convert(...args));
    }
    return { frame, conversions };
  } finally {
    lab.free();
  }
}
