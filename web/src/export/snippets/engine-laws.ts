/**
 * Every law of the cube and the plate written out for engines that do not run
 * forcelab (Unity, Godot): each law's Rust file declares its program beside its
 * arithmetic (in the types of `crates/forcelab/src/program.rs`; `npm run core-data` writes
 * them to `core/programs.json`), and this module makes the card's choices in it (a
 * limit switched on, where the derivative acts, the anti-windup mode) to give an
 * {@link EngineProgram}, with `x`, `v` the body's position and velocity, `xt`, `vt` the
 * target's, `m` the mass and `dt` the fixed step. The numbers stay settings a reader
 * can edit. The box's laws are declared the same way, in vectors (their step gives
 * `torque` from the core's vocabulary: `vectorProgram`, `renderVectorStep`), or per unit
 * inertia (`ENGINE_TORQUE_LAWS`).
 */
import { CATALOGUE } from '../../core/catalogue';
import { optionValue } from '../../lab/law-options';
import { render, type Dialect, type EngineProgram, type LocalType, type Setting, type Statement } from './engine-program';
import { localKinds, vectorTranslator, type Kind, type VectorSpelling } from './vector-expression';
import type { SnippetInput } from './input';
import PROGRAMS_JSON from '../../core/programs.json';

/** What a law's program is made from: the Lab card's law, gains and options. */
export type LawInput = Pick<SnippetInput, 'kind' | 'kp' | 'kd' | 'ki' | 'options'>;

/** The value the card runs `key` with (its own, or the catalogue's default; null: a limit off). */
const option = (s: LawInput, key: string) => optionValue(s.kind, s.options, key);

/** A choice a card made, as the core declares it (`program.rs`, `Choice`). */
type Choice = { on: string } | { is: [string, string] } | { all: Choice[] };

/** A statement as the core declares it: an {@link Statement}, or one picked by the card's choice. */
type Declared =
  | { let: string; be: string; type?: LocalType }
  | { note: string }
  | { set: string; to: string }
  | { if: string; then: Declared[]; else?: Declared[] }
  | { for: string; from: string; to: string; do: Declared[] }
  | { push: string; value: string; keep: string }
  | { when: Choice; then: Declared[]; else?: Declared[] };

/** Words of a program's source line, some of them the card's choices. */
type SourceText = string | { value: string } | { when: Choice; then: SourceText[]; else: SourceText[] };

/** A law's program as its Rust file declares it (`npm run core-data` writes them all to programs.json). */
interface DeclaredProgram {
  source: SourceText[];
  settings: { name: string; gain?: 'ki'; option?: string; scaled: boolean; integer?: boolean; doc: string; when?: Choice }[];
  memory: { name: string; type: 'number' | 'bool' | 'list' | 'vector' | 'orientation'; doc: string; when?: Choice }[];
  step: Declared[];
}

/** Every law as the core declares it for engines (`controllers::programs`). */
const DECLARED = PROGRAMS_JSON as unknown as {
  force: Readonly<Record<string, DeclaredProgram>>;
  torque: Readonly<Record<string, EngineLaw>>;
  vector: Readonly<Record<string, DeclaredProgram>>;
  vocabulary: Record<'inputs' | 'functions', Readonly<Record<string, { type: Kind; doc: string }>>>;
};

/** What a box law's vector step may read and call, as the core declares it (`program::VECTOR_INPUTS`, `VECTOR_FUNCTIONS`). */
export const VOCABULARY = DECLARED.vocabulary;

/** Whether the card's choice holds: an option on (a number other than 0; a limit off is null), or set to a value. */
function holds(choice: Choice, s: LawInput): boolean {
  if ('all' in choice) return choice.all.every((c) => holds(c, s));
  if ('is' in choice) return option(s, choice.is[0]) === choice.is[1];
  const value = option(s, choice.on);
  return typeof value === 'number' && value !== 0;
}

/** The expression with each `Clamp(value, limit)` written out (held within +-limit when the
 *  card set that limit, else the value), and each vector's `ClampLength(value, limit)` kept
 *  only when the card set that limit. */
