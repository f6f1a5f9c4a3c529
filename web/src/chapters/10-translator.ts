/** Chapter 10, the gain translator and the engine twin: one intent written for every engine. */
import { mountChapter } from './chapter';
import { engines } from '../core/engines-wasm';
import { el } from '../ui/dom';

void mountChapter().then(() => {
  if (document.body.dataset.ready !== 'true') return;
  // The versions each twin was checked against, from the core's catalogue.
  const seen = new Map(engines().map((e) => [e.engineName, e.checkedAgainst]));
  document.querySelector('.checked-versions')?.replaceChildren(...[...seen].map(([name, what]) => el('li', {}, `${name}: ${what}`)));
});
