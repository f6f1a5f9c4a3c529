/**
 * The chain laws written out for engines that do not run forcelab (Unity's
 * ArticulationBody, Godot's hinged RigidBody3D links): each law's Rust file declares its
 * program beside its arithmetic (`crates/forcelab/src/controllers/chain/program.rs`;
 * `npm run core-data` writes them to `core/programs.json` under `chain`), and the chain
 * templates only spell it. A chain step sets `tau[i]` for every joint from the core's
 * chain vocabulary: `q`, `qd`, `qt`, `dt`, the per-joint gains, and, where the law names
 * them, `M`, `G`, `C`; its list operations (`Zeros`, `Copy`, `Solve`) each template
 * writes as a helper of its own.
 */
import PROGRAMS_JSON from '../../core/programs.json';
import type { Statement } from './engine-program';
import { literal, wrap } from './input';

/** A chain program as its Rust file declares it (no card choices: a chain law has none). */
interface DeclaredChainProgram {
  source: string[];
  settings: { name: string; gain: 'kp' | 'kd' | 'ki'; doc: string }[];
  memory: { name: string; type: 'joints'; doc: string }[];
  step: Statement[];
}

/** One name of the chain vocabulary: the kind of its value and what it is. */
interface Word {
  type: 'int' | 'number' | 'list' | 'matrix';
  doc: string;
}

const DECLARED = PROGRAMS_JSON as unknown as {
  chain: Readonly<Record<string, DeclaredChainProgram>>;
  chainVocabulary: Record<'inputs' | 'functions', Readonly<Record<string, Word>>>;
};

/** What a chain step may read and call, as the core declares it (`CHAIN_INPUTS`, `CHAIN_FUNCTIONS`). */
export const CHAIN_VOCABULARY = DECLARED.chainVocabulary;

/** Every chain law the core writes out, by id, in the core's order of ids. */
export const CHAIN_LAWS: readonly string[] = Object.keys(DECLARED.chain);

/** What a chain snippet is built from: one arm of the arm figure, with the reader's numbers. */
export interface ChainSnippetInput {
  /** The chain law's id (`joint-pd`, `mass-matrix-spd`, ...). */
  law: string;
  /** Its name as the page shows it. */
  name: string;
  /** The links, shoulder first: length m, mass kg (uniform rods). */
  links: readonly { length: number; mass: number }[];
  /** Gravity, m/s^2 along -y. */
  gravity: number;
  /** The pose the arm is built at (the figure's start), rad per joint: where a script that reads the angles from the links' relative rotation counts from. */
  start: readonly number[];
  /** The pose to lift to and hold, rad per joint. */
  target: readonly number[];
  /** Per-joint gains, the same on every joint: N m/rad, N m s/rad, N m/(rad s) (the PID's). */
  kp: number;
  kd: number;
  ki: number;
  /** Fixed physics step, s. */
  dt: number;
}

/** A per-joint gain of the law, with the reader's value on every joint. */
export interface ChainGain {
  name: 'kp' | 'kd' | 'ki';
  values: number[];
  doc: string;
}

/** A chain law ready to spell: its source line, per-joint gains, memory, step and what the step reads. */
export interface ChainProgram {
  source: string;
  gains: ChainGain[];
  memory: { name: string; doc: string }[];
  step: Statement[];
}

/** Every expression and assignment target of `statements`, for {@link ChainProgram.uses}. */
function texts(statements: readonly Statement[]): string[] {
  return statements.flatMap((s): string[] => {
    if ('let' in s) return [s.be];
    if ('set' in s) return [s.set, s.to];
    if ('for' in s) return [s.from, s.to, ...texts(s.do)];
    if ('if' in s) return [s.if, ...texts(s.then), ...texts(s.else ?? [])];
    if ('push' in s) return [s.value, s.keep];
    return [];
  });
}

/** The vocabulary `step` names (`qt`, `M`, `G`, `C`, `Solve`, ...): a template reads or defines only those. */
export function vocabularyUsed(step: readonly Statement[]): Set<string> {
  const words = new Set(texts(step).flatMap((t) => t.match(/\b[A-Za-z_]\w*\b/g) ?? []));
  const vocabulary = [...Object.keys(CHAIN_VOCABULARY.inputs), ...Object.keys(CHAIN_VOCABULARY.functions)];
  return new Set(vocabulary.filter((w) => words.has(w)));
}

/** The chain law of `s` with the reader's gains on each joint, or undefined for a law the core does not write out. */
export function chainProgram(s: ChainSnippetInput): ChainProgram | undefined {
  const declared = DECLARED.chain[s.law];
  if (!declared) return undefined;
  return {
    source: declared.source.join(''),
    gains: declared.settings.map((g) => ({ name: g.gain, values: s.target.map(() => s[g.gain]), doc: g.doc })),
    memory: declared.memory.map(({ name, doc }) => ({ name, doc })),
    step: declared.step,
  };
}

/** A list of numbers as `open` literal, ..., `close`: `{ 50.0, 50.0 }` or `[50.0, 50.0]`. */
export const numbers = (values: readonly number[], open: string, close: string) => `${open}${values.map(literal).join(', ')}${close}`;

/** What a chain snippet drives, in a phrase, and its units and signs: the opening comment. */
export function chainHeader(s: ChainSnippetInput, comment: string, joints: string): string {
  const links = s.links.map((l) => `${literal(l.length)} m, ${literal(l.mass)} kg`).join('; ');
  return [
    wrap(`forcelab: ${s.name} holding an arm of ${s.links.length} links (${links}) at a pose under gravity (${literal(s.gravity)} m/s^2), one fixed step of ${literal(s.dt)} s.`, comment),
    wrap(`Units: SI (rad, kg, s, N m). Signs: ${joints} the error is target - angle. Gains per joint: kp N m/rad, kd N m s/rad, ki N m/(rad s).`, comment),
  ].join('\n');
}
