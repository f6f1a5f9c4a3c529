/**
 * Every law of the cube and the plate written out for engines that do not run
 * forcelab (Unity, Godot): each law's Rust file declares its program beside its
 * arithmetic (in the types of `crates/forcelab/src/program.rs`; `npm run core-data` writes
 * them to `core/programs.json`), and this module makes the card's choices in it (a
 * limit switched on, where the derivative acts, the anti-windup mode) to give an
 * {@link EngineProgram}, with `x`, `v` the body's position and velocity, `xt`, `vt` the
 * target's, `m` the mass and `dt` the fixed step. The numbers stay settings a reader
 * can edit.
 */
import { CATALOGUE } from '../../core/catalogue';
import { optionValue } from '../../lab/law-options';
import type { EngineProgram, Setting, Statement } from './engine-program';
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
  | { let: string; be: string; type?: 'int' }
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
  memory: { name: string; type: 'number' | 'bool' | 'list'; doc: string; when?: Choice }[];
  step: Declared[];
}

/** Every law as the core declares it for engines (`controllers::programs`). */
const DECLARED = PROGRAMS_JSON as unknown as {
  force: Readonly<Record<string, DeclaredProgram>>;
  torque: Readonly<Record<string, EngineLaw>>;
  predicting: Readonly<Record<string, PredictingLaw>>;
};

/** Whether the card's choice holds: an option on (a number other than 0; a limit off is null), or set to a value. */
function holds(choice: Choice, s: LawInput): boolean {
  if ('all' in choice) return choice.all.every((c) => holds(c, s));
  if ('is' in choice) return option(s, choice.is[0]) === choice.is[1];
  const value = option(s, choice.on);
  return typeof value === 'number' && value !== 0;
}

/** The expression with each `Clamp(value, limit)` written out: held within +-limit when the card set that limit, else the value. */
function clamps(text: string, s: LawInput): string {
  const at = text.indexOf('Clamp(');
  if (at < 0) return text;
  let depth = 0;
  let comma = -1;
  let end = -1;
  for (let i = at + 'Clamp('.length; i < text.length && end < 0; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (c === ')') end = i;
    else if (c === ',' && depth === 0) comma = i;
  }
  if (end < 0 || comma < 0) throw new Error(`programs.json: an unclosed Clamp( in "${text}"`);
  const value = clamps(text.slice(at + 'Clamp('.length, comma).trim(), s);
  const limit = text.slice(comma + 1, end).trim();
  const written = holds({ on: limit }, s) ? `Min(Max(${value}, -${limit}), ${limit})` : value;
  return text.slice(0, at) + written + clamps(text.slice(end + 1), s);
}

