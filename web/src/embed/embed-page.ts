/**
 * embed.html?scene=ID&…: one figure, full width, for hosts that allow only iframes.
 * `scene=cube` (the default) is the `<forcelab-scene>` element, whose attributes come
 * from the query; any other id of the figure registry (`figures/registry.ts`: every
 * chapter figure) is mounted as its chapter mounts it. The page tells its parent its
 * height and when it is ready (`{ forcelab: 'height' | 'ready', height }`), which the
 * element uses when it shows a chapter figure in a frame.
 */
import './embed-page.css';
import { FIGURE_IDS } from '../core/presets';

const query = new URLSearchParams(location.search);
// The cube scene is the element's (and the default); every other figure id is the registry's.
const id = query.get('scene') ?? 'cube';
const isFigure = FIGURE_IDS.includes(id);
const app = document.getElementById('app')!;

/** Tells the embedding page (if any) our height, and that we are ready. */
const tell = (what: 'height' | 'ready') => {
  if (parent !== window) parent.postMessage({ forcelab: what, height: document.documentElement.scrollHeight }, '*');
};
new ResizeObserver(() => tell('height')).observe(document.body);
const ready = () => {
  document.body.dataset.ready = 'true';
  tell('ready');
  // The figure drew while mounting; the next frame is when it is on screen (what
  // `npm run bench` reads as an embed's first frame). The cube's element marks its own.
  if (isFigure) requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
};

if (isFigure) void mountChapterFigure(id);
else void mountElement();

/** The cube scene: the element, its attributes from the query (only this path loads it). */
async function mountElement(): Promise<void> {
  await import('./element');
  const element = document.createElement('forcelab-scene');
  for (const [key, value] of query) {
    // Attribute names must be plain words; anything else in the query is ignored.
    if (/^[a-z][a-z0-9-]{0,30}$/.test(key)) element.setAttribute(key, value);
  }
  element.addEventListener('forcelab-ready', ready, { once: true });
  app.append(element);
}

/** A chapter figure: the chapter's styles, then the figure with its part of the core. */
async function mountChapterFigure(figure: string): Promise<void> {
  const status = document.createElement('p');
  status.className = 'status';
  status.setAttribute('role', 'status');
  const host = document.createElement('div');
  host.className = 'figure';
  host.dataset.scene = figure;
  app.classList.add('embed-figure');
  app.append(status, host);
  try {
    await Promise.all([import('../styles.css'), import('../lab/lab.css'), import('../chapters/chapter.css')]);
    const { mountFigure } = await import('../figures/registry');
    await mountFigure(figure, host);
    ready();
  } catch (error) {
    status.textContent = `forcelab: ${error instanceof Error ? error.message : String(error)}`;
    status.classList.add('error');
    document.body.dataset.ready = 'failed';
    console.error(error);
  }
}
