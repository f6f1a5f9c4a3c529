/**
 * A box law's expressions (the core's vector programs, `program.rs`: `VECTOR_INPUTS`,
 * `VECTOR_FUNCTIONS`) read once into a tree and printed in an engine's language. The
 * expressions use the C-like syntax of the 1-D programs (`+ - * /`, comparisons, `&&`,
 * `||`, `!`, `c ? a : b`, calls); what differs per language is how an input reads, how
 * a vocabulary call is spelled (`Vector3.Cross(a, b)`, `a.cross(b)`), and C#'s float
 * cast of a double beside a Vector3. Each template gives its {@link VectorSpelling}.
 */
import type { Statement } from './engine-program';

/** The kind of a value: the core's vocabulary kinds, and a comparison's. */
export type Kind = 'number' | 'vector' | 'orientation' | 'bool';

/** An expression as printed: its text, and whether it can stand anywhere without parentheses. */
export interface Printed {
  text: string;
  atomic: boolean;
}

/** How one engine's language writes a box law's expressions. */
export interface VectorSpelling {
  /** Each vocabulary input as the language reads it (`omega`: `body.angularVelocity`). */
  inputs: Readonly<Record<string, string>>;
  /** A vocabulary call, its arguments printed. */
  call: (name: string, args: Printed[]) => Printed;
  /** A number that multiplies or divides a vector (C# casts it to float). */
  scalar: (operand: Printed) => string;
  /** `!a`, `a && b`, `a || b`, `c ? a : b` in the language. */
  not: (operand: string) => string;
  and: string;
  or: string;
  choose: (test: string, then: string, otherwise: string) => string;
}

type Node =
  | { kind: 'number'; text: string }
  | { kind: 'name'; name: string }
  | { kind: 'call'; name: string; args: Node[] }
  | { kind: 'paren'; inner: Node }
  | { kind: 'unary'; op: string; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'choose'; test: Node; then: Node; otherwise: Node };

const BINDING: Readonly<Record<string, number>> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '>': 4, '<=': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6 };

/** The expression's tree (C's precedence; parentheses kept, so the text prints as written). */
export function parse(text: string): Node {
  const tokens = text.match(/\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[A-Za-z_]\w*|&&|\|\||[<>=!]=|[-+*/()<>!?:,]|\S/g) ?? [];
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`programs.json: ${why} in "${text}"`);
  };
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) fail(`expected ${expected ?? 'more'} at token ${at}`);
    return token!;
  };
  const primary = (): Node => {
    const token = take();
    if (token === '(') {
      const inner = choose();
      take(')');
      return { kind: 'paren', inner };
    }
    if (token === '-' || token === '!') return { kind: 'unary', op: token, operand: primary() };
    if (/^\d/.test(token)) return { kind: 'number', text: token };
    if (!/^[A-Za-z_]/.test(token)) fail(`unexpected "${token}"`);
    if (tokens[at] !== '(') return { kind: 'name', name: token };
    take('(');
    const args: Node[] = [];
    while (tokens[at] !== ')') {
      args.push(choose());
      if (tokens[at] === ',') take(',');
    }
    take(')');
    return { kind: 'call', name: token, args };
  };
  const binary = (floor: number): Node => {
    let left = primary();
    for (let op = tokens[at]; op !== undefined && (BINDING[op] ?? 0) > floor; op = tokens[at]) {
      take();
      left = { kind: 'binary', op, left, right: binary(BINDING[op]!) };
    }
    return left;
  };
  const choose = (): Node => {
    const test = binary(0);
    if (tokens[at] !== '?') return test;
    take('?');
    const then = choose();
    take(':');
    return { kind: 'choose', test, then, otherwise: choose() };
  };
  const tree = choose();
  if (at < tokens.length) fail(`unexpected "${tokens[at]}"`);
  return tree;
}

/** What a box program's expressions may name: the core's vocabulary and the program's own settings, memory and locals. */
export interface Names {
  /** The kind of each name an expression may read (inputs, settings, memory, locals). */
  values: ReadonlyMap<string, Kind>;
  /** The kind of each vocabulary call's result. */
  calls: Readonly<Record<string, Kind>>;
}

