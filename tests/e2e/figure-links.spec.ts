/**
 * Every figure of the registry keeps its settings in its link: a setting changed goes
 * into the page's address under the figure's key; "Copy link" opens the figure in its
 * chapter, "Copy embed code" as an iframe and as the element, and each replays the run
 * bit for bit; a bad value in a link or an attribute is named next to its field, and
 * the figure runs its default.
 */
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { watchConsole } from './console';
import { figureData, registryFigures, unfold } from './pages';

test.use({ reducedMotion: 'reduce' });

const dataOf = figureData;

/** Waits for the figure `id` in `scope` to be ready and to have run (paused: its preview at once). */
async function settled(scope: Page | FrameLocator, id: string): Promise<Locator> {
  await expect(scope.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  // A chapter mounts its figures as they near the view, and a link lands on its figure:
  // this one is waited for, not the chapter's others (every figure's mount is the chapters
  // test's; mounting them all here was most of this file's time).
  const figure = scope.locator(`.figure[data-scene="${id}"]`);
  if ('goto' in scope) {
    await figure.scrollIntoViewIfNeeded();
    await expect(figure).toHaveAttribute('data-mounted', 'true', { timeout: 60_000 });
  }
  await expect.poll(() => dataOf(figure), { timeout: 30_000 }).toMatch(/\S/);
  return figure;
}

/** Changes one setting of the figure as a reader would; returns nothing for a figure without settings. */
async function changeOne(page: Page, figure: Locator, id: string): Promise<boolean> {
  if (id === 'claims') return false;
  if (id === 'atlas') {
    await figure.locator('.atlas-map canvas').first().focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    return true;
  }
  // A Lab figure keeps its settings folded; open them as a reader would.
  for (const details of await figure.locator('details.figure-settings:not([open]) > summary').all()) await details.click();
  const field = figure.locator('.param input[type=text]').first();
  const now = Number(await field.inputValue());
  await field.fill(String(now > 0 ? Number((now * 1.5).toPrecision(3)) : 0.5));
  await field.press('Enter');
  await expect(figure.locator('.param .message').first()).toHaveText('');
  return true;
}

/** The keys of figure `id` in `url`. */
const keysOf = (url: string, id: string) => [...new URL(url).searchParams.keys()].filter((k) => k.startsWith(`${id}-`));

for (const { id, chapter } of registryFigures()) {
  test(`${id}: its link, its embed code (iframe and element) replay it bit for bit; a bad link value or attribute is named, the default kept`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await page.goto(`embed.html?scene=${id}`);
    let figure = await settled(page, id);
    const before = await dataOf(figure);
    const changed = await changeOne(page, figure, id);
    let keys: string[] = [];
    if (changed) {
      await expect.poll(() => dataOf(figure), { message: `${id}: the change reached the run` }).not.toBe(before);
      await expect.poll(() => keysOf(page.url(), id), { message: `${id}: the change is in the address` }).not.toEqual([]);
      keys = keysOf(page.url(), id);
    }
    const after = await dataOf(figure);

    // "Copy link": the figure in its chapter, scrolled to, as set.
    await unfold(figure);
    await figure.locator('.share-copy-link').click();
    const link = await figure.locator('.share-link').inputValue();
    expect(new URL(link).pathname).toBe(`/chapters/${chapter}.html`);
    expect(new URL(link).hash).toBe(`#${id}`);
    expect(keysOf(link, id).sort()).toEqual([...keys].sort());
    const other = await context.newPage();
    const otherProblems = watchConsole(other);
    await other.goto(link);
    const there = await settled(other, id);
    await expect(there).toHaveAttribute('id', id);
    await expect.poll(() => dataOf(there), { message: `${id}: the link replays the run`, timeout: 30_000 }).toBe(after);

    // "Copy embed code": the iframe's embed.html, and the element in a post.
    await figure.locator('.share-copy-embed').click();
    const [element, iframe] = await figure.locator('.embed-code textarea').evaluateAll((ts) => ts.map((t) => (t as HTMLTextAreaElement).value));
    const src = /src="([^"]+)"/.exec(iframe!)![1]!.replaceAll('&amp;', '&');
    await other.goto(src);
    await expect.poll(() => settled(other, id).then(dataOf), { message: `${id}: the iframe replays the run`, timeout: 30_000 }).toBe(after);
    const tag = /<forcelab-scene [^>]*><\/forcelab-scene>/.exec(element!)![0];
    const bad = keys[0] ?? `${id}-nothing`;
    const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Post</title></head><body style="width: 760px">
${tag.replace('<forcelab-scene ', '<forcelab-scene id="good" ')}
<forcelab-scene id="bad" scene="${id}" ${bad}="oops"></forcelab-scene>
<script type="module" src="/forcelab-scene.js"></script></body></html>`;
    await other.route('**/a-post.html', (route) => route.fulfill({ contentType: 'text/html', body: post }));
    await other.goto('a-post.html');
    for (const which of ['good', 'bad']) await expect(other.locator(`#${which}`)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    // The element's figure is in a frame inside its shadow root (Playwright's CSS reaches in).
    const frameOf = async (which: string) => other.frameLocator(`#${which} iframe`);
    await expect.poll(async () => dataOf(await settled(await frameOf('good'), id)), { message: `${id}: the element replays the run`, timeout: 30_000 }).toBe(after);
    if (changed) {
      // The bad attribute: named in the figure, which runs its default.
      // (A frame off screen gets no animation frames: bring it into view, as a reader would.)
      await other.locator('#bad').scrollIntoViewIfNeeded();
      const badFigure = await settled(await frameOf('bad'), id);
      await expect(badFigure.getByText('got "oops"').first()).toBeVisible();
      await expect.poll(() => dataOf(badFigure)).toBe(before);

      // The same bad value in a link.
      await page.goto(`embed.html?scene=${id}&${bad}=oops`);
      figure = await settled(page, id);
      await expect(figure.getByText('got "oops"').first()).toBeVisible();
      await expect.poll(() => dataOf(figure)).toBe(before);
      await expect.poll(() => keysOf(page.url(), id), { message: 'the refused value leaves the address' }).toEqual([]);
    }
    expect(problems).toEqual([]);
    expect(otherProblems).toEqual([]);
  });
}

