/**
 * The arms that hold the chain templates to the core (the Unity and Godot checks share
 * them): the arm figure's default arm, and a three-link arm at a shorter step with
 * softer gains (every law holds it); and a program with one term dropped, to show that the checks see it.
 */
import type { Statement } from '../../../../web/src/export/snippets/engine-program';
import { CHAIN_LAWS, type ChainProgram, type ChainSnippetInput } from '../../../../web/src/export/snippets/chain-laws';
import type { ArmCase } from './trace';

export const ARMS: ArmCase[] = [
  { label: 'two links at 60 Hz', links: [{ length: 0.5, mass: 3 }, { length: 0.4, mass: 2 }], gravity: 9.81, start: [-Math.PI / 2, 0], target: [Math.PI / 6, Math.PI / 3], kp: 50, kd: 5, ki: 20, dt: 1 / 60, seconds: 2 },
  { label: 'three links at 120 Hz', links: [{ length: 0.5, mass: 2 }, { length: 0.4, mass: 1 }, { length: 0.3, mass: 0.5 }], gravity: 9.81, start: [-1.2, 0.5, -0.3], target: [0.4, 0.3, -0.2], kp: 15, kd: 1, ki: 5, dt: 1 / 120, seconds: 1 },
];

/** The snippet input of `law` on `arm`. */
export const chainInput = (arm: ArmCase, law: string): ChainSnippetInput => ({ law, name: law, links: arm.links, gravity: arm.gravity, start: arm.start, target: arm.target, kp: arm.kp, kd: arm.kd, ki: law === 'joint-pid' ? arm.ki : 0, dt: arm.dt });

/** Every (arm, law) pair. */
export const chainCases = () => ARMS.flatMap((arm) => CHAIN_LAWS.map((law) => ({ arm, law })));

/** The top-level terms of an expression: `a - b * (c + d)` is `a`, `- b * (c + d)`. */
function terms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if ((c === '+' || c === '-') && depth === 0 && i > 0 && text[i - 1] === ' ' && text[i + 1] === ' ') {
      out.push(text.slice(start, i).trim());
      start = i;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

/** Every way to drop one term of one of `p`'s expressions (of two terms or more): a name for it and the program without it. */
export function droppedTerms(p: ChainProgram): { dropped: string; program: ChainProgram }[] {
  const out: { dropped: string; program: ChainProgram }[] = [];
  const walk = (statements: Statement[], rebuild: (s: Statement[]) => Statement[]) => {
    statements.forEach((s, k) => {
      const at = (t: Statement) => rebuild(statements.map((x, j) => (j === k ? t : x)));
      if ('for' in s) walk(s.do, (body) => at({ ...s, do: body }));
      const text = 'let' in s ? s.be : 'set' in s ? s.to : undefined;
      if (text === undefined) return;
      const parts = terms(text);
      if (parts.length < 2) return;
      parts.forEach((part, d) => {
        const rest = parts.filter((_, j) => j !== d).join(' ').replace(/^\+ /, '');
        const changed = 'let' in s ? { ...s, be: rest } : { ...s, to: rest };
        out.push({ dropped: `${'let' in s ? s.let : (s as { set: string }).set}: ${part}`, program: { ...p, step: at(changed as Statement) } });
      });
    });
  };
  walk(p.step, (s) => s);
  return out;
}
