// @vitest-environment happy-dom
// The wish a reader gives a tuner: quick (a response time and a robustness slider, which
// the core turns into requirements) or every requirement (settle, overshoot, an optional
// peak-force limit, a mass spread and the step range), only the fields that ask
// something shown; every edit says the answer shown is stale; the sentences that report
// an answer.
import { describe, expect, it } from 'vitest';
import { $ } from '../../../tests/dom/page';
import { freshWish, nearestSentence, responseClause, seconds, wishForm } from './wish-form';

function form(memory = freshWish()) {
  const host = document.createElement('div');
  let stale = 0;
  const f = wishForm(host, 'w-', 'N', () => stale++, memory, 'force');
  const input = (id: string) => $<HTMLInputElement>(host, `#${id}`);
  const mode = (value: 'quick' | 'full') => {
    input(`w-mode-${value}`).checked = true;
    host.querySelector('.wish-mode')!.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const tick = (id: string, on: boolean) => {
    input(id).checked = on;
    input(id).dispatchEvent(new Event('change'));
  };
  const type = (id: string, text: string) => {
    input(id).value = text;
    input(id).dispatchEvent(new Event('change'));
  };
  return { host, f, memory, stale: () => stale, mode, tick, type, quickBox: $(host, '.wish-quick'), fullBox: $(host, '.wish-full') };
}
const quick = (responseTime: number, robustness: number) => ({ requirements: { settle: responseTime, overshoot: robustness, maxEffort: null }, robustness: { massFactors: [1, 1] as [number, number], stepRange: false } });

describe('a wish form', () => {
  it('starts quick: only the response time and robustness shown, read through the core\'s quick wish', () => {
    const { host, f, quickBox, fullBox } = form();
    expect(quickBox.hidden).toBe(false);
    expect(fullBox.hidden).toBe(true);
    expect($(host, '.wish-mode').getAttribute('role')).toBe('radiogroup');
    expect([...host.querySelectorAll('.wish-quick label')].map((l) => l.textContent)).toEqual(['response time', 'robustness (lively ↔ robust)']);
    expect(f.read(quick)).toEqual(quick(1, 0.5));
  });

  it('asks every requirement in full: settle, overshoot (from %), mass spread both ways and the step range', () => {
    const { f, mode, type, tick, quickBox, fullBox, stale, memory } = form();
    mode('full');
    expect([quickBox.hidden, fullBox.hidden]).toEqual([true, false]);
    expect(memory.quick).toBe(false);
    expect(stale()).toBe(1);
    type('param-w-settle', '0.5');
    type('param-w-overshoot', '5');
    type('param-w-massSpread', '2');
    tick('w-step-range', true);
    expect(f.read(quick)).toEqual({ requirements: { settle: 0.5, overshoot: 0.05, maxEffort: null }, robustness: { massFactors: [0.5, 2], stepRange: true } });
    expect(stale()).toBe(5);
    expect(memory.v).toMatchObject({ settle: 0.5, overshoot: 5, massSpread: 2 });
    expect(memory.stepRange).toBe(true);
  });

  it('shows and reads the peak-force limit only while it is ticked', () => {
    const { host, f, mode, tick, type } = form();
    mode('full');
    const effort = $(host, '#param-w-effort').closest('.param')!.parentElement!;
    expect(effort.hidden).toBe(true);
    expect($(host, 'label[for="w-limit"]').textContent).toBe('limit the peak force');
    tick('w-limit', true);
    expect(effort.hidden).toBe(false);
    type('param-w-effort', '250');
    expect(f.read(quick).requirements.maxEffort).toBe(250);
    tick('w-limit', false);
    expect(effort.hidden).toBe(true);
    expect(f.read(quick).requirements.maxEffort).toBeNull();
  });

  it('opens as it was left: the mode, the limit and every value kept in its memory', () => {
    const memory = freshWish();
    Object.assign(memory, { quick: false, limit: true });
    memory.v.effort = 40;
    const { f, quickBox, fullBox } = form(memory);
    expect([quickBox.hidden, fullBox.hidden]).toEqual([true, false]);
    expect(f.read(quick).requirements.maxEffort).toBe(40);
  });

  it('passes a quick slider\'s refusal on, naming it', () => {
    const { f } = form();
    expect(() => f.read(() => {
      throw new Error('robustness must be within 0 to 1');
    })).toThrow('robustness must be within 0 to 1');
  });
});

describe('the sentences of an answer', () => {
  it('say a settling time, or never', () => {
    expect(seconds(0.25)).toBe('0.25 s');
    expect(seconds(null)).toBe('never');
    expect(seconds(undefined)).toBe('never');
  });
  it('say what a response does, the effort named as the body\'s', () => {
    expect(responseClause({ settle: 0.5, overshoot: 0.021, peakEffort: 120 } as never)).toBe('settles in 0.5 s, overshoot 2.1 %, peak force 120 N');
    expect(responseClause({ settle: null, overshoot: 0, peakEffort: 3 } as never, 'torque', 'N·m')).toBe('does not settle within the run, overshoot 0 %, peak torque 3 N·m');
  });
  it('say the nearest wish met, with its limit when it has one', () => {
    const asked = { settle: 0.2, overshoot: 0.01, maxEffort: 10 };
    expect(nearestSentence(null, asked)).toBe('');
    expect(nearestSentence({ settle: 0.8, overshoot: 0.03, maxEffort: 10 }, asked)).toBe(' The nearest wish these numbers meet: settle within 0.8 s, overshoot at most 3 %, peak force at most 10 N.');
    expect(nearestSentence({ settle: 0.8, overshoot: null, maxEffort: null } as never, asked, 'torque', 'N·m')).toBe(' The nearest wish these numbers meet: settle within 0.8 s, overshoot at most 1 %.');
  });
});