/** RFC 4180 fields of `csv` (quoted fields may hold commas and doubled quotes). */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  for (const line of csv.trimEnd().split('\r\n')) {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted && c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        fields.push(field);
        field = '';
      } else field += c;
    }
    rows.push([...fields, field]);
  }
  return rows;
}

/** A CSV field as the number it holds (empty: NaN, as a gap is plotted). */
const num = (field: string) => (field === '' ? Number.NaN : Number(field));

for (const { id } of registryFigures()) {
  test(`${id}: its CSV holds exactly what it shows`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`embed.html?scene=${id}`);
    const figure = await settled(page, id);
    await unfold(figure);
    const [file] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name: 'Download CSV' }).first().click()]);
    const [header, ...rows] = parseCsv(readFileSync((await file.path())!, 'utf8'));
    expect(rows.length, id).toBeGreaterThan(0);
    const plotted = await figure.locator('.plot').evaluateAll((els) => els.map((el) => (el as HTMLElement & { plotted?: number[][] }).plotted).filter((p) => p !== undefined));
    const response = await figure.locator('.plot.response').count();
    if (id === 'simpson') {
      expect(rows.map((row) => row.map(num))).toEqual(JSON.parse((await figure.getAttribute('data-curves'))!));
    } else if (id === 'arm-breaking') {
      // Each law's id, then its breaking stiffness per rate (empty where it held).
      expect(rows.map(([law, ...kp]) => [law, ...kp.map((v) => (v === '' ? null : Number(v)))])).toEqual(JSON.parse((await figure.getAttribute('data-curves'))!));
    } else if (id === 'arm-tune') {
      // Each drive's id, whether it meets the wish, and its kp and kd, as the table was written from.
      const shown = JSON.parse((await figure.getAttribute('data-curves'))!) as [string, boolean, number, number][];
      expect(rows.map((row) => [row[0], row[1] === 'yes', Number(row[2]), Number(row[3])])).toEqual(shown);
    } else if (id === 'arm-map') {
      // Each cell's kp, kd and spectral radius (empty where the loop has no rest pose near the target).
      const { cells } = JSON.parse((await figure.getAttribute('data-curves'))!) as { cells: (number | null)[][] };
      expect(rows.map((row) => row.map((v) => (v === '' ? null : Number(v))))).toEqual(cells);
    } else if (id === 'atlas') {
      const radii = await page.evaluate(() => window.forcelabAtlases!.flatMap((a) => a.radii.map((r) => [a.law, a.integrator, r])));
      expect(rows.map((row) => [row[0], row[1], num(row[4]!)])).toEqual(radii);
    } else if (id === 'claims' || id === 'translator') {
      // The CSV's cells are the table's, row for row.
      const cells = await figure.locator(`table.${id}-table tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows.length).toBe(cells.length);
      const columns = id === 'claims' ? [2, 5, 6] : [1, 2, 3];
      const shown = id === 'claims' ? [1, 3, 4] : [0, 1, 2];
      expect(rows.map((row) => columns.map((c) => row[c] || '—'))).toEqual(cells.map((row) => shown.map((c) => row[c])));
    } else if (response > 0) {
      // A Lab figure: time, target, then seven columns per controller, the position first.
      const [time, target, ...xs] = plotted[0]!;
      expect(rows.length).toBe(time!.length);
      rows.forEach((row, r) => {
        expect(num(row[0]!)).toBe(time![r]);
        expect(num(row[1]!)).toBe(target![r]);
        xs.forEach((x, k) => expect(num(row[2 + 7 * k]!)).toBe(x[r]));
      });
    } else if (plotted.length > 0) {
      // An animated figure or the convergence graph: one time column, then every plotted series in order.
      const expected = [plotted[0]![0]!, ...plotted.flatMap((columns) => columns.slice(1))];
      expect(header!.length).toBe(expected.length);
      expect(rows.length).toBe(expected[0]!.length);
      rows.forEach((row, r) => expect(row.map(num)).toEqual(expected.map((c) => c[r])));
    } else {
      throw new Error(`${id}: no check for this figure's CSV`);
    }
    await expect(figure.getByText(`Saved ${rows.length} rows`)).toBeVisible();
    expect(problems).toEqual([]);
  });
}
