/** Chapter 10, the gain translator and the engine twin: one intent written for every engine. */
import { mountChapter } from './chapter';
import { engines, loadEngines } from '../core/engines-wasm';
import { el } from '../ui/dom';

void mountChapter().then(async () => {
  if (document.body.dataset.ready !== 'true') return;
  // The versions each twin was checked against, from the core's catalogue. The engines'
  // part of the core loads with the first figure that shows it, which may not have
  // happened yet (a figure loads once it is on screen): wait for it here too.
  await loadEngines();
  const seen = new Map(engines().map((e) => [e.engineName, e.checkedAgainst]));
  document.querySelector('.checked-versions')?.replaceChildren(...[...seen].map(([name, what]) => el('li', {}, `${name}: ${what}`)));
});
