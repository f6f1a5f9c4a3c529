import { expect, test, type Frame, type Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../web/build/csp-plugin';
import { watchConsole } from './console';

import { ready, sitePages as pages } from './pages';

test.describe.configure({ timeout: 60_000 });

/** Records every CSP violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
}

const violations = (scope: Page | Frame) => scope.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

for (const path of pages) {
  test(`${path} runs under the strict CSP with Trusted Types and breaks no rule of it`, async ({ page }) => {
    const problems = watchConsole(page);
    await recordViolations(page);
    await page.goto(path);
    await ready(page, path);
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(CONTENT_SECURITY_POLICY);
    // Use the page a little: play, then move every slider once.
    const play = page.getByRole('button', { name: /^Play$/ }).first();
    if (await play.count()) await play.click();
    await page.locator('input[type=range]').evaluateAll((ss: HTMLInputElement[]) =>
      ss.slice(0, 6).forEach((s) => {
        s.value = String(Math.round(Number(s.max) * 0.3));
        s.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    );
    await page.waitForTimeout(300);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    // A string handed to an HTML sink is refused by the browser itself (which reports
    // this one violation, the probe's own).
    const sink = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x>';
        return 'parsed';
      } catch (e) {
        return (e as Error).name;
      }
    });
    expect(sink).toBe('TypeError');
    expect(await violations(page)).toEqual(['require-trusted-types-for: trusted-types-sink']);
  });
}

// The reader's own pages, framed by a post that grants scripts and nothing else: an
// opaque origin, no storage, no top navigation, no popups.
const framedPages = ['index.html', 'lab.html', 'chapters/02-pd.html', 'embed.html?scene=cube&kp=300'];
const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandboxed</title></head><body>
${framedPages.map((p) => `<iframe sandbox="allow-scripts" width="900" height="700" src="/${p}"></iframe>`).join('\n')}
</body></html>`;

test('every page works inside an iframe with sandbox="allow-scripts"', async ({ page }) => {
  const problems = watchConsole(page);
  await recordViolations(page);
  await page.route('**/sandboxed-post.html', (route) => route.fulfill({ contentType: 'text/html', body: post }));
  await page.goto('sandboxed-post.html');
  for (const [i, path] of framedPages.entries()) {
    const frame = page.frames().find((f) => f.url().endsWith(`/${path}`));
    expect(frame, path).toBeTruthy();
    await ready(frame!, path);
    // It really is sandboxed: its origin is opaque.
    expect(await frame!.evaluate(() => self.origin)).toBe('null');
    // Browsers pause animation frames in frames out of view: show this one, and its
    // first figure, as a reader scrolling the post would.
    await page.locator('iframe').nth(i).scrollIntoViewIfNeeded();
    await frame!.locator('canvas').evaluateAll((cs) => cs.find((c) => c.getClientRects().length > 0)?.scrollIntoView());
    const ink = () =>
      frame!.locator('canvas').evaluateAll((cs: HTMLCanvasElement[]) =>
        cs
          .filter((c) => c.getClientRects().length > 0)
          .slice(0, 3)
          .map((c) => {
            const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let k = 3; k < d.length; k += 4) if (d[k]! > 0) n++;
            return n;
          }),
      );
    await expect.poll(async () => (await ink()).length > 0 && (await ink()).every((n) => n > 20), { message: `${path} draws` }).toBe(true);
    expect(await violations(frame!)).toEqual([]);
  }
  expect(problems).toEqual([]);
});
