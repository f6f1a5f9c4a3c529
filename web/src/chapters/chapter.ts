/**
 * What every chapter page runs: it mounts each figure (`<div class="figure"
 * data-scene="ID">`) through the figure registry (`figures/registry.ts`): a Lab figure
 * from the core's preset of that id, any other from its own module. The verdict badges
 * are written when the site is built (web/build/chapters-plugin.ts), so a chapter
 * downloads no table of claims.
 */
import '../styles.css';
import '../lab/lab.css';
import './chapter.css';
import { anchorFigure, mountFigure } from '../figures/registry';

/**
 * Mounts each figure once it comes within a tenth of a screen of the view, one at a time in
 * page order (`mountFigure` marks it `data-mounted`): a first visit downloads only the parts of the
 * core that the figures in view need, and the rest as the reader scrolls toward them.
 * Resolves once the figures near the view at load have mounted; a figure that fails later
 * says so in the page's status line.
 */
function mountAsSeen(hosts: readonly HTMLElement[], status: HTMLElement | null): Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  const mount = (host: HTMLElement) => {
    queue = queue.then(() => mountFigure(host.dataset.scene!, host));
    return queue;
  };
  return new Promise((resolve, reject) => {
    if (hosts.length === 0) return resolve();
    let first = true;
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          seen.unobserve(entry.target);
          const later = mount(entry.target as HTMLElement);
          if (!first) later.catch((error: unknown) => fail(status, error));
        }
        // The observer reports every figure once at the start: those in view are the page's first drawing.
        if (first) {
          first = false;
          queue.then(resolve, reject);
        }
      },
      { rootMargin: '10% 0px' },
    );
    for (const host of hosts) seen.observe(host);
  });
}

/** Says on the page (and in the console) that a figure could not start. */
function fail(status: HTMLElement | null, error: unknown): void {
  if (status) {
    status.textContent = `A figure could not start: ${error instanceof Error ? error.message : String(error)}`;
    status.classList.add('error');
  }
  console.error(error);
}

/** Mounts the figures of this page (each loads its part of the core). */
export async function mountChapter(): Promise<void> {
  const status = document.getElementById('status');
  try {
    const hosts = [...document.querySelectorAll<HTMLElement>('.figure[data-scene]')];
    // Each figure's anchor exists before it mounts, so a link to it (`#ID`) scrolls there and mounts it.
    for (const host of hosts) anchorFigure(host, host.dataset.scene!);
    // The browser looked for the anchor before the ids existed. Ids are plain ASCII, so
    // the hash is not decoded (a malformed escape must not stop the page).
    const toAnchor = () => (location.hash ? document.getElementById(location.hash.slice(1))?.scrollIntoView() : undefined);
    toAnchor();
    await mountAsSeen(hosts, status);
    // The figures that mounted above it grew: bring the linked one back to the top.
    toAnchor();
    if (status) status.textContent = '';
    document.body.dataset.ready = 'true';
    requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
  } catch (error) {
    if (status) {
      status.textContent = `This chapter's figures could not start: ${error instanceof Error ? error.message : String(error)}`;
      status.classList.add('error');
    }
    document.body.dataset.ready = 'failed';
    console.error(error);
  }
}
