import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';

const root = new URL('../..', import.meta.url).pathname;

/** Every chapter page, as `chapters/NN-name.html`. */
export const chapterPaths = readdirSync(join(root, 'web/chapters'))
  .filter((f) => f.endsWith('.html'))
  .map((f) => `chapters/${f}`);

/** Every page of the site a reader can open, the embed with a few attributes set. */
export const sitePages = ['index.html', 'lab.html', 'swarm.html', 'embed.html?scene=cube&kp=400&controllers=pd,spd', ...chapterPaths];

/** Waits until the page (or the embed's element) says it has drawn. */
export async function ready(scope: Page | Frame, path: string): Promise<void> {
  const marker = path.startsWith('embed') ? scope.locator('forcelab-scene') : scope.locator('body');
  await expect(marker).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}