function clamps(text: string, s: LawInput): string {
  const found = /\b(Clamp|ClampLength)\(/.exec(text);
  if (!found) return text;
  const at = found.index;
  const open = found[0].length;
  let depth = 0;
  let comma = -1;
  let end = -1;
  for (let i = at + open; i < text.length && end < 0; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (c === ')') end = i;
    else if (c === ',' && depth === 0) comma = i;
  }
  if (end < 0 || comma < 0) throw new Error(`programs.json: an unclosed ${found[0]} in "${text}"`);
  const value = clamps(text.slice(at + open, comma).trim(), s);
  const limit = text.slice(comma + 1, end).trim();
  const on = holds({ on: limit }, s);
  const written = !on ? value : found[1] === 'Clamp' ? `Min(Max(${value}, -${limit}), ${limit})` : `ClampLength(${value}, ${limit})`;
  return text.slice(0, at) + written + clamps(text.slice(end + 1), s);
}

/** The statements the card's choices pick, with its limits written in. */
function resolve(statements: readonly Declared[], s: LawInput): Statement[] {
  const e = (text: string) => clamps(text, s);
  return statements.flatMap((d): Statement[] => {
    if ('when' in d) return resolve(holds(d.when, s) ? d.then : (d.else ?? []), s);
    if ('note' in d) return [d];
    if ('let' in d) return [{ let: d.let, be: e(d.be), ...(d.type ? { type: d.type } : {}) }];
    if ('set' in d) return [{ set: d.set, to: e(d.to) }];
    if ('push' in d) return [d];
    if ('for' in d) return [{ for: d.for, from: d.from, to: d.to, do: resolve(d.do, s) }];
    return [{ if: d.if, then: resolve(d.then, s), ...(d.else ? { else: resolve(d.else, s) } : {}) }];
  });
}

const sourceText = (parts: readonly SourceText[], s: LawInput): string =>
  parts.map((p) => (typeof p === 'string' ? p : 'value' in p ? String(option(s, p.value)) : sourceText(holds(p.when, s) ? p.then : p.else, s))).join('');

/** The card's law as its Rust file declares it, with the card's choices made. */
function declared(program: DeclaredProgram, s: LawInput): EngineProgram {
  const present = (when?: Choice) => when === undefined || holds(when, s);
  return {
    source: sourceText(program.source, s),
    settings: program.settings.filter((d) => present(d.when)).map((d): Setting => ({
      name: d.name,
      value: d.gain ? s[d.gain] : (option(s, d.option!) as number),
      scaled: d.scaled,
      ...(d.integer ? { integer: true } : {}),
      doc: d.doc,
    })),
    memory: program.memory.filter((d) => present(d.when)).map(({ name, type, doc }) => ({ name, type, doc })),
    step: resolve(program.step, s),
  };
}

/** `program` with the card's choices made, after the gains the catalogue gives the law
 *  (none for the one-step laws). */
function withGains(source: DeclaredProgram, s: LawInput): EngineProgram {
  const program = declared(source, s);
  const doc: Record<string, string> = { kp: 'stiffness, N/m', kd: 'damping, N s/m' };
  const gains = (CATALOGUE.laws.find((l) => l.id === s.kind)?.gains ?? []).flatMap((g): Setting[] => (g.key in doc ? [{ name: g.key, value: s[g.key as 'kp' | 'kd'], scaled: true, doc: doc[g.key]! }] : []));
  return { ...program, settings: [...gains, ...program.settings] };
}

/** The program of the card's law on the cube or the plate, or undefined for a law the core does not drive there.
 *  Its settings start with the gains the catalogue gives the law (none for the one-step laws). */
export function engineProgram(s: LawInput): EngineProgram | undefined {
  const source = DECLARED.force[s.kind];
  return source && withGains(source, s);
}

/** The card's law on the box written out in vectors (its step gives `torque`, N m, world;
 *  a law declared per unit inertia, {@link ENGINE_TORQUE_LAWS}, with the step the core
 *  composes for it), or undefined for a law the core does not drive there. */
export function vectorProgram(s: LawInput): EngineProgram | undefined {
  const torque = DECLARED.torque[s.kind];
  const source = DECLARED.vector[s.kind] ?? (torque && { source: [torque.source], settings: [], memory: [], step: torque.step });
  return source && withGains(source, s);
}

/**
 * A box program's step in one language: its lines (below `base`) up to the last, the
 * `torque` that last one gives (the template applies it as its engine does), and the
 * vocabulary they use, so that the template defines the helpers it calls and no others.
 */
export function renderVectorStep(program: EngineProgram, dialect: Dialect, spelling: VectorSpelling, base: string): { lines: string[]; torque: string; used: Set<string> } {
  const last = program.step.at(-1);
  if (!last || !('let' in last) || last.let !== 'torque') throw new Error(`programs.json: a box program's step ends with its torque, not ${JSON.stringify(last)}`);
  const kinds = (words: Readonly<Record<string, { type: Kind }>>) => Object.entries(words).map(([name, w]) => [name, w.type] as const);
  const values = new Map<string, Kind>([
    ...kinds(VOCABULARY.inputs),
    ...program.settings.map((f) => [f.name, 'number'] as const),
    ...program.memory.map((f) => [f.name, f.type === 'list' ? 'number' : f.type] as const),
    ...localKinds(program.step),
  ]);
  const translator = vectorTranslator({ values, calls: Object.fromEntries(kinds(VOCABULARY.functions)) }, spelling);
  const lines = render(program.step.slice(0, -1), dialect, base, 0, translator.print);
  return { lines, torque: translator.print(last.be), used: translator.used };
}

/** A law of the box written out for engines: statements that give `stiffness` and `damping`, and its whole step (the core's `program::TorqueProgram`). */
export interface EngineLaw {
  /** Where the formula lives in the core. */
  source: string;
  /** Statements, in a C-like syntax shared by C# and GDScript once `double `/`var ` is put before each new name. */
  lines: readonly [name: string, expression: string][];
  /** The angle as article 002's listing reads it (the engine's angle-axis, up to 360
   *  degrees: the long way past 180), not the shortest rotation. */
  printedAngle: boolean;
  /** The step in vectors the core composes from `lines` (`TorqueProgram::step`). */
  step: Declared[];
}

/**
 * The torque laws written out for engines, per unit inertia, as each law's Rust file
 * declares it: each gives `stiffness` (1/s^2) and `damping` (1/s) from `kpu = kp / m`,
 * `kdu = kd / m` and the step `dt`; the snippet then applies `tau = I_w (stiffness theta +
 * damping (w_t - w))`, with `theta` the shortest rotation vector to the target and `I_w`
 * the world inertia (the core composes that step: {@link vectorProgram} reads it). The
 * SPDs, the one-step laws and the PID on an orientation are declared in vectors instead.
 */
export const ENGINE_TORQUE_LAWS: Readonly<Record<string, EngineLaw>> = DECLARED.torque;

/** Why an engine template does not write out `kind` on `plant` (a law forcelab does not
 *  drive there: every law it drives has its template), and which laws it does. */
export function notWrittenOut(plant: string, kind: string, name: string): { why: string; written: string } {
  return { why: `${name} (${kind}) is not a law forcelab drives on the ${plant}`, written: 'every law forcelab drives on the cube, the plate and the box' };
}
