import { describe, expect, it } from 'vitest';
import { parametersText } from './parameters-text';

describe("an engine's parameters in words", () => {
  it('names each with its value as the page shows numbers and its unit, a unitless one bare', () => {
    const text = parametersText([
      { name: 'stiffness', value: 400, unit: 'N/m' },
      { name: 'damping', value: 1 / 60, unit: 'N s/m' },
      { name: 'iterations', value: 4, unit: '' },
    ]);
    expect(text).toBe('stiffness = 400 N/m, damping = 0.01667 N s/m, iterations = 4');
  });
});
