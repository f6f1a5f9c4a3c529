import { describe, expect, it } from 'vitest';
import { eventTime } from './figure-link';

describe("a link's event time", () => {
  const parse = eventTime('The sideswipe');

  it('takes 0 s, the start of the run, as a time', () => {
    expect(parse('0')).toEqual({ value: 0 });
    expect(parse('0.0')).toEqual({ value: 0 });
  });

  it('takes "never", any later time and a large one', () => {
    expect(parse('never')).toEqual({ value: null });
    expect(parse('0.001')).toEqual({ value: 0.001 });
    expect(parse('2.5')).toEqual({ value: 2.5 });
    expect(parse('1e9')).toEqual({ value: 1e9 });
  });

  it('refuses a time before the start, an empty value and a non-finite one by name', () => {
    for (const raw of ['-0.001', '-1', '', ' ', 'Infinity', 'NaN', 'soon']) {
      const r = parse(raw);
      expect(r, raw).toHaveProperty('error');
      if ('error' in r) expect(r.error).toContain('The sideswipe must be a time in seconds (0 or more) or "never"');
    }
  });
});
