import { describe, expect, it } from 'vitest';
import { badge, claimTable, type Claim } from './claims';

const claim = (id: string): Claim => claimTable().find((c) => c.id === id)!;

describe("a claim's verdict badge (written into the chapters when the site is built, and in the claims table)", () => {
  it('says a conditional verdict in words, with the measured figure to four digits and its conditions on hover', () => {
    const c = claim('spd-stable-if-kd-ge-kp-dt');
    const b = badge(c);
    expect(b.text).toBe('holds with conditions');
    expect(b.verdict).toBe('holds-with-conditions');
    expect(b.className).toBe('conditional');
    expect(b.title).toBe(`Measured: 1.618 (${c.unit}). ${c.conditions}`);
    expect(b.label).toBe(`verdict: holds with conditions. ${b.title}`);
  });

  it('gives each verdict its own word and colour class', () => {
    expect(badge(claim('spd-v2-is-pd-with-extra-damping'))).toMatchObject({ text: 'holds', className: 'holds', verdict: 'holds' });
    expect(badge(claim('wu-damping-1-is-critical'))).toMatchObject({ text: 'does not hold', className: 'fails', verdict: 'does-not-hold' });
  });

  it('shows a claim without conditions with its figure alone, and a figure the core could not measure as its unit alone', () => {
    const c = claim('spd-v2-is-pd-with-extra-damping');
    expect(c.conditions).toBe('');
    expect(badge(c).title).toBe(`Measured: 0 (${c.unit})`);
    expect(badge({ ...c, figure: Number.NaN }).title).toBe(`Measured: ${c.unit}`);
  });
});
