/** Chapter 10, the gain translator and the engine twin: one intent written for every engine. */
import { mountChapter } from './chapter';
import { engineList } from '../figures/engine-answers';
import { el } from '../ui/dom';

void mountChapter().then(() => {
  if (document.body.dataset.ready !== 'true') return;
  // The versions each twin was checked against, from the core's catalogue (the build's
  // copy until the engines' part of the core is loaded: the same list).
  const seen = new Map(engineList().map((e) => [e.engineName, e.checkedAgainst]));
  document.querySelector('.checked-versions')?.replaceChildren(...[...seen].map(([name, what]) => el('li', {}, `${name}: ${what}`)));
});
