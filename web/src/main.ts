import './styles.css';
import { DEFAULT_SCENE, inPlaceScene } from './figures/in-place';
import { readUrlState, writeUrlState } from './ui/url-state';
import { loadSceneModule } from './core/scene-wasm';
import { embedSnippets } from './embed/snippets';
import { figureCaption } from './figures/figure-caption';

const status = document.getElementById('status')!;
const app = document.getElementById('app')!;

async function boot(): Promise<void> {
  const query = new URLSearchParams(location.search);
  const sceneId = query.get('scene') ?? DEFAULT_SCENE;
  const named = inPlaceScene(sceneId);
  const scene = named ?? inPlaceScene(DEFAULT_SCENE)!;
  // What to look at, above the scene (the core's caption of the cube scene), loaded beside the core.
  const caption = figureCaption(scene.id);
  await loadSceneModule();
  const { values, problems } = readUrlState(scene.params, location.search);
  const site = (file: string) => new URL(file, document.baseURI).href;
  const handle = scene.mount(
    app,
    values,
    problems,
    (next) => {
      const search = writeUrlState(scene.params, next, location.search);
      history.replaceState(null, '', `${location.pathname}${search}${location.hash}`);
    },
    {
      embedCode: (now, shown) => embedSnippets(scene.id, scene.params, now, shown, site('forcelab-scene.js'), site('embed.html')),
    },
  );
  const line = await caption;
  if (line) app.prepend(line);
  // Off screen (a scrolled-away tab section, a background iframe) the scene rests.
  new IntersectionObserver((entries) => handle.setVisible(entries.some((e) => e.isIntersecting))).observe(app);
  status.textContent = named ? '' : `There is no scene "${sceneId.slice(0, 40)}"; showing "${scene.title}".`;
  document.body.dataset.ready = 'true';
  // The scene drew synchronously while mounting; the next frame callback comes once
  // that drawing has reached the screen. `npm run bench` reads this mark.
  requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
}

boot().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  status.textContent = `The simulation could not start: ${reason}`;
  status.classList.add('error');
  document.body.dataset.ready = 'failed';
  console.error(error);
});
