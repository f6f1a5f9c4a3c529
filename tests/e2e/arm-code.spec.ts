/**
 * Chapter 12's arm, taken home: "Copy as code" under the arm figure writes the chosen
 * chain law with the gains on screen as a Unity component (ArticulationBody links) or a
 * Godot script (RigidBody3D links). What a reader copies is compiled by mcs against the
 * UnityEngine stand-in and run by mono, and parsed and run by the Godot evaluator, with
 * the core's arm at those gains replayed through it: its torques must be the core's
 * within 1e-9 at every step (the `web/src/export/snippets/chain-*.test.ts` checks, run on
 * the page's own text).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, figureData, unfoldSettings } from './pages';
import { coreArmRuns, replayText, worstTorqueGap, type ArmCase } from '../export/snippets/chain/trace';
import { runUnityChain } from '../export/snippets/unity/run';
import { runGodotChain } from '../export/snippets/godot/run';

test.use({ reducedMotion: 'reduce' });

async function arm(page: Page): Promise<Locator> {
  await page.goto('chapters/12-chains.html');
  await everyFigure(page);
  const f = page.locator('.figure[data-scene="arm"]');
  await f.scrollIntoViewIfNeeded();
  await expect.poll(() => figureData(f), { timeout: 30_000 }).toMatch(/\S/);
  return f;
}

async function written(panel: Locator, language: string): Promise<string> {
  await expect(panel.locator(`textarea[data-language="${language}"]`)).toHaveCount(1);
  return panel.locator('textarea').inputValue();
}

test('the arm\'s Copy as code: the Unity and Godot code of a law, at the gains on screen, gives the core\'s torques', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const f = await arm(page);
  // Not the defaults: a stiffer, less damped arm.
  for (const [name, value] of [['Stiffness kp', '70'], ['Damping kd', '4']] as const) {
    const field = f.getByRole('textbox', { name });
    await field.fill(value);
    await field.press('Enter');
  }
  await expect.poll(() => new URL(page.url()).searchParams.get('arm-kd')).toBe('4');
  await unfoldSettings(f);
  const panel = f.locator('details.code-panel');
  await panel.locator('summary').click();
  // Unity and Godot only: the languages the core writes its chain laws out in.
  await expect(panel.getByRole('combobox', { name: 'Language' }).locator('option')).toHaveText(['Unity (C#)', 'Godot (GDScript)']);
  const laws = await panel.getByRole('combobox', { name: 'Law' }).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(laws).toContain('mass-matrix-spd');
  const armCase: ArmCase = {
    label: 'the figure\'s arm',
    links: [{ length: 0.5, mass: 3 }, { length: 0.4, mass: 2 }],
    gravity: 9.81,
    start: [-Math.PI / 2, 0],
    target: [Math.PI / 6, Math.PI / 3],
    kp: 70,
    kd: 4,
    ki: 20,
    dt: 1 / 60,
    seconds: 2,
  };
  const core = new Map(coreArmRuns(armCase).map((run) => [run.law, run]));
  for (const law of ['mass-matrix-spd', 'joint-pd']) {
    await panel.getByRole('combobox', { name: 'Law' }).selectOption(law);
    await panel.getByRole('combobox', { name: 'Language' }).selectOption('csharp');
    const cs = await written(panel, 'csharp');
    expect(cs, law).toContain('70');
    const run = core.get(law)!;
    expect(run.failed, `${law}: the core holds the arm`).toBeNull();
    const className = cs.match(/class (\w+)/)![1]!;
    const [unity] = runUnityChain([{ className, source: cs, replay: replayText(armCase, run) }], 'double');
    expect(worstTorqueGap(unity!, run), `${law} in Unity`).toBeLessThanOrEqual(1e-9);

    await panel.getByRole('combobox', { name: 'Language' }).selectOption('gdscript');
    const gd = await written(panel, 'gdscript');
    const godot = runGodotChain([{ name: 'figure', source: gd, arm: { links: armCase.links, gravity: armCase.gravity }, q: run.q, qd: run.qd }]);
    expect(worstTorqueGap(godot['figure']!, run), `${law} in Godot`).toBeLessThanOrEqual(1e-9);
  }
  // A law changed in the menu rewrites the snippet at once.
  await panel.getByRole('combobox', { name: 'Law' }).selectOption('pd-gravity');
  await expect(panel.locator('textarea')).toHaveValue(/G/);
  expect(problems).toEqual([]);
});
