/**
 * The animated figures' disturbances and live edits: a disturbance struck now shows its
 * effect (a paused figure runs on into it), lands in the link and replays from it bit
 * for bit; its size field then changes the run; and a gain edit while the figure plays
 * carries the run on rather than starting it over.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { unfold, unfoldSettings, everyFigure } from './pages';

test.use({ reducedMotion: 'reduce' });

const FIGURES = [
  { id: 'pursuit', chapter: '06-pid-turning', button: 'Sideswipe', key: 'pursuit-swipe-at', size: 'pursuit-swipe', gain: 'pursuit-kp' },
  { id: 'pursuit', chapter: '06-pid-turning', button: 'Jump the target', key: 'pursuit-jump', size: null, gain: 'pursuit-kd' },
  { id: 'dive', chapter: '07-submarine', button: 'Load step now', key: 'dive-load-at', size: 'dive-load-step', gain: 'dive-pitch' },
  { id: 'tumble', chapter: '07-submarine', button: 'Nudge now', key: 'tumble-kick-at', size: 'tumble-kick', gain: null },
] as const;

/** Opens the figure's chapter and waits for its first plotted run; returns the figure and that run. */
async function openFigure(page: Page, f: (typeof FIGURES)[number]): Promise<{ figure: Locator; calm: string }> {
  await page.goto(`chapters/${f.chapter}.html`);
  await everyFigure(page);
  const figure = page.locator(`.figure[data-scene=${f.id}]`);
  await expect(figure).toHaveAttribute('data-curves', /.+/);
  return { figure, calm: (await figure.getAttribute('data-curves'))! };
}

/** Types twice its value plus one into the disturbance's size field, and expects it taken. */
async function growSize(figure: Locator, size: string): Promise<void> {
  await unfoldSettings(figure);
  const box = figure.locator(`#param-${size}`);
  await box.fill(String(Number(await box.inputValue()) * 2 + 1));
  await box.press('Enter');
  await expect(figure.locator(`#param-${size}-message`)).toHaveText('');
}

/** The simulated time a figure's clock shows, s. */
const clockOf = (text: string | null) => Number(/t = ([\d.]+) s/.exec(text ?? '')?.[1] ?? NaN);

for (const f of FIGURES) {
  test(`${f.id}: "${f.button}" shows its effect, replays from its link bit for bit, and its size changes the run`, async ({ page, context }) => {
    const problems = watchConsole(page);
    const { figure, calm } = await openFigure(page, f);
    const before = clockOf(await figure.locator('.clock').textContent());
    await figure.getByRole('button', { name: f.button }).click();
    // Paused, the figure ran on past the disturbance: the plots moved on and show it.
    await expect.poll(async () => clockOf(await figure.locator('.clock').textContent())).toBeGreaterThan(before + 1);
    await expect(figure).not.toHaveAttribute('data-curves', calm);
    await expect.poll(() => new URL(page.url()).searchParams.get(f.key)).toBe(String(before));
    const struck = await figure.getAttribute('data-curves');
    await unfold(figure);
    await figure.locator('.share-copy-link').click();
    const link = await figure.locator('.share-link').inputValue();
    const other = await context.newPage();
    await other.goto(link);
    await everyFigure(other);
    await expect(other.locator(`.figure[data-scene=${f.id}]`)).toHaveAttribute('data-curves', struck!);
    if (f.size) {
      await growSize(figure, f.size);
      await expect(figure).not.toHaveAttribute('data-curves', struck!);
    }
    expect(problems).toEqual([]);
  });
}

for (const f of FIGURES.filter((f) => f.gain !== null && f.button !== 'Jump the target')) {
  test(`${f.id}: an edit while it plays carries the run on`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(`chapters/${f.chapter}.html`);
    await everyFigure(page);
    const figure = page.locator(`.figure[data-scene=${f.id}]`);
    await figure.scrollIntoViewIfNeeded();
    const time = async () => clockOf(await figure.locator('.clock').textContent());
    await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(1);
    const box = figure.locator(`#param-${f.gain}`);
    await box.fill(String(Number(await box.inputValue()) * 0.5 + 0.1));
    const at = await time();
    await box.press('Enter');
    await expect(figure.locator(`#param-${f.gain}-message`)).toHaveText('');
    // The clock did not go back to 0: the run carried on under the new value.
    expect(await time()).toBeGreaterThanOrEqual(at);
    expect(problems).toEqual([]);
  });
}

for (const f of FIGURES.filter((f) => f.size !== null)) {
  test(`${f.id}: its disturbance's size, set before any was struck, strikes it now: the field is never dead`, async ({ page }) => {
    const problems = watchConsole(page);
    const { figure, calm } = await openFigure(page, f);
    await growSize(figure, f.size!);
    await expect(figure).not.toHaveAttribute('data-curves', calm);
    await expect.poll(() => new URL(page.url()).searchParams.get(f.key)).not.toBeNull();
    expect(problems).toEqual([]);
  });
}

test('the dive offers its noise seed only while there is noise, and then the seed changes the run', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('chapters/07-submarine.html');
  await everyFigure(page);
  const figure = page.locator('.figure[data-scene=dive]');
  await expect(figure.locator('#param-dive-seed')).toBeHidden();
  await figure.locator('#param-dive-noise').fill('0.02');
  await figure.locator('#param-dive-noise').press('Enter');
  await expect(figure.locator('#param-dive-seed')).toBeVisible();
  const noisy = await figure.getAttribute('data-curves');
  await figure.locator('#param-dive-seed').fill('7');
  await figure.locator('#param-dive-seed').press('Enter');
  await expect(figure).not.toHaveAttribute('data-curves', noisy!);
  expect(problems).toEqual([]);
});
