/**
 * A law as a small program that the engine templates print in C#, GDScript and (for the
 * check that runs it against the core) JavaScript: named settings, the memory it keeps
 * between steps, and the statements of one step. Expressions are written once in the
 * syntax the three languages share (arithmetic, comparisons, `&&`, `||`, indexing,
 * calls), with `Abs`, `Min`, `Max`, `Sqrt`, `Len(list)`, `PI` and `INF` translated for each.
 * A box law's program has vector and orientation locals too, and its expressions are
 * translated by `vector-expression.ts`.
 */

/** One statement of a law's step. */
export type Statement =
  /** A new local number (or `int`, `bool`, or on the box a vector or an orientation). */
  | { let: string; be: string; type?: LocalType }
  /** A comment line: why the next statements are as they are. */
  | { note: string }
  /** Assigns a local or a memory field. */
  | { set: string; to: string }
  | { if: string; then: Statement[]; else?: Statement[] }
  /** `for (int name = from; name < to; name++)`. */
  | { for: string; from: string; to: string; do: Statement[] }
  /** Appends to a memory list and drops its oldest entries past `keep`. */
  | { push: string; value: string; keep: string };

/** The kind of a local beyond a number (a list, one number per joint, and a square matrix: a chain law's). */
export type LocalType = 'int' | 'bool' | 'vector' | 'orientation' | 'list' | 'matrix';

/** Something the law remembers between steps; zero, false, empty or the identity on reset. */
export interface Memory {
  name: string;
  type: 'number' | 'bool' | 'list' | 'vector' | 'orientation';
  /** What it holds, for the comment beside it. */
  doc: string;
}

/** A setting of the law beyond kp and kd, with the reader's value. */
export interface Setting {
  name: string;
  value: number;
  /** An effort (N) or effort rate: scaled by I/m with the gains on a turning coordinate. */
  scaled: boolean;
  /** A whole number (a count). */
  integer?: boolean;
  doc: string;
}

/** A law written out for engines: its step computes `force` (N) from `x`, `v` (the body),
 *  `xt`, `vt` (the target), `m` (kg), `dt` (s) and its settings (the gains first); on the
 *  box, `torque` (N m, world) from the core's vector vocabulary. */
export interface EngineProgram {
  /** Where the formula lives in the core. */
  source: string;
  settings: Setting[];
  memory: Memory[];
  step: Statement[];
}

/** A target language: how it spells each piece. */
export interface Dialect {
  indent: string;
  number: (name: string, value: string) => string;
  int: (name: string, value: string) => string;
  bool: (name: string, value: string) => string;
  /** A vector or an orientation local (the box's), where the language has them. */
  vector?: (name: string, value: string) => string;
  orientation?: (name: string, value: string) => string;
  /** A list of numbers or a square matrix local (a chain law's), where the language has them. */
  list?: (name: string, value: string) => string;
  matrix?: (name: string, value: string) => string;
  /** A comment line. */
  note: (text: string) => string;
  set: (name: string, value: string) => string;
  open: (head: 'if' | 'else' | 'for', text?: string, name?: string, from?: string) => string;
  close: string | null;
  push: (list: string, value: string, keep: string) => string[];
  calls: Record<'Abs' | 'Min' | 'Max' | 'Sqrt', string>;
  length: (list: string) => string;
  pi: string;
  infinity: string;
}

/** The expression in `dialect`'s spelling. */
export function expression(text: string, dialect: Dialect): string {
  let out = text.replace(/\bINF\b/g, dialect.infinity).replace(/\bPI\b/g, dialect.pi);
  for (const [from, to] of Object.entries(dialect.calls)) out = out.replace(new RegExp(`\\b${from}\\(`, 'g'), `${to}(`);
  return out.replace(/\bLen\(([a-zA-Z]+)\)/g, (_, list: string) => dialect.length(list));
}

/** The statements, one per line, indented `depth` levels below `base`; `e` translates an
 *  expression (by default a number's, with {@link expression}). */
