import { describe, expect, it } from 'vitest';
import { FIELD_DIGITS, fieldNumber, formatNumber, formatPoles, fromSlider, parseParam, toSlider, type ParamDef } from './params';

const kp: ParamDef = { key: 'kp', label: 'kp', unit: 'N/m', min: 1, max: 1e6, scale: 'log', initial: 100 };
const dt: ParamDef = {
  key: 'dt', label: 'dt', unit: 's', min: 0.004, max: 0.1, scale: 'linear', initial: 1 / 60,
  hardMin: 0, hardMax: 1, minExclusive: true,
};

describe('parseParam', () => {
  it('accepts plain and exponent numbers', () => {
    expect(parseParam(kp, ' 400 ')).toEqual({ value: 400 });
    expect(parseParam(kp, '1e6')).toEqual({ value: 1e6 });
    expect(parseParam(kp, '.5')).toEqual({ value: 0.5 });
    expect(parseParam(kp, '.25')).toEqual({ value: 0.25 });
    expect(parseParam(kp, '1e+6')).toEqual({ value: 1e6 });
    expect(parseParam(kp, '2.5E-3')).toEqual({ value: 2.5e-3 });
    expect(parseParam(kp, '-0')).toEqual({ value: 0 });
  });
  it('names the field and the value it refuses', () => {
    expect(parseParam(kp, 'abc')).toEqual({ error: 'kp must be a number, got "abc"' });
    expect(parseParam(kp, '')).toEqual({ error: 'kp needs a value' });
    expect(parseParam(kp, 'NaN')).toEqual({ error: 'kp must be a number, got "NaN"' });
    expect(parseParam(kp, '1e400')).toEqual({ error: 'kp must be a finite number, got 1e400' });
    expect(parseParam(kp, '-3')).toEqual({ error: 'kp must be at least 0, got -3' });
    expect(parseParam(dt, '0')).toEqual({ error: 'dt must be greater than 0, got 0' });
    expect(parseParam(dt, '2')).toEqual({ error: 'dt must be at most 1, got 2' });
    expect(parseParam(kp, '0x10')).toHaveProperty('error');
    expect(parseParam(kp, '<script>alert(1)</script>')).toEqual({ error: 'kp must be a number, got "<script>alert(1)</scr..."' });
  });
});

describe('slider mapping', () => {
  it('round-trips on a log scale', () => {
    expect(toSlider(kp, 1)).toBe(0);
    expect(toSlider(kp, 1e6)).toBe(1);
    expect(fromSlider(kp, toSlider(kp, 1000))).toBe(1000);
    expect(fromSlider(kp, 0.5)).toBe(1000);
  });
  it('clamps out-of-range values to the ends', () => {
    expect(toSlider(kp, 0)).toBe(0);
    expect(toSlider(kp, 1e9)).toBe(1);
    expect(fromSlider(dt, 2)).toBe(0.1);
  });
});

describe('formatNumber', () => {
  it('never prints NaN or Infinity', () => {
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatNumber(0.016666666)).toBe('0.01667');
    expect(formatNumber(1e6)).toBe('1.00e+6');
  });
});

describe('formatPoles', () => {
  it('lists one of each conjugate pair and a repeated pole once with its count', () => {
    const poles = [
      { re: 0.95, im: 0.04 },
      { re: 0.95, im: -0.04 },
      { re: 0.5, im: 0 },
      { re: 0, im: 0 },
      { re: 0, im: 0 },
      { re: 0, im: 0 },
    ];
    expect(formatPoles(poles)).toBe('0.95 ± 0.04i, 0.5, 0 (×3)');
    expect(formatPoles([])).toBe('');
  });
});

