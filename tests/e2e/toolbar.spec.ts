import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { ready } from './pages';

/**
 * Every animated view runs under the one toolbar (web/src/ui/toolbar.ts): the index's
 * cube, the Lab, a chapter's Lab figure, a chapter's own scene, the swarm and an embed.
 * A reader who learned it on one page finds it the same on every other: the same three
 * buttons in the same order, Play saying what it does next, a clock that runs only
 * while playing, Step pausing, Reset going back to 0.
 */
const VIEWS: { page: string; scope: string }[] = [
  { page: 'index.html', scope: 'section.scene' },
  { page: 'lab.html', scope: 'section.run' },
  { page: 'swarm.html', scope: 'main.swarm' },
  { page: 'chapters/02-pd.html', scope: '.figure[data-scene="pd-stiff"]' },
  { page: 'chapters/05-implicit-pd.html', scope: '.figure[data-scene="snap"]' },
  { page: 'chapters/07-submarine.html', scope: '.figure[data-scene="dive"]' },
  { page: 'embed.html?scene=cube&kp=400&controllers=pd,spd', scope: 'forcelab-scene' },
];

const clockOf = (view: Locator) => view.getByRole('group', { name: 'Simulation' }).locator('.clock');

/** Two animation frames: a view writes its clock in its frame, so a click's last state is on screen after them. */
const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

for (const { page: path, scope } of VIEWS) {
  test(`one toolbar: ${path} plays, pauses, steps and resets as every other view does`, async ({ page }) => {
    const problems = watchConsole(page);
    // Paused from the start, so every view begins in the same state.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await ready(page, path);
    const view = page.locator(scope).first();
    await view.scrollIntoViewIfNeeded();
    const bar = view.getByRole('group', { name: 'Simulation' });
    await expect(bar).toHaveCount(1);
    await expect(bar.getByRole('button').nth(0)).toHaveText('Play');
    await expect(bar.getByRole('button').nth(1)).toHaveText('Step');
    await expect(bar.getByRole('button').nth(2)).toHaveText('Reset');
    const play = bar.getByRole('button', { name: /^(Play|Pause)$/ });
    await expect(play).toHaveAttribute('aria-pressed', 'false');
    const clock = clockOf(view);

    // (The swarm's Reset reloads the page with its settings: it starts at 0.)
    if (!path.startsWith('swarm')) await bar.getByRole('button', { name: 'Reset' }).click();
    await expect(clock).toHaveText(/^t = 0\.00 s/);
    await expect(play).toHaveText('Play');

    await play.click();
    await expect(play).toHaveText('Pause');
    await expect(play).toHaveAttribute('aria-pressed', 'true');
    await expect(clock).not.toHaveText(/^t = 0\.00 s/, { timeout: 10_000 });

    await play.click();
    await expect(play).toHaveText('Play');
    await frames(page);
    const paused = await clock.textContent();
    await page.waitForTimeout(300);
    await expect(clock).toHaveText(paused!);

    // Step pauses a playing view and takes one step.
    await play.click();
    await expect(play).toHaveText('Pause');
    await bar.getByRole('button', { name: 'Step' }).click();
    await expect(play).toHaveText('Play');
    await expect(play).toHaveAttribute('aria-pressed', 'false');
    await frames(page);
    const stepped = await clock.textContent();
    await page.waitForTimeout(300);
    await expect(clock).toHaveText(stepped!);

    if (!path.startsWith('swarm')) {
      await bar.getByRole('button', { name: 'Reset' }).click();
      await expect(clock).toHaveText(/^t = 0\.00 s/);
    }
    expect(problems).toEqual([]);
  });
}