export function render(statements: Statement[], dialect: Dialect, base: string, depth = 0, e = (t: string) => expression(t, dialect)): string[] {
  const pad = base + dialect.indent.repeat(depth);
  const block = (body: Statement[]) => [...render(body, dialect, base, depth + 1, e), ...(dialect.close ? [pad + dialect.close] : [])];
  return statements.flatMap((s): string[] => {
    if ('note' in s) return [pad + dialect.note(s.note)];
    if ('let' in s) {
      const local = s.type === undefined ? dialect.number : dialect[s.type];
      if (!local) throw new Error(`${s.let}: this language's dialect has no ${s.type} locals`);
      return [pad + local(s.let, e(s.be))];
    }
    if ('set' in s) return [pad + dialect.set(s.set, e(s.to))];
    if ('push' in s) return dialect.push(s.push, e(s.value), e(s.keep)).map((l) => pad + l);
    const open = (...a: Parameters<Dialect['open']>) => dialect.open(...a).split('\n').map((l) => pad + l);
    if ('for' in s) return [...open('for', e(s.to), s.for, e(s.from)), ...block(s.do)];
    const then = [...open('if', e(s.if)), ...block(s.then)];
    return s.else ? [...then, ...open('else'), ...block(s.else)] : then;
  });
}

export const CSHARP: Dialect = {
  indent: '    ',
  number: (n, v) => `double ${n} = ${v};`,
  int: (n, v) => `int ${n} = ${v};`,
  bool: (n, v) => `bool ${n} = ${v};`,
  vector: (n, v) => `Vector3 ${n} = ${v};`,
  orientation: (n, v) => `Quaternion ${n} = ${v};`,
  list: (n, v) => `double[] ${n} = ${v};`,
  matrix: (n, v) => `double[][] ${n} = ${v};`,
  note: (text) => `// ${text}`,
  set: (n, v) => `${n} = ${v};`,
  // Braces on their own lines, as Unity's C# is written.
  open: (head, text, name, from) => `${head === 'if' ? `if (${text})` : head === 'else' ? 'else' : `for (int ${name} = ${from}; ${name} < ${text}; ${name}++)`}\n{`,
  close: '}',
  push: (list, value, keep) => [`${list}.Add(${value});`, `while (${list}.Count > ${keep}) ${list}.RemoveAt(0);`],
  calls: { Abs: 'Math.Abs', Min: 'Math.Min', Max: 'Math.Max', Sqrt: 'Math.Sqrt' },
  length: (list) => `${list}.Count`,
  pi: 'Math.PI',
  infinity: 'double.PositiveInfinity',
};

export const GDSCRIPT: Dialect = {
  indent: '\t',
  number: (n, v) => `var ${n}: float = ${v}`,
  int: (n, v) => `var ${n}: int = ${v}`,
  bool: (n, v) => `var ${n}: bool = ${v}`,
  vector: (n, v) => `var ${n} := ${v}`,
  orientation: (n, v) => `var ${n} := ${v}`,
  list: (n, v) => `var ${n}: Array[float] = ${v}`,
  matrix: (n, v) => `var ${n}: Array = ${v}`,
  note: (text) => `# ${text}`,
  set: (n, v) => `${n} = ${v}`,
  open: (head, text, name, from) => (head === 'if' ? `if ${text}:` : head === 'else' ? 'else:' : `for ${name} in range(${from}, ${text}):`),
  close: null,
  push: (list, value, keep) => [`${list}.append(${value})`, `while ${list}.size() > ${keep}:`, `\t${list}.remove_at(0)`],
  calls: { Abs: 'absf', Min: 'minf', Max: 'maxf', Sqrt: 'sqrt' },
  length: (list) => `${list}.size()`,
  pi: 'PI',
  infinity: 'INF',
};

export const JAVASCRIPT: Dialect = {
  indent: '  ',
  number: (n, v) => `let ${n} = ${v};`,
  int: (n, v) => `let ${n} = ${v};`,
  bool: (n, v) => `let ${n} = ${v};`,
  note: (text) => `// ${text}`,
  set: (n, v) => `${n} = ${v};`,
  open: (head, text, name, from) => (head === 'if' ? `if (${text}) {` : head === 'else' ? 'else {' : `for (let ${name} = ${from}; ${name} < ${text}; ${name}++) {`),
  close: '}',
  push: (list, value, keep) => [`${list}.push(${value});`, `while (${list}.length > ${keep}) ${list}.shift();`],
  calls: { Abs: 'Math.abs', Min: 'Math.min', Max: 'Math.max', Sqrt: 'Math.sqrt' },
  length: (list) => `${list}.length`,
  pi: 'Math.PI',
  infinity: 'Infinity',
};
