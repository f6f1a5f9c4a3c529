import { readFileSync } from 'node:fs';
import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { expectCaption, registryFigures } from './pages';
import { serveUnder } from './sub-path';

/** The cube scene's starting settings, as the core declares them (presets.json). */
const SCENE: { kd: number } = JSON.parse(readFileSync(new URL('../../web/src/core/presets.json', import.meta.url), 'utf8')).cubeScene;

// A blog post as hostile as we can make it: its CSS tries to restyle everything, and
// it holds two elements, a sandboxed iframe of embed.html, and a third element far
// below the fold.
const post = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post</title>
<style>
  * { color: rgb(255, 0, 0) !important; font-size: 31px !important; }
  button, input, canvas { display: none !important; }
  .scene, .param, .toolbar { border: 9px solid rgb(0, 255, 0) !important; }
</style></head>
<body>
  <h1>My post</h1>
  <div style="width: 700px">
    <forcelab-scene id="one" scene="cube" kp="400" kd="40" dt="0.02" controllers="pd,spd"></forcelab-scene>
  </div>
  <div style="width: 420px"><forcelab-scene id="two"></forcelab-scene></div>
  <iframe id="frame" sandbox="allow-scripts" width="600" height="700" src="/embed.html?scene=cube&kp=250&controllers=spd"></iframe>
  <div style="height: 6000px"></div>
  <forcelab-scene id="below"></forcelab-scene>
  <script type="module" src="/forcelab-scene.js"></script>
</body></html>`;

async function openPost(page: Page): Promise<void> {
  await page.route('**/a-blog-post.html', (route) => route.fulfill({ contentType: 'text/html', body: post }));
  await page.goto('a-blog-post.html');
}

/** Non-background pixels of the canvases inside `scope` (shadow roots included). */
const ink = (scope: Locator) =>
  scope.locator('canvas').evaluateAll((cs: HTMLCanvasElement[]) =>
    cs.map((c) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 0) n++;
      return n;
    }),
  );

const sceneTime = (page: Page | Frame, id: string) => page.evaluate((sel) => document.querySelector<HTMLElement & { time: number }>(sel)!.time, id);

test('two elements and a sandboxed iframe render in a hostile post, untouched by its CSS', async ({ page }) => {
  const problems = watchConsole(page);
  await openPost(page);
  for (const id of ['#one', '#two']) await expect(page.locator(id)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const frame = page.frame({ url: /embed\.html/ })!;
  await expect(frame.locator('forcelab-scene')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });

  for (const scope of [page.locator('#one'), page.locator('#two'), frame.locator('forcelab-scene')]) {
    const counts = await ink(scope);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((n) => n > 20), `ink ${counts}`).toBe(true);
  }
  // The post's rules reach none of our elements.
  const styles = await page.locator('#one button').first().evaluate((b) => {
    const s = getComputedStyle(b);
    return { display: s.display, color: s.color, size: s.fontSize };
  });
  expect(styles.display).not.toBe('none');
  expect(styles.color).not.toBe('rgb(255, 0, 0)');
  expect(styles.size).not.toBe('31px');
  expect(await page.locator('#one .scene').evaluate((e) => getComputedStyle(e).borderTopWidth)).not.toBe('9px');
  // It sizes to its container.
  const width = await page.locator('#two').evaluate((e) => e.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(420);
  expect(problems).toEqual([]);
});

test('attributes set the scene and changing one changes it', async ({ page }) => {
  await openPost(page);
  const one = page.locator('#one');
  await expect(one).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(one.locator('.readout tbody tr')).toHaveCount(2);
  await expect(page.locator('#two .readout tbody tr')).toHaveCount(3);
  await expect(one.locator('#param-kp')).toHaveValue('400');
  await expect(one.locator('#param-dt')).toHaveValue('0.02');
  await one.evaluate((e) => {
    e.setAttribute('kp', '900');
    e.setAttribute('controllers', 'backward-pd');
  });
  await expect(one.locator('#param-kp')).toHaveValue('900');
  await expect(one.locator('.readout tbody tr')).toHaveCount(1);
  // A bad value is named next to its field; the scene runs on the default.
  await one.evaluate((e) => e.setAttribute('kd', 'lots'));
  await expect(one.locator('#param-kd-message')).toContainText('kd');
  await expect(one.locator('#param-kd')).toHaveValue(String(SCENE.kd));
  // A bad controller list is reported in the element, not thrown at the post.
  await one.evaluate((e) => e.setAttribute('controllers', 'pid'));
  await expect(one).toHaveAttribute('data-ready', 'failed');
  await expect(one.locator('.embed-error')).toContainText('controllers must name some of pd, backward-pd, spd, got "pid"');
});

test('an element off screen does not step; on screen it does', async ({ page }) => {
  await openPost(page);
  await expect(page.locator('#below')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect.poll(() => sceneTime(page, '#one'), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(await sceneTime(page, '#below')).toBe(0);
  // Scrolled into view it starts; scrolled away it stops where it was.
  await page.locator('#below').scrollIntoViewIfNeeded();
  await expect.poll(() => sceneTime(page, '#below'), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const parked = await sceneTime(page, '#below');
  await page.waitForTimeout(700);
  expect(await sceneTime(page, '#below')).toBe(parked);
});

test('copy embed code gives the element and the iframe for the current state', async ({ page }) => {
  await page.goto('index.html?kp=321');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const [element, iframe] = await page.locator('.embed-code textarea').evaluateAll((ts: HTMLTextAreaElement[]) => ts.map((t) => t.value));
  expect(element).toMatch(/<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/forcelab-scene\.js"><\/script>/);
  expect(element).toContain('<forcelab-scene scene="cube" kp="321"');
  expect(element).toContain('controllers="pd,backward-pd,spd"');
  // The iframe snippet opens embed.html in the same state.
  const src = /src="([^"]+)"/.exec(iframe!)![1]!.replaceAll('&amp;', '&');
  await page.goto(src);
  await expect(page.locator('forcelab-scene')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('forcelab-scene #param-kp')).toHaveValue('321');
});

test('the built site works under any sub-path', async ({ page }) => {
  await serveUnder(page, '/deep/sub/');
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/deep/sub/')) outside.push(r.url());
  });
  for (const path of ['index.html', 'lab.html', 'chapters/06-pid-turning.html', 'embed.html?scene=cube', 'embed.html?scene=pursuit', 'embed.html?scene=spd-box', 'chapters/04-spd.html']) {
    await page.goto(`deep/sub/${path}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    // A Lab figure's "Open in the Lab" stays under the sub-path, from the top or a chapter.
    for (const href of await page.locator('a.open-in-lab').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      expect(new URL(href).pathname, path).toBe('/deep/sub/lab.html');
    }
  }
  expect(outside).toEqual([]);
});

