/**
 * Bring your trace (web/pkg-trace, loaded by `loadTrace`), typed: chapter 10's panel. The
 * core reads the trace, fits it, explains it and replays its explanations
 * (`forcelab::user_trace`); this module only names the shapes the bindings return. The
 * door holds the engine twins the explanations run (not the translator's bindings), so
 * the panel needs no other.
 */
import init, { explainTrace, initSync, traceEngines as enginesOfTrace, traceExample } from '../../pkg-trace/forcelab_wasm.js';
import type { Parameter } from './engines-wasm';
import { loader } from './loader';

/** Loads the trace's part of the core (once), in the browser or from its bytes (tests). */
export const { load: loadTrace, loadSync: loadTraceSync } = loader(init, initSync);

/** The engines a trace can be explained by: `{ id, name }` (the core's `Engine`). */
export function traceEngines(): { id: string; name: string }[] {
  return enginesOfTrace() as { id: string; name: string }[];
}

/** The spring a reader wanted: natural frequency (Hz) and damping ratio. */
export interface Want {
  frequency: number;
  dampingRatio: number;
}

/** What the trace panel asks of a trace (every field optional: the core's defaults). */
export interface TraceOptions {
  /** An engine's id (`forcelab` for the Lab's laws), or null for what the trace amounts to alone. */
  engine?: string | null;
  mass?: number;
  /** The target, or null to read it from the trace. */
  target?: number | null;
  /** The numbers the reader set, by the engine's names. */
  parameters?: Record<string, number> | null;
  want?: Want | null;
  /** How many of the best matches come with their run, code and fix (5). */
  replays?: number;
}

/** Something in a trace a spring does not explain. */
export interface TraceEventJs {
  kind: 'stopped' | 'speedCap' | 'diverged';
  at: number | null;
  left: number | null;
  speed: number | null;
}

/** One explanation: an engine's drive at a settings variant (or a Lab law under an integrator) with its numbers. */
export interface TraceMatch {
  id: string;
  variant: string;
  api: string;
  /** The settings in words ("its default settings", "sub-steps-1 (subStepCount changed)", "rk4 integrator"). */
  settings: string;
  /** One sentence per setting changed from the defaults: its value, its default and what it does. */
  differences: string[];
  changed: string[];
  parameters: Parameter[];
  rmsError: number;
  maxError: number;
  exact: boolean;
  run: number[] | null;
  code: string | null;
  instead: Parameter[] | null;
  insteadRefused: string | null;
  insteadCode: string | null;
}

/** A trace read, what it amounts to, and its explanations, best first. */
export interface ExplainedTrace {
  time: number[];
  position: number[];
  dt: number;
  readAs: string;
  angular: boolean;
  unevenStep: number | null;
  skippedLines: number;
  start: number;
  end: number;
  target: number;
  frequency: number | null;
  frequencyError: number | null;
  dampingRatio: number | null;
  dampingRatioError: number | null;
  fitResidual: number | null;
  settle: number | null;
  overshoot: number;
  events: TraceEventJs[];
  spring: number[] | null;
  matches: TraceMatch[];
}

/** The trace the panel opens with, and what it asks of it (the core's `TRACE_EXAMPLE`). */
export function exampleTrace(): { text: string; engine: string; mass: number; want: Want } {
  return traceExample() as { text: string; engine: string; mass: number; want: Want };
}

/** Reads and explains a trace; throws the core's refusal (a line by its number, an option by its field). */
export function explain(text: string, options: TraceOptions): ExplainedTrace {
  return explainTrace(text, options) as ExplainedTrace;
}