/** The kinds of every local the statements declare, in any branch. */
export function localKinds(statements: readonly Statement[], out = new Map<string, Kind>()): Map<string, Kind> {
  for (const s of statements) {
    if ('let' in s) out.set(s.let, s.type === 'vector' || s.type === 'orientation' || s.type === 'bool' ? s.type : 'number');
    else if ('if' in s) localKinds([...s.then, ...(s.else ?? [])], out);
    else if ('for' in s) localKinds(s.do, out);
  }
  return out;
}

/**
 * A translator of a box program's expressions into one language: `print(text)` gives the
 * text; `used` collects the vocabulary names printed (so a template defines the helpers
 * it needs and no others).
 */
export function vectorTranslator(names: Names, spelling: VectorSpelling): { print: (text: string) => string; used: Set<string> } {
  const used = new Set<string>();
  const kindOf = (node: Node): Kind => {
    switch (node.kind) {
      case 'number':
        return 'number';
      case 'name':
        return names.values.get(node.name) ?? (node.name === 'true' || node.name === 'false' ? 'bool' : 'number');
      case 'call':
        return names.calls[node.name] ?? 'number';
      case 'paren':
        return kindOf(node.inner);
      case 'unary':
        return node.op === '!' ? 'bool' : kindOf(node.operand);
      case 'choose':
        return kindOf(node.then);
      case 'binary': {
        if ((BINDING[node.op] ?? 0) < 5) return 'bool';
        const [l, r] = [kindOf(node.left), kindOf(node.right)];
        // A rotation turns a vector; a vector scaled or divided by a number stays one.
        return l === 'orientation' && r === 'orientation' ? 'orientation' : l === 'number' ? r : l === 'orientation' ? r : l;
      }
    }
  };
  const print = (node: Node): Printed => {
    switch (node.kind) {
      case 'number':
        return { text: node.text, atomic: true };
      case 'name': {
        const input = spelling.inputs[node.name];
        if (input === undefined) return { text: node.name, atomic: true };
        used.add(node.name);
        return { text: input, atomic: /^[A-Za-z_][\w.]*(\([^()]*\))?$/.test(input) };
      }
      case 'call':
        if (!(node.name in names.calls)) throw new Error(`programs.json: ${node.name} is not in the core's vector vocabulary`);
        used.add(node.name);
        return spelling.call(node.name, node.args.map(print));
      case 'paren':
        return { text: `(${print(node.inner).text})`, atomic: true };
      case 'unary': {
        const operand = operandOf(node.operand);
        return { text: node.op === '!' ? spelling.not(operand) : `-${operand}`, atomic: false };
      }
      case 'choose':
        return { text: spelling.choose(print(node.test).text, print(node.then).text, print(node.otherwise).text), atomic: false };
      case 'binary': {
        const op = node.op === '&&' ? spelling.and : node.op === '||' ? spelling.or : node.op;
        // A number beside a vector is the language's to spell (C#'s doubles become floats).
        const mixed = (node.op === '*' || node.op === '/') && kindOf(node.left) !== kindOf(node.right);
        const side = (n: Node) => (mixed && kindOf(n) === 'number' ? spelling.scalar(print(n)) : operandOf(n));
        return { text: `${side(node.left)} ${op} ${side(node.right)}`, atomic: false };
      }
    }
  };
  /** An operand as printed: an operator of the source keeps its place by precedence; a
   *  spelling that is not atomic (Godot's `a * b` for Times) is put in parentheses. */
  const operandOf = (node: Node): string => {
    const p = print(node);
    return p.atomic || node.kind === 'binary' || node.kind === 'unary' ? p.text : `(${p.text})`;
  };
  return { print: (text) => print(parse(text)).text, used };
}

/** `p` where it must stand alone (a method's receiver, an operand of a spelled operator). */
export const alone = (p: Printed) => (p.atomic ? p.text : `(${p.text})`);
