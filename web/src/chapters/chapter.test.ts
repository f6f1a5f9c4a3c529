import { describe, expect, it } from 'vitest';
import { claimTable, type Claim } from '../core/claims';
import { fillBadge } from './chapter';

/** The parts of a badge element fillBadge writes, recorded so a test can read them back. */
function fakeBadge() {
  const badge = {
    textContent: '',
    title: '',
    dataset: {} as Record<string, string>,
    classes: [] as string[],
    attributes: {} as Record<string, string>,
    classList: { add: (c: string) => badge.classes.push(c) },
    setAttribute: (name: string, value: string) => {
      badge.attributes[name] = value;
    },
  };
  return badge;
}

const claim = (id: string): Claim => claimTable().find((c) => c.id === id)!;

function filled(c: Claim) {
  const badge = fakeBadge();
  fillBadge(badge as unknown as HTMLElement, c);
  return badge;
}

describe("a chapter's verdict badge", () => {
  it('says a conditional verdict in words, with the measured figure to four digits and its conditions on hover', () => {
    const c = claim('spd-stable-if-kd-ge-kp-dt');
    const badge = filled(c);
    expect(badge.textContent).toBe('holds with conditions');
    expect(badge.dataset.verdict).toBe('holds-with-conditions');
    expect(badge.classes).toEqual(['conditional']);
    expect(badge.title).toBe(`Measured: 1.618 (${c.unit}). ${c.conditions}`);
    expect(badge.attributes['aria-label']).toBe(`verdict: holds with conditions. ${badge.title}`);
  });

  it('gives each verdict its own word and colour class', () => {
    expect(filled(claim('spd-v2-is-pd-with-extra-damping'))).toMatchObject({ textContent: 'holds', classes: ['holds'] });
    expect(filled(claim('wu-damping-1-is-critical'))).toMatchObject({ textContent: 'does not hold', classes: ['fails'] });
  });

  it('shows a claim without conditions with its figure alone, and a figure the core could not measure as its unit alone', () => {
    const c = claim('spd-v2-is-pd-with-extra-damping');
    expect(c.conditions).toBe('');
    expect(filled(c).title).toBe(`Measured: 0 (${c.unit})`);
    expect(filled({ ...c, figure: Number.NaN }).title).toBe(`Measured: ${c.unit}`);
  });
});
