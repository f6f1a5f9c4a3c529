import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Frame, type Locator, type Page } from '@playwright/test';

const root = new URL('../..', import.meta.url).pathname;

/** Every chapter page, as `chapters/NN-name.html`. */
export const chapterPaths = readdirSync(join(root, 'web/chapters'))
  .filter((f) => f.endsWith('.html'))
  .map((f) => `chapters/${f}`);

/** Every page of the site a reader can open, the embed with a few attributes set. */
export const sitePages = ['index.html', 'lab.html', 'swarm.html', 'embed.html?scene=cube&kp=400&controllers=pd,spd', ...chapterPaths];

/**
 * Waits until the page (or the embed's element) says it has drawn; on a chapter, also
 * until every figure has mounted (each mounts as it nears the view, so this scrolls to
 * each as a reader would, then back to the top).
 */
export async function ready(scope: Page | Frame, path: string): Promise<void> {
  const marker = path.startsWith('embed') ? scope.locator('forcelab-scene') : scope.locator('body');
  await expect(marker).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await everyFigure(scope);
}

/** Scrolls to each figure of the page not yet mounted and waits for it; then back to the top. */
export async function everyFigure(scope: Page | Frame): Promise<void> {
  await expect(scope.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const waiting = scope.locator('.figure[data-scene]:not([data-mounted])');
  if ((await waiting.count()) === 0) return;
  for (const figure of await scope.locator('.figure[data-scene]').all()) {
    if ((await figure.getAttribute('data-mounted')) === 'true') continue;
    await figure.scrollIntoViewIfNeeded();
    await expect(figure).toHaveAttribute('data-mounted', 'true', { timeout: 60_000 });
  }
  await scope.evaluate(() => window.scrollTo(0, 0));
}

/** Every figure of the core's registry (presets.json): its id and the chapter that shows it. */
export const registryFigures = (): { id: string; chapter: string }[] => {
  const { registry } = JSON.parse(readFileSync(join(root, 'web/src/core/presets.json'), 'utf8')) as {
    registry: { id: string; kind: string; chapter: string }[];
  };
  return registry.filter((p) => p.kind !== 'claim-setup' && p.chapter !== 'index').map(({ id, chapter }) => ({ id, chapter }));
};

/** The wasm modules `page` requests from now on, by URL, as they are asked for (a figure that opens on a view computed ahead asks none). */
export function wasmRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) asked.push(r.url());
  });
  return asked;
}

/** The words the core gives figure `id` shown on `page` (web/src/core/captions/PAGE.json): its caption's two sentences. */
export const figureWords = (page: string, id: string): { look: string; tryThis: string } => {
  const words = JSON.parse(readFileSync(join(root, `web/src/core/captions/${page}.json`), 'utf8')) as Record<string, { look: string; tryThis: string }>;
  if (!words[id]) throw new Error(`no words for ${id} in ${page}.json`);
  return words[id];
};

/** Expects `figure` to open with the core's caption of `id` (what to look at, then one thing to try). */
export async function expectCaption(figure: Locator, page: string, id: string): Promise<void> {
  const { look, tryThis } = figureWords(page, id);
  await expect(figure.locator('.figure-caption .look'), id).toHaveText(look);
  await expect(figure.locator('.figure-caption .try'), id).toHaveText(tryThis);
}

/**
 * What a figure ran, as exactly as it exposes it: a Lab figure's whole-trace hash, an
 * animated or computed figure's plotted data, the atlas's chosen point, a table's rows.
 */
export const figureData = (figure: Locator): Promise<string> =>
  figure.evaluate(
    (host) =>
      host.querySelector('.metrics')?.getAttribute('data-trace-hash') ||
      (host as HTMLElement).dataset.curves ||
      host.querySelector('.atlas-readout')?.textContent ||
      `${host.querySelectorAll('tbody tr').length} rows`,
  );

/**
 * Opens a Lab figure's "Metrics, data and link" as a reader would, so its export and
 * share buttons can be clicked (other figures keep theirs in view: nothing to open).
 */
export async function unfold(figure: Locator): Promise<void> {
  for (const summary of await figure.locator('details.figure-more:not([open]) > summary').all()) await summary.click();
}

/** Opens a figure's folded settings ("More settings: ...", a Lab figure's "All settings") as a reader would. */
export async function unfoldSettings(figure: Locator): Promise<void> {
  for (const summary of await figure.locator('details.figure-settings:not([open]) > summary').all()) await summary.click();
}
