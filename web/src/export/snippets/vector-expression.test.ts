/**
 * The box's vector expressions, as each engine template prints them: the text keeps the
 * core's parentheses and precedence, C# casts a double beside a Vector3 to float, Godot
 * spells the vocabulary as operators and methods, and both languages spell every name
 * of the core's vocabulary. (That the printed steps run as the core does is held by
 * unity.test.ts and godot.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { CSHARP_VECTORS } from './csharp';
import { VOCABULARY } from './engine-laws';
import { GDSCRIPT_VECTORS } from './gdscript';
import { parse, vectorTranslator, type Kind, type VectorSpelling } from './vector-expression';

const kinds = (words: typeof VOCABULARY.inputs) => Object.entries(words).map(([name, w]) => [name, w.type] as [string, Kind]);
const names = {
  values: new Map<string, Kind>([...kinds(VOCABULARY.inputs), ['a', 'vector'], ['b', 'vector'], ['s', 'number'], ['t', 'number'], ['ok', 'bool']]),
  calls: Object.fromEntries(kinds(VOCABULARY.functions)),
};
const print = (spelling: VectorSpelling, text: string) => vectorTranslator(names, spelling).print(text);

describe('a box expression in C#', () => {
  it('casts each double that multiplies or divides a vector, and keeps the rest as written', () => {
    expect(print(CSHARP_VECTORS, 's * a')).toBe('(float)s * a');
    expect(print(CSHARP_VECTORS, 's * t * a')).toBe('(float)(s * t) * a');
    expect(print(CSHARP_VECTORS, '(s * t) * ONE')).toBe('(float)(s * t) * Vector3.one');
    expect(print(CSHARP_VECTORS, '(a - b) / t - omega')).toBe('(a - b) / (float)t - body.angularVelocity');
    expect(print(CSHARP_VECTORS, 'a - b - (a + b)')).toBe('a - b - (a + b)');
    expect(print(CSHARP_VECTORS, 's * t')).toBe('s * t');
    expect(print(CSHARP_VECTORS, 't < 1e-12 ? a / t : (2.0 * Tan(t)) * a')).toBe('t < 1e-12 ? a / (float)t : (float)(2.0 * System.Math.Tan(t)) * a');
  });

  it('spells the vocabulary with Unity\'s types and the helpers', () => {
    expect(print(CSHARP_VECTORS, '!(Length(a + b) > s && Dot(a, b) > 0.0)')).toBe('!((a + b).magnitude > s && Vector3.Dot(a, b) > 0.0)');
    expect(print(CSHARP_VECTORS, 'ClampLength(Over(a, inertia), s)')).toBe('Vector3.ClampMagnitude(Divide(a, body.inertiaTensor), (float)s)');
    expect(print(CSHARP_VECTORS, 'Inverse(principal) * RotationVector(q, qt)')).toBe('Quaternion.Inverse(body.rotation * body.inertiaTensorRotation) * RotationVector(body.rotation, target.rotation)');
  });
});

describe('a box expression in GDScript', () => {
  it('writes the per-component product and quotient as operators, in parentheses where they must be', () => {
    expect(print(GDSCRIPT_VECTORS, 'Over(a - b, a + ONE)')).toBe('(a - b) / (a + Vector3.ONE)');
    expect(print(GDSCRIPT_VECTORS, 'a - Times(a, b)')).toBe('a - (a * b)');
    expect(print(GDSCRIPT_VECTORS, 'Cross(Times(inertia, a), b)')).toBe('(inertia * a).cross(b)');
  });

  it('spells methods, the choice and the logic as GDScript does', () => {
    expect(print(GDSCRIPT_VECTORS, 'ClampLength(a + b, s)')).toBe('(a + b).limit_length(s)');
    expect(print(GDSCRIPT_VECTORS, 'ok ? s * a : ZERO')).toBe('s * a if ok else Vector3.ZERO');
    expect(print(GDSCRIPT_VECTORS, '!(ok && Length(a) > Scale || ok)')).toBe('not (ok and a.length() > gain_scale() or ok)');
    expect(print(GDSCRIPT_VECTORS, 'PrintedRotation(q, qt)')).toBe('printed_rotation(global_basis.get_rotation_quaternion(), target.global_basis.get_rotation_quaternion())');
  });
});

describe('the core\'s vector vocabulary', () => {
  it('is spelled whole by each language', () => {
    for (const spelling of [CSHARP_VECTORS, GDSCRIPT_VECTORS]) {
      expect(Object.keys(spelling.inputs).sort()).toEqual(Object.keys(VOCABULARY.inputs).sort());
      for (const name of Object.keys(VOCABULARY.functions)) expect(print(spelling, `${name}(a, s)`)).toMatch(/\S/);
    }
  });

  it('refuses a call outside it and an expression that does not parse', () => {
    expect(() => print(CSHARP_VECTORS, 'Sin(s) * a')).toThrow(/Sin is not in the core's vector vocabulary/);
    expect(() => parse('a +')).toThrow(/expected more/);
    expect(() => parse('(a + b')).toThrow(/expected \)/);
    expect(() => parse('a b')).toThrow(/unexpected "b"/);
  });
});
