// @vitest-environment happy-dom
// "Tune for me" on a Lab card, on the real core (the Lab and the tuner): the wish asked,
// the answer in words, Apply putting the gains on the card, and the Lab's own run of
// them then measuring what the tuner said it would (a second, independent check of the
// answer); a wish nothing meets names the requirement that binds; an answer found
// before the Lab changed cannot be applied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { $, tableText, typeInto, labPageForTests } from '../../../tests/dom/page';
import { loadDesignSync } from '../core/design-wasm';
import { plantsPhrase } from './lab-tune';

const lab = labPageForTests();
const frames = lab.frames;
beforeAll(() => {
  loadDesignSync(readFileSync(join(import.meta.dirname, '../../pkg-design/forcelab_wasm_bg.wasm')));
});

const settle = async (until: () => boolean) => {
  for (let tries = 0; tries < 100 && !until(); tries++) await new Promise((r) => setTimeout(r, 10));
};

/** The Lab from `search` with card `k`'s "Tune for me" open (runs of 2 s: the tuner measures the Lab's whole run, and a shorter one keeps the file quick). */
async function openTuner(search: string, k: number) {
  const host = lab.mount(search);
  const panel = host.querySelectorAll<HTMLDetailsElement>('fieldset.law')[k]!.querySelector<HTMLDetailsElement>('details.tune')!;
  panel.open = true;
  panel.dispatchEvent(new Event('toggle'));
  await settle(() => panel.querySelector('.tune-result') !== null);
  const button = (text: string) => [...panel.querySelectorAll('button')].find((b) => b.textContent === text)!;
  const find = async () => {
    button('Find gains').click();
    await settle(() => $(panel, '.tune-result').textContent !== '');
  };
  return { host, panel, result: $(panel, '.tune-result'), button, find };
}

describe('Tune for me on a Lab card', () => {
  it('finds gains for the quick wish, and the Lab run of them settles when the answer says', async () => {
    const { host, result, button, find } = await openTuner('?T=2', 0);
    expect(button('Apply').disabled).toBe(true);
    await find();
    const text = result.textContent!;
    const [, kp, kd] = /^kp ([0-9.e+]+) N\/m, kd ([0-9.e+]+) N·s\/m\. /.exec(text)!;
    // A quick wish with some robustness asks the gains to hold on a lighter and a heavier body too.
    const [, low, high] = /These gains meet the wish at every mass from ([0-9.]+) to ([0-9.]+) kg: /.exec(text)!;
    expect(Number(low)).toBeLessThan(1);
    expect(Number(low) * Number(high)).toBeCloseTo(1, 3);
    expect(text).toContain(`. The worst at every mass from ${low} to ${high} kg, which the wish is checked on: it settles in `);
    expect(result.dataset.feasible).toBe('true');
    const [, said] = /at its mass \(1 kg\) the Lab will measure that it settles in ([0-9.]+) s/.exec(text)!;
    expect(Number(said)).toBeLessThanOrEqual(1);
    expect(text).toMatch(/ Poles of the sampled loop \(z\): .*; the slowest, \|z\| = [0-9.]+, sets how fast the error dies\.$/);
    expect(button('Apply').disabled).toBe(false);
    button('Apply').click();
    frames.frame();
    expect($<HTMLInputElement>(host, '#param-0-kp').value).toBe(kp);
    expect($<HTMLInputElement>(host, '#param-0-kd').value).toBe(kd);
    // The Lab's run of these gains: its settling time is the one the tuner said.
    const row = tableText($<HTMLTableElement>(host, 'table.metrics'))[1]!;
    expect(row[2]).toBe(said);
    expect(new URLSearchParams(location.search).get('kp0')).not.toBeNull();
  });

  it('says which requirement binds when nothing meets the wish, and what it can meet', async () => {
    const { panel, result, button, find } = await openTuner('?T=2', 0);
    const every = $<HTMLInputElement>(panel, 'input[value="full"]');
    every.checked = true;
    every.dispatchEvent(new Event('change', { bubbles: true }));
    typeInto($<HTMLInputElement>(panel, '#param-tune-0-settle'), '0.1');
    const limit = $<HTMLInputElement>(panel, '#tune-0-limit');
    limit.checked = true;
    limit.dispatchEvent(new Event('change'));
    typeInto($<HTMLInputElement>(panel, '#param-tune-0-effort'), '2');
    await find();
    expect(result.textContent).toMatch(/Nothing meets this wish: the [a-z ]+ requirement binds\. With the closest gains, at its mass \(1 kg\) the Lab will measure that it /);
    expect(result.textContent).toMatch(/ The nearest wish these numbers meet: settle within [0-9.]+ s, overshoot at most [0-9.]+ %, peak force at most [0-9.]+ N\.$/);
    expect(result.dataset.feasible).toBe('false');
    // A changed wish makes the answer stale: it cannot be applied.
    typeInto($<HTMLInputElement>(panel, '#param-tune-0-settle'), '0.2');
    expect(button('Apply').disabled).toBe(true);
    expect(result.textContent).toBe('');
  });

  it('will not apply gains found before the Lab changed', async () => {
    const { host, result, button, find } = await openTuner('?T=2', 1);
    await find();
    const kp = $<HTMLInputElement>(host, '#param-1-kp').value;
    typeInto($<HTMLInputElement>(host, '#param-mass'), '2');
    frames.frame();
    button('Apply').click();
    expect(result.textContent).toBe('The Lab’s body, mass, step, integrator, force or run, or this card’s settings, changed since these gains were found: Find gains again.');
    expect($<HTMLInputElement>(host, '#param-1-kp').value).toBe(kp);
  });
});

describe('the plants a wish asks gains to hold on', () => {
  it('names the mass range about the Lab\'s mass and the step range', () => {
    expect(plantsPhrase(2, undefined)).toBe('');
    expect(plantsPhrase(2, { massFactors: [1, 1], stepRange: false })).toBe('');
    expect(plantsPhrase(2, { massFactors: [0.5, 2], stepRange: false })).toBe(' at every mass from 1 to 4 kg');
    expect(plantsPhrase(1, { massFactors: [1.5, 3], stepRange: true })).toBe(' at every mass from 1 to 3 kg, at half and twice the step');
    expect(plantsPhrase(1, { massFactors: [1, 1], stepRange: true })).toBe(' at half and twice the step');
  });
});