describe('integer parameters', () => {
  const window: ParamDef = { key: 'w', label: 'Window', unit: 'samples', min: 3, max: 15, scale: 'linear', initial: 7, hardMin: 3, integer: true };
  it('the slider gives whole numbers only', () => {
    for (let t = 0; t <= 1; t += 0.013) expect(Number.isInteger(fromSlider(window, t))).toBe(true);
    expect(fromSlider(window, 1)).toBe(15);
  });
  it('a typed fraction is refused with the field and the value', () => {
    expect(parseParam(window, '7.5')).toEqual({ error: 'Window must be a whole number, got 7.5' });
    expect(parseParam(window, '9')).toEqual({ value: 9 });
  });
});

describe('slider positions, exactly', () => {
  const freq: ParamDef = { key: 'f', label: 'f', unit: '1/s', min: 0.01, max: 100, scale: 'log', initial: 1 };
  const lin: ParamDef = { key: 'x', label: 'x', unit: 'm', min: -2, max: 6, scale: 'linear', initial: 0 };

  it('spaces a log slider by decades: 0.01..100 puts 1 at the middle and 0.1 at a quarter', () => {
    expect(toSlider(freq, 1)).toBeCloseTo(0.5, 12);
    expect(toSlider(freq, 0.1)).toBeCloseTo(0.25, 12);
    expect(fromSlider(freq, 0.5)).toBe(1);
    expect(fromSlider(freq, 0.75)).toBe(10);
  });

  it('spaces a linear slider evenly: -2..6 puts 2 at the middle', () => {
    expect(toSlider(lin, 2)).toBe(0.5);
    expect(toSlider(lin, 0)).toBe(0.25);
    expect(fromSlider(lin, 0.5)).toBe(2);
    expect(fromSlider(lin, 0.25)).toBe(0);
  });
});

describe('number formatting at its edges', () => {
  it('switches to an exponent at 100,000 and below 0.001, both signs', () => {
    expect(formatNumber(99_999)).toBe('100000');
    expect(formatNumber(99_990)).toBe('99990');
    expect(formatNumber(100_000)).toBe('1.00e+5');
    expect(formatNumber(-100_000)).toBe('-1.00e+5');
    expect(formatNumber(0.001)).toBe('0.001');
    expect(formatNumber(0.000999)).toBe('9.99e-4');
    expect(formatNumber(0)).toBe('0');
  });

  it('clips a long refused value to 21 characters, and keeps one of 24 whole', () => {
    expect(parseParam(kp, `1${'x'.repeat(29)}`)).toEqual({ error: expect.stringContaining(`got "1${'x'.repeat(20)}..."`) });
    const whole = `1${'y'.repeat(23)}`;
    expect(parseParam(kp, whole)).toEqual({ error: expect.stringContaining(`got "${whole}"`) });
  });
});

describe('fieldNumber', () => {
  it('shows a value as a person writes it: no float noise, no trailing zeros, at most 4 significant digits', () => {
    // The values the issue found in the boxes.
    expect(fieldNumber(1.0000000000000002)).toBe('1');
    expect(fieldNumber(0.30000000000000004)).toBe('0.3');
    expect(fieldNumber(6.666666666666667)).toBe('6.667');
    expect(fieldNumber(0.08391734950083304)).toBe('0.08392');
    expect(fieldNumber(214.64978709406208)).toBe('214.6');
    expect(fieldNumber(1 / 60)).toBe('0.01667');
    expect(fieldNumber(400)).toBe('400');
    expect(fieldNumber(-0.5)).toBe('-0.5');
    expect(fieldNumber(Number.NaN)).toBe('');
  });

  it("shows every value a slider gives exactly (it rounds to one digit fewer), and reads back as a number", () => {
    const def: ParamDef = { key: 'kp', label: 'kp', unit: 'N/m', min: 0.1, max: 1e6, scale: 'log', initial: 1 };
    for (let t = 0; t <= 1; t += 0.001) {
      const v = fromSlider(def, t);
      expect(Number(fieldNumber(v))).toBe(v);
      expect(parseParam(def, fieldNumber(v))).toEqual({ value: v });
    }
    expect(FIELD_DIGITS).toBe(4);
  });
});