/** Whether a rendered figure shows something: canvas ink, or a filled table. */
const shows = (scope: Locator) =>
  scope.evaluate((host) => {
    const inked = [...host.querySelectorAll('canvas')].some((c) => {
      const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      if (!d) return false;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n > 20;
    });
    return inked || host.querySelectorAll('tbody tr').length > 0;
  });

test('every chapter figure embeds: alone in embed.html, in a sandboxed iframe, and as the element in a post', async ({ page }) => {
  test.setTimeout(240_000);
  const figures = registryFigures();
  const ids = figures.map((f) => f.id);
  expect(ids.length).toBeGreaterThan(15);
  const problems = watchConsole(page);
  for (const { id, chapter } of figures) {
    await page.goto(`embed.html?scene=${id}`);
    await expect(page.locator('body'), id).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expect.poll(() => shows(page.locator(`.figure[data-scene="${id}"]`)), { message: `${id} shows something` }).toBe(true);
    // Alone, a figure still says what to look at: its chapter's words, loaded by id.
    await expectCaption(page.locator(`.figure[data-scene="${id}"]`), chapter, id);
    // "Open in the Lab" from embed.html (at the top of the site) reaches the Lab page.
    for (const href of await page.locator('a.open-in-lab').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      expect(new URL(href).pathname, id).toBe('/lab.html');
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
  }
  // In a post: each figure as the element (a sized frame) and as a sandboxed iframe.
  const body = ids
    .map((id) => `<forcelab-scene id="el-${id}" scene="${id}"></forcelab-scene>
<iframe id="fr-${id}" sandbox="allow-scripts" width="700" height="500" src="/embed.html?scene=${id}"></iframe>`)
    .join('\n');
  await page.route('**/a-post-of-figures.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Figures</title></head><body style="width: 760px">
${body}<script type="module" src="/forcelab-scene.js"></script></body></html>`,
    }),
  );
  await page.goto('a-post-of-figures.html');
  for (const id of ids) {
    await expect(page.locator(`#el-${id}`), id).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    // The element's frame grew to its figure's height.
    const height = await page.locator(`#el-${id}`).evaluate((e) => e.getBoundingClientRect().height);
    expect(height, id).toBeGreaterThan(150);
    const frame = page.frame({ url: new RegExp(`embed\\.html\\?scene=${id}$`) })!;
    await expect(frame.locator('body'), id).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  }
  expect(problems).toEqual([]);
});

test('an unknown figure id is named, with the ids there are', async ({ page }) => {
  await page.goto('embed.html?scene=no-such-figure');
  const message = page.locator('forcelab-scene');
  await expect(message).toHaveAttribute('data-ready', 'failed', { timeout: 20_000 });
  const text = await message.evaluate((e) => e.shadowRoot!.textContent ?? '');
  expect(text).toContain('scene must be one of cube, one-step-cube');
  expect(text).toContain('translator');
  expect(text).toContain('got "no-such-figure"');
});
