import type { APIResponse, Page, Route } from '@playwright/test';

/**
 * The fetch behind the sub-path proxy. Its fetches reuse kept-alive sockets, and one the
 * preview server has just closed as idle fails with ECONNRESET ("socket hang up"); this
 * was seen once, in a clean-clone run of the link crawler. That is a race between the
 * test's plumbing and its server, not a page's fault, so a reset is fetched once more.
 * Any other failure, or a second reset, still fails the test.
 */
async function forward(route: Route, url: string): Promise<APIResponse> {
  try {
    return await route.fetch({ url });
  } catch (e) {
    if (!String(e).includes('ECONNRESET')) throw e;
    return route.fetch({ url });
  }
}

/** Serves the built site (web/dist, at the server's root) to `page` as if it were deployed under `base` ("/deep/sub/") on some static host. */
export async function serveUnder(page: Page, base: string): Promise<void> {
  await page.route(`**${base}**`, async (route) => {
    await route.fulfill({ response: await forward(route, route.request().url().replace(base, '/')) });
  });
}
