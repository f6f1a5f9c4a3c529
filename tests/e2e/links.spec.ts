/**
 * The link crawler: from the index, every `<a href>` of every page the site builds
 * (links the page writes itself included: the claims table's, each Lab figure's "Open
 * in the Lab"), with the site served under a sub-path, leads to a page of the site that
 * loads with no console error; a link to an anchor finds it. Each figure's "Copy link"
 * and each "Open in the Lab" leads to a page that runs that figure's very run.
 */
import { expect, test, type Page } from '@playwright/test';
import { serveUnder } from './sub-path';
import { watchConsole } from './console';
import { chapterPaths, figureData, unfold, everyFigure } from './pages';

test.use({ reducedMotion: 'reduce' });

const BASE = '/deep/sub/';

const dataOf = figureData;

/** What a page reached by a link must show: a figure's run (by id), or the Lab's. */
type Expectation = { figure: string; data: string } | { lab: string };

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await everyFigure(page);
}

test('every link of every page, from the index and under a sub-path, reaches a page that loads cleanly and shows what it promised', async ({ page }) => {
  test.setTimeout(600_000);
  await serveUnder(page, BASE);
  const outside: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith(BASE) && u.protocol.startsWith('http')) outside.push(r.url());
  });
  const problems = watchConsole(page);

  const queue: string[] = [`${BASE}index.html`];
  const seen = new Set<string>(queue);
  const promised = new Map<string, Expectation[]>();
  const promise = (url: string, what: Expectation) => promised.set(url, [...(promised.get(url) ?? []), what]);
  const visit = (href: string, from: string) => {
    const u = new URL(href);
    expect(u.pathname.startsWith(BASE), `${from} links outside the site: ${href}`).toBe(true);
    const key = `${u.pathname}${u.search}`;
    if (!seen.has(key)) {
      seen.add(key);
      queue.push(key);
    }
    return key;
  };
  let pages = 0;
  while (queue.length > 0) {
    const path = queue.shift()!;
    await open(page, path);
    pages++;
    const here = new URL(page.url());

    // What a link to this page promised.
    for (const what of promised.get(path) ?? []) {
      if ('lab' in what) await expect(page.locator('.metrics'), `${path}: the Lab runs its figure`).toHaveAttribute('data-trace-hash', what.lab, { timeout: 30_000 });
      else await expect.poll(() => dataOf(page.locator(`.figure[data-scene="${what.figure}"]`)), { message: `${path}: ${what.figure} as linked` }).toBe(what.data);
    }

    const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => ({ href: (a as HTMLAnchorElement).href, raw: a.getAttribute('href')! })));
    for (const { href, raw } of links) {
      const u = new URL(href);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') continue;
      if (u.origin !== here.origin) {
        // A page of someone else's (an article, an engine's docs): never fetched by the tests.
        expect(u.protocol, `${path}: ${href}`).toBe('https:');
        continue;
      }
      if (raw.startsWith('#')) {
        expect(await page.locator(`[id="${decodeURIComponent(raw.slice(1))}"]`).count(), `${path}: anchor ${raw}`).toBe(1);
        continue;
      }
      visit(href, path);
    }
    // Each figure's "Copy link" and "Open in the Lab" promise its run.
    for (const figure of await page.locator('.figure[data-scene]').all()) {
      const id = (await figure.getAttribute('data-scene'))!;
      await expect.poll(() => dataOf(figure), { timeout: 30_000 }).toMatch(/\S/);
      const data = await dataOf(figure);
      await unfold(figure);
      await figure.locator('.share-copy-link').click();
      const link = await figure.locator('.share-link').inputValue();
      expect(new URL(link).hash, id).toBe(`#${id}`);
      promise(visit(link, path), { figure: id, data });
      const lab = figure.locator('a.open-in-lab');
      if ((await lab.count()) > 0) promise(visit(await lab.evaluate((a) => (a as HTMLAnchorElement).href), path), { lab: data });
    }
  }
  expect(pages).toBeGreaterThan(20);
  // Every page a reader can open is reached from the index.
  for (const p of ['lab.html', 'swarm.html', ...chapterPaths]) expect([...seen], p).toContain(`${BASE}${p}`);
  // Every figure's link and every Lab figure's "Open in the Lab" were followed and checked.
  const checked = [...promised.values()].flat();
  expect(checked.filter((w) => 'figure' in w).length).toBeGreaterThanOrEqual(18);
  expect(checked.filter((w) => 'lab' in w).length).toBeGreaterThanOrEqual(9);
  console.log(`crawled ${pages} pages`);
  expect(outside).toEqual([]);
  expect(problems).toEqual([]);
});