/** The statements the card's choices pick, with its limits written in. */
function resolve(statements: readonly Declared[], s: LawInput): Statement[] {
  const e = (text: string) => clamps(text, s);
  return statements.flatMap((d): Statement[] => {
    if ('when' in d) return resolve(holds(d.when, s) ? d.then : (d.else ?? []), s);
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

/** The choices a PID card made, as the engine templates write them in: the limits
 *  switched on, where the derivative acts, the filter, the anti-windup mode, and the
 *  settings a reader can still edit (efforts in `effort`: N, or N m on the box). */
export function pidChoices(s: LawInput, effort = 'N') {
  const integralLimit = option(s, 'integralLimit') as number | null;
  const outputLimit = option(s, 'outputLimit') as number | null;
  const onError = option(s, 'derivativeOn') === 'error';
  const filter = option(s, 'derivativeFilter') as number;
  // Without an output clamp nothing saturates, and every anti-windup mode keeps the integral as it is.
  const mode = outputLimit === null ? 'none needed (no output clamp)' : (option(s, 'antiWindup') as string);
  const setting = (name: string, value: number | null, scaled: boolean, doc: string): Setting[] => (value === null ? [] : [{ name, value, scaled, doc }]);
  const settings = [
    ...setting('ki', s.ki, true, 'integral gain, N/(m s)'),
    ...setting('integralLimit', integralLimit, effort === 'N', `the integral term's limit, ${effort}`),
    ...setting('outputLimit', outputLimit, effort === 'N', `the actuator's limit, ${effort}`),
    ...setting('derivativeFilter', filter > 0 ? filter : null, false, 'time constant of the low-pass on the derivative, s'),
    ...setting('kt', mode === 'back-calculation' ? (option(s, 'kt') as number) : null, false, 'back-calculation tracking gain, 1/s'),
  ];
  // Whether the step needs the unclamped sum: the output can saturate and the mode reacts to it.
  const reactsToSaturation = outputLimit !== null && mode !== 'clamp';
  return { integralLimit, outputLimit, onError, filter, mode, reactsToSaturation, settings };
}

/** The program of the card's law on the cube or the plate, or undefined for a law the core does not drive there.
 *  Its settings start with the gains the catalogue gives the law (none for the one-step laws). */
export function engineProgram(s: LawInput): EngineProgram | undefined {
  const source = DECLARED.force[s.kind];
  if (!source) return undefined;
  const program = declared(source, s);
  const doc: Record<string, string> = { kp: 'stiffness, N/m', kd: 'damping, N s/m' };
  const gains = (CATALOGUE.laws.find((l) => l.id === s.kind)?.gains ?? []).flatMap((g): Setting[] => (g.key in doc ? [{ name: g.key, value: s[g.key as 'kp' | 'kd'], scaled: true, doc: doc[g.key]! }] : []));
  return { ...program, settings: [...gains, ...program.settings] };
}

/** A law of the box written out for engines: statements that give `stiffness` and `damping` (the core's `program::TorqueProgram`). */
export interface EngineLaw {
  /** Where the formula lives in the core. */
  source: string;
  /** Statements, in a C-like syntax shared by C# and GDScript once `double `/`var ` is put before each new name. */
  lines: readonly [name: string, expression: string][];
  /** The angle as article 002's listing reads it (the engine's angle-axis, up to 360
   *  degrees: the long way past 180), not the shortest rotation. */
  printedAngle: boolean;
}

/**
 * The torque laws written out for engines, per unit inertia, as each law's Rust file
 * declares it: each gives `stiffness` (1/s^2) and `damping` (1/s) from `kpu = kp / m`,
 * `kdu = kd / m` and the step `dt`; the snippet then applies `tau = I_w (stiffness theta +
 * damping (w_t - w))`, with `theta` the shortest rotation vector to the target and `I_w`
 * the world inertia. The SPDs and the one-step laws on an orientation predict in the
 * principal frame; each language's template writes them out in full.
 */
export const ENGINE_TORQUE_LAWS: Readonly<Record<string, EngineLaw>> = DECLARED.torque;

/** A box law that predicts the next step in the body's principal frame (the SPDs, the one-step laws), for engines (the core's `program::PredictingProgram`). */
export interface PredictingLaw {
  /** Where the law lives in the core, and what it does. */
  source: string;
  /** Whether it reads the Lab's gains (the one-step laws have none). */
  gains: boolean;
}

/** Such a law's step in one language: the helpers it names and the body of the physics callback (it ends by applying the torque). */
export interface PredictingStep {
  helpers: string[];
  step: string;
}

/**
 * The box laws that predict in the principal frame, as the core says where each lives;
 * each language's template writes out their steps (`csharp.ts`, `gdscript.ts`) from
 * these formulas of the core. The target is at rest, so where it will be after the step
 * is where it is.
 */
export const PREDICTING_LAWS: Readonly<Record<string, PredictingLaw>> = DECLARED.predicting;

/** Why an engine template does not write out `kind` on `plant` (a law forcelab does not
 *  drive there: every law it drives has its template), and which laws it does. */
export function notWrittenOut(plant: string, kind: string, name: string): { why: string; written: string } {
  return { why: `${name} (${kind}) is not a law forcelab drives on the ${plant}`, written: 'every law forcelab drives on the cube, the plate and the box' };
}
